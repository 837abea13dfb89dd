"""The explorer app shell shared by every game: one screen with the board and its rules.

A game supplies a board view (drawing + move picking); the shell owns the timeline and asks the
engine about every move (`apply` raising IllegalAction), so no rule is decided here.

Layout (style.py): a compact bar (timeline, bots, perspective, projector), the step's label,
then the board, fitted to the space left, beside tabs (Rules · Score · History · Game · Share).
Messages take the step label's two-line box (long ones scroll inside it), so nothing moves
and nothing is covered when one appears; Esc or ✕ closes one, and any navigation clears it.
Keys are heard in the whole page (`KeyListener`), except while typing into a text field.
"""
from __future__ import annotations

import gc
import os
from html import escape

import ipywidgets as w

from explorer import IllegalAction, Record, SetupError, i18n, replay, rulebook
from explorer.messages import N, T, reason_of

from .access import BoardAccess
from .autoplay import AutoPlay, Seats
from .board import Board
from .class_panel import CLASS_CSS, ClassPanel, class_of
from .controls import (CONTROLS_CSS, AddressBar, FrameCounter, KeyListener, LanguageMenu,
                       MessageArea, PerspectiveSwitch)
from .errors import keep_tracebacks_on_server
from .event_log import EventLog
from .lesson_view import LESSON_CSS, LessonView
from .models import built_on_demand, shared_layout, shared_models
from .rule_panel import RulePanel
from .rulebook_view import RulebookView
from .score_sheet import SCORE_CSS, ScoreSheetView
from .setup_panel import SetupPanel
from explorer.links import LinkError, build_query, parse_query
from .share_panel import SharePanel, moves_query, page_query, position_query
from .style import CSS
from .timeline import MOVE, SCORING, Branch, Timeline, TimelineBar
from .page_words import PageWords, page_language, unknown_language

# PageUp / PageDown are what presenters' clickers send; Space steps on as in a slide show
KEYS = {"ArrowLeft": "back", "PageUp": "back", "ArrowRight": "forward", "PageDown": "forward",
        " ": "forward", "Home": "first", "End": "last"}
CLOSE_KEY = "Escape"
NOT_TEXT = {"button", "checkbox", "radio", "range", "submit", "reset", "file", "color", "image"}
TABS = (T("Rules"), T("Score"), T("History"), T("Game"), T("Share"), T("Rulebook"), T("Moves"))
RULES_TAB, SCORE_TAB, HISTORY_TAB, GAME_TAB, SHARE_TAB, RULEBOOK_TAB, MOVES_TAB = range(len(TABS))
MAX_RESTORED = 20        # branches a reloaded page may give back
PROJECTOR_TEXT = 1.5     # board labels in projector mode (the page's text grows alike)


def app_root(game, make_board, players: int, seed: int, options: dict, **kwargs) -> w.VBox:
    """Build an app around `make_board()` and return its root widget (`.explorer` is the
    ExplorerApp). Its widgets share their default layout and style models (see models.py), so
    the page has about 40% fewer models to load."""
    with shared_models():
        shell = ExplorerApp(game, make_board(), players, seed, options, **kwargs)
    shell.root.explorer = shell
    if _in_kernel():
        # Everything built so far (libraries, widgets) lives as long as the page. Left to the
        # cyclic collector, each full pass rescans it all: 40-60 ms inside whichever click it
        # falls on. Frozen, the collector sees only what the page creates later. (Not outside
        # a kernel: a process building app after app would never free the old ones' cycles.)
        gc.freeze()
    return shell.root


