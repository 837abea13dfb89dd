"""Every text an app shows goes through the page's words, so every text can be translated.

Each app is opened in the pseudo-language (`?lang=qps`, see explorer/i18n.py), where every
translated text is shown ⟦marked⟧; it is walked through set-up, moves, a refusal, a lesson,
every tab and the scoring step, and any visible English left unmarked is listed
(tests/words_check.py). Rule quotes keep their own language and are not checked.
"""
from __future__ import annotations

import importlib
import random

import pytest

import explorer
from explorer import i18n

from words_check import english, html_texts, untranslated
import registered

GAMES = sorted(explorer.GAMES)


def walk(root) -> list[str]:
    """Open every screen of the app under `root`; the untranslated texts seen on the way."""
    app = root.explorer
    found: set[str] = set()

    def look() -> None:
        found.update(untranslated(root, i18n.PSEUDO, app.board))

    look()
    for tab in range(len(app.tabs.children)):
        app.tabs.selected_index = tab
        look()
    app.tabs.selected_index = 0
    app.go(app.timeline.setup_count - 1)
    state = app.timeline.frame.state
    rng = random.Random(1)
    for _ in range(6):                      # a few moves, then a refused one
        if state.is_over:
            break
        app.try_action(rng.choice(state.legal_actions()))
        state = app.timeline.frame.state
        look()
    earlier = app.timeline.frames[max(0, app.timeline.index - 2)].state
    for action in earlier.legal_actions()[:10]:
        if action not in state.legal_actions():
            app.try_action(action)
            look()
            break
    moves = []
    end = app.game.setup(app.players, app.seed, **app.options)
    while not end.is_over:                  # the scoring step of a whole game
        action = rng.choice(end.legal_actions())
        moves.append(action)
        end = end.apply(action)
    app.new_game(app.players, app.seed, app.options, moves, step=10**9)
    look()
    app.tabs.selected_index = 1
    look()
    for lesson in app.lessons.available[:1]:
        app.lessons.open(lesson.name, 2)
        look()
    return sorted(found)


@pytest.mark.parametrize("game", GAMES)
def test_every_text_an_app_shows_is_translatable(game, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", f"lang={i18n.PSEUDO}")
    root = registered.app_factory(game)(players=2, seed=3)
    assert root.explorer.words.lang == i18n.PSEUDO
    found = walk(root)
    assert not found, f"{len(found)} texts shown untranslated, e.g.:\n" + "\n".join(found[:40])


def test_the_language_menu_switches_in_place_and_keeps_the_step(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "")
    root = importlib.import_module("widgets.taluva").app(players=2, seed=3)
    app = root.explorer
    app.go(app.timeline.setup_count - 1)
    state = app.timeline.frame.state
    app.try_action(state.legal_actions()[0])
    index, fingerprint = app.timeline.index, app.timeline.frame.state.fingerprint()
    app.language.lang = i18n.PSEUDO                       # as the menu in the page does
    assert app.words.lang == i18n.PSEUDO
    assert app.projector.description.startswith("⟦")
    assert app.tabs.titles[0].startswith("⟦")
    assert (app.timeline.index, app.timeline.frame.state.fingerprint()) == (index, fingerprint)
    assert "lang=qps" in app.address.query
    app.language.lang = "en"
    assert app.projector.description == "Projector" and "lang=" not in app.address.query


def test_an_unknown_language_is_english_with_a_one_line_message(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=xx")
    app = importlib.import_module("widgets.cacao").app(players=2, seed=3).explorer
    assert app.words.lang == "en"
    assert "no language 'xx'" in app.message.text and "\n" not in app.message.text


def test_the_browser_language_is_the_default(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "ko-KR,ko;q=0.9,en;q=0.5")
    app = importlib.import_module("widgets.cacao").app(players=2, seed=3).explorer
    assert app.words.lang == "ko" and app.language.lang == "ko"


def test_the_gallery_and_its_pictures_are_translatable():
    from widgets.gallery import gallery
    root = gallery(f"lang={i18n.PSEUDO}")
    page = "".join(child.value for child in root.children if hasattr(child, "value"))
    texts = html_texts(page, i18n.PSEUDO, skipped={"code", "style", "script"})
    join = [child for child in root.children if hasattr(child, "words")]
    texts += [text for widget in join for text in widget.words.values()]
    left = sorted({t.strip()[:60] for t in texts if english(t)})
    assert not left, f"{len(left)} texts of the gallery untranslated, e.g. {left[:20]}"


def test_a_preheated_kernel_reads_the_catalogues_before_its_page_comes(monkeypatch):
    """So a Korean or Hungarian page does not wait for them (see benchmarks: load parity)."""
    from widgets.shared import share_panel
    i18n.translations.cache_clear()
    seen = []
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(share_panel, "_wait_for_page_request",
                        lambda: seen.append(i18n.translations.cache_info().currsize))
    importlib.import_module("widgets.cacao").app(players=2, seed=3)
    # ko and hu: shared, cacao, rules; hu: paraphrases
    assert seen == [7]
