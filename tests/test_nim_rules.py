"""Nim's rules, one test per rule id (named after it), and the example of the rule text
(nim_ko.txt, lines 27-35) played through with its numbers."""
from __future__ import annotations

import json

import pytest

import explorer
from explorer import IllegalAction, PositionError, SetupError, lessons, rules

from rule_checks import refused

GAME = explorer.GAMES["nim"]
Take = GAME.action_types["take"]
IDS = ("nim.components.counters", "nim.setup.heaps", "nim.setup.start_player", "nim.turn.order",
       "nim.turn.take", "nim.turn.one_heap", "nim.turn.at_least_one", "nim.turn.at_most",
       "nim.turn.empty_heap", "nim.end.last_counter", "nim.end.misere")


def play(state, *moves):
    """Apply (heap, count) moves, each by the player to move."""
    for heap, count in moves:
        state = state.apply(Take(state.current_player, heap, count))
    return state


def cited(state) -> list[str]:
    return [e.rule for e in state.events]


# -- the rule index and the engine agree ------------------------------------------------------

def test_every_rule_of_the_index_has_a_test_here():
    assert sorted(r.id for r in rules.for_game("nim")) == sorted(IDS)
    names = {name for name in globals() if name.startswith("test_nim_")}
    for rule_id in IDS:
        assert "test_" + rule_id.replace(".", "_") in names, rule_id


def test_every_quote_stands_at_its_lines_of_the_rule_text():
    for rule_id in IDS:
        rule = rules.get(rule_id)
        assert rule.source == "nim_ko.txt" and rule.title and rule.english
        for ref in rule.references:
            first, last = ref.lines
            assert ref.quote in "\n".join(rules.seed_lines(ref.source)[first - 1:last]), rule_id


# -- set-up ----------------------------------------------------------------------------------

def test_nim_components_counters():
    steps = GAME.setup_steps(2, 1)
    assert cited(steps[0]) == ["nim.components.counters"]
    assert "12 counters" in steps[0].events[0].text
    for seed in range(20):
        state = GAME.setup(2, seed)
        assert sum(state.heaps) == 12 and state.heaps == state.sizes


def test_nim_setup_heaps():
    steps = GAME.setup_steps(2, 4)
    assert cited(steps[1]) == ["nim.setup.heaps"]
    orders = {GAME.setup(2, seed).sizes for seed in range(40)}
    assert all(sorted(order) == [3, 4, 5] for order in orders)
    assert len(orders) > 1                                   # the seed picks the order ...
    assert GAME.setup(2, 7).sizes == GAME.setup(2, 7).sizes  # ... and always the same one
    rows = ", ".join(map(str, steps[1].sizes))
    assert f"the rows hold {rows}" in steps[1].events[0].text


def test_nim_setup_start_player():
    for start in (0, 1):
        state = GAME.setup(2, 3, start_player=start)
        assert state.current_player == start
        assert "nim.setup.start_player" in cited(state)
    with pytest.raises(SetupError, match="start_player must be 0..1"):
        GAME.setup(2, 3, start_player=2)


# -- turns ------------------------------------------------------------------------------------

def test_nim_turn_order():
    state = GAME.setup(2, 1)
    assert cited(state)[-1] == "nim.turn.order"
    assert state.current_player == 0
    after = state.apply(Take(0, 0, 1))
    assert after.current_player == 1 and play(after, (0, 1)).current_player == 0
    info = refused(after, Take(0, 1, 1), "nim.turn.order")
    assert info.reason == "it is Player 2's turn, not Player 1's"
    refused(after, Take(5, 1, 1), "nim.turn.order")
    with pytest.raises(IllegalAction) as wrong_kind:
        after.apply("take 1")
    assert wrong_kind.value.rule == "nim.turn.order"


def test_nim_turn_take():
    state = GAME.position(heaps=[3, 4, 5], sizes=[3, 4, 5])
    after = state.apply(Take(0, 2, 2))
    assert after.heaps == (3, 4, 3) and state.heaps == (3, 4, 5)   # a new state
    assert cited(after) == ["nim.turn.take"]
    assert after.events[0].text == "Player 1 takes 2 counters from heap 3; 3 left there."
    assert after.events[0].data == {"heap": 2, "count": 2}
    # every legal move takes 1.. the whole heap from one heap, heap by heap
    legal = state.legal_actions()
    assert len(legal) == 12 and legal[0] == Take(0, 0, 1) and legal[-1] == Take(0, 2, 5)
    assert legal == sorted(legal, key=lambda a: (a.heap, a.count))


