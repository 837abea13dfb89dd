"""Cacao: positions built from readable names (GAME.position), their checks, and data files."""
from __future__ import annotations

import json

import pytest

import explorer
from explorer import PositionError
from explorer.cacao import GAME, Place, Rebuild
from explorer.cacao import components as C

START = {(0, 0): "plantation-1", (1, 1): "market-2"}
N, E, S, W = range(4)


def refused(field, players=3, **fields):
    """The position is refused, naming `field`."""
    with pytest.raises(PositionError) as info:
        GAME.position(players, **fields)
    assert info.value.field == field, str(info.value)
    return info.value


def mid_game(**kw):
    """Purple to place, Red having played this round; a display and a pile."""
    fields = dict(workers={(2, 1): ("red", "2-1-0-1", "E")},
                  hands={"red": ["1-1-1-1", "2-1-0-1", "3-1-0-0"],
                         "purple": ["1-1-1-1", "2-1-0-1", "2-1-0-1"]},
                  worker_piles={"red": ["2-1-0-1"], "purple": ["3-0-0-1", "1-1-1-1"]},
                  display=["market-3", "water"], jungle_pile=["temple"], cacao=[2, 0],
                  sun=[1, 3], water=[-4, 16], gold=[5, 0])
    fields.update(kw)
    return GAME.position(2, **fields)


# -- valid positions ---------------------------------------------------------------------------
def test_a_position_is_a_game_in_progress_that_plays_and_scores():
    state = mid_game()
    assert state.game is explorer.GAMES["cacao"] is GAME
    assert state.turn == 1 and state.start_player == 0 and state.phase == "place"
    assert state.workers[(2, 1)].counts == (1, 2, 1, 0)           # 2 east, then clockwise
    assert [C.pattern_of(t) for t in state.worker_piles[1]] == ["3-0-0-1", "1-1-1-1"]
    assert [state.water_value(p) for p in range(2)] == [-4, 16]
    # Purple's tile on (1, 0) makes the space (2, 0) touch Red's tile too: it is filled
    state = state.apply(Place("2-1-0-1", (1, 0), 1))              # N1 E2 S1 W0
    state = state.apply(state.legal_actions()[0])
    assert (2, 0) in state.jungle and state.phase == "work"
    while state.phase == "work":
        state = state.apply(state.legal_actions()[-1])
    assert state.current_player == 0 and len(state.hands[1]) == 3   # drew the pile's top
    sheet = state.score()
    assert sheet.totals == {0: 5 + 1 - 4, 1: 3 + 16}


def test_a_position_without_tiles_left_is_the_end_and_scores_in_one_call():
    state = GAME.position(3, gold=[12, 9, 0], sun=[1, 0, 3], water=[-10, 0, 16])
    assert state.is_over and state.legal_actions() == [] and state.current_player is None
    sheet = GAME.score_position(3, gold=[12, 9, 0], sun=[1, 0, 3], water=[-10, 0, 16])
    assert sheet.totals == state.score().totals == {0: 3, 1: 9, 2: 19}


def test_a_rebuilt_stack_counts_only_its_top_tile():
    state = GAME.position(2, jungle={**START, (2, 0): "temple"},
                          workers={(1, 0): ("red", "2-1-0-1", "W"),        # 0 workers east
                                   (2, 1): ("purple", "1-1-1-1", "N")},
                          rebuilt={(1, 0): ("2-1-0-1", "E")})               # 2 workers east
    assert state.is_over and state.covered[(1, 0)][0].counts[E] == 2
    lines = [l for l in state.score().lines if l.label.startswith("temple")]
    assert [l.points for l in lines] == [0, 6]


def test_the_turn_follows_from_the_tiles_left():
    # Red and Purple have placed this round (one tile fewer): it is White's turn
    state = GAME.position(4, hands={"red": ["1-1-1-1"], "purple": ["1-1-1-1"],
                                    "white": ["1-1-1-1", "2-1-0-1"],
                                    "yellow": ["1-1-1-1", "2-1-0-1"]})
    assert state.turn == 2 and state.start_player == 0
    state = GAME.position(3, hands=[["1-1-1-1"]] * 3, options={"start_player": 2})
    assert state.turn == 2 and state.options["start_player"] == 2


