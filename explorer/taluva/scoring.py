"""The end of Taluva: early win, last player left, or the ranking after the last tile.

Taluva has no points. A score sheet counts what each player has built (one line per kind, so a
line's number is that kind's count and a total is the number of buildings); the winner comes
from the ranking chain (most temples, then towers, then huts) or the way the game ended, and the
sheet's tie-break text says which step decided.
"""
from __future__ import annotations

from ..core import ScoreLine, ScoreSheet
from .components import KINDS, PIECES

R = "taluva."
RANK_ORDER = ("temple", "tower", "hut")


def built(supply) -> tuple[int, int, int]:
    """Huts, temples, towers placed: every piece no longer in the supply (huts an eruption
    removed from the game count as built; returned huts are back in the supply)."""
    return tuple(PIECES[k] - left for k, left in zip(KINDS, supply))


def early_win_kinds(supply) -> list[str]:
    """The kinds of which every piece is placed."""
    return [k for k, left in zip(KINDS, supply) if left == 0]


def ranking(counts: dict[int, dict[str, int]]) -> tuple[list[int], str]:
    """Winners among `counts` (player -> built per kind) by the chain temples, towers, huts, and
    a sentence saying which step decided."""
    field = sorted(counts)
    steps = []
    for kind in RANK_ORDER:
        best = max(counts[p][kind] for p in field)
        leaders = [p for p in field if counts[p][kind] == best]
        steps.append(f"{kind}s {best}")
        if len(leaders) == 1:
            if len(field) == 1:
                return leaders, f"the only player who can win ({kind}s: {best})"
            tied = "" if len(steps) == 1 else f" after a tie on {', '.join(steps[:-1])}"
            return leaders, f"most {kind}s ({best}) decides{tied}"
        field = leaders
    return field, f"tied on {', '.join(steps)}: a shared victory"


def score_sheet(state) -> ScoreSheet:
    name = state.player_name
    lines: list[ScoreLine] = []
    totals: dict[int, int] = {}
    counts: dict[int, dict[str, int]] = {}
    notes: dict[int, list[str]] = {}
    for p in range(state.players):
        huts, temples, towers = built(state.supply[p])
        counts[p] = {"hut": huts, "temple": temples, "tower": towers}
        lines.append(ScoreLine(p, f"temples built: {temples} (ranked first)", temples,
                               R + "end.ranking"))
        lines.append(ScoreLine(p, f"towers built: {towers} (ranked second)", towers,
                               R + "end.ranking"))
        gone = state.removed[p]
        extra = f", {gone} of them removed by eruptions" if gone else ""
        lines.append(ScoreLine(p, f"huts built: {huts}{extra} (ranked third)", huts,
                               R + "erupt.covered_huts" if gone else R + "end.ranking"))
        if p in state.eliminated:
            lines.append(ScoreLine(p, "eliminated: cannot win", 0, R + "build.elimination"))
        totals[p] = huts + temples + towers
        left = state.supply[p]
        notes[p] = [f"{left[0]} huts, {left[1]} temples, {left[2]} towers in the supply"]
    if state.end == "early":
        p = state.winner
        done = " and ".join(early_win_kinds(state.supply[p]))
        return ScoreSheet(totals, [p], lines, f"{name(p)} placed every {done}: an early win",
                          R + "end.early_win", notes)
    if state.end == "last":
        p = state.winner
        return ScoreSheet(totals, [p], lines, f"{name(p)} is the last player left",
                          R + "end.last_player", notes)
    winners, how = ranking({p: counts[p] for p in state.active})
    return ScoreSheet(totals, winners, lines, how, R + "end.ranking", notes)
