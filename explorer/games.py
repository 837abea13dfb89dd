"""The four games by name: `GAMES["cacao"]` is Cacao's Game (re-exported as `explorer.GAMES`).

Its own module, so that lessons, records and the rulebook reach the games without importing the
`explorer` package that imports them.
"""
from __future__ import annotations

from .animals_on_board import GAME as _animals_on_board
from .cacao import GAME as _cacao
from .core import Game
from .indian_summer import GAME as _indian_summer
from .taluva import GAME as _taluva

GAMES: dict[str, Game] = {game.name: game for game in (
    _animals_on_board,
    _cacao,
    _indian_summer,
    _taluva,
)}
