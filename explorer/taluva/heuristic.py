"""A simple judgement of a Taluva position, for the greedy bot.

The ranking counts temples before towers before huts, so a player's worth weighs them in that
order, adds the chances already open for next turn (a temple or tower site, expansions) and
counts being out of the game as the worst. The value of a position is that worth minus the mean
worth of the other players. Placements are many (hundreds at sea level), so `candidates` keeps
every eruption and only the sea-level placements near the player's own buildings, plus a few.
"""
from __future__ import annotations

from .board import neighbours, tile_hexes
from .building import build_targets
from .state import TaluvaState

TEMPLE, TOWER, HUT = 30.0, 20.0, 1.0
OPEN_TEMPLE, OPEN_TOWER, OPEN_EXPANSION = 8.0, 6.0, 0.5
OUT = -500.0
SEA_SAMPLE = 8


def evaluate(state: TaluvaState, player: int) -> float:
    if state.is_over and state.score().winners == [player]:
        return 1000.0
    worths = [_worth(state, p) for p in range(state.players)]
    others = [w for p, w in enumerate(worths) if p != player]
    return worths[player] - sum(others) / max(1, len(others))


def candidates(state: TaluvaState) -> list:
    legal = state.legal_actions()
    if state.phase != "place":
        return legal
    mine = {h for h, b in state.buildings.items() if b.owner == state.turn}
    near = mine | {n for h in mine for n in neighbours(h)}
    kept, sea = [], []
    for action in legal:
        cover = tile_hexes(action.volcano, action.rotation)
        if any(h in state.hexes for h in cover) or near.intersection(cover):
            kept.append(action)
        else:
            sea.append(action)
    step = max(1, len(sea) // SEA_SAMPLE)
    return kept + sea[::step]


def _worth(state: TaluvaState, p: int) -> float:
    if p in state.eliminated:
        return OUT
    huts, temples, towers = state.built(p)
    worth = TEMPLE * temples + TOWER * towers + HUT * huts
    targets = build_targets(state.hexes, state.buildings, p, state.supply[p], state.anywhere,
                            state.extents[p], state.vacancies)
    worth += OPEN_TEMPLE * bool(targets["temple"]) + OPEN_TOWER * bool(targets["tower"])
    worth += OPEN_EXPANSION * min(4, len(targets["expand"]))
    return worth
