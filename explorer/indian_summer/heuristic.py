"""A simple judgement of an Indian Summer position, for the greedy bot.

A player's worth is mostly the cells still empty (the race is to fill the board), then the
treasures held (each buys tiles or a squirrel), tiles in hand, and a penalty for single empty
cells walled in (only a squirrel can fill them). Candidates keep, per tile, the few placements
that hug the covered cells and the board's edge, so the bot judges dozens of moves, not
thousands; the final squirrels go where the end-game search says they do best.
"""
from __future__ import annotations

from . import components as C
from .board import printed_treasure
from .scoring import best_squirrel
from .geometry import FULL, cells_of, neighbours_mask
from .moves import leaf_index

CELL = 3.0
TOKEN_WORTH = (1.0, 2.0, 2.5, 3.5)      # berry, nut, mushroom, feather
ON_BOARD = 0.8                          # a token on a hole, paid when its area completes
PATH_TILE = 0.6
WALLED_IN = 1.5
PER_TILE = 6
SQUIRREL_CELLS = 3


def evaluate(state, player: int) -> float:
    floor = state.floors[player]
    empty = FULL & ~floor.covered
    value = -CELL * empty.bit_count()
    value += sum(w * n for w, n in zip(TOKEN_WORTH, state.backpacks[player]))
    value += ON_BOARD * len(floor.tokens)
    value += PATH_TILE * len(state.paths[player])
    walled = empty & ~neighbours_mask(empty)
    value -= WALLED_IN * walled.bit_count()
    if state.phase == "place" and state.turn == player:
        value += 0.9 * CELL * sum(len(C.LEAVES[t].cells) for t in state.pending[:state.need])
    if state.is_over:
        value += 1000 if player in state.score().winners else 0
    return value


def _hug(state, action) -> float:
    """How snugly a placement fits: neighbours already covered or off the board."""
    p = state.turn
    covered = state.floors[p].covered
    mask, hole = leaf_index(C.tile_id(action.tile))[tuple(action)[1:]]
    around = neighbours_mask(mask) & ~mask
    outside = 4 * mask.bit_count() - 2 * _inner_edges(mask) - around.bit_count()
    score = (around & covered).bit_count() + outside
    if printed_treasure(state.floors[p].layout, cells_of(hole)[0]):
        score += 2
    return score


def _inner_edges(mask: int) -> int:
    """Edges shared by two cells of a mask (each counted once)."""
    cells = set(cells_of(mask))
    return sum(((x + 1, y) in cells) + ((x, y + 1) in cells) for x, y in cells)


def candidates(state) -> list:
    if state.phase == "squirrels":     # the final squirrels: the provably best one
        return [best_squirrel(state)]
    legal = state.legal_actions()
    places: dict[str, list] = {}
    cells: dict[str, list] = {}
    rest = []
    for action in legal:
        if action.kind == "place":
            places.setdefault(action.tile, []).append(action)
        elif action.kind in ("squirrel", "nut"):
            cells.setdefault(action.kind, []).append(action)
        else:
            rest.append(action)
    out = []
    for actions in places.values():
        out += sorted(actions, key=lambda a: -_hug(state, a))[:PER_TILE]
    empty = FULL & ~state.floors[state.turn].covered
    for actions in cells.values():
        out += sorted(actions, key=lambda a: (neighbours_mask(1 << (a.at[1] * C.WIDTH + a.at[0]))
                                              & empty).bit_count())[:SQUIRREL_CELLS]
    return out + rest
