"""Every app in Korean and Hungarian, in Chromium at 1280x800: no English left in what the page
shows (rule quotes keep their own language and are not checked), a refusal and a lesson's
question in the language, and the language menu switching in place: same step, same game, and
a Share link that opens the step again in that language."""
from __future__ import annotations

import re

import pytest

from explorer import i18n, lessons
from explorer.messages import T
import registered
from helpers import (act, board_point, leave, new_page, open_board, screenshot, text, wait_text)

pytestmark = pytest.mark.browser

APPS = registered.browser_games()
LANGS = ("ko", "hu")
WORD = re.compile(r"[A-Za-z]{3,}")
# names a person types, not words: rule ids (cacao.place.adjacent), option names
# (start_player) and link parameters (?players=1)
# (Korean particles follow a name directly: start_player로)
RULE_ID = re.compile(r"(?<![A-Za-z0-9_])([a-z_]+(\.[a-z_0-9]+)+|[a-z]+(_[a-z0-9]+)+|[a-z_]+=[\w.-]*)"
                     r"(?![A-Za-z0-9_])")
# Not words of a language: names every language writes alike (games, keys, languages)
ALLOWED = {"Esc", "Space", "Page", "Down", "Home", "End", "Enter", "Tab", "English", "Magyar",
           "magyar", "PNG", "JSON", "TOML", "QR"} | {
    word for plugin in registered.plugins() for word in WORD.findall(str(plugin.game.title))}
# a rulebook's words quoted in a note ('1x piac, eladási ár 2') keep their language
QUOTED = re.compile(r"'[^']*'")
# Hungarian is written in Latin letters too: there, English shows by its common words (none of
# them a Hungarian word)
ENGLISH = re.compile(r"\b(the|and|of|with|from|for|this|that|your|you|are|not|step|player|"
                     r"players|tile|tiles|rule|rules|board|game|turn|what|how|about|open|"
                     r"show|here|there|then|when|which|will|can|has|have|no|by)\b",
                     re.IGNORECASE)

# The visible text nodes of the app in the page's language: not inside an element whose lang
# is another (rule quotes, an English paraphrase opened on request), not code, not hidden.
VISIBLE_TEXTS_JS = """(lang) => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector('.rx-app'),
                                           NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest('code, style, script')) continue;
    const own = el.closest('[lang]');
    if (own && own.getAttribute('lang') !== lang) continue;
    if (!el.checkVisibility || !el.checkVisibility()) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    found.push(node.textContent.trim());
  }
  for (const el of document.querySelectorAll('.rx-app [title], .rx-app [placeholder]')) {
    if (el.offsetParent === null) continue;
    const own = el.closest('[lang]');
    if (own && own.getAttribute('lang') !== lang) continue;
    for (const a of ['title', 'placeholder'])   // ipywidgets titles a description "null"
      if (el.getAttribute(a) && el.getAttribute(a) !== 'null') found.push(el.getAttribute(a));
  }
  return found;
}"""


# Visible buttons, menus and tab titles whose text does not fit (cut, or ending in "…")
CUT_TEXT_JS = """() => [...document.querySelectorAll(
    '.rx-app button, .rx-app .lm-TabBar-tabLabel, .rx-app select')]
  .filter(el => el.offsetParent !== null && el.clientWidth > 0
          && el.scrollWidth > el.clientWidth + 1)
  .map(el => el.textContent.trim().slice(0, 40))"""


def english_in(text: str, lang: str) -> list[str]:
    """The English words in `text` shown in a `lang` page (rule ids and names aside)."""
    text = QUOTED.sub(" ", RULE_ID.sub(" ", text))
    found = WORD.findall(text) if lang == "ko" else [m.group(0) for m in ENGLISH.finditer(text)]
    return [w for w in found if w not in ALLOWED]


def english_left(page, lang: str) -> list[str]:
    texts = page.evaluate(VISIBLE_TEXTS_JS, lang)
    return sorted({t[:80] for t in texts if english_in(t, lang)})


def said(text, lang: str, game: str) -> str:
    return i18n.render(text, lang, game)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", APPS)
