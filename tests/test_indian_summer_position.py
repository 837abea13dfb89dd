"""Indian Summer positions from readable names: valid positions play and score, every impossible
field is refused with its name, and position data survives JSON and TOML text unchanged."""
from __future__ import annotations

import json
import tomllib

import pytest
import tomli_w

from explorer import PositionError
from explorer.bots import RandomBot, play
from explorer.indian_summer import GAME, Animal, EndTurn, Mushroom, Place, Squirrel
from explorer.indian_summer import components as C

EMPTY = "." * 8
FULL_ROW = "#" * 8
FULL = [FULL_ROW] * 9


def rows(*top: str) -> list[str]:
    return list(top) + [EMPTY] * (9 - len(top))


def names(prefix: str, first: int, count: int) -> list[str]:
    return [f"{prefix}{n:02d}" for n in range(first, first + count)]


def side(*top: str, **more) -> dict:
    """A board side given as data, printing the given top rows."""
    return {"name": "given", "treasures": rows(*top), **more}


SQUARE = [[0, 0], [1, 0], [0, 1], [1, 1]]


# -- valid positions ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_position_for_each_player_count_plays_and_scores(players):
    paths = [names("G", 1 + 3 * p, 3) for p in range(players)]
    layouts = [f"{p + 2}B" for p in range(players)]
    boards = [rows("#o#.....")] + [rows()] * (players - 1)
    s = GAME.position(players, layouts=layouts, paths=paths, boards=boards,
                      forest=names("Y", 1, 10), turn=players - 1, start_player=0,
                      backpacks=[{"berry": 1}] * players)
    assert s.current_player == players - 1 and not s.is_over
    assert Place(paths[-1][0], 0, (0, 0)) in s.legal_actions()
    after = s.apply(Place(paths[-1][0], 0, (0, 0))).apply(EndTurn())
    assert after.current_player == 0                                  # clockwise, round over
    sheet = after.score()
    assert sheet.totals[0] == -(72 - 3) and sheet.totals[players - 1] == -(72 - 3)
    assert len(s.set_aside) == 75 - 3 * players - 10 - 1               # one leaf hole laid


def test_a_solo_position_plays_and_scores():
    s = GAME.position(1, paths=[names("G", 1, 5)], upper=names("Y", 1, 5),
                      lower=names("R", 1, 5), track=names("Y", 6, 10) + [None, None],
                      solo_turn=1, backpacks=[{"mushroom": 1}])
    assert s.current_player == 0 and len(s.box) == 75 - 25
    s = s.apply(Squirrel((0, 0))).apply(EndTurn())
    assert s.solo_turn == 2 and s.score().totals == {0: -71}


def test_score_position_in_one_call():
    one_left = [FULL_ROW] * 8 + ["#######."]
    sheet = GAME.score_position(2, boards=[FULL, one_left], backpacks=[{"nut": 1}, {}], turn=1)
    assert sheet.totals == {0: 0, 1: -1} and sheet.winners == [0]
    solo = GAME.score_position(1, boards=[FULL], backpacks=[{"feather": 1, "berry": 2}])
    assert solo.totals == {0: 4 + 2} and solo.winners == [0]


def test_animals_on_the_boards_are_laid_as_the_tiles_taken():
    board = rows("aaaa....", "aa......")        # a hedgehog and a mouse on holes
    s = GAME.position(2, boards=[board, rows()], animals_left={"hedgehog": 2, "mouse": 5})
    kinds = sorted(C.ANIMALS[a[0]].name for a in s.floors[0].animals)
    assert kinds == ["hedgehog", "mouse"]
    assert not any(a.kind == "animal" and a.at == (0, 0) for a in s.legal_actions())


def test_squirrels_on_the_boards_are_taken_from_the_supply():
    s = GAME.position(2, boards=[rows("ss......"), rows("s.......")])
    assert s.squirrel_supply == 32 - 3
    stand_ins = GAME.position(2, boards=[["s" * 8] * 5 + [EMPTY] * 4, rows()])  # 40 squirrels
    assert stand_ins.squirrel_supply == 0 and stand_ins.legal_actions()


def test_a_full_board_means_the_last_round_is_being_played():
    run_out = dict(forest=[], set_aside=[])         # an empty path: no tiles left to refill it
    s = GAME.position(2, boards=[FULL, rows()], paths=[[], ["G01"]], turn=1, **run_out)
    assert s.apply(Squirrel((0, 0))).apply(EndTurn()).is_over
    s = GAME.position(3, boards=[rows(), FULL, rows()], paths=[["G01"], [], ["G02"]], turn=2,
                      **run_out)
    assert s.apply(Squirrel((0, 0))).apply(EndTurn()).is_over


