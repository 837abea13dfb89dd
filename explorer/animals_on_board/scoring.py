"""Final scoring of one ark: pairs go back, the ark is cut to 10 at the least cost, then points.

Cutting to 10 is the one scoring choice the rules leave to the player; we make it for them,
optimally: per species keep 0, 1 (the highest value) or 3+ tiles (never exactly 2), so that
exactly 10 tiles stay (or as close to 10 as possible) with the highest score.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from .components import FULL_ARK, SPECIES, species_of, tile_name, value_of

HERD_POINTS = 5


@dataclass(frozen=True)
class ArkScore:
    points: int
    lines: list[tuple[str, int, str]]   # (label, points, rule id)
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


def cut_to_ten(by_species: dict[int, list[int]]) -> dict[int, list[int]]:
    """Best way to keep at most 10 tiles (exactly 10 whenever that can be reached)."""
    # best[n] = (score, choice per species) over species seen so far, keeping n tiles
    best: dict[int, tuple[int, dict]] = {0: (0, {})}
    for sp, tiles in sorted(by_species.items()):
        nxt: dict[int, tuple[int, dict]] = {}
        for n, (score, picked) in best.items():
            for keep in _choices(tiles):
                m = n + len(keep)
                if m > FULL_ARK:
                    continue
                cand = (score + _value(keep), {**picked, sp: keep})
                if m not in nxt or cand[0] > nxt[m][0]:
                    nxt[m] = cand
        best = nxt
    return best[max(best)][1]


def score_ark(tiles, crates: int) -> ArkScore:
    by_species: dict[int, list[int]] = defaultdict(list)
    for t in tiles:
        by_species[species_of(t)].append(t)
    pairs = tuple(t for sp in sorted(by_species) if len(by_species[sp]) == 2
                  for t in by_species[sp])
    lines: list[tuple[str, int, str]] = []
    if pairs:
        pair_names = sorted({SPECIES[species_of(t)] for t in pairs})
        lines.append((f"pairs returned to the box: {', '.join(pair_names)}", 0,
                      "animals_on_board.scoring.pairs"))
    remaining = {sp: ts for sp, ts in by_species.items() if len(ts) != 2}
    cut: tuple[int, ...] = ()
    if sum(len(ts) for ts in remaining.values()) > FULL_ARK:
        kept_map = cut_to_ten(remaining)
        cut = tuple(t for sp in sorted(remaining) for t in remaining[sp]
                    if t not in kept_map[sp])
        remaining = {sp: ts for sp, ts in kept_map.items() if ts}
        before = sum(len(ts) for ts in by_species.values()) - len(pairs)
        lines.append((f"ark cut from {before} to {FULL_ARK} tiles at the least cost "
                      f"(never leaving a herd at exactly 2): returned {', '.join(map(tile_name, cut))}",
                      0, "animals_on_board.scoring.reduce"))
    points = 0
    for sp in sorted(remaining):
        ts = remaining[sp]
        if len(ts) == 1:
            pts = value_of(ts[0])
            lines.append((f"single {tile_name(ts[0])}", pts, "animals_on_board.scoring.single"))
        else:
            pts = HERD_POINTS * len(ts)
            lines.append((f"herd of {len(ts)} {SPECIES[sp]} x {HERD_POINTS}", pts,
                          "animals_on_board.scoring.herd"))
        points += pts
    lines.append((f"{crates} food crate{'s' if crates != 1 else ''} left", crates,
                  "animals_on_board.scoring.crates"))
    points += crates
    kept = tuple(t for sp in sorted(remaining) for t in remaining[sp])
    return ArkScore(points, lines, kept, pairs, cut, len(remaining))
