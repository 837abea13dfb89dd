"""Animals on Board's plug-in: how the explorer finds its engine, app, rules, lessons and words."""
from __future__ import annotations

from importlib import resources

from ..games import Card, GamePlugin, own_locale, own_sources, own_texts
from ..messages import T
from . import GAME

PLUGIN = GamePlugin(
    game=GAME,
    app="widgets.animals_on_board:app",
    texts=own_texts(),
    lessons=resources.files(__package__) / "lessons",
    locale=own_locale(),
    sources=own_sources("animals_on_board"),
    cards=(
        Card(T("Split the central animal groups to earn food crates, or pay crates to "
               "take a whole group into your ark. Pairs are lost when the arks sail; "
               "singles and herds of 3+ score."),
             "widgets.animals_on_board:gallery_picture"),
    ),
    notebook="animals_on_board.ipynb",
    rank=1,
    step_budget_ms=10.0,
)
