"""The end of the game: treasures turned into nuts, nuts into squirrels that each player places,
then the ranking (2-4 players) or the solo score.

The rule text (273-277) gives the placing of the final squirrels to the player: after the last
turn the game enters the phase "squirrels", in which the players, from the start player on, each
place theirs one decision at a time (a `Nut` action on an empty cell). What the rules decide
happens by itself: 2-4 players convert every treasure to nuts (feather -> mushroom -> nut, two
berries -> a nut, an odd berry stays), again after every area a squirrel completes; the solo game
converts only what the next squirrel needs, cheapest first (a nut or two berries before a
mushroom, a mushroom before a feather), so the rest still scores. Whether the nut supply limits
that conversion is the rule option `end_nuts` (rule `indian_summer.end.nut_supply`).

`best_squirrel(state)` finds the placement that gives the deciding player their best result by
the ranking rules (or the solo score): it searches every order of completing areas, which is
enough because the empty cells of one area are alike and completing an area only ever pays.
"""
from __future__ import annotations

from ..core import ScoreLine, ScoreSheet
from ..messages import N, T
from . import components as C
from .board import area_masks, area_of
from .geometry import FULL, bit, cells_of
from .moves import NUT_MOVES, CellMoves

CONVERSIONS = (("feather", 1, "mushroom"), ("mushroom", 1, "nut"), ("berry", 2, "nut"))
SOLO_ORDER = (("berry", 2, "nut"), ("mushroom", 1, "nut"), ("feather", 1, "mushroom"))


# -- the phase ------------------------------------------------------------------------------

def begin(state) -> None:
    """The last turn is over: from the start player on, each player places their squirrels."""
    if state.narrating and state.solo:
        state._emit(T("Only as many treasures as the empty cells need become nuts (the cheapest "
                      "first); you place a squirrel with each; the rest stays in the backpack."),
                    "indian_summer.solo.end")
    elif state.narrating:
        state._emit(T("The game ends: every player turns their treasures into nuts and places "
                      "squirrels with them, one by one, where they choose."),
                    "indian_summer.end.convert")
    state.phase = "squirrels"
    _next_placer(state, 0)


def place(state, action) -> None:
    """One final squirrel, paid with a nut, on a cell the player chose."""
    p = state.turn
    state._squirrel(p, action.at, _rule(state),
                    lambda player, cell: T("{player} places a squirrel with a nut at the end on "
                                           "{cell}.", player=player, cell=cell))
    state._spend(p, "nut")
    if state.nut_stand_ins:      # a stand-in nut leaves the game rather than join the supply
        state.nut_stand_ins -= 1
    state._pay_areas(p)
    if not _ready(state, p):
        _done(state, p)
        order = _order(state)
        _next_placer(state, order.index(p) + 1)


def legal(state) -> list:
    return CellMoves(NUT_MOVES, FULL & ~state.floors[state.turn].covered)


def _rule(state) -> str:
    return "indian_summer.solo.end" if state.solo else "indian_summer.end.convert"


def _order(state) -> list[int]:
    return [(state.start_player + i) % state.players for i in range(state.players)]


def _next_placer(state, start: int) -> None:
    for q in _order(state)[start:]:
        if _ready(state, q):
            state.turn = q
            if state.narrating:
                state._emit(T("{player} places squirrels: {nuts}, {cells}.",
                              player=state.player_name(q),
                              nuts=C.token_count("nut", state.backpacks[q][1]),
                              cells=_empty_cells(state.floors[q].empty_cells)), _rule(state), q)
            return
        _done(state, q)
    state.phase = "over"
    state.turn = None


def _ready(state, p: int) -> bool:
    """Convert what the rules convert now; whether `p` then has a squirrel to place."""
    if state.solo:
        if not state.floors[p].full and not state.backpacks[p][1]:
            _convert(state, p, until_nut=True)
    else:
        _convert(state, p, until_nut=False)
    return bool(state.backpacks[p][1]) and not state.floors[p].full


def _done(state, p: int) -> None:
    if not state.narrating:
        return
    left = tuple(C.token_count(k, n) for k, n in state.tokens(p).items() if n) or T("nothing")
    floor = state.floors[p]
    said = dict(player=state.player_name(p), left=left)
    if floor.full:
        text = T("{player} is done: the board is full; left: {left}.", **said)
    else:
        text = N("{player} is done: {n} empty cell remains; left: {left}.",
                 "{player} is done: {n} empty cells remain; left: {left}.",
                 floor.empty_cells, **said)
    state._emit(text, _rule(state), p)


