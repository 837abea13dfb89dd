"""Cacao's plug-in: how the explorer finds its engine, app, rules, lessons and words."""
from __future__ import annotations

from ..games import own_plugin
from ..messages import T
from . import GAME

PLUGIN = own_plugin(
    GAME,
    T("Lay worker tiles between jungle tiles like a checkerboard: workers "
      "harvest cacao, sell it at markets, dig gold, carry water and worship the "
      "sun; temples pay the majorities at the end."),
    rank=2, step_budget_ms=2.5)
