"""Where the drawn tile may go: at sea level next to the island, or as an eruption.

`placement_problem` names the first rule a placement breaks (or None); `legal_placements` lists
exactly the placements with no problem. Both read only the island's top hexes and buildings, so
the view can ask them about any position.
"""
from __future__ import annotations

from typing import NamedTuple

from .board import DIRECTIONS, Hex, neighbours, tile_hexes
from .components import VOLCANO

R = "taluva."
ORIGIN: Hex = (0, 0)
# Listing sea-level placements works on hexes packed into ints (q * _K + r, which sorts like
# (q, r)): hundreds of candidates per call, so set arithmetic on ints keeps it fast.
_K = 1 << 12
_SIDES = tuple((DIRECTIONS[k], DIRECTIONS[(k + 1) % 6]) for k in range(6))
_STEPS = tuple(dq * _K + dr for dq, dr in DIRECTIONS)
_STEP_PAIRS = tuple((_STEPS[k], _STEPS[(k + 1) % 6]) for k in range(6))


def _decode(code: int) -> Hex:
    q = (code + _K // 2) // _K
    return (q, code - q * _K)


class Problem(NamedTuple):
    rule: str
    reason: str


def is_eruption(hexes, volcano: Hex, rotation: int) -> bool:
    """A placement is an eruption when any of its hexes lies on the island."""
    return any(h in hexes for h in tile_hexes(volcano, rotation))


def placement_problem(hexes, buildings, volcano: Hex, rotation: int) -> Problem | None:
    """The first rule placing the tile this way breaks, or None if it is legal."""
    if not (len(volcano) == 2 and all(type(v) is int for v in volcano)):
        return Problem(R + "place.adjacent", f"{volcano!r} is not a hex (q, r) next to the island")
    if not (isinstance(rotation, int) and not isinstance(rotation, bool) and 0 <= rotation < 6):
        return Problem(R + "place.rotation", f"a tile is turned 0-5 sixth turns, not {rotation!r}")
    cover = tile_hexes(volcano, rotation)
    under = [hexes.get(h) for h in cover]
    if not any(under):
        return _sea_level_problem(hexes, volcano, cover)
    return _eruption_problem(buildings, cover, under, rotation)


def _sea_level_problem(hexes, volcano: Hex, cover) -> Problem | None:
    if not hexes:
        if volcano != ORIGIN:
            return Problem(R + "place.first_tile",
                           "the first tile may lie anywhere; the explorer puts its volcano on "
                           "the centre (0, 0), so that every island starts in the same place")
        return None
    if not any(n in hexes for h in cover for n in neighbours(h)):
        return Problem(R + "place.adjacent",
                       "a tile at sea level must share at least one edge with the island")
    return None


def _eruption_problem(buildings, cover, under, rotation: int) -> Problem | None:
    failure = _eruption_failure(buildings, cover, under, rotation)
    if failure is None:
        return None
    rule, detail = failure
    return Problem(R + rule, _REASONS[rule](detail))


def _eruption_failure(buildings, cover, under, rotation: int):
    """(rule suffix, detail) of the first eruption condition broken, or None; cheap, so that
    listing every eruption stays fast (the reason text is written only for a refusal)."""
    v = under[0]
    if v is None or v.terrain != VOLCANO:
        return "erupt.volcano_on_volcano", v
    if under[1] is None or under[2] is None:
        return "erupt.no_gap", [h for h, c in zip(cover, under) if c is None]
    if not v.level == under[1].level == under[2].level:
        return "erupt.same_level", sorted({c.level for c in under})
    if rotation == v.rotation:
        return "erupt.lava_direction", None
    if buildings:
        for kind in ("temple", "tower"):
            hit = [h for h in cover[1:] if h in buildings and buildings[h].kind == kind]
            if hit:
                return f"erupt.{kind}", hit
        whole = _whole_settlement(buildings, cover[1:])
        if whole:
            return "erupt.settlement", whole
    return None


_REASONS = {
    "erupt.volcano_on_volcano": lambda v: (
        "this tile would cover part of the island, which only an eruption may do, and an "
        "eruption puts the volcano on a volcano; it is "
        + ("over the sea" if v is None else f"on a {v.terrain} hex")),
    "erupt.no_gap": lambda gaps: (
        f"{_hexes(gaps)} would lie over the sea: all three hexes of an eruption need a tile "
        "under them (no gap)"),
    "erupt.same_level": lambda levels: (
        f"the hexes under the tile are at levels {', '.join(map(str, levels))}: an eruption "
        "lies on hexes of one and the same level"),
    "erupt.lava_direction": lambda _: (
        "the lava would point the same way as the covered volcano's, so the tile would lie "
        "exactly on one tile: an eruption turns the volcano another way and covers at least "
        "two tiles"),
    "erupt.temple": lambda hit: (
        f"a temple stands on {_hexes(hit)}: temples and towers are never covered"),
    "erupt.tower": lambda hit: (
        f"a tower stands on {_hexes(hit)}: temples and towers are never covered"),
    "erupt.settlement": lambda whole: (
        f"the eruption would cover the whole settlement on {_hexes(whole)}; a settlement may "
        "shrink or split but never vanish completely"),
}


def _whole_settlement(buildings, covered) -> list[Hex] | None:
    """The hexes of a settlement lying wholly inside `covered`, if there is one."""
    for h in covered:
        b = buildings.get(h)
        if b is None:
            continue
        group, todo, escapes = {h}, [h], False
        while todo and not escapes:
            for n in neighbours(todo.pop()):
                other = buildings.get(n)
                if other is None or other.owner != b.owner or n in group:
                    continue
                if n not in covered:
                    escapes = True
                    break
                group.add(n)
                todo.append(n)
        if not escapes:
            return sorted(group)
    return None


def legal_placements(hexes, buildings) -> list[tuple[Hex, int]]:
    """Every (volcano hex, rotation) the rules allow, sea level and eruptions, in (q, r, rotation)
    order."""
    if not hexes:
        return [(ORIGIN, k) for k in range(6)]
    occupied = {q * _K + r for q, r in hexes}
    shore = {h + d for h in occupied for d in _STEPS} - occupied
    spots = (shore | {h + d for h in shore for d in _STEPS}) - occupied
    sea = []
    for v in spots:
        near = v in shore
        for k, (d1, d2) in enumerate(_STEP_PAIRS):
            a, b = v + d1, v + d2
            if a not in occupied and b not in occupied and (near or a in shore or b in shore):
                sea.append(v * 8 + k)
    found = [(_decode(code >> 3), code & 7) for code in sorted(sea)]
    get = hexes.get
    for v, cell in hexes.items():
        if cell.terrain != VOLCANO:
            continue
        q, r = v
        for k, ((dq1, dr1), (dq2, dr2)) in enumerate(_SIDES):
            a, b = (q + dq1, r + dr1), (q + dq2, r + dr2)
            under = (cell, get(a), get(b))
            # most tries fail on the level: skip them before the full check
            if under[1] is None or under[2] is None or under[1].level != cell.level:
                continue
            if _eruption_failure(buildings, (v, a, b), under, k) is None:
                found.append((v, k))
    found.sort()
    return found


def covered_tiles(hexes, volcano: Hex, rotation: int) -> list[int]:
    """The placements (indexes) an eruption would cover, in order."""
    return sorted({hexes[h].placement for h in tile_hexes(volcano, rotation) if h in hexes})


def _hexes(hs) -> str:
    return ", ".join(str(h) for h in sorted(hs))
