"""What a player may build: the four build kinds and the rule each refusal names.

Pure functions over the island's top hexes, the buildings and the player's supply
(huts, temples, towers left), so that the view can highlight the legal hexes of each kind and
preview an expansion without holding any rule itself. A state passes the indexes it keeps up to
date (each settlement's `Extent`, the `Vacancies`); for any other position they are found from
the maps.
"""
from __future__ import annotations

from typing import NamedTuple

from .actions import Expand, Hut, Temple, Tower
from .board import Hex, Settlement, neighbours, rim, settlements, touching
from ..messages import Message, N, T
from .components import TERRAIN_NAMES, TERRAINS, VOLCANO, by_kind, terrain_name
from .placement import Problem

HUT, TEMPLE, TOWER = range(3)   # index into a supply tuple


class Expansion(NamedTuple):
    """One possible expansion: the settlement, the terrain and (hex, huts) it would fill."""
    settlement: Settlement
    terrain: str
    targets: tuple[tuple[Hex, int], ...]

    @property
    def huts(self) -> int:
        return sum(n for _, n in self.targets)


def _is_hex(h) -> bool:
    return isinstance(h, tuple) and len(h) == 2 and type(h[0]) is int and type(h[1]) is int


def _site_problem(hexes, buildings, h) -> Problem | None:
    if not _is_hex(h):
        return Problem("taluva.build.empty_hex",
                       T("{hex} is not a hex (q, r) in whole numbers: buildings stand on hexes "
                         "of the island", hex=repr(h)))
    cell = hexes.get(h)
    if cell is None:
        return Problem("taluva.build.empty_hex",
                       T("{hex} is sea: buildings stand on the island", hex=str(h)))
    if cell.terrain == VOLCANO:
        return Problem("taluva.build.no_volcano",
                       T("{hex} is a volcano: nothing is built on a volcano", hex=str(h)))
    if h in buildings:
        return Problem("taluva.build.empty_hex", _holds(str(h), buildings[h].kind))
    return None


def _holds(hex: str, kind: str) -> Message:
    return by_kind(kind, T("{hex} already holds a hut: buildings go only on empty hexes", hex=hex),
                   T("{hex} already holds a temple: buildings go only on empty hexes", hex=hex),
                   T("{hex} already holds a tower: buildings go only on empty hexes", hex=hex))


def hut_problem(hexes, buildings, player: int, supply, h, anywhere: bool) -> Problem | None:
    problem = _site_problem(hexes, buildings, h)
    if problem:
        return problem
    if hexes[h].level != 1:
        return Problem("taluva.build.hut",
                       T("{hex} is at level {level}: a new hut goes on a level-1 hex",
                         hex=str(h), level=hexes[h].level))
    if supply[HUT] < 1:
        return Problem("taluva.build.supply", T("you have no huts left"))
    if not anywhere and any(buildings.get(n, (None,))[0] == player for n in neighbours(h)):
        return Problem("taluva.build.hut_adjacent",
                       T("{hex} touches your own settlement: a new hut starts a new settlement "
                         "(rule option new_hut=anywhere allows it)", hex=str(h)))
    return None


def _not_next_to_yours(rule: str, h) -> Problem:
    """A temple or tower goes next to one of the builder's own settlements (`rule`)."""
    return Problem(rule, T("{hex} is not next to one of your settlements", hex=str(h)))


def temple_problem(hexes, buildings, player: int, supply, h, own=None) -> Problem | None:
    """`own`: the player's settlements, if the caller keeps them."""
    problem = _site_problem(hexes, buildings, h)
    if problem:
        return problem
    if supply[TEMPLE] < 1:
        return Problem("taluva.build.supply", T("you have no temples left"))
    near = touching(settlements(buildings, player) if own is None else own, h)
    if not near:
        return _not_next_to_yours("taluva.build.temple", h)
    big = [s for s in near if len(s.hexes) >= 3]
    if not big:
        return Problem("taluva.build.temple_size",
                       N("your settlement next to {hex} covers {n} hex: a temple needs a "
                         "settlement of at least 3 hexes",
                         "your settlement next to {hex} covers {n} hexes: a temple needs a "
                         "settlement of at least 3 hexes",
                         max(len(s.hexes) for s in near), hex=str(h)))
    if all(s.has(buildings, "temple") for s in big):
        return Problem("taluva.build.second_temple",
                       T("your settlement next to {hex} already has a temple", hex=str(h)))
    return None


