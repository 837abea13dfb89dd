"""Every shipped lesson of every game: loads (checked), replays, and has what the app needs."""
from __future__ import annotations

import re

import pytest

import explorer
from explorer import lessons

ALL = [(game, lesson.name) for game in explorer.GAMES for lesson in lessons.shipped(game)]


def test_every_game_ships_lessons_and_a_first_game():
    for game in explorer.GAMES:
        names = [lesson.name for lesson in lessons.shipped(game)]
        assert "first_game" in names, game
        assert len(names) >= 3, game


@pytest.mark.parametrize("game,name", ALL)
def test_a_shipped_lesson_replays_with_a_caption_per_frame(game, name):
    lesson = lessons.get(game, name)
    assert re.fullmatch(r"[a-z0-9_]+", name)                 # safe in ?lesson=<name>
    states = lesson.states()
    assert len(states) == len(lesson.steps) + 1 == len(lesson.captions())
    assert all(caption.strip() for caption in lesson.captions())
    assert all(explorer.rules.exists(rule) for rule in lesson.teaches)
    for state, step in zip(states, lesson.steps):
        assert step.action in state.legal_actions()
    if "scores" in lesson.expect:
        totals = states[-1].score().totals
        assert {int(p): v for p, v in lesson.expect["scores"].items()} == \
            {int(p): totals[int(p)] for p in lesson.expect["scores"]}


@pytest.mark.parametrize("game,name", [(g, n) for g, n in ALL if n == "first_game"])
def test_a_first_game_walks_a_whole_round_from_a_set_up(game, name):
    lesson = lessons.get(game, name)
    assert "position" not in lesson.start
    assert len(lesson.steps) >= lesson.start_state().players


def test_a_lesson_that_breaks_its_stated_result_is_refused():
    lesson = lessons.get("animals_on_board", "ark_43_points")
    data = lesson.to_json()
    data["expect"] = {"scores": {"0": 44}}
    with pytest.raises(lessons.LessonError, match="expect: scores: player 0 ends with 43"):
        lessons.parse(data, "animals_on_board", "broken")


def test_an_unknown_lesson_is_refused_with_the_names_there_are():
    with pytest.raises(lessons.LessonError, match="no lesson 'nope'; lessons: .*first_game"):
        lessons.get("cacao", "nope")
