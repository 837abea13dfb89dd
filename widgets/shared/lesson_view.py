"""Lessons in the app: the Lessons menu, the caption beside the board, and checkpoints.

A lesson plays in the ordinary timeline (one frame for its start, one per step), so stepping
back and forth works as always; the caption follows the frame shown. The lesson counts its steps
as the bar does (step 3 of 7: the frames laid out so far, up to the next question), and names
the question the timeline stops at ("question 2 of 3 at step 7"). A checkpoint is a step
whose frame is not there yet: the timeline ends at the question, and the learner's move is
judged by the lesson (`Lesson.judge`, in the engine) before it is made. Any other move at an
ordinary step leaves the lesson, and the learner plays on from there.
"""
from __future__ import annotations

import dataclasses
import json
from html import escape

import ipywidgets as w

from explorer import lessons
from explorer.messages import Message, N, T, reason_of

from explorer.links import download_link_html
from .models import built_on_demand, set_visible, shared_layout
from .share_panel import take_upload
from .refusal import Refusal
from .session import ERROR
from .style import style_tag
from .timeline import Timeline
from .page_words import PageWords

UPLOAD_LIMIT = 1_000_000
# A control whose description (its <label>) is read, not shown: clipped, not display:none
# (which would take the name away too). Its rule is in LESSON_CSS, on every app page.
HIDDEN_LABEL = "rx-hidden-label"
# The caption box's own style (a <style> element, placed beside style.CSS by the app). The box
# takes at most a bounded share of the side column (more while it asks a question), so the
# rules below keep room; inside it the caption scrolls, while the title, the question and the
# buttons keep their height: the question is always wholly in view.
LESSON_CSS = style_tag("lesson_view.css")


