"""What a player may build: the four build kinds and the rule each refusal names.

Pure functions over the island's top hexes, the buildings and the player's supply
(huts, temples, towers left), so that the view can highlight the legal hexes of each kind and
preview an expansion without holding any rule itself.
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
    return isinstance(h, tuple) and len(h) == 2 and all(type(v) is int for v in h)


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


def temple_problem(hexes, buildings, player: int, supply, h) -> Problem | None:
    problem = _site_problem(hexes, buildings, h)
    if problem:
        return problem
    if supply[TEMPLE] < 1:
        return Problem("taluva.build.supply", T("you have no temples left"))
    near = touching(settlements(buildings, player), h)
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


def tower_problem(hexes, buildings, player: int, supply, h) -> Problem | None:
    problem = _site_problem(hexes, buildings, h)
    if problem:
        return problem
    if hexes[h].level < 3:
        return Problem("taluva.build.tower_level",
                       T("{hex} is at level {level}: a tower needs level 3 or higher",
                         hex=str(h), level=hexes[h].level))
    if supply[TOWER] < 1:
        return Problem("taluva.build.supply", T("you have no towers left"))
    near = touching(settlements(buildings, player), h)
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


def expansion_problem(hexes, buildings, player: int, supply, key, terrain) -> Problem | None:
    if terrain not in TERRAINS:
        return Problem("taluva.build.expansion",
                       T("{terrain} is not a landscape; choose one of {terrains}",
                         terrain=repr(terrain),
                         terrains=tuple(TERRAIN_NAMES[t] for t in TERRAINS)))
    if not _is_hex(key):
        return Problem("taluva.build.expansion",
                       T("{hex} is not a hex (q, r): name a settlement by its key hex",
                         hex=repr(key)))
    found = next((s for s in settlements(buildings, player) if s.key == key), None)
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


def expansions(hexes, buildings, player: int, supply, own=None) -> list[Expansion]:
    """Every legal expansion of `player`, by settlement key then terrain (`own`: the player's
    settlements, if the caller keeps them)."""
    found = []
    for s in settlements(buildings, player) if own is None else own:
        by_terrain: dict[str, list] = {}
        for n in rim(s):
            cell = hexes.get(n)
            if cell is not None and n not in buildings:
                by_terrain.setdefault(cell.terrain, []).append((n, cell.level))
        for terrain in TERRAINS:
            targets = by_terrain.get(terrain)
            if targets and sum(n for _, n in targets) <= supply[HUT]:
                found.append(Expansion(s, terrain, tuple(sorted(targets))))
    return found


def lowland_of(hexes, buildings) -> frozenset[Hex]:
    """The empty level-1 landscape hexes: where a new hut may go."""
    return frozenset(h for h, c in hexes.items()
                     if c.level == 1 and c.terrain != VOLCANO and h not in buildings)


def build_targets(hexes, buildings, player: int, supply, anywhere: bool, own=None,
                  lowland=None) -> dict[str, list]:
    """Legal build targets by kind: hexes for 'hut', 'temple', 'tower'; Expansion plans for
    'expand'. A caller that keeps `player`'s settlements (`own`) and the `lowland` (see
    `lowland_of`) up to date passes them; else they are found from the maps."""
    if own is None:
        own = settlements(buildings, player)
    return {"hut": _hut_sites(hexes, buildings, own, supply, anywhere, lowland),
            "expand": expansions(hexes, buildings, player, supply, own),
            "temple": _temple_sites(hexes, buildings, own, supply),
            "tower": _tower_sites(hexes, buildings, own, supply)}


def _hut_sites(hexes, buildings, own, supply, anywhere: bool, lowland) -> list[Hex]:
    if not supply[HUT]:
        return []
    if lowland is None:
        lowland = lowland_of(hexes, buildings)
    if anywhere or not own:
        return sorted(lowland)
    return sorted(lowland.difference(*map(rim, own)))


def _free_next_to(hexes, buildings, around) -> set[Hex]:
    """The empty landscape hexes among `around` (hexes next to settlements)."""
    get = hexes.get
    free = set()
    for n in around:
        cell = get(n)
        if cell is not None and cell.terrain != VOLCANO and n not in buildings:
            free.add(n)
    return free


def _temple_sites(hexes, buildings, own, supply) -> list[Hex]:
    if not supply[TEMPLE]:
        return []
    around = [rim(s) for s in own if len(s.hexes) >= 3 and not s.has(buildings, "temple")]
    return sorted(_free_next_to(hexes, buildings, frozenset().union(*around)))


def _tower_sites(hexes, buildings, own, supply) -> list[Hex]:
    if not supply[TOWER]:
        return []
    around = [rim(s) for s in own if not s.has(buildings, "tower")]
    return sorted(h for h in _free_next_to(hexes, buildings, frozenset().union(*around))
                  if hexes[h].level >= 3)


def legal_builds(hexes, buildings, player: int, supply, anywhere: bool,
                 kind: str | None = None, own=None, lowland=None) -> list:
    """The build actions, in order hut, expand, temple, tower (only `kind` if given); `own`
    and `lowland` as for `build_targets`."""
    targets = build_targets(hexes, buildings, player, supply, anywhere, own, lowland)
    new = tuple.__new__
    actions: list = []
    if kind in (None, "hut"):
        actions += [new(Hut, (h,)) for h in targets["hut"]]
    if kind in (None, "expand"):
        actions += [new(Expand, (p.settlement.key, p.terrain)) for p in targets["expand"]]
    if kind in (None, "temple"):
        actions += [new(Temple, (h,)) for h in targets["temple"]]
    if kind in (None, "tower"):
        actions += [new(Tower, (h,)) for h in targets["tower"]]
    return actions


def can_build(hexes, buildings, player: int, supply, anywhere: bool, own=None,
              lowland=None) -> bool:
    """Whether `player` has any build target; the kinds are tried one at a time, so that the
    usual answer (a new hut) comes without listing the others."""
    if own is None:
        own = settlements(buildings, player)
    return bool(_hut_sites(hexes, buildings, own, supply, anywhere, lowland)
                or expansions(hexes, buildings, player, supply, own)
                or _temple_sites(hexes, buildings, own, supply)
                or _tower_sites(hexes, buildings, own, supply))
