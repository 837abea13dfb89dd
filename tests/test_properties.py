"""Property-based checks of every engine: Hypothesis draws the game set-up (players, seed,
options) and the sequence of legal actions, and shrinks any failure to a short game.

The per-game component checks come from each game's tests/games/<name>.py, the harness's
action mutator from random_play.py; the
playthrough strategy and the player that follows its indices are in strategies.py.
"""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer import IllegalAction, Record, replay
import registered
from random_play import conservation, mutated_actions
from strategies import MAX_STEPS, free_option, play_out, playthroughs


def _cases():
    """(game, player counts) of every registered game: a solo game is a case of its own, so
    that every run plays it, not only when the drawn player count happens to be 1."""
    for name in registered.names():
        counts = explorer.GAMES[name].player_counts
        if 1 in counts and len(counts) > 1:
            yield pytest.param(name, tuple(n for n in counts if n != 1), id=name)
            yield pytest.param(name, (1,), id=f"{name}-solo")
        else:
            yield pytest.param(name, None, id=name)


CASES = list(_cases())

# Examples per case: playthroughs of up to MAX_STEPS drawn steps (some then played to the end),
# and whole games. Together about a minute on two cores.
STEP_EXAMPLES = 30
GAME_EXAMPLES = 20


def bounded(examples: int):
    """Settings that keep a property cheap and the same on every run (a flaky test fails CI)."""
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def given_play(name, counts, to_end=None, **more):
    """@given a playthrough of this game (and any further strategies by keyword)."""
    return given(play=playthroughs(name, counts, to_end=to_end), **more)


def cases(test):
    """Run a property once per case, each with its own examples."""
    return pytest.mark.parametrize("name,counts", CASES)(test)


class Snapshot:
    """What a state holds, to compare after a call: its fingerprint (the canonical text of
    every field) and the very objects bound to its attributes. State data are immutable values,
    so a field changes only by being rebound; the options dict is in the fingerprint."""

    def __init__(self, state):
        self.fingerprint = state.fingerprint()
        self.attributes = dict(vars(state))

    def __eq__(self, other) -> bool:
        return (self.fingerprint == other.fingerprint
                and self.attributes.keys() == other.attributes.keys()
                and all(other.attributes[k] is v for k, v in self.attributes.items()))

    def __repr__(self) -> str:
        return self.fingerprint


def test_every_game_has_cases_and_every_free_option_a_strategy(game):
    """A new game or option must join these properties, not silently escape them."""
    assert game.name in {case.values[0] for case in CASES}
    for name, opt in game.options.items():
        assert opt.choices is not None or callable(free_option(game, name)), name


@cases
def test_apply_never_mutates_its_input(name, counts):
    """A timeline is a list of states: going back must find each one as it was."""
    @bounded(STEP_EXAMPLES)
    @given_play(name, counts)
    def check(play):
        def on_step(step):
            before = Snapshot(step.state)
            nxt = step.state.apply(step.action)
            assert nxt is not step.state
            assert Snapshot(step.state) == before, f"apply changed its input at step {step.number}"
            again = step.state.apply(step.action)
            assert (again.fingerprint(), again.events) == (nxt.fingerprint(), nxt.events), \
                "the same action from the same state gave two different states"
        play_out(play, on_step)
    check()


@cases
def test_components_are_conserved(name, counts):
    """No tile, token or piece appears or vanishes, whatever the order of moves."""
    conserved = conservation(name)

    @bounded(STEP_EXAMPLES)
    @given_play(name, counts)
    def check(play):
        states, _ = play_out(play, lambda step: conserved(step.state))
        conserved(states[-1])
    check()


@cases
def test_record_replays_to_the_same_states(name, counts):
    """Shared links and files hold only the record; it must rebuild every position exactly."""
    @bounded(STEP_EXAMPLES)
    @given_play(name, counts)
    def check(play):
        states, actions = play_out(play)
        record = Record.of(states, actions)
        expected = [(s.fingerprint(), s.events) for s in states]
        for source in (record, Record.from_json(record.dumps())):
            assert [(s.fingerprint(), s.events) for s in replay(source)] == expected
    check()


@cases
def test_actions_round_trip_through_json(name, counts):
    """Records and the move picker pass actions as JSON; the copy must be the same move."""
    game = explorer.GAMES[name]

    @bounded(STEP_EXAMPLES)
    @given_play(name, counts)
    def check(play):
        def on_step(step):
            data = step.action.to_json()
            text = json.dumps(data)
            back = game.action_from_json(json.loads(text))
            assert back == step.action and hash(back) == hash(step.action)
            assert game.action_from_json(text) == step.action
            assert back.to_json() == data
            after, expected = step.state.apply(back), step.state.apply(step.action)
            assert (after.fingerprint(), after.events) == (expected.fingerprint(), expected.events)
        play_out(play, on_step)
    check()


