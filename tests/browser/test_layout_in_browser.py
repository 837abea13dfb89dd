"""A stable layout in Chromium (1280x800), for every app: the board's frame keeps its size and
place while stepping through set-up and turns and while selecting on the board, so a second
click lands where the first one aimed; selecting does not even rescale the drawing. Cacao's
grid keeps one cell size through a game."""
from __future__ import annotations

import pytest

import registered
from helpers import act, board_fit, canvas_signature, open_board, wait_for_repaint

pytestmark = pytest.mark.browser

FRAME_JS = """() => { const r = document.querySelector('.rx-board-frame').getBoundingClientRect();
  return [r.left, r.top, r.width, r.height].map(v => Math.round(v * 2) / 2); }"""


def frame_box(page) -> list[float]:
    return page.evaluate(FRAME_JS)


def fit_of(page) -> tuple:
    fit = board_fit(page)
    return (round(fit["x"], 1), round(fit["y"], 1), round(fit["scale"], 4))


def select(page, name: str) -> None:
    """Make a choice on the board or beside it that changes what is shown, as a person does
    before moving (the game's `select_on_board` in its tests/games/<name>.py). These redraw
    the board only (the app counts no new frame): wait for the repaint."""
    def click(do) -> None:
        before = canvas_signature(page)
        do()
        wait_for_repaint(page, before)

    registered.need(name, "select_on_board", "a function select_on_board(page, click) making a "
                    "choice that changes the board, each step as click(do)")(page, click)


@pytest.mark.parametrize("name", registered.browser_games())
def test_the_board_frame_stays_put_while_stepping_and_selecting(page, voila_url, name):
    open_board(page, voila_url, name, "?players=3&seed=1")
    frame = frame_box(page)
    seen = [("opened", frame)]

    def check(what: str) -> None:
        now = frame_box(page)
        seen.append((what, now))
        assert now == frame, f"the board frame moved or resized at {what}: {seen}"

    for _ in range(3):
        act(page, lambda: page.click(".rx-forward"))
        check("a set-up step")
    act(page, lambda: page.click(".rx-last"))
    check("the last set-up step")
    turns = getattr(registered.checks(name), "TURNS_BEFORE_SELECTING", 0)
    if turns:                        # bot turns before a choice can be made on the board
        for _ in range(turns):
            act(page, lambda: page.click(".rx-play-turn"))
            page.wait_for_function("() => !document.querySelector('.rx-play-turn').disabled")
        check("the turns before selecting")
    fit = fit_of(page)
    select(page, name)
    check("a selection")
    assert fit_of(page) == fit, "selecting rescaled or moved the drawing"
    for turn in range(3):
        act(page, lambda: page.click(".rx-play-turn"))
        page.wait_for_function("() => !document.querySelector('.rx-play-turn').disabled")
        check(f"bot turn {turn + 1}")
    for _ in range(4):
        act(page, lambda: page.click(".rx-back"))
        check("a step back")
    act(page, lambda: page.click(".rx-projector-toggle"))
    page.wait_for_selector(".rx-app.rx-projector")
    act(page, lambda: page.click(".rx-projector-toggle"))
    page.wait_for_selector(".rx-app:not(.rx-projector)")
    page.wait_for_function(f"(want) => JSON.stringify(({FRAME_JS})()) === JSON.stringify(want)",
                           arg=frame)
    assert page.errors == []
