"""The Cacao board view: canvas drawing, view controls (zoom, pan) and the move picker.

Clicks and buttons only collect what the person points at (a hand tile and its turn, a jungle
tile, a cell, an edge); every move goes to the engine through `app.try_action`, which shows the
engine's refusal (reason + rule) for an illegal one.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w

from explorer import IllegalAction
from explorer.cacao import Decline, Fill, Place, Rebuild, Work
from explorer.cacao import components as C
from explorer.cacao.board import SIDES
from explorer.cacao.state import SIDE_NAMES
from explorer.text import N, T

from ..shared.board_text import Section, Table
from ..shared.canvas import BoardCanvas
from ..shared.gestures import Gestures
from ..shared.scene import View
from ..shared.timeline import SCORING
from ..shared.view_buttons import add_view_buttons
from .controls import Controls, button, player_title
from .draw import cursor, header_text, scene
from .geometry import ZOOM_STEP, clamp_zoom
from .layout import WIDTH, game_extent, layout
from .pick import Hints, Pick, move_hints

PAN_STEP = 2  # cells per arrow press


class CacaoBoard:
    """Canvas (class rx-board), zoom and pan (rx-zoom-in/out, rx-fit, rx-pan-*), and the
    controls of controls.py: tile choice (rx-choice), rotate (rx-rotate-left/right) and the
    activated workers (rx-pending, rx-use, rx-decline)."""

    def __init__(self, width: int = WIDTH):
        self.width = width
        self.canvas = BoardCanvas(width, 900)
        self.canvas.on_click(self._clicked)
        # projector mode: labels larger, laid out anew
        self.canvas.relayout = lambda: self.frame is not None and self._draw()
        turn_left, turn_right = (lambda: self.rotate(-1)), (lambda: self.rotate(1))
        self.keys = {"q": turn_left, "Q": turn_left, "e": turn_right, "E": turn_right,
                     "r": turn_right, "R": turn_right}  # the shell calls these on a key press
        self.app = None
        self.frame = None
        self.viewer: int | None = None
        self.playable = False
        self.pick = Pick()
        self.hints = Hints()
        self.cursor = None   # the keyboard's move (preview), drawn over the frame
        self.zoom = 1.0
        self.pan = (0.0, 0.0)
        self.layout = None
        add_view_buttons(self, button, ZOOM_STEP, PAN_STEP, T("Fit the whole board into view"))
        self.controls = Controls(choose=self._chosen, rotate=self.rotate, use=self.use,
                                 decline=self.decline,
                                 view_buttons=[self.zoom_out, self.fit_button, self.zoom_in,
                                               *self.pan_buttons])
        c = self.controls   # the tests and the page reach these on the board too
        self.choice, self.rotate_left, self.rotate_right = c.choice, c.rotate_left, c.rotate_right
        self.status, self.pending, self.tools = c.status, c.pending, c.tools
        # step C's list takes the place of the tile choice and the status line (the same
        # height), so the board keeps the whole width and never moves
        self.widget = w.VBox([c.tools, c.status, c.pending, self.canvas.view, c.view])
        self.gestures = Gestures(self)   # drag and pinch on a touch screen

    def attach(self, app) -> None:
        self.app = app
        self.controls.use_words(app.words)

    @property
    def say(self):
        """The page's words (English before the board is attached to an app)."""
        return self.app.words if self.app is not None else str

    # -- showing -------------------------------------------------------------------------
    def show(self, frame, viewer: int | None, playable: bool) -> None:
        """Draw `frame` as `viewer` sees it; a new frame resets the tile choice."""
        new = frame is not self.frame
        self.frame, self.viewer, self.playable = frame, viewer, playable
        state = frame.state
        self.hints = move_hints(state) if playable else Hints()
        if new:   # every placement starts unturned, with the first hand tile chosen
            self.pick, self.cursor = Pick(), None
            self._default_pick()
        self._draw()   # first: the page draws the board before the controls' changes arrive
        self._sync_controls()

    def _default_pick(self) -> None:
        """Start with the first hand tile (or jungle tile) so a single click can already move."""
        state = self.frame.state
        if state.phase == "place" and state.current_player is not None:
            hand = sorted({C.pattern_of(t) for t in state.hands[state.current_player]})
            self.pick.pattern = hand[0] if hand else None
        elif state.phase == "fill":
            names = [C.JUNGLE[t] for t in (state.display or state.drawn)]
            self.pick.jungle = names[0] if names else None

    def _draw(self) -> None:
        state = self.frame.state
        shown = state.view(self.viewer)
        self.layout = layout(shown, self.zoom, self.pan, self.width,
                             text_scale=self.canvas.text_scale, extent=self._extent(state))
        action = self.frame.action
        last = getattr(action, "cell", None) if action is not None else None
        # the scoring step: the engine's results, drawn on temples and rows
        sheet = state.score() if self.frame.kind == SCORING else None
        view = View(self.hints, self.pick, self.playable, viewer=self.viewer, sheet=sheet,
                    last=state.placed_cell or last, words=self.say)
        drawn = scene(shown, view, self.layout)
        if self.cursor is not None:
            cursor(drawn, shown, self.cursor, self.layout, self.say)
        self.canvas.show(drawn)
        self.status.value = self._status_html()

    def _extent(self, state):
        """The cells the grid is fitted to: one scale for the whole game (see game_extent)."""
        timeline = getattr(self.app, "timeline", None)
        if timeline is None:
            return game_extent(state)
        return game_extent(state, timeline.frames[-1].state)

    def _sync_controls(self) -> None:
        """Offer the current player's hand tiles (or the jungle tiles to fill with) as buttons,
        and the activated workers' lines."""
        self.controls.sync(self.frame.state, self.pick, self.hints, self.playable,
                           self._secret(), self.unusable_reason)

    @property
    def pending_buttons(self) -> list:
        """(Use, Decline) for each activated side shown."""
        return self.controls.pending_buttons

    def _secret(self) -> bool:
        """Whether the acting player's hand is hidden in the view being shown."""
        state = self.frame.state
        return self.viewer is not None and self.viewer != state.current_player

    def unusable_reason(self, e) -> str:
        """Why "Use one" is off for the activated side `e`, in words (a message), from the
        timeline and the engine (whose turn it is to decide; else the engine's own refusal)."""
        state = self.frame.state
        if not self.playable:
            return T("view only: go to the last step to play")
        if e.player != state.current_player:
            return T("wait: {player} decides first", player=player_title(state.current_player))
        try:
            state.apply(Work(e.cell, e.side))
        except IllegalAction as exc:
            return T("not now: {reason}", reason=exc.reason)
        return ""

    def _status_html(self) -> str:
        state = self.frame.state
        if not self.playable or state.is_over:
            return ""
        say, who = self.say, player_title(state.current_player)
        if state.phase == "place" and self._secret():
            return escape(say(T("{player} places a worker tile; their hand is hidden in this "
                                "view (choose All open or their view to pick the tile).",
                                player=who)))
        if state.phase == "place":
            tile = self.pick.pattern or T("a hand tile")
            if self.hints.rebuild:
                said = T("choose a hand tile, turn it (⟲ / ⟳, keys Q / E), then click a green "
                         "cell to place {tile}. A purple dashed outline marks your own tile you "
                         "may rebuild for a sun token.", tile=tile)
            else:
                said = T("choose a hand tile, turn it (⟲ / ⟳, keys Q / E), then click a green "
                         "cell to place {tile}.", tile=tile)
        elif state.phase == "fill":
            tile = C.JUNGLE_LABELS.get(self.pick.jungle, T("a jungle tile"))
            said = T("click an orange space to fill it with {tile} (choose another jungle tile "
                     "above or on the right).", tile=tile)
        else:
            said = T("use or decline the activated workers (buttons, or click a green edge).")
        return f"<b>{escape(say(who))}</b>: {escape(say(said))}"

    # -- keyboard and screen reader (see widgets/shared/board.py) -------------------------
    def preview(self, action) -> None:
        """Draw `action` as the keyboard cursor (None: none); the pick stays, so a click
        does what it did before."""
        self.cursor = action
        if self.frame is not None:
            self._draw()

    def move_group(self, action):
        """The Moves list's group of `action`: the tile placed, the jungle tile laid, or the
        side of the tile whose workers act."""
        if action.kind == "place":
            return T("Place a {pattern} worker tile", pattern=action.tile)
        if action.kind == "rebuild":
            return T("Rebuild with a {pattern} worker tile", pattern=action.tile)
        if action.kind == "fill":
            return T("Fill a jungle space with: {tile}",
                     tile=C.JUNGLE_LABELS.get(action.tile, action.tile))
        return T("Workers on the {side} side of {cell}", side=SIDE_NAMES[action.side],
                 cell=str(action.cell))

    def board_text(self, state, viewer):
        """The position as `viewer` sees it: the grid as a table, then each player's village
        and hand, the jungle tiles to come and the activated workers."""
        shown = state.view(viewer)
        # the header as a message (said later, in the page's language)
        sections = [Section(header_text(shown, say=lambda m: m), table=_grid_table(shown))]
        for p in range(shown.players):
            sections.append(Section(player_title(p), _village_items(shown, p)))
        sections.append(Section(T("Display (face up)"),
                                tuple(map(C.jungle_label, shown.display)) or (T("empty"),)))
        if shown.drawn:
            sections.append(Section(T("Drawn from the pile"),
                                    tuple(map(C.jungle_label, shown.drawn))))
        sections.append(Section(T("Piles and supply"), (
            N("Jungle pile: {n} tile", "Jungle pile: {n} tiles", len(shown.jungle_pile)),
            T("Supply: {cacao} cacao · {sun} sun tokens", cacao=shown.cacao_supply,
              sun=shown.sun_supply))))
        if shown.spaces:
            sections.append(Section(T("Jungle spaces to fill"), tuple(map(str, shown.spaces))))
        if shown.pending:
            sections.append(Section(T("Activated workers"), tuple(
                N("{player}: {n} worker on the {side} side of {cell}",
                  "{player}: {n} workers on the {side} side of {cell}", e.left,
                  player=player_title(e.player), side=SIDE_NAMES[e.side], cell=str(e.cell))
                for e in shown.pending)))
        return tuple(sections)

    # -- view ----------------------------------------------------------------------------
    def set_view(self, zoom: float, pan) -> None:
        self.zoom = clamp_zoom(zoom)
        self.pan = (float(pan[0]), float(pan[1]))
        if self.frame is not None:
            self._draw()

    # -- picking -------------------------------------------------------------------------
    def _chosen(self, value) -> None:
        if self.frame is None:
            return
        if self.frame.state.phase == "place" and value in C.PATTERNS:
            self.pick.pattern = value
        elif self.frame.state.phase == "fill" and value in C.JUNGLE_KINDS:
            self.pick.jungle = value
        self._draw()

    def rotate(self, turns: int) -> None:
        """Turn the chosen hand tile by quarter turns (positive: clockwise)."""
        if self.frame is None or self.frame.state.phase != "place":
            return
        self.pick.rotation = (self.pick.rotation + int(turns)) % 4
        self._draw()

    def choose_pattern(self, pattern: str) -> None:
        self.pick.pattern = pattern
        self._draw()
        self._sync_controls()

    def choose_jungle(self, name: str) -> None:
        self.pick.jungle = name
        self._draw()
        self._sync_controls()

    def place(self, cell) -> bool:
        """Place (or, on a tile already there, rebuild) with the chosen tile and turn."""
        state = self.frame.state
        if self.app.refuse_unplayable():
            return False
        if not self.pick.pattern:
            self.app.message.info(T("First choose a tile from the hand."))
            return False
        kind = Rebuild if cell in state.workers and state.rebuilding_open else Place
        return self.app.try_action(kind(self.pick.pattern, cell, self.pick.rotation))

    def fill(self, cell) -> bool:
        if not self.pick.jungle:
            self.app.message.info(T("First choose a jungle tile from the display."))
            return False
        return self.app.try_action(Fill(self.pick.jungle, cell))

    def use(self, cell, side) -> bool:
        return self.app.try_action(Work(cell, side))

    def decline(self, cell, side) -> bool:
        return self.app.try_action(Decline(cell, side))

    def _clicked(self, key, x, y) -> None:
        if self.frame is None or key is None:
            return
        state = self.frame.state
        kind = key[0]
        if kind == "grid":
            cell = self.layout.viewport.cell_at(x, y)
            if cell is None:
                return
            if state.phase == "fill":
                self.fill(cell)
            elif state.phase == "work":
                self.app.message.info(T("Now the activated workers act: use the buttons above "
                                        "the board or click a glowing edge."))
            else:
                self.place(cell)
        elif kind == "edge":
            self.use(key[1], key[2])
        elif kind == "hand":
            _, p, i = key
            shown = state.view(self.viewer)
            tile = shown.hands[p][i] if i < len(shown.hands[p]) else C.HIDDEN
            if tile == C.HIDDEN:
                self.app.message.info(T("That tile is hidden in this view."))
                return
            self.choose_pattern(C.pattern_of(tile))
        elif kind in ("display", "drawn"):
            tiles = state.display if kind == "display" else state.drawn
            if key[1] < len(tiles):
                self.choose_jungle(C.JUNGLE[tiles[key[1]]])
        elif kind == "preview":
            self.rotate(1)



