"""Indian Summer app: `from widgets.indian_summer import app; app(players=3)` (players=1: solo)."""
from __future__ import annotations

import explorer
from explorer.messages import T

from ..shared.app import game_app
from ..shared.score_sheet import register_pad
from .board import IndianSummerBoard
from .draw import PLAYER_COLOURS, View, scene
from .layout import layout
from .pick import Hints, Pick, move_hints
from .score_pad import categorize

GAME = explorer.GAMES["indian_summer"]
register_pad(GAME.name, categorize, PLAYER_COLOURS)

INTRO = T("Play from the last set-up step: choose a path tile (buttons, or click it under the "
          "board), turn it (⟳, key R) or flip it (⇋, key F) and click a green cell: the hole "
          "goes there, and a ringed cell shows a treasure through it. The token buttons are on "
          "only when the rules allow them; a greyed one says why when you point at it. Click a "
          "small board to look at it. With 1 player it is the solo game (Game tab, or "
          "?players=1 in the address). The component set is illustrative: the real leaf shapes, "
          "holes and printed treasures are not in the rule text.")

app = game_app(GAME, IndianSummerBoard, INTRO)


def gallery_picture(width: int = 420, words=str) -> str:
    """A position a few turns into a 3-player game with a tile aimed at a treasure, drawn by the
    real renderer as SVG."""
    from explorer.bots import GreedyBot
    from explorer.indian_summer.board import printed_treasure

    from ..shared.svg import played_picture

    def view(state):   # the first leaf turned once, pointed at a cell with a treasure if any
        hints = move_hints(state)
        pick = Pick(tile=next(iter(sorted(hints.leaves))), rotation=1)
        layout_name = state.floors[state.current_player].layout
        targets = sorted(pick.targets(hints),
                         key=lambda c: printed_treasure(layout_name, c) is None)
        return View(hints, pick, playable=True, hover=targets[0] if targets else None,
                    words=words)
    return played_picture(GAME.setup(3, 1), scene, view, width, bot=GreedyBot(1),
                          until=lambda state: state.turns >= 9)


def solo_gallery_picture(width: int = 420, words=str) -> str:
    """The solo game two turns in (the solo lesson's position after its mushroom), with its
    upper and lower paths and turn track, drawn by the real renderer as SVG."""
    from ..shared.svg import scene_to_svg
    lesson = explorer.lessons.get(GAME.name, "solo_first_turns")
    return scene_to_svg(scene(lesson.states()[-1], View(words=words)), width=width)


__all__ = ["GAME", "Hints", "IndianSummerBoard", "Pick", "View", "app", "gallery_picture",
           "layout", "move_hints", "scene", "solo_gallery_picture"]
