"""Phones and tablets by touch, in Chromium with touch and a phone's screen (is_mobile, 3x):

- at 390x844 (a phone upright) every app puts its board first, fitted to the width and painted,
  with the step label, the controls and the tabs below it; nothing scrolls sideways and nothing
  (the rule panel included) runs off the right edge; every visible tap target is at least
  24x24 CSS px; a tap on the timeline's forward button steps, and a tap on a legal move on the
  board plays it (where to tap comes from the same pure `layout()` the renderer uses);
- Taluva's view pans with one finger and zooms with two, and neither plays a move;
- with reduced motion a bot's turn of two moves shows only the position it ends on;
- at 1024x768 (a tablet on its side) board and rules stand side by side, at 768x1024 (upright)
  one above the other, the board as wide as the page; neither scrolls sideways.

One page per app and size; every wait is on the page's state (the step label, the frame
counter, repainted pixels), never a sleep. Screenshots: touch-<app>-<width>x<height>.png.
"""
from __future__ import annotations

import pytest

import registered
import explorer
from helpers import (act, board_point, canvas_signature, leave, new_page, open_board,
                     painted_pixels, screenshot, traceback_in_page, wait_for_repaint, wait_text)

pytestmark = pytest.mark.browser

APPS = registered.browser_games()
PHONE = {"width": 390, "height": 844}
TABLETS = [{"width": 1024, "height": 768}, {"width": 768, "height": 1024}]
MIN_TARGET = 24        # WCAG 2.5.8 (AA); 44 where the row has room (2.5.5)

TARGETS_JS = """() => {
  const out = [];
  for (const el of document.querySelectorAll(
      'button, select, input, a[href], [role=tab], [role=slider], [tabindex]')) {
    if (el.closest('.rx-hidden') || el.matches('[tabindex="-1"]:not([role])')) continue;
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || s.visibility === 'hidden' || s.display === 'none')
      continue;
    if (el.tagName === 'INPUT' && el.type === 'file') continue;
    out.push({what: el.tagName + '.' + String(el.className).split(' ').pop() + ' '
                    + (el.innerText || el.getAttribute('aria-label') || el.title || '')
                      .trim().slice(0, 20),
              w: Math.round(r.width * 10) / 10, h: Math.round(r.height * 10) / 10});
  }
  return out;
}"""

LAYOUT_JS = """() => {
  const box = (sel) => { const e = document.querySelector(sel);
    if (!e) return null; const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width,
            height: r.height}; };
  return {viewport: innerWidth, doc: document.documentElement.scrollWidth,
          body: document.body.scrollWidth, app: document.querySelector('.rx-app').scrollWidth,
          frame: box('.rx-board-frame'), side: box('.rx-side'), rules: box('.rx-rules'),
          tabs: box('.rx-tabs'), bar: box('.rx-bar'), status: box('.rx-status')};
}"""


def touch_page(browser, viewport: dict, **options):
    """A fresh touch page on a phone's or tablet's screen (helpers.new_page)."""
    return new_page(browser, viewport, 3 if viewport["width"] < 600 else 2, is_mobile=True,
                    has_touch=True, **options)


def check_clean(page) -> None:
    assert page.errors == [], page.errors
    assert not page.tracebacks, page.tracebacks[0][:600]
    assert traceback_in_page(page) is None


def check_fits(page, one_column: bool) -> dict:
    """No sideways scroll, the board painted and inside the width; one column (board above
    the tabs) or two (tabs to the right of the board). Returns the measures."""
    m = page.evaluate(LAYOUT_JS)
    width = m["viewport"]
    assert max(m["doc"], m["body"], m["app"]) <= width, m
    frame = m["frame"]
    assert frame["left"] >= 0 and frame["right"] <= width + 0.5, m
    assert frame["width"] >= min(300, width * 0.5) and frame["height"] >= 150, m
    assert painted_pixels(page, ".rx-board") > 100_000
    for part in ("side", "rules", "tabs", "bar", "status"):
        assert m[part]["right"] <= width + 0.5, (part, m)
    if one_column:
        assert m["side"]["top"] >= frame["bottom"], m          # the tabs below the board
        assert frame["width"] >= width - 30, m                  # the board as wide as the page
    else:
        assert m["side"]["left"] >= frame["right"], m           # side by side
        assert m["side"]["top"] < frame["bottom"], m
    return m


def small_targets(page, least: float) -> list[dict]:
    return [t for t in page.evaluate(TARGETS_JS) if min(t["w"], t["h"]) < least]


def label(page) -> str:
    return page.locator(".rx-step-label").first.inner_text()


def tap_and_wait(page, selector: str, want: str) -> None:
    act(page, lambda: page.tap(selector))
    wait_text(page, ".rx-step-label", want)


def tap_board(page, x: float, y: float) -> None:
    """Tap board pixel (x, y), with the board scrolled to the top of the window."""
    page.evaluate("() => document.querySelector('.rx-board-frame').scrollIntoView()")
    px, py = board_point(page, x, y)
    assert 0 <= py <= page.viewport_size["height"]
    page.touchscreen.tap(px, py)


# -- where each game's first move is, as its own layout places it ----------------------------
def first_move(page, name: str) -> str:
    """Play the first move of play by touch (the app at its last set-up step, 3 players,
    seed 1); returns the step label it leads to."""
    game = explorer.GAMES[name]
    steps = game.setup_steps(3, 1)
    state = steps[-1]
    n = len(steps) + 1
    registered.need(name, "touch_first_move", "a function touch_first_move(page, state, "
                    "tap_board) making the first move of play by touch from `state`")(
        page, state, tap_board)
    want = f"Step {n} of {n}"
    wait_text(page, ".rx-step-label", want)
    return want


