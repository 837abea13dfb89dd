"""A simple judgement of a Cacao position, for the greedy bot.

A player's worth is what they would score now (gold, sun tokens, water carrier, temple majorities
as they stand) plus cacao at a price it will likely fetch, plus what their workers still promise:
activated workers not yet used, workers about to activate, and workers facing empty jungle
spaces. The value of a position is that worth minus the mean worth of the other players, so that
feeding an opponent's workers counts against a move.
"""
from __future__ import annotations

from functools import lru_cache

from . import components as C
from .board import STEPS, neighbour
from .scoring import temple_prizes
from .state import CacaoState

CACAO_PRICE = 1.5      # a cacao will most likely be sold at a market for 2-3 gold, some wasted
EMPTY_SPACE_HOPE = 1.0  # a worker facing an empty space activates if a good tile lands there
SUN_WORTH = 1.2         # a sun token scores 1 and may pay for a rebuild


def evaluate(state: CacaoState, player: int) -> float:
    worths = _worths(state)
    others = [w for p, w in enumerate(worths) if p != player]
    return worths[player] - sum(others) / max(1, len(others))


def candidates(state: CacaoState) -> list:
    """Legal actions, with placements that leave the same workers on the same cell only once."""
    seen, actions = set(), []
    for action in state.legal_actions():
        if action.kind in ("place", "rebuild"):
            key = (action.kind, action.cell, action.workers)
            if key in seen:
                continue
            seen.add(key)
        actions.append(action)
    return actions


def _worths(state: CacaoState) -> list[float]:
    """Every player's worth, from one pass over the board."""
    resources = []
    for p in range(state.players):
        still_playing = bool(state.hands[p]) or bool(state.worker_piles[p])
        price = CACAO_PRICE if still_playing else 0.01   # left-over cacao only breaks ties
        resources.append(_Resources(state, p, price))
    for e in state.pending:
        resources[e.player].use(state.jungle[neighbour(e.cell, e.side)], e.left)
    hope = [0.0] * state.players
    jungle_left = bool(state.jungle_pile or state.display or state.drawn)
    about_to_activate = state.phase == "fill"
    temple_workers: dict[tuple[int, int], dict[int, int]] = {}
    parts = _tile_parts_for(state.jungle)
    for cell, top in state.workers.items():
        part = parts.get((cell, top))
        if part is None:
            part = parts[cell, top] = _tile_parts(state.jungle, cell, top)
        facing_empty, at_temples, at_jungle = part
        if jungle_left:
            hope[top.owner] += EMPTY_SPACE_HOPE * facing_empty
        for temple, n in at_temples:
            count = temple_workers.setdefault(temple, {})
            count[top.owner] = count.get(top.owner, 0) + n
        if about_to_activate:
            for side, faced, jungle_tile, n in at_jungle:
                if not state.is_activated(top.tile, side) and (
                        cell == state.placed_cell or faced in state.filled):
                    resources[top.owner].use(jungle_tile, n)   # activation waits for filling
    for counts in temple_workers.values():
        for p, gold in _temple_prizes(tuple(sorted(counts.items()))).items():
            hope[p] += gold
    return [r.total() + h for r, h in zip(resources, hope)]


_parts_cache: dict = {"jungle": None, "parts": {}}


def _tile_parts_for(jungle) -> dict:
    """Worker tiles sorted out against one jungle layout; the candidates of one decision share
    their jungle layout, so each tile is sorted out once per decision, not once per candidate."""
    if _parts_cache["jungle"] is not jungle:
        _parts_cache["jungle"], _parts_cache["parts"] = jungle, {}
    return _parts_cache["parts"]


def _tile_parts(jungle, cell: tuple[int, int], top) -> tuple:
    """Workers of one tile facing empty spaces, temples (temple, n) and other jungle tiles
    (side, faced cell, jungle tile, n)."""
    facing_empty, at_temples, at_jungle = 0, [], []
    x, y = cell
    for side, n in enumerate(top.counts):
        if not n:
            continue
        faced = (x + STEPS[side][0], y + STEPS[side][1])
        jungle_tile = jungle.get(faced)
        if jungle_tile is None:
            facing_empty += n
        elif C.JUNGLE_KIND[jungle_tile] == "temple":
            at_temples.append((faced, n))
        else:
            at_jungle.append((side, faced, jungle_tile, n))
    return facing_empty, tuple(at_temples), tuple(at_jungle)


@lru_cache(maxsize=1024)
def _temple_prizes(workers: tuple[tuple[int, int], ...]) -> dict[int, int]:
    """Gold per player at one temple as it stands (the real temple rule)."""
    return temple_prizes(dict(workers))[0]


class _Resources:
    """A player's goods, with workers put to use on them in a sensible order."""

    def __init__(self, state: CacaoState, player: int, price: float):
        self.gold = state.gold[player]
        self.cacao = state.cacao[player]
        self.sun = state.sun[player]
        self.water = state.water[player]
        self.price = price
        self.sales: list[int] = []        # market prices waiting for cacao

    def use(self, jungle_tile: int, workers: int) -> None:
        kind, value = C.jungle_kind(jungle_tile), C.jungle_value(jungle_tile)
        for _ in range(workers):
            if kind == "plantation":
                self.cacao = min(C.CACAO_CAP, self.cacao + value)
            elif kind == "market":
                self.sales.append(value)
            elif kind == "gold_mine":
                self.gold += value
            elif kind == "water":
                self.water = min(self.water + 1, len(C.WATER_TRACK) - 1)
            elif kind == "sun_worship":
                self.sun = min(C.SUN_CAP, self.sun + 1)

    def total(self) -> float:
        cacao, gold = self.cacao, self.gold
        for price in sorted(self.sales, reverse=True):
            if cacao and price > self.price:
                cacao -= 1
                gold += price
        return gold + SUN_WORTH * self.sun + C.WATER_TRACK[self.water] + self.price * cacao
