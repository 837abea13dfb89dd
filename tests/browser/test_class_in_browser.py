"""A live class in Chromium (1280x800): a teacher and three students on their own pages.

The students follow the teacher's steps; one branches off, plays a move and comes back; the
teacher asks a lesson's question, one student answers right, one wrong (the lesson refuses it
with its rule), one not at all, and the tally says 1 / 1 / 1 of 3; the teacher's reload still
leads; the class ends and every student keeps the position as a game of their own. An unknown
code, a full class and too many joins get a clear page."""
from __future__ import annotations

import re

import pytest

import explorer
from explorer import lessons
import helpers
from helpers import (act, board_point, leave, new_page, open_board, screenshot, text, wait_text)
from widgets.animals_on_board import layout

pytestmark = pytest.mark.browser

NAME = "animals_on_board"
GAME = explorer.GAMES[NAME]
LESSON = lessons.get(NAME, "first_game")


def role(page) -> str | None:
    return page.evaluate("() => document.querySelector('.rx-app')?.getAttribute("
                         "'data-class-role')")


def wait_role(page, wanted: str) -> None:
    """Wait until the app root says the page's part in the class; else fail saying what the
    page shows instead."""
    try:
        page.wait_for_function("(r) => document.querySelector('.rx-app')?.getAttribute("
                               "'data-class-role') === r", arg=wanted)
    except Exception:
        shown = page.evaluate("() => [...document.querySelectorAll('.rx-message, "
                              ".rx-class-panel')].map(e => e.innerText).join(' | ')")
        raise AssertionError(f"the page is not {wanted!r} ({role(page)!r}); it says: {shown}")


def wait_panel(page, needle: str) -> None:
    """Wait until the class panel says `needle`; else fail with what the panel holds."""
    try:
        wait_text(page, ".rx-class-panel", needle)
    except Exception:
        screenshot(page, "FAILED-class-panel")
        raise AssertionError(f"the class panel does not say {needle!r}: " + str(page.evaluate(
            "() => document.querySelector('.rx-class-panel')?.outerHTML.slice(0, 3000)")))


def step_label(page) -> str:
    return text(page, ".rx-step-label")


def wait_same_step(student, teacher) -> None:
    """Wait until the student's step label is the teacher's (a step is pushed, not polled)."""
    student.wait_for_function("(label) => document.querySelector('.rx-step-label')?.innerText"
                              " === label", arg=step_label(teacher))


def click_hand(page, state, index: int) -> None:
    box = layout(state).box(("hand", state.current_player, index))
    x, y = board_point(page, *box.center)
    act(page, lambda: page.mouse.click(x, y))


