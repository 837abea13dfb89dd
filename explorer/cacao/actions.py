"""Cacao actions: place or rebuild a worker tile, fill a jungle space, use or decline workers.

Actions are small tuples (fast to build by the hundred in legal_actions) that know their kind.
Tiles are named, not numbered: tiles of one pattern (or one jungle kind) are interchangeable.
"""
from __future__ import annotations

from operator import itemgetter

from ..core import TupleAction
from ..text import T
from . import components as C
from .board import SIDES, side_index


def _given(data: dict, field: str):
    """The value of a field the action needs: one left out is refused, not guessed (a record
    would otherwise replay differently from what its author meant)."""
    if field not in data:
        raise ValueError(f"action field {field!r} is missing")
    return data[field]


def _cell(data: dict, field: str = "cell") -> tuple[int, int]:
    raw = _given(data, field)
    if (not isinstance(raw, (list, tuple)) or len(raw) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw)):
        raise ValueError(f"action field {field!r} must be a list of two whole numbers [x, y], "
                         f"not {raw!r}")
    return (raw[0], raw[1])


def _text(data: dict, field: str, allowed) -> str:
    raw = _given(data, field)
    if raw not in allowed:
        raise ValueError(f"action field {field!r} must be one of {', '.join(allowed)}, "
                         f"not {raw!r}")
    return raw


def _rotation(data: dict) -> int:
    raw = _given(data, "rotation")
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise ValueError(f"action field 'rotation' must be 0, 1, 2 or 3, not {raw!r}")
    return raw


class _CacaoAction(TupleAction):
    """Base: a tuple of the action's fields."""
    __slots__ = ()

    def __new__(cls, *fields):
        return tuple.__new__(cls, fields)

    def __repr__(self) -> str:
        return f"{type(self).__name__}{tuple.__repr__(self)}"


class Place(_CacaoAction):
    """Turn step A: put a hand tile of `tile` pattern on `cell`, turned `rotation` quarter turns
    clockwise (0-3)."""
    __slots__ = ()
    kind = "place"

    def __new__(cls, tile: str, cell, rotation: int = 0):
        return tuple.__new__(cls, (tile, tuple(cell), rotation))

    tile = property(itemgetter(0))
    cell = property(itemgetter(1))
    rotation = property(itemgetter(2))

    @property
    def workers(self) -> tuple[int, ...]:
        """Workers on the sides N, E, S, W once placed."""
        return C.workers_of(self.tile, self.rotation % 4) if self.tile in C.PATTERNS else ()

    def to_json(self) -> dict:
        return {"type": self.kind, "tile": self.tile, "cell": list(self.cell),
                "rotation": self.rotation}

    @classmethod
    def from_json(cls, data: dict):
        return cls(_text(data, "tile", tuple(C.PATTERNS)), _cell(data), _rotation(data))

    def describe(self) -> str:
        sides = " ".join(f"{s}{n}" for s, n in zip(SIDES, self.workers))
        return T("place a {pattern} tile on {cell} ({workers})", pattern=str(self.tile),
                 cell=str(self.cell), workers=sides)


class Rebuild(Place):
    """Rebuilding (once the jungle tiles are gone): pay 1 sun token and put a hand tile on top of
    one of your own tiles that was never rebuilt."""
    __slots__ = ()
    kind = "rebuild"

    def describe(self) -> str:
        sides = " ".join(f"{s}{n}" for s, n in zip(SIDES, self.workers))
        return T("rebuild {cell} with a {pattern} tile ({workers}) for 1 sun token",
                 cell=str(self.cell), pattern=str(self.tile), workers=sides)


class Fill(_CacaoAction):
    """Turn step B: put the jungle tile `tile` (a kind name such as 'market-3') from the display,
    or the one just drawn from the pile, on the empty jungle space `cell`."""
    __slots__ = ()
    kind = "fill"

    def __new__(cls, tile: str, cell):
        return tuple.__new__(cls, (tile, tuple(cell)))

    tile = property(itemgetter(0))
    cell = property(itemgetter(1))

    def to_json(self) -> dict:
        return {"type": self.kind, "tile": self.tile, "cell": list(self.cell)}

    @classmethod
    def from_json(cls, data: dict):
        return cls(_text(data, "tile", tuple(C.JUNGLE_KINDS)), _cell(data))

    def describe(self) -> str:
        return T("fill {cell} with a {tile}", cell=str(self.cell),
                 tile=C.JUNGLE_LABELS.get(self.tile, self.tile))


class Work(_CacaoAction):
    """Turn step C: one activated worker on side `side` (0-3 = N E S W) of the tile on `cell` does
    the action of the jungle tile it faces."""
    __slots__ = ()
    kind = "work"

    def __new__(cls, cell, side: int):
        return tuple.__new__(cls, (tuple(cell), side))

    cell = property(itemgetter(0))
    side = property(itemgetter(1))

    def to_json(self) -> dict:
        return {"type": self.kind, "cell": list(self.cell), "side": SIDES[self.side]}

    @classmethod
    def from_json(cls, data: dict):
        return cls(_cell(data), side_index(_given(data, "side")))

    def describe(self) -> str:
        return T("use a worker on side {side} of {cell}", side=SIDES[self.side],
                 cell=str(self.cell))


class Decline(Work):
    """Turn step C: give up the remaining activated workers on that side of that tile."""
    __slots__ = ()
    kind = "decline"

    def describe(self) -> str:
        return T("decline the workers on side {side} of {cell}", side=SIDES[self.side],
                 cell=str(self.cell))


ACTION_TYPES = {cls.kind: cls for cls in (Place, Rebuild, Fill, Work, Decline)}
