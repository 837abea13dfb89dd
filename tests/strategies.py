"""Hypothesis strategies for playthroughs of any game, and `play_out`, which plays one.

A playthrough is (game, players, seed, options, indices): index i picks
`legal_actions()[indices[i] % len(legal)]` at step i, so Hypothesis shrinks a failing game by
shortening the list or lowering its numbers. With `to_end`, the game goes on after the list with
choices from `random.Random(seed)` until it is over, so a shrunk example still replays exactly.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import strategies as st

import explorer
import registered
from explorer import SetupError

MAX_STEPS = 60       # drawn indices per playthrough
MAX_GAME = 5000      # steps after which a game that is not over counts as endless


def free_option(game, name: str):
    """How to draw a valid value of an option whose values are not a fixed list of choices:
    FREE_OPTIONS[name](players) -> strategy, in the game's tests/games/<name>.py."""
    strategies = registered.need(game.name, "FREE_OPTIONS",
                                 "a dict of option name -> function(players) -> Hypothesis "
                                 "strategy, for the options whose values are not a fixed list")
    assert name in strategies, f"FREE_OPTIONS of {game.name} has no strategy for {name!r}"
    return strategies[name]


def valid_choices(game, players: int, name: str) -> list:
    """The choices of option `name` that set-up accepts with this many players."""
    valid = []
    for choice in game.options[name].choices:
        try:
            game.check_setup(players, 0, {name: choice})
        except SetupError:
            continue
        valid.append(choice)
    return valid


def option_values(game, players: int):
    """A strategy for the keyword options of `game.setup` (every option given explicitly)."""
    parts = {}
    for name, opt in game.options.items():
        if opt.choices is None:
            parts[name] = free_option(game, name)(players)
        else:
            parts[name] = st.sampled_from(valid_choices(game, players, name))
    return st.fixed_dictionaries(parts)


@dataclass(frozen=True)
class Playthrough:
    """A game to play: set-up arguments, the drawn indices, and whether to go on to the end."""
    game: str
    players: int
    seed: int
    options: dict
    indices: list
    to_end: bool = False

    def setup(self):
        return explorer.GAMES[self.game].setup(self.players, self.seed, **self.options)


@st.composite
def playthroughs(draw, game: str | None = None, player_counts: tuple | None = None,
                 to_end: bool | None = None, max_steps: int = MAX_STEPS):
    """A Playthrough of `game` (drawn if None) with a player count from `player_counts` (the
    game's own if None); `to_end` None lets Hypothesis decide whether to play on to the end."""
    name = game if game is not None else draw(st.sampled_from(registered.names()))
    g = explorer.GAMES[name]
    players = draw(st.sampled_from(player_counts or g.player_counts))
    seed = draw(st.integers(min_value=0, max_value=2**31 - 1))
    options = draw(option_values(g, players))
    indices = draw(st.lists(st.integers(min_value=0, max_value=2**16), max_size=max_steps))
    end = draw(st.booleans()) if to_end is None else to_end
    return Playthrough(name, players, seed, options, indices, end)


@dataclass
class Step:
    """One decision of a playthrough: the position, its legal actions and the action taken."""
    number: int
    state: object
    legal: list
    action: object


def play_out(play: Playthrough, on_step=None) -> tuple[list, list]:
    """Play `play`, calling `on_step(step)` before each action; every state and the actions.

    Asserts on the way that legal actions are there exactly while the game is not over."""
    state = play.setup()
    rng = random.Random(play.seed)
    states, actions = [state], []
    while True:
        legal = state.legal_actions()
        if state.is_over:
            assert legal == [], "legal actions after the end"
            break
        assert legal, f"no legal action but the game is not over (step {len(actions)})"
        n = len(actions)
        if n < len(play.indices):
            action = legal[play.indices[n] % len(legal)]
        elif play.to_end:
            assert n < MAX_GAME, "game does not end"
            action = legal[rng.randrange(len(legal))]
        else:
            break
        if on_step is not None:
            on_step(Step(n, state, legal, action))
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    return states, actions