class LessonView:
    """Menu (rx-lesson-menu), caption box (rx-lesson, hidden outside a lesson) with "Show me"
    (rx-lesson-show) and "Leave lesson" (rx-lesson-leave)."""

    def __init__(self, session, words: PageWords | None = None):
        self.session = session
        self.words = words = words or PageWords()
        try:
            self.available = lessons.shipped(session.game.name)
        except lessons.LessonError as exc:  # a broken shipped file must not take the app down
            self.available = ()
            session.tell(T("Lessons cannot be shown: {reason}", reason=reason_of(exc)), ERROR)
        session.guard(self.intercept)
        session.on("step", self.sync)
        session.on("lesson", lambda: set_visible(self.widget, self.lesson is not None))
        choices = [(T("Lessons…"), "")] + [(lesson.title, lesson.name)
                                           for lesson in self.available]
        self.menu = w.Dropdown(options=[(words(label), v) for label, v in choices], value="",
                               layout=shared_layout(width="190px"))
        # a description is the menu's <label> (a tooltip alone names nothing): kept out of
        # sight, since the bar has no room and the menu's first choice says "Lessons…"
        words.options(words.set(self.menu, description=T("Lesson"), tooltip=T(
            "Open a worked example of the rulebook, step by step")), choices)
        self.menu.add_class("rx-lesson-menu")
        self.menu.add_class(HIDDEN_LABEL)
        self.menu.observe(self._chosen, names="value")
        self.title = w.HTML()
        self.title.add_class("rx-lesson-head")
        self.caption = w.HTML()
        self.caption.add_class("rx-lesson-caption")
        self.prompt = w.HTML()          # the question, below the caption, never scrolled away
        self.prompt.add_class("rx-lesson-prompt")
        set_visible(self.prompt, False)
        self.show_me = words.set(w.Button(layout=shared_layout(width="auto")),
                                 description=T("Show me"), tooltip=T("Make the lesson's move"))
        self.show_me.add_class("rx-lesson-show")
        self.show_me.on_click(lambda _: self.reveal())
        self.leave_button = words.set(w.Button(layout=shared_layout(width="auto")),
                                      description=T("Leave lesson"),
                                      tooltip=T("Keep this position and play on freely"))
        self.leave_button.add_class("rx-lesson-leave")
        self.leave_button.on_click(lambda _: self.leave(T("You left the lesson: play on from "
                                                          "this position.")))
        buttons = w.HBox([self.show_me, self.leave_button])
        buttons.add_class("rx-lesson-buttons")
        self.widget = w.VBox([self.title, self.caption, self.prompt, buttons])
        self.widget.add_class("rx-lesson")
        set_visible(self.widget, False)

    # the lesson played and where its game began are the session's
    lesson = property(lambda self: self.session.lesson,
                      lambda self, lesson: setattr(self.session, "lesson", lesson))
    origin = property(lambda self: self.session.origin,
                      lambda self, origin: setattr(self.session, "origin", origin))

    @built_on_demand
    def catalogue(self) -> w.VBox:
        """A button per shipped lesson (rx-lesson-open), for the Game tab."""
        buttons = []
        words = self.words
        for lesson in self.available:
            button = words.set(
                w.Button(layout=shared_layout(width="auto")), description=lesson.title,
                tooltip=N("{n} step; teaches {rules}", "{n} steps; teaches {rules}",
                          len(lesson.steps), rules=tuple(lesson.teaches)))
            button.add_class("rx-lesson-open")
            button.on_click(lambda _, name=lesson.name: self.open(name))
            buttons.append(button)
        if not buttons:
            none = w.HTML()
            words.keep(lambda say: setattr(none, "value", (
                f"<i>{escape(say(T('No lessons for this game yet.')))}</i>")))
            buttons = [none]
        return w.VBox(buttons)

    @built_on_demand
    def upload(self) -> w.FileUpload:
        """Open a lesson file (rx-open-lesson), for the Game tab."""
        upload = self.words.set(
            w.FileUpload(accept=".json,.toml", multiple=False, layout=shared_layout(width="auto")),
            description=T("Open lesson file…"),
            tooltip=T("Play a lesson file (from Save as lesson)"))
        upload.add_class("rx-open-lesson")
        upload.observe(self._uploaded, names="value")
        return upload

    # -- opening and leaving -------------------------------------------------------------
    def _chosen(self, change) -> None:
        name = change["new"]
        if name:
            self.open(name)
            self.menu.value = ""

    def open(self, name: str, step: int | None = None) -> bool:
        """Open a shipped lesson at frame `step` (counted from 1; default its start)."""
        try:
            lesson = lessons.get(self.session.game.name, name)
        except lessons.LessonError as exc:
            self.session.tell(T("Cannot open this lesson: {reason}", reason=reason_of(exc)), ERROR)
            return False
        return self.play(lesson, step)

    def _uploaded(self, change) -> None:
        chosen = take_upload(self.upload, change, UPLOAD_LIMIT, "lesson", self.session)
        if chosen is not None:
            self.open_file(*chosen)

    def open_file(self, name: str, content: bytes) -> None:
        """Play a lesson file (a chosen upload)."""
        try:
            text = content.decode("utf-8")
            lesson = lessons.loads(text, self.session.game.name, "uploaded", name[:60],
                                   toml=name.endswith(".toml") or None)
        except UnicodeDecodeError:
            self.session.tell(T("Cannot open this lesson: the file is not UTF-8 text."), ERROR)
            return
        except lessons.LessonError as exc:
            reason = reason_of(exc)
            self.session.tell(T("Cannot open this lesson: {reason}", reason=(
                reason if isinstance(reason, Message) else reason[:300])), ERROR)
            return
        self.play(lesson)

    def play(self, lesson: lessons.Lesson, step: int | None = None) -> bool:
        start = lesson.start_state()
        timeline = Timeline([start])
        timeline.frames[0] = dataclasses.replace(timeline.frames[0],
                                                 label=T("Lesson: {title}",
                                                         title=lesson.title))
        self.lesson, self.origin = lesson, lesson.start
        self._fill(timeline)
        while step is not None and len(timeline) < step and len(timeline) <= len(lesson.steps):
            self._answer(timeline)   # a link past a question shows the lesson's own answer
        fits = step is None or 1 <= step <= len(timeline)
        timeline.go(step - 1 if step is not None and fits else 0)
        set_visible(self.widget, True)
        self.session.install(timeline, start.players, start.seed, dict(start.options),
                             keep_lesson=True)
        if not fits:
            self.session.tell(T("This lesson has steps 1 to {last}, not {step}; showing its "
                                "start.", last=len(timeline), step=step), ERROR)
        return fits

    def resume(self, lesson: lessons.Lesson) -> None:
        """Go on with `lesson` on a line of it taken up again (from the History tab or Undo)."""
        self.session.resume_lesson(lesson)

    def leave(self, why: Message | str = "") -> None:
        self.session.leave_lesson(why)

    # -- following the timeline ----------------------------------------------------------
    def _fill(self, t: Timeline) -> None:
        """Push the lesson's ordinary steps after the last frame, up to the next checkpoint
        (whose frame waits for the learner); the frame shown stays."""
        here, steps = t.index, self.lesson.steps
        while len(t) - 1 < len(steps) and steps[len(t) - 1].checkpoint is None:
            self._push(t, steps[len(t) - 1].action)
        t.go(here)

    @staticmethod
    def _push(t: Timeline, action) -> None:
        t.go(t.last)
        t.push(action, t.frame.state.apply(action))

    def _waiting(self) -> bool:
        """Whether the frame shown is a checkpoint's question (its answer not made yet)."""
        return self.session.waiting()

    def sync(self) -> None:
        """Show the caption of the frame shown (called on every refresh)."""
        session = self.session
        if session.lesson_note:
            session.tell(session.lesson_note)
            session.lesson_note = ""
        if self.lesson is None:
            return
        t, lesson = session.timeline, self.lesson
        say = self.words
        i = t.index
        captions = lesson.captions()
        title = escape(say(lesson.title))
        self.title.value = (f'<div class="rx-lesson-title" title="{title}">'
                            f'<span class="rx-lesson-name">📖 {title}</span>'
                            f'<span class="rx-lesson-count" title="{escape(say(self._whole()))}">'
                            f'{escape(say(self.count()))}</span></div>')
        if i < len(captions):
            text = f"<p>{escape(say(captions[i]))}</p>"
        else:
            text = f"<p>{escape(say(T('The lesson is over: this is the final scoring.')))}</p>"
        waiting = self._waiting()
        if waiting:
            check = lesson.steps[i].checkpoint
            turn = T("Your turn: {prompt}", prompt=check.prompt)
            self.prompt.value = f"<p>🤔 {escape(say(turn))}</p>"
        elif i == len(captions) - 1:
            end = T("End of the lesson. Step back to look again, or make any move to play on "
                    "from here.")
            text += f'<p class="rx-lesson-end">{escape(say(end))}</p>'
        self.caption.value = text
        set_visible(self.prompt, waiting)
        set_visible(self.show_me, waiting)
        (self.widget.add_class if waiting else self.widget.remove_class)("rx-lesson-asking")

    def count(self) -> Message:
        """Where the lesson is, counted as the bar counts: "· step 3 of 7", the total being the
        steps laid out so far; while a question waits at the end of them, which one it is ("·
        question 2 of 3 at step 7", or ": question 2 of 3" when it is the step shown)."""
        t, lesson = self.session.timeline, self.lesson
        step, count = t.index + 1, len(t)
        questions = [i for i, step in enumerate(lesson.steps) if step.checkpoint is not None]
        if t.last not in questions:       # no question waits at the end of the timeline
            return T("· step {step} of {count}", step=step, count=count)
        which = T("question {number} of {count}", number=questions.index(t.last) + 1,
                  count=len(questions))
        if t.index == t.last:
            return T("· step {step} of {count}: {question}", step=step, count=count,
                     question=which)
        return T("· step {step} of {count} · {question} at step {at}", step=step, count=count,
                 question=which, at=count)

    def _whole(self) -> Message:
        steps, lesson = len(self.lesson.steps) + 1, self.lesson
        questions = sum(1 for step in lesson.steps if step.checkpoint is not None)
        if questions:     # (a lesson has a start and at least one step: never 1 step)
            return T("The lesson has {steps} steps, {questions}. The bar counts the steps laid "
                     "out so far: it stops at a question until it is answered.", steps=steps,
                     questions=N("{n} of them question", "{n} of them questions", questions))
        return T("The lesson has {steps} steps. The bar counts the steps laid out so far: it "
                 "stops at a question until it is answered.", steps=steps)

    # -- moves -----------------------------------------------------------------------------
    def intercept(self, action) -> bool | None:
        """Handle a move tried during the lesson: True/False if the lesson handled it (made /
        refused), None to let the app make it as a free move."""
        if self.lesson is None:
            return None
        session, t, lesson = self.session, self.session.timeline, self.lesson
        i = t.index
        if i >= len(lesson.steps):
            self.leave(T("The lesson is over: you play on from here."))
            return None
        step = lesson.steps[i]
        if self._waiting():
            verdict = lesson.judge(i, t.frame.state, action)
            if not verdict.right:
                session.refuse(Refusal(verdict.text, verdict.rule, verdict.legal))
                return False
            same = action == step.action
            self._answer(t)
            session.refresh()
            session.tell(T("Right!") if same else T("Right: that works too. The lesson goes on "
                                                    "with the move it shows."))
            return True
        if action == step.action:
            session.go(i + 1)
            return True
        self.leave(T("You left the lesson with a move of your own: play on from here."))
        return None

    def reveal(self) -> None:
        """Make the checkpoint's move for the learner."""
        if not self._waiting():
            return
        self._answer(self.session.timeline)
        self.session.refresh()

    def _answer(self, t: Timeline) -> None:
        """Make the checkpoint's own move, then lay out the steps up to the next checkpoint."""
        self._push(t, self.lesson.steps[len(t) - 1].action)
        self._fill(t)

    # -- saving ---------------------------------------------------------------------------
    def draft(self) -> dict | None:
        """The game so far as lesson data ("Save as lesson"); None before the first move."""
        t = self.session.timeline
        moves = [f for f in t.frames[t.setup_count:] if f.kind == "move"]
        if not moves:
            return None
        first = t.frames[t.setup_count - 1].state
        start = self.origin or {"players": first.players, "seed": first.seed,
                                "options": dict(first.options)}
        title = (T("{title} (my version)", title=self.lesson.title) if self.lesson is not None
                 else T("{game}: my lesson", game=self.session.game.title))
        return lessons.draft(start, [f.action for f in moves], [f.state for f in moves],
                             self.words(title))

    def download_html(self) -> str:
        say = self.words
        data = self.draft()
        if data is None:
            first = T("Make a move first: a lesson needs at least one step.")
            return f"<i>{escape(say(first))}</i>"
        text = json.dumps(data, ensure_ascii=False, indent=1)
        name = f"{self.session.game.name}-lesson.json"
        return download_link_html(text.encode("utf-8"), name, "application/json",
                                  say(T("Save as lesson")), "rx-save-lesson-link")
