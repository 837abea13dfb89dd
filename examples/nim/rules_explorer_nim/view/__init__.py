"""Nim app: `from rules_explorer_nim.view import app; app()`.

The same files for the same roles as every game's view: board.py (the BoardView), draw.py (the
scene, pure), layout.py (where things go), pick.py (hints and what a click means), controls.py
(the line under the board), score_pad.py (the score pad's rows).
"""
from __future__ import annotations

from explorer.messages import T

from widgets.shared.app import app_root
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


def app(players: int = 2, seed: int = 1, **options):
    """The root widget (class rx-app) of the explorer, starting at the first set-up step."""
    return app_root(GAME, NimBoard, players, seed, options, intro=INTRO)


def gallery_picture(width: int = 420, words=str) -> str:
    """A position two turns into a game, drawn by the real renderer as SVG."""
    from widgets.shared.scene import View
    from widgets.shared.svg import scene_to_svg
    state = GAME.setup(2, 1)
    state = state.apply(Take(0, 1, 2)).apply(Take(1, 0, 1))
    return scene_to_svg(scene(state, View(move_hints(state), words=words)), width=width)


__all__ = ["GAME", "Hints", "NimBoard", "Pick", "app", "gallery_picture", "layout",
           "move_hints", "scene"]
