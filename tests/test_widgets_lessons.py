"""Lessons in the app, without a browser: captions follow the timeline, checkpoints judge the
learner's move, an own move leaves the lesson, and "Save as lesson" gives a file that loads."""
from __future__ import annotations

import json
import re
from html import unescape

import pytest

import explorer
from explorer import lessons
from widgets.cacao import app as cacao_app
from widgets.shared.models import is_visible
from explorer.links import LinkError, parse_query
import registered

GAME = explorer.GAMES["cacao"]


def lesson_data(checkpoint_at: int = 2, steps: int = 4) -> dict:
    """A Cacao lesson from set-up: `steps` first legal moves, a checkpoint at that step."""
    state = GAME.setup(3, 5)
    actions, states = [], []
    for _ in range(steps):
        action = state.legal_actions()[0]
        state = state.apply(action)
        actions.append(action)
        states.append(state)
    data = lessons.draft({"players": 3, "seed": 5, "options": {}}, actions, states, "Test lesson")
    for number, step in enumerate(data["steps"]):
        step["caption"] = f"Caption of step {number + 1}."
    data["intro"] = "The start."
    data["steps"][checkpoint_at]["try"] = {"prompt": "Find the move.", "hint": "Look again.",
                                           "rule": data["teaches"][0]}
    return data


def shell():
    return cacao_app(3, 1).explorer


def open_lesson(checkpoint_at: int = 2):
    app = shell()
    lesson = lessons.loads(json.dumps(lesson_data(checkpoint_at)), "cacao", "test")
    app.lessons.play(lesson)
    return app, lesson


def caption(app) -> str:
    return app.lessons.caption.value


def test_a_lesson_opens_at_its_start_with_the_intro_and_stops_at_its_checkpoint():
    app, lesson = open_lesson(checkpoint_at=2)
    assert app.timeline.index == 0
    assert app.timeline.frame.label == "Lesson: Test lesson"
    assert "The start." in caption(app)
    assert is_visible(app.lessons.widget)          # the caption box is shown
    assert len(app.timeline) == 3                              # start, step 1, step 2: then the question
    app.step("last")
    assert "Your turn: Find the move." in app.lessons.prompt.value
    assert "Your turn" not in caption(app)                  # apart: the caption scrolls, not it
    assert is_visible(app.lessons.prompt) and is_visible(app.lessons.show_me)
    app.step("first")
    assert not is_visible(app.lessons.prompt)


def test_captions_stay_in_step_with_the_timeline_both_ways():
    app, lesson = open_lesson(checkpoint_at=3)
    for index in (1, 2, 0, 3, 1):
        app.go(index)
        expected = lesson.captions()[index]
        assert expected in caption(app)
        assert f"step {index + 1} of {len(app.timeline)}" in app.lessons.title.value


def test_a_wrong_try_at_a_checkpoint_is_refused_with_the_rule_then_the_right_one_goes_on():
    app, lesson = open_lesson(checkpoint_at=2)
    app.step("last")
    state = app.timeline.frame.state
    right = lesson.steps[2].action
    wrong = next(a for a in state.legal_actions() if a != right)
    assert app.try_action(wrong) is False
    assert "Not this one. Look again." in app.message.text
    assert lesson.steps[2].checkpoint.rule in app.message.text
    assert len(app.timeline) == 3 and app.timeline.index == 2   # nothing was made
    assert app.try_action(right) is True
    assert app.timeline.index == 3
    assert app.message.text == "Right!"
    assert len(app.timeline) == len(lesson.steps) + 1          # the rest of the lesson laid out
    assert lesson.captions()[3] in caption(app)


def test_an_illegal_try_at_a_checkpoint_quotes_the_engine_s_refusal():
    app, lesson = open_lesson(checkpoint_at=2)
    app.step("last")
    done = lesson.steps[0].action                              # that tile is already placed
    assert app.try_action(done) is False
    assert app.message.text.startswith("Not allowed:")
    assert app.lessons.lesson is lesson


def test_show_me_makes_the_checkpoint_move():
    app, lesson = open_lesson(checkpoint_at=1)
    app.step("last")
    app.lessons.show_me.click()
    assert app.timeline.frames[2].action == lesson.steps[1].action
    assert app.timeline.index == 2


def test_the_lesson_s_own_move_steps_forward_and_another_move_leaves_the_lesson():
    app, lesson = open_lesson(checkpoint_at=3)
    assert app.try_action(lesson.steps[0].action) is True      # what the lesson does next
    assert app.timeline.index == 1 and app.lessons.lesson is lesson
    other = next(a for a in app.timeline.frame.state.legal_actions() if a != lesson.steps[1].action)
    assert app.try_action(other) is True
    assert app.lessons.lesson is None
    assert not is_visible(app.lessons.widget)
    assert "left the lesson" in app.message.text
    assert app.timeline.frame.action == other and app.timeline.index == app.timeline.last


def test_save_as_lesson_gives_a_file_that_loads_and_replays_the_same_game():
    app = shell()
    app.step("last")                                            # last set-up step: play from here
    for _ in range(3):
        assert app.try_action(app.timeline.frame.state.legal_actions()[-1])
    data = app.lessons.draft()
    text = json.dumps(data)
    again = lessons.loads(text, "cacao", "saved")
    assert [s.action for s in again.steps] == app.timeline.actions_all()
    assert again.states()[-1] == app.timeline.frame.state
    assert "rx-save-lesson-link" in app.lessons.download_html()


