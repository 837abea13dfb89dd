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
        card = page.locator(f'.rx-card[data-game="{name}"]:not([data-players])')
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


def test_gallery_has_the_solo_game_and_its_lesson(page, voila_url):
    from explorer import lessons
    from helpers import tab, text, wait_text

    solo = [lesson for lesson in lessons.shipped("indian_summer")
            if lesson.name.startswith("solo_")]
    assert solo and all(lesson.start_state().players == 1 for lesson in solo)
    link = app_link(page, voila_url, "Indian Summer — solo")
    assert (link.get_attribute("href") or "").endswith("indian_summer.ipynb?players=1")
    card = page.locator('.rx-card[data-game="indian_summer"][data-players="1"]')
    assert "1 player" in card.inner_text() and card.locator("svg").count() == 1
    hrefs = card.locator("a.rx-lesson-link").evaluate_all("(links) => links.map(a => a.href)")
    assert hrefs == [f"{voila_url}/voila/render/indian_summer.ipynb?lesson={lesson.name}"
                     for lesson in solo]
    card.locator(".rx-lessons summary").click()
    card.scroll_into_view_if_needed()
    screenshot(page, "gallery-solo-card")
    link.click()
    page.wait_for_url("**/voila/render/indian_summer.ipynb?players=1", timeout=TIMEOUT * 1000)
    wait_for_board(page)
    wait_text(page, ".rx-step-label", "Step 1 of")
    tab(page, "Share")      # the game shown is a solo game: its own link says so
    page.wait_for_function("() => document.querySelector('.rx-share-link textarea')?"
                           ".value.includes('?players=1&')")
    screenshot(page, "gallery-solo-game-opened")
    # and the solo lesson opens from the card
    page.go_back(wait_until="commit")
    card = page.locator('.rx-card[data-game="indian_summer"][data-players="1"]')
    card.locator(".rx-lessons summary").click()
    card.get_by_role("link", name=solo[0].title).click()
    page.wait_for_url(f"**/voila/render/indian_summer.ipynb?lesson={solo[0].name}",
                      timeout=TIMEOUT * 1000)
    wait_for_board(page)
    wait_text(page, ".rx-lesson", solo[0].title)
    assert solo[0].captions()[0][:40] in text(page, ".rx-lesson")
    screenshot(page, "gallery-solo-lesson-opened")
    assert page.errors == []
