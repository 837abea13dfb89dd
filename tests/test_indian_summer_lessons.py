"""Indian Summer lessons: each shipped walk-through replays to the result of the rule text, and
its checkpoint refuses a wrong try with a rule and accepts the right move."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from explorer import lessons, rules
from explorer.indian_summer import (GAME, Animal, Berry, Feather, Mushroom, Nut, Place,
                                    Squirrel)
from explorer.indian_summer import components as C

NAMES = ["berry_refill", "completed_area", "example_turn", "feather", "first_game", "fox",
         "hedgehog", "mushroom", "solo_first_turns"]
SOURCE = "004_6cf7141e4de217ed.txt"
SEEDS = Path(__file__).resolve().parents[1] / "seeds"


def lesson(name):
    return lessons.get("indian_summer", name)


def bag(state, p=0):
    return state.tokens(p)


def judged(les, index, wrong, rule):
    """The checkpoint at step `index` refuses `wrong` citing `rule` and accepts its own move."""
    states = les.states()
    step = les.steps[index]
    assert step.checkpoint is not None
    verdict = les.judge(index, states[index], wrong)
    assert not verdict.right and verdict.rule == rule and rules.exists(rule), verdict
    assert les.judge(index, states[index], step.action).right


def cited(les):
    return {e.rule for s in les.states()[1:] for e in s.events}


def test_the_shipped_lessons():
    shipped = lessons.shipped("indian_summer")
    assert [les.name for les in shipped] == NAMES
    for les in shipped:
        assert len(les.captions()) == len(les.states()) == len(les.steps) + 1
        assert any(step.checkpoint for step in les.steps), les.name


# the passage of each worked example, and a word of it that must be there
PASSAGES = {"completed_area": (155, 158, "구역을 완성"),
            "hedgehog": (173, 176, "고슴도치"),
            "fox": (177, 181, "여우"),
            "berry_refill": (202, 204, "6번째"),
            "mushroom": (230, 234, "버섯"),
            "feather": (240, 242, "4번째"),
            "example_turn": (256, 269, "라이언의 차례")}


@pytest.mark.parametrize("name", sorted(PASSAGES))
def test_worked_examples_say_where_they_are_in_the_text(name):
    les = lesson(name)
    first, last, word = PASSAGES[name]
    assert f"{rules.source_name(SOURCE)}, lines {first}-{last}" in les.intro
    lines = SEEDS.joinpath(SOURCE).read_text("utf-8").splitlines()
    assert word in "\n".join(lines[first - 1:last])


@pytest.mark.parametrize("name", NAMES)
def test_lessons_survive_json(name):
    les = lesson(name)
    again = lessons.loads(json.dumps(les.to_json()), "indian_summer", name)
    assert [s.fingerprint() for s in again.states()] == [s.fingerprint() for s in les.states()]


def test_completed_area_lesson():
    """Lines 155-158: the berry and the nut of the completed area; the mushroom stays."""
    les = lesson("completed_area")
    final = les.states()[-1]
    assert bag(final) == {"berry": 1, "nut": 1, "mushroom": 0, "feather": 0}
    assert final.floors[0].token_at((2, 1)) == "mushroom"
    assert [e.data["area"] for e in final.events if e.rule == "indian_summer.area.complete"] == [1]
    judged(les, 0, Place("Y01", 0, (0, 3)), "indian_summer.area.complete")
    judged(les, 0, Place("G01", 0, (6, 0)), "indian_summer.place.empty")   # overlaps
    start = les.states()[0]
    right = les.judge(0, start, Place("Y01", 0, (7, 0)))                  # any tile that fills it
    assert right.right


def test_hedgehog_lesson():
    """Lines 173-176: a nut and a mushroom, printed under the four holes."""
    les = lesson("hedgehog")
    final = les.states()[-1]
    assert bag(final) == {"berry": 0, "nut": 1, "mushroom": 1, "feather": 0}
    assert final.animals_left[C.ANIMAL_BY_NAME["hedgehog"]] == 2
    mouse = next(a for a in les.states()[0].legal_actions()
                 if a.kind == "animal" and a.animal == "mouse")
    judged(les, 0, mouse, "indian_summer.animal.holes")
    judged(les, 0, Animal("hedgehog", 0, (0, 0)), "indian_summer.animal.holes")


def test_fox_lesson():
    """Lines 177-181: the fox's own nut, plus a berry, a nut and a mushroom printed under it."""
    les = lesson("fox")
    final = les.states()[-1]
    assert bag(final) == {"berry": 1, "nut": 2, "mushroom": 1, "feather": 0}
    assert final.animal_tokens[C.ANIMAL_BY_NAME["fox"]] is None
    rabbit = next(a for a in les.states()[0].legal_actions()
                  if a.kind == "animal" and a.animal == "rabbit")
    judged(les, 0, rabbit, "indian_summer.animal.token")


def test_berry_refill_lesson():
    """Lines 202-204: 3 tiles, a berry to 5, a berry for a 6th."""
    les = lesson("berry_refill")
    states = les.states()
    assert [len(s.paths[0]) for s in states] == [3, 5, 6]
    assert bag(states[-1])["berry"] == 0
    judged(les, 0, Place("G01", 0, (0, 0)), "indian_summer.berry.refill")
    judged(les, 1, Squirrel((0, 0)), "indian_summer.berry.sixth")


