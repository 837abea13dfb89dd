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
from explorer import Record, replay
from explorer.bots import make_bot, play

RECORDS = Path(__file__).parent / "records"

# (players, seed, bot, options) per game: every player count, both bots, and the options that
# change how a game plays.
CASES = {
    "animals_on_board": [(p, s, b, {}) for p in (2, 3, 4) for s, b in ((0, "random"), (1, "greedy"))]
    + [(3, 2, "random", {"removed_species": None, "start_player": 2})],
    "cacao": [(p, s, b, {}) for p in (2, 3, 4) for s, b in ((0, "random"), (1, "greedy"))]
    + [(4, 2, "random", {"activation_order": "per_worker", "start_player": 3})],
    "taluva": [(p, s, b, {}) for p in (2, 3, 4) for s, b in ((0, "random"), (1, "greedy"))]
    + [(3, 2, "random", {"all_tiles": True, "covered_huts": "returned", "new_hut": "anywhere",
                         "builds_per_turn": "one_kind"})],
    "indian_summer": [(p, s, b, {}) for p in (1, 2, 3, 4) for s, b in ((0, "random"), (1, "greedy"))]
    + [(1, 2, "random", {"solo_pile": 3}), (2, 3, "random", {"forest_size": 10})],
}


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
    for players, seed, bot, options in CASES[name]:
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


def test_every_game_has_old_records():
    assert set(CASES) == set(explorer.GAMES)
    for name in CASES:
        assert (RECORDS / f"{name}.jsonl").is_file(), name


@pytest.mark.parametrize("name", sorted(CASES))
def test_old_records_replay_to_the_same_games(name):
    entries = stored(name)
    assert len(entries) == len(CASES[name])
    for entry in entries:
        record = entry["record"]
        where = f"{name} {record['players']}p seed {record['seed']} {record['options']}"
        states = replay(record)
        assert states[-1].is_over, where
        assert digests(states) == entry["expected"], where
