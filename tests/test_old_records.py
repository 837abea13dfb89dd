"""Records made by an earlier revision still replay to exactly the same games.

`tests/records/<game>.jsonl` holds one line per game: a record (random and greedy bots, every
player count and each option that changes play) and digests taken when it was made: of every
position's `fingerprint()`, of every position's legal actions (as JSON, in any order), of the
narration, and the final scores. A faster representation inside an engine must leave all of them
as they were. After a deliberate change of rules or wording, rewrite the file with
UPDATE_RECORDS=1 and say why in the commit.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

import explorer
import registered
from explorer import Record, replay
from explorer.bots import make_bot, play

RECORDS = Path(__file__).parent / "records"


def cases(name: str) -> list:
    """(players, seed, bot, options) of each kept game of `name` (its tests/games/<name>.py)."""
    return registered.need(name, "RECORD_CASES",
                           "a list of (players, seed, bot, options): every player count, the "
                           "random and greedy bots, and the options that change how it plays")


def _digest(parts) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8"))
        h.update(b"\x00")
    return h.hexdigest()[:32]


def digests(states) -> dict:
    """What must not change when the same record is replayed by a later revision."""
    legal = (json.dumps(sorted(json.dumps(a.to_json(), sort_keys=True)
                               for a in s.legal_actions())) for s in states)
    final = states[-1]
    return {"steps": len(states) - 1,
            "positions": _digest(s.fingerprint() for s in states),
            "legal_actions": _digest(legal),
            "narration": _digest(f"{e.player}|{e.rule}|{e.text}" for s in states for e in s.events),
            "totals": {str(p): t for p, t in final.score().totals.items()},
            "winners": list(final.score().winners)}


def make(name: str) -> list[dict]:
    lines = []
    for players, seed, bot, options in cases(name):
        state = explorer.GAMES[name].setup(players=players, seed=seed, **options)
        _, actions = play(state, make_bot(bot, seed))
        record = Record.of([state], actions).to_json()
        lines.append({"record": record, "expected": digests(replay(record))})
    return lines


def stored(name: str) -> list[dict]:
    path = RECORDS / f"{name}.jsonl"
    if os.environ.get("UPDATE_RECORDS"):
        RECORDS.mkdir(exist_ok=True)
        path.write_text("".join(json.dumps(entry, ensure_ascii=False) + "\n"
                                for entry in make(name)), encoding="utf-8")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_every_game_has_old_records(game_name):
    assert (RECORDS / f"{game_name}.jsonl").is_file(), (
        f"no tests/records/{game_name}.jsonl: run this file with UPDATE_RECORDS=1")


def test_old_records_replay_to_the_same_games(game_name):
    name = game_name
    entries = stored(name)
    assert len(entries) == len(cases(name))
    for entry in entries:
        record = entry["record"]
        where = f"{name} {record['players']}p seed {record['seed']} {record['options']}"
        states = replay(record)
        assert states[-1].is_over, where
        assert digests(states) == entry["expected"], where
