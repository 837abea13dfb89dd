"""The Animals on Board widgets beside the canvas: Split / Take / Clear, the selection line and
the note under the board.

The buttons only say what the person wants; the board turns that into a move for the engine.
"""
from __future__ import annotations

from typing import Callable

import ipywidgets as w

from ..shared.models import shared_layout


class Controls:
    """Split / Take / Clear buttons (rx-split, rx-take, rx-clear), the selection line
    (rx-selection) in one row (rx-board-tools), and the note under the board (rx-board-note)."""

    def __init__(self, split: Callable[[], object], take: Callable[[], object],
                 clear: Callable[[], object]):
        self.split = w.Button(description="Split off selected", button_style="info",
                              tooltip="Action A: the selected tiles leave their group as a new group")
        self.split.add_class("rx-split")
        self.take = w.Button(description="Take group", button_style="success",
                             tooltip="Action B: take the whole group of the selected tile(s)")
        self.take.add_class("rx-take")
        self.clear = w.Button(description="Clear selection")
        self.clear.add_class("rx-clear")
        for b in (self.split, self.take, self.clear):
            b.layout = shared_layout(height="40px", width="auto")
        self.split.on_click(lambda _: split())
        self.take.on_click(lambda _: take())
        self.clear.on_click(lambda _: clear())
        self.status = w.HTML()
        self.status.add_class("rx-selection")
        self.note = w.HTML(
            "<small>Species names are illustrative: the rule text does not list the printed "
            "animals.</small>")
        self.note.add_class("rx-board-note")
        self.tools = w.HBox([self.split, self.take, self.clear, self.status])
        self.tools.add_class("rx-board-tools")   # one height whatever it says (style.py)
