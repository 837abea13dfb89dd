"""The annotated rulebook: passages cover the texts exactly, every demonstration really shows its
rule, the coverage counts add up, and the `rules coverage` command reports them."""
from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import explorer
from explorer import citations, cli, lessons, rulebook, rules
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

def record_of(*entries, recorded: float | None = None) -> citations.Record:
    """A record of test runs: (cited, declared, outcome) per test."""
    when = time.time() if recorded is None else recorded
    return citations.Record({f"tests/test_x.py::test_{i}": {
        "cited": sorted(cited), "declared": sorted(declared), "outcome": outcome,
        "recorded": when} for i, (cited, declared, outcome) in enumerate(entries)},
        Path("record.json"))


@pytest.mark.parametrize("game", GAMES)
def test_coverage_counts_match_the_index(game):
    ids = [r.id for r in rules.for_game(game)]
    record = record_of((ids[::2], ids[:3], "passed"))
    entries = rulebook.coverage(game, record)
    assert [c.rule for c in entries] == ids
    counts = rulebook.summary(game, record)
    assert counts == {
        "passages": sum(1 for s in rulebook.sources(game) for p in rulebook.passages(game, s)
                        if p.rules),
        "rules": len(ids),
        "enforced": len(ids[::2]),
        "tested": 2,             # ids[0] and ids[2]: declared and cited; ids[1] is not cited
        "shown": sum(rulebook.demo(game, c.rule) is not None for c in entries),
    }
    for c in entries:
        assert c.shown == (rulebook.demo(game, c.rule) is not None)


def test_enforced_means_cited_at_run_time_and_a_rule_nobody_cites_drops_out():
    ids = [r.id for r in rules.for_game("taluva")]
    everything = record_of((ids, (), "passed"))
    assert rulebook.summary("taluva", everything)["enforced"] == len(ids)
    # the engine's source names the rule, but no test made it cite the rule: not enforced
    assert citations.where("taluva.build.tower")["engine"]
    fewer = record_of(([i for i in ids if i != "taluva.build.tower"], (), "passed"))
    entries = {c.rule: c for c in rulebook.coverage("taluva", fewer)}
    assert entries["taluva.build.tower"].enforced is False
    assert rulebook.summary("taluva", fewer)["enforced"] == len(ids) - 1


def test_tested_needs_a_passing_test_that_declares_and_cites_the_rule():
    tower, hut, temple = "taluva.build.tower", "taluva.build.hut", "taluva.build.temple"
    record = record_of(([tower, hut], [tower, temple], "passed"),   # temple declared, not cited
                       ([hut], [hut], "failed"),                   # cited and declared, failed
                       ([temple], [], "passed"))                   # cited, not declared
    entries = {c.rule: c for c in rulebook.coverage("taluva", record)}
    assert (entries[tower].enforced, entries[tower].tested) == (True, True)
    assert (entries[hut].enforced, entries[hut].tested) == (True, False)
    assert (entries[temple].enforced, entries[temple].tested) == (True, False)
    assert entries["taluva.build.second_tower"].enforced is False


def test_without_a_record_enforced_and_tested_are_unknown(monkeypatch, tmp_path):
    monkeypatch.setattr(citations, "RECORD", tmp_path / "none.json")
    assert all(c.enforced is None and c.tested is None for c in rulebook.coverage("cacao"))
    counts = rulebook.summary("cacao")
    assert counts["enforced"] is None and counts["tested"] is None and counts["shown"] > 0


def test_coverage_reads_the_record_again_when_it_changes(monkeypatch, tmp_path):
    path = tmp_path / "record.json"
    monkeypatch.setattr(citations, "RECORD", path)
    citations.save(record_of((["cacao.work.market"], (), "passed")).tests, path)
    assert rulebook.summary("cacao")["enforced"] == 1
    citations.save(record_of((["cacao.work.market", "cacao.work.water"], (), "passed")).tests,
                   path)
    os.utime(path, ns=(time.time_ns() + 10 ** 9,) * 2)
    assert rulebook.summary("cacao")["enforced"] == 2


# --------------------------------------------------------------------------- command line

def saved(tmp_path, record: citations.Record) -> str:
    path = tmp_path / "record.json"
    citations.save(record.tests, path)
    return str(path)


def test_cli_coverage_prints_every_rule_and_the_summary(capsys, tmp_path):
    ids = [r.id for r in rules.for_game("cacao")]
    record = record_of((ids, ids[:5], "passed"))
    status = cli.main(["rules", "coverage", "cacao", "--record", saved(tmp_path, record)])
    out = capsys.readouterr().out
    counts = rulebook.summary("cacao", record)
    for rule in rules.for_game("cacao"):
        assert rule.id in out
    assert (f"cacao: {counts['rules']} rules in {counts['passages']} rule passages; "
            f"enforced {len(ids)}, tested 5, shown {counts['shown']} (") in out
    assert "recorded by 1 tests" in out
    assert status == 0