def _in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (a page's, under Voila or JupyterLab)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    return getattr(get_ipython(), "kernel", None) is not None


class ExplorerApp:
    """Everything around the board. `board` is a `Board` (board.py: `.widget`, `.canvas`,
    `.keys`, `.attach(app)` and `.show(frame, viewer, playable)`); it calls
    `app.try_action(action)` for moves. A board may also offer `.tabs` ({title: widget}) for
    side tabs of its own. With `from_page`, the position a page address asks for is opened
    (see `open_query`), in the language it asks for or the browser prefers; else in `lang`."""

    def __init__(self, game, board: Board, players: int, seed: int, options: dict | None = None,
                 option_factories: dict | None = None, intro: str = "", from_page: bool = True,
                 lang: str = "en"):
        self.game = game
        self.board = board
        self.players, self.seed, self.options = players, seed, dict(options or {})
        query = page_query(lambda: i18n.preload(game.name)) if from_page else ""
        unknown = None
        if from_page:
            lang, unknown = page_language(query, os.environ.get("HTTP_ACCEPT_LANGUAGE"))
        self.words = words = PageWords(lang, game.name)
        self.counter = FrameCounter()
        self.message = MessageArea(words)
        keep_tracebacks_on_server(self.message.error)
        self.rules = RulePanel(game, words)
        self.log = EventLog(self.go, self.switch_line, words)
        self.score = ScoreSheetView(words)
        self.bar = TimelineBar(self.go, words)
        self.perspective = PerspectiveSwitch(players, lambda _: self.refresh(), words)
        self.projector = words.set(
            w.ToggleButton(icon="", layout=shared_layout(width="auto")),
            description=T("Projector"), tooltip=T("Larger text on the page and the board"))
        self.language = LanguageMenu(words, self.switch_language)
        self.classes = ClassPanel(self)
        self.projector.add_class("rx-projector-toggle")
        self.projector.observe(lambda _: self._projector_changed(), names="value")
        self._option_factories = option_factories
        self.seats = Seats(players, seed, words)
        self.autoplay = AutoPlay(self)
        self.lessons = LessonView(self)
        self.events = w.HTML()
        self.events.add_class("rx-frame-events")
        self.timeline: Timeline | None = None
        board.attach(self)
        self.access = BoardAccess(self)     # the board by keyboard and screen reader
        self.message.listeners.append(self.access.told)

        self.tabs = w.Tab()
        extra = dict(getattr(board, "tabs", {}))
        # Game, Share and Rulebook are filled when first opened (`_fill_pane`)
        self._unfilled = {GAME_TAB: w.VBox(), SHARE_TAB: w.VBox(), RULEBOOK_TAB: w.VBox()}
        rules_pane = w.VBox([self.rules.current, self.events, self.rules.index])
        panes = [rules_pane, self.score.widget, self.log.widget, *self._unfilled.values(),
                 self.access.panel, *extra.values()]
        for pane in panes:
            pane.add_class("rx-tab-pane")
        self.tabs.children = panes
        words.keep(lambda say: setattr(self.tabs, "titles",
                                       tuple(say(title) for title in TABS + tuple(extra))))
        self.tabs.selected_index = RULES_TAB
        self.tabs.add_class("rx-tabs")
        self.tabs.observe(lambda _: self._tab_changed(), names="selected_index")
        self._score_opened_by_app = False

        board.widget.add_class("rx-board-widget")
        bar_items = [self.bar.widget, self.autoplay.widget, self.perspective.widget,
                     self.projector] + ([self.lessons.menu] if self.lessons.available else [])
        bar = w.HBox(bar_items, layout=shared_layout(align_items="center"))
        bar.add_class("rx-bar")
        main = w.VBox([board.widget])
        main.add_class("rx-main")
        status = w.Box([self.bar.label, self.message.widget])
        status.add_class("rx-status")
        side = w.VBox([self.lessons.widget, self.tabs])
        side.add_class("rx-side")
        body = w.HBox([main, side])
        body.add_class("rx-body")
        intro_html = w.HTML()
        words.keep(lambda say: setattr(intro_html, "value", (
            f'<details class="rx-intro"><summary>'
            f'{escape(say(T("About {game} and how to use the explorer", game=game.title)))}'
            f'</summary>{say(intro)}</details>')))
        style = w.HTML(CSS + SCORE_CSS + LESSON_CSS + CONTROLS_CSS + CLASS_CSS)
        style.add_class("rx-style")   # hidden; its rules still apply to the whole page
        # the page's title, with the language menu to its right (the bar has no room left)
        title = w.HTML()
        words.keep(lambda say: setattr(title, "value", '<h1 class="rx-title">' + escape(
            say(T("{game} — rules explorer", game=game.title))) + "</h1>"))
        title.add_class("rx-title-box")
        head = w.HBox([title, self.classes.button, self.language],
                      layout=shared_layout(align_items="center"))
        head.add_class("rx-head")
        self.root = w.VBox([style, head, intro_html, bar, self.classes.widget, status, body,
                            self.counter.widget])
        self.root.add_class("rx-app")
        # keys are heard in the whole page; those typed into a text box (rule search, seed,
        # link) are left alone by the page and again by `_key`
        self._last_key = None
        self.address = words.set(AddressBar(self._restore_branches), gone_text=T(
            "This page was away too long and the server closed its game: opening it again at "
            "the same step…"), unreachable_text=T(
            "The explorer's server does not answer (the network may be down). Your board stays "
            "as it is; the page reopens by itself when the server answers again."))
        self._lesson_of: dict[Branch, object] = {}   # the lesson a kept line was part of
        self._branches_sent: tuple = ()          # the branches whose links the page has
        self.keys = KeyListener([*KEYS, CLOSE_KEY, *getattr(board, "keys", {})], self._key)
        if not self.new_game(players, seed, self.options):
            raise SetupError(self.message.text)
        words.on_switch(self.refresh)
        if from_page:
            asked, query = class_of(query)
            self.open_query(query)
            self.classes.open(asked)
        if unknown is not None:
            self.message.info(unknown_language(unknown))

    def switch_language(self, lang: str) -> None:
        """Show the page in `lang` (the menu's choice): every text is said again, the board is
        drawn again; the game, the step and the branches stay as they are."""
        if not self.words.switch(lang):
            self.message.info(unknown_language(lang))
        self.language.lang = self.words.lang
        self._branches_sent = ()
        self._send_branch_links()

    # -- the tabs' contents, built on demand ----------------------------------------------
    @built_on_demand
    def setup_panel(self) -> SetupPanel:
        return SetupPanel(self.game, self.new_game, self.message.error, self.players, self.seed,
                          self._option_factories, self.words)

    @built_on_demand
    def share(self) -> SharePanel:
        return SharePanel(self)

    @built_on_demand
    def rulebook(self) -> RulebookView:
        return RulebookView(self)

    def _pane_contents(self, index: int) -> list[w.Widget]:
        if index == GAME_TAB:
            return [self._heading(T("New game")), self.setup_panel.widget, self.seats.widget,
                    self._heading(T("Lessons")), self.lessons.catalogue, self.lessons.upload]
        return [self.share.widget if index == SHARE_TAB else self.rulebook.widget]

    def _heading(self, text) -> w.HTML:
        """A pane's heading, said again after a language switch."""
        heading = w.HTML()
        self.words.keep(lambda say: setattr(heading, "value", f"<h3>{escape(say(text))}</h3>"))
        return heading

    def _fill_pane(self, index: int) -> None:
        """Put a tab's contents in its pane the first time it is opened: a page loads every
        widget model the kernel holds, so tabs nobody opens cost nothing."""
        pane = self._unfilled.pop(index, None)
        if pane is not None:
            with shared_models():
                pane.children = self._pane_contents(index)

    # -- game and navigation -------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: dict, actions=(),
                 step: int | None = None, states=None) -> bool:
        """Set up a fresh game (timeline at its first step, or after `actions` at `step`, a
        frame index); on bad settings say why and keep the current game. `states`: the state
        after each action where a checked link has replayed them already."""
        try:
            steps = self.game.setup_steps(players, seed, **options)
        except SetupError as exc:
            self.message.error(T("Cannot set up this game: {reason}", reason=reason_of(exc)))
            return False
        timeline = Timeline(steps)
        if actions:
            timeline.go(timeline.setup_count - 1)
            if not states or len(states) != len(actions):
                states = replay(Record(self.game.name, players, seed, options,
                                       list(actions)))[1:]
            for state, action in zip(states, actions):
                timeline.push(action if not isinstance(action, dict)
                              else self.game.action_from_json(action), state)
        timeline.go(0 if step is None else step)
        self.install(timeline, players, seed, options)
        return True

    def install(self, timeline: Timeline, players: int, seed: int, options: dict,
                keep_lesson: bool = False) -> None:
        """Show `timeline` (a new game, a record or a lesson) at its current frame."""
        self.autoplay.stop()
        if not keep_lesson:
            self.lessons.leave()
            self.lessons.origin = None
        self.timeline = timeline
        self._lesson_of = {}
        if (players, seed) != (self.players, self.seed):
            self.seats.reset(players, seed)
        self.players, self.seed, self.options = players, seed, dict(options)
        self.perspective.set_players(players)
        self.bar.pause()
        self.message.clear()
        self.refresh()

    def open_query(self, query: str | None) -> bool:
        """Open the position a page address asks for (`?players=..&seed=..&record=..&step=..`);
        a bad address is explained and the default game stays."""
        if not query or not query.strip("?&"):
            return False
        try:
            link = parse_query(self.game, query, self.players, self.seed)
        except LinkError as exc:
            self.message.error(T("This link cannot be opened ({reason}); showing a new game "
                                 "instead.", reason=reason_of(exc)))
            return False
        if link.lesson:
            return self.lessons.open(link.lesson, link.step)
        if link.rule:
            return self.show_rule(link.rule, link.options or None)
        self.new_game(link.players, link.seed, link.options, link.actions, states=link.states)
        if link.step is not None:
            if not 1 <= link.step <= len(self.timeline):
                self.message.error(T("This link asks for step {step}, but the game has steps "
                                     "1 to {last}; showing step 1.", step=link.step,
                                     last=len(self.timeline)))
                return False
            self.go(link.step - 1)
        return True

    def open_record(self, record: Record) -> None:
        """Replay a (checked) record and show its last step."""
        if self.new_game(record.players, record.seed, record.options, record.actions,
                         step=10**9):
            self.message.info(N("Opened a record of {n} move: this is its last step.",
                                "Opened a record of {n} moves: this is its last step.",
                                len(record.actions)))

    def go(self, index: int) -> None:
        """Look at frame `index` (clamped)."""
        self.timeline.go(index)
        self.message.clear()
        self.refresh()

    def step(self, where: str) -> None:
        """first / back / forward / last, as the buttons do."""
        t = self.timeline
        target = {"first": 0, "back": t.index - 1, "forward": t.index + 1, "last": t.last}[where]
        self.bar.pause()
        self.go(target)

    def ready_to_play(self) -> bool:
        """Whether moves can be made from the frame shown (moving on from set-up narration to
        its last step if needed); says why not."""
        t = self.timeline
        if not t.playable():
            if t.frame.kind == "setup":
                self.go(t.setup_count - 1)
                return True
        return not self.refuse_unplayable()

    def refuse_unplayable(self) -> bool:
        """Say why no move can be made from the frame shown, if none can, and return True.
        Nobody decides during set-up narration nor after the end, so a state's `is_over`
        alone cannot tell "still being set up" from "the game is over"."""
        t = self.timeline
        if not t.playable():
            self.message.info(T("Set-up is still being narrated here: go to the last set-up "
                                "step (or press ⏭) to make moves."))
            return True
        if t.frame.state.is_over:
            self.message.info(T("The game is over: step back through the timeline to look at "
                                "any turn, or start a new game in the Game tab."))
            return True
        return False

    def try_action(self, action) -> bool:
        """Ask the engine to apply `action` at the current frame; refusals are shown, not raised.
        In a class, the move is also a follower's answer to an open question, and a move made
        takes a follower off the teacher's board."""
        self.classes.tried(action)
        made = self._try_action(action)
        if made:
            self.classes.made()
        return made

    def _try_action(self, action) -> bool:
        lesson = self.lessons.lesson
        handled = self.lessons.intercept(action)
        if handled is not None:
            return handled
        t = self.timeline
        frame = t.frame
        if not t.playable():
            self.refuse_unplayable()     # says set-up is still being narrated
            return False
        try:
            nxt = frame.state.apply(action)
        except IllegalAction as exc:
            self.show_refusal(exc.reason, exc.rule)
            return False
        t.push(action, nxt)
        if t.kept is not None and lesson is not None:
            self._lesson_of[t.kept] = lesson      # Undo goes on with the lesson
        self.bar.pause()
        self.message.clear(keep_offer=True)
        self.refresh()
        return True

    def show_rule(self, rule_id: str, options: dict | None = None) -> bool:
        """Open a step where `rule_id` acts (from a lesson, a sample game, or a refused move),
        with the rule first in the Rules tab; says so when no step shows it."""
        demo = rulebook.demo(self.game.name, rule_id, options)
        if demo is None:
            self.message.info(T("No lesson or sample game shows rule {rule} on the board; its "
                                "text is in the Rules tab.", rule=rule_id))
            self.rules.show([], highlight=rule_id)
            self.show_rules_tab()
            return False
        if demo.how == "lesson":
            self.lessons.open(demo.lesson, demo.frame + 1)
        else:
            self.new_game(demo.players, demo.seed, demo.options, list(demo.actions),
                          step=demo.frame)
        if demo.how == "refusal":
            self.try_action(self.game.action_from_json(demo.refused))
        else:
            self.rules.show(self.timeline.frame.rule_ids, highlight=rule_id)
            if rule_id in self.timeline.frame.rule_ids:
                self.message.info(T("Rule {rule} acts at this step.", rule=rule_id))
            else:  # a lesson question: the rule judges the learner's move
                self.message.info(T("Rule {rule} decides this question: try a move.",
                                    rule=rule_id))
        self.show_rules_tab()
        return True

    def show_refusal(self, reason: str, rule: str | None, legal: bool = False) -> None:
        """Tell why a move is not taken: the reason in the message line, its rule first in the
        Rules tab. `legal`: the engine allows the move but a lesson wanted another."""
        (self.message.wrong if legal else self.message.refuse)(reason, rule)
        self.rules.show(self.timeline.frame.rule_ids, refused=rule)
        self.show_rules_tab()
        self.counter.tick()

    def show_rules_tab(self) -> None:
        self.tabs.selected_index = RULES_TAB

    def show_moves_tab(self) -> None:
        self.tabs.selected_index = MOVES_TAB

    def play(self, action, refresh: bool = True) -> bool:
        """Make a bot's move (legal by construction; a refusal is still shown, never raised)."""
        if not refresh:
            try:
                nxt = self.timeline.frame.state.apply(action)
            except IllegalAction as exc:
                self.show_refusal(exc.reason, exc.rule)
                return False
            self.timeline.push(action, nxt)
            return True
        return self.try_action(action)

    # -- showing -------------------------------------------------------------------------
    def refresh(self, board_only: bool = False) -> None:
        t = self.timeline
        frame = t.frame
        self.board.show(frame, self.perspective.player, t.playable())
        if board_only:
            self.counter.tick()
            return
        viewer = self.perspective.player
        self.bar.sync(t, viewer)
        self.log.sync(t, viewer)
        self.rules.show(frame.rule_ids)
        over = frame.kind in (MOVE, SCORING) and frame.state.is_over
        self.score.show(frame.state if over else None)
        self._follow_scoring(frame.kind == SCORING)
        say = self.words
        items = "".join(f"<li>{escape(say(text))} <code>{escape(rule)}</code></li>"
                        for text, rule in frame.narration)
        self.events.value = (f'<div class="rx-events-title">{escape(say(T("What happens")))}'
                             f'</div><ul>{items}</ul>' if items else "")
        self.lessons.sync()
        kept = t.take_kept()
        if kept is not None:
            self._tell_kept(kept)
        if self.tabs.selected_index == SHARE_TAB:
            self.share.sync()
        self.counter.tick()
        self.classes.moved()
        # last: the board is on its way already
        self.address.query = self.classes.address() or position_query(self)
        self._send_branch_links()
        self.access.sync()

    def _send_branch_links(self) -> None:
        """Give the page a link per kept branch, to keep over a reload (none for a lesson's
        own position, which has no link)."""
        branches = tuple(self.timeline.branches)
        if branches == self._branches_sent:
            return
        self._branches_sent = branches
        links = [moves_query(self, list(b.moves), b.fork + 1) for b in branches]
        self.address.branches = [link for link in links if link]

    def _restore_branches(self, queries) -> None:
        """Take back the branches a reloaded page kept: those of this very game (same set-up),
        checked like any link; anything else is left alone."""
        t = self.timeline
        if not isinstance(queries, list) or t.branches:
            return
        kept = 0
        setup = build_query(self.game, self.players, self.seed, self.options, [], None)
        for query in queries[:MAX_RESTORED]:
            try:
                link = parse_query(self.game, query, self.players, self.seed)
                if link.lesson or link.rule or setup != build_query(
                        self.game, link.players, link.seed, link.options, [], None):
                    continue
                actions = [self.game.action_from_json(a) if isinstance(a, dict) else a
                           for a in link.actions]
                kept += t.adopt(actions)
            except (LinkError, IllegalAction, ValueError, TypeError):
                continue
        if kept:
            self.log.sync(t, self.perspective.player)
            self._send_branch_links()

    def _tell_kept(self, kept: Branch) -> None:
        """Say that a move made at an earlier step kept the later steps as a branch, with
        Undo (told after whatever else the move said, e.g. that it left a lesson)."""
        kept_text = N("The {n} later step of the line you left is kept as a branch (History "
                      "tab).", "The {n} later steps of the line you left are kept as a branch "
                      "(History tab).", kept.steps)
        if self.message.said is not None:
            kept_text = T("{said} {kept}", said=self.message.said, kept=kept_text)
        self.message.offer(kept_text, T("Undo"), lambda: self.switch_line(kept),
                           tip=T("Go back to the line you left, at the step you left it; this "
                                 "new move is kept as a branch"))

    def switch_line(self, branch: Branch) -> None:
        """Take up a kept line again, at the step it left the one shown; the line shown is kept
        as a branch in its turn."""
        t = self.timeline
        if branch not in t.branches:
            return
        self.autoplay.stop()
        self.bar.pause()
        lesson = self.lessons.lesson
        self.lessons.leave()
        left = t.switch(branch)
        if left is not None and lesson is not None:
            self._lesson_of[left] = lesson
        if branch in self._lesson_of:
            self.lessons.resume(self._lesson_of.pop(branch))
        self.message.clear()
        self.refresh()
        self.message.info(T("Back on the line kept at step {step}: step on (→) to follow it. "
                            "The line you left is kept too (History tab).",
                            step=branch.fork + 1))

    def _follow_scoring(self, at_scoring: bool) -> None:
        """The scoring step opens the Score tab; leaving it goes back to the rules, unless the
        person chose a tab themselves meanwhile."""
        if at_scoring and self.tabs.selected_index != SCORE_TAB:
            self.tabs.selected_index = SCORE_TAB
            self._score_opened_by_app = True
        elif not at_scoring and self._score_opened_by_app:
            self._score_opened_by_app = False
            if self.tabs.selected_index == SCORE_TAB:
                self.tabs.selected_index = RULES_TAB

    def _tab_changed(self) -> None:
        self._fill_pane(self.tabs.selected_index)
        if self.tabs.selected_index == SHARE_TAB:
            self.share.sync()
        if self.tabs.selected_index == RULEBOOK_TAB:
            self.rulebook.ensure_rendered()
        self.access.panel_shown = self.tabs.selected_index == MOVES_TAB
        if self.access.panel_shown:
            self.access.show_panel()
        if self.tabs.selected_index != SCORE_TAB:
            self._score_opened_by_app = False

    def _projector_changed(self) -> None:
        on = bool(self.projector.value)
        (self.root.add_class if on else self.root.remove_class)("rx-projector")
        self.board.canvas.set_text_scale(PROJECTOR_TEXT if on else 1.0)
        self.counter.tick()

    def _key(self, event: dict) -> None:
        key = event.get("key") if isinstance(event, dict) else None
        target = event.get("target") if isinstance(event, dict) else None
        # A page that set up the listener twice (a model loaded again) sends the same press
        # twice, with the same timeStamp. One press must move one step.
        stamp = (key, event.get("timeStamp")) if isinstance(event, dict) else None
        if stamp is not None and stamp[1] is not None and stamp == self._last_key:
            return
        self._last_key = stamp
        if _typing_into(target):
            return  # arrows inside a text box move the cursor, not the timeline
        board_keys = getattr(self.board, "keys", {})
        if key == CLOSE_KEY:
            self.message.clear()         # and the board may drop a half-made choice too
        if isinstance(key, str) and key in board_keys:
            board_keys[key]()
        elif isinstance(key, str) and key in KEYS:
            self.step(KEYS[key])


def _typing_into(target) -> bool:
    """Whether a key went to a text field (a page's word, checked: it is only a hint)."""
    if not isinstance(target, dict):
        return False
    tag = str(target.get("tagName", "")).upper()
    kind = str(target.get("type", "") or "text").lower()
    return tag == "TEXTAREA" or (tag == "INPUT" and kind not in NOT_TEXT)
