"""How Animals on Board's score lines sit on the score pad: pairs, cut, singles, herds, crates.

Only the engine's labels are read (the tiles they name become the short cell notes); every point
comes from the engine's score sheet.
"""
from __future__ import annotations

import re

from explorer.animals_on_board.scoring import HERD_POINTS

from ..shared.score_sheet import Category, by_rule

_HERD = re.compile(r"herd of (\d+) (\S+)")
_SINGLE = re.compile(r"single (\S+)")
R = "animals_on_board.scoring."
SHORT = {"chimpanzee": "chimp"}   # the one name too wide for a narrow pad column


def _tile(name: str) -> str:
    """"panda-3" as "panda 3": a narrow cell may break it at the space."""
    species, _, value = name.rpartition("-")
    return f"{SHORT.get(species, species)} {value}" if species else name


def categorize(line) -> Category:
    """Singles and herds each share one row per player (their tiles listed in the cell)."""
    rule, label = line.rule, line.label
    if rule == R + "pairs" and ": " in label:
        species = label.split(": ", 1)[1].split(", ")
        return Category("pairs", "Pairs back to the box",
                        tuple(SHORT.get(s, s) for s in species), 0)
    if rule == R + "reduce" and "returned " in label:
        tiles = label.rsplit("returned ", 1)[1].split(", ")
        return Category("cut", "Cut to 10 tiles", tuple(_tile(t) for t in tiles), 1)
    single = _SINGLE.match(label)
    if rule == R + "single" and single:
        return Category("single", "Singles (face value)", _tile(single.group(1)), 2)
    herd = _HERD.match(label)
    if rule == R + "herd" and herd:
        species = herd.group(2)
        return Category("herd", f"Herds ({HERD_POINTS} each)",
                        f"{herd.group(1)} {SHORT.get(species, species)}", 3)
    if rule == R + "crates":
        return Category("crates", "Food crates (1 each)", "", 4)
    return by_rule(line)
