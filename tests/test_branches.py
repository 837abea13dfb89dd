"""Never lose a step: a move made at an earlier step keeps the later steps as a branch (told,
with Undo, listed in the History tab), and the page's address follows the step shown."""
from __future__ import annotations

import pytest

import explorer
from explorer import bots
from widgets.animals_on_board import app as aob_app
from widgets.cacao import app as cacao_app
from widgets.indian_summer import app as summer_app
from explorer.links import parse_query
from widgets.shared.share_panel import position_query
from widgets.shared.timeline import MOVE, Timeline
from widgets.taluva import app as taluva_app

APPS = {"animals_on_board": aob_app, "cacao": cacao_app, "taluva": taluva_app,
        "indian_summer": summer_app}
CACAO = explorer.GAMES["cacao"]


def played_timeline(moves: int = 40) -> Timeline:
    steps = CACAO.setup_steps(3, 1)
    states, actions = bots.play(steps[-1], bots.RandomBot(3))
    t = Timeline(steps)
    t.go(t.last)
    for action, state in zip(actions[:moves], states[1:moves + 1]):
        t.push(action, state)
    return t


def another_move(t: Timeline):
    """A legal move at the frame shown that is not the one the line made next."""
    taken = t.frames[t.index + 1].action if t.index < t.last else None
    return next(a for a in t.frame.state.legal_actions() if a != taken)


def test_a_move_at_an_earlier_step_keeps_the_later_steps_as_a_branch():
    t = played_timeline()
    old = list(t.frames)
    t.go(t.setup_count + 9)
    fork = t.index
    move = another_move(t)
    t.push(move, t.frame.state.apply(move))
    kept = t.take_kept()
    assert kept is not None and t.take_kept() is None          # told once
    assert kept.steps == len(old) - 1 - fork
    assert list(kept.frames) == old and kept.fork == fork
    assert t.branches == [kept] and len(t) == fork + 2


def test_switching_back_restores_the_old_line_and_keeps_the_new_one():
    t = played_timeline()
    old = list(t.frames)
    t.go(t.setup_count + 9)
    move = another_move(t)
    t.push(move, t.frame.state.apply(move))
    new = list(t.frames)
    t.switch(t.take_kept())
    assert t.frames == old and t.index == t.setup_count + 9
    assert len(t.branches) == 1 and list(t.branches[0].frames) == new
    t.switch(t.branches[0])                      # and back: still two lines, no copies
    assert t.frames == new and len(t.branches) == 1 and t.branches[0].frames == tuple(old)


def test_a_line_already_kept_is_not_kept_twice():
    t = played_timeline()
    t.go(t.setup_count + 9)
    t.go(t.setup_count + 5)          # a move at the end of the line keeps nothing
    t.go(t.last)
    move = another_move(t)
    t.push(move, t.frame.state.apply(move))
    assert t.branches == [] and t.take_kept() is None
    t.go(t.setup_count + 5)
    line = list(t.frames)
    move = t.frames[t.index + 1].action   # the line's own next move: followed, nothing kept
    t.push(move, t.frame.state.apply(move))
    assert t.frames == line and t.index == t.setup_count + 6 and t.branches == []
    move = another_move(t)
    t.push(move, t.frame.state.apply(move))
    assert len(t.branches) == 1            # the later steps of that line, kept


@pytest.mark.parametrize("name", sorted(APPS))
def test_the_app_says_what_was_kept_offers_undo_and_lists_the_branch(name):
    shell = APPS[name](players=3, seed=2).explorer
    shell.autoplay.play_to_end()
    old = list(shell.timeline.frames)
    shell.go(shell.timeline.setup_count + 3)
    fork = shell.timeline.index
    assert shell.try_action(another_move(shell.timeline))
    later = len(old) - 1 - fork
    assert f"The {later} later steps of the line you left are kept as a branch" in \
        shell.message.text
    assert "rx-hidden" not in shell.message.action._dom_classes
    assert shell.message.action.description == "Undo"
    titles = [b.description for b in shell.log.branch_buttons]
    assert titles and titles[0].startswith(f"From step {fork + 1}: {later} steps")
    assert "rx-hidden" not in shell.log.branch_title._dom_classes
    shell.message.action.click()                 # Undo
    assert shell.timeline.frames == old and shell.timeline.index == fork
    assert "rx-hidden" in shell.message.action._dom_classes
    assert len(shell.log.branch_buttons) == 1    # the undone move, kept too
    shell.log.branch_buttons[0].click()          # one click takes it up again
    assert len(shell.timeline) == fork + 2


def test_the_undo_stays_while_play_goes_on_and_leaves_with_navigation():
    shell = cacao_app(players=3, seed=2).explorer
    shell.autoplay.play_to_end()
    shell.go(shell.timeline.setup_count + 3)
    assert shell.try_action(another_move(shell.timeline))
    assert shell.try_action(shell.timeline.frame.state.legal_actions()[0])
    assert shell.message.action.description == "Undo"
    assert "rx-hidden" not in shell.message.action._dom_classes
    shell.bar.back.click()
    assert shell.message.text == "" and "rx-hidden" in shell.message.action._dom_classes
    assert len(shell.log.branch_buttons) == 1


