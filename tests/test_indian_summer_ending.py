"""Indian Summer's end: the players place their final squirrels (rule text 273-277), and
`best_squirrel` picks a placement no other placement beats by the ranking rules."""
from __future__ import annotations

import random

import pytest

from explorer import IllegalAction
from explorer.bots import GreedyBot
from explorer.indian_summer import GAME, EndTurn, Place
from explorer.indian_summer.actions import Nut
from explorer.indian_summer import components as C
from explorer.indian_summer.scoring import best_squirrel, payout, standing

FULL = ["#" * 8] * 9
TOKEN = {"berry": "b", "nut": "n", "mushroom": "m", "feather": "f"}


def flip_position(**options):
    """The position where the engine's own placement used to flip the winner."""
    return GAME.position(
        players=2, layouts=["1B", "3A"],
        boards=[["n#######", "#######.", "#...####"] + ["#" * 8] * 6,
                ["#" * 8] * 2 + ["#...####"] + ["#" * 8] * 6],
        paths=[[], ["G01"]], forest=[], set_aside=[],
        backpacks=[{"berry": 3, "mushroom": 1, "feather": 1}, {}], turn=1, start_player=0,
        options=options)


def ended(state):
    """Player 2 lays G01 in the last hole of their board and ends the turn: the game ends."""
    return state.apply(Place("G01", 1, (1, 2))).apply(EndTurn())


def play_best(state):
    while not state.is_over:
        state = state.apply(best_squirrel(state))
    return state


def test_the_player_places_the_final_squirrels():
    s = ended(flip_position())
    assert s.phase == "squirrels" and s.current_player == 0 and not s.is_over
    # every empty cell of the deciding player's board, and nothing else
    assert sorted(a.at for a in s.legal_actions()) == [(1, 2), (2, 2), (3, 2), (7, 1)]
    assert {a.kind for a in s.legal_actions()} == {"nut"}
    assert s.tokens(0) == {"berry": 1, "nut": 3, "mushroom": 0, "feather": 0}  # converted


def test_a_placement_that_completes_area_a_first_wins_the_game():
    best = play_best(ended(flip_position()))
    assert best.floors[0].full
    assert best.score().winners == [0, 1]           # both full, equal nuts and berries
    # the engine used to fill the one-cell area first: area A then never completed
    worse = play_best(ended(flip_position()).apply(Nut((7, 1))))
    assert worse.floors[0].empty_cells == 1 and worse.score().winners == [1]


def test_best_squirrel_completes_the_area_that_pays():
    s = ended(flip_position())
    assert best_squirrel(s).at in {(1, 2), (2, 2), (3, 2)}
    # the payment each cell would trigger, as the board shows it
    assert payout(s, (7, 1)) == ()                       # completes area 2: no tokens
    assert payout(s, (1, 2)) is None                     # area 1 still has two empty cells
    s = s.apply(best_squirrel(s)).apply(best_squirrel(s.apply(best_squirrel(s))))
    last = [c for c in ((1, 2), (2, 2), (3, 2)) if not s.floors[0].covered >> (c[1] * 8 + c[0]) & 1]
    assert [payout(s, c) for c in last] == [("nut",)]


def test_only_a_squirrel_is_placed_in_the_final_phase():
    s = ended(flip_position())
    with pytest.raises(IllegalAction) as refusal:
        s.apply(EndTurn())
    assert refusal.value.rule == "indian_summer.end.convert"
    with pytest.raises(IllegalAction) as refusal:
        s.apply(Nut((0, 0)))                            # covered
    assert refusal.value.rule == "indian_summer.place.empty"


def test_the_greedy_bot_places_the_best_squirrels():
    s = ended(flip_position())
    bot = GreedyBot(1)
    while not s.is_over:
        s = s.apply(bot.choose(s))
    assert s.floors[0].full and s.score().winners == [0, 1]


# -- no nut left in the supply ----------------------------------------------------------------

