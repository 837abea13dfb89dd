"""How players and counts read in narration: shared by the state and the end of the game."""
from __future__ import annotations


def player_name(p: int) -> str:
    return f"Player {p + 1}"


def plural(n: int, word: str) -> str:
    return f"{n} {word if n == 1 else 'berries' if word == 'berry' else word + 's'}"
