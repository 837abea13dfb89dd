"""Lessons in Chromium (1280x800): opened from the menu and from a link, captions in step with
the timeline, a checkpoint answered wrong then right by clicking the board, and Save as lesson
giving a file that opens again."""
from __future__ import annotations

import json
import re

import pytest

import explorer
from explorer import lessons
from explorer.animals_on_board import Keep
from helpers import (act, board_point, leave, new_page, open_at_last_setup_step, open_board,
                     play_turns, saved_download, screenshot, tab, text, upload, wait_text)
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
    count = lesson.steps.index(next(s for s in lesson.steps[1:] if s.checkpoint)) + 1
    open_board(page, voila_url, NAME)
    act(page, lambda: page.locator(".rx-lesson-menu select").select_option(label=lesson.title))
    wait_text(page, ".rx-lesson", lesson.title)
    wait_text(page, ".rx-step-label", f"Lesson: {lesson.title}")
    assert captions[0][:40] in caption(page)
    assert "Your turn:" in caption(page)
    assert "step 1 of 1: question 1 of" in caption(page)       # the bar says Step 1 of 1 too
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
    wait_text(page, ".rx-lesson", "step 4 of 7 · question 2 of 3 at step 7")
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
    assert "step 2 of 2: question 1 of 1" in caption(page)
    screenshot(page, "lessons-05-wrong")
    click_board(page, state, ("hand", p, 0))
    wait_text(page, ".rx-message", "Right!")
    wait_text(page, ".rx-lesson", "step 3 of 4")
    assert "Keep number 2." in caption(page)
    screenshot(page, "lessons-06-right")
    assert page.errors == []


def test_save_as_lesson_gives_a_file_that_opens_again(browser, page, voila_url, tmp_path):
    open_at_last_setup_step(page, voila_url, NAME)
    play_turns(page, 2)
    tab(page, "Share")
    path = saved_download(page, ".rx-save-lesson a", tmp_path)
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


# -- on one screen: the question, the step counts, the rule of the step ----------------------
# Problems (as text) that keep the element matching `sel` from being wholly seen: outside the
# window, or outside an ancestor that clips it (overflow other than visible), named by class.
HIDDEN_PART_JS = """(sel) => {
  const el = [...document.querySelectorAll(sel)].find(e => e.offsetParent !== null);
  if (!el) return ['no visible ' + sel];
  const r = el.getBoundingClientRect(), out = [];
  if (r.height === 0) out.push('empty');
  if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
    out.push(`outside the window: ${Math.round(r.top)}..${Math.round(r.bottom)}`);
  for (let a = el.parentElement; a; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.display === 'contents' || (s.overflowX === 'visible' && s.overflowY === 'visible'))
      continue;                                      // a box that draws none clips nothing
    const b = a.getBoundingClientRect();
    if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5 || r.left < b.left - 0.5
        || r.right > b.right + 0.5)
      out.push(`cut by .${[...a.classList].join('.')}: ${Math.round(r.top)}..`
               + `${Math.round(r.bottom)} in ${Math.round(b.top)}..${Math.round(b.bottom)}`);
  }
  return out;
}"""


def hidden_part(page, selector: str) -> list[str]:
    return page.evaluate(HIDDEN_PART_JS, selector)


def projector(page, on: bool) -> None:
    if page.locator(".rx-app.rx-projector").count() != on:
        act(page, lambda: page.click(".rx-projector-toggle"))
    page.wait_for_selector(".rx-app.rx-projector" if on else ".rx-app:not(.rx-projector)")


def prompt_problems(page) -> list[str]:
    """Where the question is not wholly seen, also inside the visible lesson box."""
    problems = hidden_part(page, ".rx-lesson-prompt")
    inside = page.evaluate("""() => {
      const p = [...document.querySelectorAll('.rx-lesson-prompt')]
        .find(e => e.offsetParent !== null).getBoundingClientRect();
      const b = document.querySelector('.rx-lesson').getBoundingClientRect();
      return p.top >= b.top - 0.5 && p.bottom <= b.bottom + 0.5 && b.bottom <= innerHeight + 0.5;
    }""")
    return problems + ([] if inside else ["not inside the visible lesson box"])


