"""The Nim widgets beside the canvas: one line that says what a click does.

A click on the board is the whole move, so there are no buttons; the line under the canvas
tells whose turn it is and what a click on a counter takes.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w

from explorer.messages import T

HOW = T("Click a counter: you take it and every counter to its right in that heap.")


class Controls:
    """The line under the board (class rx-board-note)."""

    def __init__(self):
        self.note = w.HTML()
        self.note.add_class("rx-board-note")
        self.say = str

    def use_words(self, words) -> None:
        """Say the line in the page's `words` (a `PageWords`), now and after every switch."""
        words.keep(self._said)

    def _said(self, say) -> None:
        self.say = say
        self.note.value = f"<small>{escape(say(HOW))}</small>"
