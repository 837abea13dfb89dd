"""The end of Taluva: early win, last player left, or the ranking after the last tile.

Taluva has no points. A score sheet counts what each player has built (one line per kind, so a
line's number is that kind's count and a total is the number of buildings); the winner comes
from the ranking chain (most temples, then towers, then huts) or the way the game ended, and the
sheet's tie-break text says which step decided.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import ScoreLine, ScoreSheet
from ..messages import Message, N, T
from .components import KINDS, PIECES, by_kind

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


def _count(kind: str, n: int) -> Message:
    """One step of the chain as the tie-break text lists it: 'temples 2'."""
    return by_kind(kind, T("huts {n}", n=n), T("temples {n}", n=n), T("towers {n}", n=n))


def _only(kind: str, n: int) -> Message:
    return by_kind(kind, T("the only player who can win (huts: {n})", n=n),
                   T("the only player who can win (temples: {n})", n=n),
                   T("the only player who can win (towers: {n})", n=n))


def _most(kind: str, n: int, tied: tuple) -> Message:
    """'most temples (2) decides', after a tie on the kinds `tied` (a tuple of `_count`s)."""
    if tied:
        return by_kind(kind, T("most huts ({n}) decides after a tie on {tied}", n=n, tied=tied),
                       T("most temples ({n}) decides after a tie on {tied}", n=n, tied=tied),
                       T("most towers ({n}) decides after a tie on {tied}", n=n, tied=tied))
    return by_kind(kind, T("most huts ({n}) decides", n=n), T("most temples ({n}) decides", n=n),
                   T("most towers ({n}) decides", n=n))


def ranking(counts: dict[int, dict[str, int]]) -> tuple[list[int], Message]:
    """Winners among `counts` (player -> built per kind) by the chain temples, towers, huts, and
    a sentence saying which step decided."""
    steps = ranking_steps(counts)
    last = steps[-1]
    said = tuple(_count(s.kind, s.best) for s in steps)
    if len(last.leaders) > 1:
        return list(last.leaders), T("tied on {said}: a shared victory", said=said)
    if len(last.compared) == 1:
        return list(last.leaders), _only(last.kind, last.best)
    return list(last.leaders), _most(last.kind, last.best, said[:-1])


def _early(name: Message, done: tuple) -> Message:
    """An early win by placing every piece of the kinds `done` (in the order hut, temple,
    tower)."""
    if done == ("hut", "temple", "tower"):
        return T("{player} placed every hut and temple and tower: an early win", player=name)
    if done == ("hut", "temple"):
        return T("{player} placed every hut and temple: an early win", player=name)
    if done == ("hut", "tower"):
        return T("{player} placed every hut and tower: an early win", player=name)
    return T("{player} placed every temple and tower: an early win", player=name)


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
        done = tuple(early_win_kinds(state.supply[p]))
        return Standings(end="early", steps=(), winners=(p,), rule="taluva.end.early_win",
                         how=_early(name(p), done), **common)
    if state.end == "last":
        p = state.winner
        return Standings(end="last", steps=(), winners=(p,), rule="taluva.end.last_player",
                         how=T("{player} is the last player left", player=name(p)), **common)
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
        lines.append(ScoreLine(p, T("temples built: {n} (ranked first)", n=n["temple"]),
                               n["temple"], "taluva.end.ranking",
                               {"kind": "temple", "built": n["temple"]}))
        lines.append(ScoreLine(p, T("towers built: {n} (ranked second)", n=n["tower"]),
                               n["tower"], "taluva.end.ranking",
                               {"kind": "tower", "built": n["tower"]}))
        gone = st.removed[p]
        if gone:
            label = T("huts built: {n}, {gone} of them removed by eruptions (ranked third)",
                      n=n["hut"], gone=gone)
        else:
            label = T("huts built: {n} (ranked third)", n=n["hut"])
        lines.append(ScoreLine(p, label, n["hut"],
                               "taluva.erupt.covered_huts" if gone else "taluva.end.ranking",
                               {"kind": "hut", "built": n["hut"], "removed": gone}))
        if p in st.eliminated:
            lines.append(ScoreLine(p, T("eliminated: cannot win"), 0,
                                   "taluva.build.elimination"))
        totals[p] = sum(n.values())
        left = dict(zip(KINDS, state.supply[p]))
        notes[p] = [T("{huts}, {temples}, {towers} in the supply",
                      huts=N("{n} hut", "{n} huts", left["hut"]),
                      temples=N("{n} temple", "{n} temples", left["temple"]),
                      towers=N("{n} tower", "{n} towers", left["tower"]))]
    return ScoreSheet(totals, list(st.winners), lines, st.how, st.rule, notes)
