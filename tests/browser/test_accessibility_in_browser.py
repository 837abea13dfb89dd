"""axe-core on every page, in Chromium: no critical or serious violation in the game apps, the
gallery and the rulebook page, on a laptop (1280x800) and a phone (390x844, touch), in English
and Korean; and every page's <html lang> is its language, Voila's notebook list and its 404 page
included.

axe-core comes from npm (`./dev test` installs it into .venv/node); it is injected into the page
once the app's board has arrived, and run with WCAG 2.0-2.2 A/AA and best-practice rules (without
those tags `label-title-only`, `region` and `target-size` would be skipped). Each page is loaded
once per screen and language (and its notebook's next page five pages later, so the server
has warmed a kernel for it again); an app is checked as it opens and, on the laptop, again with
its Rulebook tab shown (the tab's text menu)."""
from __future__ import annotations

import pytest

from explorer import i18n
from explorer.messages import T
import registered
from helpers import (REPO, VIEWPORT, leave, new_page, page_address, screenshot, tab,
                     wait_for_board, wait_frame)

pytestmark = pytest.mark.browser

AXE = REPO / ".venv" / "node" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
FAILING = ("critical", "serious")
APPS = registered.browser_games()
PAGES = {**{name: page_address(name) for name in APPS},
         "gallery": "index.ipynb", "rulebook": "rulebook.ipynb?game=cacao"}
SCREENS = {"laptop": {"viewport": VIEWPORT},
           "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                     "has_touch": True}}
LANGUAGES = ("en", "ko")

# the timeline's controls that show a glyph or nothing, by the name they are read by
GLYPHS = [("button", T("First step")), ("button", T("Back one step")),
          ("button", T("Forward one step")), ("button", T("Last step")), ("slider", T("Step"))]

RUN_AXE_JS = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                          resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}));
}"""


def open_page(browser, screen: str):
    """A fresh page on `screen` (helpers.new_page: requests stay on this machine)."""
    return new_page(browser, **SCREENS[screen])


def axe_violations(page, where: str) -> list[str]:
    """The serious and critical axe violations on the page as it is, one line per element."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    lines = []
    for violation in page.evaluate(RUN_AXE_JS, TAGS):
        if violation["impact"] not in FAILING:
            continue
        for node in violation["nodes"]:
            summary = " ".join((node["summary"] or "").split())
            lines.append(f"{where}: {violation['id']} ({violation['impact']}) at "
                         f"{node['target']}: {violation['help']}. {summary[:300]}")
    return lines


def html_lang(page) -> str:
    return page.evaluate("() => document.documentElement.lang")


@pytest.fixture(scope="module", autouse=True)
def axe_installed():
    assert AXE.exists(), f"axe-core is not installed ({AXE}); `./dev test` installs it"


# every page once per screen and language; a notebook's next page comes five pages later, so
# the server has had time to warm a kernel for it again
CASES = [(name, screen, lang) for screen in SCREENS for lang in LANGUAGES for name in PAGES]


@pytest.mark.parametrize("name, screen, lang", CASES, ids=["-".join(case) for case in CASES])
def test_no_serious_axe_violation(browser, voila_url, name, screen, lang):
    page = open_page(browser, screen)
    try:
        address = PAGES[name]
        address += ("&" if "?" in address else "?") + f"lang={lang}"
        page.goto(f"{voila_url}/voila/render/{address}", wait_until="commit")
        if name in APPS:
            wait_for_board(page)
            wait_frame(page, 0)
        elif name == "gallery":
            page.locator(".rx-gallery-page svg").first.wait_for(state="visible")
        else:
            page.locator(".rx-rulebook-summary").first.wait_for(state="visible")
        assert html_lang(page) == lang, f"{name}: <html lang> is not {lang}"
        found = axe_violations(page, f"{name} {screen} {lang}")
        if name in APPS:   # names in words, which axe does not ask for: a glyph is a name to it
            for role, words in GLYPHS:
                said = i18n.render(words, lang)
                assert page.get_by_role(role, name=said, exact=True).count() == 1, said
        if name in APPS and screen == "laptop":   # the tab's menu is the same on a phone
            tab(page, i18n.render(T("Rulebook"), lang))
            page.locator(".rx-rulebook-text .rx-passage").first.wait_for(state="attached")
            found += axe_violations(page, f"{name} {screen} {lang}, Rulebook tab")
            assert html_lang(page) == lang, f"{name}: <html lang> is not {lang}"
        if found:
            screenshot(page, f"axe-{name}-{screen}-{lang}")
        assert not found, f"{len(found)} serious or critical axe violations:\n" + "\n".join(found)
        assert page.errors == []
        assert page.outside == []
    finally:
        leave(page)


@pytest.mark.parametrize("address", ["/", "/?lang=ko", "/voila/render/no-such-page.ipynb?lang=ko",
                                     "/voila/tree/no-such-folder", "/no/such/page?lang=ko"])
def test_voila_s_own_pages_say_their_language(browser, voila_url, address):
    """The notebook list and the error pages are Voila's (the template's page.html) or the
    server's own (an address no route knows), in English whatever the address asks: their
    <html lang> says so."""
    page = open_page(browser, "laptop")
    try:
        response = page.goto(voila_url + address)
        listing = address.split("?")[0] == "/"
        assert response.status == (200 if listing else 404)
        if listing:
            page.get_by_text("index.ipynb").first.wait_for(state="visible")
        assert html_lang(page) == "en"
        found = axe_violations(page, address)
        assert not found, f"{len(found)} serious or critical axe violations:\n" + "\n".join(found)
    finally:
        leave(page)
