"""Many seeded random games per game, every step checked (see random_play.py)."""
from __future__ import annotations

import pytest

import explorer
import registered
from random_play import conservation, play_and_check

GAMES_PER_RUN = 100        # unless the game's tests/games/<name>.py says RANDOM_GAMES


def cases():
    for name in registered.names():
        counts = explorer.GAMES[name].player_counts
        total = getattr(registered.checks(name), "RANDOM_GAMES", GAMES_PER_RUN) \
            if registered.checks_path(name).exists() else GAMES_PER_RUN
        for players in counts:
            yield name, players, total // len(counts) + (1 if players <= total % len(counts) else 0)


def test_every_game_joins_the_harness(game_name):
    assert callable(conservation(game_name))


@pytest.mark.parametrize("name,players,games", list(cases()))
def test_random_games(name, players, games):
    refused = 0
    for seed in range(games):
        stats = play_and_check(name, players, seed, check_illegal=seed % 4 == 0)
        refused += stats["refused"]
    assert refused > 0, "no illegal action was tried"
