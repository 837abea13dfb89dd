"""The shipped Taluva lessons: each replays to the result it states, and its checkpoint refuses
a wrong try with a rule and accepts the right move."""
from __future__ import annotations

import functools

from explorer import lessons
from explorer.taluva import Expand, Finish, Hut, Place, Temple
from lesson_checks import played_lesson


played = functools.partial(played_lesson, "taluva")


def checkpoint(lesson) -> int:
    return next(i for i, step in enumerate(lesson.steps) if step.checkpoint)


def test_every_lesson_is_shipped_and_tested():
    assert {lesson.name for lesson in lessons.shipped("taluva")} == {
        "first_game", "settlement_cover", "huts_returned", "one_kind_builds"}


def test_settlement_cover_reproduces_line_57():
    """Two huts that form a settlement cannot both be covered; one of them can."""
    lesson, states = played("settlement_cover")
    assert "Korean rules summary (line 57)" in lesson.intro
    start, final = states[0], states[-1]
    assert {h for h, b in start.buildings.items() if b.owner == 1} == {(-1, 0), (-1, 1)}
    i = checkpoint(lesson)
    wrong = lesson.judge(i, states[i], Place((0, 0), 2))          # covers both red huts
    assert not wrong.right and wrong.rule == "taluva.erupt.settlement"
    sea = lesson.judge(i, states[i], Place((4, 0), 3))            # legal, buries nothing
    assert not sea.right and sea.rule == "taluva.erupt.settlement"
    assert lesson.judge(i, states[i], lesson.steps[i].action).right
    assert lesson.judge(i, states[i], Place((0, 0), 3)).right     # the other hut instead
    assert {h for h, b in final.buildings.items() if b.owner == 1} == {(-1, 0)}
    assert final.removed == (0, 1) and final.score().totals == {0: 2, 1: 2}


def test_huts_returned_starts_with_the_summary_reading():
    lesson, states = played("huts_returned")
    assert states[0].options["covered_huts"] == "returned"
    assert "covered_huts=returned" in lesson.intro and "line 57" in lesson.intro
    i = checkpoint(lesson)
    wrong = lesson.judge(i, states[i], Place((4, 0), 3))
    assert not wrong.right and wrong.rule == "taluva.erupt.covered_huts"
    assert lesson.judge(i, states[i], Place((0, 0), 2)).right
    erupted = states[i + 1]
    assert erupted.supply[1] == (19, 3, 2) and erupted.removed == (0, 0)
    final = states[-1]
    assert final.score().totals == {0: 2, 1: 2} and not final.is_over


def test_one_kind_builds_starts_with_the_summary_reading():
    lesson, states = played("one_kind_builds")
    assert states[0].options["builds_per_turn"] == "one_kind"
    assert "builds_per_turn=one_kind" in lesson.intro and "lines 75 and 85" in lesson.intro
    i = checkpoint(lesson)
    wrong = lesson.judge(i, states[i], Temple((0, 1)))
    assert not wrong.right and wrong.rule == "taluva.build.per_turn"
    stop = lesson.judge(i, states[i], Finish())
    assert not stop.right and stop.rule == "taluva.build.per_turn"
    assert lesson.judge(i, states[i], Hut((-1, 1))).right
    assert lesson.judge(i, states[i], Hut((4, -1))).right
    final = states[-1]
    assert final.current_player == 1 and final.phase == "place"
    assert final.score().totals == {0: 5, 1: 1}


def test_first_game_walks_two_rounds_from_set_up():
    lesson, states = played("first_game")
    assert lesson.start == {"players": 2, "seed": 5}
    assert [s.current_player for s in states] == [0, 0, 1, 1, 0, 0, 1, 1, 0]
    assert [s.turn_number for s in states] == [1, 1, 2, 2, 3, 3, 4, 4, 5]
    checks = [i for i, step in enumerate(lesson.steps) if step.checkpoint]
    assert checks == [4, 5]
    erupt, expand = checks
    wrong = lesson.judge(erupt, states[erupt], Place((0, 0), 0))   # lava the same way
    assert not wrong.right and wrong.rule == "taluva.erupt.lava_direction"
    assert lesson.judge(erupt, states[erupt], Place((0, 0), 1)).right
    assert states[expand].legal_actions() == [Expand((1, 0), "clearing")]
    hut = lesson.judge(expand, states[expand], Hut((0, 1)))       # level 2: no new hut there
    assert not hut.right and hut.rule == "taluva.build.hut"
    assert lesson.judge(expand, states[expand], Expand((1, 0), "clearing")).right
    assert states[expand + 1].buildings[(0, 1)] == (0, "hut", 2)
    final = states[-1]
    assert final.score().totals == {0: 3, 1: 3} and not final.is_over
    assert final.buildings[(-1, 1)] == (1, "hut", 2)