def test_nim_turn_one_heap():
    state = GAME.position(heaps=[3, 4, 5])
    info = refused(state, Take(0, 3, 1), "nim.turn.one_heap")
    assert info.reason == "there is no heap 4: take from one of the heaps 1 to 3"
    refused(state, Take(0, -1, 1), "nim.turn.one_heap")
    refused(state, Take(0, 10 ** 90, 1), "nim.turn.one_heap")
    refused(state, Take(0, None, 1), "nim.turn.one_heap")         # made in Python, not JSON


def test_nim_turn_at_least_one():
    state = GAME.position(heaps=[3, 4, 5])
    info = refused(state, Take(0, 1, 0), "nim.turn.at_least_one")
    assert info.reason == "take at least one counter, not 0: there is no passing"
    refused(state, Take(0, 1, -2), "nim.turn.at_least_one")
    refused(state, Take(0, 1, None), "nim.turn.at_least_one")


def test_nim_turn_at_most():
    state = GAME.position(heaps=[3, 1, 5], sizes=[3, 4, 5])
    info = refused(state, Take(0, 1, 2), "nim.turn.at_most")
    assert info.reason == "heap 2 holds only 1 counter, so 2 cannot be taken from it"
    assert play(state, (2, 5)).heaps == (3, 1, 0)        # the whole heap may be taken


def test_nim_turn_empty_heap():
    state = GAME.position(heaps=[3, 0, 5], sizes=[3, 4, 5], turn=1)
    info = refused(state, Take(1, 1, 1), "nim.turn.empty_heap")
    assert info.reason == "heap 2 is empty: choose a heap that still has counters"
    assert all(a.heap != 1 for a in state.legal_actions())


# -- the end ------------------------------------------------------------------------------------

def test_nim_end_last_counter():
    state = GAME.position(heaps=[0, 0, 2], turn=1)
    over = state.apply(Take(1, 2, 2))
    assert over.is_over and over.legal_actions() == [] and over.current_player is None
    assert cited(over) == ["nim.turn.take", "nim.end.last_counter"]
    assert over.events[-1].text == "Player 2 took the last counter and wins."
    sheet = over.score()
    assert sheet.totals == {0: 0, 1: 1} and sheet.winners == [1]
    assert {line.rule for line in sheet.lines} == {"nim.end.last_counter"}
    info = refused(over, Take(0, 2, 1), "nim.end.last_counter")
    assert info.reason == "the game is over"
    # before the end nobody has won
    assert state.score().winners == [] and state.score().totals == {0: 0, 1: 0}


def test_nim_end_misere():
    state = GAME.setup(2, 1, misere=True)
    assert "nim.end.misere" in cited(state)
    last = play(state, *[(h, n) for h, n in enumerate(state.heaps)])   # P1, P2, P1 empty a heap
    assert last.last == 0 and cited(last)[-1] == "nim.end.misere"
    assert last.events[-1].text == ("Player 1 took the last counter and loses (misère): "
                                    "Player 2 wins.")
    sheet = last.score()
    assert sheet.winners == [1] and sheet.totals == {0: 0, 1: 1}
    assert {line.rule for line in sheet.lines} == {"nim.end.misere"}
    assert GAME.options["misere"].rules == ("nim.end.misere",)
    with pytest.raises(SetupError):
        GAME.setup(2, 1, misere=1)


# -- the example of the rule text -------------------------------------------------------------

def test_the_example_of_the_rule_text():
    """nim_ko.txt lines 28-35: Jimin (Player 1) and Seojun (Player 2) from heaps 3, 4, 5."""
    state = GAME.position(heaps=[3, 4, 5], sizes=[3, 4, 5], turn=0)
    expected = [((2, 2), (3, 4, 3)), ((1, 4), (3, 0, 3)), ((0, 1), (2, 0, 3)),
                ((2, 1), (2, 0, 2)), ((0, 2), (0, 0, 2)), ((2, 2), (0, 0, 0))]
    for step, ((heap, count), heaps) in enumerate(expected):
        assert state.current_player == step % 2
        state = state.apply(Take(step % 2, heap, count))
        assert state.heaps == heaps
    assert state.is_over and state.last == 1
    assert state.score().winners == [1] and state.score().totals == {0: 0, 1: 1}
    # "미제르 규칙으로 했다면 서준이 졌을 것입니다": the same moves under misère
    misere = GAME.position(heaps=[3, 4, 5], sizes=[3, 4, 5], misere=True)
    misere = play(misere, *[move for move, _ in expected])
    assert misere.score().winners == [0]


