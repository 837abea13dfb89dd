"""New-game controls: player count, seed and the game's options, with readable refusals."""
from __future__ import annotations

from typing import Callable

import ipywidgets as w

from explorer.untrusted import MAX_DIGITS

from .models import shared_layout

OptionFactory = Callable[[object, int], "OptionControl"]


class OptionControl:
    """One option's widget and how to read its value (override `value` for compound widgets)."""

    def __init__(self, widget, read: Callable[[], object], players_changed=None):
        self.widget = widget
        self.read = read
        self.players_changed = players_changed or (lambda players: None)


def option_title(name: str, option) -> str:
    return option.title or name.replace("_", " ").capitalize()


def generic_control(name: str, option, players: int) -> OptionControl:
    """A dropdown of the choices in words, otherwise a text box holding the value; the
    option's description is the tooltip."""
    if name == "start_player":
        return start_player_control(name, option, players)
    if option.choices is not None:
        dd = w.Dropdown(options=[(option.label(c), c) for c in option.choices],
                        value=option.default, description=option_title(name, option),
                        style={"description_width": "initial"}, tooltip=option.description)
        return OptionControl(dd, lambda: dd.value)
    text = w.Text(value="" if option.default is None else str(option.default),
                  description=option_title(name, option), style={"description_width": "initial"},
                  tooltip=option.description)
    return OptionControl(text, lambda: text.value or option.default)


def start_player_control(name: str, option, players: int) -> OptionControl:
    """Player 1 .. Player n, as many as play."""
    dd = w.Dropdown(description=option_title(name, option), tooltip=option.description,
                    style={"description_width": "initial"})

    def on_players(n: int) -> None:
        dd.options = [(f"Player {p + 1}", p) for p in range(n)]
        dd.value = 0

    on_players(players)
    return OptionControl(dd, lambda: dd.value, on_players)


class SetupPanel:
    """Player count, seed, options and a "New game" button (class rx-new-game)."""

    def __init__(self, game, on_new: Callable[[int, int, dict], None],
                 on_error: Callable[[str], None], players: int, seed: int,
                 factories: dict[str, Callable] | None = None):
        self.game = game
        self._on_new = on_new
        self._on_error = on_error
        factories = factories or {}
        self.players = w.Dropdown(options=[(f"{n} players" if n > 1 else "1 player (solo)", n)
                                           for n in game.player_counts],
                                  value=players, description="Players",
                                  layout=shared_layout(width="180px"))
        self.players.add_class("rx-players")
        self.seed = w.Text(value=str(seed), description="Seed",
                           layout=shared_layout(width="170px"))
        self.seed.add_class("rx-seed")
        self.controls: dict[str, OptionControl] = {}
        for name, option in game.options.items():
            make = factories.get(name)
            self.controls[name] = (make(option, players) if make
                                   else generic_control(name, option, players))
        self.new_game = w.Button(description="New game", button_style="primary",
                                 tooltip="Set up a new game with these settings")
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
            counts = ", ".join(map(str, self.game.player_counts))
            raise ValueError(f"choose the number of players ({counts})")
        text = str(self.seed.value).strip()
        if len(text.lstrip("+-")) > MAX_DIGITS:  # as long as a record may hold
            raise ValueError(f"the seed must be a whole number of at most {MAX_DIGITS} digits")
        try:
            seed = int(text)
        except ValueError:
            raise ValueError(f"the seed must be a whole number, not {text[:40]!r}") from None
        options = {name: control.read() for name, control in self.controls.items()}
        return players, seed, options

    def submit(self) -> None:
        """Read the settings and start a game, or report what is wrong with them."""
        try:
            players, seed, options = self.read()
        except ValueError as exc:
            self._on_error(str(exc))
            return
        self._on_new(players, seed, options)
