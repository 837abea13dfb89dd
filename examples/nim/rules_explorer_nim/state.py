"""Nim: one position and the moves from it.

Flow: set-up (the counters, the heaps in rows, the start player) -> turns: the player to move
takes one or more counters from one heap that is not empty; the players alternate. When the
last counter is taken the game is over: whoever took it wins (with the misère option, loses).
Nothing is hidden and nothing is left to chance after the set-up.
"""
from __future__ import annotations

from explorer.core import Action, IllegalAction, ScoreSheet, State
from explorer.messages import N, T, player_name
from explorer.untrusted import shown

from .actions import Take
from .scoring import score_lines


class NimState(State):
    """A position of Nim. `heaps` are the counters left per heap in the rows' order, `sizes`
    the heaps as set up (what a row held at the start); all fields are tuples or ints."""

    def __init__(self, game, players: int, seed: int, options: dict):
        super().__init__(game, players, seed, options)
        self.heaps: tuple[int, ...] = ()
        self.sizes: tuple[int, ...] = ()
        self.start_player = 0
        self.phase = "setup"                # setup, play, over
        self.turn: int | None = None
        self.last: int | None = None        # who took the last counter (once over)

    # -- reading -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn if self.phase == "play" else None

    @property
    def misere(self) -> bool:
        return bool(self.options.get("misere", False))

    @property
    def counters_left(self) -> int:
        return sum(self.heaps)

    def fingerprint(self) -> str:
        return repr((self.players, self.seed, sorted(self.options.items(), key=str), self.heaps,
                     self.sizes, self.start_player, self.phase, self.turn, self.last,
                     self.viewer))

    # -- legal actions -------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        """Heap by heap in row order, then by count from 1 to the whole heap."""
        p = self.turn
        return [Take(p, h, n) for h, size in enumerate(self.heaps) for n in range(1, size + 1)]

    # -- applying ------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        p = self.turn
        if action.player != p:
            raise IllegalAction("nim.turn.order",
                                T("it is {player}'s turn, not {other}'s", player=player_name(p),
                                  other=_seat(action.player, self.players)))
        heap, count = action.heap, action.count
        if not _whole(heap) or not 0 <= heap < len(self.heaps):
            raise IllegalAction("nim.turn.one_heap",
                                T("there is no heap {heap}: take from one of the heaps 1 to "
                                  "{last}", heap=_number(heap), last=len(self.heaps)))
        left = self.heaps[heap]
        if left == 0:
            raise IllegalAction("nim.turn.empty_heap",
                                T("heap {heap} is empty: choose a heap that still has counters",
                                  heap=heap + 1))
        if not _whole(count) or count < 1:
            raise IllegalAction("nim.turn.at_least_one",
                                T("take at least one counter, not {count}: there is no passing",
                                  count=shown(count)))
        if count > left:
            raise IllegalAction("nim.turn.at_most",
                                N("heap {heap} holds only {n} counter, so {count} cannot be "
                                  "taken from it",
                                  "heap {heap} holds only {n} counters, so {count} cannot be "
                                  "taken from it", left, heap=heap + 1, count=shown(count)))
        self.heaps = self.heaps[:heap] + (left - count,) + self.heaps[heap + 1:]
        self._emit(N("{player} takes {n} counter from heap {heap}; {left} left there.",
                     "{player} takes {n} counters from heap {heap}; {left} left there.", count,
                     player=player_name(p), heap=heap + 1, left=left - count),
                   "nim.turn.take", p, heap=heap, count=count)
        if self.counters_left:
            self.turn = 1 - p
            return
        self.phase, self.turn, self.last = "over", None, p
        if self.misere:
            self._emit(T("{player} took the last counter and loses (misère): {other} wins.",
                         player=player_name(p), other=player_name(1 - p)), "nim.end.misere", p)
        else:
            self._emit(T("{player} took the last counter and wins.", player=player_name(p)),
                       "nim.end.last_counter", p)

    # -- scoring -------------------------------------------------------------------------
    def score(self) -> ScoreSheet:
        """1 point for the winner once the game is over; before that nobody has won yet."""
        if self.phase != "over":
            return ScoreSheet({p: 0 for p in range(self.players)}, [], [])
        lines = score_lines(self.last, self.misere)
        totals = {p: sum(line.points for line in lines if line.player == p)
                  for p in range(self.players)}
        return ScoreSheet(totals, [p for p in totals if totals[p] == 1], lines)

    def position_data(self) -> dict:
        """This position as plain data for `GAME.position_from` (the same as
        `GAME.position_data(state)`)."""
        return self.game.position_data(self)

    # -- hidden information --------------------------------------------------------------
    def _hide(self, player: int) -> None:
        """Nim hides nothing: every counter lies open on the table."""


def _whole(value) -> bool:
    """A whole number (not True or False): what a heap and a count are, however made."""
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(player, players: int):
    """A seat named by a move: its name if there is such a seat, else the value as given."""
    if _whole(player) and 0 <= player < players:
        return player_name(player)
    return T("seat {value}", value=shown(player))


def _number(heap) -> str:
    """A heap number as a person counts (from 1), however large the value given."""
    return shown(heap + 1) if _whole(heap) else shown(heap)
