"""Golden playthroughs: a stored record (first line) must narrate exactly the stored log.

After a deliberate change of wording or rules, rewrite them with UPDATE_GOLDEN=1 and review the diff.
"""
from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from explorer import Record
from explorer.cli import narrate

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.txt"))


def test_every_game_has_a_golden_playthrough():
    import explorer
    assert {p.stem for p in GOLDEN} >= set(explorer.GAMES)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_playthrough(path):
    header, expected = path.read_text(encoding="utf-8").split("\n", 1)
    record = Record.from_json(header)
    actual = narrate(record)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(header + "\n" + actual, encoding="utf-8")
        expected = actual
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        "golden", "now", n=2))
    assert not diff, f"narration changed:\n{diff[:4000]}"
    assert "Score sheet" in actual
