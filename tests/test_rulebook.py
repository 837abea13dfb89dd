"""The annotated rulebook: passages cover the texts exactly, every demonstration really shows its
rule, the coverage counts add up, and the `rules coverage` command reports them."""
from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import explorer
from explorer import cli, lessons, rulebook, rules
from explorer.core import IllegalAction

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(explorer.GAMES)


# --------------------------------------------------------------------------- passages

@pytest.mark.parametrize("game", GAMES)
def test_passages_cover_every_line_once_in_order(game):
    for source in rulebook.sources(game):
        text = rules.seed_lines(source)
        pieces = rulebook.passages(game, source)
        assert pieces[0].first == 1 and pieces[-1].last == len(text), source
        for before, after in zip(pieces, pieces[1:]):
            assert after.first == before.last + 1, (source, before.last, after.first)
        assert [line for p in pieces for line in p.lines] == text
        for p in pieces:
            assert p.source == source and p.first <= p.last
            assert p.lines == tuple(text[p.first - 1:p.last])


@pytest.mark.parametrize("game", GAMES)
def test_passages_list_exactly_the_rules_whose_references_cover_them(game):
    for source in rulebook.sources(game):
        refs = [(rule.id, ref.lines) for rule in rules.for_game(game)
                for ref in rule.references if ref.source == source]
        for p in rulebook.passages(game, source):
            covering = {rule for rule, (first, last) in refs if first <= p.first and p.last <= last}
            touching = {rule for rule, (first, last) in refs if first <= p.last and p.first <= last}
            assert set(p.rules) == covering == touching, (source, p.first, p.last)
            assert len(p.rules) == len(set(p.rules))


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_has_a_passage_inside_its_main_reference(game):
    for rule in rules.for_game(game):
        first, last = rule.lines
        inside = [p for p in rulebook.passages(game, rule.source)
                  if rule.id in p.rules and first <= p.first and p.last <= last]
        assert inside, rule.id
        assert rule.quote.split("\n")[0] in "\n".join(line for p in inside for line in p.lines)


def test_sources_put_main_sources_first():
    assert rulebook.sources("cacao") == ["000_8dfb23966d448b0b.txt", "002_1972217ec0170d20.txt"]
    for game in GAMES:
        main = {rule.source for rule in rules.for_game(game)}
        cited = main | {ref.source for rule in rules.for_game(game) for ref in rule.also}
        listed = rulebook.sources(game)
        assert sorted(listed) == sorted(cited) and len(listed) == len(set(listed))
        assert set(listed[:len(main)]) == main


def test_unknown_game_and_rule_are_clear_errors():
    with pytest.raises(KeyError, match="unknown game 'nope'; games: animals_on_board"):
        rulebook.sources("nope")
    with pytest.raises(rules.UnknownRule, match="no rule 'cacao.nope'"):
        rulebook.demo("cacao", "cacao.nope")
    with pytest.raises(rules.UnknownRule, match="not a rule of cacao"):
        rulebook.demo("cacao", "taluva.build.tower")
    with pytest.raises(explorer.SetupError, match="unknown option 'nope'"):
        rulebook.demo("taluva", "taluva.erupt.covered_huts", {"nope": 1})


# --------------------------------------------------------------------------- demonstrations

def _cites(state, rule_id: str) -> bool:
    return any(e.rule == rule_id for e in state.events)


def _sheet_cites(state, rule_id: str) -> bool:
    sheet = state.score()
    return rule_id in [line.rule for line in sheet.lines] + [sheet.tiebreak_rule]