def test_the_lesson_walks_through_the_example():
    lesson = lessons.get("nim", "example_turn")
    states = lesson.states()
    assert [s.heaps for s in states] == [(3, 4, 5), (3, 4, 3), (3, 0, 3), (2, 0, 3), (2, 0, 2),
                                         (0, 0, 2), (0, 0, 0)]
    assert states[-1].score().totals == {0: 0, 1: 1}
    assert lesson.judge(0, states[0], Take(0, 2, 2)).right
    wrong = lesson.judge(0, states[0], Take(0, 2, 3))
    assert not wrong.right and wrong.rule == "nim.turn.take"
    refusal = lesson.judge(0, states[0], Take(0, 2, 6))
    assert not refusal.legal and refusal.rule == "nim.turn.at_most"


# -- the public API --------------------------------------------------------------------------

def test_the_game_as_the_explorer_sees_it():
    assert GAME.name == "nim" and GAME.title == "Nim" and GAME.player_counts == (2,)
    assert set(GAME.options) == {"start_player", "misere"}
    with pytest.raises(SetupError, match="Nim is played by"):
        GAME.setup(3, 1)


def test_actions_round_trip_as_json_and_refuse_bad_fields():
    action = Take(1, 2, 3)
    data = action.to_json()
    assert data == {"type": "take", "player": 1, "heap": 2, "count": 3}
    assert GAME.action_from_json(data) == action
    assert GAME.action_from_json(json.dumps(data)) == action
    with pytest.raises(ValueError, match="^action field 'count' is missing$"):
        GAME.action_from_json({"type": "take", "player": 0, "heap": 0})
    with pytest.raises(ValueError, match="^action field 'heap' must be a whole number, not '1'$"):
        GAME.action_from_json({"type": "take", "player": 0, "heap": "1", "count": 1})
    with pytest.raises(ValueError, match="must be a whole number, not True"):
        GAME.action_from_json({"type": "take", "player": 0, "heap": True, "count": 1})
    with pytest.raises(ValueError, match="unknown field 'heaps'"):
        GAME.action_from_json(dict(data, heaps=1))
    assert action.describe() == "take 3 counters from heap 3"


def test_apply_never_changes_its_input_and_a_view_hides_nothing():
    state = GAME.setup(2, 5)
    before = state.fingerprint()
    state.apply(state.legal_actions()[3])
    assert state.fingerprint() == before
    seen = state.view(1)
    assert seen.heaps == state.heaps and seen.legal_actions() == []
    with pytest.raises(ValueError):
        seen.apply(state.legal_actions()[0])


def test_position_builder_refuses_what_the_rules_cannot_reach():
    cases = [({"heaps": [3, 4]}, "heaps"), ({"heaps": [6, 0, 0]}, "heaps"),
             ({"heaps": [5, 5, 0]}, "heaps"), ({"heaps": [1, 1, "1"]}, "heaps"),
             ({"sizes": [3, 3, 6]}, "sizes"), ({"heaps": [5, 0, 0], "sizes": [3, 4, 5]}, "heaps"),
             ({"turn": 2}, "turn"), ({"last": 0}, "last"), ({"heaps": [0, 0, 0]}, "last"),
             ({"heaps": [0, 0, 0], "turn": 0}, "turn"), ({"misere": "yes"}, "misere"),
             ({"colour": "red"}, "colour")]
    for fields, field in cases:
        with pytest.raises(PositionError) as info:
            GAME.position(2, **fields)
        assert info.value.field == field, fields
    with pytest.raises(PositionError) as info:
        GAME.position(3)
    assert info.value.field == "players"
    assert GAME.position(heaps=[5, 0, 2]).sizes == (5, 3, 4)


def test_a_position_is_written_as_data_and_built_back():
    state = play(GAME.setup(2, 9, misere=True), (0, 1), (1, 2))
    data = GAME.position_data(state)
    assert data == {"game": "nim", "players": 2, "heaps": list(state.heaps),
                    "sizes": list(state.sizes), "turn": 0, "misere": True}
    again = GAME.position_from(json.dumps(data))
    assert again.heaps == state.heaps and again.legal_actions() == state.legal_actions()
    over = GAME.position_from({"players": 2, "heaps": [0, 0, 0], "last": 1})
    assert over.is_over and over.score().winners == [1]
    assert GAME.position_data(over)["last"] == 1
    with pytest.raises(ValueError):
        GAME.position_data(state.view(0))
