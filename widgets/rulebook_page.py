"""The rulebook page of a game (`rulebook.ipynb?game=<name>`), reachable from the gallery: the
rule text in full with every rule passage marked, and a link that opens the game's app at the
step where that rule acts (`<game>.ipynb?rule=<id>`)."""
from __future__ import annotations

from html import escape
from urllib.parse import parse_qs

import ipywidgets as w

import explorer
from explorer import rulebook

from .shared.rulebook_view import passage_html, side_by_side_html, source_label, summary_text
from .shared.share_panel import page_query
from .shared.style import CSS


def games_list() -> str:
    items = "".join(f'<li><a href="rulebook.ipynb?game={name}">{escape(game.title)}</a></li>'
                    for name, game in explorer.GAMES.items())
    return f"<p>Choose a game:</p><ul>{items}</ul>"


def page_html(name: str) -> str:
    game = explorer.GAMES[name]
    coverage = {c.rule: c for c in rulebook.coverage(name)}
    parts = [f'<h2>{escape(game.title)}: the rulebook, annotated</h2>'
             f'<p class="rx-rulebook-summary">{summary_text(name)} '
             f'<a href="{name}.ipynb">Open the explorer</a></p>']
    sources = rulebook.sources(name)
    for source in sources:
        parts.append(f"<h3>{escape(source_label(source))}</h3>")
        parts.append("".join(passage_html(i, p, coverage, link=f"{name}.ipynb")
                             for i, p in enumerate(rulebook.passages(name, source))))
    if len(sources) > 1:
        parts.append("<h3>Side by side, aligned by rule</h3>" + side_by_side_html(name, sources))
    return "".join(parts)


def rulebook_page(query: str | None = None):
    """The page widget (class rx-rulebook-page) for the game the page address names."""
    query = page_query() if query is None else query
    asked = parse_qs(query.lstrip("?")).get("game", [""])[0]
    if asked in explorer.GAMES:
        body = page_html(asked)
    else:
        note = f"<p>There is no game {escape(asked[:40])!s} here.</p>" if asked else ""
        body = note + games_list()
    page = w.HTML(CSS + f'<div class="rx-rulebook-text">{body}</div>')
    page.add_class("rx-rulebook-page")
    return page