def tower_problem(hexes, buildings, player: int, supply, h, own=None) -> Problem | None:
    """`own`: the player's settlements, if the caller keeps them."""
    problem = _site_problem(hexes, buildings, h)
    if problem:
        return problem
    if hexes[h].level < 3:
        return Problem("taluva.build.tower_level",
                       T("{hex} is at level {level}: a tower needs level 3 or higher",
                         hex=str(h), level=hexes[h].level))
    if supply[TOWER] < 1:
        return Problem("taluva.build.supply", T("you have no towers left"))
    near = touching(settlements(buildings, player) if own is None else own, h)
    if not near:
        return _not_next_to_yours("taluva.build.tower", h)
    if all(s.has(buildings, "tower") for s in near):
        return Problem("taluva.build.second_tower",
                       T("your settlement next to {hex} already has a tower", hex=str(h)))
    return None


def expansion(hexes, buildings, found: Settlement, terrain: str) -> Expansion:
    """The hexes an expansion of `found` into `terrain` fills: every empty hex of that terrain
    directly next to the settlement, with as many huts as its level."""
    inside = set(found.hexes)
    targets = sorted({n for h in found.hexes for n in neighbours(h)
                      if n not in inside and n not in buildings and n in hexes
                      and hexes[n].terrain == terrain})
    return Expansion(found, terrain, tuple((n, hexes[n].level) for n in targets))


def expansion_problem(hexes, buildings, player: int, supply, key, terrain,
                      own=None) -> Problem | None:
    """`own`: the player's settlements, if the caller keeps them."""
    if terrain not in TERRAINS:
        return Problem("taluva.build.expansion",
                       T("{terrain} is not a landscape; choose one of {terrains}",
                         terrain=repr(terrain),
                         terrains=tuple(TERRAIN_NAMES[t] for t in TERRAINS)))
    if not _is_hex(key):
        return Problem("taluva.build.expansion",
                       T("{hex} is not a hex (q, r): name a settlement by its key hex",
                         hex=repr(key)))
    if own is None:
        own = settlements(buildings, player)
    found = next((s for s in own if s.key == key), None)
    if found is None:
        return Problem("taluva.build.expansion",
                       T("{hex} is not the key hex (first hex) of one of your settlements",
                         hex=str(key)))
    plan = expansion(hexes, buildings, found, terrain)
    if not plan.targets:
        return Problem("taluva.build.expansion",
                       T("no empty {terrain} hex lies next to your settlement at {hex}",
                         terrain=terrain_name(terrain), hex=str(key)))
    if plan.huts > supply[HUT]:
        return Problem("taluva.build.expansion_huts",
                       T("expanding into the {terrain} needs {huts} huts for {hexes} hexes and "
                         "you have {left} left", terrain=terrain_name(terrain), huts=plan.huts,
                         hexes=len(plan.targets), left=supply[HUT]))
    return None


class Vacancies(NamedTuple):
    """The empty landscape hexes (no volcano, no building): all of them, those at level 1
    (where a new hut may go) and those at level 3 or higher (where a tower may go). Kept up to
    date as tiles are placed and buildings built."""
    vacant: frozenset[Hex] = frozenset()
    lowland: frozenset[Hex] = frozenset()
    high: frozenset[Hex] = frozenset()

    @classmethod
    def of(cls, hexes, buildings) -> Vacancies:
        """The vacancies of any island, found afresh."""
        vacant = frozenset(h for h, c in hexes.items()
                           if c.terrain != VOLCANO and h not in buildings)
        return cls(vacant, frozenset(h for h in vacant if hexes[h].level == 1),
                   frozenset(h for h in vacant if hexes[h].level >= 3))

    def placed(self, cover, level: int) -> Vacancies:
        """After a tile lay on the hexes `cover` (volcano first) at `level`, and the huts
        under it left."""
        land = cover[1:]
        lowland = self.lowland.union(land) if level == 1 else self.lowland.difference(land)
        return Vacancies(self.vacant.union(land), lowland,
                         self.high.union(land) if level >= 3 else self.high)

    def built(self, hexes) -> Vacancies:
        """After buildings went up on `hexes` (a set that loses none is kept, not copied)."""
        return Vacancies(*(kept if kept.isdisjoint(hexes) else kept.difference(hexes)
                           for kept in self))


