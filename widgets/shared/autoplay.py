"""Seats (a person or a bot per player) and auto-play: one turn, until a person must act, or to
the end. Bots come from `explorer.bots`; this module only decides who chooses and when.

Animated play is driven by a hidden `Play` widget ticking in the page (never a Python sleep),
one move per tick, so a group can follow; "Skip" finishes the same run at once. A page that
asks for reduced motion (`reduced_motion` of the board's focus model, access.py) gets every
run as a skip: no in-between positions,
only the one the run ends on.
"""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from explorer import bots
from explorer.messages import T

from .models import built_on_demand, page_button, set_visible, shared_layout
from .timeline import player_label
from .page_words import PageWords

PERSON = "person"
STAND_IN = "greedy"     # who plays a person's seat when asked to play a turn or to the end
TICK_MS = 650           # one move per tick: slow enough to follow on a projector
MAX_MOVES = 5000        # a run never loops forever, whatever a bot does
BOT_NAMES = {"random": T("Random bot"), "greedy": T("Greedy bot")}   # as a seat names them
SEAT_CHOICES = [(T("Person"), PERSON)] + [
    (BOT_NAMES.get(name, T("{name} bot", name=name)), name) for name in bots.BOTS]


class Seats:
    """Who chooses for each player: a person or one of the bots. Shown as one dropdown per
    player (class rx-seat) in the Game tab, built when first shown (`widget`)."""

    def __init__(self, players: int, seed: int, words: PageWords | None = None):
        self.words = words or PageWords()
        self._box: w.VBox | None = None
        self._dropdowns: list[w.Dropdown] = []
        self.reset(players, seed)

    def reset(self, players: int, seed: int, kinds: list[str] | None = None) -> None:
        """New seats for a new game (people everywhere unless `kinds` says otherwise)."""
        self.seed = seed
        kinds = list(kinds or [])
        self.kinds = kinds + [PERSON] * (players - len(kinds))
        self._bots: dict[int, object] = {}
        if self._box is not None:
            self._build_dropdowns()

    @built_on_demand
    def widget(self) -> w.VBox:
        self._box = w.VBox()
        self._build_dropdowns()
        about = w.HTML()
        self.words.keep(lambda say: setattr(about, "value", "<b>{}</b>: {}".format(
            escape(say(T("Seats"))),
            escape(say(T("who chooses for each player when the bots play"))))))
        return w.VBox([about, self._box])

    @property
    def dropdowns(self) -> list[w.Dropdown]:
        self.widget  # noqa: B018  (builds them)
        return self._dropdowns

    def _build_dropdowns(self) -> None:
        self._dropdowns = []
        for p, kind in enumerate(self.kinds):
            words = self.words
            dd = w.Dropdown(options=[(words(label), v) for label, v in SEAT_CHOICES],
                            value=kind, layout=shared_layout(width="260px"),
                            style={"description_width": "80px"})
            words.options(words.set(dd, description=player_label(p)), SEAT_CHOICES)
            dd.add_class("rx-seat")
            dd.observe(lambda change, p=p: self._chosen(p, change["new"]), names="value")
            self._dropdowns.append(dd)
        self._box.children = self._dropdowns

    def _chosen(self, player: int, kind) -> None:
        self.kinds[player] = kind
        self._bots.pop(player, None)

    def kind(self, player: int) -> str:
        value = self.kinds[player]
        return value if value in bots.BOTS else PERSON

    def is_person(self, player: int) -> bool:
        return self.kind(player) == PERSON

    def bot(self, player: int, stand_in: bool = False):
        """The bot of a bot seat; for a person's seat the stand-in when `stand_in`, else None.
        Each seat keeps its own seeded bot, so a run is reproducible."""
        kind = self.kind(player)
        if kind == PERSON:
            if not stand_in:
                return None
            kind = STAND_IN
        key = player if self.kind(player) != PERSON else ("stand-in", player)
        if key not in self._bots:
            self._bots[key] = bots.make_bot(kind, self.seed * 1000 + player)
        return self._bots[key]


