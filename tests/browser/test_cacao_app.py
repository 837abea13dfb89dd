"""The Cacao app in Voila + Chromium: painted board, stepping, placing, filling, workers.

Where to click comes from the same pure `layout()` the renderer uses, for the same seed, so the
test plays exactly the moves it mirrors on the engine alongside.
"""
from __future__ import annotations


import pytest

import explorer
from explorer.cacao import Decline, Fill, Place, Work
from helpers import (board_point, canvas_signature, click_and_time, open_app,
                     open_at_first_step, painted_pixels, screenshot, step, text, wait_log,
                     wait_text)
from widgets.cacao import layout
from widgets.cacao.geometry import edge_rect
from widgets.cacao.layout import game_extent

pytestmark = pytest.mark.browser

GAME = explorer.GAMES["cacao"]
BOARD = ".rx-board"


def click_at(page, x: float, y: float, repaint: bool = True) -> float:
    """Click CSS pixel (x, y) of the board and time the repaint (a refused move repaints
    nothing: `repaint=False` just clicks)."""
    px, py = board_point(page, x, y)
    if not repaint:
        page.mouse.click(px, py)
        return 0.0
    return click_and_time(page, lambda: page.mouse.click(px, py))


def shown(state):
    """The layout the board draws `state` with, the last step of the game played here: fitted,
    as the board does, by `game_extent` (one scale through a game)."""
    return layout(state, extent=game_extent(state))


def click_cell(page, state, cell, repaint: bool = True) -> float:
    return click_at(page, *shown(state).cell_center(cell), repaint=repaint)


def click_box(page, state, key) -> float:
    return click_at(page, *shown(state).box(key).center)


def choose(page, label: str) -> None:
    page.locator(".rx-choice button", has_text=label).first.click()


