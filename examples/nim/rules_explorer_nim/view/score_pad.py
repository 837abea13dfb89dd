"""How Nim's score lines sit on the score pad: one row, the result, with the end rule."""
from __future__ import annotations

from explorer.messages import T

from widgets.shared.score_sheet import Category, by_rule

RESULTS = {"win": T("won"), "loss": T("lost")}


def categorize(line) -> Category:
    """Both lines of a finished game share one row: the rule that decided it."""
    if line.rule in ("nim.end.last_counter", "nim.end.misere"):
        title = T("Last counter (misère)") if line.rule == "nim.end.misere" else T("Last counter")
        return Category("result", title, RESULTS.get(line.facts.get("result"), ""), 0)
    return by_rule(line)