class AutoPlay:
    """The auto-play buttons (rx-play-turn, rx-play-bots, rx-play-end) and the ticker. Bots
    play in `session` for the `seats`; `reduced_motion()` says whether the page asked for less
    motion (then a run shows only its end). A new or switched line stops a run."""

    def __init__(self, session, seats: Seats, words: PageWords | None = None,
                 reduced_motion: Callable[[], bool] = lambda: False):
        self.session, self.seats = session, seats
        self.words = words = words or PageWords()
        self.reduced_motion = reduced_motion
        self.target: str | None = None      # "turn" or "bots" while an animated run goes on
        self._turn_of_run = None
        self._moves = 0
        session.on("line", self.stop)
        self.turn_button = page_button(words, T("▷ Turn"), T(
            "Bots play the current turn (a person's seat is played by the greedy bot)"),
            "rx-play-turn", lambda: self.start("turn"))
        self.bots_button = page_button(words, T("▷▷ Bots"), T(
            "Bots play until a person must act (set the seats in the Game tab)"), "rx-play-bots",
            lambda: self.stop() if self.target else self.start("bots"))
        self.end_button = page_button(words, T("⏩ End"), T(
            "Play the whole game to its scoring at once (every seat by its bot, people by the "
            "greedy bot)"), "rx-play-end",
            lambda: self.skip() if self.target else self.play_to_end())
        self.ticker = w.Play(value=0, min=0, max=10**9, step=1, interval=TICK_MS)
        self.ticker.add_class("rx-ticker")
        set_visible(self.ticker, False)   # it only ticks; the buttons start and stop it
        self.ticker.observe(lambda _: self.tick(), names="value")
        self.widget = w.HBox([self.turn_button, self.bots_button, self.end_button, self.ticker],
                             layout=shared_layout(align_items="center"))
        self.widget.add_class("rx-autoplay")
        words.on_switch(self._sync_buttons)

    # -- runs ------------------------------------------------------------------------------
    def start(self, target: str) -> None:
        """Begin an animated run: "turn" (the current turn) or "bots" (until a person acts)."""
        if not self._ready():
            return
        state = self.session.timeline.frame.state
        if target == "bots" and self.seats.is_person(state.current_player):
            self.session.tell(T("{player} is a person: choose a bot for that seat in the Game "
                                "tab, or use ▷ Turn.", player=player_label(state.current_player)))
            return
        self.target, self._turn_of_run, self._moves = target, state.turn_number, 0
        if self.reduced_motion():        # no in-between positions: the end at once
            self.skip()
            return
        self._sync_buttons()
        self.tick()                      # the first move at once, then one per tick
        if self.target:
            self.ticker.playing = True

    def _ready(self) -> bool:
        """Whether a run may start: none runs, and moves can be made from the step shown (an
        old refusal is about the position left behind: it goes; a playing timeline pauses)."""
        if self.target:
            return False
        self.session.notify("acted")
        self.session.clear_message()
        return self.session.ready_to_play()

    def tick(self) -> None:
        """One move of the running run (called by the page's ticker)."""
        if not self.target:
            return
        if not self._move_once() or self._reached():
            self.stop()

    def skip(self) -> None:
        """Finish the running run at once."""
        self.session.clear_message()
        while self.target and self._move_once(refresh=False):
            pass
        self.stop()
        self.session.refresh()

    def stop(self) -> None:
        self.target = None
        self.ticker.playing = False
        self._sync_buttons()

    def play_to_end(self) -> None:
        """Every remaining move at once; the timeline lands on the scoring step."""
        if not self._ready():
            return
        self.target = "end"
        while self._move_once(refresh=False):
            pass
        self.target = None
        self.session.refresh()

    def _reached(self) -> bool:
        """Whether the run has reached its goal at the frame shown."""
        state = self.session.timeline.frame.state
        if state.is_over or self._moves >= MAX_MOVES:
            return True
        if self.target == "bots":
            return self.seats.is_person(state.current_player)
        if self.target == "turn":
            return bool(self._moves) and (self._turn_of_run is None
                                          or state.turn_number != self._turn_of_run)
        return False

    def _move_once(self, refresh: bool = True) -> bool:
        """Let the right bot make one move; False once the run has reached its goal."""
        if self._reached():
            return False
        state = self.session.timeline.frame.state
        player = state.current_player
        bot = self.seats.bot(player, stand_in=self.target != "bots")
        self._moves += 1
        play = self.session.play if refresh else self.session.play_unseen
        return play(bot.choose(state))

    def _sync_buttons(self) -> None:
        running = self.target is not None
        say = self.words
        self.bots_button.description = say(T("■ Stop") if running else T("▷▷ Bots"))
        self.end_button.description = say(T("⏩ Skip") if running else T("⏩ End"))
        self.turn_button.disabled = running
