"""The game a page shows, as one model: the views (the app's panels) only listen to it.

A `Session` holds the timeline and the step shown, the selection (whose view is shown: a seat,
or None for all open), the branches (the timeline's kept lines), the lesson being played and
the message the page tells. It takes commands (`go`, `play`, `select`, `undo`, `switch`,
`new_game`, ...), asks the engine about every move (`apply` raising IllegalAction: no rule is
decided here) and says what changed by name to whoever listens (`on(change, hear)`):

- "step": the step shown (or what it shows) changed: draw it. Listeners run in the order they
  registered, so the app registers the board first and the Undo offer is told after them;
- "stepped": after "step" and the offer of a kept branch: the page's address, the class, the
  keyboard's live region;
- "game": a new timeline (a new game, a record, a lesson): players and seats may differ;
- "acted": a person acted (a move, a step button): a playing timeline pauses;
- "line": the line shown was replaced or switched: a bots' run stops;
- "viewer": the selection changed; "lesson": a lesson began or ended;
- "message": the message changed (`said`); "refusal": a move was refused (`refused`);
- "tried" (action) and "made": a person's move, before and after the engine took it.

No widget is imported here: a session runs and is tested without a page.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from explorer import IllegalAction, Record, SetupError, replay
from explorer.messages import N, T, reason_of

from .refusal import REFUSAL, Refusal
from .timeline import Branch, Timeline

INFO, ERROR = "rx-info", "rx-error"
MAX_RESTORED = 20        # branches a reloaded page may give back


@dataclass(frozen=True)
class Said:
    """A message as given (a template, said in the page's language where it is shown), its
    kind (rx-info, rx-error, rx-refusal) and what it offers to do, if anything:
    (label, tip, do)."""

    text: object
    kind: str = INFO
    offer: tuple | None = None


class Observable:
    """Named changes and who hears them (`on`), told in the order they registered."""

    def __init__(self):
        self._heard: dict[str, list[Callable]] = {}

    def on(self, change: str, hear: Callable) -> None:
        self._heard.setdefault(change, []).append(hear)

    def notify(self, change: str, *args) -> None:
        for hear in tuple(self._heard.get(change, ())):
            hear(*args)


class Messages(Observable):
    """The message the page tells (one at a time; "message" when it changes)."""

    def __init__(self):
        super().__init__()
        self.said: Said | None = None

    def tell(self, text, kind: str = INFO) -> None:
        self.said = Said(text, kind)
        self.notify("message")

    def offer(self, text, label, do: Callable[[], None], tip="") -> None:
        """Tell `text` with a button `label` that calls `do` (and closes the message)."""
        self.said = Said(text, INFO, (label, tip, do))
        self.notify("message")

    def clear_message(self, keep_offer: bool = False) -> None:
        """No message; with `keep_offer`, one that offers an action stays (an Undo stays while
        play goes on, until the person steps elsewhere or closes it)."""
        if self.said is None or (keep_offer and self.said.offer is not None):
            return
        self.said = None
        self.notify("message")

    def act(self) -> None:
        """Do what the message offers (closing it first)."""
        offer = self.said.offer if self.said is not None else None
        self.clear_message()
        if offer is not None:
            offer[2]()


class Session(Messages):
    """One game of one page (see the module doc). `game` is an explorer game."""

    def __init__(self, game, players: int, seed: int, options: dict | None = None):
        super().__init__()
        self.game = game
        self.lang = "en"            # the page's language, which its links carry
        self.page_game = None       # on game.ipynb (any game's page): the game its links name
        self.players, self.seed, self.options = players, seed, dict(options or {})
        self.timeline: Timeline | None = None
        self.viewer: int | None = None
        self.refused: Refusal | None = None
        self.lesson = None          # the lesson played, if any
        self.origin = None          # where the game started: a lesson's start, or None
        self.lesson_note = ""       # why a lesson was left: told again after the next step
        self.lesson_of: dict[Branch, object] = {}   # the lesson a kept line was part of
        self._guards: list[Callable] = []

    def guard(self, handle: Callable) -> None:
        """`handle(action)` sees a person's move first: True/False when it took or refused the
        move itself (a lesson's question), None to let the engine decide."""
        self._guards.append(handle)

    # -- the game -----------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: dict, actions=(),
                 step: int | None = None, states=None) -> bool:
        """Set up a fresh game (at its first step, or after `actions` at frame `step`); on bad
        settings say why and keep the current game. `states`: the state after each action
        where a checked link has replayed them already."""
        try:
            steps = self.game.setup_steps(players, seed, **options)
        except SetupError as exc:
            self.tell(T("Cannot set up this game: {reason}", reason=reason_of(exc)), ERROR)
            return False
        timeline = Timeline(steps)
        if actions:
            timeline.go(timeline.setup_count - 1)
            if not states or len(states) != len(actions):
                states = replay(Record(self.game.name, players, seed, options,
                                       list(actions)))[1:]
            for state, action in zip(states, actions):
                timeline.push(action if not isinstance(action, dict)
                              else self.game.action_from_json(action), state)
        timeline.go(0 if step is None else step)
        self.install(timeline, players, seed, options)
        return True

    def install(self, timeline: Timeline, players: int, seed: int, options: dict,
                keep_lesson: bool = False) -> None:
        """Show `timeline` (a new game, a record or a lesson) at its current frame."""
        self.notify("line")
        if not keep_lesson:
            self.leave_lesson()
            self.origin = None
        self.timeline = timeline
        self.lesson_of = {}
        reseated = (players, seed) != (self.players, self.seed)
        self.players, self.seed, self.options = players, seed, dict(options)
        self.notify("game", reseated)
        self.notify("acted")
        self.clear_message()
        self.refresh()

    def open_record(self, record: Record) -> None:
        """Replay a (checked) record and show its last step."""
        if self.new_game(record.players, record.seed, record.options, record.actions,
                         step=10**9):
            self.tell(N("Opened a record of {n} move: this is its last step.",
                        "Opened a record of {n} moves: this is its last step.",
                        len(record.actions)))

    # -- looking --------------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Look at frame `index` (clamped)."""
        self.timeline.go(index)
        self.clear_message()
        self.refresh()

    def step(self, where: str) -> None:
        """first / back / forward / last, as the buttons do."""
        t = self.timeline
        target = {"first": 0, "back": t.index - 1, "forward": t.index + 1, "last": t.last}[where]
        self.notify("acted")
        self.go(target)

    def select(self, viewer: int | None) -> None:
        """Show the game as seat `viewer` sees it (None: all open)."""
        self.viewer = viewer
        self.notify("viewer")
        self.refresh()

    def refresh(self) -> None:
        """Tell every view to show the step again (after a change they cannot see)."""
        self.notify("step")
        kept = self.timeline.take_kept()
        if kept is not None:
            self._offer_undo(kept)
        self.notify("stepped")

    # -- moves ------------------------------------------------------------------------------
    def ready_to_play(self) -> bool:
        """Whether moves can be made from the frame shown (moving on from set-up narration to
        its last step if needed); says why not."""
        t = self.timeline
        if not t.playable() and t.frame.kind == "setup":
            self.go(t.setup_count - 1)
            return True
        return not self.refuse_unplayable()

    def refuse_unplayable(self) -> bool:
        """Say why no move can be made from the frame shown, if none can, and return True.
        Nobody decides during set-up narration nor after the end, so a state's `is_over`
        alone cannot tell "still being set up" from "the game is over"."""
        t = self.timeline
        if not t.playable():
            self.tell(T("Set-up is still being narrated here: go to the last set-up step (or "
                        "press ⏭) to make moves."))
            return True
        if t.frame.state.is_over:
            self.tell(T("The game is over: step back through the timeline to look at any turn, "
                        "or start a new game in the Game tab."))
            return True
        return False

    def play(self, action) -> bool:
        """A person's move at the frame shown: a guard (a lesson's question) or the engine takes
        it or refuses it (the refusal is told, never raised)."""
        self.notify("tried", action)
        lesson, t = self.lesson, self.timeline
        made = next((handled for handled in (handle(action) for handle in self._guards)
                     if handled is not None), None)
        if made is None:
            if not t.playable():
                self.refuse_unplayable()     # says set-up is still being narrated
                return False
            try:
                nxt = t.frame.state.apply(action)
            except IllegalAction as exc:
                self.refuse(Refusal.of(exc))
                return False
            t.push(action, nxt)
            if t.kept is not None and lesson is not None:
                self.lesson_of[t.kept] = lesson      # Undo goes on with the lesson
            self.notify("acted")
            self.clear_message(keep_offer=True)
            self.refresh()
            made = True
        if made:
            self.notify("made")
        return made

    def play_unseen(self, action) -> bool:
        """A bot's move in a run shown only at its end: made, not shown (a refusal is still
        told)."""
        try:
            nxt = self.timeline.frame.state.apply(action)
        except IllegalAction as exc:
            self.refuse(Refusal.of(exc))
            return False
        self.timeline.push(action, nxt)
        return True

    def refuse(self, refusal: Refusal) -> None:
        """Tell why a move is not taken (the message line; "refusal" for the rule's views)."""
        self.refused = refusal
        self.tell(refusal.text, REFUSAL)
        self.notify("refusal", refusal)

    # -- branches -------------------------------------------------------------------------
    def _offer_undo(self, kept: Branch) -> None:
        """Say that a move made at an earlier step kept the later steps as a branch, with
        Undo (told after whatever else the move said, e.g. that it left a lesson)."""
        kept_text = N("The {n} later step of the line you left is kept as a branch (History "
                      "tab).", "The {n} later steps of the line you left are kept as a branch "
                      "(History tab).", kept.steps)
        if self.said is not None:
            kept_text = T("{said} {kept}", said=self.said.text, kept=kept_text)
        self.offer(kept_text, T("Undo"), lambda: self.switch(kept),
                   tip=T("Go back to the line you left, at the step you left it; this new move "
                         "is kept as a branch"))

    def undo(self) -> bool:
        """Do what the message offers (Undo: back to the line a move left); False if nothing."""
        if self.said is None or self.said.offer is None:
            return False
        self.act()
        return True

    def switch(self, branch: Branch) -> None:
        """Take up a kept line again, at the step it left the one shown; the line shown is kept
        as a branch in its turn."""
        t = self.timeline
        if branch not in t.branches:
            return
        self.notify("line")
        self.notify("acted")
        lesson = self.lesson
        self.leave_lesson()
        left = t.switch(branch)
        if left is not None and lesson is not None:
            self.lesson_of[left] = lesson
        if branch in self.lesson_of:
            self.resume_lesson(self.lesson_of.pop(branch))
        self.clear_message()
        self.refresh()
        self.tell(T("Back on the line kept at step {step}: step on (→) to follow it. The line "
                    "you left is kept too (History tab).", step=branch.fork + 1))

    def restore(self, queries) -> int:
        """Take back the branches a reloaded page kept (links): those of this very game (same
        set-up), checked like any link; anything else is left alone. Returns how many."""
        from explorer.links import LinkError, build_query, parse_query
        t = self.timeline
        if not isinstance(queries, list) or t.branches:
            return 0
        kept = 0
        setup = build_query(self.game, self.players, self.seed, self.options, [], None)
        for query in queries[:MAX_RESTORED]:
            try:
                link = parse_query(self.game, query, self.players, self.seed)
                if link.lesson or link.rule or setup != build_query(
                        self.game, link.players, link.seed, link.options, [], None):
                    continue
                actions = [self.game.action_from_json(a) if isinstance(a, dict) else a
                           for a in link.actions]
                kept += t.adopt(actions)
            except (LinkError, IllegalAction, ValueError, TypeError):
                continue
        if kept:
            self.notify("branches")
        return kept

    # -- lessons --------------------------------------------------------------------------
    def leave_lesson(self, why="") -> None:
        """Out of the lesson played (if any), saying `why`: told now, and again after the move
        that left refreshed the page."""
        if self.lesson is None:
            return
        self.lesson = None
        self.lesson_note = why
        self.notify("lesson")
        if why:
            self.tell(why)

    def waiting(self) -> bool:
        """Whether the frame shown is a lesson question's (its answer not made yet)."""
        t, lesson = self.timeline, self.lesson
        i = t.index
        return (lesson is not None and i == t.last and i < len(lesson.steps)
                and lesson.steps[i].checkpoint is not None)

    def resume_lesson(self, lesson) -> None:
        """Go on with `lesson` on a line of it taken up again (History tab or Undo)."""
        self.lesson = lesson
        self.notify("lesson")
