"""Cacao app: `from widgets.cacao import app; app()`."""
from __future__ import annotations

import explorer
from explorer.messages import T

from ..shared.app import game_app
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

app = game_app(GAME, CacaoBoard, INTRO)


def gallery_picture(width: int = 420, words=str) -> str:
    """A position a few turns into a 3-player game, drawn by the real renderer as SVG."""
    from explorer.bots import RandomBot
    from explorer.cacao import components as C

    from ..shared.scene import View
    from ..shared.svg import played_picture

    def view(state):   # the first pattern in hand, turned once
        hand = sorted({C.pattern_of(t) for t in state.hands[state.current_player]})
        pick = Pick(pattern=hand[0] if hand else None, rotation=1)
        return View(move_hints(state), pick, playable=True, words=words)
    return played_picture(GAME.setup(3, 1), scene, view, width, bot=RandomBot(1),
                          until=lambda state: state.turns >= 6)


__all__ = ["CacaoBoard", "GAME", "Hints", "Pick", "app", "gallery_picture", "layout",
           "move_hints", "scene"]
