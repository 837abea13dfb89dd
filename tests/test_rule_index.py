"""The rule index is honest: quotes really stand at their lines, every cited id exists, none is dead."""
from __future__ import annotations

import ast
import hashlib
import re
from pathlib import Path

import pytest

import registered
from explorer import rules

ROOT = Path(__file__).resolve().parent.parent
ALL = rules.all_rules()


def test_index_is_not_empty_for_every_game(game_name):
    assert len(rules.for_game(game_name)) >= 10, game_name


@pytest.mark.parametrize("rule", ALL, ids=[r.id for r in ALL])
def test_quote_stands_at_its_lines(rule):
    for ref in rule.references:
        lines = rules.seed_lines(ref.source)
        first, last = ref.lines
        assert 1 <= first <= last <= len(lines), f"{rule.id}: lines {ref.lines} outside {ref.source}"
        passage = "\n".join(lines[first - 1:last])
        assert ref.quote.strip(), f"{rule.id}: empty quote"
        assert ref.quote in passage, f"{rule.id}: quote not found at {ref.source}:{first}-{last}"
    assert rule.english.strip() and rule.title.strip()


def test_seed_texts_are_unchanged_copies():
    """Line numbers only stay valid if the texts are byte-for-byte the ones received."""
    sums = (ROOT / "seeds" / "SHA256SUMS").read_text(encoding="utf-8").split("\n")
    expected = dict(reversed(line.split("  ", 1)) for line in sums if line.strip())
    assert sorted(expected) == sorted(p.name for p in (ROOT / "seeds").glob("*.txt"))
    for name, digest in expected.items():
        assert hashlib.sha256((ROOT / "seeds" / name).read_bytes()).hexdigest() == digest, name


def cited_in_source(game: str) -> set[str]:
    """Rule ids named in a game's package, each as one whole string: an id built from parts
    (a prefix plus "split.group") counts as not cited, so `git grep` finds every use."""
    ids: set[str] = set()
    package = registered.engine_folder(game)
    full = re.compile(rf"^{game}\.[a-z_]+\.[a-z_]+$")
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if full.match(node.value):
                    ids.add(node.value)
    return ids


def test_every_cited_rule_exists(game_name, game):
    missing = sorted(r for r in cited_in_source(game_name) if not rules.exists(r))
    assert not missing, f"cited but not in the index: {missing}"
    for rule_id in [game.turn_rule, game.end_rule] + [r for o in game.options.values()
                                                     for r in o.rules]:
        assert rules.exists(rule_id), rule_id


def test_no_dead_entries(game_name):
    dead = sorted(r.id for r in rules.for_game(game_name)
                  if r.id not in cited_in_source(game_name))
    assert not dead, f"in the index but never cited by the engine: {dead}"


def test_unknown_rule_is_a_clear_error():
    with pytest.raises(KeyError, match="no rule 'animals_on_board.nope'"):
        rules.get("animals_on_board.nope")


def test_search_finds_by_english_and_korean():
    assert any(r.id == "animals_on_board.scoring.herd" for r in rules.search("animals_on_board", "herd"))
    assert any(r.id == "animals_on_board.split.crate_cap"
               for r in rules.search("animals_on_board", "5개까지만"))


@pytest.mark.parametrize("rule", ALL, ids=[r.id for r in ALL])
def test_what_a_visitor_reads_names_no_file_of_the_project(rule):
    """Titles, paraphrases and notes are shown beside the board: no internal file names."""
    shown = " ".join(filter(None, (rule.title, rule.english, rule.note)))
    assert not re.search(r"[\w/-]+\.(md|py|json|toml)\b|explorer/|docs/", shown), shown