def test_cli_coverage_fails_for_a_rule_neither_enforced_nor_shown(capsys, tmp_path):
    ids = [r.id for r in rules.for_game("taluva")]
    unshown = [i for i in ids if rulebook.demo("taluva", i) is None]
    assert unshown       # Taluva has rules no lesson, game or refusal shows
    every = record_of((ids, (), "passed"))
    assert cli.main(["rules", "coverage", "taluva", "--record", saved(tmp_path, every)]) == 0
    capsys.readouterr()
    fewer = record_of(([i for i in ids if i != unshown[0]], (), "passed"))
    assert cli.main(["rules", "coverage", "taluva", "--record", saved(tmp_path, fewer)]) == 1
    captured = capsys.readouterr()
    assert captured.err.splitlines()[-1] == f"neither enforced nor shown: {unshown[0]}"
    assert "neither enforced nor shown 1" in captured.out


def test_cli_coverage_without_a_record_says_how_to_make_one(capsys, tmp_path):
    status = cli.main(["rules", "coverage", "cacao", "--record", str(tmp_path / "none.json")])
    captured = capsys.readouterr()
    assert status == 2
    assert "enforced ?, tested ?" in captured.out
    assert re.search(r"^cacao\.work\.market +\? +\? +", captured.out, re.M)
    assert captured.err.startswith("error: no record of rule citations at ")
    assert "run the test suite" in captured.err and len(captured.err.splitlines()) == 1


def test_cli_coverage_names_a_record_older_than_the_sources(capsys, tmp_path):
    ids = [r.id for r in rules.for_game("cacao")]
    old = record_of((ids, (), "passed"), recorded=1.0)
    cli.main(["rules", "coverage", "cacao", "--record", saved(tmp_path, old)])
    err = capsys.readouterr().err
    assert "the record of rule citations is out of date" in err and "run the tests" in err
    fresh = record_of((ids, (), "passed"), recorded=time.time() + 3600)
    cli.main(["rules", "coverage", "cacao", "--record", saved(tmp_path, fresh)])
    assert "out of date" not in capsys.readouterr().err


def test_cli_where_lists_each_place_by_group(capsys):
    assert cli.main(["rules", "where", "indian_summer.mushroom.fit"]) == 0
    out = capsys.readouterr().out.splitlines()
    heads = [line for line in out if not line.startswith("  ")]
    assert [h.split(" ")[0] for h in heads] == ["index", "engine", "view", "tests", "lessons"]
    group = {}
    for line in out:
        if not line.startswith("  "):
            name = line.split(" ")[0]
        else:
            group.setdefault(name, []).append(line.strip())
    assert group["index"] == [f"seeds/indian_summer.rules.toml:{line}" for line in (
        1 + (ROOT / "seeds/indian_summer.rules.toml").read_text(encoding="utf-8").splitlines()
        .index('["indian_summer.mushroom.fit"]'),)]
    assert any(hit.startswith("explorer/indian_summer/state.py:") for hit in group["engine"])
    assert any(hit.startswith("tests/test_indian_summer_rules.py:") for hit in group["tests"])
    for hit in group["engine"] + group["tests"]:
        path, line = hit.rsplit(":", 1)
        text = (ROOT / path).read_text(encoding="utf-8").splitlines()[int(line) - 1]
        assert "indian_summer.mushroom.fit" in text


def test_where_matches_the_whole_id_only():
    towers = citations.where("taluva.build.tower")
    assert towers["engine"] and citations.where("taluva.build.tower_level")["engine"]
    for hit in towers["index"] + towers["engine"] + towers["tests"]:
        path, line = hit.rsplit(":", 1)
        text = (ROOT / path).read_text(encoding="utf-8").splitlines()[int(line) - 1]
        assert re.search(r"taluva\.build\.tower(?!\w)", text), hit
    huts = citations.where("taluva.erupt.covered_huts")["lessons"]
    assert any(h.startswith("explorer/taluva/lessons/huts_returned.toml:") for h in huts)


def test_cli_where_of_an_unknown_rule_is_one_line_and_status_2():
    done = subprocess.run([sys.executable, "-m", "explorer", "rules", "where", "taluva.nope"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith("error: no rule 'taluva.nope' in the rule index")


def test_cli_coverage_of_an_unknown_game_names_the_games():
    done = subprocess.run([sys.executable, "-m", "explorer", "rules", "coverage", "nope"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "'nope'" in done.stderr
    for game in GAMES:
        assert game in done.stderr
