"""Every page is served whole by its own server: no request to any other host (no CDN), and the
widgets' Font Awesome icons come from Voila's own bundle, not from the stylesheets that Voila's
templates link from a CDN (share/jupyter/voila/templates/rules-explorer drops those links)."""
from urllib.parse import urlsplit

import pytest

from helpers import TIMEOUT, wait_for_board

pytestmark = pytest.mark.browser

PAGES = {
    "notebook list": "/",
    "gallery": "/voila/render/index.ipynb",
    "cacao": "/voila/render/cacao.ipynb",
    "animals_on_board": "/voila/render/animals_on_board.ipynb",
    "taluva": "/voila/render/taluva.ipynb",
    "indian_summer": "/voila/render/indian_summer.ipynb",
}
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}

ICON_FONT_LOADED_JS = """() => [...document.fonts].some(
    f => f.family.includes('Font Awesome 5 Free') && f.status === 'loaded')"""


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname in LOCAL_HOSTS


def wait_until_shown(page, name: str) -> None:
    if name == "notebook list":
        page.get_by_text("index.ipynb").first.wait_for(state="visible", timeout=TIMEOUT * 1000)
    elif name == "gallery":
        page.locator(".rx-gallery-page svg").first.wait_for(state="visible",
                                                            timeout=TIMEOUT * 1000)
    else:
        wait_for_board(page)


@pytest.mark.parametrize("name", sorted(PAGES))
def test_a_page_asks_nothing_of_any_other_host(page, voila_url, name):
    outside = []

    def refuse(route):
        outside.append(route.request.url)
        route.abort()

    page.context.route(lambda url: not is_local(url), refuse)
    page.on("request", lambda request: is_local(request.url) or outside.append(request.url))
    page.on("websocket", lambda socket: is_local(socket.url) or outside.append(socket.url))
    console_errors = []
    page.on("console", lambda m: m.type == "error" and console_errors.append(m.text))

    page.goto(voila_url + PAGES[name], wait_until="commit", timeout=TIMEOUT * 1000)
    wait_until_shown(page, name)
    page.wait_for_load_state("networkidle", timeout=TIMEOUT * 1000)

    assert sorted(set(outside)) == []
    assert page.errors == []
    if name in ("cacao", "animals_on_board"):
        # the timeline's Play button draws its icon with Font Awesome, from this server
        page.wait_for_function(ICON_FONT_LOADED_JS, timeout=TIMEOUT * 1000)
        assert page.locator(".rx-play .fa-play").count() == 1
    if name != "notebook list":  # Voila's own list page logs widget-plugin errors of its own
        assert console_errors == []
