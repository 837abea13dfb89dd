"""How players and counts read in narration, the same in every game.

A leaf module (it imports nothing), so every module of every engine may use it.
"""
from __future__ import annotations

_PLURALS = {"berry": "berries"}   # the few words that do not just take an "s"


def plural(n: int, word: str) -> str:
    """`n` and the word, in the plural unless n is 1: "1 tile", "3 tiles", "2 berries"."""
    return f"{n} {word if n == 1 else _PLURALS.get(word, word + 's')}"


def player_name(p: int, colours: tuple[str, ...] = ()) -> str:
    """A seat's name as the narration gives it: "Player 2", or with the game's colours
    "Player 2 (purple)"."""
    return f"Player {p + 1} ({colours[p]})" if colours else f"Player {p + 1}"
