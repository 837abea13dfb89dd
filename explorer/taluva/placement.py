"""Where the drawn tile may go: at sea level next to the island, or as an eruption.

`placement_problem` names the first rule a placement breaks (or None); `legal_placements` lists
exactly the placements with no problem. Both read only the island's top hexes and buildings, so
the view can ask them about any position.
"""
from __future__ import annotations

from typing import NamedTuple

from .actions import Place
from .board import DIRECTIONS, Hex, neighbours, settlement_at, settlements, tile_hexes
from ..messages import T
from .components import VOLCANO, terrain_name

ORIGIN: Hex = (0, 0)
# Listing placements works on hexes packed into ints (q * _K + r, which sorts like (q, r)) and
# on placements packed as hex * 8 + rotation (which sorts like (q, r, rotation)): hundreds of
# candidates per call, so set arithmetic on ints keeps it fast.
_K = 1 << 12
_SIDES = tuple((DIRECTIONS[k], DIRECTIONS[(k + 1) % 6]) for k in range(6))
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
    return [_SPOTS[code] for code in _legal_codes(hexes, buildings)]


def legal_place_actions(hexes, buildings) -> list[Place]:
    """The Place actions of `legal_placements`, in the same order."""
    return [_PLACES[code] for code in _legal_codes(hexes, buildings)]


def _legal_codes(hexes, buildings) -> list[int]:
    """The legal placements, packed, in order: the conditions of `_eruption_failure`, checked
    the cheap way round."""
    if not hexes:
        return list(range(6))   # ORIGIN packs to 0
    codes = list(_sea_level_codes(hexes))
    alone, pairs = _uncoverable(buildings)
    get = hexes.get
    for v, cell in hexes.items():
        if cell.terrain != VOLCANO:
            continue
        q, r = v
        packed = (q * _K + r) * 8
        for k, ((dq1, dr1), (dq2, dr2)) in enumerate(_SIDES):
            if k == cell.rotation:
                continue
            a, b = (q + dq1, r + dr1), (q + dq2, r + dr2)
            under_a, under_b = get(a), get(b)
            if (under_a is not None and under_b is not None
                    and under_a.level == under_b.level == cell.level
                    and a not in alone and b not in alone and (a, b) not in pairs):
                codes.append(packed + k)
    codes.sort()
    return codes


def _uncoverable(buildings) -> tuple[set[Hex], set[tuple[Hex, Hex]]]:
    """The hexes an eruption may not cover (a temple, a tower, a settlement of one hex) and the
    pairs of hexes it may not cover together (a settlement of two hexes, in both orders)."""
    alone = {h for h, b in buildings.items() if b.kind != "hut"}
    pairs = set()
    for s in settlements(buildings):
        if len(s.hexes) == 1:
            alone.add(s.key)
        elif len(s.hexes) == 2:
            a, b = s.hexes
            pairs.add((a, b))
            pairs.add((b, a))
    return alone, pairs


_last_sea: list = [(frozenset(), frozenset())]   # (island, its sea-level placements), packed


def _sea_level_codes(hexes) -> frozenset[int]:
    """Sea-level placements: every triangle of empty hexes with a corner on the shore (an empty
    hex next to the island), with the volcano on each of its three corners.

    The positions of a game grow one island, so the placements of the island last asked about
    are kept: for an island that contains it, only the placements over the added hexes go and
    the triangles next to them come."""
    occupied = {q * _K + r for q, r in hexes}
    before, sea = _last_sea[0]
    if not before <= occupied:
        before, sea = frozenset(), frozenset()
    added = occupied - before
    if added:
        gone = {h * 8 + offset for h in added for offset in _AROUND}
        shore = {h + d for h in added for d in _STEPS} - occupied
        sea = (sea - gone) | {s * 8 + corner for s in shore
                              for d1, d2, corners in _TRIANGLES
                              if s + d1 not in occupied and s + d2 not in occupied
                              for corner in corners}
    _last_sea[0] = (occupied, sea)
    return sea


def covered_tiles(hexes, volcano: Hex, rotation: int) -> list[int]:
    """The placements (indexes) an eruption would cover, in order."""
    return sorted({hexes[h].placement for h in tile_hexes(volcano, rotation) if h in hexes})


def _hexes(hs) -> tuple[str, ...]:
    """Hexes as a template lists them: "(0, 1), (1, 0)"."""
    return tuple(str(h) for h in sorted(hs))
