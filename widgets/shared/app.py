"""The explorer app shell shared by every game: one screen with the board and its rules.

A game supplies a board view (drawing + move picking). The game itself (the timeline, the step
shown, the branches, the message) is a `Session` (session.py), which asks the engine about every
move, so no rule is decided here; the app is the layout: it builds the panels and wires each to
the session, which tells them what changed.

Layout (style.py): a compact bar (timeline, bots, perspective, projector), the step's label,
then the board, fitted to the space left, beside tabs (Rules · Score · History · Game · Share).
Messages take the step label's two-line box (long ones scroll inside it), so nothing moves
and nothing is covered when one appears; Esc or ✕ closes one, and any navigation clears it.
Keys are heard in the whole page (`KeyListener`), except while typing into a text field.

Under Voila a preheated kernel runs the notebook before anyone asks for the page: the whole app
is built then, in English at its first step, with the board's first drawing made (`_preheat`);
the visitor's address and language then change only what differs (`open_page`). Tabs nobody
has opened (History, Game, Share, Rulebook) and the class panel are built when first used.
"""
from __future__ import annotations

import gc
import os
from html import escape

import ipywidgets as w

from explorer import Record, SetupError, i18n, rulebook
from explorer.messages import T, reason_of
from explorer.links import LinkError, build_query, parse_query, query_game

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
from .refusal import Refusal
from .session import ERROR, Session
from .share_panel import SharePanel, moves_query, page_query, position_query
from .style import CSS
from .timeline import MOVE, SCORING, Branch, TimelineBar
from .page_words import PageWords, page_language, unknown_language

# PageUp / PageDown are what presenters' clickers send; Space steps on as in a slide show
KEYS = {"ArrowLeft": "back", "PageUp": "back", "ArrowRight": "forward", "PageDown": "forward",
        " ": "forward", "Home": "first", "End": "last"}
CLOSE_KEY = "Escape"
NOT_TEXT = {"button", "checkbox", "radio", "range", "submit", "reset", "file", "color", "image"}
TABS = (T("Rules"), T("Score"), T("History"), T("Game"), T("Share"), T("Rulebook"), T("Moves"))
RULES_TAB, SCORE_TAB, HISTORY_TAB, GAME_TAB, SHARE_TAB, RULEBOOK_TAB, MOVES_TAB = range(len(TABS))
PROJECTOR_TEXT = 1.5     # board labels in projector mode (the page's text grows alike)


class AppRoot(w.VBox):
    """The app's root box. Its text form is short: a notebook shows it with the widget, and
    ipywidgets' own spells out every widget inside (a few dozen ms for each page)."""

    def __repr__(self) -> str:
        explorer = getattr(self, "explorer", None)
        return f"<rules explorer: {explorer.game.title if explorer else 'app'}>"


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


def game_app(game, make_board, intro, players: int = 3, option_factories=None):
    """A game view's `app(players, seed, **options)`: the root widget of an explorer of `game`
    around `make_board()`, introduced by `intro`, for `players` players unless told otherwise.
    `option_factories()`, if given, makes the set-up panel's option factories afresh for each
    app."""
    def app(players: int = players, seed: int = 1, **options):
        """The root widget (class rx-app) of the explorer, starting at the first set-up step."""
        more = {"option_factories": option_factories()} if option_factories else {}
        return app_root(game, make_board, players, seed, options, intro=intro, **more)
    return app


