"""Rules engines for the tabletop rules explorer (no view code in this package)."""
from . import lessons, rules
from .core import (Action, Event, Game, IllegalAction, Option, PositionError, RecordError,
                   ScoreLine, ScoreSheet, SetupError, State)
from .record import Record, replay
from .animals_on_board import GAME as _animals_on_board
from .cacao import GAME as _cacao
from .indian_summer import GAME as _indian_summer
from .taluva import GAME as _taluva

GAMES: dict[str, Game] = {game.name: game for game in (
    _animals_on_board,
    _cacao,
    _indian_summer,
    _taluva,
)}

__all__ = ["GAMES", "Action", "Event", "Game", "IllegalAction", "Option", "PositionError",
           "Record", "RecordError", "ScoreLine", "ScoreSheet", "SetupError", "State", "lessons",
           "replay", "rules"]
