"""New-game controls: player count, seed and the game's options, with readable refusals."""
from __future__ import annotations

import inspect
from typing import Callable

import ipywidgets as w

from explorer.messages import N, T, reason_of
from explorer.untrusted import MAX_DIGITS

from .models import shared_layout
from .timeline import player_label
from .page_words import PageWords

OptionFactory = Callable[[object, int], "OptionControl"]


class OptionControl:
    """One option's widget and how to read its value (override `value` for compound widgets)."""

    def __init__(self, widget, read: Callable[[], object], players_changed=None):
        self.widget = widget
        self.read = read
        self.players_changed = players_changed or (lambda players: None)


def option_title(name: str, option) -> str:
    return option.title or name.replace("_", " ").capitalize()


def generic_control(name: str, option, players: int,
                    words: PageWords | None = None) -> OptionControl:
    """A dropdown of the choices in words, otherwise a text box holding the value; the
    option's description is the tooltip. Texts in the page's `words`."""
    words = words or PageWords()
    if name == "start_player":
        return start_player_control(name, option, players, words)
    if option.choices is not None:
        dd = w.Dropdown(options=[(words(option.label(c)), c) for c in option.choices],
                        value=option.default, style={"description_width": "initial"})
        words.set(dd, description=option_title(name, option), tooltip=option.description)
        words.options(dd, [(option.label(c), c) for c in option.choices])
        return OptionControl(dd, lambda: dd.value)
    text = w.Text(value="" if option.default is None else str(option.default),
                  style={"description_width": "initial"})
    words.set(text, description=option_title(name, option), tooltip=option.description)
    return OptionControl(text, lambda: text.value or option.default)


def start_player_control(name: str, option, players: int,
                         words: PageWords | None = None) -> OptionControl:
    """Player 1 .. Player n, as many as play."""
    words = words or PageWords()
    dd = words.set(w.Dropdown(style={"description_width": "initial"}),
                   description=option_title(name, option), tooltip=option.description)
    count = [players]

    def on_players(n: int, keep: bool = False) -> None:
        value = dd.value if keep else 0
        dd.options = [(words(player_label(p)), p) for p in range(n)]
        dd.value = value
        count[0] = n

    on_players(players)
    words.on_switch(lambda: on_players(count[0], keep=True))
    return OptionControl(dd, lambda: dd.value, on_players)


def _made(make: Callable, option, players: int, words: PageWords) -> OptionControl:
    """A game's own option control; given the page's words if it takes them."""
    try:
        takes_words = "words" in inspect.signature(make).parameters
    except (TypeError, ValueError):
        takes_words = False
    return make(option, players, words=words) if takes_words else make(option, players)


class SetupPanel:
    """Player count, seed, options and a "New game" button (class rx-new-game)."""

    def __init__(self, game, on_new: Callable[[int, int, dict], None],
                 on_error: Callable[[str], None], players: int, seed: int,
                 factories: dict[str, Callable] | None = None, words: PageWords | None = None):
        self.words = words = words or PageWords()
        self.game = game
        self._on_new = on_new
        self._on_error = on_error
        factories = factories or {}
        counts = [(N("{n} player", "{n} players", n) if n > 1 else T("1 player (solo)"), n)
                  for n in game.player_counts]
        self.players = w.Dropdown(options=[(words(label), n) for label, n in counts],
                                  value=players, layout=shared_layout(width="180px"))
        words.options(words.set(self.players, description=T("Players")), counts)
        self.players.add_class("rx-players")
        self.seed = words.set(w.Text(value=str(seed), layout=shared_layout(width="170px")),
                              description=T("Seed"))
        self.seed.add_class("rx-seed")
        self.controls: dict[str, OptionControl] = {}
        for name, option in game.options.items():
            make = factories.get(name)
            self.controls[name] = (_made(make, option, players, words) if make
                                   else generic_control(name, option, players, words))
        self.new_game = words.set(w.Button(button_style="primary"), description=T("New game"),
                                  tooltip=T("Set up a new game with these settings"))
        self.new_game.add_class("rx-new-game")
        self.new_game.on_click(lambda _: self.submit())
        self.players.observe(self._players_changed, names="value")
        self.widget = w.VBox([
            w.HBox([self.players, self.seed, self.new_game],
                   layout=shared_layout(align_items="center", flex_flow="row wrap")),
            w.HBox([c.widget for c in self.controls.values()],
                   layout=shared_layout(flex_flow="row wrap", align_items="flex-start")),
        ])
        self.widget.add_class("rx-setup")

    def _players_changed(self, change) -> None:
        """Tell the option controls; a value that is no player count (a page may send None)
        is ignored here and refused by `read`."""
        if self._player_count(change["new"]) is None:
            return
        for control in self.controls.values():
            control.players_changed(change["new"])

    def _player_count(self, value) -> int | None:
        if isinstance(value, int) and not isinstance(value, bool) \
                and value in self.game.player_counts:
            return value
        return None

    def read(self) -> tuple[int, int, dict]:
        """The chosen settings; ValueError with a plain message if the seed is not a number or
        no player count is chosen."""
        players = self._player_count(self.players.value)
        if players is None:
            raise ValueError(T("choose the number of players ({counts})",
                               counts=tuple(self.game.player_counts)))
        text = str(self.seed.value).strip()
        if len(text.lstrip("+-")) > MAX_DIGITS:  # as long as a record may hold
            raise ValueError(T("the seed must be a whole number of at most {digits} digits",
                               digits=MAX_DIGITS))
        try:
            seed = int(text)
        except ValueError:
            raise ValueError(T("the seed must be a whole number, not {text}",
                               text=repr(text[:40]))) from None
        options = {name: control.read() for name, control in self.controls.items()}
        return players, seed, options

    def submit(self) -> None:
        """Read the settings and start a game, or report what is wrong with them."""
        try:
            players, seed, options = self.read()
        except ValueError as exc:
            self._on_error(reason_of(exc))
            return
        self._on_new(players, seed, options)
