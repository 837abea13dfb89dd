"""Nim app: `from rules_explorer_nim.view import app; app()`.

The same files for the same roles as every game's view: board.py (the BoardView), draw.py (the
scene, pure), layout.py (where things go), pick.py (hints and what a click means), controls.py
(the line under the board), score_pad.py (the score pad's rows).
"""
from __future__ import annotations

from explorer.messages import T

from widgets.shared.app import game_app
from widgets.shared.score_sheet import register_pad

from .. import GAME, Take
from .board import NimBoard
from .draw import scene
from .layout import layout
from .pick import Hints, Pick, move_hints
from .score_pad import categorize

register_pad(GAME.name, categorize)

INTRO = T("Step through the set-up, then play by clicking a counter: you take it and every "
          "counter to its right in its heap. Every step cites its rule. Keys: ← → (or Page Up "
          "/ Page Down, Space) step, Home / End first / last, Esc closes a message.")

app = game_app(GAME, NimBoard, INTRO, players=2)


def gallery_picture(width: int = 420, words=str) -> str:
    """A position two turns into a game, drawn by the real renderer as SVG."""
    from widgets.shared.scene import View
    from widgets.shared.svg import played_picture
    state = GAME.setup(2, 1).apply(Take(0, 1, 2)).apply(Take(1, 0, 1))
    return played_picture(state, scene, lambda state: View(move_hints(state), words=words), width)


__all__ = ["GAME", "Hints", "NimBoard", "Pick", "app", "gallery_picture", "layout",
           "move_hints", "scene"]