def test_cacao_app(page, voila_url):
    latencies: dict[str, list[float]] = {}
    open_at_first_step(page, voila_url, "cacao", 8, "cacao.setup.villages")
    screenshot(page, "cacao-01-opened")

    # -- set-up with the timeline buttons -------------------------------------------------
    latencies["step"] = [step(page, ".rx-last", "Step 8 of 8")]
    wait_text(page, ".rx-rules", "cacao.setup.start_player")
    latencies["step"].append(step(page, ".rx-back", "Step 7 of 8"))
    latencies["step"].append(step(page, ".rx-forward", "Step 8 of 8"))
    state = GAME.setup(3, 1)
    shown(state)

    # -- Player 1: choose 2-1-0-1, turn it (button and keys), click a green cell ----------
    choose(page, "2-1-0-1")
    latencies["rotate"] = [click_and_time(page, lambda: page.click(".rx-rotate-right"))]
    page.hover(".rx-step-label")
    latencies["rotate"].append(click_and_time(page, lambda: page.keyboard.press("e")))
    latencies["rotate"].append(click_and_time(page, lambda: page.keyboard.press("q")))
    screenshot(page, "cacao-02-rotated")
    latencies["place"] = [click_cell(page, state, (1, 0))]
    state = state.apply(Place("2-1-0-1", (1, 0), 1))
    wait_text(page, ".rx-step-label", "Step 9 of 9")
    wait_text(page, ".rx-rules", "cacao.place.worker_tile")
    wait_text(page, ".rx-pending", "worker on the bottom of (1, 0)")
    latencies["decline"] = [step(page, ".rx-decline", "Step 10 of 10")]
    state = state.apply(Decline((1, 0), 2))

    # -- illegal: Player 2 clicks a cell touching no jungle tile --------------------------
    before = canvas_signature(page)
    click_cell(page, state, (2, -1), repaint=False)
    wait_text(page, ".rx-message", "Not allowed:")
    assert "rule cacao.place.adjacent" in text(page, ".rx-message")
    wait_text(page, ".rx-rules", "cacao.place.adjacent")
    wait_log(page, 10)      # nothing happened
    assert canvas_signature(page) == before
    screenshot(page, "cacao-03-refused")

    # -- Player 2 places next to Player 1: a jungle space to fill -------------------------
    choose(page, "2-1-0-1")                                        # a new tile starts at 0°
    click_cell(page, state, (2, 1))
    state = state.apply(Place("2-1-0-1", (2, 1), 0))
    wait_text(page, ".rx-step-label", "Step 11 of 11")
    assert state.phase == "fill" and state.spaces == ((2, 0),)
    latencies["choose"] = [click_box(page, state, ("display", 1)),   # the temple
                           click_box(page, state, ("display", 0))]   # no: the price-4 market
    screenshot(page, "cacao-04-fill")
    latencies["fill"] = [click_cell(page, state, (2, 0))]
    state = state.apply(Fill("market-4", (2, 0)))
    wait_text(page, ".rx-step-label", "Step 12 of 12")
    wait_text(page, ".rx-rules", "cacao.fill.display_choice")

    # -- both players' activated workers: decline them one side at a time -----------------
    n = 12   # steps so far, counted from the moves played here (the page's log may lag its label)
    assert {e.player for e in state.pending} == {0, 1}
    assert page.locator(".rx-pending-line").count() == len(state.pending)
    screenshot(page, "cacao-05-activated")
    while state.phase == "work":
        action = state.legal_actions()[0]
        assert isinstance(action, Decline)
        line = [(e.cell, e.side) for e in state.pending].index((action.cell, action.side))
        page.locator(".rx-pending-line").nth(line).locator(".rx-decline").click()
        state, n = state.apply(action), n + 1
        wait_text(page, ".rx-step-label", f"Step {n} of {n}")

    # -- Player 3 works the plantation by clicking the glowing edge ------------------------
    choose(page, "1-1-1-1")
    click_cell(page, state, (-1, 0))
    state, n = state.apply(Place("1-1-1-1", (-1, 0), 0)), n + 1
    wait_text(page, ".rx-step-label", f"Step {n} of {n}")
    edge = edge_rect(shown(state).viewport.rect((-1, 0)), 1, depth=0.24)
    latencies["work"] = [click_at(page, edge[0] + edge[2] / 2, edge[1] + edge[3] / 2)]
    state, n = state.apply(Work((-1, 0), 1)), n + 1
    wait_text(page, ".rx-step-label", f"Step {n} of {n}")
    wait_log(page, n)
    wait_text(page, ".rx-rules", "cacao.work.plantation")
    assert state.cacao == (0, 0, 1) and state.phase == "place"
    screenshot(page, "cacao-06-worked")

    # -- Player 2's view hides the other hands; back to all open -------------------------
    latencies["perspective"] = [click_and_time(
        page, lambda: page.locator(".rx-perspective select").select_option(label="Player 2"))]
    screenshot(page, "cacao-07-player-2-view")
    click_and_time(
        page, lambda: page.locator(".rx-perspective select").select_option(label="All open"))

    # -- back and forth through the turns; zoom ------------------------------------------
    before = canvas_signature(page)
    step(page, ".rx-back", f"Step {n - 1} of {n}")
    assert canvas_signature(page) != before
    step(page, ".rx-first", f"Step 1 of {n}")
    step(page, ".rx-last", f"Step {n} of {n}")
    assert canvas_signature(page) == before
    latencies["zoom"] = [click_and_time(page, lambda: page.click(".rx-zoom-in"))]
    screenshot(page, "cacao-08-zoomed")
    latencies["zoom"].append(click_and_time(page, lambda: page.click(".rx-fit")))
    assert canvas_signature(page) == before

    assert painted_pixels(page, BOARD) > 100_000
    assert page.errors == []
    # a second visit gets a preheated kernel and must paint its board again from scratch
    again = open_app(page, voila_url, "cacao")
    print(f"time to painted board, second visit: {again:.2f} s")
    wait_text(page, ".rx-step-label", "Step 1 of 8")
    assert painted_pixels(page, BOARD) > 100_000 and page.errors == []
    for what, values in latencies.items():
        print(f"click-to-repaint {what}: " + ", ".join(f"{v * 1000:.0f} ms" for v in values))
    everything = [v for values in latencies.values() for v in values]
    assert max(everything) < 5.0
