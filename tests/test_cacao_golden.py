"""Cacao golden playthrough: the stored record (first line) must narrate exactly the stored log.

Runs before Cacao is listed in explorer.GAMES too (it is added there for the replay). After a
deliberate change of wording or rules, rewrite it with UPDATE_GOLDEN=1 and review the diff.
"""
from __future__ import annotations

import difflib
import os
from pathlib import Path

import explorer
from explorer import Record
from explorer.cacao import GAME
from explorer.cli import narrate

GOLDEN = Path(__file__).parent / "golden" / "cacao.txt"


def test_cacao_golden_playthrough(monkeypatch):
    monkeypatch.setitem(explorer.GAMES, "cacao", explorer.GAMES.get("cacao", GAME))
    header, expected = GOLDEN.read_text(encoding="utf-8").split("\n", 1)
    record = Record.from_json(header)
    actual = narrate(record)
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(header + "\n" + actual, encoding="utf-8")
        expected = actual
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        "golden", "now", n=2))
    assert not diff, f"narration changed:\n{diff[:4000]}"
    for rule in ("cacao.rebuild.activate", "cacao.activate.filled", "cacao.fill.display_choice",
                 "cacao.scoring.temple_ties", "cacao.end.trigger"):
        assert f"[{rule}]" in actual, rule
