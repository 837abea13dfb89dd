"""Every app as people who do not tell red from green (or any colour) see it: Chromium's
vision-deficiency emulation, one screenshot per app and kind, saved to look at. The test checks
that the emulation is in force (the picture changes) and the board is still painted; whether
players and highlights stay apart is judged by eye from the screenshots (artifacts/)."""
from __future__ import annotations

import pytest

import registered
from helpers import act, open_board, painted_pixels, screenshot

APPS = registered.browser_games()
KINDS = ("deuteranopia", "protanopia", "achromatopsia")


def picture(page) -> bytes:
    return page.locator(".rx-board-frame").screenshot()


@pytest.mark.parametrize("name", APPS)
def test_each_app_under_colour_blindness(page, voila_url, name):
    open_board(page, voila_url, name, "?players=4&seed=5")
    act(page, lambda: page.click(".rx-play-end"))        # a whole game: every player's pieces
    act(page, lambda: page.keyboard.press("ArrowLeft"))  # the last move, before the scoring
    cdp = page.context.new_cdp_session(page)
    normal = picture(page)
    for kind in KINDS:
        cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": kind})
        seen = picture(page)
        assert seen != normal, f"{kind} emulation changed nothing"
        assert painted_pixels(page, ".rx-board") > 100_000
        screenshot(page, f"colour-{name}-{kind}")
    cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
    assert picture(page) == normal
    assert page.errors == []
