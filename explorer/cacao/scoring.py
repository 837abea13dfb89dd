"""Final scoring: temples one by one, then sun tokens, then the water carrier, on top of the gold.

Pure functions over board data so the view and tests can score any position.
"""
from __future__ import annotations

from typing import NamedTuple

from ..core import ScoreLine, ScoreSheet
from ..messages import N, T
from . import components as C
from .board import neighbour, opposite

FIRST_PRIZE = 6
SECOND_PRIZE = 3


class TempleResult(NamedTuple):
    cell: tuple[int, int]
    workers: dict          # player -> adjacent workers (top tiles only)
    prizes: dict           # player -> gold
    rebuilt: frozenset     # players with a rebuilt stack next to this temple
    rule: str              # the rule that decided the prizes
    how: str               # one line of explanation


def temple_prizes(workers: dict[int, int]) -> tuple[dict[int, int], str, str]:
    """Gold per player for one temple from the adjacent workers, with the rule and a reason."""
    present = {p: n for p, n in workers.items() if n > 0}
    if not present:
        return {}, "cacao.scoring.temples", T("no adjacent workers: nobody scores")
    best = max(present.values())
    firsts = sorted(p for p, n in present.items() if n == best)
    if len(firsts) > 1:
        share = FIRST_PRIZE // len(firsts)
        return ({p: share for p in firsts}, "cacao.scoring.temple_ties",
                N("{count} players tie for first with {n} adjacent worker: they share "
                  "{prize} ({share} each, rounded down) and there is no second prize",
                  "{count} players tie for first with {n} adjacent workers: they share "
                  "{prize} ({share} each, rounded down) and there is no second prize",
                  best, count=len(firsts), prize=FIRST_PRIZE, share=share))
    rest = {p: n for p, n in present.items() if p != firsts[0]}
    if not rest:
        return ({firsts[0]: FIRST_PRIZE}, "cacao.scoring.temple_alone",
                T("only one player has workers here: {prize} for first, no second prize",
                  prize=FIRST_PRIZE))
    second = max(rest.values())
    seconds = sorted(p for p, n in rest.items() if n == second)
    prizes = {firsts[0]: FIRST_PRIZE}
    share = SECOND_PRIZE // len(seconds)
    for p in seconds:
        prizes[p] = share
    if len(seconds) > 1:
        return (prizes, "cacao.scoring.temple_ties",
                N("first with {n} adjacent worker gets {first}; {count} players tie for second "
                  "with {second} and share {prize} ({share} each, rounded down)",
                  "first with {n} adjacent workers gets {first}; {count} players tie for second "
                  "with {second} and share {prize} ({share} each, rounded down)",
                  best, first=FIRST_PRIZE, count=len(seconds), second=second,
                  prize=SECOND_PRIZE, share=share))
    return (prizes, "cacao.scoring.temples",
            N("first with {n} adjacent worker gets {first}, second with {second} gets {prize}",
              "first with {n} adjacent workers gets {first}, second with {second} gets {prize}",
              best, first=FIRST_PRIZE, second=second, prize=SECOND_PRIZE))


def score_temples(workers, jungle, covered) -> list[TempleResult]:
    """Every temple on the board, in cell order. `workers`: cell -> Placed (top tiles)."""
    results = []
    for cell in sorted(c for c, t in jungle.items() if C.jungle_kind(t) == "temple"):
        count: dict[int, int] = {}
        rebuilt = set()
        for side in range(4):
            wcell = neighbour(cell, side)
            placed = workers.get(wcell)
            if placed is None:
                continue
            n = placed.counts[opposite(side)]
            count[placed.owner] = count.get(placed.owner, 0) + n
            if wcell in covered:
                rebuilt.add(placed.owner)
        prizes, rule, how = temple_prizes(count)
        results.append(TempleResult(cell, count, prizes, frozenset(rebuilt), rule, how))
    return results


def score_sheet(state) -> ScoreSheet:
    """The score sheet of a (finished or running) position."""
    players = range(state.players)
    name = state.player_name
    lines: list[ScoreLine] = []
    totals = {p: 0 for p in players}

    def add(p: int, label: str, points: int, rule: str, **facts) -> None:
        lines.append(ScoreLine(p, label, points, rule, facts))
        totals[p] += points

    for p in players:
        add(p, T("gold collected during the game: {gold}", gold=state.gold[p]), state.gold[p],
            "cacao.scoring.gold", gold=state.gold[p])
    for t, temple in enumerate(score_temples(state.workers, state.jungle, state.covered), 1):
        for p in players:
            n = temple.workers.get(p, 0)
            pts = temple.prizes.get(p, 0)
            rule, why = temple.rule, temple.how
            if not n:
                rule, why = "cacao.scoring.temples", T("at least one adjacent worker is needed")
            if p in temple.rebuilt:
                rule = "cacao.scoring.temple_top"
                why = T("{reason}; a rebuilt stack counts only its top tile", reason=why)
            add(p, N("temple {temple} at {cell}: {n} adjacent worker -> {points} ({reason})",
                     "temple {temple} at {cell}: {n} adjacent workers -> {points} ({reason})",
                     n, temple=t, cell=str(temple.cell), points=pts, reason=why), pts, rule,
                temple=t, cell=temple.cell, workers=n, top_tile=p in temple.rebuilt)
    for p in players:
        add(p, N("{n} sun token left x 1", "{n} sun tokens left x 1", state.sun[p]),
            state.sun[p], "cacao.scoring.sun", tokens=state.sun[p])
    for p in players:
        value = C.WATER_TRACK[state.water[p]]
        if value < 0:
            label = T("water carrier on field {field} of 9: {player} pays {points}",
                      field=state.water[p] + 1, player=name(p), points=abs(value))
        else:
            label = T("water carrier on field {field} of 9: {player} gets {points}",
                      field=state.water[p] + 1, player=name(p), points=abs(value))
        add(p, label, value, "cacao.scoring.water", field=state.water[p] + 1,
            fields=len(C.WATER_TRACK))
    for p in players:
        add(p, T("{cacao} cacao left: worth nothing", cacao=state.cacao[p]), 0,
            "cacao.scoring.cacao_worthless", cacao=state.cacao[p])
    best = max(totals.values())
    leaders = [p for p in players if totals[p] == best]
    winners, tiebreak, rule = leaders, "", None
    if len(leaders) > 1:
        most = max(state.cacao[p] for p in leaders)
        winners = [p for p in leaders if state.cacao[p] == most]
        rule = "cacao.scoring.winner"
        tiebreak = (T("tie on {gold} gold: most cacao left decides ({cacao})", gold=best,
                      cacao=most) if len(winners) == 1
                    else T("tie on {gold} gold and {cacao} cacao: shared victory", gold=best,
                           cacao=most))
    notes = {p: [T("{cacao} cacao left (tie-break only)", cacao=state.cacao[p])]
             for p in players}
    return ScoreSheet(totals, winners, lines, tiebreak, rule, notes)
