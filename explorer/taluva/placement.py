"""Where the drawn tile may go: at sea level next to the island, or as an eruption.

`placement_problem` names the first rule a placement breaks (or None); `legal_placements` lists
exactly the placements with no problem. Both read only the island's top hexes and buildings, so
the view can ask them about any position. A state keeps the indexes the listing reads (`Coast`,
`eruption_sites`, `eruption_guards`) up to date as tiles and buildings are placed, so that
listing the placements of a turn never searches the whole island.
"""
from __future__ import annotations

from itertools import chain
from typing import Iterable, NamedTuple

from ..core import LazyActions
from ..frozen import FrozenMap
from ..messages import T
from .actions import Place
from .board import (DIRECTIONS, Hex, Settlement, neighbours, settlement_at, settlements,
                    tile_hexes)
from .components import VOLCANO, terrain_name

ORIGIN: Hex = (0, 0)
# Listing placements works on hexes packed into ints (q * _K + r, which sorts like (q, r)) and
# on placements packed as hex * 8 + rotation (which sorts like (q, r, rotation)): hundreds of
# candidates per call, so set arithmetic on ints keeps it fast.
_K = 1 << 12
_SIDES = tuple((DIRECTIONS[k], DIRECTIONS[(k + 1) % 6]) for k in range(6))
# The hexes next to a tile turned k and not under it, as steps from its volcano.
_TILE_RING = tuple(
    tuple(sorted({(q + dq, r + dr) for q, r in tile for dq, dr in DIRECTIONS}.difference(tile)))
    for tile in (((0, 0),) + _SIDES[k] for k in range(6)))
_STEPS = tuple(dq * _K + dr for dq, dr in DIRECTIONS)
# A tile covers three hexes that touch each other. The triangle of a hex s and its neighbours
# s + _STEPS[k], s + _STEPS[k + 1] is the placement (s, k); with the volcano on the second
# corner it is turned k + 2, on the third k + 4. Per k: the two steps and the three placements
# as offsets from s * 8.
_TRIANGLES = tuple(
    (_STEPS[k], _STEPS[(k + 1) % 6],
     (k, _STEPS[k] * 8 + (k + 2) % 6, _STEPS[(k + 1) % 6] * 8 + (k + 4) % 6))
    for k in range(6))
# The 18 placements that cover a hex s, as offsets from s * 8.
_AROUND = tuple(offset for _, _, corners in _TRIANGLES for offset in corners)
# The placements with their volcano in column q (q * _K + r for every r) are one range of
# packed placements: (placement + _HALF) >> 15 is its column.
_HALF = 4 * _K
_NONE: frozenset[int] = frozenset()
_FIRST_TILE = {0: frozenset(range(6))}   # ORIGIN packs to 0


def _column(placement: int) -> int:
    return (placement + _HALF) >> 15


class _Shore:
    """What joining the island changes for a shape of hexes, as offsets from its origin h
    (placements from h * 8, columns from h's): the placements over the shape go, and the
    triangles with a corner next to the shape and none on it come if every corner is sea.
    Per column: (column, the placements that go, (corners as bits, placement) of those that
    may come); the bits number the `corners`, so that the land around the shape is looked up
    once per hex instead of once per triangle."""
    __slots__ = ("hexes", "corners", "columns")

    def __init__(self, shape: tuple[int, ...]):
        self.hexes = shape
        gone: dict[int, list[int]] = {}   # column -> the placements over the shape
        for offset in sorted({h * 8 + offset for h in shape for offset in _AROUND}):
            gone.setdefault(_column(offset), []).append(offset)
        triangles = {}   # corners -> its three placements
        for step in {h + d for h in shape for d in _STEPS}.difference(shape):
            for d1, d2, corners in _TRIANGLES:
                hexes = frozenset((step, step + d1, step + d2))
                if hexes.isdisjoint(shape):
                    triangles[hexes] = [step * 8 + c for c in corners]
        self.corners = tuple(sorted(set().union(*triangles)))
        bit = {c: 1 << i for i, c in enumerate(self.corners)}
        come: dict[int, list] = {}
        for hexes, placements in triangles.items():
            for p in placements:
                come.setdefault(_column(p), []).append((sum(bit[c] for c in hexes), p))
        self.columns = tuple((q, tuple(gone.get(q, ())), tuple(come.get(q, ())))
                             for q in sorted(gone.keys() | come.keys()))

    def land_bits(self, h: int, land) -> int:
        """The corners on the island `land` around the shape at hex h, as bits."""
        found, bit = 0, 1
        for c in self.corners:
            if h + c in land:
                found |= bit
            bit <<= 1
        return found


