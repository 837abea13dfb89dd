"""Indian Summer: the worked examples of the rule text (004_...), on hand-built positions.

The text names the treasures printed where its examples happen but not the boards they are on,
so each example is built on a board side given as data that prints exactly those treasures
(and nothing else nearby), not on the illustrative sides 1A-6B. The leaf and animal shapes are
the illustrative ones where the text only says "a leaf tile" or "4 connected holes".
"""
from __future__ import annotations

import pytest

from explorer import IllegalAction
from explorer.indian_summer import (GAME, Animal, Berry, EndTurn, Feather, Mushroom, Nut, Place)
from explorer.indian_summer import components as C

EMPTY = "." * 8


def rows(*top: str) -> list[str]:
    """A board picture: the given top rows, the rest empty."""
    return list(top) + [EMPTY] * (9 - len(top))


def side(*top: str) -> dict:
    """A board side given as data: the treasures printed in the given top rows, none below."""
    return {"name": "example", "treasures": rows(*top)}


def play(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def bag(state, p):
    return state.tokens(p)


def test_indian_summer_area_complete_example():
    """Lines 155-158: a leaf tile completes an area: its berry and nut go to the backpack, the
    mushroom in the unfinished area stays. The board prints a berry at (0, 1) and a nut at
    (3, 0) in area 1, a mushroom at (5, 1) in area 2, and nothing under the new tile's hole."""
    board = side("...N....", "B....M..")
    s = GAME.position(2, layouts=[board, "1A"], paths=[["G01"], ["G02"]],
                      boards=[rows("##.n....", "b#.#.m..", "##.#...."), rows()])
    s = s.apply(Place("G01", 0, (2, 0)))
    assert bag(s, 0) == {"berry": 1, "nut": 1, "mushroom": 0, "feather": 0}
    assert s.floors[0].token_at((5, 1)) == "mushroom"
    assert [e.data.get("area") for e in s.events if e.rule == "indian_summer.area.complete"] == [0]
    assert any(e.rule == "indian_summer.treasure.none" for e in s.events)   # earth under the hole


def test_indian_summer_animal_hedgehog_example():
    """Lines 173-176: the hedgehog on 4 connected holes gains the nut and the mushroom printed
    under them. The holes are empty as their area was completed (its tokens paid out)."""
    board = side(EMPTY, EMPTY, "..NM....")
    s = GAME.position(2, layouts=[board, "1A"], paths=[["G01"], ["G02"]],
                      boards=[rows("####....", "####....", "oooo...."), rows()])
    s = s.apply(Animal("hedgehog", 0, (0, 2)))
    assert bag(s, 0) == {"berry": 0, "nut": 1, "mushroom": 1, "feather": 0}
    assert s.animals_left[C.ANIMAL_BY_NAME["hedgehog"]] == 2


def test_indian_summer_animal_fox_example():
    """Lines 177-181: the fox on 4 connected holes: its nut token, plus the berry, nut and
    mushroom printed under it; a second animal the same turn is refused. The fox's area is
    complete, so its holes are empty though treasures are printed under them."""
    board = side("....B...", "....N...", ".....M..")
    s = GAME.position(2, layouts=[board, "1A"], paths=[["G01"], ["G02"]],
                      boards=[rows("....o#o#", "....o#o#", "....oo##"), rows()])
    s = s.apply(Animal("fox", 0, (4, 0)))
    assert bag(s, 0) == {"berry": 1, "nut": 2, "mushroom": 1, "feather": 0}
    with pytest.raises(IllegalAction) as info:
        s.apply(Animal("mouse", 1, (6, 0)))
    assert info.value.rule == "indian_summer.animal.once"


def test_indian_summer_berry_example():
    """Lines 202-204: 3 tiles in the path; a berry refills to 5, another takes a 6th; never 7."""
    s = GAME.position(2, paths=[["G01", "G02", "G03"], ["G04"]],
                      forest=["Y01", "Y02", "Y03", "Y04"], set_aside=[],
                      backpacks=[{"berry": 3}, {}])
    s = s.apply(Berry())
    assert len(s.paths[0]) == 5 and s.tokens(0)["berry"] == 2
    s = s.apply(Berry())
    assert len(s.paths[0]) == 6 and len(s.forest) == 1
    assert Berry() not in s.legal_actions()
    with pytest.raises(IllegalAction) as info:
        s.apply(Berry())
    assert info.value.rule == "indian_summer.berry.sixth"


def test_indian_summer_nut_example():
    """Lines 211-213: a nut buys a squirrel from the supply that completes an area: all its
    tokens are taken, "2 blueberries and 1" -- the text drops the third token's kind; a nut
    here. The board prints berries at (1, 0) and (1, 2) and a nut at (2, 0) in area 1."""
    board = side(".BN.....", EMPTY, ".B......")
    s = GAME.position(2, layouts=[board, "1A"], paths=[["G01"], ["G02"]],
                      boards=[rows("#bn#....", "####....", "#b#....."), rows()],
                      backpacks=[{"nut": 1}, {}], squirrels_left=20)
    s = s.apply(Nut((3, 2)))
    assert bag(s, 0) == {"berry": 2, "nut": 1, "mushroom": 0, "feather": 0}
    assert s.floors[0].squirrels == ((3, 2),) and not s.tile_done
    assert s.squirrel_supply == 19


def test_indian_summer_stand_in_example():
    """Line 277: once the 32 squirrels are used up, other tokens stand in for them. One left:
    a nut takes it, the next nut places a stand-in."""
    s = GAME.position(2, paths=[["G01"], ["G02"]], backpacks=[{"nut": 2}, {}],
                      squirrels_left=1)
    s = s.apply(Nut((0, 0)))
    assert s.squirrel_supply == 0
    assert not any(e.rule == "indian_summer.end.stand_in" for e in s.events)
    s = s.apply(Nut((1, 0)))
    assert [e.rule for e in s.events][-1] == "indian_summer.end.stand_in"
    assert s.floors[0].squirrels == ((0, 0), (1, 0)) and s.squirrel_supply == 0


def test_indian_summer_mushroom_example():
    """Lines 230-234: a mushroom takes the tiles right of two other players' backpacks; the
    player left with an empty path refills at once."""
    s = GAME.position(4, paths=[["G01"], ["G02", "Y05"], ["G03"], ["G04"]],
                      forest=["Y01", "Y02", "Y03", "Y04", "R01", "R02", "R03"],
                      backpacks=[{"mushroom": 1}, {}, {}, {}])
    assert Mushroom((1, 2)) in s.legal_actions()
    s = s.apply(Mushroom((1, 2)))
    assert s.pending == (GAME_TILE("G02"), GAME_TILE("G03")) and s.need == 2
    assert len(s.paths[1]) == 1 and len(s.paths[2]) == 5      # Player 3 refilled at once
    assert any(e.rule == "indian_summer.mushroom.refill" for e in s.events)
    s = play(s, Place("G02", 0, (0, 0)), Place("G03", 0, (1, 0)))
    assert s.phase == "turn" and s.tile_done and bag(s, 0)["mushroom"] == 0


def GAME_TILE(name):
    from explorer.indian_summer import components as C
    return C.tile_id(name)


def test_indian_summer_feather_example():
    """Lines 240-242: a feather lays the 2nd and 4th tiles of the path at once."""
    path = ["G01", "G02", "G03", "G04", "G05"]
    s = GAME.position(2, paths=[path, ["G06"]], backpacks=[{"feather": 1}, {}])
    s = s.apply(Feather(("G02", "G04")))
    assert len(s.paths[0]) == 3 and s.phase == "place"
    s = play(s, Place("G04", 0, (0, 0)), Place("G02", 0, (1, 0)))
    assert [GAME_TILE(n) for n in ("G01", "G03", "G05")] == list(s.paths[0])
    assert s.tile_done and bag(s, 0)["feather"] == 0


def test_indian_summer_whole_turn_example():
    """Lines 257-269: 2 tiles and 2 berries + a feather: berry to 5, berry for a 6th, feather
    for the 3rd and 6th (completing an area: nut, mushroom), the nut for a squirrel
    (completing another: berry, nut, mushroom), a berry to refill to 5. The board prints just
    those: a nut and a mushroom in area 1, a berry, a mushroom and a nut in area 2."""
    board = side(EMPTY, "N.M.B...", "....MN..")
    s = GAME.position(2, layouts=[board, "2A"], paths=[["R03", "R04"], ["G05"]],
                      forest=["G01", "Y01", "Y02", "G06", "R01", "R02", "R05", "R06"],
                      boards=[rows("#.#.####", "n.m.b###", "#.#.mn#."), rows()],
                      backpacks=[{"berry": 2, "feather": 1}, {}])
    s = play(s, Berry(), Berry())
    assert len(s.paths[0]) == 6
    assert (s.paths[0][2], s.paths[0][5]) == (GAME_TILE("G01"), GAME_TILE("G06"))
    s = play(s, Feather(("G01", "G06")), Place("G01", 0, (1, 0)), Place("G06", 0, (3, 0)))
    assert bag(s, 0) == {"berry": 0, "nut": 1, "mushroom": 1, "feather": 0}
    s = s.apply(Nut((7, 2)))
    assert bag(s, 0) == {"berry": 1, "nut": 1, "mushroom": 2, "feather": 0}
    assert s.squirrel_supply == 31
    s = s.apply(Berry())
    assert len(s.paths[0]) == 5 and bag(s, 0)["berry"] == 0
    assert [e.rule for e in s.events] == ["indian_summer.berry.refill",
                                          "indian_summer.refill.forest"]
    assert EndTurn() in s.legal_actions()


def test_indian_summer_end_ranking_example():
    """Lines 287-295: Kaylee fills her board and ends the game; Noah had filled his before;
    Ryan has 1 empty cell (3rd), Jayden 3 (4th); Noah has 5 nuts left, Kaylee 2: Noah wins."""
    full = ["#" * 8] * 9
    noah, ryan, jayden, kaylee = range(4)
    s = GAME.position(4, paths=[[], ["G02"], ["G03"], ["G01"]], forest=[], set_aside=[],
                      boards=[full, ["#" * 7 + "."] + full[1:], ["#" * 5 + "..."] + full[1:],
                              ["###." + "#" * 4, "###." + "#" * 4, "###." + "#" * 4] + full[3:]],
                      backpacks=[{"nut": 5}, {}, {}, {"nut": 2}], turn=kaylee, start_player=noah)
    s = play(s, Place("G01", 0, (3, 0)), EndTurn())
    assert s.is_over
    sheet = s.score()
    assert sheet.winners == [noah] and sheet.tiebreak_rule == "indian_summer.end.tiebreak"
    ranks = {p: notes[0] for p, notes in sheet.notes.items()}
    assert ranks == {noah: "rank 1", kaylee: "rank 2", ryan: "rank 3", jayden: "rank 4"}
    assert sheet.totals == {noah: 0, ryan: -1, jayden: -3, kaylee: 0}
