"""The page of any registered game, `game.ipynb?game=<name>`: a game that comes in a package of
its own has no notebook in notebooks/, so this one opens its app (the rest of the address works
as on any app page)."""
from __future__ import annotations

import importlib
import os
from html import escape
from urllib.parse import parse_qs

import ipywidgets as w

import explorer
from explorer import games, i18n
from explorer.messages import T

from .shared.share_panel import page_query
from .shared.style import CSS
from .shared.page_words import PageWords, page_language


def named(target: str):
    """What a plug-in names as "module:function" (its app, a card's picture): imported only when
    a page needs it, since the engines never import a view."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def game_page(query: str | None = None):
    """The app of the game that `?game=` names; else a short page listing the games."""
    query = page_query(i18n.preload) if query is None else query
    name = parse_qs(query.lstrip("?")).get("game", [""])[0]
    if name in explorer.GAMES:
        return named(games.plugin(name).app)()
    lang, _ = page_language(query, os.environ.get("HTTP_ACCEPT_LANGUAGE"))
    say = PageWords(lang)
    names = ", ".join(PageWords(lang, name)(game.title) for name, game in explorer.GAMES.items())
    page = w.HTML(CSS + f'<div lang="{say.lang}" class="rx-message rx-error" role="alert">'
                  f'{escape(say(T("No game is called {name}. The games: {games}.", name=repr(name), games=names)))}'
                  f' <a href="index.ipynb">{escape(say(T("All games")))}</a></div>')
    page.add_class("rx-game-page")
    return page
