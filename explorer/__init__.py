"""Rules engines for the tabletop rules explorer (no view code in this package)."""
from . import lessons, rules
from .core import (Action, Event, Game, IllegalAction, Option, PositionError, RecordError,
                   ScoreLine, ScoreSheet, SetupError, State)
from .games import GAMES
from .record import Record, replay

__all__ = ["GAMES", "Action", "Event", "Game", "IllegalAction", "Option", "PositionError",
           "Record", "RecordError", "ScoreLine", "ScoreSheet", "SetupError", "State", "lessons",
           "replay", "rules"]
