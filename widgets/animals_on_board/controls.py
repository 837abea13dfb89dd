"""The Animals on Board widgets beside the canvas: Split / Take / Clear, the selection line and
the note under the board.

The buttons only say what the person wants; the board turns that into a move for the engine.
"""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from explorer.messages import T

from ..shared.models import shared_layout

SPLIT = T("Split off selected")
SPLIT_TIP = T("Action A: the selected tiles leave their group as a new group")
TAKE = T("Take group")
TAKE_TIP = T("Action B: take the whole group of the selected tile(s)")
CLEAR = T("Clear selection")
NOTE = T("Species names are illustrative: the rule text does not list the printed animals.")


def note_html(say) -> str:
    """The note under the board, in `say`'s language."""
    return f"<small>{escape(say(NOTE))}</small>"


class Controls:
    """Split / Take / Clear buttons (rx-split, rx-take, rx-clear), the selection line
    (rx-selection) in one row (rx-board-tools), and the note under the board (rx-board-note)."""

    def __init__(self, split: Callable[[], object], take: Callable[[], object],
                 clear: Callable[[], object]):
        self.split = w.Button(description=str(SPLIT), button_style="info",
                              tooltip=str(SPLIT_TIP))
        self.split.add_class("rx-split")
        self.take = w.Button(description=str(TAKE), button_style="success",
                             tooltip=str(TAKE_TIP))
        self.take.add_class("rx-take")
        self.clear = w.Button(description=str(CLEAR))
        self.clear.add_class("rx-clear")
        for b in (self.split, self.take, self.clear):
            b.layout = shared_layout(height="40px", width="auto")
        self.split.on_click(lambda _: split())
        self.take.on_click(lambda _: take())
        self.clear.on_click(lambda _: clear())
        self.status = w.HTML()
        self.status.add_class("rx-selection")
        self.note = w.HTML(note_html(str))
        self.note.add_class("rx-board-note")
        self.tools = w.HBox([self.split, self.take, self.clear, self.status])
        self.tools.add_class("rx-board-tools")   # one height whatever it says (style.py)

    def use_words(self, words) -> None:
        """Say the fixed labels, tooltips and the note in the page's `words` (a `PageWords`),
        now and after every language switch."""
        words.set(self.split, description=SPLIT, tooltip=SPLIT_TIP)
        words.set(self.take, description=TAKE, tooltip=TAKE_TIP)
        words.set(self.clear, description=CLEAR)
        words.keep(lambda say: setattr(self.note, "value", note_html(say)))
