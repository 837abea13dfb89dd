"""Animals on Board: the three kinds of action (keep at set-up, split, take), as tile tuples."""
from __future__ import annotations

from ..core import TupleAction
from ..fields import Field, given
from ..messages import Message, T
from . import components as C


def _tiles_json(tiles) -> list[str]:
    return [C.tile_name(t) for t in tiles]


def _tiles_from_json(data, field: str = "tiles") -> tuple[int, ...]:
    raw = given(data, field)
    if not isinstance(raw, list) or not raw:
        raise ValueError(T("action field {field} must be a non-empty list of tile names",
                           field=repr(field)))
    return tuple(sorted(C.tile_from_name(n) if isinstance(n, str) else _bad_tile(n) for n in raw))


def _bad_tile(value):
    raise ValueError(T("tile names are strings like 'panda-3', not {value}", value=repr(value)))


class _TileAction(TupleAction):
    """An action naming tiles: a sorted tuple of tile ids that knows its kind.

    A tuple subclass, so that `Moves` can make a split from a group with one cheap call.
    """
    __slots__ = ()
    json_fields = (Field("tiles", _tiles_from_json, _tiles_json),)

    def __new__(cls, tiles):
        if isinstance(tiles, int):
            tiles = (tiles,)
        return tuple.__new__(cls, sorted(tiles))

    @property
    def tiles(self) -> tuple[int, ...]:
        return tuple(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({C.names(self)})"


class Keep(_TileAction):
    """Set-up: keep this one of your three drawn tiles secretly in your ark."""
    __slots__ = ()
    kind = "keep"

    @property
    def tile(self) -> int:
        return self.tiles[0]

    def describe(self) -> Message:
        return T("keep {tile}", tile=C.tile_label(self.tile))


class Split(_TileAction):
    """Action A: `tiles` leave their group and form a new group beside it."""
    __slots__ = ()
    kind = "split"

    def describe(self) -> Message:
        return T("split off {tiles}", tiles=C.labels(self.tiles))


class Take(_TileAction):
    """Action B: take the whole group made of `tiles` into your ark."""
    __slots__ = ()
    kind = "take"

    def describe(self) -> Message:
        return T("take {tiles}", tiles=C.labels(self.tiles))


ACTION_TYPES = {"keep": Keep, "split": Split, "take": Take}
