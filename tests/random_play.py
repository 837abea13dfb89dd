"""The random-play harness every game joins: seeded games to the end, checked at every step.

A game joins by adding a conservation check to CONSERVATION (and a game count to GAMES_PER_RUN).
"""
from __future__ import annotations

import random
from collections import Counter

import explorer
from explorer import IllegalAction, Record, replay
from explorer.bots import RandomBot


def _animals_on_board(state) -> None:
    from explorer.animals_on_board import components as C
    boxed = [x for x in C.ALL_TILES if C.species_of(x) not in state.species]
    places = (list(state.pile) + [x for g in state.groups for x in g]
              + [x for a in state.arks for x in a] + [x for d in state.drawn for x in d] + boxed)
    counts = Counter(places)
    assert sorted(counts) == list(C.ALL_TILES) and set(counts.values()) == {1}, "tiles lost or doubled"
    assert sum(state.crates) + state.supply == C.CRATES and state.supply >= 0
    assert all(0 <= c <= C.CRATE_CAP for c in state.crates)
    central = {x for g in state.groups for x in g}
    assert state.facedown is None or state.facedown in central, "face-down tile outside the centre"
    assert all(g for g in state.groups), "an empty group"



def cacao_conserved(state) -> None:
    from explorer.cacao import components as C
    from explorer.cacao.board import is_jungle_cell, neighbours

    # is_over is a field kept with the phase: over unless someone places, fills or works
    assert state.is_over is (state.phase not in ("place", "fill", "work")), state.phase
    players = state.players
    for p in range(players):
        mine = (list(state.hands[p]) + list(state.worker_piles[p])
                + [t for t in state.removed_workers if C.owner_of(t) == p]
                + [x.tile for x in state.workers.values() if x.owner == p]
                + [x.tile for stack in state.covered.values() for x in stack if x.owner == p])
        assert sorted(mine) == [C.worker_tile(p, n) for n in range(C.TILES_PER_COLOUR)], p
    jungle = (list(state.jungle_pile) + list(state.display) + list(state.drawn)
              + list(state.jungle.values()) + list(state.removed_jungle))
    assert sorted(jungle) == list(range(len(C.JUNGLE)))
    assert all(0 <= c <= C.CACAO_CAP for c in state.cacao) and state.cacao_supply >= 0
    assert all(0 <= s <= C.SUN_CAP for s in state.sun) and state.sun_supply >= 0
    assert all(0 <= w < len(C.WATER_TRACK) for w in state.water)
    assert len(state.display) <= C.DISPLAY_SIZE
    for cell in state.jungle:
        assert is_jungle_cell(cell) and not any(n in state.jungle for n in neighbours(cell))
    for cell in state.workers:
        assert not is_jungle_cell(cell) and not any(n in state.workers for n in neighbours(cell))
        assert any(n in state.jungle for n in neighbours(cell))


def taluva_conserved(state) -> None:
    from explorer.taluva import components as C

    tiles = list(state.stack) + [x.tile for x in state.placed] + list(state.boxed)
    tiles += [] if state.drawn is None else [state.drawn]
    assert sorted(tiles) == list(range(len(C.TILES))), "tiles lost or doubled"
    for p in range(state.players):
        on_board = [0, 0, 0]
        for b in state.buildings.values():
            if b.owner == p:
                on_board[C.KINDS.index(b.kind)] += b.count
        on_board[0] += state.removed[p]
        for kind, left, used in zip(C.KINDS, state.supply[p], on_board):
            assert left >= 0 and left + used == C.PIECES[kind], (p, kind)
    for h, b in state.buildings.items():
        cell = state.hexes[h]
        assert cell.terrain != C.VOLCANO and 1 <= b.count <= cell.level
        assert b.kind != "tower" or cell.level >= 3


