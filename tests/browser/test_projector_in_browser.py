"""Projector mode in Chromium, at 1280x800 and 1920x1080, for every app: the board keeps at
least 85% of its area, its labels are drawn larger and laid out again (no two label boxes
overlap, measured with the canvas' own text metrics), and the step's rule quote with its
paraphrase stays in view. In Korean and Hungarian too (at 1280x800). Also: no board text is
drawn under 11 px at 1280x800.

Every text the page draws on a board canvas is recorded with its box (a probe around the
canvas' fillText, reset when the canvas is cleared), so the checks see the frame drawn last.
"""
from __future__ import annotations

import pytest

import registered
from helpers import (LARGE, VIEWPORT, act, board_fit, canvas_signature, leave, new_page,
                     open_board, screenshot, wait_for_repaint)

pytestmark = pytest.mark.browser

APPS = registered.browser_games()
SIZES = {"1280x800": VIEWPORT, "1920x1080": LARGE}
MIN_TEXT = 11.0      # CSS px, as displayed

# Records every fillText on every canvas: the text, its box in canvas pixels (from the
# canvas' measureText, squeezed to maxWidth as the canvas squeezes it) and its font size in
# canvas pixels; a full clearRect starts the canvas' list again.
TEXT_PROBE_JS = """() => {
  if (window.__rxTexts) return;
  window.__rxTexts = new Map();
  const proto = CanvasRenderingContext2D.prototype;
  const fillText = proto.fillText, clearRect = proto.clearRect;
  proto.clearRect = function (x, y, w, h) {
    if (x <= 0 && y <= 0 && w >= this.canvas.width && h >= this.canvas.height)
      window.__rxTexts.set(this.canvas, {at: performance.now(), texts: []});
    return clearRect.apply(this, arguments);
  };
  proto.fillText = function (text, x, y, maxWidth) {
    let entry = window.__rxTexts.get(this.canvas);
    if (!entry) { entry = {at: 0, texts: []}; window.__rxTexts.set(this.canvas, entry); }
    entry.at = performance.now();
    const m = this.measureText(text), t = this.getTransform();
    const squeeze = maxWidth !== undefined && m.width > maxWidth ? maxWidth / m.width : 1;
    const left = x - m.actualBoundingBoxLeft * squeeze, right = x + m.actualBoundingBoxRight * squeeze;
    const top = y - m.actualBoundingBoxAscent, bottom = y + m.actualBoundingBoxDescent;
    const size = +((/([\\d.]+)px/.exec(this.font) || [0, 0])[1]);
    entry.texts.push({text: String(text), size: size * t.a,
      box: [t.a * left + t.e, t.d * top + t.f, t.a * right + t.e, t.d * bottom + t.f]});
    return fillText.apply(this, arguments);
  };
}"""

# The texts of the board frame drawn last (on the canvas whose size is the shown board's),
# with their boxes and sizes in CSS pixels as displayed.
BOARD_TEXTS_JS = """() => {
  const shown = document.querySelector('canvas.rx-board');
  const r = shown.getBoundingClientRect();
  const scale = Math.min(r.width / shown.width, r.height / shown.height);
  let best = null;
  for (const [canvas, entry] of window.__rxTexts)
    if (canvas.width === shown.width && canvas.height === shown.height && entry.texts.length
        && (!best || entry.at > best.at)) best = entry;
  if (!best) return [];
  return best.texts.map(t => ({text: t.text, size: t.size * scale,
    box: t.box.map((v, i) => v * scale + (i % 2 ? r.top : r.left))}));
}"""


# Controls of the side column (search box, buttons, menus) that reach past its right edge
SIDE_OVERFLOW_JS = """() => {
  const side = document.querySelector('.rx-side').getBoundingClientRect();
  const controls = '.rx-side input, .rx-side select, .rx-side button, .rx-rule-search';
  return [...document.querySelectorAll(controls)]
    .filter(el => el.offsetParent !== null)
    .map(el => [el.className || el.tagName, el.getBoundingClientRect().right - side.right])
    .filter(([_, over]) => over > 0.5);
}"""


# Menus whose chosen option is cut or runs under the arrow: the option's text (laid out in the
# page in the menu's own font, so Korean text takes the same fallback font as in the menu)
# with the menu's padding must fit, and the right padding hold the arrow
CUT_MENUS_JS = """() => {
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;left:0;top:0';
  document.body.appendChild(probe);
  const found = [...document.querySelectorAll('.rx-app select')].filter(s => s.offsetParent !== null)
    .map(s => { const cs = getComputedStyle(s); probe.style.font = cs.font;
      probe.textContent = s.options[s.selectedIndex]?.text || '';
      const need = probe.getBoundingClientRect().width + parseFloat(cs.paddingLeft)
        + parseFloat(cs.paddingRight);
      return [probe.textContent, need, s.clientWidth, parseFloat(cs.paddingRight)]; })
    .filter(([_, need, width, right]) => need > width + 1 || right < 18);
  probe.remove();
  return found;
}"""


def probe(page) -> None:
    page.evaluate(TEXT_PROBE_JS)


def board_texts(page) -> list[dict]:
    return page.evaluate(BOARD_TEXTS_JS)


