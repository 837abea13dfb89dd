"""Cacao app: `from widgets.cacao import app; app()`."""
from __future__ import annotations

import explorer
from explorer.messages import T

from ..shared.app import app_root
from ..shared.score_sheet import register_pad
from .board import CacaoBoard
from .draw import PLAYER_COLOURS, scene
from .layout import layout
from .pick import Hints, Pick, move_hints
from .score_pad import categorize

GAME = explorer.GAMES["cacao"]
register_pad(GAME.name, categorize, PLAYER_COLOURS)

INTRO = T("Play from the last set-up step: choose a hand tile, turn it, click a green cell; "
          "fill orange spaces with a display tile; use or decline the activated workers. Keys: "
          "← → (or Page Up / Page Down, Space) step, Home / End first / last, Q / E turn the "
          "tile, Esc closes a message.")


def app(players: int = 3, seed: int = 1, **options):
    """The root widget (class rx-app) of the explorer, starting at the first set-up step."""
    return app_root(GAME, CacaoBoard, players, seed, options, intro=INTRO)


def gallery_picture(width: int = 420, words=str) -> str:
    """A position a few turns into a 3-player game, drawn by the real renderer as SVG."""
    from explorer.bots import RandomBot
    from explorer.cacao import components as C

    from ..shared.scene import View
    from ..shared.svg import scene_to_svg
    state = GAME.setup(3, 1)
    bot = RandomBot(1)
    while state.turns < 6:
        state = state.apply(bot.choose(state))
    hand = sorted({C.pattern_of(t) for t in state.hands[state.current_player]})
    pick = Pick(pattern=hand[0] if hand else None, rotation=1)
    return scene_to_svg(scene(state, View(move_hints(state), pick, playable=True, words=words)), width=width)


__all__ = ["CacaoBoard", "GAME", "Hints", "Pick", "app", "gallery_picture", "layout",
           "move_hints", "scene"]
