"""Messages, timeline playback and keys in Chromium (1280x800, and in projector mode): a message
covers no control and closes with Esc or its ✕, any navigation clears it, pause keeps the
step, and keys work wherever the pointer is and after a dropdown was used."""
from __future__ import annotations

import pytest

import registered
from helpers import act, open_board, screenshot, text, wait_text

pytestmark = pytest.mark.browser

APPS = registered.browser_games()

# Every visible button, tab and dropdown whose centre is on screen (not scrolled out of its
# pane) but is not the element found at that centre: something lies over it.
COVERED_JS = """() => {
  const controls = document.querySelectorAll(
    '.rx-app button, .rx-app select, .rx-app .lm-TabBar-tab');
  const name = (e) => e ? `${e.tagName}.${[...e.classList].join('.')} "${
    (e.innerText || '').trim().slice(0, 30)}"` : 'nothing';
  const covered = [];
  for (const b of controls) {
    if (b.offsetParent === null || getComputedStyle(b).visibility === 'hidden') continue;
    const r = b.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    let shown = true;
    for (let a = b.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflow === 'visible') continue;
      const c = a.getBoundingClientRect();
      if (x < c.left || x > c.right || y < c.top || y > c.bottom) { shown = false; break; }
    }
    if (!shown) continue;
    const top = document.elementFromPoint(x, y);
    if (!(top === b || b.contains(top))) covered.push(`${name(b)} under ${name(top)}`);
  }
  return covered;
}"""

MESSAGE_SHOWN_JS = """() => { const m = document.querySelector('.rx-message');
  return !!m && m.offsetParent !== null && m.innerText.trim().length > 0; }"""
MESSAGE_GONE_JS = """() => { const m = document.querySelector('.rx-message');
  return !m || m.offsetParent === null || m.innerText.trim() === ''; }"""

# The longest message an app can show: a link whose lesson is unknown is answered with every
# lesson's name and the asked name quoted back (cut at its limit).
LONGEST = "?lesson=" + "a_lesson_with_a_very_long_name_" * 4


def show_a_refusal(page, voila_url, name: str) -> None:
    """A refused move at a playable step, with the board's own buttons in view: the game's
    REFUSAL_LINK, or else its own show_a_refusal (tests/games/<name>.py)."""
    link = registered.need(name, "REFUSAL_LINK", "a link (query) whose page shows a refused "
                           "move, or None and a function show_a_refusal(page, voila_url, "
                           "message_shown)")
    if link is None:
        registered.need(name, "show_a_refusal")(
            page, voila_url, lambda page: page.wait_for_function(MESSAGE_SHOWN_JS))
    else:
        open_board(page, voila_url, name, link)
        wait_text(page, ".rx-message", "Not allowed:")


def covered(page) -> list[str]:
    return page.evaluate(COVERED_JS)


def check_in_both_modes(page, name: str, what: str) -> None:
    """No control is covered at 1280x800 nor in projector mode (the message stays shown)."""
    screenshot(page, f"{name}-message-{what}")
    assert covered(page) == []
    act(page, lambda: page.click(".rx-projector-toggle"))
    page.wait_for_selector(".rx-app.rx-projector")
    page.wait_for_function(MESSAGE_SHOWN_JS)
    screenshot(page, f"{name}-message-{what}-projector")
    assert covered(page) == []


def pointer_away(page) -> None:
    """Put the pointer on the page's heading, outside the app."""
    box = page.locator(".rx-app").bounding_box()
    page.mouse.move(box["x"] + 200, max(1, box["y"] - 10))


def label(page) -> str:
    return text(page, ".rx-step-label")


def wait_label(page, needle: str) -> None:
    wait_text(page, ".rx-step-label", needle)


@pytest.mark.parametrize("name", APPS)
def test_the_longest_message_covers_no_control_and_closes_with_escape(page, voila_url, name):
    open_board(page, voila_url, name, LONGEST)
    wait_text(page, ".rx-message", "This link cannot be opened")
    check_in_both_modes(page, name, "longest")
    pointer_away(page)
    page.keyboard.press("Escape")
    page.wait_for_function(MESSAGE_GONE_JS)
    assert page.errors == [] and page.outside == []


@pytest.mark.parametrize("name", APPS)
def test_a_refusal_covers_no_control_and_end_clears_it(page, voila_url, name):
    show_a_refusal(page, voila_url, name)
    check_in_both_modes(page, name, "refusal")
    act(page, lambda: page.click(".rx-play-end"))
    wait_label(page, "Scoring")
    page.wait_for_function(MESSAGE_GONE_JS)
    assert page.errors == [] and page.outside == []


@pytest.mark.parametrize("name", APPS)
def test_keys_work_wherever_the_pointer_is_and_after_a_dropdown(page, voila_url, name):
    open_board(page, voila_url, name)
    total = int(label(page).split(" of ")[1].split()[0])
    pointer_away(page)
    page.keyboard.press("End")
    wait_label(page, f"Step {total} of {total}")
    page.keyboard.press("PageUp")                 # what a presenter's clicker sends
    wait_label(page, f"Step {total - 1} of")
    page.keyboard.press("PageDown")
    wait_label(page, f"Step {total} of")
    page.keyboard.press("Home")
    wait_label(page, "Step 1 of")
    page.keyboard.press("Space")
    wait_label(page, "Step 2 of")
    act(page, lambda: page.locator(".rx-perspective select").select_option(label="Player 1"))
    pointer_away(page)
    page.keyboard.press("ArrowRight")             # the dropdown still has the focus
    wait_label(page, "Step 3 of")
    assert page.locator(".rx-perspective select").input_value() == "Player 1"  # unchanged
    assert page.errors == [] and page.outside == []


@pytest.mark.parametrize("name", APPS)
def test_pause_keeps_the_step(page, voila_url, name):
    open_board(page, voila_url, name)
    act(page, lambda: page.click(".rx-play-end"))
    wait_label(page, "Scoring")
    act(page, lambda: page.click(".rx-first"))
    wait_label(page, "Step 1 of")
    assert "Space" in page.locator(".rx-forward").get_attribute("title")
    page.click(".rx-play")
    page.wait_for_function("() => +(/Step (\\d+) of/.exec(document.querySelector("
                           "'.rx-step-label').innerText) || [0, 0])[1] >= 3")
    page.click(".rx-play")                        # pause
    page.wait_for_function("() => document.querySelector('.rx-play').innerText.includes('Play')")
    screenshot(page, f"{name}-paused")
    shown = int(label(page).split(" of ")[0].split()[-1])
    assert shown >= 3
    act(page, lambda: page.click(".rx-forward"))
    wait_label(page, f"Step {shown + 1} of")
    assert page.errors == [] and page.outside == []