def check_demo(game: str, rule_id: str, d: rulebook.Demo, options: dict | None = None) -> None:
    """The demonstration shows the rule, checked from scratch (no browser):
    lesson: `states()[frame]` cites the rule, or step `frame` is a checkpoint quoting the rule
    that judges some legal move wrong; game: the frame of the replayed timeline (set-up step,
    position after the actions, or the score sheet one frame later) cites it; refusal: the
    position after the actions refuses `refused` with this rule and reason."""
    g = explorer.GAMES[game]
    assert d.rule == rule_id
    if d.how == "lesson":
        lesson = lessons.get(game, d.lesson)
        states = lesson.states()
        assert 0 <= d.frame < len(states)
        if options:
            assert all(states[0].options[k] == v for k, v in options.items()), d
        if _cites(states[d.frame], rule_id):
            return
        check = lesson.steps[d.frame].checkpoint
        assert check is not None and check.rule == rule_id, d
        verdicts = [lesson.judge(d.frame, states[d.frame], a)
                    for a in states[d.frame].legal_actions()]
        assert any(not v.right and v.rule == rule_id for v in verdicts), d
        return
    assert d.how in ("game", "refusal"), d
    if options is not None:
        assert d.options == options
    setup = g.setup_steps(d.players, d.seed, **d.options)
    state = setup[-1]
    for raw in d.actions:
        state = state.apply(g.action_from_json(raw))
    after = len(setup) - 1 + len(d.actions)   # the timeline frame of the position reached
    if d.how == "refusal":
        assert d.frame == after, d
        with pytest.raises(IllegalAction) as refused:
            state.apply(g.action_from_json(d.refused))
        assert refused.value.rule == rule_id and refused.value.reason == d.reason
    elif d.frame < len(setup) - 1 or (d.frame == len(setup) - 1 and not d.actions):
        assert not d.actions and _cites(setup[d.frame], rule_id), d
    elif d.frame == after:
        assert _cites(state, rule_id), d
    else:
        assert d.frame == after + 1 and state.is_over and _sheet_cites(state, rule_id), d


def check_in_timeline(game: str, d: rulebook.Demo) -> None:
    """The app's own timeline, built as the app builds it, cites the rule at `frame`."""
    from widgets.shared.timeline import Timeline
    g = explorer.GAMES[game]
    timeline = Timeline(g.setup_steps(d.players, d.seed, **d.options))
    timeline.go(timeline.setup_count - 1)
    states = explorer.replay(explorer.Record(game, d.players, d.seed, d.options, list(d.actions)))
    for raw, state in zip(d.actions, states[1:]):
        timeline.push(g.action_from_json(raw), state)
    frame = timeline.go(d.frame)
    assert timeline.index == d.frame
    if d.how == "game":
        assert d.rule in frame.rule_ids, (d, frame.label)
    else:
        assert frame.kind != "scoring" and timeline.playable(), (d, frame.label)


@pytest.mark.parametrize("game", GAMES)
def test_every_demo_shows_its_rule(game):
    shown = 0
    for rule in rules.for_game(game):
        d = rulebook.demo(game, rule.id)
        if d is None:
            continue
        shown += 1
        check_demo(game, rule.id, d)
        if d.how != "lesson":
            check_in_timeline(game, d)
            assert json.loads(json.dumps(list(d.actions))) == list(d.actions)
    assert shown >= len(rules.for_game(game)) // 2


@pytest.mark.parametrize("game", GAMES)
def test_demos_prefer_lessons_then_games(game):
    """A rule shown by a game or a refusal is cited by no shipped lesson's events."""
    cited = {e.rule for lesson in lessons.shipped(game) for s in lesson.states() for e in s.events}
    for rule in rules.for_game(game):
        d = rulebook.demo(game, rule.id)
        if d is not None and d.how != "lesson":
            assert rule.id not in cited, d


def test_lesson_demo_prefers_a_lesson_that_teaches_the_rule():
    for game in GAMES:
        for rule in rules.for_game(game):
            d = rulebook.demo(game, rule.id)
            if d is None or d.how != "lesson":
                continue
            teachers = [l.name for l in lessons.shipped(game) if rule.id in l.teaches
                        and any(_cites(s, rule.id) for s in l.states())]
            if teachers:
                assert d.lesson in teachers, d


def test_demos_are_cached():
    rulebook.demo("cacao", "cacao.scoring.gold")
    started = time.perf_counter()
    again = [rulebook.demo("cacao", rule.id) for rule in rules.for_game("cacao")]
    assert time.perf_counter() - started < 0.05
    assert again[0] is rulebook.demo("cacao", rules.for_game("cacao")[0].id)


def test_demos_are_the_same_in_every_run():
    """Two fresh interpreters with different string hashing find the same demonstrations."""
    code = ("import dataclasses, json; from explorer import rulebook, rules; "
            "print(json.dumps({r.id: dataclasses.asdict(d) if (d := rulebook.demo('cacao', r.id)) "
            "else None for r in rules.for_game('cacao')}, sort_keys=True))")
    outputs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    here = {r.id: dataclasses.asdict(d) if (d := rulebook.demo("cacao", r.id)) else None
            for r in rules.for_game("cacao")}
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0]) == json.loads(json.dumps(here, sort_keys=True))


# --------------------------------------------------------------------------- variants

