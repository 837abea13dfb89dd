"""Every game by keyboard alone, and as a screen reader hears it: Tab goes through the whole page
and through the board (no trap), the board is one stop with a name that says the step, the
arrow keys and Enter play a legal move, a refused try is spoken with its rule, and the live
regions say each step."""
from __future__ import annotations


import pytest

import registered
from explorer import lessons
from helpers import act, open_board, screenshot, wait_frame

APPS = registered.browser_games()
TABS = ("Rules", "Score", "History", "Game", "Share", "Rulebook", "Moves")
FRAME = ".rx-board-frame"
POLITE = ".rx-live-polite"
ASSERTIVE = ".rx-live-assertive"

FOCUSED_JS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return {tag: "BODY"};
  return {tag: e.tagName, board: e.matches(".rx-board-frame"), role: e.getAttribute("role"),
          text: (e.getAttribute("aria-label") || e.textContent || "").trim().slice(0, 60),
          ring: getComputedStyle(e).outlineStyle !== "none" &&
                parseFloat(getComputedStyle(e).outlineWidth) >= 2};
}"""


def tab_walk(page, presses: int, key: str = "Tab") -> list[dict]:
    """Press Tab `presses` times from the page's top; what had the focus after each press."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); "
                  "window.scrollTo(0, 0); }")
    seen = []
    for _ in range(presses):
        page.keyboard.press(key)
        seen.append(page.evaluate(FOCUSED_JS))
    return seen


def step_label(page) -> str:
    return page.locator(".rx-step-label").inner_text()


