"""Nim's one kind of action: a player takes some counters from one heap.

The player is part of the move, so a move made out of turn (a record written by hand, a click
on a stale page) is refused by the turn rule instead of being played for whoever is to move.
Heaps and players are numbered from 0 in data, from 1 in words.
"""
from __future__ import annotations

from explorer.core import TupleAction
from explorer.messages import N, T
from explorer.untrusted import shown

FIELDS = ("player", "heap", "count")


def _whole(data: dict, field: str) -> int:
    """A field that must be a whole number; refused by name when missing, never guessed."""
    if field not in data:
        raise ValueError(T("action field {field} is missing", field=repr(field)))
    value = data[field]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(T("action field {field} must be a whole number, not {value}",
                           field=repr(field), value=shown(value)))
    return value


class Take(TupleAction):
    """`player` takes `count` counters from heap `heap` (0-based)."""

    __slots__ = ()
    kind = "take"

    def __new__(cls, player: int, heap: int, count: int):
        return tuple.__new__(cls, (player, heap, count))

    @property
    def player(self) -> int:
        return self[0]

    @property
    def heap(self) -> int:
        return self[1]

    @property
    def count(self) -> int:
        return self[2]

    def __repr__(self) -> str:
        return f"Take(player={self.player}, heap={self.heap}, count={self.count})"

    def to_json(self) -> dict:
        return {"type": self.kind, "player": self.player, "heap": self.heap, "count": self.count}

    @classmethod
    def from_json(cls, data: dict) -> "Take":
        return cls(*(_whole(data, field) for field in FIELDS))

    def describe(self):
        return N("take {n} counter from heap {heap}", "take {n} counters from heap {heap}",
                 self.count, heap=self.heap + 1)


ACTION_TYPES = {"take": Take}
