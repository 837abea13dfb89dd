"""Taluva actions: place the drawn tile, then build (new hut, expansion, temple or tower).

Actions are small tuples that know their kind (cheap to list by the hundred). Hexes are axial
(q, r) pairs (see board). An expansion names its settlement by the settlement's key hex, the
first of its hexes in (q, r) order, so that each expansion has exactly one spelling.
"""
from __future__ import annotations

from ..core import TupleAction
from ..text import Message, T
from .board import lava_direction
from .components import TERRAINS, terrain_name


def _given(data: dict, field: str):
    """The value of a field the action needs: one left out is refused, not guessed (a record
    would otherwise replay differently from what its author meant)."""
    if field not in data:
        raise ValueError(T("action field {field} is missing", field=repr(field)))
    return data[field]


def _hex(data: dict, field: str) -> tuple[int, int]:
    raw = _given(data, field)
    if (not isinstance(raw, (list, tuple)) or len(raw) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw)):
        raise ValueError(T("action field {field} must be a list of two whole numbers [q, r], "
                           "not {value}", field=repr(field), value=repr(raw)))
    return (raw[0], raw[1])


class _TaluvaAction(TupleAction):
    __slots__ = ()

    def __repr__(self) -> str:
        return f"{type(self).__name__}{tuple.__repr__(self)}"


class Place(_TaluvaAction):
    """Decision 1: put the drawn tile with its volcano on `volcano`, turned `rotation` (0-5)."""
    __slots__ = ()
    kind = "place"

    def __new__(cls, volcano, rotation: int = 0):
        return tuple.__new__(cls, (tuple(volcano), rotation))

    volcano = property(lambda self: self[0])
    rotation = property(lambda self: self[1])

    def to_json(self) -> dict:
        return {"type": self.kind, "volcano": list(self.volcano), "rotation": self.rotation}

    @classmethod
    def from_json(cls, data: dict):
        rotation = _given(data, "rotation")
        if not isinstance(rotation, int) or isinstance(rotation, bool):
            raise ValueError(T("action field 'rotation' must be 0-5, not {value}",
                               value=repr(rotation)))
        return cls(_hex(data, "volcano"), rotation)

    def describe(self) -> Message:
        lava = lava_direction(self.rotation) if isinstance(self.rotation, int) else "?"
        return T("place the tile with its volcano on {volcano}, lava {lava}",
                 volcano=str(self.volcano), lava=lava)


class _OnHex(_TaluvaAction):
    __slots__ = ()
    what = ""

    def __new__(cls, hex):
        return tuple.__new__(cls, (tuple(hex),))

    hex = property(lambda self: self[0])

    def to_json(self) -> dict:
        return {"type": self.kind, "hex": list(self.hex)}

    @classmethod
    def from_json(cls, data: dict):
        return cls(_hex(data, "hex"))

    def describe(self) -> Message:
        return self.described(str(self.hex))

    @staticmethod
    def described(hex: str) -> Message:
        raise NotImplementedError


class Hut(_OnHex):
    """Decision 2: a new hut on an empty level-1 hex (by default away from your settlements)."""
    __slots__ = ()
    kind = "hut"
    what = "a new hut"

    @staticmethod
    def described(hex: str) -> Message:
        return T("build a new hut on {hex}", hex=hex)


class Temple(_OnHex):
    """Decision 2: a temple next to your settlement of 3+ hexes that has no temple."""
    __slots__ = ()
    kind = "temple"
    what = "a temple"

    @staticmethod
    def described(hex: str) -> Message:
        return T("build a temple on {hex}", hex=hex)


class Tower(_OnHex):
    """Decision 2: a tower on a level-3+ hex next to your settlement that has no tower."""
    __slots__ = ()
    kind = "tower"
    what = "a tower"

    @staticmethod
    def described(hex: str) -> Message:
        return T("build a tower on {hex}", hex=hex)


class Expand(_TaluvaAction):
    """Decision 2: huts on every empty `terrain` hex next to the settlement whose key hex is
    `settlement`, as many per hex as its level."""
    __slots__ = ()
    kind = "expand"

    def __new__(cls, settlement, terrain: str):
        return tuple.__new__(cls, (tuple(settlement), terrain))

    settlement = property(lambda self: self[0])
    terrain = property(lambda self: self[1])

    def to_json(self) -> dict:
        return {"type": self.kind, "settlement": list(self.settlement), "terrain": self.terrain}

    @classmethod
    def from_json(cls, data: dict):
        terrain = _given(data, "terrain")
        if terrain not in TERRAINS:
            raise ValueError(T("action field 'terrain' must be one of {terrains}, not {value}",
                               terrains=", ".join(TERRAINS), value=repr(terrain)))
        return cls(_hex(data, "settlement"), terrain)

    def describe(self) -> Message:
        return T("expand the settlement at {hex} into the {terrain}", hex=str(self.settlement),
                 terrain=terrain_name(self.terrain))


class Finish(_TaluvaAction):
    """Variant one_kind only: stop building for this turn (after at least one building)."""
    __slots__ = ()
    kind = "finish"

    def __new__(cls):
        return tuple.__new__(cls, ())

    def to_json(self) -> dict:
        return {"type": self.kind}

    @classmethod
    def from_json(cls, data: dict):
        return cls()

    def describe(self) -> Message:
        return T("stop building for this turn")


ACTION_TYPES = {cls.kind: cls for cls in (Place, Hut, Expand, Temple, Tower, Finish)}
BUILD_KINDS = ("hut", "expand", "temple", "tower")
