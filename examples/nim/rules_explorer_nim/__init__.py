"""Nim (traditional; normal play, with a misère option): rules engine, as a plug-in package.

Files, the same roles as in every game of the explorer:
  game.py        the Game (options, set-up as narrated steps, `position`, `position_data`)
  state.py       one position and the moves from it (legal actions, apply, score, view)
  actions.py     the one action: take counters from a heap
  scoring.py     the score sheet's lines (the winner's point and its rule)
  components.py  the counters and the heap sizes
  position.py    hand-built positions from heap sizes, checked (the builder behind `position`)
  plugin.py      how the explorer finds all of it (entry point `rules_explorer.games`)
  rules/         the rule text, its rule index and glossary
  lessons/       the lesson files
  locale/        the Korean and Hungarian catalogues
  view/          the app (ipywidgets + ipycanvas); the engine never imports it
"""
from .actions import Take
from .game import GAME, Nim
from .state import NimState

__all__ = ["GAME", "Nim", "NimState", "Take"]