def indian_summer_conserved(state) -> None:
    from explorer.indian_summer import components as C
    from explorer.indian_summer.moves import leaf_index
    from explorer.indian_summer.geometry import FULL, bit

    placed = [leaf[0] for f in state.floors for leaf in f.leaves]
    tiles = (placed + [t for path in state.paths for t in path] + list(state.forest)
             + list(state.set_aside) + list(state.box) + list(state.pending) + list(state.upper)
             + list(state.lower) + [t for t in state.track if t is not None])
    assert sorted(tiles) == list(range(C.TILE_COUNT)), "tiles lost or doubled"
    assert all(len(path) <= C.PATH_MAX for path in state.paths)
    for kind in C.TOKENS:
        assert state.supply(kind) >= 0, kind
    assert all(n >= 0 for bag in state.backpacks for n in bag)
    assert sum(len(f.squirrels) for f in state.floors) == state.squirrels_used
    for f in state.floors:
        covered = 0
        for tile, o, x, y in f.leaves:
            mask, _ = leaf_index(tile)[o, x, y]
            assert not covered & mask, "leaves overlap"
            covered |= mask
        for c in f.squirrels:
            assert not covered & bit(c), "squirrel on a leaf"
            covered |= bit(c)
        assert covered == f.covered and covered & ~FULL == 0
        assert f.token_mask & ~f.holes == 0 and f.animal_mask & ~f.holes == 0
        assert not f.token_mask & f.animal_mask
    for k, kind in enumerate(C.ANIMALS):
        laid = sum(1 for f in state.floors for a in f.animals if a[0] == k)
        assert laid + state.animals_left[k] == kind.count
    p = state.current_player
    if state.phase == "turn" and not state.tile_done and not state.floors[p].full:
        from explorer.indian_summer import Squirrel
        from explorer.indian_summer.geometry import cells_of
        state.apply(Squirrel(cells_of(state.floors[p].empty)[0]))   # a squirrel always fits


CONSERVATION = {"animals_on_board": _animals_on_board, "cacao": cacao_conserved,
                "taluva": taluva_conserved, "indian_summer": indian_summer_conserved}


def mutated_actions(state, legal, rng) -> list:
    """Actions of the game's own types made by mutating legal ones (mostly illegal now)."""
    game = state.game
    sample = [a.to_json() for a in rng.sample(legal, min(len(legal), 20))]
    out = []
    for _ in range(6):
        data = dict(rng.choice(sample))
        for key, value in data.items():
            if isinstance(value, list) and value:
                pool = sorted({v for d in sample for v in (d.get(key) or [])} | set(value))
                data[key] = rng.sample(pool, rng.randint(1, len(pool)))
            elif isinstance(value, str) and key != "type":
                data[key] = rng.choice(sample).get(key, value)
        for kind in game.action_types:
            try:
                action = game.action_from_json({**data, "type": kind})
            except ValueError:
                continue
            out.append(action)
    return out


def play_and_check(game_name: str, players: int, seed: int, check_illegal: bool = True) -> dict:
    game = explorer.GAMES[game_name]
    conserve = CONSERVATION[game_name]
    rng = random.Random(seed * 7919 + players)
    state = game.setup(players, seed)
    bot = RandomBot(seed)
    actions = []
    refused = 0
    while True:
        conserve(state)
        legal = state.legal_actions()
        if state.is_over:
            assert legal == [], "legal actions after the end"
            break
        assert legal, f"no legal action but the game is not over (step {len(actions)})"
        if check_illegal:
            legal_set = None
            for candidate in mutated_actions(state, legal, rng)[:4]:
                before = state.fingerprint()
                try:
                    state.apply(candidate)
                except IllegalAction as exc:
                    assert explorer.rules.exists(exc.rule), exc.rule
                    assert exc.reason
                    refused += 1
                else:
                    legal_set = legal_set or set(legal)
                    assert candidate in legal_set, f"{candidate!r} was accepted but is not legal"
                assert state.fingerprint() == before, "trying an action changed the state"
        action = bot.choose(state)
        assert game.action_from_json(action.to_json()) == action
        before = state.fingerprint()
        nxt = state.apply(action)
        assert state.fingerprint() == before, "apply changed its input"
        assert nxt.events, "a step without a narrated event"
        for event in nxt.events:
            assert explorer.rules.exists(event.rule), event.rule
        actions.append(action)
        state = nxt
        assert len(actions) < 5000, "game does not end"
    sheet = state.score()
    assert set(sheet.totals) == set(range(players)) and (sheet.winners or players == 1)
    assert all(explorer.rules.exists(line.rule) for line in sheet.lines)
    for p in range(players):
        assert sum(line.points for line in sheet.lines_for(p)) == sheet.totals[p]
    record = Record(game_name, players, seed, {}, [a.to_json() for a in actions])
    states = replay(Record.from_json(record.dumps()))
    assert states[-1].fingerprint() == state.fingerprint(), "record does not replay"
    return {"actions": len(actions), "refused": refused}


def play_in_app(shell, steps: int, seed: int, until=None):
    """Random moves in an app (its ExplorerApp `shell`) from the frame shown: `steps` of them,
    or until `until(state)`; the state reached."""
    bot = RandomBot(seed)
    for _ in range(steps):
        state = shell.timeline.frame.state
        if state.is_over or (until is not None and until(state)):
            break
        shell.play(bot.choose(state))
    return shell.timeline.frame.state
