"""The gallery page: one card per game that has an app, with a picture drawn from its renderer.

It shows the language the page's address asks for (`?lang=ko`) or the browser prefers, as the
apps do, offers the others as links, and its links to the apps keep the language."""
from __future__ import annotations

import os
from html import escape

import ipywidgets as w

import explorer
from explorer import games, i18n
from explorer.games import Card, GamePlugin
from explorer.messages import N, T

from .game_page import named
from .shared.class_panel import ClassJoin
from explorer.links import in_language
from .shared.share_panel import page_query
from .shared.style import CSS, style_tag
from .shared.svg import named_svg, scene_to_svg
from .shared.page_words import PageWords, page_language, unknown_language


def picture_of(card: Card, words) -> str:
    """A card's picture: the SVG its game's view draws (`card.picture` names the function)."""
    return named(card.picture)(words=words)


CARD_CSS = style_tag("gallery.css", beside=__file__)


def language_links(lang: str, query: str = "") -> str:
    """The page in each of our languages (class rx-language-links), each named in itself; the
    one shown is not a link. `query` is the rest of the page's address ("game=cacao")."""
    items = []
    for code, name in i18n.LANGUAGES.items():
        if code == lang:
            items.append(f'<b lang="{code}">{escape(name)}</b>')
        else:
            href = f"?{query}&lang={code}" if query else f"?lang={code}"
            items.append(f'<a lang="{code}" hreflang="{code}" '
                         f'href="{escape(href, quote=True)}">{escape(name)}</a>')
    return f'<nav class="rx-language-links">{" · ".join(items)}</nav>'


def card_html(plugin: GamePlugin, card: Card, lang: str = i18n.DEFAULT) -> str:
    """One card of a game. A card may open the app with a query of its own (`card.query`, e.g.
    the solo game's `?players=1`, marked data-players on the card), with its own title and
    players line, and list only the lessons whose names start with `card.lessons`."""
    game = plugin.game
    say = PageWords(lang, game.name)
    low, high = min(game.player_counts), max(game.player_counts)
    players = card.players or (T("{low}–{high} players", low=low, high=high) if low < high
                               else N("{n} player", "{n} players", low))
    page, _, page_query_part = plugin.page.partition("?")
    query = "&".join(part for part in (page_query_part, card.query.lstrip("?")) if part)
    notebook = escape(plugin.page, quote=True)
    link = escape(in_language(page + (f"?{query}" if query else ""), say.lang), quote=True)
    variant = ""
    if card.query.startswith("?players="):
        variant = f' data-players="{escape(card.query[len("?players="):], quote=True)}"'
    rulebook = escape(in_language(f"rulebook.ipynb?game={game.name}", say.lang), quote=True)
    title = say(card.title or game.title)
    # the picture is a link too: its name (the picture's) says which game it opens
    picture = named_svg(picture_of(card, say),
                        say(T("{game}: the board a few turns into a game", game=title)))
    return (f'<div class="rx-card" data-game="{escape(game.name, quote=True)}"{variant}>'
            f'<h3><a href="{link}">{escape(title)}</a></h3>'
            f'<div>{escape(say(players))}</div><p>{escape(say(card.description))}</p>'
            f'<a href="{link}">{picture}</a><br>'
            f'<a class="rx-open" href="{link}">{escape(say(T("Open the explorer")))}</a> '
            f'<a class="rx-rulebook-link" href="{rulebook}">'
            f'{escape(say(T("The rulebook, annotated")))}</a>'
            f'{lessons_html(game.name, notebook, card.lessons, say.lang)}</div>')


def lessons_html(game_name: str, notebook_link: str, prefix: str = "",
                 lang: str = i18n.DEFAULT) -> str:
    """The game's lessons (those whose names start with `prefix`) as links that open the app at
    each one (`?lesson=<name>`; a lesson sets up its own players)."""
    say = PageWords(lang, game_name)
    joiner = "&" if "?" in notebook_link else "?"
    items = "".join(f'<li><a class="rx-lesson-link" href="'
                    f'{escape(in_language(f"{notebook_link}{joiner}lesson={lesson.name}", say.lang), quote=True)}">'
                    f'{escape(say(lesson.title))}</a></li>'
                    for lesson in explorer.lessons.shipped(game_name)
                    if lesson.name.startswith(prefix))
    return (f'<details class="rx-lessons"><summary>{escape(say(T("Lessons")))}</summary>'
            f'<ul>{items}</ul></details>' if items else "")


def gallery(query: str | None = None):
    """The index page widget (class rx-gallery-page), in the language the page's address asks
    for (`?lang=`) or the browser prefers."""
    query = page_query(i18n.preload) if query is None else query
    lang, unknown = page_language(query, os.environ.get("HTTP_ACCEPT_LANGUAGE"))
    say = PageWords(lang)
    note = (f'<p class="rx-message rx-info">{escape(say(unknown_language(unknown)))}</p>'
            if unknown is not None else "")
    cards = "".join(card_html(plugin, card, say.lang)
                    for plugin in games.in_gallery_order() for card in plugin.cards)
    head = w.HTML(CSS + CARD_CSS + f'<div lang="{say.lang}">{language_links(say.lang)}{note}'
                  f'<h1>{escape(say(T("Rules explorer")))}</h1>'
                  f'<p>{escape(say(T("Interactive walk-throughs of tabletop games: set-up, turns and scoring, each step with its rulebook passage.")))}</p>'
                  f'<h2 class="rx-class-join-title">{escape(say(T("Join a class")))}</h2></div>')
    listing = w.HTML(f'<div lang="{say.lang}"><h2>{escape(say(T("Games")))}</h2>'
                   f'<p>{escape(say(T("Pick a game to walk through its set-up, turns and scoring, with the rulebook passage for every step.")))}</p>'
                   f'<div class="rx-gallery">{cards}</div></div>')
    # "Join a class" near the top: a student with a code should not have to look for it
    page = w.VBox([head, ClassJoin(say), listing])
    page.add_class("rx-gallery-page")
    return page
