"""Cacao (Phil Walker-Harding, 2015): rules engine.

Files, the same roles in every game:
  game.py        the Game (options, set-up as narrated steps, `position`, `position_data`)
  state.py       one position and the moves from it (legal actions, apply, score, view)
  actions.py     the actions: place, rebuild, fill a jungle space, use or decline workers
  scoring.py     the score sheet (gold, temples, sun tokens, water) and temple prizes
  components.py  worker tiles, jungle tiles, the water track, supplies
  position.py    hand-built positions from readable names, checked, and positions as data
  board.py       the checkerboard of cells, sides and neighbours
  examples.py    the worked examples of the rule texts as start positions (from the lessons)
  heuristic.py   the heuristic bot's judgement
  lessons/       the lesson files
"""
from .actions import Decline, Fill, Place, Rebuild, Work
from .game import GAME, Cacao
from .state import CacaoState, Pending, Placed, player_name

__all__ = ["GAME", "Cacao", "CacaoState", "Decline", "Fill", "Pending", "Place", "Placed",
           "Rebuild", "Work", "player_name"]
