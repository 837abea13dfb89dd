"""Many seeded random games per game, every step checked (see random_play.py)."""
from __future__ import annotations

import pytest

import explorer
from random_play import CONSERVATION, play_and_check

# Cacao has its own 300-game run with stricter checks (test_cacao_random_play.py); here it only
# shows that it passes the same checks as every game.
GAMES_PER_RUN = {"animals_on_board": 300, "cacao": 30, "taluva": 300, "indian_summer": 300}


def cases():
    for name in sorted(explorer.GAMES):
        counts = explorer.GAMES[name].player_counts
        total = GAMES_PER_RUN.get(name, 100)
        for players in counts:
            yield name, players, total // len(counts) + (1 if players <= total % len(counts) else 0)


def test_every_game_joins_the_harness():
    assert set(explorer.GAMES) <= set(CONSERVATION)


@pytest.mark.parametrize("name,players,games", list(cases()))
def test_random_games(name, players, games):
    refused = 0
    for seed in range(games):
        stats = play_and_check(name, players, seed, check_illegal=seed % 4 == 0)
        refused += stats["refused"]
    assert refused > 0, "no illegal action was tried"
