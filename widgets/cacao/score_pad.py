"""How Cacao's score lines sit on the score pad: gold, one row per temple, sun, water, cacao.

Only the engine's labels are read (numbers picked out of them for the short cell notes); every
point comes from the engine's score sheet.
"""
from __future__ import annotations

import re

from ..shared.score_sheet import Category, by_rule

_TEMPLE = re.compile(r"temple (\d+) at (\([^)]*\)): (\d+) adjacent worker")
_WATER = re.compile(r"water carrier on field (\d+) of (\d+)")
_COUNT = re.compile(r"(\d+) ")


def _count(label: str) -> int | None:
    found = _COUNT.match(label)
    return int(found.group(1)) if found else None


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def categorize(line) -> Category:
    """One row per temple (players without workers there are left blank), one per resource."""
    rule, label = line.rule, line.label
    temple = _TEMPLE.match(label)
    if rule.startswith("cacao.scoring.temple") and temple:
        number, cell, workers = int(temple.group(1)), temple.group(2), int(temple.group(3))
        detail = _plural(workers, "worker") + (" (top tile)" if rule.endswith("_top") else "")
        cell = cell.replace(", ", ",\u00a0")   # keep "(-2, 0)" on one line
        return Category(("temple", number), f"Temple {number} at {cell}", detail,
                        1 + number / 1000, blank=workers == 0)
    if rule == "cacao.scoring.gold":
        return Category("gold", "Gold collected", "", 0)
    if rule == "cacao.scoring.sun":
        return Category("sun", "Sun tokens (1 each)", "", 2)
    water = _WATER.match(label)
    if rule == "cacao.scoring.water" and water:
        return Category("water", "Water carrier", f"field {water.group(1)}/{water.group(2)}", 3)
    if rule == "cacao.scoring.cacao_worthless" and _count(label) is not None:
        return Category("cacao", "Cacao left (worth 0)", f"{_count(label)} cacao", 4)
    return by_rule(line)