def _in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (a page's, under Voila or JupyterLab)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    return getattr(get_ipython(), "kernel", None) is not None


class ExplorerApp:
    """Everything around the board, wired to one `Session` (`.session`). `board` is a
    `BoardView` (board.py), attached to the session: it shows each step and plays its moves
    through it. A board may also offer `.tabs` ({title: widget}) for side tabs of its own. With
    `from_page`, the position a page address asks for is opened (see `open_query`), in the
    language it asks for or the browser prefers; else in `lang`."""

    def __init__(self, game, board: Board, players: int, seed: int, options: dict | None = None,
                 option_factories: dict | None = None, intro: str = "", from_page: bool = True,
                 lang: str = "en"):
        self.game = game
        self.board = board
        self.session = session = Session(game, players, seed, options)
        self.words = words = PageWords(lang, game.name)
        session.lang = words.lang
        words.on_switch(lambda: setattr(session, "lang", words.lang))   # links carry it
        # the board first: a session tells its views in the order they registered
        board.attach(session, words)
        session.on("step", self._show_step)
        session.on("game", self._new_seats)
        self.counter = FrameCounter()
        self.message = MessageArea(words, session)
        keep_tracebacks_on_server(self.message.error)
        self.bar = TimelineBar(session.go, words)
        self.bar.watch(session)
        self.rules = RulePanel(game, words)
        self.rules.watch(session)
        session.on("refusal", self._show_refusal)
        self.score = ScoreSheetView(words)
        self.perspective = PerspectiveSwitch(players, session.select, words)
        self.projector = words.set(
            w.ToggleButton(icon="", layout=shared_layout(width="auto")),
            description=T("Projector"), tooltip=T("Larger text on the page and the board"))
        self.language = LanguageMenu(words, self.switch_language)
        self.classes = ClassPanel(session, words, self.perspective, self.open_query)
        session.on("stepped", self._show_address)
        session.on("branches", self._send_branch_links)
        self.projector.add_class("rx-projector-toggle")
        self.projector.observe(lambda _: self._projector_changed(), names="value")
        self._option_factories = option_factories
        self.seats = Seats(players, seed, words)
        self.autoplay = AutoPlay(session, self.seats, words,
                                 reduced_motion=lambda: self.access.focus.reduced_motion)
        self.lessons = LessonView(session, words)
        self.events = w.HTML()
        self.events.add_class("rx-frame-events")
        # the board by keyboard and screen reader
        self.access = BoardAccess(session, board, words, self.show_moves_tab,
                                  running=lambda: self.bar.playing or bool(self.autoplay.target))
        self.message.listeners.append(self.access.told)
        # the frame counter last: a page (and a test) that sees it has the whole step, the
        # board's accessible name and the step spoken included
        session.on("stepped", self.counter.tick)

        self.tabs = w.Tab()
        extra = dict(getattr(board, "tabs", {}))
        # History, Game, Share and Rulebook are filled when first opened (`_fill_pane`)
        self._unfilled = {HISTORY_TAB: w.VBox(), GAME_TAB: w.VBox(), SHARE_TAB: w.VBox(),
                          RULEBOOK_TAB: w.VBox()}
        rules_pane = w.VBox([self.rules.current, self.events, self.rules.index])
        panes = [rules_pane, self.score.widget, *self._unfilled.values(),
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
        self.root = AppRoot([style, head, intro_html, bar, self.classes.widget, status, body,
                             self.counter.widget])
        self.root.add_class("rx-app")
        # keys are heard in the whole page; those typed into a text box (rule search, seed,
        # link) are left alone by the page and again by `_key`
        self._last_key = None
        self.address = words.set(AddressBar(session.restore), gone_text=T(
            "This page was away too long and the server closed its game: opening it again at "
            "the same step…"), unreachable_text=T(
            "The explorer's server does not answer (the network may be down). Your board stays "
            "as it is; the page reopens by itself when the server answers again."))
        self._branches_sent: tuple = ()          # the branches whose links the page has
        self.keys = KeyListener([*KEYS, CLOSE_KEY, *getattr(board, "keys", {})], self._key)
        if not session.new_game(players, seed, session.options):
            raise SetupError(self.message.text)
        words.on_switch(session.refresh)
        if from_page:
            # A preheated kernel has built the whole page (board drawing included) before a
            # visitor comes; what the visitor's address asks for then costs only what differs
            self.open_page(page_query(self._preheat))

    def _preheat(self) -> None:
        """What any page needs, done before one comes: every language's words and the board's
        first drawing."""
        i18n.preload(self.game.name)
        self.board.canvas.prepare()

    def open_page(self, query: str) -> None:
        """Show what a page's address asks for: its language (or the browser's), then its
        position, class or lesson; an unknown language is said."""
        lang, unknown = page_language(query, os.environ.get("HTTP_ACCEPT_LANGUAGE"))
        if lang != self.words.lang:
            self.switch_language(lang)
        asked, query = class_of(query)
        if query_game(query) == self.game.name:   # game.ipynb: its links keep naming the game
            self.session.page_game = self.game.name
            self._show_address()
        self.open_query(query, fresh=True)
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
    def log(self) -> EventLog:
        """The History, in its tab's pane: built with its entries up to now, then following
        the session."""
        self._unfilled.pop(HISTORY_TAB, None)
        log = EventLog(self.session.go, self.session.switch, self.words,
                       widget=self.tabs.children[HISTORY_TAB])
        log.watch(self.session)
        log.sync(self.session.timeline, self.session.viewer)
        return log

    @built_on_demand
    def setup_panel(self) -> SetupPanel:
        return SetupPanel(self.game, self.session.new_game, self.message.error, self.players,
                          self.seed, self._option_factories, self.words)

    @built_on_demand
    def share(self) -> SharePanel:
        return SharePanel(self.session, self.words, self.lessons.download_html, self.board.canvas)

    @built_on_demand
    def rulebook(self) -> RulebookView:
        return RulebookView(self.game, self.words,
                            lambda rule_id, options=None: self.show_rule(rule_id, options))

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
        if index == HISTORY_TAB:
            self.log                      # fills its pane
            return
        pane = self._unfilled.pop(index, None)
        if pane is not None:
            with shared_models():
                pane.children = self._pane_contents(index)

    # -- the session's commands, as the boards and tests call them -----------------------
    timeline, players, seed, options = (
        property(lambda self, name=name: getattr(self.session, name),
                 doc=f"The session's `{name}`.")
        for name in ("timeline", "players", "seed", "options"))

    def new_game(self, *args, **kwargs) -> bool:
        return self.session.new_game(*args, **kwargs)

    def install(self, *args, **kwargs) -> None:
        self.session.install(*args, **kwargs)

    def go(self, index: int) -> None:
        self.session.go(index)

    def step(self, where: str) -> None:
        self.session.step(where)

    def try_action(self, action) -> bool:
        return self.session.play(action)

    def play(self, action, refresh: bool = True) -> bool:
        """Make a bot's move (legal by construction; a refusal is still shown, never raised)."""
        return (self.session.play if refresh else self.session.play_unseen)(action)

    def refuse_unplayable(self) -> bool:
        return self.session.refuse_unplayable()

    def ready_to_play(self) -> bool:
        return self.session.ready_to_play()

    def switch_line(self, branch: Branch) -> None:
        self.session.switch(branch)

    def refresh(self) -> None:
        self.session.refresh()

    def open_record(self, record: Record) -> None:
        self.session.open_record(record)

    def open_query(self, query: str | None, fresh: bool = False) -> bool:
        """Open the position a page address asks for (`?players=..&seed=..&record=..&step=..`);
        a bad address is explained and the default game stays. `fresh`: the session shows the
        app's own new game, untouched (a page's first address), which is kept when the address
        asks for just that."""
        if not query or not query.strip("?&"):
            return False
        try:
            link = parse_query(self.game, query, self.players, self.seed)
        except LinkError as exc:
            self.session.tell(T("This link cannot be opened ({reason}); showing a new game "
                                "instead.", reason=reason_of(exc)), ERROR)
            return False
        if link.lesson:
            return self.lessons.open(link.lesson, link.step)
        if link.rule:
            return self.show_rule(link.rule, link.options or None)
        session = self.session
        if fresh and self._shows_start(link):
            return True        # the page shows it already (`?lang=..`, `?players=3` of 3)
        session.new_game(link.players, link.seed, link.options, link.actions, states=link.states)
        if link.step is not None:
            if not 1 <= link.step <= len(session.timeline):
                session.tell(T("This link asks for step {step}, but the game has steps 1 to "
                               "{last}; showing step 1.", step=link.step,
                               last=len(session.timeline)), ERROR)
                return False
            session.go(link.step - 1)
        return True

    def _shows_start(self, link) -> bool:
        """Whether `link` asks for the first step, no moves made, of the game shown (players,
        seed, options), and that is what the session shows."""
        session, timeline = self.session, self.session.timeline
        if link.actions or link.step not in (None, 1) or timeline.index or timeline.branches \
                or len(timeline.frames) != timeline.setup_count or session.lesson is not None:
            return False
        try:
            return build_query(self.game, link.players, link.seed, link.options, [], None) \
                == build_query(self.game, session.players, session.seed, session.options, [],
                               None)
        except LinkError:
            return False

    def show_rule(self, rule_id: str, options: dict | None = None) -> bool:
        """Open a step where `rule_id` acts (from a lesson, a sample game, or a refused move),
        with the rule first in the Rules tab; says so when no step shows it."""
        demo, session = rulebook.demo(self.game.name, rule_id, options), self.session
        if demo is None:
            session.tell(T("No lesson or sample game shows rule {rule} on the board; its "
                                "text is in the Rules tab.", rule=rule_id))
            self.rules.show([], highlight=rule_id)
            self.show_rules_tab()
            return False
        if demo.how == "lesson":
            self.lessons.open(demo.lesson, demo.frame + 1)
        else:
            session.new_game(demo.players, demo.seed, demo.options, list(demo.actions),
                             step=demo.frame)
        if demo.how == "refusal":
            session.play(self.game.action_from_json(demo.refused))
        else:
            rule_ids = session.timeline.frame.rule_ids
            self.rules.show(rule_ids, highlight=rule_id)
            if rule_id in rule_ids:
                session.tell(T("Rule {rule} acts at this step.", rule=rule_id))
            else:  # a lesson question: the rule judges the learner's move
                session.tell(T("Rule {rule} decides this question: try a move.", rule=rule_id))
        self.show_rules_tab()
        return True

    def show_refusal(self, reason: str, rule: str | None, legal: bool = False) -> None:
        """Tell why a move is not taken (see `Session.refuse`)."""
        self.session.refuse(Refusal(reason, rule, legal))

    def _show_refusal(self, refusal: Refusal) -> None:
        """The Rules tab, where the refused move's rule is now first (the message line tells
        the reason)."""
        self.show_rules_tab()
        self.counter.tick()

    def show_rules_tab(self) -> None:
        self.tabs.selected_index = RULES_TAB

    def show_moves_tab(self) -> None:
        self.tabs.selected_index = MOVES_TAB

    # -- showing -------------------------------------------------------------------------
    def _show_step(self) -> None:
        """The step shown (after the board, which takes the longest to reach the page) in the
        score sheet and the step's "What happens"."""
        frame = self.timeline.frame
        over = frame.kind in (MOVE, SCORING) and frame.state.is_over
        self.score.show(frame.state if over else None)
        self._follow_scoring(frame.kind == SCORING)
        say = self.words
        items = "".join(f"<li>{escape(say(text))} <code>{escape(rule)}</code></li>"
                        for text, rule in frame.narration)
        self.events.value = (f'<div class="rx-events-title">{escape(say(T("What happens")))}'
                             f'</div><ul>{items}</ul>' if items else "")

    def _show_address(self) -> None:
        """After a step: the Share tab (if open), the page's address and the branches' links
        (last: the board is on its way already)."""
        if self.tabs.selected_index == SHARE_TAB:
            self.share.sync()
        self.address.query = self.classes.address() or position_query(self.session)
        self._send_branch_links()

    def _new_seats(self, reseated: bool) -> None:
        """A new timeline: new seats if the players or the seed changed; the view menu for its
        players."""
        if reseated:
            self.seats.reset(self.players, self.seed)
        self.perspective.set_players(self.players)

    def _send_branch_links(self) -> None:
        """Give the page a link per kept branch, to keep over a reload (none for a lesson's
        own position, which has no link)."""
        branches = tuple(self.timeline.branches)
        if branches == self._branches_sent:
            return
        self._branches_sent = branches
        links = [moves_query(self.session, list(b.moves), b.fork + 1) for b in branches]
        self.address.branches = [link for link in links if link]

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
            self.session.clear_message()     # and the board may drop a half-made choice too
        if isinstance(key, str) and key in board_keys:
            board_keys[key]()
        elif isinstance(key, str) and key in KEYS:
            self.session.step(KEYS[key])


def _typing_into(target) -> bool:
    """Whether a key went to a text field (a page's word, checked: it is only a hint)."""
    if not isinstance(target, dict):
        return False
    tag = str(target.get("tagName", "")).upper()
    kind = str(target.get("type", "") or "text").lower()
    return tag == "TEXTAREA" or (tag == "INPUT" and kind not in NOT_TEXT)
