"""The end of the game: treasures turned into nuts and squirrels, then the ranking (2-4 players)
or the solo score.

The choice of which cells get the final squirrels and (solo) which treasures to convert is made
for the player: squirrels go to the area with the fewest empty cells first, so that completed
areas pay out as early as possible, and the solo game spends the cheapest treasures first
(a nut or two berries before a mushroom, a mushroom before a feather).
"""
from __future__ import annotations

from ..core import ScoreLine, ScoreSheet
from . import components as C
from .board import area_masks
from .geometry import FULL, cells_of
from .state import plural

R = "indian_summer."


def _best_cell(floor) -> tuple[int, int]:
    empty = FULL & ~floor.covered
    best = None
    for m in area_masks(floor.layout):
        left = m & empty
        if left and (best is None or left.bit_count() < best.bit_count()):
            best = left
    return cells_of(best)[0]


def _convert_one(state, p: int) -> bool:
    """One exchange towards a nut, cheapest first; False if none is possible."""
    bag = state.backpacks[p]
    for give, need, take in (("berry", 2, "nut"), ("mushroom", 1, "nut"),
                             ("feather", 1, "mushroom")):
        if bag[C.TOKENS.index(give)] >= need and state.supply(take) > 0:
            state._spend(p, give, need)
            state._gain(p, take)
            return True
    return False


def convert_and_fill(state, p: int, everything: bool) -> None:
    """Turn treasures into nuts and nuts into squirrels while cells are empty; completed areas
    pay and their tokens are converted too. `everything`: afterwards turn all that is left into
    nuts (2-4 players; an odd berry stays). Solo keeps what is not needed."""
    name = state.player_name(p)
    rule = "end.convert" if everything else "solo.end"    # solo converts only what is needed
    before = state.tokens(p)
    placed = 0
    events_before = len(state.events)
    while not state.floors[p].full:
        if state.backpacks[p][1]:
            cell = _best_cell(state.floors[p])
            state._squirrel(p, cell, rule, "with a nut at the end")
            state._spend(p, "nut")
            state._pay_areas(p)
            placed += 1
        elif not _convert_one(state, p):
            break
    if everything:
        while _convert_one(state, p):
            pass
    after = state.tokens(p)
    if placed or before != after or len(state.events) > events_before:
        left = ", ".join(plural(n, k) for k, n in after.items() if n) or "nothing"
        state._emit(f"{name} converts treasures to nuts and places {plural(placed, 'squirrel')} "
                    f"with them; {plural(state.floors[p].empty_cells, 'empty cell')} remain; "
                    f"left: {left}.", R + rule, p)
    else:
        state._emit(f"{name} has nothing to convert "
                    f"({plural(state.floors[p].empty_cells, 'empty cell')}).", R + rule, p)


def _solo_sheet(state) -> ScoreSheet:
    floor = state.floors[0]
    lines = []
    if floor.full:
        for kind, n in state.tokens(0).items():
            pts = n * C.SOLO.points[kind]
            lines.append(ScoreLine(0, f"{plural(n, kind)} left x {C.SOLO.points[kind]}", pts,
                                   R + "solo.win"))
        total = sum(line.points for line in lines)
        return ScoreSheet({0: total}, [0], lines, "", None,
                          {0: ["the board is full: the solo game is won"]})
    n = floor.empty_cells
    lines.append(ScoreLine(0, f"{plural(n, 'empty cell')} x -1: the solo game is lost", -n,
                           R + "solo.loss"))
    return ScoreSheet({0: -n}, [], lines, "the board is not full: the solo game is lost",
                      R + "solo.loss", {0: ["lost"]})


def score_sheet(state) -> ScoreSheet:
    """Full boards win (ties: most nuts left, then berries, then shared); the others rank by
    fewest empty cells. Points shown: minus one per empty cell."""
    if state.solo:
        return _solo_sheet(state)
    players = range(state.players)
    lines, totals = [], {}
    for p in players:
        n = state.floors[p].empty_cells
        rule = R + ("end.winner" if n == 0 else "end.ranking")
        label = "board full" if n == 0 else plural(n, "empty cell")
        lines.append(ScoreLine(p, label, -n, rule))
        totals[p] = -n
    full = [p for p in players if state.floors[p].full]
    key = {p: (state.backpacks[p][1], state.backpacks[p][0]) for p in players}
    tiebreak, rule = "", None
    if len(full) > 1:
        rule = R + "end.tiebreak"
        most = max(key[p][0] for p in full)
        winners = [p for p in full if key[p][0] == most]
        tiebreak = f"{len(full)} full boards: most nuts left ({most})"
        if len(winners) > 1:
            berries = max(key[p][1] for p in winners)
            winners = [p for p in winners if key[p][1] == berries]
            tiebreak += f", then most berries ({berries})"
            if len(winners) > 1:
                tiebreak += ": a shared win"
    elif full:
        winners = full
    else:
        best = max(totals.values())
        winners = [p for p in players if totals[p] == best]
        rule = R + "end.ranking"
        tiebreak = "no full board: fewest empty cells"
    ranks = ranking(state)
    notes = {p: [f"rank {ranks[p]}", f"{key[p][0]} nuts and {key[p][1]} berries left"]
             for p in players}
    return ScoreSheet(totals, winners, lines, tiebreak, rule, notes)


def ranking(state) -> dict[int, int]:
    """Rank per player: full boards first (by nuts, then berries), then fewest empty cells;
    equal standing shares a rank."""
    def standing(p):
        floor = state.floors[p]
        if floor.full:
            return (0, -state.backpacks[p][1], -state.backpacks[p][0])
        return (1, floor.empty_cells, 0)
    order = sorted(range(state.players), key=standing)
    ranks = {}
    for i, p in enumerate(order):
        prev = order[i - 1] if i else None
        ranks[p] = ranks[prev] if prev is not None and standing(prev) == standing(p) else i + 1
    return ranks