def test_save_as_lesson_keeps_the_start_of_the_lesson_it_began_from():
    app, lesson = open_lesson(checkpoint_at=3)
    app.step("last")
    data = app.lessons.draft()
    assert data["start"] == lesson.start
    assert len(data["steps"]) == 3


def test_a_new_game_ends_the_lesson():
    app, _ = open_lesson()
    app.new_game(3, 2, {})
    assert app.lessons.lesson is None and app.lessons.origin is None


def test_a_broken_lesson_file_is_refused_with_its_name_and_step():
    data = lesson_data()
    data["steps"][1]["action"] = data["steps"][0]["action"]
    with pytest.raises(lessons.LessonError, match=r"^broken\.json: step 2: the action is not legal"):
        lessons.loads(json.dumps(data), "cacao", "broken", "broken.json")
    data = lesson_data()
    del data["steps"][0]["caption"]
    with pytest.raises(lessons.LessonError, match="step 1: the caption is missing"):
        lessons.loads(json.dumps(data), "cacao", "broken")
    data = lesson_data()
    data["teaches"] = ["cacao.no.such.rule"]
    with pytest.raises(lessons.LessonError, match="unknown rule id"):
        lessons.loads(json.dumps(data), "cacao", "broken")


def test_an_uploaded_lesson_that_is_not_a_lesson_is_explained_not_raised():
    app = shell()
    app.lessons._uploaded({"new": [{"name": "x.json", "content": b"{\"title\": 5}"}]})
    assert app.message.text.startswith("Cannot open this lesson: x.json:")
    app.lessons._uploaded({"new": [{"name": "x.json", "content": b"\xff\xfe"}]})
    assert "not UTF-8" in app.message.text
    assert app.lessons.lesson is None


def test_a_lesson_link_names_only_a_shipped_lesson():
    with pytest.raises(LinkError, match="has no lesson"):
        parse_query(GAME, "?lesson=nope", 3, 1)
    with pytest.raises(LinkError, match="only lesson and step"):
        parse_query(GAME, "?lesson=nope&seed=3", 3, 1)


def test_a_lesson_opened_at_a_step_past_a_question_shows_the_lesson_s_answers():
    app = shell()
    lesson = lessons.loads(json.dumps(lesson_data(checkpoint_at=1)), "cacao", "test")
    app.lessons.play(lesson, step=4)
    assert app.timeline.index == 3
    assert [f.action for f in app.timeline.frames[1:4]] == [s.action for s in lesson.steps[:3]]
    assert lesson.captions()[3] in caption(app)
    app.lessons.play(lesson, step=99)
    assert app.timeline.index == 0 and "not 99" in app.message.text


# -- the lesson counts steps as the bar does -----------------------------------------------
APPS = {}


def app_for(game: str):
    """One app per game (opening a lesson replaces its timeline)."""
    if game not in APPS:
        APPS[game] = registered.app_factory(game)(2, 1).explorer
    return APPS[game]


def counts(app) -> tuple[tuple[int, int], str]:
    """The bar's (step, of) and the lesson's count as text."""
    bar = re.search(r"Step (\d+) of (\d+)", app.bar.label.value)
    count = re.search(r'class="rx-lesson-count"[^>]*>(.*?)</span>', app.lessons.title.value)
    return (int(bar[1]), int(bar[2])), unescape(count[1])


@pytest.mark.parametrize("game,name", [(game, lesson.name) for game in explorer.GAMES
                                       for lesson in lessons.shipped(game)])
def test_the_lesson_s_count_is_the_bar_s_at_every_frame_and_names_the_next_question(game, name):
    app = app_for(game)
    assert app.lessons.open(name)
    lesson = app.lessons.lesson
    questions = [i for i, s in enumerate(lesson.steps) if s.checkpoint]
    seen = 0
    while True:
        t = app.timeline
        for index in range(len(t)):
            app.go(index)
            (n, total), count = counts(app)
            assert (n, total) == (index + 1, len(t))
            assert count.startswith(f"· step {n} of {total}"), count
            waiting = index < len(lesson.steps) and lesson.steps[index].checkpoint is not None \
                and index == t.last
            ahead = t.last < len(lesson.steps) and lesson.steps[t.last].checkpoint is not None
            if waiting:
                q = questions.index(index) + 1
                assert count == f"· step {n} of {total}: question {q} of {len(questions)}"
            elif ahead:
                q = questions.index(t.last) + 1
                assert count == (f"· step {n} of {total} · question {q} of {len(questions)} "
                                 f"at step {total}"), count
            else:
                assert count == f"· step {n} of {total}", count
            seen += 1
        if not app.lessons._waiting():
            break
        app.lessons.reveal()
    assert seen >= len(lesson.steps) + 1
    assert len(app.timeline) >= len(lesson.steps) + 1    # every step was reached


def test_the_lesson_box_has_its_own_style_and_the_page_style_leaves_it_alone():
    from widgets.shared.lesson_view import LESSON_CSS
    from widgets.shared.style import CSS
    assert LESSON_CSS.startswith("<style>") and LESSON_CSS.rstrip().endswith("</style>")
    for rule in (".rx-lesson {", ".rx-lesson > .rx-lesson-caption", ".rx-lesson-prompt",
                 ".rx-lesson-count", ".rx-projector .rx-lesson-caption p"):
        assert rule in LESSON_CSS, rule
    assert not re.search(r"\.rx-lesson[\w-]*", CSS)
