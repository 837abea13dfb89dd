"""The end of Taluva: early win, last player left, or the ranking after the last tile.

Taluva has no points. A score sheet counts what each player has built (one line per kind, so a
line's number is that kind's count and a total is the number of buildings); the winner comes
from the ranking chain (most temples, then towers, then huts) or the way the game ended, and the
sheet's tie-break text says which step decided.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import ScoreLine, ScoreSheet
from ..text import plural
from .components import KINDS, PIECES

RANK_ORDER = ("temple", "tower", "hut")


@dataclass(frozen=True)
class Step:
    """One link of the ranking chain: `kind` compared among `compared`; `leaders` have the
    most (`best`) and go on to the next kind, or win when they are alone or the chain ends."""

    kind: str
    compared: tuple[int, ...]
    best: int
    leaders: tuple[int, ...]


@dataclass(frozen=True)
class Standings:
    """What decides a finished (or provisional) Taluva game, as data for views: no points.

    `end` is "early", "last" or "ranking"; `steps` is the chain as far as it went (empty unless
    the game ended by the ranking); `rules` the rule ids behind each kind's count."""

    built: dict[int, dict[str, int]]
    removed: dict[int, int]
    eliminated: tuple[int, ...]
    end: str
    steps: tuple[Step, ...]
    winners: tuple[int, ...]
    how: str
    rule: str
    rules: dict[str, tuple[str, ...]]


def built(supply) -> tuple[int, int, int]:
    """Huts, temples, towers placed: every piece no longer in the supply (huts an eruption
    removed from the game count as built; returned huts are back in the supply)."""
    return tuple(PIECES[k] - left for k, left in zip(KINDS, supply))


def early_win_kinds(supply) -> list[str]:
    """The kinds of which every piece is placed."""
    return [k for k, left in zip(KINDS, supply) if left == 0]


def ranking_steps(counts: dict[int, dict[str, int]]) -> tuple[Step, ...]:
    """The chain temples, towers, huts among `counts` (player -> built per kind), step by step
    until one player leads or the kinds run out."""
    field = tuple(sorted(counts))
    steps = []
    for kind in RANK_ORDER:
        best = max(counts[p][kind] for p in field)
        leaders = tuple(p for p in field if counts[p][kind] == best)
        steps.append(Step(kind, field, best, leaders))
        if len(leaders) == 1:
            break
        field = leaders
    return tuple(steps)


def ranking(counts: dict[int, dict[str, int]]) -> tuple[list[int], str]:
    """Winners among `counts` (player -> built per kind) by the chain temples, towers, huts, and
    a sentence saying which step decided."""
    steps = ranking_steps(counts)
    last = steps[-1]
    said = [f"{s.kind}s {s.best}" for s in steps]
    if len(last.leaders) > 1:
        return list(last.leaders), f"tied on {', '.join(said)}: a shared victory"
    if len(last.compared) == 1:
        return list(last.leaders), f"the only player who can win ({last.kind}s: {last.best})"
    tied = "" if len(steps) == 1 else f" after a tie on {', '.join(said[:-1])}"
    return list(last.leaders), f"most {last.kind}s ({last.best}) decides{tied}"


def standings(state) -> Standings:
    """Who built what, and how the winner was found (early win, last player, or the chain)."""
    name = state.player_name
    built_by = {}
    for p in range(state.players):
        huts, temples, towers = built(state.supply[p])
        built_by[p] = {"temple": temples, "tower": towers, "hut": huts}
    removed = {p: state.removed[p] for p in range(state.players)}
    rules = {"temple": ("taluva.end.ranking",), "tower": ("taluva.end.ranking",),
             "hut": ("taluva.end.ranking",) + (("taluva.erupt.covered_huts",)
                                            if any(removed.values()) else ()),
             "eliminated": ("taluva.build.elimination",)}
    common = dict(built=built_by, removed=removed, eliminated=tuple(state.eliminated),
                  rules=rules)
    if state.end == "early":
        p = state.winner
        done = " and ".join(early_win_kinds(state.supply[p]))
        return Standings(end="early", steps=(), winners=(p,), rule="taluva.end.early_win",
                         how=f"{name(p)} placed every {done}: an early win", **common)
    if state.end == "last":
        p = state.winner
        return Standings(end="last", steps=(), winners=(p,), rule="taluva.end.last_player",
                         how=f"{name(p)} is the last player left", **common)
    active = {p: built_by[p] for p in state.active}
    winners, how = ranking(active)
    return Standings(end="ranking", steps=ranking_steps(active), winners=tuple(winners),
                     how=how, rule="taluva.end.ranking", **common)


def score_sheet(state) -> ScoreSheet:
    """The sheet of `standings`: one line per kind built (a total counts buildings, no points)."""
    st = standings(state)
    lines: list[ScoreLine] = []
    totals: dict[int, int] = {}
    notes: dict[int, list[str]] = {}
    for p in range(state.players):
        n = st.built[p]
        lines.append(ScoreLine(p, f"temples built: {n['temple']} (ranked first)", n["temple"],
                               "taluva.end.ranking", {"kind": "temple", "built": n["temple"]}))
        lines.append(ScoreLine(p, f"towers built: {n['tower']} (ranked second)", n["tower"],
                               "taluva.end.ranking", {"kind": "tower", "built": n["tower"]}))
        gone = st.removed[p]
        extra = f", {gone} of them removed by eruptions" if gone else ""
        lines.append(ScoreLine(p, f"huts built: {n['hut']}{extra} (ranked third)", n["hut"],
                               "taluva.erupt.covered_huts" if gone else "taluva.end.ranking",
                               {"kind": "hut", "built": n["hut"], "removed": gone}))
        if p in st.eliminated:
            lines.append(ScoreLine(p, "eliminated: cannot win", 0, "taluva.build.elimination"))
        totals[p] = sum(n.values())
        left = dict(zip(KINDS, state.supply[p]))
        notes[p] = [", ".join(plural(left[k], k) for k in KINDS) + " in the supply"]
    return ScoreSheet(totals, list(st.winners), lines, st.how, st.rule, notes)
