"""`GAME.position`: Animals on Board positions from tile names, every fault refused by field."""
from __future__ import annotations

import json

import pytest
import tomli_w

import explorer
from explorer import PositionError, bots
from explorer.animals_on_board import Split, Take
from explorer.animals_on_board import components as C

from aob_helpers import GAME, ts


# Player 2 is to act; Player 1 took a group and left the round first, so holds the start flag.
MIDGAME = {
    "players": 3,
    "groups": [["panda-1", "panda-4", "tiger-2"], ["lion-3"], ["zebra-1", "zebra-2"]],
    "facedown": "tiger-2",
    "arks": [["rhino-1", "rhino-2", "rhino-3"], ["gorilla-4"], ["elephant-5", "turtle-1"]],
    "crates": [0, 2, 3],
    "resting": [True, False, False],
    "start_player": 0,
    "turn": 1,
    "round": 2,
    "seed": 5,
}


def build(**changes):
    fields = {k: v for k, v in MIDGAME.items() if k != "players"}
    fields.update(changes)
    return GAME.position(MIDGAME["players"], **fields)


def refused(field, **changes):
    with pytest.raises(PositionError) as info:
        build(**changes)
    assert info.value.field == field
    assert info.value.reason
    return info.value


# -- valid positions ----------------------------------------------------------------------------
def test_a_midgame_position_plays_by_the_rules():
    s = build()
    assert s.phase == "play" and s.current_player == 1 and s.round == 2
    assert s.groups == (ts("panda-1", "panda-4", "tiger-2"), ts("lion-3"), ts("zebra-1", "zebra-2"))
    assert s.facedown == C.tile_from_name("tiger-2")
    assert s.crates == (0, 2, 3) and s.supply == 15
    assert s.resting == (True, False, False) and s.start_player == 0 and s.first_out == 0
    # 3 players use 10 species: the two no tile names from the end of the list leave the game
    assert [C.SPECIES[i] for i in s.removed] == ["chimpanzee", "flamingo"]
    assert len(s.pile) == 50 - 6 - 6                # 6 tiles in the centre, 6 in arks
    splits = [a for a in s.legal_actions() if isinstance(a, Split)]
    takes = [a for a in s.legal_actions() if isinstance(a, Take)]
    assert len(splits) == (2 ** 3 - 2) + (2 ** 2 - 2)
    assert takes == [Take(ts("lion-3")), Take(ts("zebra-1", "zebra-2"))]
    nxt = s.apply(Take(ts("zebra-1", "zebra-2")))
    assert nxt.crates[1] == 0 and nxt.current_player == 2 and nxt.final_turn
    assert nxt.start_player == 0                     # Player 1 left first and keeps the flag
    last = nxt.apply(Split(ts("panda-1")))
    assert last.round == 3 and last.resting == (False, False, False)
    assert last.current_player == 0


def test_a_midgame_position_scores_like_the_arks_say():
    sheet = build().score()
    assert sheet.totals == {0: 15, 1: 4 + 2, 2: 5 + 1 + 3}


def test_defaults_make_a_fresh_round():
    s = GAME.position(2, groups=[["panda-1", "panda-2"]], arks=[["lion-1"], ["lion-2"]])
    assert s.crates == (1, 1) and s.turn == 0 and s.start_player == 0 and s.round == 1
    assert s.resting == (False, False) and s.facedown is None and not s.final_turn
    assert len(s.removed) == 4 and s.current_player == 0


def test_the_turn_defaults_to_the_next_player_still_in_the_round():
    s = GAME.position(3, groups=[["panda-1", "panda-2"]],
                      arks=[["lion-1", "lion-2"], ["lion-3"], ["lion-4"]],
                      resting=[True, False, False], start_player=0)
    assert s.current_player == 1


def test_removed_species_can_be_named():
    s = build(removed_species=["crocodile", "flamingo"])
    assert [C.SPECIES[i] for i in s.removed] == ["crocodile", "flamingo"]
    assert s.options["removed_species"] == ["crocodile", "flamingo"]
    assert not any(C.species_of(x) in s.removed for x in s.pile)


def test_four_players_use_every_species():
    s = GAME.position(4, groups=[["flamingo-1", "chimpanzee-2"]],
                      arks=[["lion-1"], ["lion-2"], ["lion-3"], ["lion-4"]])
    assert s.removed == () and len(s.pile) == 60 - 6


def test_the_seed_orders_the_draw_pile():
    assert build(seed=1).pile != build(seed=2).pile
    assert build(seed=1).pile == build(seed=1).pile
    assert sorted(build(seed=1).pile) == sorted(build(seed=2).pile)


def test_score_position_scores_an_ark_in_one_call():
    ark = ["lion-1", "lion-2", "lion-3", "lion-4", "tiger-1", "tiger-2", "tiger-3", "panda-5",
           "zebra-5", "rhino-5", "gorilla-5"]
    sheet = GAME.score_position(2, arks=[ark, ["crocodile-3"]], crates=[2, 0])
    assert sheet.totals == {0: 52, 1: 3}
    assert sheet.winners == [0]
    # with a turn or rest flags it is the provisional score of a play position
    assert GAME.score_position(3, **{k: v for k, v in MIDGAME.items() if k != "players"}) \
        .totals == build().score().totals


