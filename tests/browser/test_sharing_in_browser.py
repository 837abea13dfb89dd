"""Sharing in Chromium (1280x800): a short link opens its step, an older record link still
opens the same step, and the Share tab shows the link's QR code (checked module by module
against segno's encoding of the link shown), large on request, and new when the link changes."""
from __future__ import annotations

import io

import pytest
import segno
from PIL import Image

import explorer
from explorer import bots
from helpers import act, open_board, screenshot, tab, text, wait_text
from explorer.links import build_query

pytestmark = pytest.mark.browser

GAME = explorer.GAMES["cacao"]
QR = ".rx-share-qr .rx-qr-code svg"


def random_moves(count: int, players: int = 3, seed: int = 7) -> list:
    state, bot, actions = GAME.setup(players, seed), bots.RandomBot(2), []
    for _ in range(count):
        action = bot.choose(state)
        actions.append(action)
        state = state.apply(action)
    return actions


def shared_link(page, containing: str = "?") -> str:
    """The Share tab's link, once it contains `containing`."""
    tab(page, "Share")
    page.wait_for_function("(part) => document.querySelector('.rx-share-link textarea')?"
                           ".value.includes(part)", arg=containing)
    return page.locator(".rx-share-link textarea").input_value()


def wait_qr_of(page, link: str) -> None:
    """Wait until the QR code in the tab is drawn for `link` (its symbol size is segno's)."""
    size = segno.make(link, error="m", micro=False).symbol_size(border=4)[0]
    page.wait_for_function("([sel, size]) => document.querySelector(sel)?"
                           ".getAttribute('viewBox') === `0 0 ${size} ${size}`",
                           arg=[QR, size])


def modules_in_picture(png: bytes, size: int) -> list[list[bool]]:
    """Dark or light at the middle of each of `size` x `size` modules of a screenshot."""
    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    return [[image.getpixel((int((x + 0.5) * width / size), int((y + 0.5) * height / size)))
             < 128 for x in range(size)] for y in range(size)]


def check_qr_shows(page, link: str, selector: str = QR, name: str = "") -> dict:
    """The QR element is visible and large, has dark and light pixels, and its modules, read
    from a screenshot, are segno's encoding of `link`. Returns its box."""
    element = page.locator(selector).first
    element.wait_for(state="visible")
    box = element.bounding_box()
    assert box["width"] >= 240 and abs(box["width"] - box["height"]) < 2, box
    png = element.screenshot(path=None)
    if name:
        screenshot(page, name)
    grey = Image.open(io.BytesIO(png)).convert("L")
    counts = grey.histogram()
    dark, light = sum(counts[:64]) / sum(counts), sum(counts[193:]) / sum(counts)
    assert dark > 0.2 and light > 0.3, (dark, light)
    code = segno.make(link, error="m", micro=False)
    size = code.symbol_size(border=4)[0]
    expected = [[bool(v) for v in row] for row in code.matrix_iter(border=4)]
    assert modules_in_picture(png, size) == expected
    return box


def test_a_short_link_opens_its_step_with_the_qr_code_of_the_link(page, voila_url):
    actions = random_moves(40)
    query = build_query(GAME, 3, 7, {}, actions, 30)
    assert "&moves=v1.40." in query and len(query) < 100
    open_board(page, voila_url, "cacao", query)
    wait_text(page, ".rx-step-label", "Step 30 of ")
    link = shared_link(page, "step=30")
    assert link.endswith(query) and link.startswith(voila_url)
    wait_qr_of(page, link)
    check_qr_shows(page, link, name="share-tab-qr-code")

    # on a projector: the same code over the whole page, closed by a click
    page.click(".rx-share-qr .rx-qr-large-button")
    overlay = ".rx-share-qr .rx-qr-overlay svg"
    large = check_qr_shows(page, link, overlay, name="share-qr-code-large")
    assert large["height"] >= 0.8 * page.viewport_size["height"]
    page.click(".rx-share-qr .rx-qr-overlay")
    page.locator(overlay).first.wait_for(state="hidden")

    # a step back: a new link, and its code
    old_svg = page.locator(QR).first.evaluate("e => e.outerHTML")
    act(page, lambda: page.click(".rx-back"))
    wait_text(page, ".rx-step-label", "Step 29 of ")
    new_link = shared_link(page, "step=29")
    assert new_link != link
    page.wait_for_function("([sel, old]) => { const svg = document.querySelector(sel);"
                           " return svg && svg.outerHTML !== old; }",
                           arg=[QR, old_svg])
    check_qr_shows(page, new_link, name="share-tab-qr-code-step-29")
    assert page.errors == [] and page.outside == []


def test_a_record_link_of_the_older_form_opens_the_same_step(page, voila_url):
    import base64
    import json

    from explorer import Record

    actions = random_moves(25)
    record = Record("cacao", 3, 7, GAME.check_setup(3, 7, {})[2],
                    [a.to_json() for a in actions]).to_json()
    data = base64.urlsafe_b64encode(json.dumps(record, separators=(",", ":")).encode())
    old = f"?players=3&seed=7&record={data.decode().rstrip('=')}&step=20"
    open_board(page, voila_url, "cacao", old)
    wait_text(page, ".rx-step-label", "Step 20 of ")
    shown = text(page, ".rx-step-label")
    link = shared_link(page, "step=20")
    assert "moves=v1.25." in link and len(link) < len(old)
    screenshot(page, "record-link-opens-step-20")
    # the short link written for it opens the very same step
    open_board(page, voila_url, "cacao", link[link.index("?"):])
    wait_text(page, ".rx-step-label", shown)
    assert page.errors == [] and page.outside == []


def test_a_solo_rule_link_opens_a_solo_step_where_the_rule_acts(page, voila_url):
    rule = "indian_summer.solo.refill"
    open_board(page, voila_url, "indian_summer", f"?players=1&rule={rule}")
    wait_text(page, ".rx-message", f"Rule {rule} acts at this step")
    wait_text(page, ".rx-rules", rule)
    link = shared_link(page, "players=1&")
    assert "moves=v1." in link
    screenshot(page, "solo-rule-link")
    assert page.errors == [] and page.outside == []
