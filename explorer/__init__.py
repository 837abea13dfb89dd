"""Rules engines for the tabletop rules explorer (no view code in this package)."""
from . import rules
from .core import (Action, Event, Game, IllegalAction, Option, RecordError, ScoreLine, ScoreSheet,
                   SetupError, State)
from .record import Record, replay
from .animals_on_board import GAME as _animals_on_board
from .cacao import GAME as _cacao

GAMES: dict[str, Game] = {game.name: game for game in (
    _animals_on_board,
    _cacao,
)}

__all__ = ["GAMES", "Action", "Event", "Game", "IllegalAction", "Option", "Record", "RecordError",
           "ScoreLine", "ScoreSheet", "SetupError", "State", "replay", "rules"]
