"""Never lose a step, in Chromium: a reload opens the step shown (the address follows it), and a
move made at an earlier step keeps the later steps as a branch, with Undo and a History entry."""
from __future__ import annotations

import re

import pytest

import registered
from helpers import act, open_board, screenshot, tab, text, wait_frame, wait_text

pytestmark = pytest.mark.browser

APPS = registered.browser_games()


def play_to_end(page) -> int:
    """⏩ End, waiting until the label shows the last step of a played game; its length."""
    page.click(".rx-play-end")
    page.wait_for_function("() => { const m = /Step (\\d+) of (\\d+)/.exec(document.querySelector("
                           "'.rx-step-label').innerText); return m && m[1] === m[2] && +m[1] > 20; }")
    return step_label(page)[1]


def random_seats(page) -> None:
    """Every seat a random bot (the line was played by greedy stand-ins)."""
    tab(page, "Game")
    seats = page.locator(".rx-seat select")
    for i in range(seats.count()):
        seats.nth(i).select_option(label="Random bot")   # sent before any later click


def step_label(page) -> tuple[int, int]:
    found = re.search(r"Step (\d+) of (\d+)", text(page, ".rx-step-label"))
    assert found, text(page, ".rx-step-label")
    return int(found[1]), int(found[2])


@pytest.mark.parametrize("name", APPS)
def test_a_reload_opens_the_step_shown(page, voila_url, name):
    open_board(page, voila_url, name)
    total = play_to_end(page)
    for shown in (total - 1, total - 2):   # (the scoring step may draw the last move's board)
        page.click(".rx-back")
        wait_text(page, ".rx-step-label", f"Step {shown} of {total}")
    page.wait_for_function("(step) => location.search.endsWith('&step=' + step)", arg=shown)
    page.reload(wait_until="commit")
    wait_frame(page, 0)
    wait_text(page, ".rx-step-label", f"Step {shown} of {total}")
    screenshot(page, f"reload-keeps-step-{name}")


def branch_off(page, voila_url, name: str, fork: int) -> int:
    """Play a game to its end, go back to step `fork` and let random bots play that turn: a
    new line. Returns the old line's length."""
    open_board(page, voila_url, name)
    total = play_to_end(page)
    act(page, lambda: page.click(".rx-first"))
    for shown in range(2, fork + 1):
        page.keyboard.press("ArrowRight")
        wait_text(page, ".rx-step-label", f"Step {shown} of {total}")
    random_seats(page)          # random bots: other moves than the line's
    page.click(".rx-play-turn")
    page.wait_for_function("() => { const b = document.querySelector('.rx-message-action');"
                           " return !!b && b.offsetParent !== null; }")
    return total


def test_a_move_at_an_earlier_step_keeps_the_later_ones_with_undo(page, voila_url):
    fork = 9
    total = branch_off(page, voila_url, "cacao", fork)
    message = text(page, ".rx-message")
    assert "kept as a branch" in message and "Undo" in message
    screenshot(page, "branch-kept-cacao")
    box = page.locator(".rx-message-action").bounding_box()
    top = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('button')"
                        "?.classList.contains('rx-message-action')",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert top, "the Undo button is covered"
    page.click(".rx-message-action")
    wait_text(page, ".rx-step-label", f"Step {fork} of {total}")
    tab(page, "History")
    page.wait_for_selector(".rx-branch")
    assert re.match(rf"From step {fork}: \d+ steps? · ", text(page, ".rx-branch"))
    screenshot(page, "branch-listed-cacao")
    page.click(".rx-branch")                              # one click: the new line again
    page.wait_for_function("([fork, total]) => { const m = /Step (\\d+) of (\\d+)/.exec("
                           "document.querySelector('.rx-step-label').innerText);"
                           " return m && +m[1] === fork && +m[2] < total; }", arg=[fork, total])


def test_a_reload_keeps_the_branches_too(page, voila_url):
    total = branch_off(page, voila_url, "animals_on_board", 7)
    assert "kept as a branch" in text(page, ".rx-message")
    tab(page, "History")
    page.wait_for_selector(".rx-branch")
    kept = text(page, ".rx-branch")
    shown, length = step_label(page)
    page.wait_for_function("(step) => location.search.endsWith('&step=' + step)", arg=shown)
    page.reload(wait_until="commit")
    wait_frame(page, 0)
    wait_text(page, ".rx-step-label", f"Step {shown} of {length}")
    tab(page, "History")
    page.wait_for_selector(".rx-branch")
    assert text(page, ".rx-branch") == kept
    screenshot(page, "branch-kept-over-reload-animals_on_board")
    act(page, lambda: page.click(".rx-branch"))
    act(page, lambda: page.click(".rx-last"))
    wait_text(page, ".rx-step-label", f"Step {total} of {total}")


CURRENT_ENTRY_IN_BOX_JS = """() => {
  const box = document.querySelector('.rx-log'), entry = box?.querySelector('.rx-current');
  if (!entry || !box.clientHeight) return false;
  const b = box.getBoundingClientRect(), r = entry.getBoundingClientRect();
  return r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
}"""


def test_the_history_keeps_the_current_step_in_view(page, voila_url):
    """With the History tab open, the current entry stays wholly inside its scrolling box
    while stepping to the end, to the start, and after the tab is shown again."""
    open_board(page, voila_url, "taluva")
    total = play_to_end(page)
    tab(page, "History")
    page.wait_for_function(CURRENT_ENTRY_IN_BOX_JS)
    act(page, lambda: page.click(".rx-first"))
    wait_text(page, ".rx-step-label", f"Step 1 of {total}")
    page.wait_for_function(CURRENT_ENTRY_IN_BOX_JS)
    tab(page, "Rules")
    act(page, lambda: page.click(".rx-last"))
    wait_text(page, ".rx-step-label", f"Step {total} of {total}")
    tab(page, "History")
    page.wait_for_function(CURRENT_ENTRY_IN_BOX_JS)
    screenshot(page, "history-current-step-in-view")