class Extent(NamedTuple):
    """A settlement with what building next to it reads: the hexes around it (`rim`) and its
    expansions as the island offers them, (terrain, ((hex, level), ...), huts needed) in
    TERRAINS order, before the builder's huts are counted. A state keeps one per settlement,
    found again when the settlement or a hex next to it changes."""
    settlement: Settlement
    rim: frozenset[Hex]
    plans: tuple[tuple[str, tuple[tuple[Hex, int], ...], int], ...]


def extent(hexes, vacant: frozenset[Hex], s: Settlement, around=None) -> Extent:
    """The extent of settlement `s`; `vacant`: the empty landscape hexes (see Vacancies);
    `around`: its rim, if known."""
    if around is None:
        around = rim(s)
    by_terrain: dict[str, list] = {}
    for n in sorted(vacant.intersection(around)):
        cell = hexes[n]
        by_terrain.setdefault(cell.terrain, []).append((n, cell.level))
    plans = []
    for terrain in TERRAINS:
        targets = by_terrain.get(terrain)
        if targets:
            plans.append((terrain, tuple(targets), sum(n for _, n in targets)))
    return Extent(s, around, tuple(plans))


def extents_after(extents, hexes, buildings, vacant: frozenset[Hex], changed,
                  settled=None) -> tuple:
    """Each player's extents (`extents`, ordered by settlement) once the hexes `changed` were
    placed or built on and, for the players in `settled` (player -> their settlements now),
    the settlements changed. Only the extents of new settlements and of those next to a
    changed hex are found again."""
    settled = settled or {}
    near = {n for h in changed for n in neighbours(h)}
    touched = settled.keys() | {buildings[n].owner for n in near if n in buildings}
    result = list(extents)
    for p in touched:
        own = extents[p]
        if p not in settled:
            result[p] = tuple(e if e.rim.isdisjoint(changed)
                              else extent(hexes, vacant, e.settlement, e.rim) for e in own)
            continue
        before = {e.settlement.hexes[0]: e for e in own}
        fresh = []
        for s in settled[p]:
            e = before.get(s.hexes[0])
            if e is None or e.settlement != s:
                e = extent(hexes, vacant, s, _rim_from(s, own))
            elif not e.rim.isdisjoint(changed):
                e = extent(hexes, vacant, s, e.rim)
            fresh.append(e)
        result[p] = tuple(fresh)
    return tuple(result)


def extents_built(own: tuple[Extent, ...], owner: int, built, hexes,
                  vacant: frozenset[Hex]) -> tuple[tuple[Extent, ...], Settlement]:
    """`owner`'s extents `own` (ordered) once `owner` built on the hexes `built`, and the
    settlement those hexes are in now.

    A build's hexes are one hex (a new hut, a temple, a tower) or the hexes of an expansion,
    which all touch the settlement they grow from; so they and every settlement they touch
    make one settlement, and the others stay as they were."""
    around = {n for h in built for n in neighbours(h)}
    inside = set(built)
    kept = []
    for e in own:
        if around.isdisjoint(e.settlement.hexes):
            kept.append(e)
        else:
            inside.update(e.settlement.hexes)
            around.update(e.rim)
    merged = Settlement(owner, tuple(sorted(inside)))
    kept.append(extent(hexes, vacant, merged, frozenset(around.difference(inside))))
    kept.sort()
    return tuple(kept), merged


def _rim_from(s: Settlement, before) -> frozenset[Hex]:
    """The rim of the new settlement `s`, from the extents `before` of its owner's former
    settlements: the rims of those it holds whole, and around its other hexes."""
    inside = frozenset(s.hexes)
    around: set[Hex] = set()
    rest = set(inside)
    for e in before:
        if inside.issuperset(e.settlement.hexes):
            around.update(e.rim)
            rest.difference_update(e.settlement.hexes)
    for h in rest:
        around.update(neighbours(h))
    return frozenset(around.difference(inside))


def _extents(hexes, buildings, player: int, vacancies: Vacancies) -> list[Extent]:
    """`player`'s extents found afresh, for a caller that does not keep them."""
    return [extent(hexes, vacancies.vacant, s) for s in settlements(buildings, player)]


