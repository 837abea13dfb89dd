"""The Taluva board view: canvas drawing, view controls (zoom, pan) and the move picker.

Clicks and buttons only collect what the person points at (the tile's turn, a hex, a build
kind, a settlement and a terrain); every move goes to the engine through `play`
(shared/board.py), which shows the engine's refusal (reason + rule) for an illegal one.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w

from explorer.taluva import Expand, Finish, Hut, Place, Temple, Tower
from explorer.taluva import components as C
from explorer.taluva.board import lava_direction, settlement_at
from explorer.messages import N, T, player_name

from ..shared.board import BoardView
from ..shared.board_text import Section, Table
from ..shared.scene import View
from .controls import KIND_NAMES, Controls, button, why_not
from .draw import BUILD_KIND_NAMES, cursor, header_text, player_title, scene
from .layout import HEIGHT, WIDTH, layout
from .pick import BUILD_KINDS, Hints, Pick, move_hints

ACTIONS = {"hut": Hut, "temple": Temple, "tower": Tower}
HOVER_WAIT_MS = 60


class TaluvaBoard(BoardView):
    """Canvas (class rx-board), zoom and pan (rx-zoom-in/out, rx-fit, rx-pan-*), and the
    controls of controls.py: turning the tile (rx-rotate-left/right), build kinds (rx-kind-hut,
    -expand, -temple, -tower), expansion confirm (rx-confirm), stop building (rx-finish,
    one_kind variant) and a status line (rx-pick-status). Keys Q / E (R) turn the tile, Esc
    drops a chosen settlement; the hex under the pointer is `hover`."""

    Pick, Hints, move_hints = Pick, Hints, staticmethod(move_hints)
    TURNS = 6

    def __init__(self, width: int = WIDTH):
        super().__init__(width, HEIGHT, hover_wait=HOVER_WAIT_MS)
        self.keys = {**self._turn_keys(), "Escape": self.cancel}
        self.clicks = {"island": self._island_clicked,
                       "preview": lambda key, x, y: self.rotate(1),
                       "terrain": lambda key, x, y: self.choose_terrain(key[1])}
        view_buttons = self._zoomable(button, T("Fit the whole island into view"),
                                      ("38px", "48px", "34px"))
        self.controls = Controls(rotate=self.rotate, choose_kind=self.choose_kind,
                                 confirm=self.confirm_expansion,
                                 finish=lambda: self.play(Finish()), view_buttons=view_buttons)
        c = self.controls   # the tests and the page reach these on the board too
        self.rotate_left, self.rotate_right = c.rotate_left, c.rotate_right
        self.kind_buttons, self.confirm, self.finish = c.kind_buttons, c.confirm, c.finish
        self.placing, self.building, self.status = c.placing, c.building, c.status
        self.widget = w.VBox([c.style, c.row, c.status, self.canvas.view])

    # -- showing -------------------------------------------------------------------------
    def fresh_pick(self) -> Pick:
        """Unturned; while building, the kind the turn builds (or the first possible one)."""
        state = self.frame.state
        if state.phase != "build":
            return Pick()
        kinds = self.hints.kinds()
        return Pick(kind=state.build_kind or (kinds[0] if kinds else None))

    def _draw(self) -> None:
        """The canvas and, with every drawing, the controls and the status line."""
        state = self.frame.state
        shown = state.view(self.viewer)
        self.layout = layout(shown, self.zoom, self.pan, self.width, self.canvas.text_scale)
        self.canvas.show(self._scene(shown))
        self._sync_status()

    def _draw_pointer(self) -> None:
        """A pointer (or cursor) move changes only the highlights: no controls to sync."""
        if self.frame is not None:
            self.canvas.show(self._scene(self.frame.state.view(self.viewer)))

    def _scene(self, shown):
        drawn = scene(shown, self._view(), self.layout)
        if self.cursor is not None:
            cursor(drawn, shown, self.cursor, self.layout, self.hints)
        return drawn

    def _view(self) -> View:
        return View(self.hints, self.pick, self.playable, self.hover, self.viewer,
                    words=self.say)

    def _sync_status(self) -> None:
        self.controls.sync(self.frame.state, self.hints, self.pick, self.playable,
                           self.chosen_plan())
        self.status.value = self._status_html()

    def _status_html(self) -> str:
        state, say = self.frame.state, self.say
        if state.phase == "setup" and not self.playable:
            return escape(say(T("Set-up is being narrated: step forward (▶) to its last step to "
                                "play.")))
        if state.is_over:
            return (f"<b>{escape(say(T('The game is over.')))}</b> "
                    f"{escape(say(T('The ranking is on the board and in the Score tab.')))}")
        if not self.playable:
            return ""
        who = f"<b>{escape(say(player_name(state.current_player, C.COLOUR_NAMES)))}</b>"
        if state.phase == "place":
            now = {v for v, r in self.hints.erupt if r == self.pick.rotation}
            later = {v for v, _ in self.hints.erupt} - now
            turn = T("turn the tile (lava {direction}), then click a green spot.",
                     direction=lava_direction(self.pick.rotation))
            said = [turn] + ([T("Orange: an eruption.")] if now else []) + (
                [T("Dashed orange: a volcano that can erupt with another turn.")] if later else [])
            return f"{who}: " + " ".join(escape(say(text)) for text in said)
        kind = self.pick.kind
        text = {
            "hut": T("click a blue hex for a new hut."),
            "temple": T("click a purple hex for a temple."),
            "tower": T("click a teal hex for a tower."),
            "expand": self._expand_text(),
        }.get(kind, T("choose what to build."))
        off = [k for k in BUILD_KINDS if self.kind_buttons[k].disabled]
        reasons = "; ".join(say(T("{kind}: {why}", kind=KIND_NAMES[k], why=why_not(state, k)))
                            for k in off)
        extra = (f'<div class="rx-why"><i>'
                 f'{escape(say(T("Not possible now — {reasons}", reasons=reasons)))}</i></div>'
                 if reasons else "")
        return f"{who}: {escape(say(text))}{extra}"

    def _expand_text(self) -> str:
        if self.pick.settlement is None:
            return T("click one of your settlements outlined in blue.")
        plan = self.chosen_plan()
        if plan is None:
            return T("settlement {settlement} chosen: click a terrain (on the island or at the "
                     "right).", settlement=str(self.pick.settlement))
        return N("preview: {n} hut in the {terrain}; press Build (or click a previewed hex).",
                 "preview: {n} huts in the {terrain}; press Build (or click a previewed hex).",
                 plan.huts, terrain=C.terrain_name(plan.terrain))

    def chosen_plan(self):
        """The engine's Expansion for the chosen settlement and terrain, if both are chosen."""
        if self.pick.settlement is None or self.pick.terrain is None:
            return None
        return next((e for e in self.hints.expansions_of(self.pick.settlement)
                     if e.terrain == self.pick.terrain), None)

    # -- keyboard and screen reader (see widgets/shared/board.py) -------------------------
    def move_group(self, action):
        """The Moves list's group of `action`: the tile's turn, or the kind of building."""
        if action.kind == "place":
            return T("Place the tile, lava {lava}", lava=lava_direction(action.rotation))
        return {"hut": T("Build a new hut"), "expand": T("Expand a settlement"),
                "temple": T("Build a temple"), "tower": T("Build a tower"),
                "finish": T("Stop building")}[action.kind]

    def board_text(self, state, viewer):
        """The position as `viewer` sees it: the island's hexes row by row (terrain, level,
        building), each player's pieces left and the tile to place."""
        shown = state.view(viewer)
        # the header as a message (said later, in the page's language)
        sections = [Section(header_text(shown, viewer, say=lambda m: m),
                            table=_island_table(shown))]
        for p in range(shown.players):
            huts, temples, towers = shown.supply[p]
            items = [T("left: {huts} · {temples} · {towers}", huts=N("{n} hut", "{n} huts", huts),
                       temples=N("{n} temple", "{n} temples", temples),
                       towers=N("{n} tower", "{n} towers", towers))]
            if shown.removed[p]:
                items.append(N("{n} hut lost to lava", "{n} huts lost to lava", shown.removed[p]))
            if p in shown.eliminated:
                items.append(T("OUT: could not build, cannot win"))
            sections.append(Section(player_title(p), tuple(items)))
        if shown.drawn is not None:
            tile = C.tile_label(shown.drawn)
        else:
            tile = T("placed") if shown.phase == "build" else "—"
        sections.append(Section(T("Drawn tile"), (tile, N(
            "Stack: {n} tile face down", "Stack: {n} tiles face down", len(shown.stack)))))
        return tuple(sections)

    # -- the pointer: the ghost of the tile, the hex's coordinates and its settlement -----
    def spot_at(self, x: float, y: float):
        return self.layout.viewport.hex_at(x, y)

    # -- picking -------------------------------------------------------------------------
    def can_turn(self) -> bool:
        """The drawn tile turns by sixths while placing."""
        return self.frame.state.phase == "place"

    def choose_kind(self, kind: str) -> None:
        if kind in BUILD_KINDS:
            self.select(kind=kind, settlement=None, terrain=None)

    def choose_settlement(self, key) -> None:
        self.select(settlement=key, terrain=None)

    def choose_terrain(self, terrain: str) -> None:
        if terrain in C.TERRAINS and self.pick.settlement is not None:
            self.select(terrain=terrain)

    def cancel(self) -> None:
        """Drop the chosen settlement and terrain (key Escape)."""
        if self.pick.settlement is not None:
            self.select(settlement=None, terrain=None)

    def confirm_expansion(self) -> bool:
        if self.pick.settlement is None or self.pick.terrain is None:
            self.tell(T("First click one of your settlements, then a terrain."))
            return False
        return self.play(Expand(self.pick.settlement, self.pick.terrain))

    def click_hex(self, h) -> bool:
        """A click on island hex (or sea) `h`: place the tile there, or build there."""
        state = self.frame.state
        if state.is_over:
            self.tell(T("The game is over: step back through the timeline to look at any turn, "
                        "or start a new game in the Game tab."))
            return False
        if state.phase == "place" or not self.playable:
            return self.play(Place(h, self.pick.rotation))
        kind = self.pick.kind
        if kind in ACTIONS:
            return self.play(ACTIONS[kind](h))
        if kind == "expand":
            return self._expand_click(h)
        self.tell(T("Choose what to build with the buttons above the board."))
        return False

    def _expand_click(self, h) -> bool:
        state = self.frame.state
        chosen = self.pick.settlement
        if chosen is not None:
            plan = self.chosen_plan()
            if plan is not None and h in {t for t, _ in plan.targets}:
                return self.confirm_expansion()
            for other in self.hints.expansions_of(chosen):
                if h in {t for t, _ in other.targets}:
                    self.choose_terrain(other.terrain)
                    return False
        found = settlement_at(state.buildings, h)
        if found is not None and found.owner == state.current_player:
            self.choose_settlement(found.key)
            return False
        if found is not None:   # someone else's: the engine says why not
            return self.play(Expand(found.key, state.hexes[h].terrain))
        cell = state.hexes.get(h)
        if chosen is not None and cell is not None and cell.terrain in C.TERRAINS:
            return self.play(Expand(chosen, cell.terrain))
        self.tell(T("For an expansion, first click one of your settlements (outlined in blue), "
                    "then a terrain next to it."))
        return False

    def _island_clicked(self, key, x, y) -> None:
        h = self.spot_at(x, y)
        if h is not None:
            self.click_hex(h)


def _island_table(state) -> Table:
    """One row per hex, in reading order (row r, then q): landscape, level, building."""
    rows = []
    for h, cell in sorted(state.hexes.items(), key=lambda hc: (hc[0][1], hc[0][0])):
        terrain = C.terrain_name(cell.terrain)
        if cell.terrain == C.VOLCANO:
            terrain = T("volcano, lava {lava}", lava=lava_direction(cell.rotation))
        b = state.buildings.get(h)
        built = "—" if b is None else T("{player}: {building}", player=player_title(b.owner),
                                        building=N("{n} hut", "{n} huts", b.count)
                                        if b.kind == "hut" else BUILD_KIND_NAMES[b.kind])
        rows.append((str(h), terrain, str(cell.level), built))
    return Table(T("The island's hexes (q, r), row by row"),
                 (T("hex"), T("landscape"), T("level"), T("building")), tuple(rows))
