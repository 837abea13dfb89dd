"""The app shell of every game in Chromium, at a laptop/projector size (1280x800) and at
1920x1080: one screen, projector mode, tabs, bots to the score pad, deep links, record files,
pictures, and no request beyond the server."""
from __future__ import annotations

import io
import json
import time

import pytest

import registered
from helpers import (LARGE, SCREENSHOTS, TIMEOUT, VIEWPORT, act, board_fit, board_pixels,
                     canvas_signature, drawing_inside_viewport, frame_count, inside_viewport,
                     leave, new_page, open_at_last_setup_step, open_board, pixels_differing,
                     play_turns, saved_download, screenshot, tab, text, upload, wait_frame,
                     wait_text)

pytestmark = pytest.mark.browser

APPS = registered.browser_games()
SIZES = {"1280x800": VIEWPORT, "1920x1080": LARGE}


def wait_same_board(page, pixels: tuple) -> None:
    """Wait until the board shows the drawing `pixels` (a board_pixels() result) again.

    Chromium's glyph cache, shared by all pages of a browser, may anti-alias the edge of a
    glyph differently (seen: ~150 pixels of one digit); a move or a changed number alters
    thousands of pixels, so up to 1 pixel in 5000 may differ."""
    limit = len(pixels[2]) // 5000
    deadline = time.monotonic() + TIMEOUT
    while (differing := pixels_differing(pixels, board_pixels(page))) > limit:
        assert time.monotonic() < deadline, f"{differing} pixels differ (limit {limit})"
        page.wait_for_timeout(200)


def label(page) -> str:
    return text(page, ".rx-step-label")


def test_smoke_every_registered_game(page, voila_url, game_name):
    """Every registered game, whatever checks it has joined: its app's page (`plugin.page`)
    opens with a painted board (`open_board` checks it), a step forward shows another step,
    and the page says no error."""
    open_board(page, voila_url, game_name)
    first = label(page)
    assert first.startswith("Step 1 of"), first
    act(page, lambda: page.click(".rx-forward"))
    wait_text(page, ".rx-step-label", "Step 2 of")
    screenshot(page, f"smoke-{game_name}")
    assert page.errors == [] and page.outside == []


@pytest.fixture
def large_page(browser):
    page = new_page(browser, LARGE)
    try:
        yield page
    finally:
        leave(page)


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("name", APPS)
def test_board_and_rule_on_one_screen(browser, voila_url, name, size):
    page = new_page(browser, SIZES[size])
    try:
        open_at_last_setup_step(page, voila_url, name)
        play_turns(page, 1)                                      # into the game: a bot's turn
        screenshot(page, f"{name}-one-screen-{size}")
        assert drawing_inside_viewport(page), board_fit(page)
        assert inside_viewport(page, ".rx-rules .rx-rule blockquote") or \
            inside_viewport(page, ".rx-rules")
        assert inside_viewport(page, ".rx-step-label") and inside_viewport(page, ".rx-bar")
        scroll = page.evaluate("() => [document.scrollingElement.scrollWidth, innerWidth]")
        assert scroll[0] <= scroll[1], "the page scrolls sideways"
        assert page.errors == [] and page.outside == []
    finally:
        leave(page)


@pytest.mark.parametrize("name", APPS)
def test_projector_mode(page, voila_url, name):
    open_at_last_setup_step(page, voila_url, name)
    size = page.evaluate("() => parseFloat(getComputedStyle("
                         "document.querySelector('.rx-step-label')).fontSize)")
    pixels = board_pixels(page)
    before = canvas_signature(page)
    act(page, lambda: page.click(".rx-projector-toggle"))
    page.wait_for_selector(".rx-app.rx-projector")
    from helpers import wait_for_repaint
    wait_for_repaint(page, before)
    bigger = page.evaluate("() => parseFloat(getComputedStyle("
                           "document.querySelector('.rx-step-label')).fontSize)")
    assert bigger >= 1.4 * size
    screenshot(page, f"{name}-projector")
    assert drawing_inside_viewport(page) and inside_viewport(page, ".rx-step-label")
    assert inside_viewport(page, ".rx-tabs")
    act(page, lambda: page.click(".rx-projector-toggle"))
    page.wait_for_selector(".rx-app:not(.rx-projector)")
    wait_same_board(page, pixels)
    assert page.errors == [] and page.outside == []


