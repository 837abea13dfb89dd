"""Cacao: many seeded random games to the end, every step checked.

Checks: legal actions exist until the end, apply never changes its input, random tries are
accepted exactly when legal (else refused with an indexed rule id), tiles / cacao / sun tokens
are conserved and capped, gold equals the gains narrated in events, every worker side activates
at most once, the checkerboard holds, and the actions' JSON replays to the same final position.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from explorer import IllegalAction, rules
from explorer.cacao import GAME, Decline, Fill, Place, Rebuild, Work
from explorer.cacao import components as C
from registered import checks

conserved = checks("cacao").conserved

GAMES = {2: 100, 3: 100, 4: 100}
ACTIVATING = {"cacao.activate.placed", "cacao.activate.filled", "cacao.rebuild.activate"}


def random_tries(state, rng) -> list:
    """Actions of every type at random places near the board: mostly illegal now."""
    xs = [c[0] for c in state.jungle] or [0]
    ys = [c[1] for c in state.jungle] or [0]

    def cell():
        return (rng.randint(min(xs) - 2, max(xs) + 2), rng.randint(min(ys) - 2, max(ys) + 2))

    pattern = rng.choice(list(C.PATTERNS))
    tries = [Place(pattern, cell(), rng.randrange(4)), Rebuild(pattern, cell(), rng.randrange(4)),
             Fill(rng.choice(list(C.JUNGLE_KINDS)), cell()), Work(cell(), rng.randrange(4)),
             Decline(cell(), rng.randrange(4))]
    if state.workers:
        near = rng.choice(sorted(state.workers))
        tries += [Work(near, rng.randrange(4)), Rebuild(pattern, near, rng.randrange(4))]
    if state.pending:
        e = rng.choice(state.pending)
        tries += [Work(e.cell, e.side), Decline(e.cell, e.side)]
    return tries


def play_game(players: int, seed: int, check_tries: bool) -> dict:
    rng = random.Random(seed * 31 + players)
    start = GAME.setup(players, seed, start_player=seed % players,
                       activation_order="per_worker" if seed % 5 == 4 else "per_edge")
    state, actions, refused = start, [], 0
    gold, sun = Counter(), Counter()
    activated = Counter()
    while True:
        conserved(state)
        legal = state.legal_actions()
        if state.is_over:
            assert legal == []
            break
        assert legal, f"no legal action at step {len(actions)}"
        assert state.current_player in range(players)
        if check_tries:
            legal_set = set(legal)
            for action in random_tries(state, rng):
                before = state.fingerprint()
                try:
                    state.apply(action)
                except IllegalAction as exc:
                    assert rules.exists(exc.rule) and exc.reason
                    assert action not in legal_set, f"{action!r} is listed but refused"
                    refused += 1
                else:
                    assert action in legal_set, f"{action!r} was accepted but is not listed"
                assert state.fingerprint() == before
        action = rng.choice(legal)
        before = state.fingerprint()
        nxt = state.apply(action)
        assert state.fingerprint() == before, "apply changed its input"
        assert nxt.events and all(rules.exists(e.rule) for e in nxt.events)
        for e in nxt.events:
            gold[e.player] += e.data.get("gold", 0)
            sun[e.player] += e.data.get("sun", 0)
            if e.rule in ACTIVATING:
                activated[(e.data["tile"], e.data["side"])] += 1
        actions.append(action)
        state = nxt
        assert len(actions) < 2000, "game does not end"
    assert all(not h for h in state.hands) and all(not p for p in state.worker_piles)
    assert all(gold[p] == state.gold[p] for p in range(players)), (gold, state.gold)
    assert all(sun[p] == state.sun[p] for p in range(players)), (sun, state.sun)
    assert not activated or max(activated.values()) == 1, "a worker side activated twice"
    assert set(activated) <= state.activated
    sheet = state.score()
    assert sheet.winners and all(rules.exists(line.rule) for line in sheet.lines)
    for p in range(players):
        assert sum(line.points for line in sheet.lines_for(p)) == sheet.totals[p]
    replayed = GAME.setup(players, seed, **start.options)
    for action in actions:
        data = json.loads(json.dumps(action.to_json()))
        replayed = replayed.apply(GAME.action_from_json(data))
    assert replayed.fingerprint() == state.fingerprint(), "the JSON actions do not replay"
    return {"actions": len(actions), "refused": refused, "rebuilt": len(state.covered)}


@pytest.mark.parametrize("players", sorted(GAMES))
def test_cacao_random_games(players):
    stats = [play_game(players, seed, check_tries=seed % 2 == 0) for seed in range(GAMES[players])]
    assert sum(s["refused"] for s in stats) > 0
    assert sum(s["rebuilt"] for s in stats) > 0, "no game reached a rebuild"
    assert min(s["actions"] for s in stats) >= 3 * (C.TILES_PER_COLOUR
                                                    - len(C.REMOVED_NUMBERS[players]))


def test_is_over_follows_the_phase_through_set_up_and_hand_built_positions():
    """is_over is a field set with the phase; set-up steps and built positions keep it right."""
    steps = GAME.setup_steps(players=3, seed=4)
    assert [s.is_over for s in steps] == [True] * (len(steps) - 1) + [False]
    assert GAME.setup(players=3, seed=4).is_over is False
    built = GAME.position(4, hands={"red": ["1-1-1-1"], "purple": ["1-1-1-1"],
                                    "yellow": ["1-1-1-1"], "white": ["1-1-1-1"]})
    assert built.is_over is False and built.phase == "place"
    over = GAME.position(2)   # no tiles left anywhere
    assert over.is_over is True and over.phase == "over" and over.legal_actions() == []


def test_the_lazy_placement_offer_is_the_list_it_stands_for():
    """Place and rebuild offers are made on demand; they must read exactly as the full list:
    every pattern in hand, turned 0-3, on every cell, and `in` must agree with a list's `in`."""
    checked = joined = 0
    for seed in range(12):
        state, rng = GAME.setup(players=4, seed=seed), random.Random(seed)
        while not state.is_over:
            actions = state.legal_actions()
            if state.phase == "place":
                p = state.turn
                patterns = sorted({C.pattern_of(t) for t in state.hands[p]})
                full = [Place(pat, cell, r) for pat in patterns for r in range(4)
                        for cell in state.place_cells()]
                if state.rebuilding_open and state.sun[p]:
                    full += [Rebuild(pat, cell, r) for pat in patterns for r in range(4)
                             for cell in state.rebuild_cells(p)]
                    joined += 1   # places, then rebuilds: one lazy list of both
                assert len(actions) == len(full) and actions == full and list(actions) == full
                assert [actions[i] for i in range(-len(full), len(full))] == full + full
                assert actions[3:17:2] == full[3:17:2]
                probes = full[:5] + [Place(pat, cell, r) for pat in C.PATTERNS
                                     for r in (-1, 0, 3, 4, 1.0) for cell in ((0, 1), (99, 0))]
                probes += [Rebuild(*full[0]), Work((0, 1), 0), (full[0].tile, full[0].cell, 0)]
                assert [a in actions for a in probes] == [a in full for a in probes]
                assert sorted(actions, key=repr) == sorted(full, key=repr)   # fills the list
                checked += 1
            state = state.apply(rng.choice(actions))
    assert checked > 300 and joined > 10