_HEX_SHORE = _Shore((0,))
_TILE_SHORES = tuple(_Shore((0, _STEPS[k], _STEPS[(k + 1) % 6])) for k in range(6))


def _packed(volcano, rotation) -> int | None:
    """A placement packed, or None for one that packs to nothing (not whole numbers, out of
    range)."""
    if (type(volcano) is tuple and len(volcano) == 2 and type(volcano[0]) is int
            and type(volcano[1]) is int and -_K // 2 <= volcano[1] < _K // 2
            and type(rotation) is int and 0 <= rotation < 6):
        return (volcano[0] * _K + volcano[1]) * 8 + rotation
    return None


def _decode(code: int) -> Hex:
    q = (code + _K // 2) // _K
    return (q, code - q * _K)


class _Made(dict):
    """Packed placement -> its value, made on first use and then shared (values are immutable
    tuples, so sharing them between positions is safe)."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, code: int):
        value = self[code] = self.make(code)
        return value


_SPOTS = _Made(lambda code: (_decode(code >> 3), code & 7))   # (volcano, rotation)
_PLACES = _Made(lambda code: Place(*_SPOTS[code]))            # its Place action


class Problem(NamedTuple):
    rule: str
    reason: str


def placement_problem(hexes, buildings, volcano: Hex, rotation: int) -> Problem | None:
    """The first rule placing the tile this way breaks, or None if it is legal."""
    if not (len(volcano) == 2 and all(type(v) is int for v in volcano)):
        return Problem("taluva.place.adjacent",
                       T("{hex} is not a hex (q, r) next to the island", hex=repr(volcano)))
    if not (isinstance(rotation, int) and not isinstance(rotation, bool) and 0 <= rotation < 6):
        return Problem("taluva.place.rotation",
                       T("a tile is turned 0-5 sixth turns, not {rotation}",
                         rotation=repr(rotation)))
    cover = tile_hexes(volcano, rotation)
    under = [hexes.get(h) for h in cover]
    if not any(under):
        return _sea_level_problem(hexes, volcano, cover)
    return _eruption_problem(buildings, cover, under, rotation)


def _sea_level_problem(hexes, volcano: Hex, cover) -> Problem | None:
    if not hexes:
        if volcano != ORIGIN:
            return Problem("taluva.place.first_tile",
                           T("the first tile may lie anywhere; the explorer puts its volcano on "
                             "the centre (0, 0), so that every island starts in the same place"))
        return None
    if not any(n in hexes for h in cover for n in neighbours(h)):
        return Problem("taluva.place.adjacent",
                       T("a tile at sea level must share at least one edge with the island"))
    return None


def _eruption_problem(buildings, cover, under, rotation: int) -> Problem | None:
    failure = _eruption_failure(buildings, cover, under, rotation)
    if failure is None:
        return None
    rule, detail = failure
    return Problem(rule, _REASONS[rule](detail))


def _eruption_failure(buildings, cover, under, rotation: int):
    """(rule id, detail) of the first eruption condition broken, or None (the reason text
    is written only for a refusal)."""
    v = under[0]
    if v is None or v.terrain != VOLCANO:
        return "taluva.erupt.volcano_on_volcano", v
    if under[1] is None or under[2] is None:
        return "taluva.erupt.no_gap", [h for h, c in zip(cover, under) if c is None]
    if not v.level == under[1].level == under[2].level:
        return "taluva.erupt.same_level", sorted({c.level for c in under})
    if rotation == v.rotation:
        return "taluva.erupt.lava_direction", None
    built = [h for h in cover[1:] if h in buildings]
    if built:
        for kind, rule in (("temple", "taluva.erupt.temple"), ("tower", "taluva.erupt.tower")):
            hit = [h for h in built if buildings[h].kind == kind]
            if hit:
                return rule, hit
        whole = _whole_settlement(buildings, cover[1:])
        if whole:
            return "taluva.erupt.settlement", whole
    return None


def _not_on_volcano(v):
    if v is None:
        return T("this tile would cover part of the island, which only an eruption may do, and "
                 "an eruption puts the volcano on a volcano; it is over the sea")
    return T("this tile would cover part of the island, which only an eruption may do, and an "
             "eruption puts the volcano on a volcano; it is on a {terrain} hex",
             terrain=terrain_name(v.terrain))


_REASONS = {
    "taluva.erupt.volcano_on_volcano": _not_on_volcano,
    "taluva.erupt.no_gap": lambda gaps: T(
        "{hexes} would lie over the sea: all three hexes of an eruption need a tile under them "
        "(no gap)", hexes=_hexes(gaps)),
    "taluva.erupt.same_level": lambda levels: T(
        "the hexes under the tile are at levels {levels}: an eruption lies on hexes of one and "
        "the same level", levels=tuple(levels)),
    "taluva.erupt.lava_direction": lambda _: T(
        "the lava would point the same way as the covered volcano's, so the tile would lie "
        "exactly on one tile: an eruption turns the volcano another way and covers at least "
        "two tiles"),
    "taluva.erupt.temple": lambda hit: T(
        "a temple stands on {hexes}: temples and towers are never covered", hexes=_hexes(hit)),
    "taluva.erupt.tower": lambda hit: T(
        "a tower stands on {hexes}: temples and towers are never covered", hexes=_hexes(hit)),
    "taluva.erupt.settlement": lambda whole: T(
        "the eruption would cover the whole settlement on {hexes}; a settlement may shrink or "
        "split but never vanish completely", hexes=_hexes(whole)),
}


def _whole_settlement(buildings, covered) -> list[Hex] | None:
    """The hexes of a settlement lying wholly inside `covered`, if there is one."""
    for h in covered:
        if h in buildings:
            hexes = settlement_at(buildings, h).hexes
            if all(n in covered for n in hexes):
                return list(hexes)
    return None


def legal_placements(hexes, buildings) -> list[tuple[Hex, int]]:
    """Every (volcano hex, rotation) the rules allow, sea level and eruptions, in (q, r, rotation)
    order."""
    return placements_of(hexes, buildings).spots()


def placements_of(hexes, buildings) -> Placements:
    """The Place actions of `legal_placements`, in the same order, for any island (a state
    keeps its coast and eruption sites up to date instead of finding them again)."""
    return Placements(hexes, Coast().grown(hexes), eruption_sites(FrozenMap(), hexes, hexes),
                      eruption_guards(buildings, settlements(buildings)))


class Coast(NamedTuple):
    """The island's hexes and its sea-level placements, packed: every triangle of empty hexes
    with a corner on the shore (an empty hex next to the island), with the volcano on each of
    its three corners. Kept up to date as tiles are placed, as an island grows by three hexes
    a turn. The placements are kept by column, so that a tile changes a few short columns and
    the placements come in order by sorting only the columns read."""
    land: frozenset[int] = frozenset()
    sea: FrozenMap = FrozenMap()   # column -> frozenset of its placements

    def holds(self, volcano, rotation) -> bool:
        """Whether placing the volcano on `volcano` turned `rotation` is one of these sea-level
        placements."""
        code = _packed(volcano, rotation)
        return code is not None and code in self.sea.get(_column(code), ())

    def grown(self, added) -> Coast:
        """The coast once the hexes `added` (not on the island before) joined the island: the
        placements over them go and the triangles next to them come."""
        new = [q * _K + r for q, r in added]
        return self._grown(new, [(h, _HEX_SHORE) for h in new])

    def placed(self, volcano: Hex, rotation: int) -> Coast:
        """`grown` by the hexes of a tile placed at sea level: the triangles around a tile
        are worked out once per rotation, each once."""
        origin = volcano[0] * _K + volcano[1]
        shore = _TILE_SHORES[rotation]
        return self._grown([origin + h for h in shore.hexes], [(origin, shore)])

    def _grown(self, new: list[int], shores) -> Coast:
        """`new`: the hexes added, packed; `shores`: (origin, _Shore) pairs covering them.
        What one shore adds no other takes away (a triangle that comes has no corner on the
        island), so the shores change the columns one after another."""
        land = self.land.union(new)
        sea = FrozenMap(self.sea)   # nobody holds it yet
        for h, shore in shores:
            at = h * 8
            q = _column(at)
            on_land = shore.land_bits(h, land)
            for dq, gone, come in shore.columns:
                column = sea.get(q + dq, _NONE).difference(map(at.__add__, gone))
                fresh = [at + p for corners, p in come if not corners & on_land]
                if fresh:
                    column = column.union(fresh)
                if column:
                    dict.__setitem__(sea, q + dq, column)
                else:
                    dict.pop(sea, q + dq, None)
        return Coast(land, sea)


def eruption_sites(sites: FrozenMap, hexes, changed) -> FrozenMap:
    """Volcano hex -> its eruptions that the tiles allow (volcano on a volcano, lava another way,
    three hexes of one level; buildings aside), each as (packed placement, the two landscape
    hexes it covers).

    `sites` are those of the island before the hexes `changed` were placed: only volcanoes on
    or next to a changed hex are looked at again."""
    return _sites_after(sites, hexes, changed, {n for h in changed for n in neighbours(h)})


def sites_after_tile(sites: FrozenMap, hexes, volcano: Hex, rotation: int) -> FrozenMap:
    """`eruption_sites` once a tile lay on `volcano` turned `rotation`: the hexes next to a
    tile are worked out once per rotation."""
    q, r = volcano
    return _sites_after(sites, hexes, tile_hexes(volcano, rotation),
                        [(q + dq, r + dr) for dq, dr in _TILE_RING[rotation]])


def _sites_after(sites: FrozenMap, hexes, changed, around) -> FrozenMap:
    """`sites` with the `changed` hexes looked at again, and the volcanoes `around` them (a hex
    there that is no volcano was not changed, so it is no site and was none)."""
    found = FrozenMap(sites)   # nobody holds it yet
    get = hexes.get
    for v in changed:
        cell = get(v)
        if cell is not None and cell.terrain == VOLCANO:
            _look_again(found, get, v, cell)
        elif v in found:
            dict.__delitem__(found, v)
    for v in around:
        cell = get(v)
        if cell is not None and cell.terrain == VOLCANO:
            _look_again(found, get, v, cell)
    return found


def _look_again(found: FrozenMap, get, v: Hex, cell) -> None:
    """Enter the eruptions of the volcano `cell` on `v` in `found` (a map nobody holds yet)."""
    q, r = v
    packed = (q * _K + r) * 8
    erupt = []
    for k, ((dq1, dr1), (dq2, dr2)) in enumerate(_SIDES):
        if k == cell.rotation:
            continue
        a, b = (q + dq1, r + dr1), (q + dq2, r + dr2)
        under_a, under_b = get(a), get(b)
        if (under_a is not None and under_b is not None
                and under_a.level == under_b.level == cell.level):
            erupt.append((packed + k, a, b))
    if erupt:
        dict.__setitem__(found, v, tuple(erupt))
    elif v in found:
        dict.__delitem__(found, v)


def eruption_guards(buildings, found: Iterable[Settlement]) -> FrozenMap:
    """Built hex h -> the hex together with which an eruption may not cover h: h itself (a
    temple or tower, never covered, or a settlement of one hex) or the other hex of a
    settlement of two hexes (a settlement never vanishes completely). `found`: every
    settlement."""
    guards: dict = {}
    for s in found:
        _guard(guards, buildings, s)
    return FrozenMap(guards)


def guards_after(guards: FrozenMap, buildings, grown: Settlement) -> FrozenMap:
    """`guards` once a build made the settlement `grown` (of settlements of its owner that
    were smaller, or of none)."""
    found = dict(guards)
    for h in grown.hexes:
        found.pop(h, None)
    _guard(found, buildings, grown)
    return FrozenMap(found)


def _guard(guards: dict, buildings, s: Settlement) -> None:
    """Enter the guards of settlement `s` in `guards`."""
    if len(s.hexes) == 1:
        guards[s.key] = s.key
    elif len(s.hexes) == 2:
        a, b = s.hexes
        guards[a], guards[b] = b, a
    for h in s.hexes:
        if buildings[h].kind != "hut":
            guards[h] = h


class Placements(LazyActions):
    """The legal placements as Place actions in (q, r, rotation) order, made when read: a turn
    offers hundreds at sea level and a bot reads one. Built from the island's coast, eruption
    sites and eruption guards."""
    __slots__ = ("_sea", "_eruptions", "_sorted")

    def __init__(self, hexes, coast: Coast, sites: FrozenMap, guards: FrozenMap):
        if not hexes:
            self._sea, self._eruptions = _FIRST_TILE, ()
        else:
            self._sea = coast.sea
            guard = guards.get
            self._eruptions = [code for erupt in sites.values() for code, a, b in erupt
                               if guard(a) not in (a, b) and guard(b) not in (a, b)]
        self._sorted = None
        super().__init__(sum(map(len, self._sea.values())) + len(self._eruptions))

    def _columns(self):
        """(sea-level placements, eruptions) of each column, columns in order."""
        sea, erupted = self._sea, {}
        for code in self._eruptions:   # a few
            erupted.setdefault(_column(code), []).append(code)
        for q in sorted(sea.keys() | erupted.keys() if erupted else sea):
            yield sea.get(q, _NONE), erupted.get(q, ())

    def _codes(self) -> list[int]:
        if self._sorted is None:
            self._sorted = [code for column, erupted in self._columns()
                            for code in sorted(chain(column, erupted))]
        return self._sorted

    def spots(self) -> list[tuple[Hex, int]]:
        """The placements as (volcano hex, rotation) pairs."""
        return [_SPOTS[code] for code in self._codes()]

    def _item(self, index: int) -> Place:
        """One action sorts only the column it lies in."""
        if self._sorted is not None:
            return _PLACES[self._sorted[index]]
        for column, erupted in self._columns():
            size = len(column) + len(erupted)
            if index < size:
                return _PLACES[sorted(chain(column, erupted))[index]]
            index -= size
        raise IndexError(index)

    def _actions(self):
        return map(_PLACES.__getitem__, self._codes())

    def _contains(self, action) -> bool:
        if type(action) is not Place:
            return False
        code = _packed(*action)
        return (code is not None and code in self._sea.get(_column(code), ())
                or code in self._eruptions)


def covered_tiles(hexes, volcano: Hex, rotation: int) -> list[int]:
    """The placements (indexes) an eruption would cover, in order."""
    return sorted({hexes[h].placement for h in tile_hexes(volcano, rotation) if h in hexes})


def _hexes(hs) -> tuple[str, ...]:
    """Hexes as a template lists them: "(0, 1), (1, 0)"."""
    return tuple(str(h) for h in sorted(hs))
