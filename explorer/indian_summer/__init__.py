"""Indian Summer (Uwe Rosenberg, 2017): rules engine for 2-4 players and the solo game.

Files, the same roles in every game:
  game.py        the Game (options, set-up as narrated steps, `position`, `position_data`) and
                 the solo `Series`
  state.py       one position and the moves from it (legal actions, apply, score, view)
  actions.py     the actions: lay a tile, animals, squirrels, treasures, refill, end the turn
  scoring.py     the end of the game: treasures to nuts, the final squirrels, the ranking
  components.py  the component data (leaf tiles, board sides, animals, treasures)
  position.py    hand-built positions from readable names, checked, and positions as data
  board.py       one player's forest floor (Floor): what lies on it, areas, treasures
  geometry.py    cells as bit masks, shapes and their orientations
  moves.py       where tiles, animals and squirrels fit
  solo.py        the solo game's paths and turn track, and a series' score
  heuristic.py   the heuristic bot's judgement
  data/          the component files; lessons/ the lesson files

Pure helpers for views: `geometry.orientations` / `orientation_of` / `placed`,
`board.leaf_cells`, `board.complete_areas`, `board.treasure_under_hole`, `board.empty_holes`,
`board.picture`; the component data in `components`.
"""
from .actions import (Animal, Berry, EndTurn, Exchange, Feather, Mushroom, Nut, Place, Refill,
                      Squirrel)
from .game import GAME, IndianSummer, Series
from .solo import series_score
from .state import IndianSummerState
from ..messages import player_name

__all__ = ["GAME", "Animal", "Berry", "EndTurn", "Exchange", "Feather", "IndianSummer",
           "IndianSummerState", "Mushroom", "Nut", "Place", "Refill", "Series", "Squirrel",
           "player_name", "series_score"]