def test_an_app_speaks_the_language_throughout(browser, voila_url, name, lang):
    page = new_page(browser)
    try:
        open_board(page, voila_url, name, f"?players=3&lang={lang}")
        assert page.evaluate("() => document.documentElement.lang") == lang
        act(page, lambda: page.click(".rx-last"))
        for _ in range(2):
            act(page, lambda: page.click(".rx-play-turn"))
            page.wait_for_function("() => !document.querySelector('.rx-play-turn').disabled")
        left = english_left(page, lang)
        screenshot(page, f"lang-{name}-{lang}-game")
        assert page.evaluate(CUT_TEXT_JS) == [], "cut at 1280x800"
        act(page, lambda: page.click(".rx-projector-toggle"))
        page.wait_for_selector(".rx-app.rx-projector")
        screenshot(page, f"lang-{name}-{lang}-projector")
        assert page.evaluate(CUT_TEXT_JS) == [], "cut in projector mode"
        act(page, lambda: page.click(".rx-projector-toggle"))
        page.wait_for_selector(".rx-app:not(.rx-projector)")
        for tab in range(6):
            page.locator(".rx-tabs .lm-TabBar-tab, .rx-tabs .p-TabBar-tab").nth(tab).click()
            page.wait_for_timeout(0)
            left += english_left(page, lang)
        screenshot(page, f"lang-{name}-{lang}-rulebook")
        assert not left, f"English left in the {lang} page: {sorted(set(left))[:20]}"
        assert page.errors == []
    finally:
        leave(page)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", APPS)
def test_a_refusal_and_a_lesson_question_come_in_the_language(browser, voila_url, name, lang):
    page = new_page(browser)
    try:
        refusal = registered.need(name, "REFUSAL_LINK")   # None: the game shows none by link
        if refusal is not None:
            open_board(page, voila_url, name, f"{refusal}&lang={lang}")
            page.wait_for_selector(".rx-message .rx-refusal")
            shown = text(page, ".rx-message")
            assert shown.startswith(said(T("Not allowed: {reason} — rule {rule}", reason="",
                                           rule=""), lang, name).split(" ")[0]), shown
            assert not english_in(shown, lang), shown
            screenshot(page, f"lang-{name}-{lang}-refusal")
        lesson = next(x for x in lessons.shipped(name)
                      if any(s.checkpoint for s in x.steps))
        step = next(i for i, s in enumerate(lesson.steps) if s.checkpoint) + 1
        open_board(page, voila_url, name, f"?lesson={lesson.name}&step={step}&lang={lang}")
        prompt = said(lesson.steps[step - 1].checkpoint.prompt, lang, name)
        wait_text(page, ".rx-lesson-prompt", prompt[:30])
        assert prompt != lesson.steps[step - 1].checkpoint.prompt
        assert english_left(page, lang) == []
        screenshot(page, f"lang-{name}-{lang}-lesson")
        assert page.errors == []
    finally:
        leave(page)


def test_switching_language_keeps_the_step_and_the_link_reopens_it(browser, voila_url):
    page = new_page(browser)
    try:
        open_board(page, voila_url, "taluva", "?players=2&seed=4")
        act(page, lambda: page.click(".rx-last"))
        act(page, lambda: page.click(".rx-play-turn"))
        page.wait_for_function("() => !document.querySelector('.rx-play-turn').disabled")
        label = text(page, ".rx-step-label")
        step = re.search(r"step=(\d+)", page.url).group(1)
        act(page, lambda: page.select_option(".rx-language-menu", "ko"))
        page.wait_for_function("() => document.documentElement.lang === 'ko'")
        page.wait_for_function("() => location.search.includes('lang=ko')")
        assert re.search(r"step=(\d+)", page.url).group(1) == step
        assert text(page, ".rx-step-label") != label
        assert re.search("[가-힣]", text(page, ".rx-step-label"))
        screenshot(page, "lang-switch-taluva-ko")
        address = page.url
        other = new_page(browser)
        try:
            other.goto(address)
            other.wait_for_selector(".rx-board-frame canvas")
            wait_text(other, ".rx-step-label", text(page, ".rx-step-label")[:12])
            assert other.evaluate("() => document.documentElement.lang") == "ko"
        finally:
            leave(other)
    finally:
        leave(page)
