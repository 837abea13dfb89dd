"""Indian Summer (Uwe Rosenberg, 2017): rules engine for 2-4 players and the solo game.

Pure helpers for views: `geometry.orientations` / `orientation_of` / `placed`,
`board.leaf_cells`, `board.complete_areas`, `board.treasure_under_hole`, `board.empty_holes`,
`board.picture`; the component data in `components`.
"""
from .actions import (Animal, Berry, EndTurn, Exchange, Feather, Mushroom, Nut, Place, Refill,
                      Squirrel)
from .game import IndianSummer
from .solo import Series, series_score
from .state import IndianSummerState, player_name

GAME = IndianSummer()

__all__ = ["GAME", "Animal", "Berry", "EndTurn", "Exchange", "Feather", "IndianSummer",
           "IndianSummerState", "Mushroom", "Nut", "Place", "Refill", "Series", "Squirrel",
           "player_name", "series_score"]
