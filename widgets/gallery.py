"""The gallery page: one card per game that has an app, with a picture drawn from its renderer.

It shows the language the page's address asks for (`?lang=ko`) or the browser prefers, as the
apps do, offers the others as links, and its links to the apps keep the language."""
from __future__ import annotations

import os
from html import escape

import ipywidgets as w

import explorer
from explorer import i18n
from explorer.text import N, T

from .shared.class_panel import ClassJoin
from .shared.share import in_language
from .shared.share_panel import page_query
from .shared.style import CSS
from .shared.svg import named_svg, scene_to_svg
from .shared.words import PageWords, page_language, unknown_language


def _animals_picture(words) -> str:
    """A position a few moves into a 3-player game, drawn by the real renderer as SVG."""
    from .animals_on_board import GAME, move_hints, scene
    from .shared.scene import View
    state = GAME.setup(3, 1)
    while state.phase == "keep":
        state = state.apply(state.legal_actions()[0])
    group = state.groups[0]
    state = state.apply(explorer.animals_on_board.Split(group[: len(group) // 2]))
    return scene_to_svg(scene(state, View(move_hints(state), words=words)), width=420)


def _cacao_picture(words) -> str:
    from .cacao import gallery_picture
    return gallery_picture(width=420, words=words)


def _taluva_picture(words) -> str:
    from .taluva import gallery_picture
    return gallery_picture(width=420, words=words)


def _indian_summer_picture(words) -> str:
    from .indian_summer import gallery_picture
    return gallery_picture(width=420, words=words)


def _indian_summer_solo_picture(words) -> str:
    """The solo game two turns in (the solo lesson's position after its mushroom), with its
    upper and lower paths and turn track, drawn by the real renderer as SVG."""
    from .indian_summer import scene
    from .shared.scene import View
    lesson = explorer.lessons.get("indian_summer", "solo_first_turns")
    return scene_to_svg(scene(lesson.states()[-1], View(words=words)), width=420)


APPS = [
    {"game": "animals_on_board", "notebook": "animals_on_board.ipynb", "picture": _animals_picture,
     "description": T("Split the central animal groups to earn food crates, or pay crates to "
                      "take a whole group into your ark. Pairs are lost when the arks sail; "
                      "singles and herds of 3+ score.")},
    {"game": "cacao", "notebook": "cacao.ipynb", "picture": _cacao_picture,
     "description": T("Lay worker tiles between jungle tiles like a checkerboard: workers "
                      "harvest cacao, sell it at markets, dig gold, carry water and worship the "
                      "sun; temples pay the majorities at the end.")},
    {"game": "taluva", "notebook": "taluva.ipynb", "picture": _taluva_picture,
     "description": T("Lay volcano tiles to grow a stacked island, erupting over older tiles "
                      "to build upwards; settle it with huts, temples and towers. Most temples "
                      "wins, then towers, then huts, unless someone places two kinds first.")},
    {"game": "indian_summer", "notebook": "indian_summer.ipynb",
     "picture": _indian_summer_picture,
     "description": T("Fill your forest floor with leaf tiles from your path: treasures "
                      "showing through the holes become tokens for berries, nuts, mushrooms and "
                      "feathers, animals and squirrels. A full board wins; also a solo game. "
                      "Illustrative component set.")},
    {"game": "indian_summer", "notebook": "indian_summer.ipynb", "query": "?players=1",
     "title": T("{game} — solo", game="Indian Summer"), "players": N("{n} player",
                                                                      "{n} players", 1),
     "picture": _indian_summer_solo_picture, "lessons": "solo_",
     "description": T("Fill your board alone in 10 turns: new tiles come from either end of "
                      "an upper and a lower path, and a numbered track counts down the turns "
                      "and feeds the mushroom. Three games make a series.")},
]

CARD_CSS = """<style>
.rx-gallery { display: flex; flex-wrap: wrap; gap: 18px; }
.rx-card { border: 1px solid #bbb; border-radius: 10px; padding: 12px; width: 440px;
  max-width: 100%; box-sizing: border-box; background: #fafafa; font-size: 16px; }
/* a phone's card is narrower than 440 px: the cards' box may shrink to the screen */
.widget-html-content:has(.rx-gallery) { min-width: 0; }
.rx-card svg { max-width: 100%; height: auto; }
.rx-card h3 { margin: 0 0 6px 0; font-size: 20px; }
.rx-rulebook-link { margin-left: 10px; font-weight: 600; }
.rx-card a.rx-rulebook-link, .rx-lessons a { color: #1565c0; text-decoration: underline; }
.rx-lessons { margin-top: 8px; } .rx-lessons summary { cursor: pointer; font-weight: 600; }
.rx-lessons li { margin: 3px 0; }
/* a finger needs a 24 px target, a link in a line of text included */
@media (pointer: coarse) {
  .rx-language-links a, .rx-card a, .rx-lessons summary { display: inline-block;
    min-height: 28px; min-width: 28px; line-height: 28px; }
  .rx-lessons li { margin: 8px 0; }
}
.rx-card a.rx-open { display: inline-block; margin-top: 8px; padding: 6px 14px; background: #1565c0;
  color: white; border-radius: 6px; text-decoration: none; font-weight: bold; }
</style>"""


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


def card_html(entry: dict, lang: str = i18n.DEFAULT) -> str:
    """One game's card. An entry may open the app with a query of its own ("query", e.g. the
    solo game's `?players=1`, marked data-players on the card), with its own "title" and
    "players" line, and list only the lessons whose names start with "lessons"."""
    game = explorer.GAMES[entry["game"]]
    say = PageWords(lang, game.name)
    low, high = min(game.player_counts), max(game.player_counts)
    players = entry.get("players", T("{low}–{high} players", low=low, high=high))
    notebook = escape(entry["notebook"], quote=True)
    link = escape(in_language(entry["notebook"] + entry.get("query", ""), say.lang), quote=True)
    variant = ""
    if entry.get("query", "").startswith("?players="):
        variant = f' data-players="{escape(entry["query"][len("?players="):], quote=True)}"'
    rulebook = escape(in_language(f"rulebook.ipynb?game={game.name}", say.lang), quote=True)
    title = say(entry.get("title", game.title))
    # the picture is a link too: its name (the picture's) says which game it opens
    picture = named_svg(entry["picture"](say),
                        say(T("{game}: the board a few turns into a game", game=title)))
    return (f'<div class="rx-card" data-game="{escape(game.name, quote=True)}"{variant}>'
            f'<h3><a href="{link}">{escape(title)}</a></h3>'
            f'<div>{escape(say(players))}</div><p>{escape(say(entry["description"]))}</p>'
            f'<a href="{link}">{picture}</a><br>'
            f'<a class="rx-open" href="{link}">{escape(say(T("Open the explorer")))}</a> '
            f'<a class="rx-rulebook-link" href="{rulebook}">'
            f'{escape(say(T("The rulebook, annotated")))}</a>'
            f'{lessons_html(game.name, notebook, entry.get("lessons", ""), say.lang)}</div>')


def lessons_html(game_name: str, notebook_link: str, prefix: str = "",
                 lang: str = i18n.DEFAULT) -> str:
    """The game's lessons (those whose names start with `prefix`) as links that open the app at
    each one (`?lesson=<name>`; a lesson sets up its own players)."""
    say = PageWords(lang, game_name)
    items = "".join(f'<li><a class="rx-lesson-link" href="'
                    f'{escape(in_language(f"{notebook_link}?lesson={lesson.name}", say.lang), quote=True)}">'
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
    cards = "".join(card_html(e, say.lang) for e in APPS)
    head = w.HTML(CSS + CARD_CSS + f'<div lang="{say.lang}">{language_links(say.lang)}{note}'
                  f'<h1>{escape(say(T("Rules explorer")))}</h1>'
                  f'<p>{escape(say(T("Interactive walk-throughs of tabletop games: set-up, turns and scoring, each step with its rulebook passage.")))}</p>'
                  f'<h2 class="rx-class-join-title">{escape(say(T("Join a class")))}</h2></div>')
    games = w.HTML(f'<div lang="{say.lang}"><h2>{escape(say(T("Games")))}</h2>'
                   f'<p>{escape(say(T("Pick a game to walk through its set-up, turns and scoring, with the rulebook passage for every step.")))}</p>'
                   f'<div class="rx-gallery">{cards}</div></div>')
    # "Join a class" near the top: a student with a code should not have to look for it
    page = w.VBox([head, ClassJoin(say), games])
    page.add_class("rx-gallery-page")
    return page
