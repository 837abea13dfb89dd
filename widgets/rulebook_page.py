"""The rulebook page of a game (`rulebook.ipynb?game=<name>`), reachable from the gallery: the
rule text in full with every rule passage marked, and a link that opens the game's app at the
step where that rule acts (`<game>.ipynb?rule=<id>`). It shows the language the address asks
for (`&lang=ko`) or the browser prefers, as the apps do, and its links keep it."""
from __future__ import annotations

import os
from html import escape
from urllib.parse import parse_qs

import ipywidgets as w

import explorer
from explorer import i18n, rulebook
from explorer.messages import T

from .gallery import language_links
from .shared.rulebook_view import passage_html, side_by_side_html, source_label, summary_text
from explorer.links import in_language
from .shared.share_panel import page_query
from .shared.style import CSS
from .shared.page_words import PageWords, page_language, unknown_language

ENGLISH = PageWords()


def games_list(words: PageWords = ENGLISH) -> str:
    items = "".join(f'<li><a href="{escape(in_language(f"rulebook.ipynb?game={name}", words.lang), quote=True)}">'
                    f'{escape(words(game.title))}</a></li>'
                    for name, game in explorer.GAMES.items())
    return f"<p>{escape(words(T('Choose a game:')))}</p><ul>{items}</ul>"


def page_html(name: str, words: PageWords = ENGLISH) -> str:
    game = explorer.GAMES[name]
    words = PageWords(words.lang, name)
    coverage = {c.rule: c for c in rulebook.coverage(name)}
    app = in_language(f"{name}.ipynb", words.lang)
    parts = [f'<h2>{escape(words(T("{game}: the rulebook, annotated", game=game.title)))}</h2>'
             f'<p class="rx-rulebook-summary">{escape(summary_text(name, words))} '
             f'<a href="{escape(app, quote=True)}">{escape(words(T("Open the explorer")))}</a></p>']
    sources = rulebook.sources(name)
    for source in sources:
        parts.append(f"<h3>{escape(words(source_label(source)))}</h3>")
        parts.append("".join(passage_html(i, p, coverage, link=f"{name}.ipynb", words=words)
                             for i, p in enumerate(rulebook.passages(name, source))))
    if len(sources) > 1:
        parts.append(f"<h3>{escape(words(T('Side by side, aligned by rule')))}</h3>"
                     + side_by_side_html(name, sources, words=words))
    return "".join(parts)


def rulebook_page(query: str | None = None):
    """The page widget (class rx-rulebook-page) for the game the page address names, in the
    language it asks for (`lang=`) or the browser prefers."""
    query = page_query(i18n.preload) if query is None else query
    lang, unknown = page_language(query, os.environ.get("HTTP_ACCEPT_LANGUAGE"))
    words = PageWords(lang)
    asked = parse_qs(query.lstrip("?")).get("game", [""])[0]
    note = (f'<p class="rx-message rx-info">{escape(words(unknown_language(unknown)))}</p>'
            if unknown is not None else "")
    if asked in explorer.GAMES:
        body = page_html(asked, words)
        rest = f"game={asked}"
    else:
        if asked:
            note += "<p>" + escape(words(T("There is no game {name} here.",
                                            name=asked[:40]))) + "</p>"
        body = (f"<h1>{escape(words(T('The rulebooks, annotated')))}</h1>" + games_list(words))
        rest = ""
    page = w.HTML(CSS + f'<div class="rx-rulebook-text" lang="{words.lang}">'
                  f'{language_links(words.lang, rest)}{note}{body}</div>')
    page.add_class("rx-rulebook-page")
    return page
