"""Animals on Board (Wolfgang Sentker & Ralf zur Linde, 2016): rules engine.

Files, the same roles in every game:
  game.py        the Game (options, set-up as narrated steps, `position`, `position_data`)
  state.py       one position and the moves from it (legal actions, apply, score, view)
  actions.py     the actions: keep (set-up), split, take
  scoring.py     an ark's points, line by line
  components.py  species, tiles and their names, counts from the box
  position.py    hand-built positions from tile names, checked (the builder behind `position`)
  heuristic.py   the heuristic bot's move choice
  lessons/       the lesson files
"""
from .actions import Keep, Split, Take
from .game import GAME, AnimalsOnBoard
from .state import AnimalsState
from ..messages import player_name

__all__ = ["GAME", "AnimalsOnBoard", "AnimalsState", "Keep", "Split", "Take", "player_name"]