def test_mushroom_lesson():
    """Lines 230-234: Ryan's and Jayden's first tiles; Jayden refills at once, Ryan need not."""
    les = lesson("mushroom")
    states = les.states()
    final = states[-1]
    assert final.paths[1] == (C.tile_id("Y05"),) and len(final.paths[2]) == 5
    assert final.tile_done and bag(final)["mushroom"] == 0
    assert final.floors[0].holes.bit_count() == 2
    judged(les, 0, Mushroom((1, 3)), "indian_summer.mushroom.take")
    judged(les, 1, Place("G02", 0, (0, 0)), "indian_summer.treasure.hole")  # earth shows
    assert les.judge(1, states[1], Place("G03", 0, (0, 1))).right          # either tile


def test_feather_lesson():
    """Lines 240-242: the 2nd and 4th tiles are laid at once; the others keep their order."""
    les = lesson("feather")
    final = les.states()[-1]
    assert final.paths[0] == tuple(C.tile_id(n) for n in ("G01", "Y01", "R01"))
    assert final.tile_done and bag(final)["feather"] == 0
    judged(les, 0, Place("G01", 0, (0, 0)), "indian_summer.feather.two")
    assert les.judge(0, les.states()[0], Feather(("G01", "R01"))).right    # any two tiles


def test_example_turn_lesson():
    """Lines 256-269: after berry, berry, feather, nut and berry Ryan holds a nut and two
    mushrooms and 5 tiles."""
    les = lesson("example_turn")
    states = les.states()
    assert [len(s.paths[0]) for s in states] == [2, 5, 6, 4, 4, 4, 4, 5]
    assert [C.tile_name(t) for t in states[2].paths[0][2::3]] == ["G01", "G06"]   # 3rd, 6th
    assert bag(states[5]) == {"berry": 0, "nut": 1, "mushroom": 1, "feather": 0}
    assert bag(states[-1]) == {"berry": 0, "nut": 1, "mushroom": 2, "feather": 0}
    assert sorted(e.data["area"] for s in states for e in s.events
                  if e.rule == "indian_summer.area.complete") == [0, 1]
    judged(les, 2, Feather(("R03", "R04")), "indian_summer.feather.two")
    judged(les, 5, Nut((0, 3)), "indian_summer.nut.squirrel")


def test_first_game_lesson():
    """A round of a 2-player game from set-up: one turn each, then Player 1 again."""
    les = lesson("first_game")
    states = les.states()
    assert states[0].fingerprint() == GAME.setup(2, 1).fingerprint()
    final = states[-1]
    assert final.current_player == 0 and final.turns == 2 and not final.is_over
    assert [k for _, k in final.floors[0].tokens] == ["nut"]
    assert sorted(k for _, k in final.floors[1].tokens) == ["berry", "feather"]
    assert {"indian_summer.mushroom.two_players", "indian_summer.berry.refill"} <= cited(les)
    earth = next(a for a in states[0].legal_actions() if a.kind == "place"
                 and not any(e.rule == "indian_summer.treasure.hole"
                             for e in states[0].apply(a).events))
    judged(les, 0, earth, "indian_summer.treasure.hole")
    judged(les, 3, Squirrel((0, 0)), "indian_summer.mushroom.two_players")
    judged(les, 3, Berry(), "indian_summer.mushroom.two_players")


RULE_ID = re.compile(r"indian_summer\.[a-z_]+\.[a-z_]+")


def test_the_solo_lesson_plays_the_solo_rules_and_cites_them():
    """Lines 296-364: a solo set-up, a berry from an end of a path, a 6th tile, the track, the
    mushroom's tiles from the track. Each caption names the rules its step acts by."""
    les = lesson("solo_first_turns")
    states = les.states()
    assert les.start_state().players == 1 and "position" not in les.start
    for number, (caption, state) in enumerate(zip(les.captions(), states)):
        named = set(RULE_ID.findall(caption))
        assert named and all(rules.exists(rule) for rule in named), (number, named)
        if number:      # a step's caption names the rules its events cite
            assert {e.rule for e in state.events} - {"indian_summer.turn.steps"} <= named, number
    assert {"indian_summer.solo.berry", "indian_summer.solo.sixth", "indian_summer.solo.track",
            "indian_summer.solo.mushroom", "indian_summer.solo.shift"} <= cited(les)
    assert len(states[4].paths[0]) == 6                    # the 6th tile
    # the checkpoints: ending the turn or laying a tile is not the berry, the 6th tile, the mushroom
    for index, rule in ((1, "indian_summer.solo.berry"), (3, "indian_summer.solo.sixth"),
                        (5, "indian_summer.solo.mushroom")):
        wrong = next(a for a in states[index].legal_actions() if a.kind in ("place", "end"))
        judged(les, index, wrong, rule)
    other_end = Berry("lower", "right")        # any end of either path answers the berry
    assert les.judge(1, states[1], other_end).right
