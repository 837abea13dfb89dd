"""Taluva's plug-in: how the explorer finds its engine, app, rules, lessons and words."""
from __future__ import annotations

from ..games import own_plugin
from ..messages import T
from . import GAME

PLUGIN = own_plugin(
    GAME,
    T("Lay volcano tiles to grow a stacked island, erupting over older tiles "
      "to build upwards; settle it with huts, temples and towers. Most temples "
      "wins, then towers, then huts, unless someone places two kinds first."),
    rank=3, step_budget_ms=30.0)