def test_an_end_position_is_over():
    s = GAME.position(2, over=True, arks=[["panda-1"], ["lion-2"]], groups=[["tiger-4"]])
    assert s.is_over and s.legal_actions() == [] and s.current_player is None
    assert s.score().totals == {0: 2, 1: 3}


# -- every fault refused, naming its field ------------------------------------------------------
def test_unknown_field():
    err = refused("colour", colour="red")
    assert "groups" in err.reason


def test_players():
    with pytest.raises(PositionError) as info:
        GAME.position(5, arks=[["lion-1"]] * 5)
    assert info.value.field == "players"


def test_tile_used_twice_in_the_centre():
    refused("groups", groups=[["panda-1", "panda-4", "tiger-2"], ["panda-1"]])


def test_tile_used_twice_in_the_centre_and_an_ark():
    err = refused("arks", arks=[["rhino-1", "rhino-2", "lion-3"], ["gorilla-4"], ["elephant-5"]])
    assert "lion-3 is already in groups" in err.reason


def test_tile_used_twice_in_two_arks():
    refused("arks", arks=[["rhino-1", "rhino-2"], ["rhino-2"], ["elephant-5"]])


def test_unknown_tile_name():
    err = refused("groups", groups=[["dodo-1"], ["lion-3"]])
    assert "dodo-1" in str(err)
    refused("groups", groups=[["panda-6"], ["lion-3"]])
    refused("arks", arks=[["rhino-1", "rhino-2"], [7], ["elephant-5"]])


def test_facedown_must_lie_in_a_group():
    refused("facedown", facedown="crocodile-2")
    refused("facedown", facedown="rhino-1")          # a tile in an ark is not in the centre
    refused("facedown", facedown="panda-9")


def test_tiles_of_a_removed_species():
    err = refused("groups", removed_species=["panda", "flamingo"])
    assert "panda" in err.reason
    err = refused("arks", removed_species=["rhino", "flamingo"])
    assert "rhino" in err.reason


def test_more_species_than_the_player_count_uses():
    err = refused("arks", arks=[["rhino-1", "rhino-2"], ["gorilla-4"],
                                ["elephant-5", "turtle-1", "crocodile-5", "chimpanzee-1",
                                 "flamingo-2"]])
    assert "10 species" in err.reason


def test_removed_species_wrong_count_or_name():
    refused("removed_species", removed_species=["flamingo"])
    refused("removed_species", removed_species=["flamingo", "flamingo"])
    refused("removed_species", removed_species=["flamingo", "dodo"])
    refused("removed_species", removed_species="flamingo")


def test_crates_beyond_the_cap():
    err = refused("crates", crates=[0, 6, 3])
    assert "0..5" in err.reason


def test_crates_negative_or_not_whole():
    refused("crates", crates=[0, -1, 3])
    refused("crates", crates=[0, 1.5, 3])
    refused("crates", crates=[0, True, 3])


def test_every_crate_of_the_game_may_be_in_stores():
    # 4 players x 5 crates is all 20: the supply is empty, which the cap makes the limit
    s = GAME.position(4, groups=[["panda-1", "panda-2"]], crates=[5, 5, 5, 5],
                      arks=[["lion-1"], ["lion-2"], ["lion-3"], ["lion-4"]])
    assert s.supply == 0
    assert s.apply(Split(ts("panda-1"))).supply == 1      # splitting at 5 returns one


@pytest.mark.parametrize("field,value", [("arks", [["rhino-1"], ["gorilla-4"]]),
                                         ("crates", [0, 2]),
                                         ("resting", [True, False, False, False])])
def test_wrong_list_lengths(field, value):
    err = refused(field, **{field: value})
    assert "one entry per player (3)" in err.reason


def test_groups_not_a_list_of_lists():
    refused("groups", groups="panda-1")
    refused("groups", groups=["panda-1"])
    refused("groups", groups=[[], ["lion-3"]])


def test_too_many_face_up_tiles_in_the_centre():
    many = [["panda-1", "panda-2", "panda-3", "panda-4", "panda-5", "tiger-1", "tiger-2",
             "tiger-3", "tiger-4", "tiger-5", "lion-1"]]
    err = refused("groups", groups=many, facedown=None)
    assert "10 face-up" in err.reason
    assert build(groups=many, facedown="lion-1").facedown == C.tile_from_name("lion-1")


def test_turn_out_of_range():
    refused("turn", turn=3)
    refused("turn", turn=-1)
    refused("turn", turn="1")


def test_turn_of_a_resting_player():
    err = refused("turn", turn=0)
    assert "rests" in err.reason


def test_turn_of_a_player_who_can_do_nothing():
    # only single tiles left, and Player 2 has no crate: the engine would have skipped them
    err = refused("turn", groups=[["panda-1"], ["lion-3"]], facedown=None, crates=[0, 0, 3])
    assert "skipped" in err.reason