def test_a_board_side_given_as_data_prints_its_own_treasures():
    s = GAME.position(2, layouts=[side(EMPTY, "M......."), "2A"],
                      boards=[rows("o#......", "m#......", ".#......"), rows()],
                      paths=[["G01"], ["G02"]])
    assert s.floors[0].token_at((0, 1)) == "mushroom"
    assert C.ALL_LAYOUTS[s.floors[0].layout].treasures == {(0, 1): "mushroom"}
    s = s.apply(Place("G01", 0, (2, 0)))            # hole over bare earth
    assert s.floors[0].tokens == (((0, 1), "mushroom"),)
    again = GAME.position(2, layouts=[side(EMPTY, "M......."), "2A"])
    assert again.floors[0].layout == s.floors[0].layout       # the same data, the same index
    same = GAME.position(2, layouts=[C.side_data(C.LAYOUTS[0]), "2A"])
    assert same.floors[0].layout == 0                          # side 1A written out is 1A


def test_animal_cells_with_no_tile_named_leave_the_stacks_full():
    s = GAME.position(2, boards=[rows("xxx.....", "aa......"), rows()],
                      animals_left={"mouse": 5})
    floor = s.floors[0]
    assert floor.animal_mask.bit_count() == 5 and len(floor.animals) == 1     # the mouse
    assert s.animals_left[C.ANIMAL_BY_NAME["hedgehog"]] == 3
    assert len(s.set_aside) + len(s.forest) == 75 - 10 - 5      # each x and a is a leaf hole
    assert not any(a.kind == "animal" for a in s.legal_actions())
    assert GAME.position_data(s)["boards"][0][:2] == ["xxx.....", "aaM.B..."]   # 1A prints


def test_the_squirrel_supply_can_be_given():
    s = GAME.position(2, boards=[rows("ss......"), rows()], squirrels_left=5)
    assert s.squirrel_supply == 5 and s.squirrels_used == 27
    s = GAME.position(2, boards=[rows("ss......"), rows()], squirrels_left=0, stand_ins=3)
    assert s.squirrels_used == 35
    nut = GAME.position(2, backpacks=[{"nut": 1}, {}], squirrels_left=0)
    after = nut.apply(Squirrel((0, 0)))
    assert any(e.rule == "indian_summer.end.stand_in" for e in after.events)


def test_animal_shapes_given_as_data_are_the_ones_laid():
    square = rows("oo......", "oo......")
    s = GAME.position(2, boards=[square, rows()], animals={"hedgehog": SQUARE})
    hedgehogs = [a for a in s.legal_actions() if a.kind == "animal" and a.animal == "hedgehog"]
    assert hedgehogs == [Animal("hedgehog", 0, (0, 0))]
    s = s.apply(hedgehogs[0])
    assert s.floors[0].animal_mask.bit_count() == 4
    assert s.animals_left[C.ANIMAL_BY_NAME["hedgehog"]] == 2
    assert GAME.position_data(s)["animals"] == {"hedgehog": {"cells": SQUARE, "count": 3}}
    round_trip(s)
    plain = GAME.position(2, boards=[square, rows()])
    assert not any(a.kind == "animal" and a.animal == "hedgehog" for a in plain.legal_actions())
    assert plain != GAME.position(2, boards=[square, rows()], animals={"fox": SQUARE})


def test_animals_laid_on_a_board_take_the_shapes_given():
    s = GAME.position(2, boards=[rows("aa......", "aa......"), rows()],
                      animals={"fox": {"cells": SQUARE}}, animals_left={"fox": 0})
    (kind, o, x, y), = s.floors[0].animals
    assert C.ALL_KINDS[kind].name == "fox" and C.ALL_KINDS[kind].cells == ((0, 0), (1, 0),
                                                                            (0, 1), (1, 1))
    assert s.animal_tokens[C.ANIMAL_BY_NAME["fox"]] is None


# -- refused fields -----------------------------------------------------------------------------
ANIMAL_T = rows("aaa.....", ".a......")
TOO_MANY_SOLO = dict(paths=[names("G", 1, 6)], upper=names("Y", 1, 5), lower=names("R", 1, 5),
                     track=names("Y", 6, 10) + [None, None])
TWENTY_FIVE = dict(paths=[names("G", 1, 5)], upper=names("Y", 1, 5), lower=names("R", 1, 5),
                   track=names("Y", 6, 10) + [None, None])


