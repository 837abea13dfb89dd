"""Indian Summer actions: small tuples (built by the thousand in legal_actions) that know their kind.

Leaf tiles are named ("G01", "Y12", "R29"), cells are [x, y], orientations index
`geometry.orientations` of the shape (turned and flipped, repeats removed).
"""
from __future__ import annotations

from ..core import TupleAction
from ..fields import Field, choice_field, given, one_of, pair_field, whole_field
from ..messages import T, player_name
from . import components as C

PATHS = ("upper", "lower")
ENDS = ("left", "right")
FOREST = "forest"
PATH_NAMES = {"upper": T("upper"), "lower": T("lower")}
END_NAMES = {"left": T("left"), "right": T("right")}


def path_name(path: str):
    """The upper or lower solo path in words."""
    return PATH_NAMES.get(path, path) if isinstance(path, str) else str(path)


def end_name(end: str):
    """The left or right end of a solo path in words."""
    return END_NAMES.get(end, end) if isinstance(end, str) else str(end)


def _tile(data: dict, field: str) -> str:
    raw = given(data, field)
    C.tile_id(raw)        # raises ValueError for an unknown name
    return raw


def _maybe(allowed: tuple):
    """A reader of a field that may be left out (or null): None then."""
    return lambda data, field: None if data.get(field) is None else one_of(data, field, allowed)


def _two_tiles(data: dict, field: str) -> list[str]:
    raw = given(data, field)
    if not isinstance(raw, list) or len(raw) != 2 or raw[0] == raw[1]:
        raise ValueError(T("action field {field} must name two different path tiles",
                           field=repr(field)))
    return [_tile({field: t}, field) for t in raw]


class _Laid(TupleAction):
    """A piece laid on the board turned `orientation` at `at`: (piece, orientation, x, y)."""
    __slots__ = ()
    orientation = property(lambda self: self[1])
    at = property(lambda self: (self[2], self[3]))

    def __new__(cls, piece: str, orientation: int, at):
        return tuple.__new__(cls, (piece, orientation, at[0], at[1]))


class Place(_Laid):
    """Lay a leaf tile (from your path, or one taken by mushroom or feather) on your board."""
    __slots__ = ()
    kind = "place"
    json_fields = (Field("tile", _tile), whole_field("orientation"), pair_field("at"))
    tile = property(lambda self: self[0])

    def describe(self) -> str:
        return T("lay {tile} (orientation {orientation}) at {at}", tile=self.tile,
                 orientation=self.orientation, at=str(self.at))


class Squirrel(TupleAction):
    """The tile action with a squirrel tile from the supply."""
    __slots__ = ()
    kind = "squirrel"
    json_fields = (pair_field("at"),)
    at = property(lambda self: (self[0], self[1]))

    def __new__(cls, at):
        return tuple.__new__(cls, (at[0], at[1]))

    def describe(self) -> str:
        return T("place a squirrel on {at}", at=str(self.at))


class Nut(Squirrel):
    """Spend a nut: a squirrel tile at once, besides the tile action."""
    __slots__ = ()
    kind = "nut"

    def describe(self) -> str:
        return T("spend a nut: squirrel on {at}", at=str(self.at))


class Berry(TupleAction):
    """Spend a berry: refill your path to 5, or take a 6th tile. Solo: from `path`'s `end`."""
    __slots__ = ()
    kind = "berry"
    json_fields = (Field("path", _maybe(PATHS)), Field("end", _maybe(ENDS)))
    path = property(lambda self: self[0])
    end = property(lambda self: self[1])

    def __new__(cls, path=None, end=None):
        return tuple.__new__(cls, (path, end))

    def to_json(self) -> dict:   # irregular: a berry off the solo paths names neither
        data = {"type": self.kind}
        if self.path is not None or self.end is not None:
            data.update(path=self.path, end=self.end)
        return data

    @classmethod
    def from_json(cls, data: dict):
        berry = super().from_json(data)
        if (berry.path is None) != (berry.end is None):
            raise ValueError(T("action fields 'path' and 'end' go together"))
        return berry

    def describe(self) -> str:
        if self.path:
            return T("spend a berry to draw tiles from the {end} end of the {path} path",
                     end=end_name(self.end), path=path_name(self.path))
        return T("spend a berry to draw tiles")