@pytest.mark.parametrize("name", APPS)
def test_tabs_and_the_score_pad_after_a_bot_game(page, voila_url, name):
    open_board(page, voila_url, name)
    for title, css in (("History", ".rx-log"), ("Game", ".rx-setup"), ("Score", ".rx-score"),
                       ("Rules", ".rx-rules"), ("Share", ".rx-share")):
        tab(page, title)
        assert page.locator(css).first.is_visible(), title
    # The page sends a widget's changes one at a time, so quick tab clicks may reach the kernel
    # after the next button's click. The kernel writes the share link once the Share tab's
    # selection arrives, after every earlier one: from then on the scoring may open Score.
    page.wait_for_function("() => document.querySelector('.rx-share-link textarea')?"
                           ".value.includes('?')")
    started = time.perf_counter()
    act(page, lambda: page.click(".rx-play-end"))
    wait_text(page, ".rx-step-label", "Scoring")
    took = time.perf_counter() - started
    print(f"{name}: play to the end in the page took {took * 1000:.0f} ms")
    page.locator(".rx-score-pad").first.wait_for(state="visible")
    n = page.evaluate("() => document.querySelectorAll('.rx-score-pad tr').length")
    assert n >= 3
    assert "Winner" in text(page, ".rx-score") or "winner" in text(page, ".rx-score").lower()
    assert inside_viewport(page, ".rx-score-pad tr")          # its head, on the first screen
    assert page.evaluate("() => { const t = document.querySelector('.rx-score-pad');"
                         " return t.scrollWidth <= t.parentElement.clientWidth + 1; }")
    screenshot(page, f"{name}-score-pad")
    assert page.errors == [] and page.outside == []


def share_link(page) -> str:
    tab(page, "Share")
    page.wait_for_function("() => document.querySelector('.rx-share-link textarea')?"
                           ".value.includes('?')")
    return page.locator(".rx-share-link textarea").input_value()


@pytest.mark.parametrize("name", APPS)
def test_deep_link_gives_the_same_position_as_stepping_there(browser, page, voila_url, name):
    open_at_last_setup_step(page, voila_url, name)
    play_turns(page, 3)
    act(page, lambda: page.click(".rx-back"))
    where = label(page)
    rules_text = text(page, ".rx-rules")
    link = share_link(page)
    assert link.startswith(voila_url) and "step=" in link
    pixels = board_pixels(page)
    other = new_page(browser)
    try:
        query = link[link.index("?"):]
        open_board(other, voila_url, name, query)
        wait_text(other, ".rx-step-label", where.split(" · ")[0])
        assert label(other) == where
        assert text(other, ".rx-rules") == rules_text
        wait_same_board(other, pixels)        # the very same drawing
        screenshot(other, f"{name}-deep-link")
        assert other.errors == [] and other.outside == []
    finally:
        leave(other)


@pytest.mark.parametrize("name", APPS)
def test_record_download_and_upload_round_trip(browser, page, voila_url, name, tmp_path):
    open_at_last_setup_step(page, voila_url, name)
    play_turns(page, 2)
    where = label(page)
    canvas_signature(page)
    tab(page, "Share")
    path = saved_download(page, ".rx-download-record a", tmp_path)
    record = json.loads(path.read_text())
    assert record["game"] == name and record["actions"]
    other = new_page(browser)
    try:
        open_board(other, voila_url, name)
        tab(other, "Share")
        act(other, lambda: upload(other, str(path)))
        wait_text(other, ".rx-step-label", where.split(" · ")[0])
        assert label(other) == where
        # the app says so once the replayed game is shown, after that frame's counter
        wait_text(other, ".rx-message", "Opened a record")
        assert other.errors == [] and other.outside == []
    finally:
        leave(other)


@pytest.mark.parametrize("name", APPS)
def test_bad_upload_is_refused_and_the_game_untouched(page, voila_url, name):
    open_at_last_setup_step(page, voila_url, name)
    where = label(page)
    before = canvas_signature(page)
    tab(page, "Share")
    bad = {"name": "broken.json", "mimeType": "application/json",
           "buffer": b'{"game": "' + name.encode() + b'", "players": 3, "seed": 1, '
                     b'"options": {}, "actions": [{"type": "nonsense"}]}'}
    n = frame_count(page)
    upload(page, bad)
    wait_text(page, ".rx-message", "Cannot open this record")
    assert label(page) == where and canvas_signature(page) == before
    assert frame_count(page) == n
    assert page.errors == [] and page.outside == []