# -- conversion -----------------------------------------------------------------------------

def stand_ins(state) -> bool:
    """Whether the end conversion goes on with stand-in nuts once the supply has none."""
    return state.options.get("end_nuts", "stand_in") == "stand_in"


def _can_take(state, kind: str) -> bool:
    return stand_ins(state) or state.supply(kind) > 0


def _exchange(state, p: int, give: str, need: int, take: str) -> None:
    state._spend(p, give, need)
    if take == "nut" and state.supply("nut") <= 0:
        state.nut_stand_ins += 1
    state._gain(p, take)


def _convert(state, p: int, until_nut: bool) -> None:
    """Exchange towards nuts (all of it, or solo just until there is one nut), narrated once."""
    before = state.tokens(p)
    order = SOLO_ORDER if until_nut else CONVERSIONS
    blocked = set()
    while not (until_nut and state.backpacks[p][1]):
        bag = state.backpacks[p]
        for give, need, take in order:
            if bag[C.TOKENS.index(give)] >= need:
                if _can_take(state, take):
                    _exchange(state, p, give, need, take)
                    break
                blocked.add(give)
        else:
            break
    after = state.tokens(p)
    if not state.narrating:
        return
    if after != before:
        given = [C.token_count(k, before[k] - after[k]) for k in C.TOKENS
                 if k != "nut" and before[k] > after[k]]
        state._emit(T("{player} converts {given}: now {nuts}.", player=state.player_name(p),
                      given=_and(given), nuts=C.token_count("nut", after["nut"])),
                    _rule(state), p)
    stuck = [k for k in blocked if after[k] >= (2 if k == "berry" else 1)]
    if stuck:
        tokens = _and(C.token_count(k, after[k]) for k in stuck)
        if "feather" not in stuck:
            text = T("No nut is left in the supply: {tokens} cannot become nuts.", tokens=tokens)
        else:
            text = T("No nut or mushroom is left in the supply: {tokens} cannot become nuts.",
                     tokens=tokens)
        state._emit(text, "indian_summer.end.nut_supply", p)


def _empty_cells(n: int):
    return N("{n} empty cell", "{n} empty cells", n)


def _and(words):
    """Words as one list: "a", "a and b", "a, b and c" (a template parameter)."""
    words = list(words)
    if len(words) > 1:
        return T("{items} and {last}", items=tuple(words[:-1]), last=words[-1])
    return words[0] if words else ""


# -- the best placement ---------------------------------------------------------------------

def standing(state, p: int) -> tuple:
    """How good the end is for `p`, smaller is better: a full board first (2-4 players: most
    nuts, then most berries left; solo: most points), then fewest empty cells."""
    floor = state.floors[p]
    if floor.full:
        if state.solo:
            return (0, -sum(n * C.SOLO.points[k] for k, n in state.tokens(p).items()))
        return (0, -state.backpacks[p][1], -state.backpacks[p][0])
    return (1, floor.empty_cells, 0)


def best_squirrel(state):
    """The deciding player's best next squirrel (a `Nut` action) in the phase "squirrels"."""
    return _search(state, state.turn, {})[1]


def _search(state, p: int, memo: dict) -> tuple:
    """(best standing reachable, first action). Each branch fills one area, completing it or
    running out of nuts on the way: any other order of the same squirrels ends no better, as
    the cells of an area are alike and a completed area only ever pays."""
    floor = state.floors[p]
    key = (floor.covered, state.backpacks[p], state.nut_stand_ins)
    if key in memo:
        return memo[key]
    best = None
    for m in area_masks(floor.layout):
        left = m & ~floor.covered
        if not left:
            continue
        s, first = state, None
        for cell in cells_of(left):
            if not _placing(s, p):      # ran out before the area was complete
                break
            action = NUT_MOVES[cell[1] * C.WIDTH + cell[0]]
            first = first or action
            s = s.apply(action)
        result = (_search(s, p, memo)[0] if _placing(s, p) else standing(s, p), first)
        if best is None or result[0] < best[0]:
            best = result
    memo[key] = best
    return best


def _placing(state, p: int) -> bool:
    return state.phase == "squirrels" and state.turn == p


