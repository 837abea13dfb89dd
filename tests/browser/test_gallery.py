"""The gallery (notebooks/index.ipynb) and Voila's tree page, in Chromium."""
import urllib.request

import pytest

from helpers import TIMEOUT, screenshot, wait_for_board

pytestmark = pytest.mark.browser

APPS = {"animals_on_board": "Animals on Board", "cacao": "Cacao", "taluva": "Taluva",
        "indian_summer": "Indian Summer"}


def test_tree_page_answers(voila_url):
    with urllib.request.urlopen(voila_url + "/", timeout=30) as response:
        assert response.status == 200
        assert "voila" in response.read().decode(errors="replace").lower()


def app_link(page, voila_url, title):
    page.goto(f"{voila_url}/voila/render/index.ipynb")
    link = page.get_by_role("link", name=title).first
    link.wait_for(state="visible", timeout=TIMEOUT * 1000)
    return link


def test_gallery_lists_every_app(page, voila_url):
    for name, title in APPS.items():
        link = app_link(page, voila_url, title)
        assert f"{name}.ipynb" in (link.get_attribute("href") or "")
    screenshot(page, "gallery")
    assert page.errors == []


@pytest.mark.parametrize("name", sorted(APPS))
def test_gallery_link_opens_the_app(page, voila_url, name):
    link = app_link(page, voila_url, APPS[name])
    if (link.get_attribute("target") or "_self") == "_self":
        link.click()
        app = page
    else:  # opens a new tab
        with page.context.expect_page() as new_tab:
            link.click()
        app = new_tab.value
        app.errors = []
        app.on("pageerror", lambda error: app.errors.append(error))
    app.wait_for_url(f"**/voila/render/{name}.ipynb*", timeout=TIMEOUT * 1000)
    wait_for_board(app)
    assert page.errors == []
    assert app.errors == []


def test_gallery_lists_each_game_s_lessons_and_a_lesson_link_opens_it(page, voila_url):
    from explorer import lessons
    from helpers import text, wait_text

    page.goto(f"{voila_url}/voila/render/index.ipynb")
    page.locator(".rx-lessons").first.wait_for(state="attached", timeout=TIMEOUT * 1000)
    for name in APPS:
        card = page.locator(f'.rx-card[data-game="{name}"]')
        hrefs = card.locator("a.rx-lesson-link").evaluate_all("(links) => links.map(a => a.href)")
        assert len(hrefs) == len(lessons.shipped(name)), name
        assert all(f"{name}.ipynb?lesson=" in href for href in hrefs)
    card = page.locator('.rx-card[data-game="cacao"]')
    card.locator(".rx-lessons summary").click()
    lesson = lessons.get("cacao", "rebuild")
    screenshot(page, "gallery-lessons")
    card.get_by_role("link", name=lesson.title).click()
    page.wait_for_url("**/voila/render/cacao.ipynb?lesson=rebuild", timeout=TIMEOUT * 1000)
    wait_for_board(page)
    wait_text(page, ".rx-lesson", lesson.title)
    assert lesson.captions()[0][:40] in text(page, ".rx-lesson")
    screenshot(page, "gallery-lesson-opened")
    assert page.errors == []
