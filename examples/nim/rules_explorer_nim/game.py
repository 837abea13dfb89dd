"""The Nim game: options, hand-built positions and the set-up as narrated steps."""
from __future__ import annotations

import random
from typing import Iterable

from explorer.core import Game, Option, start_player_option
from explorer.messages import T, player_name

from . import components as C
from .actions import ACTION_TYPES
from .position import build, position_data
from .state import NimState


class Nim(Game):
    name = "nim"
    title = "Nim"
    player_counts = (C.PLAYERS,)
    options = {
        "start_player": start_player_option(
            T("Who starts (the rule says: whoever wins rock-paper-scissors)."),
            "nim.setup.start_player", T("Start player (won rock-paper-scissors)")),
        "misere": Option(
            False, (False, True),
            T("Misère variant: whoever takes the last counter loses instead of winning."),
            ("nim.end.misere",), T("Last counter"),
            ((False, T("wins (normal play)")), (True, T("loses (misère)")))),
    }
    action_types = dict(ACTION_TYPES)
    turn_rule = "nim.turn.order"
    end_rule = "nim.end.last_counter"

    def position(self, players: int = C.PLAYERS, **fields) -> NimState:
        """A validated position from heap sizes; the fields are listed in `position.py`.
        PositionError names the bad field."""
        return build(self, players, **fields)

    def position_data(self, state: NimState) -> dict:
        """A play or end position as plain data for `position_from` (see `position.py`)."""
        return position_data(state)

    def _setup(self, players: int, seed: int, rng: random.Random,
               options: dict) -> Iterable[NimState]:
        s = NimState(self, players, seed, options)
        s._emit(T("The game uses {counters} counters.", counters=C.COUNTERS),
                "nim.components.counters")
        yield s
        s = s._next_step()
        sizes = list(C.HEAP_SIZES)
        rng.shuffle(sizes)       # any order will do; the seed picks one
        s.sizes = s.heaps = tuple(sizes)
        s._emit(T("The counters are split into heaps of 3, 4 and 5, one heap to a row; the "
                  "rows hold {heaps} (any order will do).", heaps=tuple(map(str, sizes))),
                "nim.setup.heaps")
        yield s
        s = s._next_step()
        s.start_player = s.turn = options["start_player"]
        s.phase = "play"
        s._emit(T("{player} won rock-paper-scissors and is the start player.",
                  player=player_name(s.turn)), "nim.setup.start_player", s.turn)
        if options["misere"]:
            s._emit(T("Misère is played: whoever takes the last counter loses."),
                    "nim.end.misere")
        s._emit(T("From {player} on, the two players take turns.", player=player_name(s.turn)),
                "nim.turn.order", s.turn)
        yield s


GAME = Nim()