def test_a_teacher_and_three_students(browser, voila_url):
    teacher = new_page(browser)
    students = []
    try:
        open_board(teacher, voila_url, NAME, "?class=new")
        wait_role(teacher, "leading")
        code = teacher.evaluate("() => document.querySelector('.rx-app').dataset.classCode")
        assert re.fullmatch(r"[23456789A-HJKMNP-Z]{7}", code)
        wait_panel(teacher, code)
        wait_text(teacher, ".rx-class-join", code)
        assert f"?class={code}" in text(teacher, ".rx-class-link")
        qr = teacher.locator(".rx-class-qr svg").bounding_box()
        assert qr["width"] >= 200                           # large enough to project
        assert f"class={code}" in teacher.url
        screenshot(teacher, "class-01-teacher-started")

        for i in range(3):
            student = new_page(browser)
            students.append(student)
            if i < 2:
                open_board(student, voila_url, NAME, f"?class={code}")
            else:       # the third types the code on the gallery
                student.goto(f"{voila_url}/voila/render/index.ipynb", wait_until="commit")
                student.locator(".rx-class-code-input").fill(code.lower())
                screenshot(student, "class-02-gallery-join", full_page=True)
                student.locator(".rx-class-join-button").click()
                student.wait_for_url(re.compile(rf".*{NAME}\.ipynb\?class={code}.*"))
                helpers.wait_for_board(student)
            wait_role(student, "following")
            assert student.evaluate("() => document.querySelector('.rx-app').dataset"
                                    ".following") == code
            wait_panel(student, "Following the class")
        wait_text(teacher, ".rx-class-count", "3 students following")
        screenshot(students[0], "class-02-student-following")

        # 1. the students follow three steps
        for _ in range(3):
            act(teacher, lambda: teacher.click(".rx-forward"))
            for student in students:
                wait_same_step(student, teacher)
        act(teacher, lambda: teacher.click(".rx-last"))      # the first keep is open
        for student in students:
            wait_same_step(student, teacher)

        # 2. one branches off, plays a move of their own, and comes back
        tryer = students[0]
        click_hand(tryer, GAME.setup_steps(3, 1)[-1], 0)   # the notebook's game: 3 players, seed 1
        wait_role(tryer, "trying")
        wait_text(tryer, ".rx-class-panel", "Trying on your own")
        assert step_label(tryer) != step_label(teacher)
        screenshot(tryer, "class-03-student-trying")
        act(tryer, lambda: tryer.click(".rx-class-back"))
        wait_role(tryer, "following")
        wait_same_step(tryer, teacher)

        # 3. a lesson's question: right, wrong (refused by the lesson, with its rule), none
        act(teacher, lambda: teacher.locator(".rx-lesson-menu select").select_option(
            label=LESSON.title))
        wait_text(teacher, ".rx-lesson", LESSON.title)
        for student in students:
            wait_text(student, ".rx-lesson", LESSON.title)
        teacher.click(".rx-class-ask")
        for student in students:
            wait_text(student, ".rx-class-panel", "The teacher asks")
        wait_text(teacher, ".rx-class-tally", "0 of 3 answered")
        question = LESSON.states()[0]
        right, wrong = students[0], students[1]
        click_hand(right, question, 0)                     # the lesson's answer
        wait_text(right, ".rx-message", "Right")
        click_hand(wrong, question, 1)                     # legal, not the lesson's answer
        wait_text(wrong, ".rx-message", "Not this one")
        assert LESSON.steps[0].checkpoint.rule in text(wrong, ".rx-message")
        wait_text(teacher, ".rx-class-tally", "2 of 3 answered")
        wait_text(teacher, ".rx-class-summary", "1 right · 1 wrong · 1 not answered, of 3")
        teacher.click(".rx-class-large")
        teacher.wait_for_selector(".rx-class-tally-large")
        screenshot(teacher, "class-04-teacher-tally")
        act(teacher, lambda: teacher.click(".rx-projector-toggle"))
        screenshot(teacher, "class-04-teacher-tally-projector")
        act(teacher, lambda: teacher.click(".rx-projector-toggle"))
        screenshot(wrong, "class-05-student-wrong")

        # the teacher's reload leads the class again (the key is kept in the tab's session)
        teacher.reload(wait_until="commit")
        wait_role(teacher, "leading")
        wait_text(teacher, ".rx-class-count", "3 students following")

        # 4. the class ends: every student keeps the position as their own game
        wait_panel(teacher, "End the class")
        teacher.click(".rx-class-end")
        for student in students:
            wait_role(student, "ended")
            wait_text(student, ".rx-message", "The teacher ended the class. This position is now your own game.")
            assert student.evaluate("() => document.querySelector('.rx-app').dataset"
                                    ".following") is None
        screenshot(students[2], "class-06-ended")
        for page in [teacher, *students]:
            assert page.errors == [] and page.tracebacks == []
    finally:
        for page in [teacher, *students]:
            leave(page)


def test_an_unknown_class_code_gets_a_clear_page(page, voila_url):
    response = page.goto(f"{voila_url}/voila/render/{NAME}.ipynb?class=ZZZZZZZ")
    assert response.status == 404
    assert "No such class" in page.locator("h1").inner_text()
    screenshot(page, "class-07-unknown")


def test_a_full_class_and_too_many_joins_get_a_clear_page(browser):
    """A class that takes one follower turns the second away with a page that says so (HTTP
    503), and an address that asked to join too often in a minute is told to wait (HTTP 429);
    the teacher and the first student go on."""
    server = helpers.VoilaServer(helpers.NOTEBOOKS, args=(
        "--warm=1", "--ExplorerServer.class_followers=1",
        "--ExplorerServer.class_joins=3")).start()
    teacher = student = late = None
    try:
        teacher, student = class_on_own_server(browser, server)          # join 1
        code = teacher.evaluate("() => document.querySelector('.rx-app').dataset.classCode")
        late = new_page(browser)
        response = late.goto(f"{server.url}/voila/render/{NAME}.ipynb?class={code}&lang=ko")
        assert response.status == 503                                     # join 2
        assert late.locator("h1").inner_text() == "이 수업은 가득 찼습니다"
        screenshot(late, "class-12-full-ko")
        response = late.goto(f"{server.url}/voila/render/{NAME}.ipynb?class={code}")  # join 3
        assert response.status == 503 and "This class is full" in late.locator("h1").inner_text()
        response = late.goto(f"{server.url}/voila/render/{NAME}.ipynb?class={code}")  # join 4
        assert response.status == 429
        assert late.locator("h1").inner_text() == "Too many joins"
        assert "wait a minute" in late.locator("main").inner_text()
        screenshot(late, "class-13-too-many-joins")
        act(teacher, lambda: teacher.click(".rx-forward"))
        wait_same_step(student, teacher)
        assert role(student) == "following"
        assert teacher.evaluate("() => document.querySelector('.rx-class-count')?.innerText"
                                ".includes('1')")
    finally:
        for page in (teacher, student, late):
            if page is not None:
                page.context.close()
        server.stop()


