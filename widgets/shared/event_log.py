"""The narrated history: one entry per frame up to the last; clicking an entry jumps there."""
from __future__ import annotations

from typing import Callable

import ipywidgets as w

from .models import shared_layout
from .timeline import Timeline


def entry_text(index: int, frame, viewer: int | None = None) -> str:
    """What an entry says: step number, label (as `viewer` may read it) and the rule ids cited."""
    ids = frame.rule_ids
    rules = f"  [{', '.join(ids)}]" if ids else ""
    return f"{index + 1}. {frame.title(viewer)}{rules}"


class EventLog:
    """Buttons (class rx-log-entry) inside a scrolling box (class rx-log)."""

    def __init__(self, on_go: Callable[[int], None]):
        self._on_go = on_go
        self.entries: list[w.Button] = []
        self.box = w.VBox(layout=shared_layout(max_height="360px", overflow="auto", width="100%"))
        self.box.add_class("rx-log")
        self.widget = w.VBox([w.HTML("<h3>History</h3>"), self.box])

    def sync(self, timeline: Timeline, viewer: int | None = None) -> None:
        """Match the entries to the timeline's frames (reusing buttons) and mark the current one."""
        frames = timeline.frames
        while len(self.entries) > len(frames):
            self.entries.pop().close()
        for i, frame in enumerate(frames):
            text = entry_text(i, frame, viewer)
            tip = "\n".join(f"{t} [{r}]" for t, r in frame.narration)
            if i < len(self.entries):
                button = self.entries[i]
                if button.description != text:
                    button.description, button.tooltip = text, tip
            else:
                button = w.Button(description=text, tooltip=tip,
                                  layout=shared_layout(width="100%", height="auto"))
                button.add_class("rx-log-entry")
                button.on_click(self._clicked)
                button._rx_index = i
                self.entries.append(button)
        self.box.children = tuple(self.entries)
        for i, button in enumerate(self.entries):
            (button.add_class if i == timeline.index else button.remove_class)("rx-current")

    def _clicked(self, button) -> None:
        self._on_go(button._rx_index)