def focus_board(page) -> None:
    """Tab to the board, as a keyboard user does."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('.rx-board-frame')"):
            return
    raise AssertionError("Tab never reached the board")


def live(page, selector: str) -> str:
    return page.locator(selector).first.text_content()


def wrong_try(name: str):
    """A shipped lesson's question and how many presses of → bring the board's cursor to a move
    it refuses: (lesson name, step, presses, rule id). The cursor's order is the app's own,
    found by building the app here."""
    app = registered.app_factory(name)().explorer
    for lesson in lessons.shipped(name):
        for i, step in enumerate(lesson.steps):
            if step.checkpoint is None or not app.lessons.open(lesson.name, i + 1):
                continue
            state = app.timeline.frame.state
            for k, (_, action) in enumerate(app.access.moves()):
                verdict = lesson.judge(i, state, action)
                if not verdict.right and verdict.rule:
                    return lesson.name, i + 1, k + 1, verdict.rule
    raise AssertionError(f"no lesson of {name} has a question a legal move answers wrongly")


@pytest.mark.parametrize("name", APPS)
def test_tab_goes_through_the_page_and_the_board_without_a_trap(page, voila_url, name):
    open_board(page, voila_url, name)
    seen = tab_walk(page, 70)
    boards = [i for i, s in enumerate(seen) if s.get("board")]
    assert boards, "Tab never reached the board"
    # one stop: Tab leaves it at once, and comes back to it only after the whole page
    assert all(not seen[i + 1].get("board") for i in boards if i + 1 < len(seen))
    assert len(boards) >= 2 and boards[1] - boards[0] > 10, "the focus stays on the board"
    texts = {s.get("text") for s in seen if s.get("role") == "tab"}
    assert set(TABS) <= texts, f"tabs never reached by Tab: {set(TABS) - texts}"
    assert not any(s["tag"] == "CANVAS" for s in seen)
    # the focus is always seen: the board and every control reached show an outline
    assert all(s.get("ring") for s in seen if s["tag"] != "BODY"), \
        [s for s in seen if s["tag"] != "BODY" and not s.get("ring")][:3]
    back = tab_walk(page, 70, "Shift+Tab")
    assert sum(1 for s in back if s.get("board")) >= 2
    assert page.errors == []


@pytest.mark.parametrize("name", APPS)
def test_arrow_and_enter_play_a_legal_move_and_the_step_is_spoken(page, voila_url, name):
    open_board(page, voila_url, name)
    act(page, lambda: page.keyboard.press("End"))        # the last set-up step: moves now
    before = step_label(page)
    total = int(before.split(" of ")[1].split()[0])
    frame = page.locator(FRAME)
    name_before = frame.get_attribute("aria-label")
    assert len(name_before) >= 20 and f"{total} of {total}" in name_before
    region = page.locator(POLITE)
    assert region.get_attribute("role") == "status"
    page.evaluate("() => { window._polite = document.querySelector('.rx-live-polite'); }")
    focus_board(page)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => /\\(1 of \\d+/.test(document.querySelector("
                           "'.rx-live-polite').textContent)")
    screenshot(page, f"keyboard-{name}-cursor")
    act(page, lambda: page.keyboard.press("Enter"))
    page.wait_for_function(f"() => document.querySelector('.rx-step-label').innerText"
                           f".includes('Step {total + 1} of {total + 1}')")
    page.wait_for_function(f"() => document.querySelector('.rx-live-polite').textContent"
                           f".includes('Step {total + 1} of {total + 1}')")
    # the same region, its text changed (a screen reader speaks only a region it knew)
    assert page.evaluate("() => window._polite === document.querySelector('.rx-live-polite')")
    name_after = frame.get_attribute("aria-label")
    assert name_after != name_before and len(name_after) >= 20
    assert page.evaluate("() => document.activeElement.matches('.rx-board-frame')")
    # Tab leaves the board
    page.keyboard.press("Tab")
    assert not page.evaluate("() => document.activeElement.matches('.rx-board-frame')")
    assert page.errors == []


@pytest.mark.parametrize("name", APPS)
def test_a_refused_try_by_keyboard_says_why_with_its_rule(page, voila_url, name):
    lesson, step, presses, rule = wrong_try(name)
    open_board(page, voila_url, name, f"?lesson={lesson}&step={step}")
    page.evaluate("() => { window._alert = document.querySelector('.rx-live-assertive'); }")
    assert page.locator(ASSERTIVE).get_attribute("role") == "alert"
    focus_board(page)
    before = step_label(page)
    for _ in range(presses):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => /\\({presses} of \\d+/.test(document.querySelector("
                           f"'.rx-live-polite').textContent)")
    page.keyboard.press("Enter")
    page.wait_for_function(f"(rule) => document.querySelector('.rx-live-assertive')"
                           f".textContent.includes(rule)", arg=rule)
    assert page.evaluate("() => window._alert === document.querySelector('.rx-live-assertive')")
    assert step_label(page) == before                   # nothing was played
    assert rule in page.locator(".rx-message").inner_text()
    assert page.errors == []


@pytest.mark.parametrize("name", APPS)
def test_the_moves_list_plays_a_move_and_the_board_reads_as_text(page, voila_url, name):
    open_board(page, voila_url, name)
    act(page, lambda: page.keyboard.press("End"))
    total = int(step_label(page).split(" of ")[1].split()[0])
    focus_board(page)
    page.keyboard.press("m")                             # the Moves tab, its first group
    page.wait_for_function("() => document.activeElement.matches('.rx-moves-panel summary')")
    page.keyboard.press("Enter")                         # open the group
    first = page.locator(".rx-move-buttons button").first
    first.wait_for()
    assert len(first.inner_text()) > 5
    shown = page.locator(".rx-board-text").inner_html()
    act(page, lambda: first.click())
    page.wait_for_function(f"() => document.querySelector('.rx-step-label').innerText"
                           f".includes('Step {total + 1} of')")
    # the board as text of the new position (it arrives after the step's label): headed
    # sections, with row headers where there is a table
    page.wait_for_function("(shown) => document.querySelector('.rx-board-text').innerHTML "
                           "!== shown", arg=shown)
    text = page.locator(".rx-board-text")
    assert text.locator("h4").count() >= 1
    if text.locator("table").count():
        assert text.locator("th[scope=row]").count() >= 1
    screenshot(page, f"keyboard-{name}-moves-tab")
    assert page.errors == []


TAB_ROWS_JS = """() => {
  const tabs = [...document.querySelectorAll('.rx-tabs .lm-TabBar-tab')];
  const rows = new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top))).size;
  const cut = tabs.filter((t) => { const l = t.querySelector('.lm-TabBar-tabLabel');
                                   return l && l.scrollWidth > l.clientWidth + 1; });
  return {rows, cut: cut.map((t) => t.textContent), count: tabs.length};
}"""


@pytest.mark.parametrize("lang", ["en", "ko", "hu"])
def test_every_tab_title_is_whole_in_one_row_at_1280x800(page, voila_url, lang):
    """Seven tabs fit beside the board, every title whole, in normal and projector mode (a
    second row would push the step's rule down)."""
    open_board(page, voila_url, "cacao", f"?lang={lang}")
    for projector in (False, True):
        if projector:
            act(page, lambda: page.click(".rx-projector-toggle"))
            page.wait_for_selector(".rx-projector")
        found = page.evaluate(TAB_ROWS_JS)
        assert found == {"rows": 1, "cut": [], "count": len(TABS)}, (projector, found)
    assert page.errors == []
