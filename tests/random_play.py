"""The random-play harness every game joins: seeded games to the end, checked at every step.

Every registered game joins: its conservation check is `conserved(state)` in its
tests/games/<name>.py (and its number of games there, RANDOM_GAMES).
"""
from __future__ import annotations

import random

import explorer
from explorer import IllegalAction, Record, replay
from explorer.bots import RandomBot
from registered import need


def conservation(name: str):
    """The game's conservation check: no tile, token or piece appears or vanishes."""
    return need(name, "conserved", "a function conserved(state) asserting that every component "
                "of the game is in exactly one place and every count within its bounds")


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
            elif isinstance(value, str) and key != "type" or type(value) is int:
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
    conserve = conservation(game_name)
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


def app_after_setup(factory, **options):
    """The ExplorerApp of the app `factory(**options)` builds, at its last set-up step (moves
    can be made)."""
    shell = factory(**options).explorer
    shell.bar.last.click()
    return shell


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