def test_a_position_with_a_rebuild_to_make():
    state = GAME.position(2, workers={(1, 0): (0, "1-1-1-1", "N")}, sun=[1, 0],
                          hands=[["2-1-0-1"], ["2-1-0-1"]])
    assert Rebuild("2-1-0-1", (1, 0), 0) in state.legal_actions()


# -- every fault refused, naming its field ------------------------------------------------------
def test_an_unknown_field_is_named():
    error = refused("colour", colour="red")
    assert "fields: workers" in error.reason
    refused("players", players=5)
    refused("players", players="3")


def test_cacao_above_the_five_spaces_is_refused():
    refused("cacao", cacao=[7, 0, 0])
    refused("cacao", cacao=[-1, 0, 0])


def test_sun_tokens_above_the_three_spaces_are_refused():
    refused("sun", sun=[9, 0, 0])


def test_a_worker_tile_touching_no_jungle_tile_is_refused():
    error = refused("workers", workers={(4, 1): ("red", "1-1-1-1", "N")})
    assert "touches no jungle tile" in error.reason


def test_unequal_hands_that_leave_a_player_without_a_move_are_refused():
    # Red to play with nothing left while Purple still has a tile: never happens in play
    refused("turn", 2, hands={"purple": ["1-1-1-1"]}, turn=0)
    refused("hands", 2, hands={"red": ["1-1-1-1", "1-1-1-1", "1-1-1-1"], "purple": ["1-1-1-1"]})
    refused("hands", 4, hands=[["1-1-1-1"], [], ["1-1-1-1"], []])
    # the same hands, read the other way round, are the last round: Purple places last
    assert GAME.position(2, hands={"purple": ["1-1-1-1"]}).turn == 1


def test_a_turn_for_a_player_who_already_played_this_round_is_refused():
    refused("turn", 3, hands=[["1-1-1-1"], ["1-1-1-1", "2-1-0-1"], ["1-1-1-1", "2-1-0-1"]],
            turn=2)
    refused("turn", 3, turn=1)                     # every hand is empty: the game is over
    refused("turn", 3, hands=[["1-1-1-1"]] * 3, turn=3)
    refused("turn", 3, hands=[["1-1-1-1"]] * 3, turn=1.0)
    refused("turn", 3, hands=[["1-1-1-1"]] * 3, turn="yellow")


def test_tiles_beyond_the_components_are_refused():
    refused("jungle", jungle={**START, (2, 0): "temple", (0, 2): "temple", (4, 0): "temple",
                              (0, 4): "temple", (-2, 0): "temple", (0, -2): "temple"})
    refused("jungle", 2, jungle={**START, (2, 0): "sun_worship", (0, 2): "sun_worship"},
            workers={(1, 0): (0, "1-1-1-1", "N"), (2, 1): (0, "1-1-1-1", "N"),
                     (0, 1): (1, "1-1-1-1", "N"), (1, 2): (1, "1-1-1-1", "N")})
    refused("workers", workers={(1, 0): ("red", "3-0-0-1", "N"),
                                (0, 1): ("red", "3-0-0-1", "N")})
    # 3 players: each colour has three 1-1-1-1 tiles in play
    refused("hands", workers={(1, 0): ("red", "1-1-1-1", "N"), (0, 1): ("red", "1-1-1-1", "N")},
            hands=[["1-1-1-1", "1-1-1-1"], ["2-1-0-1"] * 2, ["2-1-0-1"] * 2])
    refused("display", display=["market-4", "market-4"])
    refused("jungle_pile", jungle={**START, (2, 0): "gold_mine-2"},
            workers={(1, 0): (0, "1-1-1-1", "N"), (2, 1): (1, "1-1-1-1", "N")},
            display=["water", "water"], jungle_pile=["gold_mine-2"],
            hands=[["1-1-1-1"]] * 3)
    refused("workers", 2, workers={(1, 0): ("white", "1-1-1-1", "N")})   # not a player


