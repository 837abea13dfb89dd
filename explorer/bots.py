"""Players that need no person: for simulations, tests and benchmarks.

Every bot is deterministic for its seed: given the same sequence of states it makes the same
choices, so a simulation can be repeated exactly.
"""
from __future__ import annotations

import importlib
import random
from types import ModuleType

from .core import Action, State
from .messages import T


class RandomBot:
    """Picks a legal action uniformly at random (seeded, so games are reproducible)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


class GreedyBot:
    """Picks the action after which the position looks best for the player who acts.

    The judgement is one simple heuristic per game: `evaluate(state, player)` in
    `explorer/<game>/heuristic.py`, which may also offer `candidates(state)`, the few actions
    worth judging when there are thousands. Equally good actions are told apart by the bot's own
    seeded random choice. A game without a heuristic module is judged by its provisional score
    sheet (the player's total minus the best other total). It judges the full position, hidden
    pieces included (in Animals on Board it knows the face-down tile it would take): a sparring
    partner for simulations, not a fair opponent at the table.
    """

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        heuristic = heuristic_for(state.game.name)
        player = state.current_player
        evaluate = getattr(heuristic, "evaluate", score_margin)
        candidates = getattr(heuristic, "candidates", None)
        actions = candidates(state) if candidates else state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        best: list[Action] = []
        best_value = float("-inf")
        for action in actions:
            value = evaluate(state.apply(action), player)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self.rng.choice(best)


def score_margin(state: State, player: int) -> float:
    """The fallback judgement: the player's provisional score minus the best other score."""
    totals = state.score().totals
    others = [points for p, points in totals.items() if p != player]
    return totals[player] - max(others, default=0)


_HEURISTICS: dict[str, ModuleType | None] = {}


def heuristic_for(game_name: str) -> ModuleType | None:
    """The game's heuristic module (`explorer.<game>.heuristic`), or None if it has none."""
    if game_name not in _HEURISTICS:
        package = f"{__package__}.{game_name}"
        try:
            _HEURISTICS[game_name] = importlib.import_module(f"{package}.heuristic")
        except ModuleNotFoundError as exc:
            if exc.name not in (package, f"{package}.heuristic"):
                raise   # the module exists but something it imports is missing
            _HEURISTICS[game_name] = None
    return _HEURISTICS[game_name]


BOTS = {"random": RandomBot, "greedy": GreedyBot}
BOT_NAMES = {"random": T("Random bot"), "greedy": T("Greedy bot")}   # as a person reads them


def make_bot(name: str, seed: int):
    """A bot by its name in BOTS, e.g. make_bot("greedy", 3)."""
    if name not in BOTS:
        raise ValueError(T("unknown bot {name}; bots: {bots}", name=repr(name),
                           bots=tuple(BOTS)))
    return BOTS[name](seed)


def play(state: State, bot, max_steps: int = 100_000) -> tuple[list[State], list[Action]]:
    """Play `state` to the end with `bot` choosing for every player."""
    states, actions = [state], []
    while not state.is_over:
        if len(actions) >= max_steps:
            raise RuntimeError(T("game did not end within {limit} actions", limit=max_steps))
        action = bot.choose(state)
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    return states, actions


def play_seats(state: State, bots: list,
               max_steps: int = 100_000) -> tuple[list[State], list[Action]]:
    """Play `state` to the end, `bots[p]` choosing whenever player p decides.

    The deciding player is always `state.current_player`, which is not always the player whose
    turn it is (in Cacao everyone with activated workers decides in turn).
    """
    if len(bots) != state.players:
        raise ValueError(T("one bot per seat: {players} players, {bots} bots",
                           players=state.players, bots=len(bots)))
    states, actions = [state], []
    while not state.is_over:
        if len(actions) >= max_steps:
            raise RuntimeError(T("game did not end within {limit} actions", limit=max_steps))
        action = bots[state.current_player].choose(state)
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    return states, actions
