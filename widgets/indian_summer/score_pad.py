"""How Indian Summer's score lines sit on the score pad: empty cells, and (solo) tokens left.

Rows and cell notes come from each line's rule id and facts (the counts); every point comes
from the engine's score sheet.
"""
from __future__ import annotations

from explorer.indian_summer import components as C
from explorer.messages import N, T

from ..shared.score_sheet import Category, by_rule


TOKENS_LEFT = {   # a solo row's title, by token kind (each: the points one token scores)
    "berry": lambda each: T("Berry tokens left ({each} each)", each=each),
    "nut": lambda each: T("Nut tokens left ({each} each)", each=each),
    "mushroom": lambda each: T("Mushroom tokens left ({each} each)", each=each),
    "feather": lambda each: T("Feather tokens left ({each} each)", each=each),
}


def categorize(line) -> Category:
    """One row for the board (full, or its empty cells at −1 each); solo: one row per token kind
    left on a full board, at its points each."""
    rule, facts = line.rule, line.facts
    if rule in ("indian_summer.end.winner", "indian_summer.end.ranking",
                "indian_summer.solo.loss"):
        empty = facts["empty_cells"]
        detail = T("full") if empty == 0 else N("{n} empty cell", "{n} empty cells", empty)
        return Category("empty", T("Empty cells (−1 each)"), detail, 0)
    if rule == "indian_summer.solo.win":
        kind = facts["kind"]
        return Category(("left", kind), TOKENS_LEFT[kind](facts["each"]),
                        T("{n} left", n=facts["left"]), 1 + C.TOKENS.index(kind))
    return by_rule(line)
