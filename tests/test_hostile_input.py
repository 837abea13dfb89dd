"""Hostile input: broken records, lessons, actions, options and widget values are refused with
one short message that names the field or the step, never with a traceback."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import explorer
import registered
from explorer import IllegalAction, Record, RecordError, SetupError, lessons, replay
from explorer.untrusted import MAX_DEPTH, MAX_TEXT_BYTES, clipped, shown
from widgets.shared.canvas import BoardCanvas
from widgets.shared.scene import Rect, Region, Scene
from widgets.shared.setup_panel import SetupPanel

CORPUS = Path(__file__).parent / "hostile"
ROOT = Path(explorer.__file__).resolve().parent.parent
LIMIT = 600  # longest message accepted by these tests
CACAO = explorer.GAMES["cacao"]
PLACE = {"type": "place", "tile": "1-1-1-1", "cell": [-1, 0], "rotation": 0}  # legal first

# file in tests/hostile/records -> what the message must say (a regular expression)
RECORDS = {
    "action_number.json": r"^record action 2 is not an object: 5$",
    "action_null.json": r"^record action 1 is not an object: None$",
    "action_list.json": r"^record action 1 is not an object: \['place'",
    "action_bool.json": r"^record action 1 is not an object: True$",
    "action_json_string.json": r"^record action 1 is not an object: '\{\"type\": \"place\"",
    "type_list.json": r"^record action 1: action field 'type' must be a text",
    "type_object.json": r"^record action 1: action field 'type' must be a text",
    "type_null.json": r"^record action 1: action field 'type' must be a text",
    "type_missing.json": r"^record action 1: an action is a JSON object with a 'type'",
    "type_unknown.json": r"^record action 2: unknown action type 'fly' in field 'type'",
    "action_cell_text.json": r"^record action 1: action field 'cell' must be",
    "action_cell_nan.json": r"^record action 1: action field 'cell' must be .*nan",
    "action_rotation_infinity.json": r"^record action 1: action field 'rotation' must be",
    "action_cell_long_number.json": r"^record action 1, field 'cell\[0\]': a number of 120 "
                                    r"digits is too long",
    "action_illegal.json": r"^record action 2 \(place .*\) is illegal: .*\[cacao\.turn\.phases\]$",
    "extra_field.json": r"^record has unknown field 'comment'$",
    "truncated.json": r"^record is not valid JSON: .*\(line 1, column \d+\)$",
    "empty.json": r"^record is not valid JSON: .*\(line 1, column 1\)$",
    "whitespace_only.json": r"^record is not valid JSON: .*\(line 3, column 1\)$",
    "utf16_bom.json": r"^record is not UTF-8 text$",
    "utf16_no_bom.json": r"^record is not UTF-8 text$",
    "latin1.json": r"^record is not UTF-8 text$",
    "top_level_list.json": r"^a record is a JSON object with game, players, seed, options, "
                           r"actions, not \[",
    "top_level_text.json": r"^a record is a JSON object .* not 'cacao'$",
    "seed_nan.json": r"^record field 'seed' must be int, not float \(nan\)$",
    "seed_infinity.json": r"^record field 'seed' must be int, not float \(-inf\)$",
    "seed_fraction.json": r"^record field 'seed' must be int, not float \(1\.5\)$",
    "seed_text.json": r"^record field 'seed' must be int, not str \('1'\)$",
    "seed_bool.json": r"^record field 'seed' must be int, not bool \(True\)$",
    "seed_long_number.json": r"^record field 'seed': a number of 150 digits is too long",
    "players_negative.json": r"^record set-up: Cacao is played by 2, 3, 4 players, not -3$",
    "players_zero.json": r"^record set-up: Cacao is played by 2, 3, 4 players, not 0$",
    "players_huge.json": r"^record set-up: Cacao is played by 2, 3, 4 players, not 10+…?$",
    "players_float.json": r"^record field 'players' must be int, not float \(3\.0\)$",
    "players_missing.json": r"^record field 'players' is missing$",
    "game_unknown.json": r"^record field 'game': unknown game 'chess'; games: ",
    "game_number.json": r"^record field 'game' must be str, not int \(5\)$",
    "options_list.json": r"^record field 'options' must be dict, not list",
    "option_unknown.json": r"^record set-up: unknown option 'speed' for Cacao",
    "option_start_player_float.json": r"^record set-up: option start_player=1\.0 is not allowed",
    "option_start_player_true.json": r"^record set-up: option start_player=True is not allowed",
    "option_start_player_text.json": r"^record set-up: option start_player='1' is not allowed",
    "option_start_player_too_big.json": r"^record set-up: start_player must be 0\.\.2",
    "option_activation_order_list.json": r"^record set-up: option activation_order=\['per_edge'\]",
    "actions_object.json": r"^record field 'actions' must be list, not dict",
    "nested_70_levels.json": r"^record action 2, field 'cell[\[\]0]*…': nested more than 64",
    "place_rotation_missing.json": r"^record action 1: action field 'rotation' is missing$",
    "rebuild_rotation_missing.json": r"^record action 1: action field 'rotation' is missing$",
    "taluva_place_rotation_missing.json": r"^record action 1: action field 'rotation' is "
                                          r"missing$",
    "work_side_missing.json": r"^record action 2: action field 'side' is missing$",
}

# file in tests/hostile/lessons -> what the message must say
LESSONS = {
    "not_toml.toml": r"^not_toml\.toml: lesson is not valid TOML: .*line 1",
    "truncated.json": r"^truncated\.json: lesson is not valid JSON: .*line 1, column \d+",
    "latin1.toml": r"^latin1\.toml: lesson is not UTF-8 text$",
    "utf16.toml": r"^utf16\.toml: lesson is not UTF-8 text$",
    "deep_array.toml": r"^deep_array\.toml: lesson field 'expect\.scores[\[\]0]*…': nested more "
                       r"than 64 levels",
    "dotted_key.toml": r"^dotted_key\.toml: lesson has a dotted key of more than 64 parts$",
    "long_number.toml": r"^long_number\.toml: lesson field 'start\.seed': a number is too long",
    "long_number.json": r"^long_number\.json: lesson field 'start\.seed': a number of 150 digits",
    "step_action_number.toml": r"^step_action_number\.toml: step 1: action: an action is a JSON "
                               r"object with a 'type', not 5$",
    "step_action_type_list.json": r"^step_action_type_list\.json: step 1: action: action field "
                                  r"'type' must be a text",
}


def refusal(error: type[Exception], call, *args, **kwargs) -> str:
    """The message of the exception `call(...)` raises, which must be exactly `error`."""
    with pytest.raises(Exception) as info:
        call(*args, **kwargs)
    assert type(info.value) is error, f"{type(info.value).__name__}: {info.value}"
    message = str(info.value)
    assert len(message) < LIMIT, len(message)
    return message


def replay_file(path) -> None:
    replay(Record.load(path))


def run_replay(path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "explorer", "replay", str(path)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)


def assert_clean_cli_refusal(out: subprocess.CompletedProcess, pattern: str | None = None) -> None:
    """Exit status 2, one `error: ...` line on stderr, no traceback, no source path."""
    assert out.returncode == 2, (out.returncode, out.stderr)
    assert "Traceback" not in out.stderr
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.stderr
    assert len(lines[0]) < LIMIT
    assert str(ROOT) not in out.stdout + out.stderr
    if pattern:
        assert any(part in lines[0] for part in pattern.split("|")), lines[0]


def test_the_corpus_and_the_expectations_name_the_same_files():
    assert {p.name for p in (CORPUS / "records").iterdir()} == set(RECORDS) | {"bom_utf8.json"}
    assert {p.name for p in (CORPUS / "lessons").iterdir()} == set(LESSONS) | {"ok.toml"}


# -- records ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(RECORDS))
def test_a_broken_record_file_is_refused_naming_the_field_or_step(name):
    message = refusal(RecordError, replay_file, CORPUS / "records" / name)
    assert re.search(RECORDS[name], message), message


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_the_command_line_refuses_a_broken_record_in_one_line(name):
    out = run_replay(CORPUS / "records" / name)
    assert_clean_cli_refusal(out)
    assert out.stdout == ""
    expected = refusal(RecordError, replay_file, CORPUS / "records" / name)
    assert out.stderr == f"error: {expected}\n"


def test_a_utf8_byte_order_mark_is_read_like_plain_utf8():
    with_mark = replay(Record.load(CORPUS / "records" / "bom_utf8.json"))
    plain = replay(Record.from_json((CORPUS / "records" / "bom_utf8.json").read_bytes()[3:]))
    assert [s.fingerprint() for s in with_mark] == [s.fingerprint() for s in plain]
    assert len(with_mark) == 2


def test_a_negative_seed_is_a_seed_as_for_setup():
    states = replay({"game": "cacao", "players": 3, "seed": -5, "options": {}, "actions": []})
    assert states[0] == CACAO.setup(3, -5)


def write(tmp_path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def record_text(**fields) -> str:
    data = {"game": "cacao", "players": 3, "seed": 1, "options": {}, "actions": [PLACE]}
    data.update(fields)
    return json.dumps(data)


def test_json_nested_100000_deep_is_refused_before_parsing(tmp_path):
    text = record_text(actions="@").replace('"@"', "[" * 100_000 + "]" * 100_000)
    path = write(tmp_path, "deep.json", text)
    message = refusal(RecordError, replay_file, path)
    assert message == f"record is nested more than {MAX_DEPTH} levels deep (100,001 levels)"
    assert_clean_cli_refusal(run_replay(path), "nested more than 64 levels")


def test_brackets_inside_texts_do_not_count_as_nesting():
    text = record_text(actions=[dict(PLACE, tile="[" * 1000 + "{")])
    message = refusal(RecordError, replay, text)
    assert message.startswith("record action 1: action field 'tile' must be one of")


def test_a_number_of_5000_digits_names_its_field(tmp_path):
    path = write(tmp_path, "long.json", record_text(seed="@").replace('"@"', "7" * 5000))
    message = refusal(RecordError, replay_file, path)
    assert message.startswith("record field 'seed': a number of 5,000 digits is too long")
    assert_clean_cli_refusal(run_replay(path), "field 'seed'")
    text = record_text(actions=[dict(PLACE, cell=["@", 0])]).replace('"@"', "-" + "7" * 5000)
    message = refusal(RecordError, replay, text)
    assert message.startswith("record action 1, field 'cell[0]': a number of 5,000 digits")


def test_an_action_of_100000_tiles_gets_a_short_message(tmp_path):
    aob = explorer.GAMES["animals_on_board"]
    first = aob.setup(3, 1).legal_actions()[0].to_json()
    action = dict(first, tiles=first["tiles"] * 100_000)
    path = write(tmp_path, "tiles.json", json.dumps(
        {"game": "animals_on_board", "players": 3, "seed": 1, "options": {}, "actions": [action]}))
    message = refusal(RecordError, replay_file, path)
    assert message.startswith("record action 1")
    assert_clean_cli_refusal(run_replay(path), "record action 1")


def test_a_tile_name_of_100000_characters_gets_a_short_message():
    message = refusal(RecordError, replay, record_text(actions=[dict(PLACE, tile="x" * 100_000)]))
    assert message.startswith("record action 1: action field 'tile' must be one of")
    assert "…" in message


def test_a_file_over_the_size_limit_is_not_read(tmp_path):
    path = write(tmp_path, "big.json", record_text(game="x" * MAX_TEXT_BYTES))
    message = refusal(RecordError, replay_file, path)
    assert message == f"record is larger than {MAX_TEXT_BYTES:,} bytes"
    assert_clean_cli_refusal(run_replay(path), "larger than")


def test_a_directory_or_a_missing_file_cannot_be_read(tmp_path):
    for path in (tmp_path, tmp_path / "missing.json"):
        message = refusal(RecordError, replay_file, path)
        assert message.startswith(f"cannot read record {str(path)!r}: ")
        assert_clean_cli_refusal(run_replay(path), "cannot read record")


@pytest.mark.parametrize("fields,pattern", [
    ({"players": 10 ** 5000}, r"^record field 'players': a number is too long"),
    ({"seed": -10 ** 400}, r"^record field 'seed': a number is too long"),
    ({"options": {5: 1}}, r"^record field 'options': option names are text, not 5$"),
    ({"options": {"start_player": "x" * 100_000}}, r"^record set-up: option start_player='xx"),
    ({"options": {"x" * 100_000: 1}}, r"^record set-up: unknown option 'xx"),
    ({"game": "x" * 100_000}, r"^record field 'game': unknown game 'xx.*…"),
    ({"actions": [PLACE, ("work", [-1, 0], "E")]}, r"^record action 2 is not an object: \("),
])
def test_python_values_no_json_can_hold_are_refused_too(fields, pattern):
    data = json.loads(record_text())
    data.update(fields)
    message = refusal(RecordError, replay, data)
    assert re.search(pattern, message), message


def test_a_python_structure_nested_100000_deep_is_refused():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    data = json.loads(record_text())
    data["actions"].append({"type": "work", "cell": deep})
    message = refusal(RecordError, replay, data)
    assert message.startswith("record action 2, field 'cell[0][0]")
    assert message.endswith(f"nested more than {MAX_DEPTH} levels deep")


def test_a_record_object_gets_the_same_checks():
    record = Record("cacao", 3, 1, {}, [PLACE, json.dumps(PLACE)])
    assert refusal(RecordError, replay, record).startswith("record action 2 is not an object: '{")
    record = Record("cacao", True, 1, {}, [])
    assert refusal(RecordError, replay, record) == \
        "record field 'players' must be int, not bool (True)"


def test_valid_records_still_replay_with_action_objects_dicts_and_text():
    state = CACAO.setup(3, 1)
    action = state.legal_actions()[0]
    after = state.apply(action)
    for record in (Record("cacao", 3, 1, {}, [action]), Record("cacao", 3, 1, {}, [PLACE]),
                   Record.from_json(record_text()), Record.from_json(record_text().encode())):
        assert replay(record)[-1] == after


# -- actions ------------------------------------------------------------------------------------

@pytest.mark.parametrize("data,pattern", [
    ({"type": ["place"]}, r"^action field 'type' must be a text naming the kind of action, not"),
    ({"type": {"a": 1}}, r"^action field 'type' must be a text"),
    ({"type": "x" * 100_000}, r"^unknown action type 'xx.*…"),
    (5, r"^an action is a JSON object with a 'type', not 5$"),
    ("[" * 100_000, rf"^action is nested more than {MAX_DEPTH} levels deep"),
    ('{"type": "place", "cell": [' + "9" * 5000 + ", 0]}",
     r"^action field 'cell\[0\]': a number of 5,000 digits is too long"),
    (dict(PLACE, tile="x" * 100_000), r"^action field 'tile' must be one of .*…"),
    (dict(PLACE, rotaton=1), r"^unknown field 'rotaton' in a 'place' action; its fields are: "
                             r"cell, rotation, tile$"),
    (dict(PLACE, **{"x" * 100_000: 1}), r"^unknown field 'xx.*…' in a 'place' action"),
])
def test_action_from_json_refuses_with_a_short_value_error(data, pattern):
    message = refusal(ValueError, CACAO.action_from_json, data)
    assert re.search(pattern, message), message


def test_every_action_refuses_a_field_it_does_not_have(game):
    """A misspelt field is refused rather than dropped, so a record never replays silently
    differently from what its author wrote."""
    from explorer.bots import RandomBot, play
    _, actions = play(game.setup(game.player_counts[-1], 3), RandomBot(3))
    for kind in {a.kind for a in actions}:
        data = next(a for a in actions if a.kind == kind).to_json()
        assert game.action_from_json(data).to_json() == data
        message = refusal(ValueError, game.action_from_json, dict(data, extra=1))
        assert message.startswith(f"unknown field 'extra' in a {kind!r} action"), message


def test_every_action_refuses_a_missing_field_rather_than_guess_it(game):
    """A field left out is refused by name, never given a default: a place without its
    rotation would otherwise replay as rotation 0, whatever its author meant."""
    from explorer.bots import RandomBot, play
    _, actions = play(game.setup(game.player_counts[-1], 3), RandomBot(3))
    for kind in {a.kind for a in actions}:
        data = next(a for a in actions if a.kind == kind).to_json()
        for field in set(data) - {"type"}:
            without = {k: v for k, v in data.items() if k != field}
            message = refusal(ValueError, game.action_from_json, without)
            assert re.search(rf"^action field '{field}' is missing$", message), message


def test_an_illegal_action_is_refused_with_its_rule():
    state = CACAO.setup(3, 1)
    with pytest.raises(IllegalAction) as info:
        state.apply(CACAO.action_from_json(dict(PLACE, cell=[5, 5])))
    assert explorer.rules.exists(info.value.rule) and len(str(info.value)) < LIMIT


def test_setup_refuses_wrong_option_types_with_setup_error():
    for value in (1.0, True, "1", None, [0]):
        message = refusal(SetupError, CACAO.setup, 3, 1, start_player=value)
        assert "start_player" in message


@pytest.mark.parametrize("seed,pattern", [
    (10 ** 4000, r"^seed must be a whole number of at most 100 digits, not <a number of about "
                 r"4,001 digits>$"),
    (10 ** 100, r"^seed must be a whole number of at most 100 digits, not 10{59}…$"),
    (-10 ** 100, r"^seed must be a whole number of at most 100 digits, not -10{58}…$"),
], ids=["4001-digits", "101-digits", "minus-101-digits"])
def test_setup_refuses_a_seed_longer_than_a_record_holds(game, seed, pattern):
    message = refusal(SetupError, game.setup, game.player_counts[-1], seed)
    assert re.search(pattern, message), message


def test_the_longest_seed_is_the_same_for_setup_records_links_and_the_setup_panel():
    from explorer.links import LinkError, build_query, parse_query
    longest = -(10 ** 100 - 1)                      # 100 digits
    state = CACAO.setup(3, longest)
    text = Record.of([state], []).dumps()
    assert replay(text)[0] == state
    link = parse_query(CACAO, build_query(CACAO, 3, longest, {}, [], None), 3, 0)
    assert link.seed == longest
    got = []
    panel = SetupPanel(CACAO, lambda *a: got.append(a), got.append, 3, 1)
    panel.seed.value = str(longest)
    panel.new_game.click()
    assert got[-1][:2] == (3, longest)
    too_long = 10 ** 100                            # 101 digits
    message = refusal(RecordError, replay, Record("cacao", 3, too_long, {}, []))
    assert re.search(r"^record field 'seed': a number is too long \(at most 100 digits\)$",
                     message), message
    message = refusal(LinkError, parse_query, CACAO, f"?seed={too_long}", 3, 0)
    assert re.search(r"^seed must be a whole number of at most 100 digits, not '10+…'$",
                     message), message
    panel.seed.value = str(too_long)
    panel.new_game.click()
    assert re.search(r"^the seed must be a whole number of at most 100 digits$", got[-1]), got


# -- command line: simulate ---------------------------------------------------------------------

@pytest.mark.parametrize("args,pattern", [
    (["--players", "-1"], "players, not -1"),
    (["--players", "9" * 40], "players, not 9999"),
    (["--bots", "nobody"], "unknown bot 'nobody'"),
    (["--players", "abc"], "invalid int value"),
    (["--games", "0"], "--games must be at least 1"),
])
def test_simulate_refuses_bad_arguments_in_one_line(args, pattern):
    out = subprocess.run([sys.executable, "-m", "explorer", "simulate", "cacao", *args],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert pattern in out.stderr and str(ROOT) not in out.stderr


# -- lessons ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(LESSONS))
def test_a_broken_lesson_file_is_refused_naming_the_file_and_field(name):
    message = refusal(lessons.LessonError, lessons.read, CORPUS / "lessons" / name, "cacao")
    assert re.search(LESSONS[name], message), message


def test_the_control_lesson_reads():
    assert lessons.read(CORPUS / "lessons" / "ok.toml", "cacao").title == "t"


def ok_toml() -> str:
    return (CORPUS / "lessons" / "ok.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("text,pattern", [
    ("a = " + "[" * 100_000 + "]" * 100_000, r"^up: lesson is nested more than 64 levels deep$"),
    ("a = " + "{b = " * 10_000 + "1" + "}" * 10_000, r"^up: lesson is nested more than 64"),
    ("a = " + "{b = " * 100 + "1" + "}" * 100, r"^up: lesson field 'a[.b]*…': nested more"),
    ("a" + ".a" * 100_000 + " = 1", r"^up: lesson has a dotted key of more than 64 parts$"),
    ("[" + ".".join(["a"] * 100_000) + "]", r"^up: lesson has a dotted key of more than 64"),
    ("title = 'x'\n\n[start]\nseed = " + "9" * 5000, r"^up: lesson line 4: a number is longer "
                                                       r"than 100 digits$"),
    ("a = '" + "x" * (MAX_TEXT_BYTES + 1) + "'", r"^up: lesson is larger than 5,000,000"),
    ("{" + '"a": {' * 100_000 + "}" * 100_001, r"^up: lesson is nested more than 64 levels"),
    ("{ not json", r"^up: lesson is not valid JSON: .*line 1, column 3"),
])
def test_uploaded_lesson_text_is_read_within_limits(text, pattern):
    message = refusal(lessons.LessonError, lessons.loads, text, "cacao", "up")
    assert re.search(pattern, message), message


def test_a_lesson_with_a_byte_order_mark_or_as_json_reads():
    assert lessons.loads("\ufeff" + ok_toml(), "cacao", "up").title == "t"
    data = lessons.read(CORPUS / "lessons" / "ok.toml", "cacao").to_json()
    assert lessons.loads(json.dumps(data), "cacao", "up").title == "t"


def test_a_lesson_value_of_an_unforeseen_type_is_refused_not_raised():
    text = ok_toml() + "\n[expect]\ncites = 5\n"
    message = refusal(lessons.LessonError, lessons.loads, text, "cacao", "up")
    assert message == "up: expect: 'cites' is a list of rule ids, not 5", message


def test_a_long_lesson_message_is_clipped():
    text = ok_toml().replace('teaches = ["cacao.place.adjacent"]',
                             f'teaches = ["cacao.{"x" * 100_000}"]')
    message = refusal(lessons.LessonError, lessons.loads, text, "cacao", "up")
    assert message.startswith("up: teaches: unknown rule id 'cacao.xx") and "…" in message


# -- message helpers ----------------------------------------------------------------------------

def test_shown_quotes_any_value_briefly():
    deep: list = []
    for _ in range(10_000):
        deep = [deep]
    for value in ("x" * 10 ** 6, list(range(10 ** 6)), 10 ** 5000, deep, {"k": "v" * 10 ** 6}):
        assert len(shown(value)) <= 62
    assert shown(10 ** 5000) == "<a number of about 5,001 digits>"
    assert shown([1, "a", None]) == "[1, 'a', None]"


def test_clipped_keeps_the_start_and_the_end():
    text = "start " + "x" * 10_000 + " [rule.id]"
    short = clipped(text)
    assert len(short) == 500 and short.startswith("start ") and short.endswith(" [rule.id]")


# -- widgets ------------------------------------------------------------------------------------

def test_setup_panel_refuses_a_players_value_of_none():
    got, errors = [], []
    panel = SetupPanel(CACAO, lambda *a: got.append(a), errors.append, 3, 1)
    panel.players.value = None          # what a hostile page can send
    panel.new_game.click()
    assert not got and errors == ["choose the number of players (2, 3, 4)"]
    panel.players.value = 2
    panel.new_game.click()
    assert got[-1][:2] == (2, 1)


def test_setup_panel_refuses_a_seed_of_thousands_of_digits():
    got, errors = [], []
    panel = SetupPanel(CACAO, lambda *a: got.append(a), errors.append, 3, 1)
    panel.seed.value = "9" * 5000
    panel.new_game.click()
    assert not got and errors and "at most 100 digits" in errors[0] and len(errors[0]) < LIMIT


def test_option_controls_are_not_told_of_a_players_value_of_none():
    """Animals on Board's controls rebuild their choices per player count: None must not reach
    them (range(None) would raise in the observer)."""
    game = explorer.GAMES["animals_on_board"]
    from widgets.animals_on_board.options import removed_species_control
    factories = {"removed_species": removed_species_control}
    errors = []
    panel = SetupPanel(game, lambda *a: None, errors.append, 3, 1, factories)
    panel.players.value = None
    panel.new_game.click()
    assert errors == ["choose the number of players (2, 3, 4)"]


def board_with_a_tile():
    board = BoardCanvas(300, 200)
    scene = Scene(300, 200)
    scene.add("board", Rect(0, 0, 300, 200, fill="#eeeeee"))
    scene.regions.append(Region("tile", 10, 10, 50, 50))
    board.show(scene)
    seen = []
    board.on_click(lambda key, x, y: seen.append((key, x, y)))
    return board, seen


@pytest.mark.parametrize("junk", [
    {"relativeX": 10 ** 400},
    {"relativeY": -10 ** 400},
    {"boundingRectWidth": 10 ** 400},
    {"relativeX": float("nan")},
    {"relativeX": float("inf")},
    {"relativeX": "20"},
    {"relativeX": None},
    {"relativeX": [20]},
    {"relativeX": True},
    {"boundingRectHeight": 1e-320},
])
def test_canvas_ignores_click_values_a_hostile_page_can_send(junk):
    board, seen = board_with_a_tile()
    event = {"relativeX": 20, "relativeY": 30, "boundingRectWidth": 300,
             "boundingRectHeight": 200}
    board._on_dom_click(dict(event, **junk))
    assert seen == []
    board._on_dom_click({k: v for k, v in event.items() if k != "relativeY"})
    board._on_dom_click(None)
    board._on_dom_click(event)              # a good click still works afterwards
    assert seen[-1] == ("tile", 20, 30)


@pytest.mark.parametrize("players, seed, options, field", [
    (10**5000, 0, {}, "players"),
    (3, "x" * 100_000, {}, "seed"),
    (3, 0, {"start_player": 10**5000}, "start_player"),
    (3, 0, {"x" * 100_000: 1}, "unknown option"),
], ids=["players", "seed", "option-value", "option-name"])
def test_setup_refuses_huge_values_in_a_short_message(players, seed, options, field):
    with pytest.raises(SetupError) as refused:
        explorer.GAMES["cacao"].setup(players, seed, **options)
    message = str(refused.value)
    assert len(message) < 200
    assert field in message or (field == "players" and "played by" in message)


# -- positions ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name,text,pattern", [
    ("cacao", "[" * 5000, r"^position: the text is nested more than 64 levels deep \(5,000 "
                          r"levels\)$"),
    ("taluva", '{"players": 2, "tiles": ' + "[" * 5000 + "]" * 5000 + "}",
     r"^position: the text is nested more than 64 levels deep"),
    ("animals_on_board", '{"players": 2, "seed": ' + "9" * 10_000 + "}",
     r"^seed: a number of 10,000 digits is too long \(at most 100 digits\)$"),
    ("cacao", '{"players": 2, "gold": [1, ' + "9" * 150 + "]}",
     r"^gold\[1\]: a number of 150 digits is too long \(at most 100 digits\)$"),
    ("taluva", "players = 2\nseed = " + "9" * 10_000 + "\n",
     r"^position: the text line 2: a number is longer than 100 digits$"),
    ("taluva", "players = 2\nseed = " + "9" * 150 + "\n",
     r"^seed: a number is too long \(at most 100 digits\)$"),
    ("animals_on_board", "a = " + "[" * 5000 + "]" * 5000,
     r"^position: the text is nested more than 64 levels deep"),
    ("cacao", "{not json = or toml", r"^position: neither JSON nor TOML: .*\(line 1, column 2\)$"),
])
def test_position_text_is_read_within_limits(name, text, pattern):
    message = refusal(explorer.PositionError, explorer.GAMES[name].position_from, text)
    assert re.search(pattern, message), message


def test_position_data_nested_100000_deep_is_refused_naming_the_field():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    message = refusal(explorer.PositionError, explorer.GAMES["taluva"].position_from,
                      {"players": 2, "tiles": deep})
    assert re.search(r"^tiles\[0\]\[0\].*…: nested more than 64 levels deep$", message), message


@pytest.mark.parametrize("name,fields,pattern", [
    ("cacao", {"display": [["water"]]}, r"^display: \['water'\] is not a jungle tile"),
    ("cacao", {"jungle_pile": [{"a": 1}]}, r"^jungle_pile: \{'a': 1\} is not a jungle tile"),
    ("cacao", {"hands": [[["1-1-1-1"]], []]}, r"^hands: \['1-1-1-1'\] is not a worker tile"),
    ("cacao", {"hands": {("red",): ["1-1-1-1"]}}, r"^hands: \('red',?\) is not a player"),
    ("cacao", {"gold": [10 ** 5000, 0]}, r"^gold: Player 1 \(red\): <a number of about 5,001 "
                                         r"digits> is not a whole number of at most 100 digits$"),
    ("taluva", {"options": 5}, r"^options: a table of rule options, not 5$"),
    ("taluva", {"options": 1.5}, r"^options: a table of rule options, not 1\.5$"),
    ("taluva", {"options": True}, r"^options: a table of rule options, not True$"),
    ("taluva", {"options": "all_tiles"}, r"^options: a table of rule options, not 'all_tiles'$"),
    ("taluva", {"options": ["all_tiles"]}, r"^options: a table of rule options, not \["),
    ("animals_on_board", {"round": 10 ** 40}, r"^round: a whole number 1\.\.60, not 1000+$"),
    ("animals_on_board", {"seed": 10 ** 5000}, r"^seed: a whole number of at most 100 digits, "
                                               r"not <a number of about 5,001 digits>$"),
])
def test_a_position_field_of_a_wrong_type_is_refused_naming_it(name, fields, pattern):
    fields = {**positions(name)[0], **fields}
    players = fields.pop("players")
    message = refusal(explorer.PositionError, explorer.GAMES[name].position, players, **fields)
    assert re.search(pattern, message), message


@pytest.mark.parametrize("key,pattern", [
    ("-0,+1", r"^buildings\[-0,\+1\]: a hex key is written \"q,r\""),
    ("01,0", r"^buildings\[01,0\]: a hex key is written \"q,r\""),
    ("١,٠", r"^buildings\[١,٠\]: a hex key is written \"q,r\""),
    ("9" * 10_000 + ",0", r"^buildings\[99.*…\]: a hex key is written \"q,r\".*…'$"),
    ("1, 0", r"^buildings\[1, 0\]: the hex \(1, 0\) is named twice$"),
])
def test_a_building_hex_key_must_be_written_one_way(key, pattern):
    data = {"players": 2, "tiles": [["jungle-clearing", [0, 0], "E"]],
            "buildings": {"1,0": [0, "hut"], key: [1, "hut"]}}
    message = refusal(explorer.PositionError, explorer.GAMES["taluva"].position_from, data)
    assert re.search(pattern, message), message


@pytest.mark.parametrize("key,pattern", [
    ("-0,1", r"^workers: '-0,1' is not a cell: write \"x,y\""),
    ("9" * 10_000 + ",0", r"^workers: '99.*…' is not a cell: write \"x,y\""),
    ("2, 1", r"^workers: the cell \(2, 1\) is named twice$"),
])
def test_a_cacao_cell_key_must_be_written_one_way(key, pattern):
    data = {"players": 2, "workers": {"2,1": ["red", "2-1-0-1", "E"], key: ["red", "1-1-1-1",
                                                                             "N"]}}
    message = refusal(explorer.PositionError, explorer.GAMES["cacao"].position_from, data)
    assert re.search(pattern, message), message


# One valid position per shape of each game, every field given (POSITIONS in the game's
# tests/games/<name>.py); each value in it (and each key) is replaced in turn by each of
# BAD_VALUES.
BAD_VALUES = [7, 1.5, float("nan"), float("inf"), True, None, "x", [7], {"x": 7}, 10 ** 40,
              10 ** 5000]
BAD_KEYS = [7, 1.5, float("nan"), True, None, "x", (7,), 10 ** 5000]
BIG_IS_FINE = {"seed", "gold"}   # fields with no bound but the length of a number


def _paths(value, path=()):
    """(path, value) of every value inside `value`, and (path + (KEY,), key) of every key."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield path + (KEY, key), key
            yield from _paths(item, path + (key,))
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from _paths(item, path + (index,))


