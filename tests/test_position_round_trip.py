"""Every game writes a position as data (`Game.position_data`) that its own builder
(`Game.position_from`) turns back into the same position."""
from __future__ import annotations

import json
import random

import pytest

import explorer

GAMES = sorted(explorer.GAMES)


def written(game, state) -> dict | None:
    """The position as data, or None where the game writes no data (mid-turn, set-up)."""
    try:
        return game.position_data(state)
    except ValueError:
        return None


def played_positions(game, seed: int = 3, limit: int = 400):
    """The positions of a random game that the game writes as data, with their data."""
    players = 3 if 3 in game.player_counts else game.player_counts[-1]
    rng = random.Random(seed)
    state = game.setup(players, seed=seed)
    for _ in range(limit):
        data = written(game, state)
        if data is not None:
            yield state, data
        if state.is_over:
            return
        state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_a_built_position_comes_back_the_same(name):
    """position_data -> the builder -> the same state, fingerprint for fingerprint."""
    game = explorer.GAMES[name]
    for count, (_, data) in enumerate(played_positions(game)):
        built = game.position_from(json.dumps(data))
        data = game.position_data(built)
        assert data["game"] == name
        again = game.position_from(json.dumps(data))
        assert again.fingerprint() == built.fingerprint()
        assert game.position_data(again) == data
    assert count >= 5


@pytest.mark.parametrize("name", GAMES)
def test_positions_of_a_random_game_come_back_with_the_same_moves_and_scores(name):
    """A played position comes back with the same moves, player and scores (tiles alike to the
    rules, such as two tiles of one pattern, may swap their numbers)."""
    game = explorer.GAMES[name]
    for count, (state, data) in enumerate(played_positions(game, seed=5)):
        again = game.position_from(json.dumps(data))
        assert again.current_player == state.current_player
        assert ([a.to_json() for a in again.legal_actions()]
                == [a.to_json() for a in state.legal_actions()])
        assert again.score().totals == state.score().totals
        assert again.score().winners == state.score().winners
    assert count >= 5


@pytest.mark.parametrize("name", GAMES)
def test_a_hidden_view_is_not_written(name):
    game = explorer.GAMES[name]
    state, _ = next(played_positions(game))
    with pytest.raises(ValueError):
        game.position_data(state.view(0))
