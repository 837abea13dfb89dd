"""The public engine API: set-up validation, immutability, JSON actions, records, views, CLI."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

import explorer
from explorer import IllegalAction, Record, RecordError, SetupError, replay
from explorer.bots import RandomBot, play

GAME = explorer.GAMES["animals_on_board"]


def test_public_names():
    assert set(explorer.GAMES) >= {"animals_on_board"}
    assert GAME.title == "Animals on Board" and GAME.player_counts == (2, 3, 4)
    for name, option in GAME.options.items():
        assert option.description and option.rules, name
    assert issubclass(IllegalAction, Exception)
    assert explorer.rules.get("animals_on_board.scoring.herd").lines == (242, 244)


@pytest.mark.parametrize("players", [0, 1, 5, "3", 2.0, True, None])
def test_setup_refuses_player_counts(players):
    with pytest.raises(SetupError, match="2, 3, 4 players"):
        GAME.setup(players, seed=1)


def test_setup_refuses_unknown_option_and_lists_the_known_ones():
    with pytest.raises(SetupError, match="unknown option 'colour'.*removed_species, start_player"):
        GAME.setup(3, seed=1, colour="red")


def test_setup_refuses_bad_option_values():
    with pytest.raises(SetupError, match="start_player=7 is not allowed"):
        GAME.setup(3, seed=1, start_player=7)
    with pytest.raises(SetupError, match="list of species"):
        GAME.setup(3, seed=1, removed_species="panda")
    with pytest.raises(SetupError, match="seed"):
        GAME.setup(3, seed="x")


def test_setup_is_deterministic_for_a_seed():
    a, b = GAME.setup(4, seed=42), GAME.setup(4, seed=42)
    assert a.fingerprint() == b.fingerprint() and a == b
    assert GAME.setup(4, seed=43) != a


def test_apply_returns_a_new_state_and_never_changes_the_old_one():
    state = GAME.setup(3, seed=5)
    before = state.fingerprint()
    nxt = state.apply(state.legal_actions()[0])
    assert nxt is not state and state.fingerprint() == before and nxt.fingerprint() != before


def test_apply_refuses_foreign_objects():
    state = GAME.setup(2, seed=1)
    with pytest.raises(IllegalAction) as info:
        state.apply("split everything")
    assert explorer.rules.exists(info.value.rule)


def after_keeps(seed):
    state = GAME.setup(4, seed=seed)
    while state.phase == "keep":
        state = state.apply(state.legal_actions()[-1])
    return state


def test_legal_actions_are_deterministic_and_round_trip_as_json():
    legal = after_keeps(8).legal_actions()
    assert legal == after_keeps(8).legal_actions()
    for action in legal[:50] + legal[-5:]:
        data = json.loads(json.dumps(action.to_json()))
        assert GAME.action_from_json(data) == action
        assert GAME.action_from_json(json.dumps(data)) == action


@pytest.mark.parametrize("data,message", [
    ({"tiles": ["panda-1"]}, "'type'"),
    ({"type": "fly"}, "unknown action type 'fly'"),
    ({"type": "split", "tiles": []}, "non-empty list"),
    ({"type": "split", "tiles": ["unicorn-1"]}, "not a tile name"),
    ({"type": "take", "tiles": ["panda-9"]}, "values are 1-5"),
    ("{not json", "not valid JSON"),
])
def test_action_from_json_errors(data, message):
    with pytest.raises(ValueError, match=message):
        GAME.action_from_json(data)


def random_record(players=3, seed=4):
    states, actions = play(GAME.setup(players, seed), RandomBot(seed))
    return states, Record("animals_on_board", players, seed, {}, [a.to_json() for a in actions])


def test_record_replays_every_state():
    states, record = random_record()
    again = replay(Record.from_json(record.dumps()))
    assert [s.fingerprint() for s in again] == [s.fingerprint() for s in states]
    assert again[-1].is_over


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d.pop("seed"), "field 'seed' is missing"),
    (lambda d: d.update(players="3"), "field 'players' must be int"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    (lambda d: d.update(players=7), "set-up: .*2, 3, 4 players"),
    (lambda d: d.update(extra=1), "unknown field 'extra'"),
    (lambda d: d["actions"].__setitem__(2, {"type": "jump"}), "action 3: unknown action type"),
    (lambda d: d["actions"].insert(5, d["actions"][4]), "action 6 .* is illegal"),
])
def test_record_errors_name_the_field_or_step(mutate, message):
    _, record = random_record()
    data = record.to_json()
    mutate(data)
    with pytest.raises(RecordError, match=message):
        replay(data)


def test_views_hide_other_arks_and_the_facedown_tile():
    states, _ = random_record(players=4, seed=2)
    for state in states[::7]:
        for p in range(4):
            seen = state.view(p)
            assert seen.arks[p] == state.arks[p]
            for q in range(4):
                if q != p:
                    assert len(seen.arks[q]) == len(state.arks[q])
                    assert set(seen.arks[q]) <= {-1}
            if state.facedown is not None:
                assert state.facedown not in {t for g in seen.groups for t in g}
    with pytest.raises(ValueError):
        states[0].view(9)


@pytest.mark.parametrize("name", sorted(explorer.GAMES))
def test_views_keep_only_the_narration_of_events_and_no_seed(name):
    game = explorer.GAMES[name]
    states, _ = play(game.setup(2, 3), RandomBot(3))
    for state in states[::5]:
        seen = state.view(1)
        assert [(e.text, e.rule) for e in seen.events] == [(e.text, e.rule) for e in state.events]
        assert all(e.data == {} for e in seen.events)   # e.g. the tile a player drew
        assert seen.seed is None                          # the seed would rebuild every shuffle


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "explorer", *args], capture_output=True,
                          text=True, timeout=120)


def test_cli_simulate_prints_speed_and_scores():
    out = run_cli("simulate", "animals_on_board", "--games", "5", "--players", "2", "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert "games/s" in out.stdout and "score per player" in out.stdout
    assert "5/5 games" in out.stderr


def test_cli_simulate_refuses_bad_player_count():
    out = run_cli("simulate", "animals_on_board", "--players", "6")
    assert out.returncode == 2 and "2, 3, 4 players" in out.stderr


def test_cli_replay_prints_log_with_rule_ids_and_score_sheet(tmp_path):
    _, record = random_record(players=2, seed=6)
    path = tmp_path / "game.json"
    path.write_text(record.dumps(), encoding="utf-8")
    out = run_cli("replay", str(path))
    assert out.returncode == 0, out.stderr
    assert "[animals_on_board.setup.species]" in out.stdout
    assert "Score sheet" in out.stdout and "Winner" in out.stdout


def test_cli_replay_reports_a_broken_record(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"game": "animals_on_board"}', encoding="utf-8")
    out = run_cli("replay", str(path))
    assert out.returncode == 2 and "field 'players' is missing" in out.stderr
    out = run_cli("replay", str(tmp_path / "missing.json"))
    assert out.returncode == 2 and "cannot read record" in out.stderr


@pytest.mark.parametrize("value", [1.0, True, "1"])
def test_an_option_value_of_the_wrong_type_is_refused_at_set_up(value):
    for game in explorer.GAMES.values():
        with pytest.raises(explorer.SetupError, match="start_player"):
            game.setup(game.player_counts[-1], 1, start_player=value)


def test_an_event_is_its_narration_and_copies_as_one():
    import copy
    import pickle

    from explorer import Event
    event = Event("P1 takes 2 gold.", "cacao.work.gold_mine", 0, {"gold": 2})
    assert (event.text, event.rule, event.player, event.data) == (
        "P1 takes 2 gold.", "cacao.work.gold_mine", 0, {"gold": 2})
    same_words = Event("P1 takes 2 gold.", "cacao.work.gold_mine", 0)
    assert same_words.data == {}
    assert same_words == event and hash(same_words) == hash(event)   # data does not count
    assert event != Event("P1 takes 2 gold.", "cacao.work.gold_mine", 1)
    assert event != ("P1 takes 2 gold.", "cacao.work.gold_mine", 0, {"gold": 2})
    assert repr(same_words) == ("Event(text='P1 takes 2 gold.', rule='cacao.work.gold_mine', "
                                "player=0, data={})")
    for twin in (copy.copy(event), copy.deepcopy(event), pickle.loads(pickle.dumps(event))):
        assert type(twin) is Event and twin == event and twin.data == {"gold": 2}


NARRATED_ON_READ = [name for name, game in explorer.GAMES.items()
                    if type(game.setup(game.player_counts[0])).narrates_on_read]


def test_some_engine_narrates_on_read():
    assert "cacao" in NARRATED_ON_READ


@pytest.mark.parametrize("name", NARRATED_ON_READ)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_narration_on_read_is_the_narration_written_at_once(name, seed, monkeypatch):
    """A step applied unnarrated and narrated on read gives the same state and the same events
    (data included) as the step applied narrating; reading the events changes no field."""
    game = explorer.GAMES[name]
    players = game.player_counts[-1]
    states, actions = play(game.setup(players, seed=seed), RandomBot(seed))
    fields = [dict(vars(state)) for state in states]
    kind = type(states[0])
    monkeypatch.setattr(kind, "narrates_on_read", False)
    at_once, _ = play(game.setup(players, seed=seed), RandomBot(seed))
    monkeypatch.undo()
    assert len(at_once) == len(states) == len(actions) + 1
    for step, (state, eager, before) in enumerate(zip(states, at_once, fields)):
        assert state.fingerprint() == eager.fingerprint(), step
        assert [tuple(e) for e in state.events] == [tuple(e) for e in eager.events], step
        assert state.events, step
        assert vars(state).keys() == before.keys(), step
        assert all(vars(state)[key] is value for key, value in before.items()), step
    assert all(state.narrating and "narrating" not in vars(state) for state in states)
    # a fork carries the events not yet read; a view reads them
    quiet = states[0].apply(actions[0])
    assert quiet._fork().events == states[1].events
    assert [e.text for e in quiet.view(0).events] == [e.text for e in states[1].events]


def test_every_event_of_a_random_game_reads_as_text():
    for name, game in explorer.GAMES.items():
        states, _ = play(game.setup(players=2, seed=3), RandomBot(3))
        for state in states:
            for event in state.events:
                assert isinstance(event.text, str) and event.text.strip(), (name, event)


@pytest.mark.parametrize("name", sorted(explorer.GAMES))
def test_actions_and_states_copy_and_pickle_as_themselves(name):
    """Simulations may copy positions or send them to other processes: actions and states
    (events not read yet included) must come back equal."""
    import copy
    import pickle

    game = explorer.GAMES[name]
    states, actions = play(game.setup(game.player_counts[0], seed=2), RandomBot(2))
    twins = (copy.copy, copy.deepcopy, lambda value: pickle.loads(pickle.dumps(value)))
    for action in {type(a): a for a in actions}.values():   # one of every kind played
        for twin in twins:
            again = twin(action)
            assert type(again) is type(action) and again == action, (twin, action)
    for step in range(1, len(states), max(1, len(states) // 5)):
        state = states[step]
        for twin in twins:
            again = twin(states[step - 1].apply(actions[step - 1]))   # its events not read
            assert again.fingerprint() == state.fingerprint() and again.events == state.events



class Tens(explorer.core.LazyActions):
    """0, 10, 20, ... made only when read."""

    def _item(self, index: int) -> int:
        return 10 * index


def test_a_plain_list_joined_with_a_lazy_list_holds_its_items():
    """A list's own `+` copies the items a list holds, and a lazy list holds none before it is
    read: `[1] + lazy` and `lazy + lazy` must still hold them all."""
    assert [1] + Tens(3) == [1, 0, 10, 20] and Tens(3) + [1] == [0, 10, 20, 1]
    assert [] + Tens(0) == [] and isinstance([1] + Tens(2), list)
    assert Tens(2) + Tens(3) == [0, 10, 0, 10, 20]


def test_a_plain_list_joined_with_the_moves_holds_every_move(game_name):
    """`[...] + state.legal_actions()` holds every move, as `list(...)` does, at every position
    of a random game, whether the game lists its moves lazily or not."""
    game = explorer.GAMES[game_name]
    states, _ = play(game.setup(max(game.player_counts), seed=3), RandomBot(3))
    for state in states:
        actions = state.legal_actions()
        assert ["x"] + actions == ["x", *list(actions)]
        assert actions + ["x"] == [*list(actions), "x"]