def payout(state, cell) -> tuple[str, ...] | None:
    """The tokens a squirrel on `cell` would pay the deciding player now: those of the area it
    completes (possibly none), or None when it completes no area."""
    floor = state.floors[state.turn]
    i = area_of(floor.layout, cell)
    m = area_masks(floor.layout)[i]
    if i in floor.paid or m & ~floor.covered != bit(cell):
        return None
    return tuple(k for c, k in floor.tokens if m & bit(c))

# -- scoring -------------------------------------------------------------------------------

def _solo_sheet(state) -> ScoreSheet:
    """Won (winners [0]) on a full board, scored by the tokens left; else lost, minus one per
    empty cell. The reason is the sheet's tie-break text, as no one else takes part."""
    floor = state.floors[0]
    lines = []
    series = T("game {n} of a three-game series", n=state.options.get('solo_pile', 1))
    if floor.full:
        for kind, n in state.tokens(0).items():
            pts = n * C.SOLO.points[kind]
            lines.append(ScoreLine(0, T("{tokens} left x {each}", tokens=C.token_count(kind, n),
                                        each=C.SOLO.points[kind]), pts,
                                   "indian_summer.solo.win",
                                   {"kind": kind, "left": n, "each": C.SOLO.points[kind]}))
        total = sum(line.points for line in lines)
        return ScoreSheet({0: total}, [0], lines, T("the board is full: the solo game is won"),
                          "indian_summer.solo.win", {0: [T("won"), series]})
    n = floor.empty_cells
    lines.append(ScoreLine(0, N("{n} empty cell x -1: the solo game is lost",
                                "{n} empty cells x -1: the solo game is lost", n), -n,
                           "indian_summer.solo.loss", {"empty_cells": n}))
    return ScoreSheet({0: -n}, [], lines, T("the board is not full: the solo game is lost"),
                      "indian_summer.solo.loss", {0: [T("lost"), series]})


def score_sheet(state) -> ScoreSheet:
    """Full boards win (ties: most nuts left, then berries, then shared); the others rank by
    fewest empty cells. Points shown: minus one per empty cell."""
    if state.solo:
        return _solo_sheet(state)
    players = range(state.players)
    lines, totals = [], {}
    for p in players:
        n = state.floors[p].empty_cells
        rule = "indian_summer.end.winner" if n == 0 else "indian_summer.end.ranking"
        label = T("board full") if n == 0 else _empty_cells(n)
        lines.append(ScoreLine(p, label, -n, rule, {"empty_cells": n}))
        totals[p] = -n
    full = [p for p in players if state.floors[p].full]
    key = {p: (state.backpacks[p][1], state.backpacks[p][0]) for p in players}
    tiebreak, rule = "", None
    if len(full) > 1:
        rule = "indian_summer.end.tiebreak"
        most = max(key[p][0] for p in full)
        winners = [p for p in full if key[p][0] == most]
        tiebreak = T("{boards} full boards: most nuts left ({most})", boards=len(full),
                     most=most)
        if len(winners) > 1:
            berries = max(key[p][1] for p in winners)
            winners = [p for p in winners if key[p][1] == berries]
            if len(winners) > 1:
                tiebreak = T("{boards} full boards: most nuts left ({most}), then most berries "
                             "({berries}): a shared win", boards=len(full), most=most,
                             berries=berries)
            else:
                tiebreak = T("{boards} full boards: most nuts left ({most}), then most berries "
                             "({berries})", boards=len(full), most=most, berries=berries)
    elif full:
        winners = full
    else:
        best = max(totals.values())
        winners = [p for p in players if totals[p] == best]
        rule = "indian_summer.end.ranking"
        tiebreak = T("no full board: fewest empty cells")
    ranks = ranking(state)
    notes = {p: [T("rank {rank}", rank=ranks[p]),
                 T("{nuts} nuts and {berries} berries left", nuts=key[p][0], berries=key[p][1])]
             for p in players}
    return ScoreSheet(totals, winners, lines, tiebreak, rule, notes)


def ranking(state) -> dict[int, int]:
    """Rank per player: full boards first (by nuts, then berries), then fewest empty cells;
    equal standing shares a rank."""
    key = {p: standing(state, p) for p in range(state.players)}
    order = sorted(range(state.players), key=key.get)
    ranks = {}
    for i, p in enumerate(order):
        prev = order[i - 1] if i else None
        ranks[p] = ranks[prev] if prev is not None and key[prev] == key[p] else i + 1
    return ranks