@pytest.mark.parametrize("players, fields, field", [
    (5, {}, "players"),
    (2, {"colour": "red"}, "colour"),
    (2, {"seed": "x"}, "seed"),
    (2, {"options": "fast"}, "options"),
    (2, {"options": {"forest_size": 11}}, "options"),
    (2, {"options": {"start_player": 3}}, "options"),
    (2, {"options": {"speed": 1}}, "options"),
    (2, {"layouts": ["1A", "1B"]}, "layouts"),                 # two sides of one board
    (2, {"layouts": [1, "2A"]}, "layouts"),
    (2, {"boards": [rows("x"), rows()]}, "boards"),
    (2, {"boards": [rows(EMPTY, "n###"), rows()]}, "boards"),  # a token in a paid area
    (2, {"boards": [rows("o.......", "b......."), rows()]}, "boards"),  # 1A prints a nut there
    (2, {"boards": [rows("n.......", "o......."), rows()]}, "boards"),  # 1A prints nothing there
    (2, {"paths": [["G01"], []]}, "paths"),                  # empty, yet the forest has tiles
    (2, {"paths": [["G01"], []], "forest": ["Y01"], "set_aside": []}, "paths"),
    (2, {"forest": []}, "forest"),                           # not topped up from the set-aside
    (2, {"forest": names("Y", 1, 6)}, "forest"),
    (3, {"forest": names("Y", 1, 3), "set_aside": ["G10"]}, "forest"),
    (2, {"boards": [["o" * 8] * 9, ["o" * 8] * 9]}, "boards"),  # 144 holes: 144 leaf tiles
    (2, {"paths": [names("G", 1, 7), []]}, "paths"),          # more than 6
    (2, {"paths": [["G01"], ["G01"]]}, "paths"),
    (2, {"paths": [["G01"], []], "forest": ["G01"]}, "forest"),
    (2, {"forest": names("Y", 1, 21)}, "forest"),             # beyond forest_size 20
    (2, {"set_aside": ["Z99"]}, "set_aside"),
    (2, {"backpacks": [{"feather": 5}, {"feather": 3}]}, "backpacks"),   # the raccoon has one
    (2, {"backpacks": [{"nut": 24}, {}]}, "backpacks"),                  # the fox has one
    (2, {"backpacks": [{"berry": True}, {}]}, "backpacks"),
    (2, {"backpacks": [{"acorn": 1}, {}]}, "backpacks"),
    (2, {"animals_left": {"fox": 2}}, "animals_left"),
    (2, {"animals_left": {"fox": 0}}, "animals_left"),        # taken, yet on no board
    (2, {"boards": [ANIMAL_T, rows()]}, "animals_left"),      # animal cells, none taken
    (2, {"boards": [ANIMAL_T, rows()], "animals_left": {"mouse": 4}}, "boards"),  # not 2 mice
    (2, {"turn": 2}, "turn"),
    (2, {"turn": True}, "turn"),
    (2, {"start_player": -1}, "start_player"),
    (2, {"boards": [rows(), FULL], "turn": 0, "start_player": 0}, "turn"),  # round was over
    (3, {"boards": [rows(), rows(), FULL], "turn": 1, "start_player": 0}, "turn"),
    (2, {"tile_done": "yes"}, "tile_done"),
    (2, {"animal_done": 1}, "animal_done"),
    (2, {"upper": ["G01"]}, "upper"),
    (2, {"solo_turn": 3}, "solo_turn"),
    (1, {"forest": ["G01"]}, "forest"),
    (1, {"set_aside": ["G01"]}, "set_aside"),
    (1, {"upper": names("Y", 1, 6)}, "upper"),
    (1, {"lower": names("R", 1, 6)}, "lower"),
    (1, {"track": [None] * 11}, "track"),
    (1, {"track": ["Q01"] + [None] * 11}, "track"),
    (1, {"solo_turn": 11}, "solo_turn"),
    (1, {"solo_turn": 2.0}, "solo_turn"),
    (1, TOO_MANY_SOLO, "track"),                             # 26 tiles named
    (1, dict(TWENTY_FIVE, boards=[rows("o")]), "boards"),    # 25 named and one laid
    # a board side given as data: checked as player_boards.json is
    (2, {"layouts": [side(areas=[[0, 0, 4, 3]] * 6), "1A"]}, "layouts"),    # areas overlap
    (2, {"layouts": [side("X......."), "1A"]}, "layouts"),
    (2, {"layouts": [{"name": "given", "treasures": ["...."] * 9}, "1A"]}, "layouts"),
    (2, {"layouts": [{"name": "given"}, "1A"]}, "layouts"),                # no treasures
    (2, {"layouts": [side(colour="red"), "1A"]}, "layouts"),
    (2, {"layouts": [side(board=1, side="A"), "1B"]}, "layouts"),          # board 1 twice
    (2, {"layouts": [side(board=7, side="A"), "1B"]}, "layouts"),
    (2, {"layouts": [side(width=9), "1B"]}, "layouts"),
    (2, {"layouts": [side(), "1A"], "boards": [rows("o.......", "n......."), rows()]},
     "boards"),                                                             # prints nothing
    # animal shapes given as data: checked as animals.json is
    (2, {"animals": {"hedgehog": [[0, 0], [1, 0], [2, 0]]}}, "animals"),   # not 4 cells
    (2, {"animals": {"owl": [[0, 0], [2, 0]]}}, "animals"),                # disconnected
    (2, {"animals": {"owl": {"cells": SQUARE, "count": 5}}}, "animals"),   # 21 tiles
    (2, {"animals": {"unicorn": SQUARE}}, "animals"),
    (2, {"animals": {"owl": "square"}}, "animals"),
    (2, {"animals": {"owl": {"token": "nut"}}}, "animals"),
    (2, {"animals": ["fox"]}, "animals"),
    (2, {"boards": [rows("x......."), rows()], "animals_left": {"mouse": 5}}, "animals_left"),
    # the squirrel supply
    (2, {"squirrels_left": 33}, "squirrels_left"),
    (2, {"squirrels_left": -1}, "squirrels_left"),
    (2, {"squirrels_left": True}, "squirrels_left"),
    (2, {"squirrels_left": 31, "boards": [rows("ss......"), rows()]}, "squirrels_left"),
    (2, {"squirrels_left": 1, "stand_ins": 2}, "stand_ins"),
    (2, {"stand_ins": -1, "squirrels_left": 0}, "stand_ins"),
    (2, {"squirrels_left": 0, "stand_ins": 1, "boards": [["s" * 8] * 5 + [EMPTY] * 4, rows()]},
     "stand_ins"),                                                          # 40 shown
])
def test_impossible_fields_are_refused_with_their_name(players, fields, field):
    with pytest.raises(PositionError) as info:
        GAME.position(players, **fields)
    assert info.value.field == field, info.value.reason


