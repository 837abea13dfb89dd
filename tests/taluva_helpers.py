"""Taluva islands shared by the rule, position and view tests."""
from __future__ import annotations

# A level-1 island (terrains in comments), rotations written as the first landscape's direction:
#   (0, 0) volcano, (1, 0) jungle, (0, 1) clearing      (-2, 1) volcano, (-1, 0) sand, (-1, 1) rock
#   (0, -2) volcano, (0, -1) lake, (-1, -1) jungle      (3, -1) volcano, (2, 0) jungle, (2, -1) sand
#   (1, 2) volcano, (0, 2) clearing, (1, 1) jungle
ISLAND = [("jungle-clearing", (0, 0), "E"), ("sand-rock", (-2, 1), "NE"),
          ("lake-jungle", (0, -2), "SE"), ("jungle-sand", (3, -1), "SW"),
          ("clearing-jungle", (1, 2), "W")]
# Ten more tiles north of ISLAND (every hex at r <= -3), six of them eruptions at levels 2, 2,
# 3, 2, 3, 4: each covered two hexes of at most (level - 1) huts, room for 20 removed huts.
NORTH = [("rock-lake", (1, -3), "W"), ("lake-rock", (0, -4), "SW"), ("sand-lake", (0, -4), "E"),
         ("lake-sand", (2, -4), "E"), ("clearing-rock", (1, -3), "NE"),
         ("rock-clearing", (1, -3), "W"), ("clearing-lake", (3, -5), "NE"),
         ("lake-clearing", (3, -5), "E"), ("rock-sand", (3, -5), "SE"),
         ("jungle-jungle", (1, -3), "NW")]
ERUPTED = ISLAND + NORTH
