"""Animals on Board app: `from widgets.animals_on_board import app; app()`."""
from __future__ import annotations

import explorer
from explorer.messages import T

from ..shared.app import game_app
from ..shared.score_sheet import register_pad
from .board import AnimalsBoard
from .draw import scene
from .layout import layout
from .options import option_factories
from .pick import Hints, Pick, move_hints
from .score_pad import categorize

GAME = explorer.GAMES["animals_on_board"]
register_pad(GAME.name, categorize)

INTRO = T("Step through the set-up, then play by clicking the board. Every step cites its "
          "rulebook passage. Keys: ← → (or Page Up / Page Down, Space) step, Home / End first "
          "/ last, Esc closes a message.")

app = game_app(GAME, AnimalsBoard, INTRO, option_factories=option_factories)


def gallery_picture(width: int = 420, words=str) -> str:
    """A position a few moves into a 3-player game, drawn by the real renderer as SVG."""
    from ..shared.scene import View
    from ..shared.svg import played_picture
    state = GAME.setup(3, 1)
    while state.phase == "keep":
        state = state.apply(state.legal_actions()[0])
    group = state.groups[0]
    state = state.apply(explorer.animals_on_board.Split(group[: len(group) // 2]))
    return played_picture(state, scene, lambda state: View(move_hints(state), words=words), width)


__all__ = ["AnimalsBoard", "GAME", "Hints", "Pick", "app", "gallery_picture", "layout",
           "move_hints", "scene"]
