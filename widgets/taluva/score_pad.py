"""How Taluva's score lines sit on the score pad: temples, towers, huts (the ranking order),
then eliminations.

Taluva has no points: a line's number is how many of that kind a player built. Only the engine's
labels are read, to pick each row; every number comes from the engine's score sheet.
"""
from __future__ import annotations

import re

from ..shared.score_sheet import Category, by_rule

_REMOVED = re.compile(r"(\d+) of them removed by eruptions")


def categorize(line) -> Category:
    """One row per kind, in the order the ranking reads them; removed huts as the cell's note."""
    label = line.label
    if label.startswith("temples built"):
        return Category("temple", "Temples built (ranked 1st)", "", 0)
    if label.startswith("towers built"):
        return Category("tower", "Towers built (ranked 2nd)", "", 1)
    if label.startswith("huts built"):
        removed = _REMOVED.search(label)
        detail = f"{removed.group(1)} lost to lava" if removed else ""
        return Category("hut", "Huts built (ranked 3rd)", detail, 2)
    if label.startswith("eliminated"):
        return Category("out", "Eliminated", "cannot win", 3)
    return by_rule(line)
