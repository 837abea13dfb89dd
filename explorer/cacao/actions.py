"""Cacao actions: place or rebuild a worker tile, fill a jungle space, use or decline workers.

Actions are small tuples (fast to build by the hundred in legal_actions) that know their kind.
Tiles are named, not numbered: tiles of one pattern (or one jungle kind) are interchangeable.
"""
from __future__ import annotations

from operator import itemgetter

from ..core import TupleAction
from ..fields import Field, choice_field, one_of, pair_field, whole_field
from ..messages import T
from . import components as C
from .board import SIDES


def _side(data: dict, field: str) -> int:
    return SIDES.index(one_of(data, field, SIDES))


class Place(TupleAction):
    """Turn step A: put a hand tile of `tile` pattern on `cell`, turned `rotation` quarter turns
    clockwise (0-3)."""
    __slots__ = ()
    kind = "place"
    json_fields = (choice_field("tile", C.PATTERNS), pair_field("cell"), whole_field("rotation"))

    def __new__(cls, tile: str, cell, rotation: int = 0):
        return tuple.__new__(cls, (tile, tuple(cell), rotation))

    tile = property(itemgetter(0))
    cell = property(itemgetter(1))
    rotation = property(itemgetter(2))

    @property
    def workers(self) -> tuple[int, ...]:
        """Workers on the sides N, E, S, W once placed."""
        return C.workers_of(self.tile, self.rotation % 4) if self.tile in C.PATTERNS else ()

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


class Fill(TupleAction):
    """Turn step B: put the jungle tile `tile` (a kind name such as 'market-3') from the display,
    or the one just drawn from the pile, on the empty jungle space `cell`."""
    __slots__ = ()
    kind = "fill"
    json_fields = (choice_field("tile", C.JUNGLE_KINDS), pair_field("cell"))

    def __new__(cls, tile: str, cell):
        return tuple.__new__(cls, (tile, tuple(cell)))

    tile = property(itemgetter(0))
    cell = property(itemgetter(1))

    def describe(self) -> str:
        return T("fill {cell} with a {tile}", cell=str(self.cell),
                 tile=C.JUNGLE_LABELS.get(self.tile, self.tile))


class Work(TupleAction):
    """Turn step C: one activated worker on side `side` (0-3 = N E S W) of the tile on `cell` does
    the action of the jungle tile it faces."""
    __slots__ = ()
    kind = "work"
    json_fields = (pair_field("cell"), Field("side", _side, SIDES.__getitem__))

    def __new__(cls, cell, side: int):
        return tuple.__new__(cls, (tuple(cell), side))

    cell = property(itemgetter(0))
    side = property(itemgetter(1))

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
