"""The shipped Animals on Board lessons: each replays to the result the rule text states, and its
checkpoint refuses a wrong try with a rule and accepts the right move."""
from __future__ import annotations

import functools

from explorer import lessons
from explorer.animals_on_board import Keep, Split, Take
from explorer.animals_on_board import components as C

from aob_helpers import assert_43_point_ark, t, ts
from lesson_checks import played_lesson


played = functools.partial(played_lesson, "animals_on_board")


def checkpoints(lesson) -> list[int]:
    return [i for i, step in enumerate(lesson.steps) if step.checkpoint]


def wrong(lesson, states, i, action, rule):
    """A legal move that is not the one the lesson asks for: the checkpoint's rule and hint."""
    assert action in states[i].legal_actions()
    verdict = lesson.judge(i, states[i], action)
    assert not verdict.right and verdict.rule == rule and verdict.text
    return verdict


def refused(lesson, states, i, action, rule):
    """A try the engine itself refuses: the verdict quotes the rule that forbids it."""
    assert action not in states[i].legal_actions()
    verdict = lesson.judge(i, states[i], action)
    assert not verdict.right and verdict.rule == rule and verdict.text


def right(lesson, states, i, action=None):
    assert lesson.judge(i, states[i], action or lesson.steps[i].action).right


def test_every_lesson_is_shipped_and_tested():
    assert {lesson.name for lesson in lessons.shipped("animals_on_board")} == {
        "split_four_groups", "split_crate_cap", "split_any_way", "split_one_group_only",
        "take_example", "ark_43_points", "first_game"}


def test_split_four_groups_reproduces_lines_139_142():
    """Four groups A-D; Jaeyeon splits A into two and takes one crate: five groups."""
    lesson, states = played("split_four_groups")
    assert "Korean rulebook, line" in lesson.intro and "lines 139-142" in lesson.intro
    start, split = states[0], states[1]
    assert len(start.groups) == 4 and start.current_player == 1
    assert len(split.groups) == 5
    assert split.crates[1] == start.crates[1] + 1 and split.supply == start.supply - 1
    assert ts("panda-1", "panda-3") in split.groups
    assert ts("tiger-2", "lion-3", "giraffe-4") in split.groups
    i, = checkpoints(lesson)
    wrong(lesson, states, i, Split(ts("zebra-1")),
          "animals_on_board.split.group")   # group B, not A
    wrong(lesson, states, i, Split(ts("rhino-4")),
          "animals_on_board.split.group")   # group C, not A
    refused(lesson, states, i, Split(ts("panda-1", "zebra-1")),
            "animals_on_board.split.group")   # A and B mixed
    right(lesson, states, i)
    right(lesson, states, i, Split(ts("tiger-2", "lion-3", "giraffe-4")))  # the same two groups
    assert len(states[-1].groups) == 6


def test_split_crate_cap_reproduces_lines_143_148():
    """Holding 5 crates, a split returns one: 4 are left."""
    lesson, states = played("split_crate_cap")
    assert "Korean rulebook, line" in lesson.intro and "lines 143-148" in lesson.intro
    start, split = states[0], states[1]
    assert start.crates[1] == 5
    assert split.crates[1] == 4 and split.supply == start.supply + 1
    assert "animals_on_board.split.crate_cap" in [e.rule for e in split.events]
    assert states[2].crates[2] == start.crates[2] + 1                      # below 5: take one
    i, = checkpoints(lesson)
    wrong(lesson, states, i, Take(ts("zebra-3")), "animals_on_board.split.crate_cap")
    right(lesson, states, i)
    right(lesson, states, i, Split(ts("panda-2")))                         # any split will do


def test_split_any_way_follows_lines_124_133():
    lesson, states = played("split_any_way")
    assert "Korean rulebook, line" in lesson.intro and "lines 124-133" in lesson.intro
    first, second = checkpoints(lesson)
    refused(lesson, states, first, Split(ts("panda-1", "panda-5", "tiger-3", "lion-2")),
            "animals_on_board.split.group")   # an empty group
    refused(lesson, states, first, Split(ts("zebra-4")),
            "animals_on_board.split.group")   # a single tile
    wrong(lesson, states, first, Split(ts("panda-1")),
          "animals_on_board.split.group")   # legal, not the pandas
    right(lesson, states, first)
    right(lesson, states, first, Split(ts("tiger-3", "lion-2")))
    right(lesson, states, second, Split(ts("panda-5")))                    # any split is right
    refused(lesson, states, second, Split(ts("zebra-4")), "animals_on_board.split.group")
    final = states[-1]
    assert all(len(g) == 1 for g in final.groups) and len(final.groups) == 5
    assert final.crates == (2, 2, 2)
    assert all(isinstance(a, Take) for a in final.legal_actions())         # no split is left


