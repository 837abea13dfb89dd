"""Final scoring of one ark: pairs go back, the ark is cut to 10 at the least cost, then points.

Cutting to 10 is the one scoring choice the rules leave to the player; we make it for them,
optimally: per species keep 0, 1 (the highest value) or 3+ tiles (never exactly 2), so that
exactly 10 tiles stay (or as close to 10 as possible) with the highest score, and among cuts of
equal score the one that keeps the most species, because species break a tie for the win.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ..messages import N, T
from .components import (FULL_ARK, SPECIES, SPECIES_NAMES, labels, species_name, species_of,
                         tile_label, tile_name, value_of)

HERD_POINTS = 5


@dataclass(frozen=True)
class ArkScore:
    points: int
    lines: list[tuple[str, int, str, dict]]   # (label, points, rule id, facts)
    kept: tuple[int, ...]
    returned_pairs: tuple[int, ...]
    cut: tuple[int, ...]
    species: int                         # species in the final ark (tie-break)


def _value(kept: list[int]) -> int:
    if len(kept) == 1:
        return value_of(kept[0])
    return HERD_POINTS * len(kept) if len(kept) >= 3 else 0


def _choices(tiles: list[int]) -> list[list[int]]:
    """The ways one species may stay after a cut: none, the best single, or 3+ tiles."""
    best_first = sorted(tiles, key=value_of, reverse=True)
    options = [[], best_first[:1]]
    options += [best_first[:k] for k in range(3, len(tiles) + 1)]
    return options


def _best_cut(by_species: dict[int, list[int]], species_sign: int) -> tuple[tuple, dict]:
    """Keep at most 10 tiles (exactly 10 whenever that can be reached) with the most points;
    among equal points the most species (`species_sign` 1) or the fewest (-1).

    Points and species both add up species by species, so one pass that keeps, for every
    number of tiles kept so far, the best (points, signed species) is exact."""
    # best[n] = ((points, signed species), choice per species) over species seen so far
    best: dict[int, tuple[tuple[int, int], dict]] = {0: ((0, 0), {})}
    for sp, tiles in sorted(by_species.items()):
        nxt: dict[int, tuple[tuple[int, int], dict]] = {}
        for n, ((points, kinds), picked) in best.items():
            for keep in _choices(tiles):
                m = n + len(keep)
                if m > FULL_ARK:
                    continue
                key = (points + _value(keep), kinds + (species_sign if keep else 0))
                if m not in nxt or key > nxt[m][0]:
                    nxt[m] = (key, {**picked, sp: keep})
        best = nxt
    return best[max(best)]


def score_ark(tiles, crates: int) -> ArkScore:
    by_species: dict[int, list[int]] = defaultdict(list)
    for t in tiles:
        by_species[species_of(t)].append(t)
    pairs = tuple(t for sp in sorted(by_species) if len(by_species[sp]) == 2
                  for t in by_species[sp])
    lines: list[tuple[str, int, str, dict]] = []
    if pairs:
        pair_names = sorted({SPECIES[species_of(t)] for t in pairs})
        lines.append((T("pairs returned to the box: {species}",
                        species=tuple(species_name(n) for n in pair_names)), 0,
                      "animals_on_board.scoring.pairs", {"species": tuple(pair_names)}))
    remaining = {sp: ts for sp, ts in by_species.items() if len(ts) != 2}
    cut: tuple[int, ...] = ()
    if sum(len(ts) for ts in remaining.values()) > FULL_ARK:
        (_, most), kept_map = _best_cut(remaining, 1)
        # the fewest species a cut of the same points keeps: if fewer, the choice mattered
        (_, fewest_signed), _ = _best_cut(remaining, -1)
        fewest = -fewest_signed
        cut = tuple(t for sp in sorted(remaining) for t in remaining[sp]
                    if t not in kept_map[sp])
        remaining = {sp: ts for sp, ts in kept_map.items() if ts}
        before = sum(len(ts) for ts in by_species.values()) - len(pairs)
        if most != fewest:
            label = T("ark cut from {before} to {full} tiles at the least cost (never leaving a "
                      "herd at exactly 2): returned {tiles}; cuts worth the same points could "
                      "keep as few as {fewest} species, this one keeps {most} (species break a "
                      "tie for the win)", before=before, full=FULL_ARK, tiles=labels(cut),
                      fewest=fewest, most=most)
        else:
            label = T("ark cut from {before} to {full} tiles at the least cost (never leaving a "
                      "herd at exactly 2): returned {tiles}", before=before, full=FULL_ARK,
                      tiles=labels(cut))
        lines.append((label, 0, "animals_on_board.scoring.reduce",
                      {"returned": tuple(map(tile_name, cut))}))
    points = 0
    for sp in sorted(remaining):
        ts = remaining[sp]
        if len(ts) == 1:
            pts = value_of(ts[0])
            lines.append((T("single {tile}", tile=tile_label(ts[0])), pts,
                          "animals_on_board.scoring.single",
                          {"tile": tile_name(ts[0])}))
        else:
            pts = HERD_POINTS * len(ts)
            lines.append((T("herd of {tiles} {species} x {points}", tiles=len(ts),
                            species=SPECIES_NAMES[sp], points=HERD_POINTS), pts,
                          "animals_on_board.scoring.herd", {"tiles": len(ts),
                                                            "species": SPECIES[sp]}))
        points += pts
    lines.append((N("{n} food crate left", "{n} food crates left", crates), crates,
                  "animals_on_board.scoring.crates", {"crates": crates}))
    points += crates
    kept = tuple(t for sp in sorted(remaining) for t in remaining[sp])
    return ArkScore(points, lines, kept, pairs, cut, len(remaining))