@pytest.mark.parametrize("name", APPS)
def test_save_picture_is_the_board_at_2x_in_one_click(page, voila_url, name, tmp_path):
    """The saved PNG is what the canvas shows (checked pixel by pixel against a screenshot),
    twice as sharp, on paper, downloaded by one click on a button whose label shows whole."""
    from PIL import Image, ImageChops

    open_board(page, voila_url, name)
    tab(page, "Share")
    button = page.locator(".rx-save-picture")
    assert button.inner_text().strip() == "Save picture (PNG)"
    assert button.evaluate("b => b.scrollWidth <= b.clientWidth"), "the label is cut"
    screenshot(page, f"{name}-share-tab")
    with page.expect_download() as info:
        button.click()
    path = SCREENSHOTS / f"{name}-saved-picture.png"
    info.value.save_as(path)
    wait_text(page, ".rx-picture-link", "Saved")
    assert button.evaluate("b => b.scrollWidth <= b.clientWidth"), "the label is cut"
    screenshot(page, f"{name}-share-tab-picture-saved")
    data = path.read_bytes()
    assert info.value.suggested_filename.endswith(".png") and data[:8] == b"\x89PNG\r\n\x1a\n"
    picture = Image.open(path).convert("RGBA")
    fit = board_fit(page)
    assert picture.size == (2 * fit["width"], 2 * fit["height"])
    pixels = picture.width * picture.height
    painted = sum(count for count, (_, _, _, alpha) in picture.getcolors(pixels) if alpha)
    assert painted > 0.99 * pixels, f"{pixels - painted} of {pixels} pixels are transparent"
    most = max(count for count, _ in picture.getcolors(pixels))
    assert most < 0.9 * pixels, "the picture is all one colour"
    # the drawing on screen, and the picture brought down to its size
    size = (round(fit["width"] * fit["scale"]), round(fit["height"] * fit["scale"]))
    shown = Image.open(io.BytesIO(page.screenshot(clip={
        "x": fit["x"], "y": fit["y"], "width": size[0], "height": size[1]}))).convert("RGB")
    small = Image.new("RGB", picture.size, "white")
    small.paste(picture, mask=picture.getchannel("A"))
    small = small.resize(shown.size, Image.LANCZOS)
    small.save(SCREENSHOTS / f"{name}-saved-picture-downscaled.png")
    shown.save(SCREENSHOTS / f"{name}-board-on-screen.png")
    difference = ImageChops.difference(small, shown).convert("L")
    histogram = difference.histogram()
    mean = sum(level * count for level, count in enumerate(histogram)) / sum(histogram)
    far = sum(histogram[48:]) / sum(histogram)
    assert mean < 6 and far < 0.03, f"picture differs from the board: mean {mean:.1f}, " \
        f"{far:.1%} of pixels by 48 or more"
    assert page.errors == [] and page.outside == []


def looks_like_a_button(page, selector: str) -> dict:
    """How an element is drawn: its own background, its weight, whether it is underlined."""
    return page.locator(selector).first.evaluate(
        "e => { const s = getComputedStyle(e); return {background: s.backgroundColor, "
        "weight: +s.fontWeight, underline: s.textDecorationLine.includes('underline'), "
        "height: e.getBoundingClientRect().height}; }")


def assert_button(page, selector: str) -> None:
    look = looks_like_a_button(page, selector)
    assert look["background"] not in ("rgba(0, 0, 0, 0)", "transparent"), (selector, look)
    assert look["weight"] < 600 and not look["underline"] and look["height"] >= 24, \
        (selector, look)


@pytest.mark.parametrize("name", APPS)
def test_copy_link_and_the_share_buttons(page, voila_url, name):
    """Copy link puts the link on the clipboard; the record, lesson and open-record controls
    are buttons with whole labels (no file count)."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_at_last_setup_step(page, voila_url, name)
    play_turns(page, 1)                                     # a move, so a lesson can be saved
    tab(page, "Share")
    wait_text(page, ".rx-save-lesson", "Save as lesson")
    link = page.locator(".rx-share-link textarea").input_value()
    assert "step=" in link
    page.locator(".rx-copy-link button").click()
    wait_text(page, ".rx-copy-link", "Copied")
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    assert text(page, ".rx-download-record a") == "Download record (JSON)"
    assert text(page, ".rx-open-record button") == "Open record file…"
    assert text(page, ".rx-save-lesson a") == "Save as lesson"
    for selector in (".rx-copy-link button", ".rx-download-record a", ".rx-open-record button",
                     ".rx-save-lesson a", ".rx-save-picture"):
        assert_button(page, selector)
        assert page.locator(selector).first.evaluate("b => b.scrollWidth <= b.clientWidth")
    screenshot(page, f"{name}-share-buttons")
    assert page.errors == [] and page.outside == []


def test_copy_link_without_a_clipboard_selects_the_link(browser, voila_url):
    """Where the page may not write to the clipboard (plain http beyond this machine), the
    link is selected for Ctrl+C and the visitor is told so."""
    page = new_page(browser)
    try:
        page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined});"
                             "document.execCommand = () => false;")
        open_board(page, voila_url, "cacao")
        tab(page, "Share")
        page.locator(".rx-copy-link button").click()
        wait_text(page, ".rx-copy-link", "press Ctrl+C")
        selected = page.evaluate("() => { const a = document.querySelector("
                                 "'.rx-share-link textarea'); return [a === document.activeElement,"
                                 " a.value.slice(a.selectionStart, a.selectionEnd), a.value]; }")
        assert selected[0] and selected[1] == selected[2] and "seed=" in selected[2]
        screenshot(page, "cacao-copy-link-selected")
        assert page.errors == [] and page.outside == []
    finally:
        leave(page)


def test_bad_deep_link_says_why_and_shows_the_default_game(page, voila_url):
    open_board(page, voila_url, "cacao", "?players=9&seed=2")
    wait_text(page, ".rx-message", "This link cannot be opened")
    assert "players" in text(page, ".rx-message")
    assert "Step 1 of" in label(page)
    assert page.errors == [] and page.outside == []


def test_deep_link_opens_the_asked_players_seed_and_step(page, voila_url):
    open_board(page, voila_url, "cacao", "?players=4&seed=11&step=5")
    wait_text(page, ".rx-step-label", "Step 5 of")
    assert "4 players" in text(page, ".rx-frame-events")    # the 4-player set-up narration
    assert page.errors == [] and page.outside == []
