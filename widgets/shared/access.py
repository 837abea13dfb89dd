"""The board for the keyboard and the screen reader, built once for every game.

- `BoardFocus` makes the board's frame (`.rx-board-frame`) one stop in the Tab order, with a
  role, a name that says the step, and keys of its own: the arrow keys move a cursor through
  the step's complete legal moves, Enter or Space plays the one under it, Esc drops it, T opens
  the board as text and M the Moves list. It never takes Tab, and it keeps the canvas out of
  the Tab order (ipycanvas makes its canvas focusable, which trapped Tab).
  Its live regions speak: a polite one each step's narration, a cursor's move and a move's
  result; an assertive one refusals with their rule.
- `MovesPanel`: the Moves tab: every legal move of the step as a button, in groups opened on
  demand (a step may have thousands), and the board as text.
- `BoardAccess` ties them to the session and the board: the board draws the cursor
  (`board.preview`), names the groups (`board.move_group`) and tells its position
  (`board.board_text`); the engine decides every move (`session.play`).
"""
from __future__ import annotations

import anywidget
import traitlets

from explorer.messages import N, T

from .board_text import board_text_html
from .style import STATIC, static_text
from .refusal import REFUSAL
from .session import ERROR

# keys the focused board takes for itself; every other key goes on to the page's keys
BOARD_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Enter", " ",
              "Escape", "t", "T", "m", "M")
GROUP_PAGE = 100       # moves shown at once in an opened group of the Moves list
NBSP = "\u00a0"

HIDDEN_CSS = static_text("visually_hidden.css")


class BoardFocus(anywidget.AnyWidget):
    """Put inside the board's frame: makes the frame the board's focus stop (see module doc)
    and sends its keys ({"key"}) and whether it is focused by keyboard ({"focus"}).

    It also holds the page's two live regions, which a screen reader speaks without moving the
    focus: `polite` (role=status) and `assertive` (role=alert). They are put at the end of the
    app, outside the board (whose role hides what is inside from reading), empty from the start,
    and only their text changes, as screen readers need. (One model for both: every model is
    built by the page before the board shows.) And it reports whether the person asked for
    less motion (`reduced_motion`), which the bots' runs follow."""

    _esm = STATIC / "board_focus.js"
    _css = HIDDEN_CSS
    name = traitlets.Unicode("").tag(sync=True)     # the frame's accessible name: the step
    kind = traitlets.Unicode("board").tag(sync=True)   # its role described ("board")
    help = traitlets.Unicode("").tag(sync=True)     # the keys, read as its description
    own_keys = traitlets.List(traitlets.Unicode(), list(BOARD_KEYS)).tag(sync=True)
    polite = traitlets.Unicode("").tag(sync=True)      # spoken when it changes
    assertive = traitlets.Unicode("").tag(sync=True)   # spoken at once: refusals, errors
    reduced_motion = traitlets.Bool(False).tag(sync=True)   # prefers-reduced-motion: reduce


    def say(self, text: str, assertive: bool = False) -> None:
        """Speak `text`; the same text again is changed by a trailing no-break space, so that it
        is spoken again."""
        name = "assertive" if assertive else "polite"
        if getattr(self, name).rstrip(NBSP) == text:
            text = text + NBSP if not getattr(self, name).endswith(NBSP) else text
        setattr(self, name, text)


class MovesPanel(anywidget.AnyWidget):
    """The Moves tab: the step's legal moves as buttons in groups (`groups`: [title, count]),
    a group's moves sent when it is opened (`moves` of group `opened`), and the board as text
    (`board`, HTML made by board_text.py, every text escaped). Sends {"open": group},
    {"play": [group, index]} and {"more": group}."""

    _esm = STATIC / "moves_panel.js"
    _css = STATIC / "moves_panel.css"
    groups = traitlets.List().tag(sync=True)
    opened = traitlets.Int(-1).tag(sync=True)
    moves = traitlets.List(traitlets.Unicode()).tag(sync=True)
    more = traitlets.Int(0).tag(sync=True)
    more_text = traitlets.Unicode("").tag(sync=True)
    moves_title = traitlets.Unicode("").tag(sync=True)
    text_title = traitlets.Unicode("").tag(sync=True)
    note = traitlets.Unicode("").tag(sync=True)
    board = traitlets.Unicode("").tag(sync=True)


