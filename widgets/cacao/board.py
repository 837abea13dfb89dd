"""The Cacao board view: canvas drawing, view controls (zoom, pan) and the move picker.

Clicks and buttons only collect what the person points at (a hand tile and its turn, a jungle
tile, a cell, an edge); every move goes to the engine through `play` (shared/board.py), which
shows the engine's refusal (reason + rule) for an illegal one.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w

from explorer import IllegalAction
from explorer.cacao import Decline, Fill, Place, Rebuild, Work
from explorer.cacao import components as C
from explorer.cacao.board import SIDES
from explorer.cacao.state import SIDE_NAMES
from explorer.messages import N, T

from ..shared.board import BoardView
from ..shared.board_text import Section, Table
from ..shared.scene import View
from ..shared.timeline import SCORING
from .controls import Controls, button, player_title
from .draw import cursor, header_text, scene
from .layout import WIDTH, game_extent, layout
from .pick import Hints, Pick, move_hints


class CacaoBoard(BoardView):
    """Canvas (class rx-board), zoom and pan (rx-zoom-in/out, rx-fit, rx-pan-*), and the
    controls of controls.py: tile choice (rx-choice), rotate (rx-rotate-left/right) and the
    activated workers (rx-pending, rx-use, rx-decline). Keys Q / E (R) turn the tile."""

    Pick, Hints, move_hints = Pick, Hints, staticmethod(move_hints)

    def __init__(self, width: int = WIDTH):
        super().__init__(width, 900)
        self.keys = self._turn_keys()
        self.clicks = {"grid": self._grid_clicked, "edge": lambda key, x, y: self.use(*key[1:3]),
                       "hand": self._hand_clicked, "display": self._jungle_clicked,
                       "drawn": self._jungle_clicked, "preview": lambda key, x, y: self.rotate(1)}
        view_buttons = self._zoomable(button, T("Fit the whole board into view"))
        self.controls = Controls(choose=self._chosen, rotate=self.rotate, use=self.use,
                                 decline=self.decline, view_buttons=view_buttons)
        c = self.controls   # the tests and the page reach these on the board too
        self.choice, self.rotate_left, self.rotate_right = c.choice, c.rotate_left, c.rotate_right
        self.status, self.pending, self.tools = c.status, c.pending, c.tools
        # step C's list takes the place of the tile choice and the status line (the same
        # height), so the board keeps the whole width and never moves
        self.widget = w.VBox([c.tools, c.status, c.pending, self.canvas.view, c.view])

    # -- showing -------------------------------------------------------------------------
    def fresh_pick(self) -> Pick:
        """Every placement starts unturned, with the first hand tile (or jungle tile) chosen,
        so a single click can already move."""
        state = self.frame.state
        if state.phase == "place" and state.current_player is not None:
            hand = sorted({C.pattern_of(t) for t in state.hands[state.current_player]})
            return Pick(pattern=hand[0] if hand else None)
        if state.phase == "fill":
            names = [C.JUNGLE[t] for t in (state.display or state.drawn)]
            return Pick(jungle=names[0] if names else None)
        return Pick()

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
        last = self.last_state()
        return game_extent(state) if last is None else game_extent(state, last)

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

    # -- picking -------------------------------------------------------------------------
    def _chosen(self, value) -> None:
        if self.frame is None:
            return
        if self.frame.state.phase == "place" and value in C.PATTERNS:
            self.select(pattern=value)
        elif self.frame.state.phase == "fill" and value in C.JUNGLE_KINDS:
            self.select(jungle=value)
        else:
            self._draw()

    def can_turn(self) -> bool:
        """The chosen hand tile turns by quarter turns while placing."""
        return self.frame.state.phase == "place"

    def choose_pattern(self, pattern: str) -> None:
        self.select(pattern=pattern)
        self._sync_controls()

    def choose_jungle(self, name: str) -> None:
        self.select(jungle=name)
        self._sync_controls()

    def place(self, cell) -> bool:
        """Place (or, on a tile already there, rebuild) with the chosen tile and turn."""
        state = self.frame.state
        if self.refuse_unplayable():
            return False
        if not self.pick.pattern:
            self.tell(T("First choose a tile from the hand."))
            return False
        kind = Rebuild if cell in state.workers and state.rebuilding_open else Place
        return self.play(kind(self.pick.pattern, cell, self.pick.rotation))

    def fill(self, cell) -> bool:
        if not self.pick.jungle:
            self.tell(T("First choose a jungle tile from the display."))
            return False
        return self.play(Fill(self.pick.jungle, cell))

    def use(self, cell, side) -> bool:
        return self.play(Work(cell, side))

    def decline(self, cell, side) -> bool:
        return self.play(Decline(cell, side))

    def spot_at(self, x: float, y: float):
        return self.layout.viewport.cell_at(x, y)

    def _grid_clicked(self, key, x, y) -> None:
        cell = self.spot_at(x, y)
        if cell is None:
            return
        phase = self.frame.state.phase
        if phase == "fill":
            self.fill(cell)
        elif phase == "work":
            self.tell(T("Now the activated workers act: use the buttons above the board or "
                        "click a glowing edge."))
        else:
            self.place(cell)

    def _hand_clicked(self, key, x, y) -> None:
        _, p, i = key
        shown = self.frame.state.view(self.viewer)
        tile = shown.hands[p][i] if i < len(shown.hands[p]) else C.HIDDEN
        if tile == C.HIDDEN:
            self.tell(T("That tile is hidden in this view."))
            return
        self.choose_pattern(C.pattern_of(tile))

    def _jungle_clicked(self, key, x, y) -> None:
        state = self.frame.state
        tiles = state.display if key[0] == "display" else state.drawn
        if key[1] < len(tiles):
            self.choose_jungle(C.JUNGLE[tiles[key[1]]])



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
