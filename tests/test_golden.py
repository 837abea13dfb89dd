"""Golden playthroughs: a stored record (first line) must narrate exactly the stored log.

After a deliberate change of wording or rules, rewrite them with UPDATE_GOLDEN=1 and review the diff.
One game is also kept in Korean and in Hungarian (golden/<game>.<lang>.txt, narrated from the
same record): a change of translation shows there as a diff to review, like one of wording.
"""
from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from explorer import Record
from explorer.cli import narrate
import registered

GOLDEN_DIR = Path(__file__).parent / "golden"
# golden/<game>.txt of every registered game (a missing one fails: see `golden_text`), and any
# further playthrough kept there (golden/<game>_<case>.txt)
GOLDEN = sorted({GOLDEN_DIR / f"{name}.txt" for name in registered.names()}
                | {p for p in GOLDEN_DIR.glob("*.txt") if "." not in p.stem})
TRANSLATED = sorted(tuple(p.stem.split(".")) for p in GOLDEN_DIR.glob("*.*.txt"))


def golden_text(path: Path) -> str:
    assert path.exists(), (
        f"no tests/golden/{path.name}: write as its first line the record of a whole game, "
        f"one line of JSON (`Record.of(*explorer.bots.play(state, RandomBot(1))).dumps()` of "
        f"the game's set-up `state`), then run this test with UPDATE_GOLDEN=1 to narrate it "
        f"below and review the narration")
    return path.read_text(encoding="utf-8")


def test_every_game_has_a_golden_playthrough(game_name):
    golden_text(GOLDEN_DIR / f"{game_name}.txt")


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_playthrough(path):
    header, expected = golden_text(path).split("\n", 1)
    record = Record.from_json(header)
    actual = narrate(record)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(header + "\n" + actual, encoding="utf-8")
        expected = actual
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        "golden", "now", n=2))
    assert not diff, f"narration changed:\n{diff[:4000]}"
    assert "Score sheet" in actual


@pytest.mark.parametrize("game, lang", TRANSLATED)
def test_golden_playthrough_in_another_language(game, lang):
    header = (GOLDEN_DIR / f"{game}.txt").read_text(encoding="utf-8").split("\n", 1)[0]
    path = GOLDEN_DIR / f"{game}.{lang}.txt"
    actual = narrate(Record.from_json(header), lang)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(actual, encoding="utf-8")
    assert path.exists(), f"no {path.name}: write it with UPDATE_GOLDEN=1 and review it"
    expected = path.read_text(encoding="utf-8")
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        "golden", "now", n=2))
    assert not diff, f"{lang} narration changed:\n{diff[:4000]}"
    assert actual != narrate(Record.from_json(header))      # really another language