@pytest.mark.parametrize("game", sorted(explorer.GAMES))
def test_every_lesson_question_is_wholly_in_view(page, voila_url, game):
    """At every checkpoint of every shipped lesson, at 1280x800 and in projector mode, the
    "Your turn" question lies wholly inside the lesson box and the window."""
    open_board(page, voila_url, game)
    failures, shot = [], False
    for lesson in lessons.shipped(game):
        act(page, lambda: page.locator(".rx-lesson-menu select").select_option(label=lesson.title))
        wait_text(page, ".rx-lesson", lesson.title)
        for number, step in enumerate(lesson.steps, start=1):
            if step.checkpoint is None:
                continue
            if not page.locator(".rx-last").is_disabled():       # the question is the last step
                act(page, lambda: page.click(".rx-last"))
            wait_text(page, ".rx-lesson-prompt", step.checkpoint.prompt[:40])
            for on in (False, True):
                projector(page, on)
                problems = prompt_problems(page)
                if problems:
                    failures.append((lesson.name, number, "projector" if on else "1280x800",
                                     problems))
                if not shot or problems:
                    screenshot(page, f"lessons-question-{game}-{lesson.name}-{number}"
                                     f"{'-projector' if on else ''}")
            shot = True
            projector(page, False)
            act(page, lambda: page.click(".rx-lesson-show"))       # answer it, on to the next
    assert failures == []
    assert page.errors == []


def bar_step(page) -> tuple[int, int]:
    n, total = re.search(r"Step (\d+) of (\d+)", text(page, ".rx-step-label")).groups()
    return int(n), int(total)


def test_the_lesson_counts_its_steps_as_the_bar_does(page, voila_url):
    """Cacao's first game asks its second question at step 3: the bar then reaches step 3, and
    so does the lesson's count, which names the question."""
    lesson = lessons.get("cacao", "first_game")
    questions = [i for i, s in enumerate(lesson.steps) if s.checkpoint]
    assert questions[:2] == [0, 2]
    open_board(page, voila_url, "cacao", f"?lesson={lesson.name}&step=2")
    wait_text(page, ".rx-lesson", lesson.title)
    assert bar_step(page) == (2, 3)
    count = text(page, ".rx-lesson-count")
    assert "step 2 of 3" in count and f"question 2 of {len(questions)} at step 3" in count, count
    act(page, lambda: page.click(".rx-last"))
    assert bar_step(page) == (3, 3)
    wait_text(page, ".rx-lesson-count", f"step 3 of 3: question 2 of {len(questions)}")
    screenshot(page, "lessons-counts-agree")
    assert page.errors == []


QUOTE = ".rx-rules .rx-rule blockquote"
PARAPHRASE = ".rx-rules .rx-rule-english"


@pytest.mark.parametrize("game", sorted(explorer.GAMES))
def test_the_rule_of_the_step_is_on_screen_in_and_out_of_a_lesson(page, voila_url, game):
    """The first cited rule's quote and paraphrase are on screen without scrolling at 1280x800:
    at the last set-up step, and at a lesson step after a move (the lesson box above the tabs)."""
    open_at_last_setup_step(page, voila_url, game)
    page.wait_for_selector(QUOTE)
    screenshot(page, f"rule-on-screen-{game}-game")
    assert hidden_part(page, QUOTE) == [] and hidden_part(page, PARAPHRASE) == []
    shipped = {lesson.name: lesson for lesson in lessons.shipped(game)}
    lesson = shipped.get("first_game") or next(iter(shipped.values()))  # a small game: its one
    act(page, lambda: page.locator(".rx-lesson-menu select").select_option(label=lesson.title))
    wait_text(page, ".rx-lesson", lesson.title)
    if lesson.steps[0].checkpoint is not None:
        act(page, lambda: page.click(".rx-lesson-show"))
    else:
        act(page, lambda: page.click(".rx-forward"))
    wait_text(page, ".rx-lesson", "step 2 of")
    page.wait_for_selector(QUOTE)
    screenshot(page, f"rule-on-screen-{game}-lesson")
    assert hidden_part(page, QUOTE) == [] and hidden_part(page, PARAPHRASE) == []
    assert page.errors == []
