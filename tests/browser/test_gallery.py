"""The gallery (notebooks/index.ipynb) and Voila's tree page, in Chromium."""
import urllib.request

import pytest

from helpers import NOTEBOOKS, TIMEOUT, screenshot, wait_for_board

pytestmark = pytest.mark.browser

APP = "animals_on_board"
needs_gallery = pytest.mark.skipif(not (NOTEBOOKS / "index.ipynb").exists(),
                                   reason="notebooks/index.ipynb does not exist")


def test_tree_page_answers(voila_url):
    with urllib.request.urlopen(voila_url + "/", timeout=30) as response:
        assert response.status == 200
        assert "voila" in response.read().decode(errors="replace").lower()


def app_link(page, voila_url):
    page.goto(f"{voila_url}/voila/render/index.ipynb")
    link = page.get_by_role("link", name="Animals on Board").first
    link.wait_for(state="visible", timeout=TIMEOUT * 1000)
    return link


@needs_gallery
def test_gallery_lists_animals_on_board(page, voila_url):
    link = app_link(page, voila_url)
    assert f"{APP}.ipynb" in (link.get_attribute("href") or "")
    screenshot(page, "gallery")
    assert page.errors == []


@needs_gallery
def test_gallery_link_opens_the_app(page, voila_url):
    link = app_link(page, voila_url)
    if (link.get_attribute("target") or "_self") == "_self":
        link.click()
        app = page
    else:  # opens a new tab
        with page.context.expect_page() as new_tab:
            link.click()
        app = new_tab.value
        app.errors = []
        app.on("pageerror", lambda error: app.errors.append(error))
    app.wait_for_url(f"**/voila/render/{APP}.ipynb*", timeout=TIMEOUT * 1000)
    wait_for_board(app)
    assert page.errors == []
    assert app.errors == []