def test_a_token_is_refused_where_the_board_prints_another_treasure_or_none():
    for picture, printed in [(rows("o.......", "b......."), "a nut"),
                             (rows(EMPTY, ".b......"), "nothing")]:
        with pytest.raises(PositionError) as info:
            GAME.position(2, layouts=["1A", "2A"], boards=[picture, rows()])
        assert info.value.field == "boards"
        cell = (0, 1) if printed == "a nut" else (1, 1)
        assert f"berry token at {cell}" in info.value.reason
        assert f"1A prints {printed}" in info.value.reason
    s = GAME.position(2, layouts=["1A", "2A"], boards=[rows("o.......", "n...b..."), rows()])
    assert s.floors[0].tokens == (((0, 1), "nut"), ((4, 1), "berry"))


def test_forest_and_paths_not_named_are_laid_out_as_in_play():
    s = GAME.position(2, paths=[["G01"], ["G02"]], set_aside=names("Y", 1, 25))
    assert s.forest == tuple(C.tile_id(n) for n in names("Y", 6, 20))   # the last 20 aside
    assert s.set_aside == tuple(C.tile_id(n) for n in names("Y", 1, 5))
    dealt = GAME.position(3)
    for path in dealt.paths:
        assert [C.LEAVES[t].colour for t in path] == list(C.PATH_COLOURS)
    assert len(dealt.forest) == 20 and len({t for p in dealt.paths for t in p}) == 15
    low = GAME.position(2, paths=[["G01"], ["G02"]], forest=names("Y", 1, 3), set_aside=[])
    assert len(low.forest) == 3                      # no tiles left to top it up: allowed
    run_out = GAME.position(2, paths=[["G01"], []], forest=[], set_aside=[])
    assert run_out.paths[1] == () and run_out.legal_actions()


def test_an_empty_path_beside_a_forest_never_drawn_from_says_why():
    with pytest.raises(PositionError) as info:
        GAME.position(2, paths=[["G01"], []])
    assert info.value.field == "paths"
    assert "never drawn from" in info.value.reason and "refilled to 5" in info.value.reason


def test_position_from_refuses_data_it_cannot_read():
    with pytest.raises(PositionError) as info:
        GAME.position_from("players = ")
    assert info.value.field == "position"
    with pytest.raises(PositionError) as info:
        GAME.position_from({"game": "cacao", "players": 2})
    assert info.value.field == "game"
    with pytest.raises(PositionError) as info:
        GAME.position_from({"paths": [[], []]})
    assert info.value.field == "players"


