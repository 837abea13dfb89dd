"""How Indian Summer's score lines sit on the score pad: empty cells, and (solo) tokens left.

Only the engine's labels are read (the counts become the short cell notes); every point comes
from the engine's score sheet.
"""
from __future__ import annotations

import re

from explorer.indian_summer import components as C

from ..shared.score_sheet import Category, by_rule

R = "indian_summer."
_LEFT = re.compile(r"(\d+) (\S+) left x (\d+)")
_KIND = {"berry": "berry", "berries": "berry", "nut": "nut", "nuts": "nut",
         "mushroom": "mushroom", "mushrooms": "mushroom", "feather": "feather",
         "feathers": "feather"}


def categorize(line) -> Category:
    """One row for the board (full, or its empty cells at −1 each); solo: one row per token kind
    left on a full board, at its points each."""
    rule, label = line.rule, line.label
    if rule in (R + "end.winner", R + "end.ranking", R + "solo.loss"):
        detail = "full" if "full" in label and "not full" not in label else label.split(" x ")[0]
        return Category("empty", "Empty cells (−1 each)", detail.split(":")[0], 0)
    left = _LEFT.match(label)
    if rule == R + "solo.win" and left and left.group(2) in _KIND:
        kind = _KIND[left.group(2)]
        return Category(("left", kind), f"{kind.capitalize()} tokens left ({left.group(3)} each)",
                        f"{left.group(1)} left", 1 + C.TOKENS.index(kind))
    return by_rule(line)
