"""Players that need no person: for simulations, tests and benchmarks."""
from __future__ import annotations

import random

from .core import Action, State


class RandomBot:
    """Picks a legal action uniformly at random (seeded, so games are reproducible)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


def play(state: State, bot, max_steps: int = 100_000) -> tuple[list[State], list[Action]]:
    """Play `state` to the end with `bot` choosing for every player."""
    states, actions = [state], []
    while not state.is_over:
        if len(actions) >= max_steps:
            raise RuntimeError(f"game did not end within {max_steps} actions")
        action = bot.choose(state)
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    return states, actions
