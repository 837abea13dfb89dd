"""Indian Summer's plug-in: how the explorer finds its engine, app, rules, lessons and words."""
from __future__ import annotations

from ..games import Card, own_plugin
from ..messages import N, T
from . import GAME

PLUGIN = own_plugin(
    GAME,
    T("Fill your forest floor with leaf tiles from your path: treasures "
      "showing through the holes become tokens for berries, nuts, mushrooms and "
      "feathers, animals and squirrels. A full board wins; also a solo game. "
      "Illustrative component set."),
    Card(T("Fill your board alone in 10 turns: new tiles come from either end of "
           "an upper and a lower path, and a numbered track counts down the turns "
           "and feeds the mushroom. Three games make a series."),
         "widgets.indian_summer:solo_gallery_picture", query="?players=1",
         title=T("{game} — solo", game="Indian Summer"),
         players=N("{n} player", "{n} players", 1), lessons="solo_"),
    rank=4, step_budget_ms=40.0)
