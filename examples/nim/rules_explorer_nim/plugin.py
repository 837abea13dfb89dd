"""Nim's plug-in: how the explorer finds its engine, app, rules, lessons and words.

Everything is found inside this package, so installing it is all it takes to add the game.
"""
from __future__ import annotations

from importlib import resources

from explorer.games import Card, GamePlugin
from explorer.messages import T

from . import GAME

HERE = resources.files(__package__)

PLUGIN = GamePlugin(
    game=GAME,
    app="rules_explorer_nim.view:app",
    texts=HERE / "rules",
    lessons=HERE / "lessons",
    locale=HERE / "locale",
    sources=(HERE,),
    cards=(
        Card(T("Two players take turns taking counters from one of three heaps, as many as "
               "they like from one heap. Whoever takes the last counter wins."),
             "rules_explorer_nim.view:gallery_picture", players=T("2 players")),
    ),
    notebook="",
    rank=5,
    step_budget_ms=10.0,
)