def test_a_broken_checkerboard_is_refused():
    refused("workers", workers={(1, -1): ("red", "1-1-1-1", "N")})
    refused("jungle", jungle={**START, (2, 1): "water"})


def test_a_board_that_play_cannot_build_is_refused():
    refused("jungle", jungle={(0, 0): "plantation-1"})                  # a start tile missing
    refused("jungle", jungle={(0, 0): "market-2", (1, 1): "plantation-1"})
    refused("jungle", jungle={**START, (3, 1): "water"},                # next to one worker tile
            workers={(2, 1): ("red", "1-1-1-1", "N")})
    refused("workers", jungle={**START, (5, 1): "water"},               # out of reach
            workers={(4, 1): ("red", "1-1-1-1", "N"), (5, 0): ("purple", "1-1-1-1", "N")})
    # tiles are left, so a space between two worker tiles would have been filled
    refused("jungle", workers={(1, 0): ("red", "1-1-1-1", "N"), (2, 1): ("purple", "1-1-1-1", "N")},
            hands=[["1-1-1-1"]] * 3, display=["water"])


def test_hands_and_piles_that_cannot_occur_are_refused():
    refused("hands", hands=[["1-1-1-1"] * 4] * 3)                       # a hand holds 3
    refused("hands", hands=[["1-1-1-1", "2-1-0-1"]] * 3,                # 2 in hand, pile left
            worker_piles=[["2-1-0-1"]] * 3)
    refused("worker_piles", hands=[["1-1-1-1"] * 3] * 3,
            worker_piles=[["1-1-1-1"], [], []])                         # a fourth 1-1-1-1
    refused("hands", hands={"red": ["1-1-1-1"], 0: ["1-1-1-1"]})        # red is player 0
    refused("hands", hands=[["1-1-1-1"], ["1-1-1-1"]])                  # 2 lists, 3 players
    refused("hands", hands={"red": "1-1-1-1"})
    refused("hands", hands={"red": ["1111"]})


def test_negative_gold_is_refused():
    refused("gold", gold=[0, -3, 0])


def test_values_of_the_wrong_type_are_refused():
    refused("cacao", cacao=["1", 0, 0])
    refused("cacao", cacao=3)
    refused("gold", gold=[1.5, 0, 0])
    refused("sun", sun=[True, 0, 0])
    refused("water", water=[3, 0, 0])                  # not a field of the track
    refused("water", water=["-10", 0, 0])
    refused("workers", workers={(1, 0): ("red", "1-1-1-1", 0)})   # a side is N, E, S or W
    refused("workers", workers={(1, 0): ("red", "1-1-1-1")})
    refused("workers", workers={"1,0": ("red", "1-1-1-1", "N")})  # cells are (x, y) here
    refused("workers", workers=[((1, 0), "red", "1-1-1-1", "N")])
    refused("jungle", jungle={**START, (2, 0): "jungle"})
    refused("display", display="water")
    refused("seed", seed="7")
    refused("options", options={"activation_order": "sideways"})
    refused("options", options=["per_worker"])


def test_a_wrong_number_of_per_player_entries_is_refused():
    refused("cacao", cacao=[1, 2])
    refused("water", 2, water=[-10, -10, -10])
    refused("worker_piles", worker_piles=[[], [], [], []])


def test_a_start_player_that_does_not_fit_the_hands_is_refused():
    refused("options", hands=[["1-1-1-1"], ["1-1-1-1", "2-1-0-1"], ["1-1-1-1", "2-1-0-1"]],
            options={"start_player": 2})


