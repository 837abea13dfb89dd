"""The narrated history: one entry per frame up to the last; clicking an entry jumps there. Below
it, the branches: lines of play left by a move made at an earlier step; clicking one takes it up
again."""
from __future__ import annotations

from html import escape
from typing import Callable

import anywidget
import ipywidgets as w

from explorer.messages import Message, T

from .models import shared_layout
from .models import set_visible
from .style import STATIC
from .timeline import Branch, Timeline
from .page_words import PageWords


def entry_text(index: int, frame, viewer: int | None = None) -> Message:
    """What an entry says: step number, label (as `viewer` may read it) and the rule ids cited."""
    ids = tuple(frame.rule_ids)
    if ids:
        return T("{number}. {title}  [{rules}]", number=index + 1, title=frame.title(viewer),
                 rules=ids)
    return T("{number}. {title}", number=index + 1, title=frame.title(viewer))


def entry_tip(frame, words: Callable[[object], str] = str) -> str:
    """An entry's tooltip in the page's words: what the frame did, a line per event with its
    rule id."""
    return "\n".join(words(T("{text} [{rule}]", text=text, rule=rule))
                     for text, rule in frame.narration)


class CurrentInView(anywidget.AnyWidget):
    """Keeps the current entry (rx-current) wholly inside the History's scrolling box: scrolls
    the box alone (not the page) when the entry moves out of it, or when the box is shown."""

    _esm = STATIC / "current_in_view.js"


class EventLog:
    """Buttons (class rx-log-entry) inside a scrolling box (class rx-log), in `widget` (a
    VBox of class rx-history: the one given, else a new one)."""

    def __init__(self, on_go: Callable[[int], None],
                 on_branch: Callable[[Branch], None] = lambda branch: None,
                 words: PageWords | None = None, widget: w.VBox | None = None):
        self.words = words = words or PageWords()
        self._on_go = on_go
        self._on_branch = on_branch
        self.entries: list[w.Button] = []
        self.box = w.VBox(layout=shared_layout(max_height="360px", overflow="auto", width="100%"))
        self.box.add_class("rx-log")
        self.branch_buttons: list[w.Button] = []
        self.branch_box = w.VBox(layout=shared_layout(max_height="200px", overflow="auto",
                                                      width="100%"))
        self.branch_box.add_class("rx-branches")
        self.branch_title = w.HTML()
        about = T("Lines of play left by a move made at an earlier step. Click one to take it "
                  "up again; the line shown is kept in its place.")
        words.keep(lambda say: setattr(self.branch_title, "value", (
            f'<h3>{escape(say(T("Branches")))}</h3><p>{escape(say(about))}</p>')))
        self._shown_branches: list[Branch] = []
        self._entries_of: list = []      # the frame each entry shows, and for which viewer
        self._current: int | None = None
        set_visible(self.branch_title, False)
        heading = w.HTML()
        words.keep(lambda say: setattr(heading, "value", f"<h3>{escape(say(T('History')))}</h3>"))
        self.widget = widget if widget is not None else w.VBox()
        self.widget.children = [heading, self.box, self.branch_title, self.branch_box,
                                CurrentInView()]
        self.widget.add_class("rx-history")

    def watch(self, session) -> None:
        """Follow `session` (session.py): its step shown and the branches it takes back."""
        def sync():
            self.sync(session.timeline, session.viewer)
        session.on("step", sync)
        session.on("branches", sync)

    def sync(self, timeline: Timeline, viewer: int | None = None) -> None:
        """Match the entries to the timeline's frames (reusing buttons) and mark the current one."""
        frames = timeline.frames
        say, lang = self.words, self.words.lang
        while len(self.entries) > len(frames):
            self.entries.pop().close()
            self._current = None
        del self._entries_of[len(self.entries):]
        for i, frame in enumerate(frames):
            if i < len(self._entries_of) and self._entries_of[i][0] is frame \
                    and self._entries_of[i][1] == (viewer, lang):
                continue                 # frames do not change: nor does their entry
            text = say(entry_text(i, frame, viewer))
            tip = entry_tip(frame, say)
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
                self._current = None
            if i < len(self._entries_of):
                self._entries_of[i] = (frame, (viewer, lang))
            else:
                self._entries_of.append((frame, (viewer, lang)))
        self.box.children = tuple(self.entries)
        if self._current != timeline.index:
            for button in self.entries:
                button.remove_class("rx-current")
            if 0 <= timeline.index < len(self.entries):
                self.entries[timeline.index].add_class("rx-current")
            self._current = timeline.index
        self._sync_branches(timeline, viewer)

    def _sync_branches(self, timeline: Timeline, viewer: int | None) -> None:
        branches = list(timeline.branches)
        seen = (viewer, self.words.lang)
        if branches == self._shown_branches and seen == getattr(self, "_branch_viewer", None):
            return                      # nothing new: send the page nothing
        self._shown_branches, self._branch_viewer = branches, seen
        while len(self.branch_buttons) > len(branches):
            self.branch_buttons.pop().close()
        for i, branch in enumerate(branches):
            if i == len(self.branch_buttons):
                button = w.Button(layout=shared_layout(width="100%", height="auto"))
                button.add_class("rx-branch")
                button.on_click(self._branch_clicked)
                self.branch_buttons.append(button)
            button = self.branch_buttons[i]
            button.description = self.words(branch.title(viewer))
            button.tooltip = self.words(T("Take up this line again at step {step}",
                                          step=branch.fork + 1))
            button._rx_branch = branch
        self.branch_box.children = tuple(self.branch_buttons)
        set_visible(self.branch_title, bool(branches))

    def _branch_clicked(self, button) -> None:
        self._on_branch(button._rx_branch)

    def _clicked(self, button) -> None:
        self._on_go(button._rx_index)