class BoardAccess:
    """The keyboard cursor, the live regions and the Moves tab of one app (see module doc).

    The step's moves are listed only when someone uses them (the board focused by keyboard, a
    key pressed on it, or the Moves tab open): a step may have thousands, and a click must not
    pay for a list nobody reads."""

    def __init__(self, session, board, words, show_moves_tab=lambda: None,
                 running=lambda: False):
        """`show_moves_tab()` opens the Moves tab; `running()`: the timeline or the bots are
        playing by themselves (a step then says its label alone)."""
        self.session, self.board, self.words = session, board, words
        self.show_moves_tab, self.running = show_moves_tab, running
        session.on("stepped", self.sync)
        self.focus = BoardFocus()
        self.live = self.focus             # the live regions are the focus model's
        self.panel = MovesPanel()
        frame = self.board.canvas.view
        frame.children = (*frame.children, self.focus)
        self.focus.on_msg(lambda _, content, buffers: self._heard(content))
        self.panel.on_msg(lambda _, content, buffers: self._panel_asked(content))
        self.words.keep(self._say_fixed)
        self.active = False            # the board has the keyboard's focus
        self.cursor: int | None = None  # index into `moves()`
        self.panel_shown = False       # the Moves tab is open
        self._frame = None             # the frame `_moves` is of
        self._moves: list | None = None     # [(group title, action)], grouped
        self._groups: list | None = None    # [(title, [actions])]
        self._page = GROUP_PAGE
        self._spoken_frame = None

    def _say_fixed(self, say) -> None:
        self.focus.kind = say(T("board"))
        self.focus.help = say(T(
            "Arrow keys: choose one of the legal moves (up and down: the next kind of move); "
            "Enter or Space: play it; Esc: no move; T: the board as text; M: the list of moves. "
            "Tab leaves the board."))
        self.panel.moves_title = say(T("Moves"))
        self.panel.text_title = say(T("Board as text"))
        self._frame = None

    # -- what the step offers ---------------------------------------------------------------
    def moves(self) -> list:
        """[(group, action)] of the frame shown, grouped as the board groups them, in the
        engine's order within a group; empty when no move can be made from it."""
        t = self.session.timeline
        frame = t.frame
        if frame is not self._frame:
            self._frame, self._moves, self._groups = frame, None, None
        if self._moves is None:
            actions = frame.state.legal_actions() if t.playable() else []
            groups: dict = {}
            for action in actions:
                groups.setdefault(self.board.move_group(action), []).append(action)
            self._groups = list(groups.items())
            self._moves = [(title, a) for title, acts in self._groups for a in acts]
        return self._moves

    def describe(self, action) -> str:
        """A move in words, as the player shown may read it, in the page's language."""
        session = self.session
        return self.words(session.timeline.frame.state.describe_action(action, session.viewer))

    # -- the app calls these ------------------------------------------------------------------
    def sync(self) -> None:
        """After every refresh: the board's name, the step spoken, the cursor and the Moves tab
        of the new frame."""
        t, say = self.session.timeline, self.words
        frame = t.frame
        viewer = self.session.viewer
        step = T("Step {step} of {count}", step=t.index + 1, count=len(t))
        title = frame.title(viewer)
        self.focus.name = say(T("{game} board, {step}: {title}", game=self.session.game.title,
                                step=step, title=title))
        if frame is not self._spoken_frame:
            self._spoken_frame = frame
            self.cursor = None
            self._page = GROUP_PAGE
            self.live.say(self._step_words(step, title))
            if self.active:
                self.board.preview(None)
        if self.panel_shown:
            self.show_panel()

    def _step_words(self, step, title) -> str:
        """What a step says: where it is and what it is; its narration and a lesson's caption
        too, unless the timeline is playing by itself (then the label alone)."""
        say = self.words
        parts = [say(T("{step}: {title}", step=step, title=title))]
        if not self.running():
            parts += [say(text) for text, _ in self.session.timeline.frame.narration]
            parts += [say(text) for text in self._lesson_words()]
        return " ".join(parts)

    def _lesson_words(self) -> list:
        """A lesson's caption of the step shown, and its question when one waits."""
        session = self.session
        lesson, i = session.lesson, session.timeline.index
        if lesson is None:
            return []
        captions = lesson.captions()
        said = [captions[i]] if i < len(captions) else []
        if session.waiting():
            said.append(T("Your turn: {prompt}", prompt=lesson.steps[i].checkpoint.prompt))
        return said

    def told(self, text: str, kind: str) -> None:
        """A message the page shows, spoken too: refusals and errors assertively."""
        self.live.say(text, assertive=kind in (REFUSAL, ERROR))

    # -- keys on the board ----------------------------------------------------------------------
    def _heard(self, content) -> None:
        if not isinstance(content, dict):
            return
        if "focus" in content:
            self.active = content["focus"] is True
            if not self.active and self.cursor is not None:
                self.board.preview(None)
            elif self.active:    # said too: Orca says nothing of an application it enters
                self.live.say(self.words(T("{name}. {keys}", name=self.focus.name,
                                           keys=self.focus.help)))
                self._show_cursor()
            return
        key = content.get("key")
        if isinstance(key, str) and key in BOARD_KEYS:
            self.active = True
            self.key(key)

    def key(self, key: str) -> None:
        """One key pressed on the focused board."""
        if key in ("t", "T", "m", "M"):
            self.open_panel("text" if key in "tT" else "moves")
            return
        if key == "Escape":
            self.drop()
            return
        moves = self.moves()
        if not moves:
            if not self.session.refuse_unplayable():
                self.live.say(self.words(T("No move can be made at this step.")))
            return
        if key in ("Enter", " "):
            self.play_cursor()
            return
        last = len(moves) - 1
        at = self.cursor
        if key == "Home":
            at = 0
        elif key == "End":
            at = last
        elif key in ("ArrowRight", "ArrowLeft"):
            step = 1 if key == "ArrowRight" else -1
            at = (0 if step > 0 else last) if at is None else (at + step) % len(moves)
        else:
            at = self._next_group(at, 1 if key == "ArrowDown" else -1)
        self.cursor = at
        self._show_cursor(speak=True)

    def _next_group(self, at: int | None, step: int) -> int:
        """The first move of the next (or previous) group from `at`."""
        moves = self.moves()
        starts = [i for i, (g, _) in enumerate(moves) if i == 0 or moves[i - 1][0] != g]
        if at is None:
            return starts[0] if step > 0 else starts[-1]
        now = max(i for i in starts if i <= at)
        k = starts.index(now) + step
        return starts[k % len(starts)]

    def _show_cursor(self, speak: bool = False) -> None:
        moves = self.moves() if self.cursor is not None else []
        if self.cursor is None or not moves:
            return
        self.cursor = min(self.cursor, len(moves) - 1)
        group, action = moves[self.cursor]
        self.board.preview(action)
        if speak:
            self.live.say(self.words(T("{move} ({n} of {count}, {group})",
                                       move=self.describe(action), n=self.cursor + 1,
                                       count=len(moves), group=group)))

    def play_cursor(self) -> bool:
        """Play the move under the cursor (Enter or Space)."""
        moves = self.moves()
        if self.cursor is None or not moves:
            self.live.say(self.words(T("No move chosen: choose one with the arrow keys "
                                       "first.")))
            return False
        action = moves[min(self.cursor, len(moves) - 1)][1]
        self.board.preview(None)
        return self.session.play(action)

    def drop(self) -> None:
        """Esc: no cursor any more, and the page's own Esc (a message closed, a half-made
        choice dropped)."""
        if self.cursor is not None:
            self.cursor = None
            self.board.preview(None)
            self.live.say(self.words(T("No move chosen.")))
        self.session.clear_message()
        cancel = getattr(self.board, "keys", {}).get("Escape")
        if cancel is not None:
            cancel()

    # -- the Moves tab ----------------------------------------------------------------------
    def open_panel(self, part: str) -> None:
        """Open the Moves tab and move the focus to its `part` ("moves" or "text")."""
        self.show_moves_tab()
        self.panel.send({"focus": part})

    def show_panel(self) -> None:
        """Fill the Moves tab for the frame shown."""
        say = self.words
        moves = self.moves()
        groups = [[say(title), len(actions)] for title, actions in self._groups]
        t = self.session.timeline
        if moves:
            note = N("{n} legal move. Open its group, then choose it to play it.",
                     "{n} legal moves. Open a group, then choose a move to play it.", len(moves))
        elif not t.playable():
            note = T("Set-up is still being narrated here: go to the last set-up step to make "
                     "moves.")
        elif t.frame.state.is_over:
            note = T("The game is over: no more moves.")
        else:
            note = T("No move can be made at this step.")
        self.panel.note = say(note)
        if groups != self.panel.groups:
            self.panel.opened = -1
            self.panel.moves = []
            self.panel.groups = groups
        elif self.panel.opened >= 0:
            self._fill_group(self.panel.opened)
        self.panel.board = board_text_html(
            self.board.board_text(t.frame.state, self.session.viewer), say)

    def _fill_group(self, group: int) -> None:
        actions = self._groups[group][1]
        shown = actions[:self._page]
        self.panel.moves = [self.describe(a) for a in shown]
        self.panel.more = len(actions) - len(shown)
        self.panel.more_text = self.words(T("Show {n} more", n=min(GROUP_PAGE, self.panel.more)))
        self.panel.opened = group

    def _panel_asked(self, content) -> None:
        if not isinstance(content, dict):
            return
        self.moves()
        groups = self._groups or []
        if "open" in content:
            group = content["open"]
            if isinstance(group, int) and 0 <= group < len(groups):
                self._page = GROUP_PAGE
                self._fill_group(group)
        elif "more" in content:
            group = content["more"]
            if isinstance(group, int) and group == self.panel.opened:
                self._page += GROUP_PAGE
                self._fill_group(group)
        elif "play" in content:
            where = content["play"]
            if (isinstance(where, list) and len(where) == 2
                    and all(isinstance(i, int) and not isinstance(i, bool) for i in where)):
                group, index = where
                if 0 <= group < len(groups) and 0 <= index < len(groups[group][1]):
                    self.session.play(groups[group][1][index])
