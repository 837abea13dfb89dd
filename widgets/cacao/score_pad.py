"""How Cacao's score lines sit on the score pad: gold, one row per temple, sun, water, cacao.

Rows and their notes come from each line's rule id and facts (a temple's number and cell, the
water field); every point comes from the engine's score sheet.
"""
from __future__ import annotations

from explorer.messages import N, T

from ..shared.score_sheet import Category, by_rule


def categorize(line) -> Category:
    """One row per temple (players without workers there are left blank), one per resource."""
    rule, facts = line.rule, line.facts
    if "temple" in facts:
        number, workers = facts["temple"], facts["workers"]
        if facts["top_tile"]:
            detail = N("{n} worker (top tile)", "{n} workers (top tile)", workers)
        else:
            detail = N("{n} worker", "{n} workers", workers)
        cell = str(facts["cell"]).replace(", ", ",\u00a0")   # keep "(-2, 0)" on one line
        return Category(("temple", number), T("Temple {number} at {cell}", number=number,
                                              cell=cell), detail,
                        1 + number / 1000, blank=workers == 0)
    if rule == "cacao.scoring.gold":
        return Category("gold", T("Gold collected"), "", 0)
    if rule == "cacao.scoring.sun":
        return Category("sun", T("Sun tokens (1 each)"), "", 2)
    if rule == "cacao.scoring.water":
        return Category("water", T("Water carrier"), T("field {field}/{fields}",
                                                         field=facts["field"],
                                                         fields=facts["fields"]), 3)
    if rule == "cacao.scoring.cacao_worthless":
        return Category("cacao", T("Cacao left (worth 0)"), T("{cacao} cacao",
                                                              cacao=facts["cacao"]), 4)
    return by_rule(line)
