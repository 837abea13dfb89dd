"""The shared board layer (widgets/shared/access.py) without a browser: the cursor walks the
complete legal moves, Enter plays through the engine, the live regions say steps and refusals,
the Moves tab lists and plays, and the page's messages to it are checked like any input."""
from __future__ import annotations

import pytest

import explorer
from explorer import lessons
from registered import app_factory
from widgets.shared.access import BOARD_KEYS, NBSP, BoardFocus


def make_app(name: str, players: int | None = None):
    """The game's app at its last set-up step; 3 players, or the nearest count the game has."""
    counts = explorer.GAMES[name].player_counts
    players = players or min(counts, key=lambda n: (abs(n - 3), n))
    root = app_factory(name)(players=players, seed=1)
    app = root.explorer
    app.step("last")                         # the last set-up step: moves can be made
    return app


def test_arrows_walk_every_legal_move_once_and_enter_plays_it(game_name):
    app = make_app(game_name)
    access = app.access
    access._heard({"focus": True})
    assert access.live.polite.startswith(access.focus.name) and "Arrow keys" in access.live.polite
    legal = app.timeline.frame.state.legal_actions()
    seen = []
    for _ in range(min(len(legal), 60)):
        access._heard({"key": "ArrowRight"})
        seen.append(access.moves()[access.cursor][1])
    assert len(set(seen)) == len(seen) and set(seen) <= set(legal)
    assert len(access.moves()) == len(legal)          # complete: every legal move is there
    assert "(1 of" not in access.live.polite or len(seen) == 1
    steps = len(app.timeline)
    access._heard({"key": "Enter"})
    assert len(app.timeline) == steps + 1
    assert app.timeline.frame.action == seen[-1]
    # the new step is spoken, and the board's name says it
    assert f"Step {steps + 1} of {steps + 1}" in access.live.polite
    assert f"Step {steps + 1} of {steps + 1}" in access.focus.name
    assert access.cursor is None


def test_home_end_wrap_and_groups():
    app = make_app("cacao")
    access = app.access
    moves = access.moves()
    access.key("End")
    assert access.cursor == len(moves) - 1
    access.key("ArrowRight")
    assert access.cursor == 0                          # wraps round
    access.key("ArrowLeft")
    assert access.cursor == len(moves) - 1
    access.key("Home")
    access.key("ArrowDown")                            # the next group's first move
    assert moves[access.cursor][0] != moves[0][0]
    assert moves[access.cursor - 1][0] == moves[0][0]
    access.key("ArrowUp")
    assert access.cursor == 0
    access.key("Escape")
    assert access.cursor is None and access.live.polite == "No move chosen."


def test_keys_where_no_move_can_be_made_say_why():
    app = make_app("taluva")
    app.step("first")                                  # set-up narration
    app.access.key("ArrowRight")
    assert app.access.cursor is None
    assert "Set-up is still being narrated" in app.access.live.polite
    app.access.key("Enter")
    assert len(app.timeline) == app.timeline.setup_count


def test_a_refusal_is_spoken_assertively_with_its_rule():
    app = make_app("cacao")
    access = app.access
    for lesson in lessons.shipped("cacao"):
        for i, step in enumerate(lesson.steps):
            if step.checkpoint is None:
                continue
            assert app.lessons.open(lesson.name, i + 1)
            state = app.timeline.frame.state
            wrong = [(k, lesson.judge(i, state, a)) for k, (_, a) in enumerate(access.moves())]
            wrong = [(k, verdict) for k, verdict in wrong if not verdict.right]
            if not wrong:
                continue
            steps = len(app.timeline)
            access.cursor = wrong[0][0]
            access.key("Enter")
            assert wrong[0][1].rule in access.live.assertive
            assert len(app.timeline) == steps
            return
    raise AssertionError("no Cacao lesson asks a question a legal move answers wrongly")


def test_a_repeated_message_is_changed_so_it_is_spoken_again():
    live = BoardFocus()
    live.say("Not allowed", assertive=True)
    live.say("Not allowed", assertive=True)
    assert live.assertive == "Not allowed" + NBSP
    live.say("Not allowed", assertive=True)
    assert live.assertive.rstrip(NBSP) == "Not allowed" and live.assertive != "Not allowed" + NBSP


def test_the_moves_tab_opens_groups_pages_them_and_plays():
    app = make_app("animals_on_board", players=4)
    access = app.access
    app.show_moves_tab()
    panel = access.panel
    assert panel.groups and panel.board and "<h4>" in panel.board
    big = max(range(len(panel.groups)), key=lambda g: panel.groups[g][1])
    access._panel_asked({"open": big})
    assert panel.opened == big and 0 < len(panel.moves) <= 100
    if panel.more:
        shown = len(panel.moves)
        access._panel_asked({"more": big})
        assert len(panel.moves) > shown
    steps = len(app.timeline)
    access._panel_asked({"play": [big, 0]})
    assert len(app.timeline) == steps + 1
    assert panel.opened == -1 or panel.groups     # the new step's groups


@pytest.mark.parametrize("content", [None, [], "x", {"open": "1"}, {"open": True},
                                     {"open": 10**9}, {"play": [0]}, {"play": [True, 0]},
                                     {"play": [-1, 0]}, {"play": ["0", "0"]}, {"more": 5},
                                     {"key": "Tab"}, {"key": ["Enter"]}, {"focus": "yes"}])
def test_the_pages_messages_are_checked(content):
    app = make_app("cacao")
    app.show_moves_tab()
    steps = len(app.timeline)
    app.access._panel_asked(content)
    app.access._heard(content)
    assert len(app.timeline) == steps


def test_the_board_takes_only_its_own_keys_and_never_tab():
    assert "Tab" not in BOARD_KEYS
    assert {"ArrowLeft", "ArrowRight", "Enter", " ", "Escape"} <= set(BOARD_KEYS)


def test_words_follow_the_page_language():
    app = make_app("cacao")
    app.switch_language("ko")
    assert "보드" in app.access.focus.name
    app.access.key("ArrowRight")
    assert "1번째" in app.access.live.polite


def test_a_lessons_caption_and_question_are_spoken():
    app = make_app("cacao")
    lesson = lessons.get("cacao", "first_game")
    ask = next(i for i, s in enumerate(lesson.steps) if s.checkpoint is not None)
    assert app.lessons.open("first_game", 1)
    assert str(lesson.captions()[0]) in app.access.live.polite
    assert app.lessons.open("first_game", ask + 1)
    said = app.access.live.polite
    assert str(lesson.captions()[ask]) in said
    assert f"Your turn: {lesson.steps[ask].checkpoint.prompt}" in said
