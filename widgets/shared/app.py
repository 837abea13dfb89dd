"""The explorer app shell shared by every game: timeline, board, rules, log, score, set-up.

A game supplies a board view (drawing + move picking); the shell owns the timeline and asks the
engine about every move (`apply` raising IllegalAction), so no rule is decided here.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w
from ipyevents import Event

from explorer import IllegalAction, SetupError

from .controls import MessageArea, PerspectiveSwitch
from .event_log import EventLog
from .rule_panel import RulePanel
from .score_sheet import ScoreSheetView
from .setup_panel import SetupPanel
from .style import CSS
from .timeline import MOVE, SCORING, Timeline, TimelineBar

KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last"}
TYPING = {"INPUT", "TEXTAREA", "SELECT"}


class ExplorerApp:
    """Everything around the board. `board` must offer `.widget`, `.attach(app)` and
    `.show(frame, viewer, playable)`; it calls `app.try_action(action)` for moves. A board may
    also offer `.keys` ({key: callable}) for its own shortcuts, e.g. turning a tile."""

    def __init__(self, game, board, players: int, seed: int, options: dict | None = None,
                 option_factories: dict | None = None, intro: str = ""):
        self.game = game
        self.board = board
        self.message = MessageArea()
        self.rules = RulePanel(game)
        self.log = EventLog(self.go)
        self.score = ScoreSheetView()
        self.bar = TimelineBar(self.go)
        self.perspective = PerspectiveSwitch(players, lambda _: self.refresh())
        self.setup_panel = SetupPanel(game, self.new_game, self.message.error, players, seed,
                                      option_factories)
        self.settings = w.Accordion(children=[self.setup_panel.widget],
                                    titles=("New game: players, seed, options",),
                                    selected_index=None)
        self.events = w.HTML()
        self.events.add_class("rx-frame-events")
        self.timeline: Timeline | None = None
        board.attach(self)
        side = w.VBox([self.events, self.rules.widget, self.score.widget, self.log.widget],
                      layout=w.Layout(width="440px", min_width="360px"))
        side.add_class("rx-side")
        main = w.VBox([self.bar.widget, self.perspective.widget, board.widget],
                      layout=w.Layout(width=f"{getattr(board, 'width', 1100) + 24}px"))
        main.add_class("rx-main")
        self.root = w.VBox([
            w.HTML(CSS + intro),  # the notebook above the app carries the title
            self.settings,
            self.message.widget,
            w.HBox([main, side], layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
        ])
        self.root.add_class("rx-app")
        # ipyevents takes every key while the pointer is over its source, so the source is the
        # column with the timeline and board (no text boxes there: typing elsewhere still works).
        self.keys = Event(source=main, watched_events=["keydown"])
        self.keys.on_dom_event(self._key)
        if not self.new_game(players, seed, options or {}):
            raise SetupError(self.message.text)

    # -- game and navigation -------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: dict) -> bool:
        """Set up a fresh game (timeline at its first step); on bad settings say why."""
        try:
            steps = self.game.setup_steps(players, seed, **options)
        except SetupError as exc:
            self.message.error(f"Cannot set up this game: {exc}")
            return False
        self.timeline = Timeline(steps)
        self.perspective.set_players(players)
        self.message.clear()
        self.refresh()
        return True

    def go(self, index: int) -> None:
        """Look at frame `index` (clamped)."""
        self.timeline.go(index)
        self.message.clear()
        self.refresh()

    def step(self, where: str) -> None:
        """first / back / forward / last, as the buttons do."""
        t = self.timeline
        target = {"first": 0, "back": t.index - 1, "forward": t.index + 1, "last": t.last}[where]
        self.go(target)

    def try_action(self, action) -> bool:
        """Ask the engine to apply `action` at the current frame; refusals are shown, not raised."""
        t = self.timeline
        frame = t.frame
        if not t.playable():
            self.message.info("Set-up is still being narrated here: go to the last set-up step "
                              "(or press Last) to make moves.")
            return False
        try:
            nxt = frame.state.apply(action)
        except IllegalAction as exc:
            self.message.refuse(exc.reason, exc.rule)
            self.rules.show(frame.rule_ids, refused=exc.rule)
            return False
        t.push(action, nxt)
        self.message.clear()
        self.refresh()
        return True

    # -- showing -------------------------------------------------------------------------
    def refresh(self, board_only: bool = False) -> None:
        t = self.timeline
        frame = t.frame
        self.board.show(frame, self.perspective.player, t.playable())
        if board_only:
            return
        viewer = self.perspective.player
        self.bar.sync(t, viewer)
        self.log.sync(t, viewer)
        self.rules.show(frame.rule_ids)
        over = frame.kind in (MOVE, SCORING) and frame.state.is_over
        self.score.show(frame.state if over else None)
        items = "".join(f"<li>{escape(text)} <code>{escape(rule)}</code></li>"
                        for text, rule in frame.narration)
        title = escape(frame.title(viewer))
        self.events.value = f"<h3>{title}</h3><ul>{items}</ul>" if items else f"<h3>{title}</h3>"

    def _key(self, event: dict) -> None:
        key = event.get("key") if isinstance(event, dict) else None
        target = event.get("target") if isinstance(event, dict) else None
        if isinstance(target, dict) and str(target.get("tagName", "")).upper() in TYPING:
            return  # arrows inside a text box move the cursor, not the timeline
        board_keys = getattr(self.board, "keys", {})
        if isinstance(key, str) and key in board_keys:
            board_keys[key]()
        elif isinstance(key, str) and key in KEYS:
            self.step(KEYS[key])
