"""Taluva's plug-in: how the explorer finds its engine, app, rules, lessons and words."""
from __future__ import annotations

from importlib import resources

from ..games import Card, GamePlugin, own_locale, own_sources, own_texts
from ..messages import T
from . import GAME

PLUGIN = GamePlugin(
    game=GAME,
    app="widgets.taluva:app",
    texts=own_texts(),
    lessons=resources.files(__package__) / "lessons",
    locale=own_locale(),
    sources=own_sources("taluva"),
    cards=(
        Card(T("Lay volcano tiles to grow a stacked island, erupting over older tiles "
               "to build upwards; settle it with huts, temples and towers. Most temples "
               "wins, then towers, then huts, unless someone places two kinds first."),
             "widgets.taluva:gallery_picture"),
    ),
    notebook="taluva.ipynb",
    rank=3,
    step_budget_ms=30.0,
)
