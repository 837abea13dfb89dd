"""Taluva: seeded random games under every rule variant, checked at every step.

The shared harness (test_random_play.py) plays 300 games with the default options; these games
switch the variants on, one or several at a time, with the same checks.
"""
from __future__ import annotations

import random

import pytest

import explorer
from explorer import IllegalAction, Record, replay
from explorer.bots import RandomBot
from explorer.taluva import GAME
from random_play import mutated_actions
from registered import checks

taluva_conserved = checks("taluva").conserved

VARIANTS = [
    {"covered_huts": "returned"},
    {"new_hut": "anywhere"},
    {"builds_per_turn": "one_kind"},
    {"all_tiles": True},
    {"covered_huts": "returned", "new_hut": "anywhere", "builds_per_turn": "one_kind"},
]


def play(players: int, seed: int, options: dict) -> list:
    rng = random.Random(seed)
    state = GAME.setup(players, seed, start_player=seed % players, **options)
    bot, actions, rules_seen = RandomBot(seed), [], set()
    while not state.is_over:
        taluva_conserved(state)
        legal = state.legal_actions()
        assert legal, f"no legal action at step {len(actions)}"
        for candidate in mutated_actions(state, legal, rng)[:3]:
            before = state.fingerprint()
            try:
                state.apply(candidate)
            except IllegalAction as exc:
                assert explorer.rules.exists(exc.rule) and exc.reason
            else:
                assert candidate in legal
            assert state.fingerprint() == before
        action = bot.choose(state)
        assert GAME.action_from_json(action.to_json()) == action
        before = state.fingerprint()
        nxt = state.apply(action)
        assert state.fingerprint() == before and nxt.events
        rules_seen |= {e.rule for e in nxt.events}
        actions.append(action)
        state = nxt
    taluva_conserved(state)
    assert state.legal_actions() == [] and state.score().winners
    record = Record("taluva", players, seed, {"start_player": seed % players, **options},
                    [a.to_json() for a in actions])
    assert replay(Record.from_json(record.dumps()))[-1] == state
    return sorted(rules_seen)


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_taluva_random_games_under_each_variant(variant):
    options = VARIANTS[variant]
    seen: set[str] = set()
    for seed in range(9):
        seen |= set(play(2 + seed % 3, seed, options))
    assert "taluva.erupt.covered_huts" in seen
    if options.get("builds_per_turn") == "one_kind":
        assert "taluva.build.per_turn" in seen
