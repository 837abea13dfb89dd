"""A simple judgement of an Animals on Board position, for the greedy bot.

The value of a position for a player is what their ark would score if the game ended now (the
real scoring, crates included), plus a little for a pair that a third tile would turn into a herd,
plus half of the best group they could still take this round. A 13-tile group has 8,190 splits,
so `candidates` proposes a few dozen that matter instead of all of them.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from . import components as C
from .scoring import score_ark
from .state import AnimalsState, Split, Take

PAIR_HOPE = 3.0        # a pair scores nothing, but a third tile makes a herd of 15
TAKE_HOPE = 0.5        # the best group still affordable may be gone before the next turn


@lru_cache(maxsize=8192)
def _tiles_points(sorted_tiles: tuple[int, ...]) -> int:
    """Points of an ark's tiles by the real scoring (crates counted separately)."""
    return score_ark(sorted_tiles, 0).points


def ark_value(tiles, crates: int) -> float:
    """Projected final score of an ark, with hope for its pairs."""
    counts = Counter(C.species_of(t) for t in tiles)
    pairs = sum(1 for n in counts.values() if n == 2)
    return _tiles_points(tuple(sorted(tiles))) + crates + PAIR_HOPE * pairs


def take_gain(state: AnimalsState, player: int, group: tuple[int, ...]) -> float:
    """How much taking `group` now would change the player's projected score."""
    ark, crates = state.arks[player], state.crates[player]
    return ark_value(ark + group, crates - len(group)) - ark_value(ark, crates)


def evaluate(state: AnimalsState, player: int) -> float:
    value = ark_value(state.arks[player], state.crates[player])
    if state.phase == "play" and not state.resting[player]:
        gains = [take_gain(state, player, g) for g in state.groups
                 if len(g) <= state.crates[player]]
        value += TAKE_HOPE * max([0.0] + gains)
    return value


def candidates(state: AnimalsState) -> list:
    """The actions worth judging: every keep and take, and a few telling splits per group.

    Splits proposed for each group: every single tile, every species on its own, and the tiles
    the player wants most (best first) in every affordable size. A split and its mirror give the
    same two groups, so only one of them is listed.
    """
    if state.phase != "play":
        return state.legal_actions()
    player = state.current_player
    actions = [Take(g) for g in state.groups if len(g) <= state.crates[player]]
    affordable = min(C.CRATE_CAP, state.crates[player] + 1)
    for group in state.groups:
        if len(group) < 2:
            continue
        parts = {(t,) for t in group}
        by_species: dict[int, list[int]] = {}
        for t in group:
            by_species.setdefault(C.species_of(t), []).append(t)
        parts |= {tuple(ts) for ts in by_species.values()}
        wanted = sorted(group, key=lambda t: (-_tile_gain(state, player, by_species, t), t))
        parts |= {tuple(sorted(wanted[:k])) for k in range(1, affordable + 1)}
        seen = set()
        for part in sorted(parts):
            rest = tuple(t for t in group if t not in part)
            if not rest or rest in seen:
                continue
            seen.add(part)
            actions.append(Split(part))
    return actions


def _tile_gain(state: AnimalsState, player: int, by_species: dict, tile: int) -> float:
    """How much the player wants `tile` together with its species mates in the same group."""
    mates = tuple(by_species[C.species_of(tile)])
    return take_gain(state, player, mates) / len(mates) + C.value_of(tile) / 10
