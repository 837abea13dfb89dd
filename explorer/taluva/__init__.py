"""Taluva (Marcel-André Casasola Merkle, 2006): rules engine.

Files, the same roles in every game:
  game.py        the Game (options, set-up as narrated steps, `position`, `position_data`)
  state.py       one position and the moves from it (legal actions, apply, score, view)
  actions.py     the actions: place the drawn tile, then build (hut, expand, temple, tower)
  scoring.py     the end: early win, last player left, or the ranking after the last tile
  components.py  the 48 island tiles and each player's buildings
  position.py    hand-built positions from readable names, checked, and positions as data
  board.py       island geometry and settlements (hexes, tiles, lava direction)
  placement.py   where the drawn tile may go, and which rule refuses a placement
  building.py    build targets per kind and expansion previews
  heuristic.py   the greedy bot's judgement of a position
  lessons/       the lesson files

The view reads geometry and rules from `board`, `placement` and `building`; it holds no rule of
its own. Hand-built positions: `GAME.position(...)`, `GAME.position_from(data)` and
`GAME.position_data(state)` (also `position_data(state)` here).
"""
from .actions import Expand, Finish, Hut, Place, Temple, Tower
from .game import GAME, Taluva
from .position import position_data
from .state import Placed, TaluvaState, player_name

__all__ = ["GAME", "Expand", "Finish", "Hut", "Place", "Placed", "Taluva", "TaluvaState",
           "Temple", "Tower", "player_name", "position_data"]