def test_covered_huts_has_two_readings_each_with_its_demo():
    rule = "taluva.erupt.covered_huts"
    readings = rulebook.variants("taluva", rule)
    assert readings == [("covered_huts", "removed"), ("covered_huts", "returned")]
    for option, value in readings:
        d = rulebook.demo("taluva", rule, options={option: value})
        assert d is not None, value
        check_demo("taluva", rule, d, options={option: value})
        played = (lessons.get("taluva", d.lesson).start_state().options if d.how == "lesson"
                  else explorer.GAMES["taluva"].setup(d.players, d.seed, **d.options).options)
        assert played[option] == value
        default = explorer.GAMES["taluva"].options[option].default
        assert d.options.get(option, default) == value


def test_a_reading_shown_by_a_game_is_played_with_its_option():
    rule = "cacao.activate.order"
    assert ("activation_order", "per_edge") in rulebook.variants("cacao", rule)
    d = rulebook.demo("cacao", rule, options={"activation_order": "per_edge"})
    assert d is not None and d.how in ("game", "refusal")
    check_demo("cacao", rule, d, options={"activation_order": "per_edge"})
    check_in_timeline("cacao", d)


def test_variants_of_options():
    assert rulebook.variants("taluva", "taluva.build.tower") == []
    assert rulebook.variants("taluva", "taluva.setup.tile_count") == [("all_tiles", False),
                                                                      ("all_tiles", True)]
    for game in GAMES:
        for name, option in explorer.GAMES[game].options.items():
            for rule_id in option.rules:
                assert (name, option.default) in rulebook.variants(game, rule_id)


# --------------------------------------------------------------------------- coverage

@pytest.mark.parametrize("game", GAMES)
def test_coverage_counts_match_the_index(game):
    entries = rulebook.coverage(game)
    assert [c.rule for c in entries] == [r.id for r in rules.for_game(game)]
    counts = rulebook.summary(game)
    assert counts == {
        "passages": sum(1 for s in rulebook.sources(game) for p in rulebook.passages(game, s)
                        if p.rules),
        "rules": len(rules.for_game(game)),
        "enforced": sum(c.enforced for c in entries),
        "tested": sum(bool(c.tested) for c in entries),
        "shown": sum(rulebook.demo(game, c.rule) is not None for c in entries),
    }
    for c in entries:
        assert c.shown == (rulebook.demo(game, c.rule) is not None)
        assert c.tested is not None   # the tests folder is here


def test_enforced_means_the_engine_names_the_rule():
    source = "\n".join(p.read_text(encoding="utf-8")
                       for p in (ROOT / "explorer" / "taluva").rglob("*.py"))
    for c in rulebook.coverage("taluva"):
        short = c.rule.split(".", 1)[1]
        assert c.enforced == (c.rule in source or f'"{short}"' in source), c.rule


def test_tested_is_unknown_without_a_tests_folder(monkeypatch, tmp_path):
    monkeypatch.setattr(rulebook, "TESTS", tmp_path / "tests")
    rulebook._test_names.cache_clear()
    try:
        assert all(c.tested is None for c in rulebook.coverage("cacao"))
        assert rulebook.summary("cacao")["tested"] is None
    finally:
        monkeypatch.undo()
        rulebook._test_names.cache_clear()


# --------------------------------------------------------------------------- command line

def test_cli_coverage_prints_every_rule_and_the_summary(capsys):
    status = cli.main(["rules", "coverage", "cacao"])
    out = capsys.readouterr().out
    counts = rulebook.summary("cacao")
    for rule in rules.for_game("cacao"):
        assert rule.id in out
    assert (f"cacao: {counts['rules']} rules in {counts['passages']} rule passages; "
            f"enforced {counts['enforced']}, tested {counts['tested']}, "
            f"shown {counts['shown']} (") in out
    unsupported = [c for c in rulebook.coverage("cacao") if not c.enforced and not c.shown]
    assert status == (1 if unsupported else 0)


def test_cli_coverage_fails_for_a_rule_neither_enforced_nor_shown(monkeypatch, capsys):
    real = rulebook.coverage("cacao")
    broken = [dataclasses.replace(real[0], enforced=False, shown=False)] + real[1:]
    monkeypatch.setattr(rulebook, "coverage", lambda game: broken)
    assert cli.main(["rules", "coverage", "cacao"]) == 1
    captured = capsys.readouterr()
    assert f"neither enforced nor shown: {real[0].rule}" in captured.err
    assert "neither enforced nor shown 1" in captured.out


def test_cli_coverage_of_an_unknown_game_names_the_games():
    done = subprocess.run([sys.executable, "-m", "explorer", "rules", "coverage", "nope"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "'nope'" in done.stderr
    for game in GAMES:
        assert game in done.stderr
