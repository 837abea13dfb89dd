"""The timeline: set-up steps, one frame per action, then "Scoring" once the game is over.

`Timeline` is pure (a list of frames and a position); `TimelineBar` is the stepper widget. Making
a move while looking at an earlier frame starts a new line of play; the later steps it leaves
are kept as a `Branch`, and any branch can be taken up again (`switch`), so no step is lost.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from html import escape
from typing import Callable

import anywidget
import ipywidgets as w
import traitlets

from explorer.messages import Message, N, T, player_name

from .models import shared_layout
from .style import STATIC
from .page_words import PageWords

SETUP, MOVE, SCORING = "setup", "move", "scoring"


def player_label(player: int | None) -> Message:
    """ "Player 2", or "Everyone" for no player (a message: shown through the page's words)."""
    return T("Everyone") if player is None else player_name(player)


def move_label(turn, player: int, move) -> Message:
    """A move's label: "Turn 7.2: Player 1 place a tile on ..." (`move` the engine's words)."""
    return T("{turn}: {player} {move}", turn=turn, player=player_label(player), move=move)


@dataclass(frozen=True)
class Frame:
    """One step a viewer can stop at: what to call it, the position, and the action that led here."""

    label: Message
    state: object
    action: object = None
    kind: str = MOVE
    before: object = None   # the position the action was made from
    turn: str = ""          # "Turn 7" or, for a decision inside a turn, "Turn 7.2"

    def title(self, viewer: int | None = None) -> Message:
        """The label as `viewer` may read it (a hidden tile is never named)."""
        if self.kind != MOVE or viewer is None or self.before is None:
            return self.label
        return move_label(self.turn, self.before.current_player,
                          self.before.describe_action(self.action, viewer))

    @property
    def rule_ids(self) -> list[str]:
        """Rules cited by this frame, in order, without repeats."""
        ids = [e.rule for e in self.state.events] if self.kind != SCORING else []
        if self.kind == SCORING:
            sheet = self.state.score()
            ids = [line.rule for line in sheet.lines]
            ids += [sheet.tiebreak_rule] if sheet.tiebreak_rule else []
        return list(dict.fromkeys(r for r in ids if r))

    @property
    def narration(self) -> list[tuple[str, str]]:
        """(text, rule id) pairs telling what this frame did."""
        if self.kind == SCORING:
            sheet = self.state.score()
            text = T("Final scoring: {scores}. Winner: {winners}.",
                     scores=tuple(T("{player} {points}", player=player_label(p), points=pts)
                                  for p, pts in sheet.totals.items()),
                     winners=tuple(player_label(p) for p in sheet.winners))
            return [(text, sheet.tiebreak_rule or (sheet.lines[0].rule if sheet.lines else ""))]
        return [(e.text, e.rule) for e in self.state.events]


@dataclass(frozen=True, eq=False)
class Branch:
    """A line of play that was left: all its frames, and the last one it shares with the line
    that left it (`fork`). Frames are shared, not copied, so a branch costs a list."""

    frames: tuple
    fork: int

    @property
    def steps(self) -> int:
        """How many steps the branch has after the fork."""
        return len(self.frames) - 1 - self.fork

    @property
    def moves(self) -> tuple:
        return _moves_of(self.frames)

    def title(self, viewer: int | None = None) -> Message:
        """Where it leaves and what it does first: "From step 15: 31 steps · Turn 8: …"."""
        return T("From step {step}: {steps} · {first}", step=self.fork + 1,
                 steps=steps_text(self.steps), first=self.frames[self.fork + 1].title(viewer))


def steps_text(count: int, later: bool = False) -> Message:
    """ "1 step", "31 later steps" (with `later`)."""
    if later:
        return N("{n} later step", "{n} later steps", count)
    return N("{n} step", "{n} steps", count)


def _moves_of(frames) -> tuple:
    return tuple(f.action for f in frames if f.kind == MOVE)


def _shared_prefix(a, b) -> int:
    """The index of the last frame two lines share (frames are shared objects)."""
    i = 0
    while i < min(len(a), len(b)) and a[i] is b[i]:
        i += 1
    return i - 1


class Timeline:
    """Frames plus the index being looked at, and the branches left behind."""

    def __init__(self, setup_states: list):
        if not setup_states:
            raise ValueError("a timeline needs at least one set-up state")
        n = len(setup_states)
        self.frames: list[Frame] = [Frame(T("Set-up {step}/{count}", step=i + 1, count=n), s,
                                          None, SETUP)
                                    for i, s in enumerate(setup_states)]
        self.setup_count = n
        self.index = 0
        self.branches: list[Branch] = []
        self.kept: Branch | None = None   # the branch the last move left, until told (`take_kept`)
        self._add_scoring_if_over()

    def __len__(self) -> int:
        return len(self.frames)

    @property
    def frame(self) -> Frame:
        return self.frames[self.index]

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    def go(self, index: int) -> Frame:
        """Move to `index`, clamped to the existing frames."""
        self.index = max(0, min(int(index), self.last))
        return self.frame

    def playable(self, index: int | None = None) -> bool:
        """Moves are made from the last set-up step on (earlier set-up steps only narrate)."""
        i = self.index if index is None else index
        return self.frames[i].kind != SETUP or i == self.setup_count - 1

    def push(self, action, state) -> Frame:
        """Record `action` -> `state` after the current frame. Later frames are kept as a
        branch (`kept` says which), unless `action` is the move the line made next, which is
        followed. A move that ends the game lands on the scoring step."""
        if self.index < self.last and self.frames[self.index + 1].action == action:
            self.index += 1               # the line's own next move: follow it, lose nothing
            if self.frames[-1].kind == SCORING and self.index == self.last - 1:
                self.index = self.last
            return self.frame
        if self.index < self.last:
            branch = Branch(tuple(self.frames), self.index)
            del self.frames[self.index + 1:]
            if self._keep(branch):
                self.kept = branch
        before = self.frame.state
        turn = self._turn_of(before)
        self.frames.append(Frame(move_label(turn, before.current_player, action.describe()),
                                 state, action, MOVE, before, turn))
        self._add_scoring_if_over()
        self.index = len(self.frames) - 1
        return self.frame

    def take_kept(self) -> Branch | None:
        """The branch the last move left, once (for the note that tells it)."""
        kept, self.kept = self.kept, None
        return kept

    def switch(self, branch: Branch) -> Branch | None:
        """Take up `branch` again, at its fork; the line left is kept as a branch in turn
        (returned, unless the lines it has kept hold all its moves already)."""
        if branch not in self.branches:
            raise ValueError("no such branch")
        self.branches.remove(branch)
        here = Branch(tuple(self.frames), _shared_prefix(self.frames, branch.frames))
        self.frames = list(branch.frames)
        self.index = branch.fork
        self.kept = None
        return here if self._keep(here) else None

    def adopt(self, actions) -> bool:
        """Keep a line given as its moves (one kept before a reload) as a branch, sharing the
        frames it has in common with the line shown; whether it was kept (a line the timeline
        already has is not). Raises IllegalAction for a move the rules refuse."""
        line = copy.copy(self)
        line.frames, line.branches, line.kept = list(self.frames), [], None
        line.index = self.setup_count - 1
        for action in actions:
            line.push(action, line.frame.state.apply(action))
        return self._keep(Branch(tuple(line.frames), _shared_prefix(self.frames, line.frames)))

    def _keep(self, branch: Branch) -> bool:
        """Add `branch` unless its moves are all in the line or in another branch already (a
        branch that is a part of it goes); whether it was added."""
        moves = branch.moves
        if branch.steps <= 0 or _starts(_moves_of(self.frames), moves):
            return False
        if any(_starts(b.moves, moves) for b in self.branches):
            return False
        self.branches = [b for b in self.branches if not _starts(moves, b.moves)]
        self.branches.append(branch)
        return True

    def _turn_of(self, before) -> Message:
        """How the board counts the move made from `before`: its turn, and the decision inside
        the turn where a turn has several ("Turn 7.2")."""
        number = before.turn_number
        if number is None:   # every action is a turn of its own
            count = sum(1 for f in self.frames if f.kind == MOVE)
            return T("Turn {number}", number=count + 1)
        same = [f for f in self.frames if f.kind == MOVE and f.before.turn_number == number]
        return T("Turn {number}.{part}", number=number, part=len(same) + 1)

    def _add_scoring_if_over(self) -> None:
        final = self.frames[-1]
        if final.state.is_over and final.kind != SCORING:
            self.frames.append(Frame(T("Scoring"), final.state, None, SCORING))

    def actions(self) -> list:
        """The moves up to the frame being looked at."""
        return [f.action for f in self.frames[:self.index + 1] if f.kind == MOVE]

    def actions_all(self) -> list:
        """Every move of the timeline, also those after the frame being looked at."""
        return [f.action for f in self.frames if f.kind == MOVE]


PLAY_MS = 1000   # one step a second while playing


def _starts(line: tuple, part: tuple) -> bool:
    """Whether the moves `part` are the first moves of `line`."""
    return len(part) <= len(line) and line[:len(part)] == part


class TimelineTicker(anywidget.AnyWidget):
    """The bar's hidden part in the page (class rx-step-ticker). It ticks: while `playing`,
    `value` goes up by one every `interval` ms (as ipywidgets' Play did, one tick per model
    however many views). And it names the bar's controls that have no words of their own: the
    step buttons show a glyph (⏮ ◀ ▶ ⏭), and the slider's handle (a noUiSlider `role=slider`)
    has no name at all and counts from 0. `names` maps a selector inside the bar
    (`.rx-timeline`) to the `aria-label` of what it matches, in the page's language;
    `step_text` ("Step {step} of {count}", the placeholders left in) becomes the handle's
    `aria-valuetext`, so a step is read as the bar shows it. One model does both: an app's
    every model is sent before its board shows."""

    _esm = STATIC / "timeline_ticker.js"
    value = traitlets.Int(0).tag(sync=True)
    playing = traitlets.Bool(False).tag(sync=True)
    interval = traitlets.Int(PLAY_MS).tag(sync=True)
    names = traitlets.Dict().tag(sync=True)
    step_text = traitlets.Unicode("{step}").tag(sync=True)


class TimelineBar:
    """First / back / forward / last, Play / Pause and a slider, as one compact group
    (`widget`); the step label (`label`) is placed by the app, on a line of its own.

    Playing is driven by a hidden ticker in the page (`TimelineTicker`), one step per tick;
    Pause stops it on the step shown (ipywidgets' `Play` widget, used before, had a stop button
    that went back to the first step, and a play button that looked like the step button
    beside it). The same ticker names the glyph buttons and the slider for screen readers."""

    def __init__(self, on_go: Callable[[int], None], words: PageWords | None = None):
        self._on_go = on_go
        self._busy = False
        self.words = words = words or PageWords()

        def button(text: str, tip, css: str) -> w.Button:
            b = words.set(w.Button(description=text, layout=shared_layout(width="44px")),
                          tooltip=tip)
            b.add_class(css)
            b.add_class("rx-icon")
            return b

        self.first = button("⏮", T("First step (Home)"), "rx-first")
        self.back = button("◀", T("Back one step (← or Page Up)"), "rx-back")
        self.forward = button("▶", T("Forward one step (→, Page Down or Space)"), "rx-forward")
        self.last = button("⏭", T("Last step: the current position (End)"), "rx-last")
        self.play = words.set(
            w.Button(description=words(T("Play")), icon="play",
                     layout=shared_layout(width="auto")),
            tooltip=T("Play the steps from the one shown, one a second; Pause stops on the "
                      "step shown"))
        self.play.add_class("rx-play")
        self.ticker = TimelineTicker()   # the Play button starts and stops it
        self.ticker.add_class("rx-step-ticker")
        named = {".rx-first": T("First step"), ".rx-back": T("Back one step"),
                 ".rx-forward": T("Forward one step"), ".rx-last": T("Last step"),
                 ".rx-slider [role=slider]": T("Step")}
        words.keep(lambda say: setattr(self.ticker, "names", {
            selector: say(text) for selector, text in named.items()}))
        words.keep(lambda say: setattr(self.ticker, "step_text", say(
            T("Step {step} of {count}", step="{step}", count="{count}"))))
        self.slider = w.IntSlider(value=0, min=0, max=0, readout=False, continuous_update=True,
                                  layout=shared_layout(width="150px"))
        self.slider.add_class("rx-slider")
        self.label = w.HTML()
        self.label.add_class("rx-step-label")
        self.first.on_click(lambda _: self._user_go(0))
        self.back.on_click(lambda _: self._user_go(self.slider.value - 1))
        self.forward.on_click(lambda _: self._user_go(self.slider.value + 1))
        self.last.on_click(lambda _: self._user_go(self.slider.max))
        self.play.on_click(lambda _: self.toggle())
        self.ticker.observe(lambda _: self._tick(), names="value")
        self.slider.observe(self._slid, names="value")
        self.widget = w.HBox([self.first, self.back, self.forward, self.last, self.play,
                              self.slider, self.ticker],
                             layout=shared_layout(align_items="center"))
        self.widget.add_class("rx-timeline")
        words.on_switch(self._show_play)

    # -- playing -----------------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        return bool(self.ticker.playing)

    def toggle(self) -> None:
        """Play from the step shown (from the first when at the last), or pause."""
        if self.playing:
            self.pause()
            return
        if self.slider.value >= self.slider.max:
            self._go(0)
        self.ticker.playing = True
        self._show_play()

    def watch(self, session) -> None:
        """Follow `session` (session.py): its step shown, and a pause when a person acts."""
        session.on("step", lambda: self.sync(session.timeline, session.viewer))
        session.on("acted", self.pause)

    def pause(self) -> None:
        """Stop playing; the step shown stays."""
        if self.playing:
            self.ticker.playing = False
        self._show_play()

    def _tick(self) -> None:
        if not self.playing:
            return                       # a tick sent before the pause arrived
        if self.slider.value >= self.slider.max:
            self.pause()
            return
        self._go(self.slider.value + 1)
        if self.slider.value >= self.slider.max:
            self.pause()

    def _show_play(self) -> None:
        on = self.playing
        description, icon = (T("Pause"), "pause") if on else (T("Play"), "play")
        description = self.words(description)
        if self.play.description != description:
            self.play.description, self.play.icon = description, icon

    # -- stepping ----------------------------------------------------------------------------
    def _user_go(self, index: int) -> None:
        """A step button: the person takes over from playing."""
        self.pause()
        self._go(index)

    def _go(self, index: int) -> None:
        index = max(0, min(int(index), self.slider.max))
        if index == self.slider.value:
            self._on_go(index)   # still tell the app (e.g. to clear a message)
        else:
            self.slider.value = index  # observer calls on_go

    def _slid(self, change) -> None:
        if not self._busy:
            self._on_go(self.slider.value)

    def sync(self, timeline: Timeline, viewer: int | None = None) -> None:
        """Show `timeline`'s length, position and label without calling back."""
        self._busy = True
        try:
            self.slider.max = timeline.last
            self.slider.value = timeline.index
        finally:
            self._busy = False
        frame = timeline.frame
        say = self.words
        title = escape(say(frame.title(viewer)))
        where = escape(say(T("Step {step} of {count}", step=timeline.index + 1,
                             count=len(timeline))))
        self.label.value = f'<b>{where}</b> · <span title="{title}">{title}</span>'
        self.first.disabled = self.back.disabled = timeline.index == 0
        self.forward.disabled = self.last.disabled = timeline.index == timeline.last