def overlapping(texts: list[dict], slack: float = 1.0) -> list[tuple[str, str]]:
    """Pairs of drawn texts whose boxes overlap by more than `slack` px each way."""
    found = []
    for i, a in enumerate(texts):
        ax0, ay0, ax1, ay1 = a["box"]
        for b in texts[i + 1:]:
            bx0, by0, bx1, by1 = b["box"]
            if ax0 + slack < bx1 and bx0 + slack < ax1 and ay0 + slack < by1 and by0 + slack < ay1:
                found.append((a["text"], b["text"]))
    return found


def grown(before: list[dict], after: list[dict]) -> float:
    """How much the labels (texts of 4 characters or more) drawn in both frames grew as shown:
    the median over the distinct labels."""
    size_before = {t["text"]: t["size"] for t in before if len(t["text"]) >= 4}
    ratios = sorted(t["size"] / size_before[t["text"]] for t in
                    {t["text"]: t for t in after}.values() if t["text"] in size_before)
    return ratios[len(ratios) // 2] if ratios else 0.0


def drawn_area(page) -> float:
    """The board drawing's area on the page, in CSS px squared."""
    fit = board_fit(page)
    return fit["width"] * fit["scale"] * fit["height"] * fit["scale"]


def into_a_game(page, voila_url: str, name: str, lang: str = "en") -> None:
    """Open the app (in `lang`), probe its canvas texts and play two bot turns from the last
    set-up step."""
    query = registered.need(name, "PROJECTOR_QUERY", "the query of the page to open")
    if lang != "en":
        query = f"{query}&lang={lang}" if query else f"?lang={lang}"
    open_board(page, voila_url, name, query)
    probe(page)
    act(page, lambda: page.click(".rx-last"))
    for _ in range(2):
        act(page, lambda: page.click(".rx-play-turn"))
        page.wait_for_function("() => !document.querySelector('.rx-play-turn').disabled")
    before = canvas_signature(page)
    act(page, lambda: page.click(".rx-back"))
    wait_for_repaint(page, before)          # a whole frame drawn since the probe was set
    act(page, lambda: page.click(".rx-forward"))


def quote_in_view(page) -> bool:
    """Whether the first rule's quote and paraphrase are wholly visible: inside the window and
    inside the Rules tab's scrolled pane."""
    return page.evaluate("""() => {
      const rule = [...document.querySelectorAll('.rx-rules .rx-rule')]
        .find(r => r.querySelector('blockquote') && r.offsetParent !== null);
      if (!rule) return false;
      const pane = rule.closest('.rx-tab-pane').getBoundingClientRect();
      const inside = el => { const r = el.getBoundingClientRect();
        return r.height > 0 && r.top >= Math.max(0, pane.top) - 0.5
          && r.bottom <= Math.min(innerHeight, pane.bottom) + 0.5; };
      return inside(rule.querySelector('blockquote'))
        && inside(rule.querySelector('.rx-rule-english'));
    }""")


# English at both sizes; Korean (tall lines) and Hungarian (long words) at 1280x800
LAYOUTS = [(size, "en") for size in sorted(SIZES)] + [("1280x800", "ko"), ("1280x800", "hu")]


@pytest.mark.parametrize("size, lang", LAYOUTS)
@pytest.mark.parametrize("name", APPS)
def test_projector_mode_is_a_layout(browser, voila_url, name, size, lang):
    page = new_page(browser, SIZES[size])
    try:
        into_a_game(page, voila_url, name, lang)
        assert quote_in_view(page), "the rule quote or its paraphrase is out of view"
        normal_area, normal = drawn_area(page), board_texts(page)
        assert normal and not overlapping(normal), overlapping(normal)[:5]
        assert page.evaluate(SIDE_OVERFLOW_JS) == [] and page.evaluate(CUT_MENUS_JS) == []
        suffix = "" if lang == "en" else f"-{lang}"
        screenshot(page, f"projector-{name}-{size}{suffix}-normal")
        before = canvas_signature(page)
        act(page, lambda: page.click(".rx-projector-toggle"))
        page.wait_for_selector(".rx-app.rx-projector")
        wait_for_repaint(page, before)
        page.wait_for_function("() => document.querySelector('.rx-app').offsetHeight > 0")
        screenshot(page, f"projector-{name}-{size}{suffix}-projector")
        area, texts = drawn_area(page), board_texts(page)
        print(f"{name} {size}: board {normal_area ** .5:.0f}^2 -> {area ** .5:.0f}^2 px "
              f"({area / normal_area:.0%}); largest text {max(t['size'] for t in normal):.1f}"
              f" -> {max(t['size'] for t in texts):.1f} px")
        assert area >= 0.85 * normal_area, (area, normal_area)
        assert not overlapping(texts), overlapping(texts)[:5]
        # the labels are larger as shown, not just in the drawing (marks on tiles keep theirs)
        assert grown(normal, texts) >= 1.2, grown(normal, texts)
        assert quote_in_view(page), "the rule quote or its paraphrase is out of view"
        assert page.evaluate(SIDE_OVERFLOW_JS) == []
        assert page.evaluate(CUT_MENUS_JS) == []
        assert page.errors == []
    finally:
        leave(page)


@pytest.mark.parametrize("name", APPS)
def test_no_board_text_under_11_px_at_1280x800(page, voila_url, name):
    into_a_game(page, voila_url, name)
    texts = board_texts(page)
    smallest = min(texts, key=lambda t: t["size"])
    print(f"{name}: smallest board text {smallest['size']:.1f} px ({smallest['text']!r})")
    assert smallest["size"] >= MIN_TEXT, smallest
