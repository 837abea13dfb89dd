"""A game's board view: the `BoardView` base class, with what every board shares.

Every game's view package has the same files, each with one role:

- `board.py`: the board class, a `BoardView` that keeps only what is its game's own,
- `draw.py`: the pure `scene(state, view, lay)` for a position (shapes, no widgets; `view`
  is the `View` of scene.py: hints, pick, playable, hover, viewer, score sheet),
- `layout.py`: where things go on the canvas,
- `pick.py`: `Hints` (the legal moves by board position, from the engine's legal actions),
  `Pick` (what the person picked so far) and `move_hints(state)`,
- `controls.py`: the game's widgets beside the canvas, built in one `Controls` class that the
  board composes,
- `score_pad.py`: how the game's score lines sit on the score pad.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Hashable

from ipyevents import Event

from .canvas import BoardCanvas
from .gestures import Gestures
from .view_buttons import add_view_buttons
from .viewport import FIT, clamp_zoom


class BoardView:
    """A game's board view, as the shell (`ExplorerApp`) and its panels use it; each game
    subclasses it and adds its own drawing, picking and controls.

    What the shell and the panels use (access.py included):

    - `widget`: the board's whole view (canvas and controls), put in the page's main column.
    - `canvas`: its BoardCanvas; the shell sets its text scale in projector mode and the Share
      tab asks it for a picture.
    - `keys`: {key: callable} of the board's own shortcuts (e.g. turning a tile), heard in the
      whole page; may be empty.
    - `attach(session, words)`: called once by the shell: the board shows the session's step
      whenever it changes, and speaks the page's words.
    - `show(frame, viewer, playable)`: draw timeline frame `frame` as seat `viewer` (None: all
      open) sees it; `playable`: moves can be made from it.
    - `preview(action)`, `move_group(action)`, `board_text(state, viewer)`: the keyboard and
      the screen reader (see each method).
    - A board may also offer `tabs` ({title: widget}) for side tabs of its own; the shell looks
      for it with getattr.

    A game sets `Pick`, `Hints` and `move_hints` (from its pick.py) and writes `_draw` (the
    frame on the canvas), `move_group` and `board_text`; it may write `fresh_pick`,
    `_sync_controls`, `_draw_pointer`, `spot_at`, `can_turn`, `_clicked_off`, and fill
    `clicks` ({region kind: handler(key, x, y)}) and `keys`.

    The board reaches the session only through `say`, `tell`, `play`, `refuse_unplayable` and
    `last_state`, so that what stands behind them can change here alone.
    """

    Pick: Callable[[], object]                  # the game's pick.py `Pick`
    Hints: Callable[[], object]                 # its `Hints`
    move_hints: Callable[[object], object]      # and its `move_hints(state)` (a staticmethod)
    TURNS = 4                                   # the picked piece's turns to a full circle

    def __init__(self, width: int, height: int, hover_wait: int | None = None):
        """A canvas of `width` x `height`; with `hover_wait` (ms), the pointer is followed
        over it (throttled) for `hover_at`."""
        self.width = width
        self.canvas = BoardCanvas(width, height)
        self.canvas.on_click(self._clicked)
        self.canvas.relayout = self._relayout   # projector mode: labels larger, laid out anew
        self.keys: dict[str, Callable[[], object]] = {}
        self.clicks: dict[str, Callable[[Hashable, float, float], object]] = {}
        self.session = None
        self.words = None
        self.frame = None
        self.viewer: int | None = None
        self.playable = False
        self.pick = self.Pick()
        self.hints = self.Hints()
        self.cursor = None    # the keyboard cursor's action (preview), drawn apart from the pick
        self.hover = None     # what the pointer is over (`spot_at`)
        self.layout = None
        if hover_wait is not None:
            self._pointer_events = Event(source=self.canvas.view,
                                  watched_events=["mousemove", "mouseleave"],
                                  throttle_or_debounce="throttle", wait=hover_wait)
            self._pointer_events.on_dom_event(self._on_pointer)

    # -- the session -----------------------------------------------------------------------
    def attach(self, session, words) -> None:
        """Show `session`'s step whenever it changes (the shell attaches the board before any
        other view, so the board, the slowest to reach the page, is drawn first); the
        controls speak `words` from now on."""
        self.session, self.words = session, words
        self.controls.use_words(words)
        session.on("step", self._show_session_step)

    def _show_session_step(self) -> None:
        timeline = self.session.timeline
        self.show(timeline.frame, self.session.viewer, timeline.playable())

    @property
    def say(self):
        """The page's words (English before the board is attached)."""
        return self.words or str

    def tell(self, message) -> None:
        """Say `message` (a message, said in the page's words) in the page's message line."""
        if self.session is not None:
            self.session.tell(message)

    def play(self, action) -> bool:
        """Ask the engine to make `action`; a refusal is shown (reason and rule), not raised.
        Whether it was made."""
        return self.session is not None and self.session.play(action)

    def refuse_unplayable(self) -> bool:
        """Say why no move can be made from the frame shown, if none can, and return True."""
        return self.session is None or self.session.refuse_unplayable()

    def last_state(self):
        """The position at the end of the line shown (None before the board is attached)."""
        timeline = getattr(self.session, "timeline", None)
        return None if timeline is None else timeline.frames[-1].state

    # -- showing ---------------------------------------------------------------------------
    def show(self, frame, viewer: int | None, playable: bool) -> None:
        """Draw `frame` as `viewer` sees it, with its legal moves when `playable` (worked out
        again only for a new frame: a language switch or another view keeps them); a new frame
        starts afresh (`_start_frame`)."""
        new = frame is not self.frame
        if new or playable != self.playable:     # the same frame has the same moves
            self.hints = self.move_hints(frame.state) if playable else self.Hints()
        self.frame, self.viewer, self.playable = frame, viewer, playable
        if new:
            self._start_frame()
        self.redraw()

    def _start_frame(self) -> None:
        """A new frame: no keyboard cursor, and the pick the game starts a move with."""
        self.cursor = None
        self.pick = self.fresh_pick()

    def fresh_pick(self):
        """The pick a move starts with in the frame shown (the game may choose a tile)."""
        return self.Pick()

    def redraw(self) -> None:
        """The canvas first (the page draws it as soon as it arrives), then the controls."""
        self._draw()
        self._sync_controls()

    def _draw(self) -> None:
        """Draw the frame shown on the canvas (the game's own)."""
        raise NotImplementedError

    def _sync_controls(self) -> None:
        """Bring the controls beside the canvas up to the frame and the pick (if any)."""

    def _draw_pointer(self) -> None:
        """Draw a new keyboard cursor or pointer place (a game may draw less than `_draw`)."""
        self._draw()

    def _relayout(self) -> None:
        if self.frame is not None:
            self._draw()

    # -- the keyboard and the screen reader -------------------------------------------------
    def preview(self, action) -> None:
        """Draw `action`, one of the shown frame's legal actions, as the keyboard cursor: the
        board's own hover or ghost for that move, and its place outlined (thick and dashed,
        not colour alone); None draws no cursor. The pick stays, so a click does what it did
        before."""
        self.cursor = action
        if self.frame is not None:
            self._draw_pointer()

    def move_group(self, action):
        """The title of the Moves list's group `action` is in (a message, e.g. the tile it
        places or the kind of move), so a long list reads in groups."""
        raise NotImplementedError

    def board_text(self, state, viewer: int | None) -> tuple:
        """The position as board_text.py's `Section`s, as `viewer` (None: all open) sees it."""
        raise NotImplementedError

    # -- picking ---------------------------------------------------------------------------
    def select(self, **changes) -> None:
        """Change the fields named of the pick and draw it."""
        self.pick = replace(self.pick, **changes)
        self._draw()

    def can_turn(self) -> bool:
        """Whether the picked piece can be turned now."""
        return False

    def rotate(self, turns: int) -> None:
        """Turn the picked piece by `turns` of TURNS (positive: clockwise), when it can turn."""
        if self.frame is None or not self.can_turn():
            return
        self.select(rotation=(self.pick.rotation + int(turns)) % self.TURNS)

    def _turn_keys(self) -> dict[str, Callable[[], None]]:
        """Q turns the piece anticlockwise, E (or R) clockwise."""
        left, right = (lambda: self.rotate(-1)), (lambda: self.rotate(1))
        return {"q": left, "Q": left, "e": right, "E": right, "r": right, "R": right}

    def _clicked(self, key, x: float, y: float) -> None:
        """A click on the canvas: to the handler of the region's kind (`clicks`)."""
        if self.frame is None:
            return
        if key is None:
            self._clicked_off()
            return
        handler = self.clicks.get(key[0])
        if handler is not None:
            handler(key, x, y)

    def _clicked_off(self) -> None:
        """A click on no region."""

    # -- the pointer -----------------------------------------------------------------------
    def spot_at(self, x: float, y: float):
        """The board place (a cell, a hex) under board pixel (x, y), or None."""
        return None

    def _on_pointer(self, event) -> None:
        """Follow the pointer over the board (ipyevents), for what the game shows under it."""
        if not isinstance(event, dict) or self.frame is None or self.layout is None:
            return
        at = self.canvas.point(event) if event.get("type") == "mousemove" else None
        self.hover_at(self.spot_at(*at) if at is not None else None)

    def hover_at(self, spot) -> None:
        """Show what the pointer is over (None: nothing)."""
        if spot != self.hover:
            self.hover = spot
            self._draw_pointer()

    # -- zoom and pan (boards that grow: see viewport.py) ------------------------------------
    def _zoomable(self, make_button, fit_tip, widths: tuple[str, str, str] | None = None
                  ) -> list:
        """Make the board zoomable: zoom and pan fitted, drag and pinch on a touch screen, and
        the view buttons (returned in order, for the game's controls)."""
        self.zoom, self.pan = FIT
        add_view_buttons(self, make_button, fit_tip, *([widths] if widths else []))
        self.gestures = Gestures(self)
        return [self.zoom_out, self.fit_button, self.zoom_in, *self.pan_buttons]

    def set_view(self, zoom: float, pan) -> None:
        """Zoom (clamped) and pan (in the board's units) the view."""
        self.zoom = clamp_zoom(zoom)
        self.pan = (float(pan[0]), float(pan[1]))
        if self.frame is not None:
            self._draw()


Board = BoardView   # the name the shell imports
