"""Island geometry and settlements: pure functions the engine and the view share.

Hexes use axial coordinates (q, r). Drawn pointy-top with r growing downwards, the six
neighbours in clockwise order are E (1, 0), SE (0, 1), SW (-1, 1), W (-1, 0), NW (0, -1),
NE (1, -1); the centre of (q, r) lies at x = sqrt(3) * (q + r / 2), y = 1.5 * r (hex size 1).

A tile placed with its volcano on hex v and turned `rotation` (0-5) covers v, then its first
landscape on v + DIRECTIONS[rotation] and its second on v + DIRECTIONS[rotation + 1]: going round
the volcano clockwise, as printed. The lava flows from the volcano towards the corner where the
two landscapes meet, so the rotation is also the lava direction.
"""
from __future__ import annotations

from typing import Iterable, NamedTuple

from ..frozen import FrozenMap
from ..messages import Message, T

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DIRECTION_NAMES = ("E", "SE", "SW", "W", "NW", "NE")
DIRECTION_LABELS = (T("E"), T("SE"), T("SW"), T("W"), T("NW"), T("NE"))   # as text shows them


def neighbours(h: Hex) -> tuple[Hex, ...]:
    q, r = h
    return ((q + 1, r), (q, r + 1), (q - 1, r + 1), (q - 1, r), (q, r - 1), (q + 1, r - 1))


def tile_hexes(volcano: Hex, rotation: int) -> tuple[Hex, Hex, Hex]:
    """The hexes a tile covers: (volcano, first landscape, second landscape)."""
    q, r = volcano
    dq1, dr1 = DIRECTIONS[rotation % 6]
    dq2, dr2 = DIRECTIONS[(rotation + 1) % 6]
    return (volcano, (q + dq1, r + dr1), (q + dq2, r + dr2))


def lava_direction(rotation: int) -> Message:
    """Where the lava of a volcano turned `rotation` points, e.g. 'between E and SE'."""
    return T("between {first} and {second}", first=DIRECTION_LABELS[rotation % 6],
             second=DIRECTION_LABELS[(rotation + 1) % 6])


def hex_centre(h: Hex) -> tuple[float, float]:
    """Centre of a hex in hex-size units (pointy-top, y downwards)."""
    q, r = h
    return (3 ** 0.5 * (q + r / 2), 1.5 * r)


class Cell(NamedTuple):
    """The top of one island hex: its landscape (or 'volcano'), how many tiles are stacked there,
    and which placed tile (index into the placements, in order) shows on top."""
    terrain: str
    level: int
    placement: int
    rotation: int   # of the tile on top: for a volcano, its lava direction


class Building(NamedTuple):
    owner: int
    kind: str       # hut, temple, tower
    count: int = 1  # huts on the hex (an expansion puts as many as the level)


class Settlement(NamedTuple):
    """Buildings of one player on touching hexes. `key` (the first hex in (q, r) order) names it
    in an expansion."""
    owner: int
    hexes: tuple[Hex, ...]

    @property
    def key(self) -> Hex:
        return self.hexes[0]

    def has(self, buildings, kind: str) -> bool:
        return any(buildings[h].kind == kind for h in self.hexes)

    def huts(self, buildings) -> int:
        return sum(buildings[h].count for h in self.hexes if buildings[h].kind == "hut")


_last: list = [None, (), {}]   # the buildings map last asked about, its settlements, by hex


def _settled(buildings) -> tuple[tuple[Settlement, ...], dict[Hex, Settlement]]:
    """Every settlement, and the settlement of each built hex. Kept for the last frozen map:
    states share their maps between forks, and the rules ask about the settlements of one map
    many times."""
    if not isinstance(buildings, FrozenMap):   # a plain dict may change: no caching
        found = _all_settlements(buildings)
        return found, _by_hex(found)
    if _last[0] is not buildings:
        found = _all_settlements(buildings, _last[0], _last[1])
        _last[:] = [buildings, found, _by_hex(found)]
    return _last[1], _last[2]


def _by_hex(found) -> dict[Hex, Settlement]:
    return {h: s for s in found for h in s.hexes}


def settlements(buildings, player: int | None = None) -> list[Settlement]:
    """Every settlement (of `player`, or of everyone), ordered by owner then key hex."""
    found = _settled(buildings)[0]
    return [s for s in found if player is None or s.owner == player]


def _all_settlements(buildings, known=None, known_found=()) -> tuple[Settlement, ...]:
    """Every settlement, ordered. `known` may be an earlier map and `known_found` its
    settlements: when every building of `known` still stands, a settlement that no new building
    touches is the same, and only the others are traced again."""
    found: list[Settlement] = []
    starts = buildings
    if known is not None and known.items() <= buildings.items():
        added = buildings.keys() - known.keys()
        near = added.union(*(neighbours(h) for h in added))
        found = [s for s in known_found if near.isdisjoint(s.hexes)]
        starts = added.union(*(s.hexes for s in known_found if not near.isdisjoint(s.hexes)))
    seen: set[Hex] = set()
    for start in starts:
        if start in seen:
            continue
        owner = buildings[start].owner
        group, todo = {start}, [start]
        while todo:
            for n in neighbours(todo.pop()):
                b = buildings.get(n)
                if b is not None and b.owner == owner and n not in group:
                    group.add(n)
                    todo.append(n)
        seen |= group
        found.append(Settlement(owner, tuple(sorted(group))))
    return tuple(sorted(found))


def settlement_at(buildings, h: Hex) -> Settlement | None:
    """The settlement that holds hex `h`, if a building stands there."""
    if h not in buildings:
        return None
    return _settled(buildings)[1][h]


def touching(found: Iterable[Settlement], h: Hex) -> list[Settlement]:
    """The settlements with a hex next to `h`."""
    around = set(neighbours(h))
    return [s for s in found if around.intersection(s.hexes)]


def rim(s: Settlement) -> frozenset[Hex]:
    """The hexes next to settlement `s`, outside it: where it grows and what it touches."""
    return frozenset(n for h in s.hexes for n in neighbours(h)).difference(s.hexes)


def shrunk(own: tuple[Settlement, ...], gone) -> tuple[Settlement, ...]:
    """Settlements `own` (ordered) once the buildings on the hexes `gone` left the island: a
    settlement that lost hexes is traced again in what is left of it, and may split."""
    kept = []
    for s in own:
        if gone.isdisjoint(s.hexes):
            kept.append(s)
            continue
        left = set(s.hexes).difference(gone)
        while left:
            group, todo = set(), [left.pop()]
            while todo:
                h = todo.pop()
                group.add(h)
                for n in neighbours(h):
                    if n in left:
                        left.remove(n)
                        todo.append(n)
            kept.append(Settlement(s.owner, tuple(sorted(group))))
    return tuple(sorted(kept))
