"""Rules engines for the tabletop rules explorer (no view code in this package).

  core.py        Game, State, Action, Event, ScoreSheet, IllegalAction, PositionError
  games.py       GAMES: the registered games by name (each a GamePlugin, found by entry point)
  messages.py    what engines say: T, N, Message (English, translatable), player_name, plural
  links.py       share links and record files: built and checked (LinkError)
  record.py      records (game, players, seed, options, actions) and their replay
  rules.py       the rule index; lessons.py the lesson files
  rulebook.py    the annotated rulebook; citations.py where each rule is cited
  untrusted.py   reading data that comes from outside (records, lessons, pasted JSON)
  bots.py, cli.py  random and heuristic players; `python -m explorer ...`
  <game>/        one package per game, the same files for the same roles; plugin.py registers it
  seeds/         the rule texts and indexes (a link to the checkout's seeds/, shipped in the wheel)
"""
from . import lessons, rules
from .core import (Action, Event, Game, IllegalAction, Option, PositionError, RecordError,
                   ScoreLine, ScoreSheet, SetupError, State)
from .games import GAMES
from .record import Record, replay

__all__ = ["GAMES", "Action", "Event", "Game", "IllegalAction", "Option", "PositionError",
           "Record", "RecordError", "ScoreLine", "ScoreSheet", "SetupError", "State", "lessons",
           "replay", "rules"]