@cases
def test_legal_actions_exist_until_the_end(name, counts):
    """A game must never get stuck: play_out asserts a non-empty list before the end; at the
    end it is empty and every action is refused with the game's end rule."""
    game = explorer.GAMES[name]

    @bounded(GAME_EXAMPLES)
    @given_play(name, counts, to_end=True)
    def check(play):
        states, actions = play_out(play)
        final = states[-1]
        assert final.is_over and final.current_player is None and final.legal_actions() == []
        for action in (actions[0], actions[-1]):
            with pytest.raises(IllegalAction) as refused:
                final.apply(action)
            assert refused.value.rule == game.end_rule
    check()


@cases
def test_score_lines_add_up_to_the_totals(name, counts):
    """The score sheet explains every point: its lines must add up to what it calls the total."""
    @bounded(GAME_EXAMPLES)
    @given_play(name, counts, to_end=True)
    def check(play):
        states, _ = play_out(play)
        sheet = states[-1].score()
        players = range(play.players)
        assert set(sheet.totals) == set(players)
        assert set(sheet.winners) <= set(players) and (sheet.winners or play.players == 1)
        for line in sheet.lines:
            assert line.player in players
            explorer.rules.get(line.rule)
        if sheet.tiebreak_rule is not None:
            explorer.rules.get(sheet.tiebreak_rule)
        for p in players:
            assert sum(line.points for line in sheet.lines_for(p)) == sheet.totals[p], p
    check()


# A mutation is (kind, i, j, k), tried at step n with mutations[n % len(mutations)]. Kind 0
# changes one JSON field of legal[i] (field j, the type included) to the k-th other value that
# field took in this game; kind 1 takes an action that was legal in an earlier position; kind 2
# takes the k-th action random_play.mutated_actions makes with Random(i).
MUTATIONS = st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2**16), st.integers(0, 2**16),
                               st.integers(0, 2**16)), min_size=1, max_size=MAX_STEPS)


def _sample(legal: list) -> list:
    return legal[::max(1, len(legal) // 16)]


@cases
def test_mutated_actions_are_refused_with_a_rule_or_really_legal(name, counts):
    """A wrong move tried in the UI must be refused with a rule the panel can show, and never
    slip through: accepted exactly when it is among the legal actions."""
    game = explorer.GAMES[name]

    @bounded(STEP_EXAMPLES)
    @given_play(name, counts, mutations=MUTATIONS)
    def check(play, mutations):
        seen: dict[str, dict[str, object]] = {"type": {json.dumps(t): t
                                                       for t in game.action_types}}
        earlier: list = []

        def candidate(step, kind, i, j, k):
            legal = step.legal
            if kind == 0:
                data = legal[i % len(legal)].to_json()
                key = sorted(data)[j % len(data)]
                others = [v for text, v in seen.get(key, {}).items()
                          if text != json.dumps(data[key], sort_keys=True)]
                if not others:
                    return None
                data[key] = others[k % len(others)]
                try:
                    return game.action_from_json(data)
                except ValueError:
                    return None   # not an action at all: refused before it reaches the rules
            if kind == 1:
                return earlier[i % len(earlier)] if earlier else None
            made = mutated_actions(step.state, legal, random.Random(i))
            return made[k % len(made)] if made else None

        def on_step(step):
            for action in _sample(step.legal) + [step.action]:
                for key, value in action.to_json().items():
                    seen.setdefault(key, {})[json.dumps(value, sort_keys=True)] = value
            tried = candidate(step, *mutations[step.number % len(mutations)])
            earlier.extend(_sample(step.legal))
            if tried is None:
                return
            before = Snapshot(step.state)
            where = f"step {step.number}: {tried!r}"
            try:
                step.state.apply(tried)
            except IllegalAction as exc:
                assert explorer.rules.exists(exc.rule), \
                    f"{where} refused with {exc.rule!r}, which is not in the rule index"
                assert explorer.rules.get(exc.rule).game == name, f"{where} refused by {exc.rule}"
                assert exc.reason, f"{where} refused without a reason"
                assert tried not in step.legal, f"{where} is legal but was refused: {exc}"
            else:
                assert tried in step.legal, f"{where} was accepted but is not legal"
            assert Snapshot(step.state) == before, "trying an action changed the state"
        play_out(play, on_step)
    check()