def test_no_legal_action_and_not_over():
    err = refused("groups", groups=[["panda-1"], ["lion-3"]], facedown=None, crates=[0, 0, 0])
    assert "round would already be over" in err.reason
    refused("groups", groups=[], facedown=None)


def test_everyone_resting():
    refused("resting", resting=[True, True, True],
            arks=[["rhino-1", "rhino-2"], ["gorilla-4", "gorilla-5"], ["elephant-5", "turtle-1"]])


def test_start_flag_must_go_to_the_first_player_out():
    err = refused("start_player", start_player=2)
    assert "start flag" in err.reason
    refused("start_player", start_player=3)


def test_an_empty_ark_during_play():
    err = refused("arks", arks=[["rhino-1", "rhino-2"], [], ["elephant-5"]])
    assert "kept one tile" in err.reason


def test_a_resting_player_took_a_group():
    err = refused("arks", arks=[["rhino-1"], ["gorilla-4"], ["elephant-5"]])
    assert "took a group" in err.reason


def test_ten_tiles_while_still_in_the_round():
    ten = ["crocodile-1", "crocodile-2", "crocodile-3", "crocodile-4", "crocodile-5",
           "giraffe-1", "giraffe-2", "giraffe-3", "giraffe-4", "giraffe-5"]
    err = refused("arks", arks=[["rhino-1", "rhino-2"], ten, ["elephant-5"]],
                  removed_species=["chimpanzee", "flamingo"])
    assert "game ends" in err.reason
    # ten tiles in the ark of a player who took this round is fine: the game ends after it
    s = build(arks=[ten, ["gorilla-4"], ["elephant-5"]], removed_species=["chimpanzee", "flamingo"])
    assert s.announced == (0,)


def test_bad_round_seed_and_over():
    refused("round", round=0)
    refused("seed", seed=-3)
    refused("over", over="yes")
    with pytest.raises(PositionError) as info:
        GAME.position(2, over=True, turn=1, arks=[["lion-1"], ["lion-2"]])
    assert info.value.field == "turn"


def test_position_from_refuses_another_game_and_bad_text():
    with pytest.raises(PositionError) as info:
        GAME.position_from({**MIDGAME, "game": "cacao"})
    assert info.value.field == "game"
    with pytest.raises(PositionError) as info:
        GAME.position_from("{not json = or toml")
    assert info.value.field == "position"


# -- the file format ------------------------------------------------------------------------------
def same_position(a, b):
    assert a.legal_actions() == b.legal_actions()
    assert a.current_player == b.current_player
    assert a.score().totals == b.score().totals
    assert a.score().lines == b.score().lines


def test_round_trip_through_json_and_toml():
    original = GAME.position_from(MIDGAME)
    same_position(original, build())
    for text in (json.dumps(MIDGAME), tomli_w.dumps(MIDGAME)):
        same_position(GAME.position_from(text), original)
    data = original.position_data()
    assert data["game"] == "animals_on_board"
    for text in (json.dumps(data), tomli_w.dumps(data)):
        again = GAME.position_from(text)
        same_position(again, original)
        assert again.fingerprint() == original.fingerprint()


def test_round_trip_of_an_end_position():
    ark = ["lion-1", "lion-2", "lion-3", "lion-4", "tiger-1", "tiger-2", "tiger-3", "panda-5",
           "zebra-5", "rhino-5", "gorilla-5"]
    data = {"players": 2, "over": True, "arks": [ark, ["crocodile-3"]], "crates": [2, 0]}
    original = GAME.position_from(tomli_w.dumps(data))
    assert original.is_over
    same_position(GAME.position_from(json.dumps(original.position_data())), original)


def test_every_position_of_random_games_is_accepted_and_rebuilt():
    """Each play position a real game reaches passes the checks and rebuilds to the same
    moves and scores (the checks refuse nothing the rules allow)."""
    for players, seed in ((2, 1), (2, 4), (3, 2), (3, 5), (4, 3), (4, 6)):
        state = GAME.setup(players, seed)
        bot = bots.RandomBot(seed)
        while True:
            if state.phase in ("play", "over"):
                rebuilt = GAME.position_from(json.dumps(state.position_data()))
                same_position(rebuilt, state)
                assert set(rebuilt.announced) == set(state.announced)
                if state.phase == "play":
                    assert rebuilt.final_turn == state.final_turn
            if state.is_over:
                break
            state = state.apply(bot.choose(state))
    with pytest.raises(ValueError):
        GAME.setup(3, 1).position_data()             # the keep phase is not a position


def test_the_position_api_is_public():
    assert explorer.GAMES["animals_on_board"].position(
        2, groups=[["panda-1", "panda-2"]], arks=[["lion-1"], ["lion-2"]]).legal_actions()
    split = build().apply(Split(ts("panda-1")))
    assert "animals_on_board.split.group" in {e.rule for e in split.events}
