"""The session without a page: commands, what it tells its listeners, and refusals as data."""
from __future__ import annotations

import explorer
from explorer.messages import Message
from widgets.shared.refusal import REFUSAL, Refusal, refusal_of, refusal_text, why_not
from widgets.shared.session import ERROR, INFO, Messages, Session

GAME = explorer.GAMES["cacao"]


def session(players=2, seed=1):
    s = Session(GAME, players, seed)
    heard = []
    for change in ("step", "stepped", "game", "acted", "line", "viewer", "message", "refusal",
                   "made", "lesson", "branches"):
        s.on(change, lambda *args, change=change: heard.append(change))
    s.on("tried", lambda action: heard.append(("tried", action)))
    assert s.new_game(players, seed, {})
    return s, heard


def first_move(s):
    s.go(s.timeline.setup_count - 1)
    return s.timeline.frame.state.legal_actions()[0]


def test_the_session_imports_no_widgets():
    import ast
    import pathlib
    tree = ast.parse(pathlib.Path("widgets/shared/session.py").read_text())
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not {n for n in names if "ipywidgets" in n or "ipycanvas" in n or "anywidget" in n}


def test_a_new_game_tells_its_listeners_in_order():
    s, heard = session()
    assert s.timeline.index == 0 and s.said is None
    assert heard.index("line") < heard.index("game") < heard.index("acted") < heard.index("step")
    assert heard[-2:] == ["step", "stepped"]


def test_go_clamps_and_step_pauses_first():
    s, heard = session()
    heard.clear()
    s.go(10**6)
    assert s.timeline.index == s.timeline.last and heard == ["step", "stepped"]
    heard.clear()
    s.step("first")
    assert s.timeline.index == 0 and heard == ["acted", "step", "stepped"]


def test_a_move_is_made_and_told_as_made():
    s, heard = session()
    action = first_move(s)
    heard.clear()
    assert s.play(action)
    assert s.timeline.frame.action == action
    assert heard[0] == ("tried", action) and heard[-1] == "made" and "step" in heard


def test_a_refused_move_is_data_and_changes_nothing():
    s, heard = session()
    s.go(s.timeline.setup_count - 1)
    state = s.timeline.frame.state
    legal = set(state.legal_actions())
    action = next(a for a in (type(next(iter(legal)))(p, (5, 5), 0)
                              for p in state.hands[state.current_player]) if a not in legal)
    frames = len(s.timeline)
    heard.clear()
    assert not s.play(action)
    assert len(s.timeline) == frames and "made" not in heard and "step" not in heard
    assert heard[-2:] == ["message", "refusal"]
    found = refusal_of(state, action)
    assert s.refused == Refusal(found.reason, found.rule)
    assert s.said.kind == REFUSAL and s.said.text == refusal_text(found.reason, found.rule)
    assert why_not(state, action) == found.reason and why_not(state, sorted(legal)[0]) == ""


def test_setup_narration_and_the_end_refuse_every_move():
    s, _ = session()
    action = first_move(s)
    s.go(0)
    assert not s.play(action) and s.said.kind == INFO and "Set-up" in str(s.said.text)
    assert s.ready_to_play() and s.timeline.index == s.timeline.setup_count - 1


def test_select_shows_one_seat_and_refreshes():
    s, heard = session()
    heard.clear()
    s.select(1)
    assert s.viewer == 1 and heard == ["viewer", "step", "stepped"]


def test_a_move_at_an_earlier_step_keeps_a_branch_with_undo():
    s, heard = session()
    a = first_move(s)
    s.play(a)
    s.play(s.timeline.frame.state.legal_actions()[0])
    s.go(s.timeline.setup_count - 1)
    other = s.timeline.frame.state.legal_actions()[1]
    assert s.play(other)
    assert len(s.timeline.branches) == 1 and s.said.offer is not None
    heard.clear()
    assert s.undo()
    fork = s.timeline.setup_count - 1
    assert s.timeline.index == fork and s.timeline.frames[fork + 1].action == a
    assert "line" in heard and len(s.timeline.branches) == 1   # the line left is kept too
    assert s.said.offer is None and not s.undo()


def test_a_guard_takes_a_move_before_the_engine():
    s, _ = session()
    action = first_move(s)
    s.guard(lambda tried: False)
    assert not s.play(action) and s.timeline.frame.action is None


def test_bad_settings_are_told_and_the_game_stays():
    s, _ = session()
    timeline = s.timeline
    assert not s.new_game(9, 1, {})
    assert s.timeline is timeline and s.said.kind == ERROR
    assert isinstance(s.said.text, Message)


def test_messages_alone_offer_and_act():
    m = Messages()
    done = []
    m.offer("kept", "Undo", lambda: done.append(1))
    m.clear_message(keep_offer=True)
    assert m.said is not None
    m.act()
    assert done == [1] and m.said is None
