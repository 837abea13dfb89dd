"""Cacao's plug-in: how the explorer finds its engine, app, rules, lessons and words."""
from __future__ import annotations

from importlib import resources

from ..games import Card, GamePlugin, own_locale, own_sources, own_texts
from ..messages import T
from . import GAME

PLUGIN = GamePlugin(
    game=GAME,
    app="widgets.cacao:app",
    texts=own_texts(),
    lessons=resources.files(__package__) / "lessons",
    locale=own_locale(),
    sources=own_sources("cacao"),
    cards=(
        Card(T("Lay worker tiles between jungle tiles like a checkerboard: workers "
               "harvest cacao, sell it at markets, dig gold, carry water and worship the "
               "sun; temples pay the majorities at the end."),
             "widgets.cacao:gallery_picture"),
    ),
    notebook="cacao.ipynb",
    rank=2,
    step_budget_ms=2.5,
)
