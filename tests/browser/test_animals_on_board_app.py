"""The Animals on Board app in Voila + Chromium: painted board, stepping, moves by clicking.

Where to click comes from the same pure `layout()` the renderer uses, for the same seed, so the
test plays exactly the moves it computes in Python alongside.
"""
from __future__ import annotations


import pytest

import explorer
from explorer.animals_on_board import Keep, Split, Take
from helpers import (board_point, canvas_signature, click_and_time, open_at_first_step,
                     painted_pixels, screenshot, step, text, wait_log, wait_text)
from widgets.animals_on_board import layout

pytestmark = pytest.mark.browser

GAME = explorer.GAMES["animals_on_board"]
BOARD = ".rx-board"


def click_board(page, state, key) -> float:
    """Click the centre of `key` in layout(state): the canvas' bounding box + CSS pixels."""
    box = layout(state).box(key)
    assert box is not None, key
    x, y = board_point(page, *box.center)
    return click_and_time(page, lambda: page.mouse.click(x, y))


def test_animals_on_board_app(page, voila_url):
    latencies: dict[str, list[float]] = {}
    open_at_first_step(page, voila_url, "animals_on_board", 5, "animals_on_board.setup.species")
    wait_log(page, 5)
    screenshot(page, "animals_on_board-01-opened")

    # -- stepping through set-up with the timeline buttons ------------------------------
    steps = GAME.setup_steps(3, 1)
    latencies["step"] = [step(page, ".rx-forward", "Step 2 of 5")]
    wait_text(page, ".rx-rules", "animals_on_board.setup.draw_piles")
    assert "rx-current" in (page.locator(".rx-log-entry").nth(1).get_attribute("class") or "")
    latencies["step"].append(step(page, ".rx-back", "Step 1 of 5"))
    wait_text(page, ".rx-rules", "animals_on_board.setup.species")
    latencies["step"].append(step(page, ".rx-last", "Step 5 of 5"))
    wait_text(page, ".rx-rules", "animals_on_board.setup.keep_one")
    screenshot(page, "animals_on_board-02-setup-done")

    # -- keep: click a drawn tile of each player in turn ----------------------------------
    state = steps[-1]
    latencies["keep"] = []
    while state.phase == "keep":
        p = state.current_player
        latencies["keep"].append(click_board(page, state, ("hand", p, 0)))
        state = state.apply(Keep(state.drawn[p][0]))
    wait_text(page, ".rx-step-label", "Step 8 of 8")
    wait_text(page, ".rx-rules", "animals_on_board.round.refill")   # the log is shown before
    wait_log(page, 8)
    screenshot(page, "animals_on_board-03-kept")

    # -- split: Player 1 selects two tiles and splits them off ----------------------------
    latencies["select"] = [click_board(page, state, ("group", 0, 0)),
                           click_board(page, state, ("group", 0, 1))]
    wait_text(page, ".rx-selection", "Selected:")
    screenshot(page, "animals_on_board-04-selected")
    latencies["split"] = [click_and_time(page, lambda: page.click(".rx-split"))]
    state = state.apply(Split(state.groups[0][:2]))
    wait_text(page, ".rx-step-label", "Step 9 of 9")
    wait_text(page, ".rx-rules", "animals_on_board.split.group")
    assert "split" in page.locator(".rx-log-entry").nth(8).inner_text()
    screenshot(page, "animals_on_board-05-split")

    # -- illegal: Player 2 (1 crate) tries to take the 2-tile group -----------------------
    click_board(page, state, ("group-label", 0))
    page.click(".rx-take")
    wait_text(page, ".rx-message", "Not allowed:")
    message = text(page, ".rx-message")
    assert "rule animals_on_board.take.afford" in message
    wait_text(page, ".rx-rules", "animals_on_board.take.afford")
    wait_log(page, 9)  # nothing happened
    screenshot(page, "animals_on_board-06-refused")
    click_board(page, state, ("group-label", 0))        # unselect the group again

    # -- Player 2 splits one tile off, Player 3 takes that one-tile group -----------------
    click_board(page, state, ("group", 1, 0))
    page.click(".rx-split")
    state = state.apply(Split(state.groups[1][:1]))
    wait_text(page, ".rx-step-label", "Step 10 of 10")
    single = state.groups[1]
    assert len(single) == 1
    click_board(page, state, ("group-label", 1))
    latencies["take"] = [click_and_time(page, lambda: page.click(".rx-take"))]
    state = state.apply(Take(single))
    wait_text(page, ".rx-step-label", "Step 11 of 11")
    wait_text(page, ".rx-rules", "animals_on_board.take.leave_round")
    assert "RESTING" not in text(page, ".rx-message")
    screenshot(page, "animals_on_board-07-take")

    # -- back through the turns and forward again -----------------------------------------
    before = canvas_signature(page)
    step(page, ".rx-back", "Step 10 of 11")
    assert canvas_signature(page) != before
    assert "rx-current" in (page.locator(".rx-log-entry").nth(9).get_attribute("class") or "")
    page.locator(".rx-tabs .lm-TabBar-tab", has_text="History").first.click()
    page.locator(".rx-log-entry").nth(2).click()           # jump via the history
    wait_text(page, ".rx-step-label", "Step 3 of 11")
    page.locator(".rx-tabs .lm-TabBar-tab", has_text="Rules").first.click()
    wait_text(page, ".rx-rules", "animals_on_board.setup.crates")
    step(page, ".rx-last", "Step 11 of 11")
    screenshot(page, "animals_on_board-08-back-to-last")

    # -- keyboard: pointer over the board column, Home / Right / End ----------------------
    page.mouse.move(1, 1)
    page.hover(".rx-step-label")
    page.keyboard.press("Home")
    wait_text(page, ".rx-step-label", "Step 1 of 11")
    page.keyboard.press("ArrowRight")
    wait_text(page, ".rx-step-label", "Step 2 of 11")
    page.keyboard.press("End")
    wait_text(page, ".rx-step-label", "Step 11 of 11")

    assert painted_pixels(page, BOARD) > 100_000
    assert page.errors == []
    for what, values in latencies.items():
        print(f"click-to-repaint {what}: " + ", ".join(f"{v * 1000:.0f} ms" for v in values))
    everything = [v for values in latencies.values() for v in values]
    assert max(everything) < 5.0
