"""Lessons in Chromium (1280x800): opened from the menu and from a link, captions in step with
the timeline, a checkpoint answered wrong then right by clicking the board, and Save as lesson
giving a file that opens again."""
from __future__ import annotations

import json

import pytest

import explorer
from explorer import lessons
from explorer.animals_on_board import Keep
from helpers import (act, board_point, leave, new_page, open_board, screenshot, tab, text, upload,
                     wait_text)
from widgets.animals_on_board import layout

pytestmark = pytest.mark.browser

NAME = "animals_on_board"
GAME = explorer.GAMES[NAME]


def caption(page) -> str:
    return text(page, ".rx-lesson")


def first_game() -> lessons.Lesson:
    """The walk-through of a first round: it opens with a question (which tile to keep)."""
    lesson = lessons.get(NAME, "first_game")
    assert lesson.steps[0].checkpoint is not None and lesson.steps[1].checkpoint is None
    return lesson


def keep_lesson() -> dict:
    """A lesson of the three opening keeps (3 players, seed 1); the second is a checkpoint."""
    state = GAME.setup(3, 1)
    steps = []
    for p in range(3):
        action = Keep(state.drawn[state.current_player][0])
        steps.append({"action": action.to_json(), "caption": f"Keep number {p + 1}."})
        state = state.apply(action)
    steps[1]["try"] = {"prompt": "Keep the first tile you drew.",
                       "hint": "The lesson keeps the first tile drawn.",
                       "rule": "animals_on_board.setup.keep_one"}
    return {"title": "Keeping a tile", "teaches": ["animals_on_board.setup.keep_one"],
            "intro": "Everyone keeps one of the tiles they drew.",
            "start": {"players": 3, "seed": 1}, "steps": steps}


def click_board(page, state, key) -> None:
    box = layout(state).box(key)
    assert box is not None, key
    x, y = board_point(page, *box.center)
    act(page, lambda: page.mouse.click(x, y))


def test_a_lesson_from_the_menu_with_captions_in_step_with_the_timeline(page, voila_url):
    lesson = first_game()
    captions = lesson.captions()
    count = len(captions)
    open_board(page, voila_url, NAME)
    act(page, lambda: page.locator(".rx-lesson-menu select").select_option(label=lesson.title))
    wait_text(page, ".rx-lesson", lesson.title)
    wait_text(page, ".rx-step-label", f"Lesson: {lesson.title}")
    assert captions[0][:40] in caption(page)
    assert "Your turn:" in caption(page)
    screenshot(page, "lessons-01-opened")
    act(page, lambda: page.click(".rx-lesson-show"))              # "Show me" answers it
    wait_text(page, ".rx-lesson", f"step 2 of {count}")
    assert captions[1][:40] in caption(page)
    act(page, lambda: page.keyboard.press("ArrowRight"))
    wait_text(page, ".rx-lesson", f"step 3 of {count}")
    assert captions[2][:40] in caption(page)
    screenshot(page, "lessons-02-step-3")
    act(page, lambda: page.keyboard.press("ArrowLeft"))
    act(page, lambda: page.keyboard.press("ArrowLeft"))
    wait_text(page, ".rx-lesson", f"step 1 of {count}")
    assert captions[0][:40] in caption(page)
    assert page.errors == []


def test_a_lesson_link_opens_the_lesson_at_its_step(page, voila_url):
    lesson = first_game()
    open_board(page, voila_url, NAME, f"?lesson={lesson.name}&step=4")
    wait_text(page, ".rx-lesson", f"step 4 of {len(lesson.captions())}")
    assert lesson.captions()[3][:40] in caption(page)
    tab(page, "Share")
    page.wait_for_function("(link) => document.querySelector('.rx-share-link textarea')?"
                           ".value.includes(link)", arg=f"?lesson={lesson.name}&step=4")
    screenshot(page, "lessons-03-link")
    assert page.errors == []


def test_a_checkpoint_answered_wrong_then_right(page, voila_url, tmp_path):
    data = keep_lesson()
    path = tmp_path / "keeping.json"
    path.write_text(json.dumps(data))
    open_board(page, voila_url, NAME)
    tab(page, "Game")
    act(page, lambda: upload(page, str(path), ".rx-open-lesson"))
    wait_text(page, ".rx-lesson", "Keeping a tile")
    act(page, lambda: page.click(".rx-last"))
    wait_text(page, ".rx-lesson", "Your turn: Keep the first tile you drew.")
    screenshot(page, "lessons-04-checkpoint")
    # with the lesson above it the Game tab is short: it scrolls, and nothing in it is squeezed
    squeezed = page.evaluate("""() => [...document.querySelectorAll('.rx-tab-pane')]
        .filter(p => p.offsetParent !== null)
        .flatMap(p => [...p.children])
        .filter(c => c.getBoundingClientRect().height + 1 < c.scrollHeight)
        .map(c => c.className)""")
    assert squeezed == []
    state = GAME.setup(3, 1).apply(Keep.from_json(data["steps"][0]["action"]))
    p = state.current_player
    click_board(page, state, ("hand", p, 1))                    # a legal keep, not the answer
    wait_text(page, ".rx-message", "Not this one. The lesson keeps the first tile drawn.")
    assert "animals_on_board.setup.keep_one" in text(page, ".rx-message")
    assert "step 2 of 4" in caption(page)
    screenshot(page, "lessons-05-wrong")
    click_board(page, state, ("hand", p, 0))
    wait_text(page, ".rx-message", "Right!")
    wait_text(page, ".rx-lesson", "step 3 of 4")
    assert "Keep number 2." in caption(page)
    screenshot(page, "lessons-06-right")
    assert page.errors == []


def test_save_as_lesson_gives_a_file_that_opens_again(browser, page, voila_url, tmp_path):
    open_board(page, voila_url, NAME)
    act(page, lambda: page.click(".rx-last"))
    for _ in range(2):
        act(page, lambda: page.click(".rx-play-turn"))
        page.wait_for_function("() => !document.querySelector('.rx-play-turn').disabled")
    tab(page, "Share")
    with page.expect_download() as info:
        page.locator(".rx-save-lesson a").click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    data = json.loads(path.read_text())
    assert len(data["steps"]) == 2 and data["start"]["players"] == 3
    other = new_page(browser)
    try:
        open_board(other, voila_url, NAME)
        tab(other, "Game")
        act(other, lambda: upload(other, str(path), ".rx-open-lesson"))
        wait_text(other, ".rx-lesson", data["title"])
        wait_text(other, ".rx-lesson", "step 1 of 3")
        act(other, lambda: other.click(".rx-last"))
        wait_text(other, ".rx-lesson", "step 3 of 3")
        screenshot(other, "lessons-07-saved-and-opened")
        assert other.errors == [] and other.outside == []
    finally:
        leave(other)
