"""How Indian Summer's score lines sit on the score pad: empty cells, and (solo) tokens left.

Rows and cell notes come from each line's rule id and facts (the counts); every point comes
from the engine's score sheet.
"""
from __future__ import annotations

from explorer.indian_summer import components as C
from explorer.text import plural

from ..shared.score_sheet import Category, by_rule


def categorize(line) -> Category:
    """One row for the board (full, or its empty cells at −1 each); solo: one row per token kind
    left on a full board, at its points each."""
    rule, facts = line.rule, line.facts
    if rule in ("indian_summer.end.winner", "indian_summer.end.ranking",
                "indian_summer.solo.loss"):
        empty = facts["empty_cells"]
        detail = "full" if empty == 0 else plural(empty, 'empty cell')
        return Category("empty", "Empty cells (−1 each)", detail, 0)
    if rule == "indian_summer.solo.win":
        kind = facts["kind"]
        return Category(("left", kind), f"{kind.capitalize()} tokens left ({facts['each']} each)",
                        f"{facts['left']} left", 1 + C.TOKENS.index(kind))
    return by_rule(line)
