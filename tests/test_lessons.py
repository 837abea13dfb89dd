"""Every shipped lesson of every game: loads (checked), replays, and has what the app needs."""
from __future__ import annotations

import re

import pytest

import explorer
import registered
from explorer import lessons, rulebook

ALL = [(game, lesson.name) for game in registered.names() for lesson in lessons.shipped(game)]


def test_every_game_ships_lessons_and_a_first_game(game_name):
    """A game ships a first game and two more lessons; a small game (tests/games/<name>.py:
    LESSONS = names) may ship fewer, but at least one."""
    names = [lesson.name for lesson in lessons.shipped(game_name)]
    if registered.has(game_name, "LESSONS"):
        assert names == list(registered.checks(game_name).LESSONS) and names, game_name
        return
    assert "first_game" in names, game_name
    assert len(names) >= 3, game_name


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


# A lesson cites the rulebook by its name and lines ("the Korean rulebook, lines 130-131") or
# by a rule id, never by the name of a file or a folder of the project.
FILE_NAME = re.compile(r"\b\d{3}_[0-9a-f]{16}\b|[\w-]+\.(?:txt|md|toml|json|py|ipynb)\b"
                       r"|\b(?:seeds|explorer|widgets|tests|notebooks)/")


def lesson_texts(lesson: lessons.Lesson) -> list[tuple[str, str]]:
    """(where, text) of everything a learner reads in a lesson."""
    out = [("title", lesson.title), ("intro", lesson.intro)]
    for number, step in enumerate(lesson.steps, start=1):
        out.append((f"step {number} caption", step.caption))
        if step.checkpoint:
            out += [(f"step {number} prompt", step.checkpoint.prompt),
                    (f"step {number} hint", step.checkpoint.hint)]
    return out


@pytest.mark.parametrize("game,name", ALL)
def test_a_lesson_names_the_rulebook_not_a_file(game, name):
    lesson = lessons.get(game, name)
    found = [(where, match.group(0)) for where, text in lesson_texts(lesson)
             for match in FILE_NAME.finditer(text)]
    assert found == [], f"{game}/{name} cites files: {found}"


def test_the_file_name_check_finds_what_it_looks_for():
    for text in ("rules (001_3d7b68da69b643bf.txt, lines 1-2)", "see seeds/README",
                 "in explorer/cacao", "notes.md", "the 000_8dfb23966d448b0b text"):
        assert FILE_NAME.search(text), text
    for text in ("the Korean rulebook, lines 130-131", "rule cacao.work.market", "4 + 2 = 6.",
                 "covered_huts=returned", "e.g. two tiles"):
        assert not FILE_NAME.search(text), text


def test_a_rulebook_a_lesson_names_is_one_of_its_game(game_name):
    names = {explorer.rules.source_name(s) for s in rulebook.sources(game_name)}
    for lesson in lessons.shipped(game_name):
        for where, text in lesson_texts(lesson):
            for named in re.findall(r"(?:Korean|Hungarian) (?:rulebook|rules summary)", text):
                assert named in names, (lesson.name, where, named, names)