def test_a_rebuilt_stack_before_the_jungle_tiles_are_gone_is_refused():
    refused("rebuilt", workers={(1, 0): ("red", "1-1-1-1", "N")},
            rebuilt={(1, 0): ("2-1-0-1", "N")}, display=["water"], hands=[["1-1-1-1"]] * 3)
    refused("rebuilt", rebuilt={(1, 0): ("2-1-0-1", "N")})          # nothing on (1, 0)


def test_any_position_without_a_legal_move_that_is_not_over_is_refused():
    around = {cell: (p % 2, "1-1-1-1", "N") for p, cell in
              enumerate([(0, -1), (1, 0), (0, 1), (-1, 0), (2, 1), (1, 2)])}
    hands = [["2-1-0-1"], ["2-1-0-1"]]
    error = refused("workers", 2, workers=around, hands=hands)    # no free cell, no sun token
    assert "could not place" in error.reason
    state = GAME.position(2, workers=around, hands=hands, sun=[1, 0])
    assert {a.kind for a in state.legal_actions()} == {"rebuild"}


def test_every_refusal_is_a_value_error_with_the_field_first():
    error = refused("sun", sun=[9, 0, 0])
    assert isinstance(error, ValueError) and str(error).startswith("sun: ")


# -- data files: JSON and TOML ---------------------------------------------------------------
DATA = {
    "game": "cacao", "players": 2, "turn": "purple", "cacao": [2, 0], "sun": [1, 3],
    "water": [-4, 16], "gold": [5, 0], "display": ["market-3", "water"],
    "jungle_pile": ["temple"],
    "workers": {"2,1": ["red", "2-1-0-1", "E"]},
    "hands": {"red": ["1-1-1-1", "2-1-0-1", "3-1-0-0"],
              "1": ["1-1-1-1", "2-1-0-1", "2-1-0-1"]},
    "worker_piles": {"0": ["2-1-0-1"], "purple": ["3-0-0-1", "1-1-1-1"]},
}
TOML = """
game = "cacao"
players = 2
turn = "purple"
cacao = [2, 0]
sun = [1, 3]
water = [-4, 16]
gold = [5, 0]
display = ["market-3", "water"]
jungle_pile = ["temple"]

[workers]
"2,1" = ["red", "2-1-0-1", "E"]

[hands]
red = ["1-1-1-1", "2-1-0-1", "3-1-0-0"]
1 = ["1-1-1-1", "2-1-0-1", "2-1-0-1"]

[worker_piles]
0 = ["2-1-0-1"]
purple = ["3-0-0-1", "1-1-1-1"]
"""


def same_position(a, b):
    assert a.fingerprint() == b.fingerprint()
    assert a.legal_actions() == b.legal_actions()
    assert a.score().totals == b.score().totals


def test_position_data_round_trips_through_json_and_toml():
    built = mid_game()
    same_position(GAME.position_from(DATA), built)
    same_position(GAME.position_from(json.dumps(DATA)), built)
    same_position(GAME.position_from(TOML), built)
    jungle = dict(DATA, jungle={"0,0": "plantation-1", "(1, 1)": "market-2", "-1,-1": "water"},
                  workers={**DATA["workers"], "-1,0": ["red", "1-1-1-1", "N"],
                           "0,-1": ["purple", "1-1-1-1", "N"]})
    state = GAME.position_from(json.dumps(jungle))
    assert C.JUNGLE[state.jungle[(-1, -1)]] == "water" and state.workers[(0, -1)].owner == 1


def test_position_data_with_bad_cells_or_game_is_refused():
    with pytest.raises(PositionError) as info:
        GAME.position_from(dict(DATA, workers={"2;1": ["red", "2-1-0-1", "E"]}))
    assert info.value.field == "workers"
    with pytest.raises(PositionError) as info:
        GAME.position_from(dict(DATA, game="taluva"))
    assert info.value.field == "game"
    with pytest.raises(PositionError) as info:
        GAME.position_from(json.dumps(dict(DATA, sun=[1, 9])))
    assert info.value.field == "sun"