# -- data round trip ----------------------------------------------------------------------------
def round_trip(state) -> None:
    data = GAME.position_data(state)
    json_text, toml_text = json.dumps(data), tomli_w.dumps(data)
    assert tomllib.loads(toml_text) == json.loads(json_text) == data
    for text in (json_text, toml_text):
        again = GAME.position_from(text)
        assert again.current_player == state.current_player
        assert again.legal_actions() == state.legal_actions()
        mine, theirs = again.score(), state.score()
        assert (mine.totals, mine.winners, mine.lines) == (theirs.totals, theirs.winners,
                                                           theirs.lines)
        assert GAME.position_data(again) == data


def test_round_trip_of_a_hand_built_position():
    board = rows("aaaao#..", "n###.#..", "s.......")        # side 1A prints a nut at (0, 1)
    s = GAME.position(3, layouts=["1A", "3B", "6A"], boards=[board, rows("ss......"), rows()],
                      paths=[["G01", "Y01"], ["G02"], ["R01", "R02", "R03", "R04", "R05", "R06"]],
                      forest=names("Y", 2, 12), set_aside=names("G", 10, 5),
                      backpacks=[{"berry": 2, "nut": 1}, {"feather": 1}, {"mushroom": 3}],
                      animals_left={"hedgehog": 2}, turn=1, start_player=2, tile_done=True,
                      options={"forest_size": 15}, seed=4)
    round_trip(s)


def test_round_trip_of_a_board_given_as_data_unnamed_animals_and_the_squirrel_supply():
    board = side(EMPTY, "N...B...", areas=[[4, 6, 4, 3], [0, 0, 4, 3], [4, 0, 4, 3],
                                               [0, 3, 4, 3], [4, 3, 4, 3], [0, 6, 4, 3]])
    s = GAME.position(2, layouts=[board, dict(side("...F....", board=3, side="B"),
                                              name="3B as printed")],
                      boards=[rows("xx#.....", "n###....", "s......."), rows("s.......")],
                      squirrels_left=4, paths=[["G01"], ["G02", "Y01"]])
    data = GAME.position_data(s)
    assert data["squirrels_left"] == 4 and data["layouts"][1]["board"] == 3
    round_trip(s)
    played = s.apply(Squirrel((7, 8))).apply(EndTurn())
    round_trip(played)
    stand_ins = GAME.position(2, squirrels_left=0, backpacks=[{"nut": 1}, {}])
    stand_ins = stand_ins.apply(Squirrel((0, 0))).apply(EndTurn())
    assert GAME.position_data(stand_ins)["stand_ins"] == 1
    round_trip(stand_ins)


def test_round_trip_of_a_solo_position_with_an_empty_track_place():
    s = GAME.position(1, paths=[[]], upper=names("Y", 1, 3), lower=["R01"],
                      track=[None] * 4 + names("G", 1, 6) + [None, "G07"], solo_turn=4,
                      backpacks=[{"berry": 1}], options={"solo_pile": 2})
    assert s.phase == "refill"
    round_trip(s)
    text = tomli_w.dumps(GAME.position_data(s))
    assert tomllib.loads(text)["track"][:5] == ["", "", "", "", "G01"]   # "": an empty place


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 5), (1, 6)])
def test_round_trip_of_played_positions(players, seed):
    states, _ = play(GAME.setup(players, seed), RandomBot(seed))
    between_moves = [s for s in states if s.phase in ("turn", "refill")]
    for state in between_moves[::max(1, len(between_moves) // 12)]:
        round_trip(state)


def test_only_positions_between_moves_are_written():
    s = GAME.position(2, paths=[["G01"], ["G02"]], forest=names("Y", 1, 8),
                      backpacks=[{"mushroom": 1}, {}])
    taking = s.apply(Mushroom((1, "forest")))
    with pytest.raises(ValueError):
        GAME.position_data(taking)
    with pytest.raises(ValueError):
        GAME.position_data(s.view(0))
    assert GAME.position_data(s)["paths"] == [["G01"], ["G02"]]


def test_animal_taken_in_play_survives_the_round_trip():
    s = GAME.position(2, layouts=["1A", "2A"], boards=[rows(EMPTY, EMPTY, ".oooo..."), rows()])
    s = s.apply(Animal("hedgehog", 0, (1, 2)))
    data = GAME.position_data(s)
    assert data["animals_left"]["hedgehog"] == 2
    assert data["boards"][0][2] == ".aaaaN.."           # N: a printed nut on an empty cell
    round_trip(s)