def test_split_one_group_only_follows_line_134():
    lesson, states = played("split_one_group_only")
    assert "Korean rulebook, line" in lesson.intro and "line 134" in lesson.intro
    i, = checkpoints(lesson)
    refused(lesson, states, i, Split(ts("panda-1", "panda-2", "panda-4")),
            "animals_on_board.split.group")
    wrong(lesson, states, i, Split(ts("panda-4")), "animals_on_board.split.group")
    right(lesson, states, i)
    right(lesson, states, i, Split(ts("tiger-3")))
    final = states[-1]
    assert ts("panda-1", "panda-2") in final.groups and ts("panda-4", "lion-1") in final.groups
    assert final.crates[0] == 3


def test_take_example_reproduces_lines_174_183():
    """Face-down tile + panda + elephant: 3 tiles, 3 crates paid, rest flag, start flag."""
    lesson, states = played("take_example")
    assert "Korean rulebook, line" in lesson.intro and "lines 174-183" in lesson.intro
    start, took = states[0], states[1]
    group = ts("panda-3", "elephant-2", "giraffe-4")
    assert group in start.groups and start.facedown == t("giraffe-4")
    assert start.start_player == 0 and not any(start.resting)
    assert took.crates[1] == start.crates[1] - 3 == 0 and took.supply == start.supply + 3
    assert set(group) <= set(took.arks[1]) and took.facedown is None
    assert took.resting[1] and took.start_player == 1
    assert [e.rule for e in took.events] == ["animals_on_board.take.group",
                                             "animals_on_board.take.facedown",
                                             "animals_on_board.take.leave_round",
                                             "animals_on_board.take.start_flag"]
    assert states[-1].current_player == 2                                  # Jaeyeon is skipped
    i, = checkpoints(lesson)
    refused(lesson, states, i, Take(ts("tiger-1", "tiger-2", "tiger-5", "lion-4")),
            "animals_on_board.take.afford")
    wrong(lesson, states, i, Take(ts("zebra-2")), "animals_on_board.take.group")
    right(lesson, states, i)


def test_ark_43_points_reproduces_lines_246_258():
    """11 tiles, the elephant pair goes back: 4 + 2 + 4x5 + 3x5 + 2 = 43."""
    lesson, states = played("ark_43_points")
    assert "Korean rulebook, line" in lesson.intro and "lines 246-258" in lesson.intro
    final = states[-1]
    assert final.is_over and len(final.arks[0]) == 11 and final.crates[0] == 2
    sheet = final.score()
    assert_43_point_ark(sheet)
    assert ("pairs returned to the box: elephant", 0, "animals_on_board.scoring.pairs") in \
        {(line.label, line.points, line.rule) for line in sheet.lines_for(0)}
    i, = checkpoints(lesson)
    wrong(lesson, states, i, Take(ts("lion-2", "lion-3", "zebra-1")),
          "animals_on_board.scoring.pairs")
    wrong(lesson, states, i, Split(ts("elephant-3")), "animals_on_board.scoring.pairs")
    right(lesson, states, i)


def test_first_game_walks_set_up_and_round_one():
    lesson, states = played("first_game")
    assert lesson.start == {"players": 3, "seed": 1}
    assert all(len(caption) > 60 for caption in lesson.captions())
    start, final = states[0], states[-1]
    assert start.phase == "keep" and sorted(C.SPECIES[i] for i in start.removed) == \
        ["panda", "zebra"]
    assert all(C.tile_name(a.tiles[0]) in lesson.steps[n].caption
               for n, a in enumerate(s.action for s in lesson.steps[:3]))
    assert [type(step.action) for step in lesson.steps[:3]] == [Keep] * 3
    after_keep = states[3]
    assert after_keep.phase == "play" and len(after_keep.groups[0]) == 11
    assert after_keep.facedown == t("lion-3")
    # the round: three takes, the first one out holds the start flag, then round 2 begins
    assert final.round == 2 and final.resting == (False, False, False)
    assert final.start_player == 0 and final.current_player == 0
    assert final.crates == (0, 1, 1)
    assert [len(a) for a in final.arks] == [3, 3, 3]
    assert len(final.groups) == 1 and len(final.groups[0]) == 11 and final.facedown is not None
    assert not final.is_over
    keep, take, facedown = checkpoints(lesson)
    wrong(lesson, states, keep, Keep(t("tiger-2")), "animals_on_board.setup.keep_one")
    right(lesson, states, keep)
    refused(lesson, states, take, Take(ts("elephant-2", "giraffe-2", "giraffe-3")),
            "animals_on_board.take.afford")
    wrong(lesson, states, take, Take(ts("flamingo-1", "flamingo-4")),
          "animals_on_board.take.afford")
    right(lesson, states, take)
    wrong(lesson, states, facedown, Split(ts("lion-2")), "animals_on_board.take.facedown")
    wrong(lesson, states, facedown, Take(ts("elephant-2")), "animals_on_board.take.facedown")
    right(lesson, states, facedown)