@pytest.mark.parametrize("teacher_lang, student_lang", [("ko", "hu"), ("hu", "ko")])
def test_a_class_in_korean_and_hungarian(browser, voila_url, teacher_lang, student_lang):
    """Each page says the class in its own language: no English in the teacher's panel with its
    tally, nor in the student's banner with the question; nothing cut at 1280x800."""
    from test_languages_in_browser import CUT_TEXT_JS, english_left
    teacher, student = new_page(browser), new_page(browser)
    try:
        open_board(teacher, voila_url, NAME, f"?class=new&lang={teacher_lang}")
        wait_role(teacher, "leading")
        code = teacher.evaluate("() => document.querySelector('.rx-app').dataset.classCode")
        open_board(student, voila_url, NAME, f"?class={code}&lang={student_lang}")
        wait_role(student, "following")
        teacher.wait_for_function("() => document.querySelector('.rx-class-count')?.innerText"
                                  ".includes('1')")
        act(teacher, lambda: teacher.click(".rx-last"))         # the first keep is open
        student.wait_for_function("() => document.querySelector('.rx-forward')?.disabled")
        teacher.click(".rx-class-ask")
        student.wait_for_selector(".rx-class-question")
        teacher.wait_for_selector(".rx-class-tally-head")
        click_hand(student, GAME.setup_steps(3, 1)[-1], 0)
        teacher.wait_for_function("() => document.querySelector('.rx-class-tally-head')"
                                  "?.innerText.startsWith('1')")
        assert student.evaluate("() => document.documentElement.lang") == student_lang
        screenshot(teacher, f"class-08-teacher-{teacher_lang}")
        screenshot(student, f"class-09-student-{student_lang}")
        for page, lang in ((teacher, teacher_lang), (student, student_lang)):
            assert english_left(page, lang) == [], lang
            assert page.evaluate(CUT_TEXT_JS) == [], f"cut in {lang}"
        for page, lang, who in ((teacher, teacher_lang, "teacher"),
                                (student, student_lang, "student")):
            act(page, lambda: page.click(".rx-projector-toggle"))
            page.wait_for_selector(".rx-projector")
            screenshot(page, f"class-10-{who}-{lang}-projector")
            assert page.evaluate(CUT_TEXT_JS) == [], f"cut in {lang}, projector mode"
            assert page.errors == []
    finally:
        for page in (teacher, student):
            leave(page)


def class_on_own_server(browser, server):
    teacher, student = new_page(browser), new_page(browser)
    open_board(teacher, server.url, NAME, "?class=new")
    wait_role(teacher, "leading")
    code = teacher.evaluate("() => document.querySelector('.rx-app').dataset.classCode")
    open_board(student, server.url, NAME, f"?class={code}")
    wait_role(student, "following")
    return teacher, student


def test_a_server_restart_ends_the_class_with_a_word_to_everyone(browser):
    """Stopped (SIGTERM to the server): every page is told the class ended. Crashed (every
    process killed at once): every page says the class is lost within LOST_SECONDS."""
    import os
    import signal

    from widgets.shared.class_panel import LOST_SECONDS
    for crash in (False, True):
        server = helpers.VoilaServer(helpers.NOTEBOOKS, args=("--warm=1",)).start()
        pages = []
        try:
            pages = list(class_on_own_server(browser, server))
            if crash:
                os.killpg(server.proc.pid, signal.SIGKILL)
                for page in pages:
                    page.wait_for_selector(".rx-class-lost",
                                           timeout=(LOST_SECONDS + 30) * 1000)
                    assert "reload the page" in text(page, ".rx-class-lost")
                screenshot(pages[1], "class-11-lost-after-crash")
            else:
                os.kill(server.proc.pid, signal.SIGTERM)
                for page in pages:
                    wait_role(page, "ended")
                    wait_text(page, ".rx-message", "The class ended: the explorer's server "
                                                   "restarted.")
                screenshot(pages[1], "class-11-ended-by-restart")
        finally:
            for page in pages:
                page.context.close()
            server.stop()
