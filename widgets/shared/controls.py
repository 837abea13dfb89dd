"""Small shared controls: the message area, the perspective switch and the frame counter."""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from .models import shared_layout
from .timeline import player_label


class MessageArea:
    """Where refusals and errors are told (class rx-message); never a traceback. It floats over
    the top of the board (style.py), so a message never pushes the board down."""

    def __init__(self):
        self.widget = w.HTML(value="")
        self.widget.add_class("rx-message")
        self.text = ""

    def refuse(self, reason: str, rule: str) -> None:
        self._set(f"Not allowed: {reason} — rule {rule}", "rx-refusal")

    def wrong(self, text: str, rule: str) -> None:
        """A lesson's answer to a legal move that is not the one asked for."""
        self._set(f"{text} — rule {rule}", "rx-refusal")

    def error(self, text: str) -> None:
        self._set(text, "rx-error")

    def info(self, text: str) -> None:
        self._set(text, "rx-info")

    def clear(self) -> None:
        self.text = ""
        self.widget.value = ""

    def _set(self, text: str, css: str) -> None:
        self.text = text
        self.widget.value = f'<div class="{css}">{escape(text)}</div>'


class PerspectiveSwitch:
    """"All open" or one player's view (class rx-perspective); `.player` is None or an index."""

    def __init__(self, players: int, on_change: Callable[[int | None], None]):
        self._on_change = on_change
        self.buttons = w.Dropdown(description="Show", tooltip="Everything open (for teaching) or "
                                  "what one player may see", layout=shared_layout(width="200px"),
                                  style={"description_width": "46px"})
        self.buttons.add_class("rx-perspective")
        self.set_players(players)
        self.buttons.observe(lambda _: self._on_change(self.player), names="value")
        self.widget = self.buttons

    def set_players(self, players: int) -> None:
        self.buttons.options = [("All open", -1)] + [(player_label(p), p) for p in range(players)]
        self.buttons.value = -1
        self.players = players

    @property
    def player(self) -> int | None:
        value = self.buttons.value
        if not isinstance(value, int) or not 0 <= value < self.players:
            return None
        return value


class FrameCounter:
    """A hidden number (class rx-frame-counter, attribute data-frame) that goes up after every
    panel of a step has been refreshed: the page's sign that a whole frame has arrived."""

    def __init__(self):
        self.count = 0
        self.widget = w.HTML('<span data-frame="0"></span>')
        self.widget.add_class("rx-frame-counter")

    def tick(self) -> None:
        self.count += 1
        self.widget.value = f'<span data-frame="{self.count}"></span>'
