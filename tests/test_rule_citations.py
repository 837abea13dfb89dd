"""The record of rule citations: the engine core reports each rule it cites while a recorder is
set (and nothing otherwise), and the pytest plugin keeps, per test, the rules cited and the
rules declared, so that the coverage counts follow what the tests really exercise."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import explorer
from explorer import citations, core, rulebook
from explorer.bots import RandomBot, play
from rule_citations import rule_named

ROOT = Path(__file__).resolve().parent.parent


# --------------------------------------------------------------------------- the core's hook

def test_the_core_reports_events_refusals_score_sheets_and_views():
    seen: list[str] = []
    previous = core.record_citations(seen.append)
    try:
        game = explorer.GAMES["animals_on_board"]
        start = game.setup(2, 3)
        states, _ = play(start, RandomBot(3))
        setup_rules = [e.rule for e in start.events]
        assert setup_rules and set(setup_rules) <= set(seen)
        del seen[:]
        with pytest.raises(core.IllegalAction) as refused:
            states[-1].apply(states[1].legal_actions()[0])        # the game is over
        assert refused.value.rule == game.end_rule and seen == [game.end_rule]
        del seen[:]
        sheet = states[-1].score()
        assert seen == [line.rule for line in sheet.lines] + \
            ([sheet.tiebreak_rule] if sheet.tiebreak_rule else [])
        del seen[:]
        states[2].view(0)
        assert seen == list(game.view_rules)
        del seen[:]
        states[2].view(None)                                       # hides nothing: cites nothing
        assert seen == []
    finally:
        core.record_citations(previous)


def test_without_a_recorder_the_plain_methods_run():
    previous = core.record_citations(None)
    try:
        assert core.State.__dict__["_emit"].__name__ == "_emit"
        assert core.State.__dict__["apply"].__name__ == "apply"
        assert core.State.__dict__["view"].__name__ == "view"
        assert core.ScoreSheet.__dict__["__init__"].__name__ == "__init__"
        seen: list[str] = []
        core.record_citations(seen.append)
        assert core.State.__dict__["_emit"] is core._emit_citing
        core.record_citations(None)
        explorer.GAMES["taluva"].setup(2, 1)
        assert seen == []
    finally:
        core.record_citations(previous)


def test_a_step_narrated_on_read_is_cited_when_made():
    """Cacao narrates a step only when its events are read; while the tests are recorded the
    step's rules are cited when it is made, so a test that checks only the position it leads
    to (the gold a mine paid) still counts for the rules that made it."""
    seen: set[str] = set()
    previous = core.record_citations(seen.add)
    try:
        start = explorer.GAMES["cacao"].setup(2, 1)
        nxt = start.apply(start.legal_actions()[0])
        cited = set(seen)
        rules = {e.rule for e in nxt.events}
        assert rules and rules <= cited
    finally:
        core.record_citations(previous)


# --------------------------------------------------------------------------- declarations

@pytest.mark.parametrize("function, file_name, rule", [
    ("test_taluva_build_tower", "test_taluva_rules.py", "taluva.build.tower"),
    ("test_build_tower_level_two", "test_taluva_rules.py", "taluva.build.tower_level"),
    ("test_build_tower_needs_a_settlement", "test_taluva_rules.py", "taluva.build.tower"),
    ("test_build_tower", "test_bots.py", None),              # short names need the game's file
    ("test_indian_summer_mushroom_fit_refuses", "test_x.py", "indian_summer.mushroom.fit"),
    ("test_buildings_stand", "test_taluva_rules.py", None),
])
def test_a_test_name_declares_the_longest_rule_it_spells(function, file_name, rule):
    assert rule_named(function, file_name) == rule


# --------------------------------------------------------------------------- the plugin

PLAYED = '''
import pytest
import explorer

def test_taluva_setup_stack():                 # declares by name, cites: tested
    explorer.GAMES["taluva"].setup(2, 1)

@pytest.mark.rule("taluva.end.early_win")      # declares, never cites: neither
def test_declared_only():
    explorer.GAMES["taluva"].setup(2, 1)

@pytest.mark.rule("taluva.setup.tiles")        # cites and declares but fails: enforced only
def test_failing():
    explorer.GAMES["taluva"].setup(2, 1)
    assert False

@pytest.mark.parametrize("rule", ["taluva.setup.buildings"])
def test_by_parameter(rule):                   # a parameter that is a rule id declares it
    assert rule in {e.rule for e in explorer.GAMES["taluva"].setup(2, 1).events}
'''


def run_pytest(folder: Path, record: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, EXPLORER_RULE_CITATIONS=str(record),
               PYTHONPATH=os.pathsep.join([str(ROOT / "tests"), str(ROOT)]))
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-p", "rule_citations", *args], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=300)


def test_the_plugin_records_what_each_test_cites_and_declares(tmp_path):
    (tmp_path / "test_played.py").write_text(textwrap.dedent(PLAYED), encoding="utf-8")
    record_path = tmp_path / "record.json"
    done = run_pytest(tmp_path, record_path, "test_played.py")
    assert "1 failed, 3 passed" in done.stdout, done.stdout + done.stderr
    record = citations.load(record_path)
    entries = record.tests
    assert set(entries) == {"test_played.py"} | {f"test_played.py::{name}" for name in (
        "test_taluva_setup_stack", "test_declared_only", "test_failing",
        "test_by_parameter[taluva.setup.buildings]")}
    stack = entries["test_played.py::test_taluva_setup_stack"]
    assert stack["declared"] == ["taluva.setup.stack"] and "taluva.setup.stack" in stack["cited"]
    assert entries["test_played.py::test_failing"]["outcome"] == "failed"
    assert record.tested() == {"taluva.setup.stack", "taluva.setup.buildings"}
    setup = {e.rule for e in explorer.GAMES["taluva"].setup(2, 1).events}
    assert record.cited() == setup

    # coverage from this record: only the set-up rules are enforced, far fewer than all
    entries = {c.rule: c for c in rulebook.coverage("taluva", record)}
    counts = rulebook.summary("taluva", record)
    assert counts["enforced"] == len(setup) < counts["rules"]
    assert counts["tested"] == 2
    assert entries["taluva.end.early_win"].enforced is False
    assert entries["taluva.end.early_win"].tested is False
    assert (entries["taluva.setup.tiles"].enforced, entries["taluva.setup.tiles"].tested) == \
        (True, False)


def test_a_later_run_replaces_its_tests_and_drops_the_ones_gone(tmp_path):
    record_path = tmp_path / "record.json"
    (tmp_path / "test_a.py").write_text(textwrap.dedent('''
        import explorer
        def test_one():
            explorer.GAMES["taluva"].setup(2, 1)
        def test_two():
            pass
    '''), encoding="utf-8")
    (tmp_path / "test_b.py").write_text("def test_three():\n    pass\n", encoding="utf-8")
    assert run_pytest(tmp_path, record_path).returncode == 0
    assert set(citations.load(record_path).tests) == {
        "test_a.py", "test_a.py::test_one", "test_a.py::test_two",
        "test_b.py", "test_b.py::test_three"}
    (tmp_path / "test_a.py").write_text("def test_one():\n    pass\n", encoding="utf-8")
    assert run_pytest(tmp_path, record_path, "test_a.py").returncode == 0
    tests = citations.load(record_path).tests
    assert set(tests) == {"test_a.py", "test_a.py::test_one",                # test_two is gone
                          "test_b.py", "test_b.py::test_three"}
    assert tests["test_a.py::test_one"]["cited"] == []                     # replaced
    (tmp_path / "test_b.py").unlink()
    assert run_pytest(tmp_path, record_path, "test_a.py").returncode == 0
    assert set(citations.load(record_path).tests) == {"test_a.py", "test_a.py::test_one"}


def test_a_mark_naming_no_rule_is_a_usage_error(tmp_path):
    (tmp_path / "test_bad.py").write_text(textwrap.dedent('''
        import pytest
        @pytest.mark.rule("taluva.build.towr")
        def test_typo():
            pass
    '''), encoding="utf-8")
    done = run_pytest(tmp_path, tmp_path / "record.json")
    assert done.returncode != 0
    assert "taluva.build.towr" in done.stdout + done.stderr