def expansions(hexes, buildings, player: int, supply, extents=None) -> list[Expansion]:
    """Every legal expansion of `player`, by settlement key then terrain (`extents` as for
    `build_targets`)."""
    if extents is None:
        extents = _extents(hexes, buildings, player, Vacancies.of(hexes, buildings))
    return [Expansion(*plan) for plan in _expansion_plans(extents, supply)]


def _expansion_plans(extents, supply):
    """(settlement, terrain, targets) of every legal expansion, in order."""
    return ((e.settlement, terrain, targets) for e in extents
            for terrain, targets, huts in e.plans if huts <= supply[HUT])


def build_targets(hexes, buildings, player: int, supply, anywhere: bool, extents=None,
                  vacancies: Vacancies | None = None) -> dict[str, list]:
    """Legal build targets by kind: hexes for 'hut', 'temple', 'tower'; Expansion plans for
    'expand'. A caller that keeps `player`'s extents (see Extent) and the vacancies up to date
    passes them; else they are found from the maps."""
    if vacancies is None:
        vacancies = Vacancies.of(hexes, buildings)
    if extents is None:
        extents = _extents(hexes, buildings, player, vacancies)
    return {"hut": sorted(_hut_sites(extents, supply, anywhere, vacancies)),
            "expand": expansions(hexes, buildings, player, supply, extents),
            "temple": sorted(_temple_sites(buildings, extents, supply, vacancies)),
            "tower": sorted(_tower_sites(buildings, extents, supply, vacancies))}


def _hut_sites(extents, supply, anywhere: bool, vacancies: Vacancies) -> frozenset[Hex]:
    if not supply[HUT]:
        return frozenset()
    if anywhere or not extents:
        return vacancies.lowland
    return vacancies.lowland.difference(*[e.rim for e in extents])


def _temple_sites(buildings, extents, supply, vacancies: Vacancies) -> frozenset[Hex]:
    if not supply[TEMPLE]:
        return frozenset()
    around = [e.rim for e in extents
              if len(e.settlement.hexes) >= 3 and not e.settlement.has(buildings, "temple")]
    return vacancies.vacant.intersection(frozenset().union(*around))


def _tower_sites(buildings, extents, supply, vacancies: Vacancies) -> frozenset[Hex]:
    if not supply[TOWER] or not vacancies.high:
        return frozenset()
    around = [e.rim for e in extents if not e.settlement.has(buildings, "tower")]
    return vacancies.high.intersection(frozenset().union(*around))


def legal_builds(hexes, buildings, player: int, supply, anywhere: bool,
                 kind: str | None = None, extents=None,
                 vacancies: Vacancies | None = None) -> list:
    """The build actions, in order hut, expand, temple, tower (only `kind` if given);
    `extents` and `vacancies` as for `build_targets`."""
    if vacancies is None:
        vacancies = Vacancies.of(hexes, buildings)
    if extents is None:
        extents = _extents(hexes, buildings, player, vacancies)
    new = tuple.__new__
    actions: list = []
    if kind in (None, "hut"):
        actions += [new(Hut, (h,)) for h in sorted(_hut_sites(extents, supply, anywhere,
                                                               vacancies))]
    if kind in (None, "expand"):
        actions += [new(Expand, (s.hexes[0], terrain))
                    for s, terrain, _ in _expansion_plans(extents, supply)]
    if kind in (None, "temple"):
        actions += [new(Temple, (h,))
                    for h in sorted(_temple_sites(buildings, extents, supply, vacancies))]
    if kind in (None, "tower"):
        actions += [new(Tower, (h,))
                    for h in sorted(_tower_sites(buildings, extents, supply, vacancies))]
    return actions


def can_build(hexes, buildings, player: int, supply, anywhere: bool, extents=None,
              vacancies: Vacancies | None = None) -> bool:
    """Whether `player` has any build target; the kinds are tried one at a time, so that the
    usual answer (a new hut) comes without listing the others."""
    if vacancies is None:
        vacancies = Vacancies.of(hexes, buildings)
    if extents is None:
        extents = _extents(hexes, buildings, player, vacancies)
    return bool(_hut_sites(extents, supply, anywhere, vacancies)
                or next(_expansion_plans(extents, supply), None)
                or _temple_sites(buildings, extents, supply, vacancies)
                or _tower_sites(buildings, extents, supply, vacancies))