KEY = object()


def _replaced(value, path, new):
    if not path:
        return new
    if path[0] is KEY:
        return {(new if k == path[1] else k): v for k, v in value.items()}
    if isinstance(value, dict):
        return {k: (_replaced(v, path[1:], new) if k == path[0] else v) for k, v in value.items()}
    items = [_replaced(v, path[1:], new) if i == path[0] else v for i, v in enumerate(value)]
    return type(value)(items)


def positions(name: str) -> list[dict]:
    return registered.need(name, "POSITIONS",
                           "a list of valid positions, one per shape of the game, every field "
                           "given, as keywords of game.position (players too)")


def _bad_cases():
    for name in registered.names():
        if not registered.checks_path(name).exists():
            yield pytest.param(name, 0, (), None, None, id=f"{name}-positions")
            continue
        for number, fields in enumerate(positions(name)):
            for path, old in _paths(fields):
                is_key = len(path) >= 2 and path[-2] is KEY
                if not path or path[0] is KEY:      # the fields' names: an unknown field
                    continue
                for new in BAD_KEYS if is_key else BAD_VALUES:
                    if type(new) is type(old) and new == old:
                        continue
                    where = ".".join("key" if p is KEY else str(p) for p in path)
                    yield pytest.param(name, number, path, old, new,
                                       id=f"{name}{number}-{where}-{shown(new, 12)}")


@pytest.mark.parametrize("name,number,path,old,new", list(_bad_cases()))
def test_every_position_field_refuses_values_of_a_wrong_type(name, number, path, old, new):
    """Each value (or key) of a valid position replaced by one of another type, or by a number
    too big for its field, is refused with a PositionError naming that field; a value of the
    same type may be fine, or be refused for whatever field it contradicts."""
    fields = _replaced(positions(name)[number], path, new)
    field = path[0]
    huge = type(new) is int and (new >= 10 ** 100 or new > 10 ** 30 and field not in BIG_IS_FINE)
    plausible = not huge and (type(new) is type(old) or (len(path) == 1 and new is None
                                                         and field != "players"))
    game = explorer.GAMES[name]
    try:
        game.position(fields.pop("players"), **fields)
    except explorer.PositionError as error:
        message = str(error)
        assert len(message) < LIMIT, len(message)
        assert plausible or re.match(rf"{re.escape(field)}\b", error.field), message
    else:
        assert plausible, f"{field} accepted {shown(new)}"