def no_nuts_left(**options):
    """Player 1 holds 23 nuts and the fox carries the 24th; Player 2 ends with 2 mushrooms and 2 empty cells."""
    board = ["#" * 8] * 8 + ["######.."]
    s = GAME.position(players=2, boards=[FULL, board], paths=[[], []], forest=[],
                      set_aside=[], backpacks=[{"nut": 23}, {"mushroom": 2}], turn=1,
                      start_player=0, tile_done=True, options=options)
    assert s.supply("nut") == 0
    return s.apply(EndTurn())


@pytest.mark.rule("indian_summer.end.nut_supply")
def test_with_no_nut_left_stand_ins_convert_by_default():
    s = no_nuts_left()
    assert GAME.options["end_nuts"].default == "stand_in"
    assert s.current_player == 1 and s.tokens(1)["nut"] == 2 and s.supply("nut") == 0
    s = play_best(s)
    assert s.floors[1].full and s.tokens(1)["mushroom"] == 0
    assert s.supply("nut") == 0 and s.nut_stand_ins == 0     # the stand-ins left the game


@pytest.mark.rule("indian_summer.end.nut_supply")
def test_with_the_supply_reading_no_nut_means_no_conversion():
    s = no_nuts_left(end_nuts="supply")
    assert s.is_over
    assert s.floors[1].empty_cells == 2 and s.tokens(1)["mushroom"] == 2
    assert "indian_summer.end.nut_supply" in [e.rule for e in s.events]


# -- the search against every placement ------------------------------------------------------

def small_end(rng: random.Random, solo: bool):
    """A position at the end of the last turn whose deciding board has 2-6 empty cells spread
    over areas with tokens on their holes, and a random backpack."""
    layout = rng.randrange(len(C.LAYOUTS))
    treasures = C.LAYOUTS[layout].treasures
    rows = [list("#" * 8) for _ in range(9)]
    cells = [(x, y) for y in range(9) for x in range(8)]
    empty = rng.sample(cells, rng.randint(2, 6))
    for x, y in empty:
        rows[y][x] = "."
    open_areas = [m for m in C.LAYOUTS[layout].areas if any(c in empty for c in m)]
    for area in open_areas:
        for cell in area:
            if cell not in empty and cell in treasures and rng.random() < 0.5:
                rows[cell[1]][cell[0]] = TOKEN[treasures[cell]]
    board = ["".join(r) for r in rows]
    bag = {k: rng.randint(0, 2) for k in C.TOKENS}
    name = C.LAYOUTS[layout].name
    if solo:
        s = GAME.position(1, layouts=[name], boards=[board], backpacks=[bag], solo_turn=10,
                          tile_done=True, paths=[["G01"]], upper=["Y01"], lower=["R01"])
        return s.apply(EndTurn()), 0
    other = next(b.name for b in C.LAYOUTS if b.name[:-1] != name[:-1])
    s = GAME.position(2, layouts=[other, name], boards=[FULL, board], paths=[[], []],
                      forest=[], set_aside=[], backpacks=[{}, bag], turn=1, start_player=0,
                      tile_done=True)
    return s.apply(EndTurn()), 1


def exhaustive_best(state, p: int, memo: dict) -> tuple:
    """The best standing over every sequence of cells the player may choose."""
    if state.phase != "squirrels" or state.turn != p:
        return standing(state, p)
    key = (state.floors[p].covered, state.backpacks[p])
    if key not in memo:
        memo[key] = min(exhaustive_best(state.apply(a), p, memo)
                        for a in state.legal_actions())
    return memo[key]


@pytest.mark.parametrize("solo", [False, True], ids=["2 players", "solo"])
def test_best_squirrel_is_as_good_as_every_other_placement(solo):
    rng = random.Random(27)
    checked = choices = 0
    for _ in range(60):
        s, p = small_end(rng, solo)
        if s.is_over or s.turn != p:
            continue
        best = exhaustive_best(s, p, {})
        played = s
        while played.phase == "squirrels" and played.turn == p:
            played = played.apply(best_squirrel(played))
        assert standing(played, p) == best, (s.floors[p], s.backpacks[p])
        checked += 1
        choices += len({exhaustive_best(s.apply(a), p, {}) for a in s.legal_actions()}) > 1
    assert checked >= 30 and choices >= 5      # many positions, several where a cell matters
