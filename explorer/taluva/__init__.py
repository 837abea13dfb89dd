"""Taluva (Marcel-André Casasola Merkle, 2006): rules engine.

The view reads geometry and rules from `board` (hexes, tiles, settlements), `placement` (legal
tile placements and why one is refused) and `building` (build targets per kind, expansion
previews); it holds no rule of its own. Hand-built positions: `GAME.position(...)`,
`GAME.position_from(data)` and `position_data(state)` (see `scenarios`).
"""
from .actions import Expand, Finish, Hut, Place, Temple, Tower
from .game import Taluva
from .scenarios import position_data
from .state import Placed, TaluvaState, player_name

GAME = Taluva()

__all__ = ["GAME", "Expand", "Finish", "Hut", "Place", "Placed", "Taluva", "TaluvaState",
           "Temple", "Tower", "player_name", "position_data"]
