"""Animals on Board's plug-in: how the explorer finds its engine, app, rules, lessons and words."""
from __future__ import annotations

from ..games import own_plugin
from ..messages import T
from . import GAME

PLUGIN = own_plugin(
    GAME,
    T("Split the central animal groups to earn food crates, or pay crates to "
      "take a whole group into your ark. Pairs are lost when the arks sail; "
      "singles and herds of 3+ score."),
    rank=1, step_budget_ms=10.0)
