"""Taluva actions: place the drawn tile, then build (new hut, expansion, temple or tower).

Actions are small tuples that know their kind (cheap to list by the hundred). Hexes are axial
(q, r) pairs (see board). An expansion names its settlement by the settlement's key hex, the
first of its hexes in (q, r) order, so that each expansion has exactly one spelling.
"""
from __future__ import annotations

from ..core import TupleAction
from ..fields import Field, choice_field, pair_field, whole_field
from ..messages import Message, T
from .board import lava_direction
from .components import TERRAINS, terrain_name


def _hex(name: str) -> Field:
    return pair_field(name, "[q, r]")


class Place(TupleAction):
    """Decision 1: put the drawn tile with its volcano on `volcano`, turned `rotation` (0-5)."""
    __slots__ = ()
    kind = "place"
    json_fields = (_hex("volcano"), whole_field("rotation"))

    def __new__(cls, volcano, rotation: int = 0):
        return tuple.__new__(cls, (tuple(volcano), rotation))

    volcano = property(lambda self: self[0])
    rotation = property(lambda self: self[1])

    def describe(self) -> Message:
        lava = lava_direction(self.rotation) if isinstance(self.rotation, int) else "?"
        return T("place the tile with its volcano on {volcano}, lava {lava}",
                 volcano=str(self.volcano), lava=lava)


class _OnHex(TupleAction):
    """A building on one hex."""
    __slots__ = ()
    json_fields = (_hex("hex"),)

    def __new__(cls, hex):
        return tuple.__new__(cls, (tuple(hex),))

    hex = property(lambda self: self[0])


class Hut(_OnHex):
    """Decision 2: a new hut on an empty level-1 hex (by default away from your settlements)."""
    __slots__ = ()
    kind = "hut"

    def describe(self) -> Message:
        return T("build a new hut on {hex}", hex=str(self.hex))


class Temple(_OnHex):
    """Decision 2: a temple next to your settlement of 3+ hexes that has no temple."""
    __slots__ = ()
    kind = "temple"

    def describe(self) -> Message:
        return T("build a temple on {hex}", hex=str(self.hex))


class Tower(_OnHex):
    """Decision 2: a tower on a level-3+ hex next to your settlement that has no tower."""
    __slots__ = ()
    kind = "tower"

    def describe(self) -> Message:
        return T("build a tower on {hex}", hex=str(self.hex))


class Expand(TupleAction):
    """Decision 2: huts on every empty `terrain` hex next to the settlement whose key hex is
    `settlement`, as many per hex as its level."""
    __slots__ = ()
    kind = "expand"
    json_fields = (_hex("settlement"), choice_field("terrain", TERRAINS))

    def __new__(cls, settlement, terrain: str):
        return tuple.__new__(cls, (tuple(settlement), terrain))

    settlement = property(lambda self: self[0])
    terrain = property(lambda self: self[1])

    def describe(self) -> Message:
        return T("expand the settlement at {hex} into the {terrain}", hex=str(self.settlement),
                 terrain=terrain_name(self.terrain))


class Finish(TupleAction):
    """Variant one_kind only: stop building for this turn (after at least one building)."""
    __slots__ = ()
    kind = "finish"

    def describe(self) -> Message:
        return T("stop building for this turn")


ACTION_TYPES = {cls.kind: cls for cls in (Place, Hut, Expand, Temple, Tower, Finish)}
BUILD_KINDS = ("hut", "expand", "temple", "tower")