def _grid_table(state) -> Table:
    """Rows y, columns x, as the board's axes: each tile's kind and owner, "—" where none."""
    cells = set(state.workers) | set(state.jungle) or {(0, 0)}
    xs = range(min(x for x, _ in cells), max(x for x, _ in cells) + 1)
    ys = range(min(y for _, y in cells), max(y for _, y in cells) + 1)

    def said(cell):
        if cell in state.jungle:
            return C.jungle_label(state.jungle[cell])
        top = state.workers.get(cell)
        if top is None:
            return "—"
        workers = " ".join(f"{s}{n}" for s, n in zip(SIDES, top.counts))
        if cell in state.covered:
            return T("{colour} worker tile {workers}, rebuilt", colour=C.COLOUR_NAMES[top.owner],
                     workers=workers)
        return T("{colour} worker tile {workers}", colour=C.COLOUR_NAMES[top.owner],
                 workers=workers)

    return Table(T("Worker and jungle tiles by cell (x, y)"), ("(x, y)", *(f"x = {x}" for x in xs)),
                 tuple((f"y = {y}", *(said((x, y)) for x in xs)) for y in ys))


def _village_items(state, p: int) -> tuple:
    """A player's gold, cacao, sun tokens, water carrier and tiles (a hidden hand counted)."""
    hand = state.hands[p]
    if C.HIDDEN in hand:
        held = N("Hand: {n} hidden tile", "Hand: {n} hidden tiles", len(hand))
    elif hand:
        held = T("Hand: {tiles}", tiles=", ".join(C.pattern_of(t) for t in hand))
    else:
        held = T("Hand: empty")
    water = C.WATER_TRACK[state.water[p]]
    placed = sum(1 for t in state.workers.values() if t.owner == p)
    return (T("{gold} gold", gold=state.gold[p]), T("Cacao: {n}", n=state.cacao[p]),
            T("Sun tokens: {n}", n=state.sun[p]),
            T("Water carrier on {value}", value=f"{water:+d}" if water else "0"), held,
            T("hand {hand} · pile {pile} · placed {placed}", hand=len(hand),
              pile=len(state.worker_piles[p]), placed=placed))
