"""A page's side of a class (widgets/shared/class_panel.py), without a network: what the
service's messages do to the app, and what the app sends."""
from __future__ import annotations

import importlib

import pytest

from widgets.shared.class_panel import class_of, same_game, without_language
from tests.test_class_live import in_own_thread
from tests.test_classroom import cacao_position


@pytest.fixture
def app(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "")
    root = importlib.import_module("widgets.cacao").app(players=2, seed=1)
    app = root.explorer
    sent = []
    app.classes._say = sent.append
    app.sent_to_class = sent
    return app


def hear(panel, message: dict) -> None:
    """The panel hears a message from the service where no event loop runs (so a position is
    shown at once)."""
    in_own_thread(panel._heard, message)


def follow(app, code="ABCDEFG"):
    panel = app.classes
    panel.code, panel.role = code, "following"
    hear(panel, {"op": "position", "position": cacao_position(2)})
    hear(panel, {"op": "settings", "seat_view": False})
    return panel


def test_queries_name_the_class_and_keep_the_language_out():
    assert class_of("?class=ABC&lang=ko&step=3") == ("ABC", "?lang=ko&step=3")
    assert class_of("?step=3") == (None, "?step=3")
    assert class_of("step=3&seed=1") == (None, "step=3&seed=1")   # untouched: its length counts
    assert without_language("?players=2&lang=hu&step=4") == "?players=2&step=4"
    assert same_game("?players=2&moves=x&step=4", "?players=2&moves=x&step=9")
    assert not same_game("?players=2&moves=x&step=4", "?players=2&moves=y&step=4")


def test_a_follower_shows_the_teachers_step_and_keeps_the_class_in_its_address(app):
    panel = follow(app)
    assert app.timeline.index + 1 == int(cacao_position(2).rsplit("step=", 1)[1])
    assert app.address.query == "?class=ABCDEFG"
    assert "Following the class" in panel.status.value
    hear(panel, {"op": "position", "position": cacao_position(3)})
    assert app.timeline.index + 1 == int(cacao_position(3).rsplit("step=", 1)[1])
    assert app.sent_to_class == []               # a follower never drives the class


def test_a_follower_hears_the_teachers_step(app):
    """A screen reader says each step the teacher shows: the live region holds it."""
    panel = follow(app)
    hear(panel, {"op": "position", "position": cacao_position(3)})
    step = int(cacao_position(3).rsplit("step=", 1)[1])
    said = app.access.live.polite
    assert said.startswith(f"Step {step} of ")
    assert str(app.timeline.frame.title(None)) in said


def test_a_followers_own_move_takes_it_off_the_class_until_it_comes_back(app):
    panel = follow(app)
    state = app.timeline.frame.state
    assert app.try_action(state.legal_actions()[0])
    assert panel.role == "trying" and "Trying on your own" in panel.status.value
    hear(panel, {"op": "position", "position": cacao_position(4)})   # not applied meanwhile
    assert app.timeline.index + 1 != int(cacao_position(4).rsplit("step=", 1)[1])
    panel.back_to_class()
    assert panel.role == "following"
    assert app.timeline.index + 1 == int(cacao_position(4).rsplit("step=", 1)[1])


def test_an_answer_goes_to_the_open_question_only_from_its_position(app):
    panel = follow(app)
    hear(panel, {"op": "question", "id": 1, "position": cacao_position(2)})
    assert "The teacher asks" in panel.status.value
    action = app.timeline.frame.state.legal_actions()[0]
    panel.name.value = "Ann"
    app.try_action(action)
    assert app.sent_to_class == [{"op": "answer", "question": 1, "action": action.to_json(),
                                  "name": "Ann"}]
    app.try_action(app.timeline.frame.state.legal_actions()[0])     # trying: not an answer
    assert len(app.sent_to_class) == 1


def test_one_players_view_only_with_the_teachers_permission(app):
    panel = follow(app)
    switch = app.perspective.buttons
    assert switch.disabled and app.perspective.player is None
    hear(panel, {"op": "settings", "seat_view": True})
    assert not switch.disabled
    switch.value = 0
    assert app.perspective.player == 0
    hear(panel, {"op": "settings", "seat_view": False})
    assert switch.disabled and app.perspective.player is None


def test_a_teachers_steps_go_out_and_the_end_leaves_the_game(app):
    panel = app.classes
    hear(panel, {"op": "started", "code": "ABCDEFG", "key": "k"})
    assert panel.role == "leading" and panel.link.keep == {"code": "ABCDEFG", "key": "k"}
    assert "ABCDEFG" in panel.join.value and "<svg" in panel.join.value
    assert panel.join in panel.widget.children[1:]          # shown large at the start
    panel.show_join.click()
    assert panel.join not in panel.widget.children
    app.step("forward")
    assert app.sent_to_class[-1]["op"] == "step"
    assert app.sent_to_class[-1]["position"].endswith(f"step={app.timeline.index + 1}")
    hear(panel, {"op": "tally", "id": 1, "answered": 1, "following": 2, "lesson": False,
                  "groups": [{"kind": "refused", "rule": "cacao.place.adjacent", "move": "",
                              "text": "", "action": None, "count": 1, "names": []}]})
    assert "1 of 2 answered" in panel.tally_view.value
    app.step("last")
    move = app.timeline.frame.state.legal_actions()[0]
    hear(panel, {"op": "tally", "id": 2, "answered": 2, "following": 2, "lesson": False,
                  "groups": [{"kind": "legal", "rule": "", "move": "m", "text": "",
                              "action": move.to_json(), "count": 2, "names": []}]})
    assert panel.play_answer.value                  # the most played answer, ready to play
    before = len(app.timeline)
    panel.play.click()
    assert len(app.timeline) == before + 1 and app.timeline.frame.action == move
    assert app.sent_to_class[-1]["op"] == "step"
    hear(panel, {"op": "ended", "why": "teacher", "position": ""})
    assert panel.role == "ended" and app.address.query != "?class=ABCDEFG"


def test_a_follower_whose_class_vanished_is_told_it_ended(app):
    panel = follow(app)
    hear(panel, {"op": "refused", "why": "unknown", "message": "This class has ended or never "
                  "existed.", "params": {}})
    assert panel.role == "ended"
    assert "server restarted" in app.message.text
    assert "This position is now your own game" in app.message.text