def touches(page, paths: list[list[tuple[float, float]]]) -> None:
    """Fingers moving along `paths` (page pixels, same length each) on a touch screen, sent
    as the browser's own touch input (CDP), then lifted."""
    cdp = page.context.new_cdp_session(page)

    def points(i):
        return [{"x": p[i][0], "y": p[i][1], "id": k} for k, p in enumerate(paths)]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(0)})
    for i in range(1, len(paths[0])):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(i)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def taluva_gestures(page) -> None:
    """A drag and a pinch on Taluva's board repaint the view and play nothing."""
    page.evaluate("() => document.querySelector('.rx-board-frame').scrollIntoView()")
    step = label(page)
    frame = page.locator(".rx-board-frame").bounding_box()
    cx, cy = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2
    before = canvas_signature(page)
    touches(page, [[(cx, cy + k * 8) for k in range(8)]])               # a drag down
    wait_for_repaint(page, before)
    before = canvas_signature(page)
    touches(page, [[(cx - 20 - 6 * k, cy) for k in range(8)],            # two fingers apart
                   [(cx + 20 + 6 * k, cy) for k in range(8)]])
    wait_for_repaint(page, before)
    assert label(page) == step, "a gesture played a move"
    screenshot(page, "touch-taluva-390x844-dragged-and-pinched")
    assert page.locator(".rx-message.rx-refusal:not(.rx-hidden)").count() == 0


def bots_turn_without_animation(page) -> None:
    """With reduced motion, ▷ Turn of two moves (place, build) shows only its end."""
    tap_and_wait(page, ".rx-play-turn", "Step 7 of 7")       # Player 1 builds: one move
    page.evaluate("""() => { window.__rxLabels = [];
      const el = document.querySelector('.rx-step-label');
      new MutationObserver(() => window.__rxLabels.push(el.innerText))
        .observe(el, {subtree: true, childList: true, characterData: true}); }""")
    page.tap(".rx-play-turn")                                   # Player 2 places and builds
    wait_text(page, ".rx-step-label", "Step 9 of 9")
    page.wait_for_function("() => !document.querySelector('.rx-play-turn').disabled")
    seen = page.evaluate("() => window.__rxLabels")
    assert not any("Step 8 of" in s for s in seen), seen


@pytest.mark.parametrize("name", APPS)
def test_a_phone_by_touch(browser, voila_url, name):
    options = {"reduced_motion": "reduce"} if name == "taluva" else {}
    page = touch_page(browser, PHONE, **options)
    try:
        open_board(page, voila_url, name)
        wait_text(page, ".rx-step-label", "Step 1 of")
        m = check_fits(page, one_column=True)
        targets = page.evaluate(TARGETS_JS)
        smallest = min(min(t["w"], t["h"]) for t in targets)
        print(f"{name} 390x844: board frame {m['frame']['width']:.0f}x"
              f"{m['frame']['height']:.0f}, {len(targets)} targets, smallest {smallest} px, "
              f"under 44: {len(small_targets(page, 44))}")
        assert small_targets(page, MIN_TARGET) == []
        screenshot(page, f"touch-{name}-390x844")
        first = label(page)
        tap_and_wait(page, ".rx-forward", "Step 2 of")
        assert label(page) != first
        page.tap(".rx-last")
        page.wait_for_function("() => document.querySelector('.rx-last').disabled")
        first_move(page, name)
        check_fits(page, one_column=True)
        assert small_targets(page, MIN_TARGET) == []
        screenshot(page, f"touch-{name}-390x844-moved")
        if name == "taluva":
            taluva_gestures(page)
            bots_turn_without_animation(page)
        check_clean(page)
    finally:
        leave(page)


@pytest.mark.parametrize("size", TABLETS, ids=lambda s: f"{s['width']}x{s['height']}")
@pytest.mark.parametrize("name", APPS)
def test_a_tablet_by_touch(browser, voila_url, name, size):
    page = touch_page(browser, size)
    try:
        open_board(page, voila_url, name)
        two = size["width"] >= 900
        m = check_fits(page, one_column=not two)
        print(f"{name} {size['width']}x{size['height']}: board frame "
              f"{m['frame']['width']:.0f}x{m['frame']['height']:.0f}, "
              f"under 44: {len(small_targets(page, 44))}")
        assert small_targets(page, MIN_TARGET) == []
        screenshot(page, f"touch-{name}-{size['width']}x{size['height']}")
        tap_and_wait(page, ".rx-forward", "Step 2 of")
        check_clean(page)
    finally:
        leave(page)


def test_the_gallery_on_a_phone(browser, voila_url):
    """The gallery's cards fit a phone: no card, picture or link past the screen's edge."""
    page = touch_page(browser, PHONE)
    try:
        page.goto(f"{voila_url}/voila/render/index.ipynb", wait_until="commit")
        page.locator(".rx-card").first.wait_for()
        width = page.evaluate("innerWidth")
        rights = page.evaluate("() => [...document.querySelectorAll('.rx-card, .rx-card svg, "
                               ".rx-card a')].map((e) => e.getBoundingClientRect().right)")
        assert rights and max(rights) <= width + 0.5, (width, max(rights))
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert small_targets(page, MIN_TARGET) == []
        screenshot(page, "touch-gallery-390x844")
        check_clean(page)
    finally:
        leave(page)