def test_play_to_end_from_an_earlier_step_keeps_the_old_end_and_says_so():
    shell = cacao_app(players=3, seed=2).explorer
    for dd in shell.seats.dropdowns:
        dd.value = "random"
    shell.autoplay.play_to_end()
    old = list(shell.timeline.frames)
    shell.go(shell.timeline.setup_count + 3)
    shell.seats.dropdowns[0].value = "greedy"      # another bot: another ending
    shell.seats.dropdowns[1].value = "greedy"
    shell.seats.dropdowns[2].value = "greedy"
    shell.autoplay.play_to_end()
    assert shell.timeline.frame.state.is_over
    assert "kept as a branch" in shell.message.text
    assert [list(b.frames) for b in shell.timeline.branches] == [old]


@pytest.mark.parametrize("name", sorted(APPS))
def test_the_address_follows_the_step_shown(name):
    shell = APPS[name](players=3, seed=2).explorer
    shell.autoplay.play_to_end()
    shell.go(shell.timeline.setup_count + 4)
    query = shell.address.query
    assert query == position_query(shell)
    link = parse_query(shell.game, query, 2, 0)
    assert link.step == shell.timeline.index + 1
    assert [shell.game.action_from_json(a) if isinstance(a, dict) else a for a in link.actions] \
        == [f.action for f in shell.timeline.frames if f.kind == MOVE]
    reopened = APPS[name](players=2, seed=0).explorer      # a reload of that address
    assert reopened.open_query(query)
    assert reopened.timeline.index == shell.timeline.index
    assert reopened.timeline.frame.state.fingerprint() == \
        shell.timeline.frame.state.fingerprint()


@pytest.mark.parametrize("name", sorted(APPS))
def test_branches_kept_by_a_page_come_back_after_a_reload(name):
    shell = APPS[name](players=3, seed=2).explorer
    shell.autoplay.play_to_end()
    shell.go(shell.timeline.setup_count + 3)
    assert shell.try_action(another_move(shell.timeline))
    links = list(shell.address.branches)           # what the page keeps over a reload
    assert len(links) == 1
    old = [f.action for f in shell.timeline.branches[0].frames if f.kind == MOVE]
    reloaded = APPS[name](players=3, seed=2).explorer
    assert reloaded.open_query(shell.address.query)
    reloaded.address._handle_custom_msg({"branches": links}, [])
    assert len(reloaded.timeline.branches) == 1
    branch = reloaded.timeline.branches[0]
    assert list(branch.moves) == old and branch.fork == shell.timeline.branches[0].fork
    assert [b.description for b in reloaded.log.branch_buttons] == \
        [b.description for b in shell.log.branch_buttons]
    reloaded.log.branch_buttons[0].click()
    assert [f.action for f in reloaded.timeline.frames if f.kind == MOVE] == old


def test_branches_of_another_game_or_from_bad_links_are_left_alone():
    shell = cacao_app(players=3, seed=2).explorer
    other = cacao_app(players=3, seed=5).explorer
    other.autoplay.play_to_end()
    other.go(other.timeline.setup_count + 3)
    assert other.try_action(another_move(other.timeline))
    shell.address._handle_custom_msg(
        {"branches": [*other.address.branches, "?players=3&seed=2&moves=v1.9.AAAA",
                      "?rule=cacao.place.adjacent", 42, "x" * 100_000]}, [])
    shell.address._handle_custom_msg({"branches": "not a list"}, [])
    assert shell.timeline.branches == [] and shell.message.text == ""


def test_undo_after_a_move_that_left_a_lesson_goes_on_with_the_lesson():
    shell = cacao_app(players=3, seed=2).explorer
    lesson = shell.lessons.available[0]
    assert shell.lessons.open(lesson.name)
    shell.lessons.reveal()                      # the first question's answer, then on
    t = shell.timeline
    assert len(t) >= 3
    fork = 1                                    # the answer: a step with a step after it
    shell.go(fork)
    old = list(t.frames)
    assert shell.try_action(another_move(t))
    assert shell.lessons.lesson is None                # the move left the lesson
    assert "kept as a branch" in shell.message.text
    shell.message.action.click()                       # Undo
    assert shell.timeline.frames == old and shell.timeline.index == fork
    assert shell.lessons.lesson is lesson
    assert "rx-hidden" not in shell.lessons.widget._dom_classes
    shell.log.branch_buttons[0].click()                # the free line again: no lesson
    assert shell.lessons.lesson is None
    shell.log.branch_buttons[0].click()                # and the lesson's line: the lesson
    assert shell.lessons.lesson is lesson