class Refill(Berry):
    """Solo: your path is empty; refill it from one end of the upper or lower path."""
    __slots__ = ()
    kind = "refill"
    json_fields = (choice_field("path", PATHS), choice_field("end", ENDS))

    def describe(self) -> str:
        return T("refill your path from the {end} end of the {path} path",
                 end=end_name(self.end), path=path_name(self.path))


class Exchange(TupleAction):
    """Trade tokens: one for one of the next lower kind, or two for one of the next higher."""
    __slots__ = ()
    kind = "exchange"
    json_fields = (choice_field("give", C.TOKENS), choice_field("take", C.TOKENS))
    give = property(lambda self: self[0])
    take = property(lambda self: self[1])

    def describe(self) -> str:
        up = (self.give in C.TOKENS and self.take in C.TOKENS
              and C.TOKENS.index(self.take) > C.TOKENS.index(self.give))
        return T("exchange {given} for a {take}", given=C.token_count(self.give, 2 if up else 1),
                 take=C.token_name(self.take))


class Animal(_Laid):
    """Lay an animal tile on connected empty holes."""
    __slots__ = ()
    kind = "animal"
    json_fields = (choice_field("animal", C.ANIMAL_BY_NAME), whole_field("orientation"),
                   pair_field("at"))
    animal = property(lambda self: self[0])

    def describe(self) -> str:
        return T("lay the {animal} (orientation {orientation}) at {at}",
                 animal=C.animal_name(self.animal), orientation=self.orientation,
                 at=str(self.at))


def _source_key(s):
    # players first, then the forest; anything else (refused by apply) sorts last
    if type(s) is int:
        return (0, s, "")
    return (1, 0, "") if s == FOREST else (2, 0, repr(s))


class Mushroom(TupleAction):
    """Spend a mushroom instead of the tile action: take the tiles right of two other players'
    backpacks (2 players: the opponent's and the forest's next tile; solo: the track's two
    tiles beside the mushroom space) and lay them."""
    __slots__ = ()
    kind = "mushroom"
    sources = property(lambda self: tuple(self))

    def __new__(cls, sources=()):
        return tuple.__new__(cls, tuple(sorted(sources, key=_source_key)))

    def to_json(self) -> dict:
        data = {"type": self.kind, "from": [s for s in self if s != FOREST]}
        if FOREST in self:
            data["forest"] = True
        return data

    @classmethod
    def from_json(cls, data: dict):
        raw = data.get("from", [])
        forest = data.get("forest", False)
        if not isinstance(raw, list) or not all(
                isinstance(s, int) and not isinstance(s, bool) for s in raw):
            raise ValueError(T("action field 'from' lists players (numbers from 0), not "
                               "{value}", value=repr(raw)))
        if forest not in (True, False) or len(raw) + forest > 2 or len(set(raw)) != len(raw):
            raise ValueError(T("a mushroom takes at most two tiles: from two players, or one "
                               "player and the forest ('forest': true)"))
        return cls(raw + ([FOREST] if forest else []))

    def describe(self) -> str:
        names = [T("forest") if s == FOREST else player_name(s) for s in self]
        if not names:
            return T("spend a mushroom: take the track's tiles")
        source = names[0]
        for name in names[1:]:
            source = T("{first} and {second}", first=source, second=name)
        return T("spend a mushroom: take {source}", source=source)


class Feather(TupleAction):
    """Spend a feather instead of the tile action: lay two tiles of your path."""
    __slots__ = ()
    kind = "feather"
    json_fields = (Field("tiles", _two_tiles, list),)
    tiles = property(lambda self: tuple(self))

    def __new__(cls, tiles):
        return tuple.__new__(cls, tuple(sorted(tiles, key=str)))

    def describe(self) -> str:
        return T("spend a feather: lay {first} and {second}", first=self[0], second=self[1])


class EndTurn(TupleAction):
    """End your turn (after the tile action, or when your board is full)."""
    __slots__ = ()
    kind = "end"

    def describe(self) -> str:
        return T("end the turn")


ACTION_TYPES = {cls.kind: cls for cls in (Place, Squirrel, Nut, Berry, Refill, Exchange, Animal,
                                          Mushroom, Feather, EndTurn)}
