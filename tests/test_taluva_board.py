"""Taluva's public geometry and previews, which the view uses instead of rules of its own."""
from __future__ import annotations

import math

from explorer.taluva import GAME
from explorer.taluva.board import (DIRECTION_NAMES, hex_centre, lava_direction, neighbours,
                                   settlement_at, settlements, tile_hexes)
from explorer.taluva.building import build_targets, expansion
from explorer.taluva.placement import legal_placements, placement_problem

ISLAND = [("jungle-clearing", (0, 0), 0), ("sand-rock", (-2, 1), 5)]


def test_neighbours_are_six_hexes_at_one_hex_distance_in_clockwise_order():
    around = neighbours((2, -1))
    centre = hex_centre((2, -1))
    assert len(set(around)) == 6 and (2, -1) not in around
    for h in around:
        assert math.isclose(math.dist(centre, hex_centre(h)), math.sqrt(3))
        assert (2, -1) in neighbours(h)
    angles = [math.atan2(hex_centre(h)[1] - centre[1], hex_centre(h)[0] - centre[0])
              for h in around]
    turns = [(b - a) % (2 * math.pi) for a, b in zip(angles, angles[1:])]
    assert all(math.isclose(t, math.pi / 3) for t in turns)   # y grows downwards: clockwise


def test_a_tile_covers_its_volcano_and_two_touching_landscapes():
    for k in range(6):
        v, a, b = tile_hexes((1, 1), k)
        assert v == (1, 1) and a in neighbours(v) and b in neighbours(v) and b in neighbours(a)
        assert DIRECTION_NAMES[k] in lava_direction(k)


def test_settlement_helpers_group_touching_buildings_of_one_player():
    state = GAME.position(2, tiles=ISLAND, buildings={(1, 0): (0, "hut"), (0, 1): (0, "hut"),
                                                      (-1, 0): (1, "hut")})
    found = settlements(state.buildings)
    assert [(s.owner, s.hexes, s.key) for s in found] == [
        (0, ((0, 1), (1, 0)), (0, 1)), (1, ((-1, 0),), (-1, 0))]
    assert settlement_at(state.buildings, (1, 0)) == found[0]
    assert settlement_at(state.buildings, (-1, 1)) is None
    assert state.settlements(1) == [found[1]]


def test_build_targets_and_expansion_preview():
    state = GAME.position(2, tiles=ISLAND, phase="build", buildings={(1, 0): (0, "hut")})
    targets = build_targets(state.hexes, state.buildings, 0, state.supply[0], anywhere=False)
    assert targets == state.build_targets()
    assert set(targets) == {"hut", "expand", "temple", "tower"}
    assert (1, 0) not in targets["hut"] and (0, 1) not in targets["hut"]   # taken / next to it
    plan = expansion(state.hexes, state.buildings, settlement_at(state.buildings, (1, 0)),
                     "clearing")
    assert plan.targets == (((0, 1), 1),) and plan.huts == 1
    assert [(p.settlement.key, p.terrain) for p in targets["expand"]] == [((1, 0), "clearing")]


def test_placements_and_their_refusals_for_the_view():
    state = GAME.position(2, tiles=ISLAND)
    spots = legal_placements(state.hexes, state.buildings)
    assert spots == state.placements() and ((0, 0), 2) in spots
    assert placement_problem(state.hexes, state.buildings, (0, 0), 2) is None
    problem = placement_problem(state.hexes, state.buildings, (0, 0), 0)
    assert problem.rule == "taluva.erupt.lava_direction" and problem.reason
    assert state.apply(state.legal_actions()[0]).placements() == []
