"""The Animals on Board board view: canvas drawing plus the move picker.

Clicks only collect what the person points at; every move goes to the engine through
`app.try_action`, which shows the engine's refusal (reason + rule) for an illegal one.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w

from explorer.animals_on_board import Keep, Split, Take
from explorer.animals_on_board import components as C
from explorer.text import N, T

from ..shared.board_text import Section
from ..shared.canvas import BoardCanvas
from ..shared.scene import View
from ..shared.timeline import SCORING, player_label
from .controls import Controls
from .draw import header_text, scene, scoring_runs
from .layout import WIDTH, layout
from .pick import Hints, Pick, cursor_keys, move_hints


def escape_text(text: str) -> str:
    """`text` safe in HTML as element content (quotes may stay as they are)."""
    return escape(text, quote=False)


def tile_list(tiles, facedown: int | None = None) -> tuple:
    """Tiles as a template lists them ("panda-3, lion-1"), the face-down one marked so and
    hidden ones counted, not listed one by one."""
    said = tuple(T("{tile} (face down)", tile=C.tile_label(t)) if t == facedown
                 else C.tile_label(t) for t in tiles if t != C.HIDDEN)
    hidden = sum(t == C.HIDDEN for t in tiles)
    if hidden:
        said += (N("{n} face-down tile", "{n} face-down tiles", hidden),)
    return said


class AnimalsBoard:
    """Canvas (class rx-board) + the controls of controls.py (Split / Take / Clear buttons:
    rx-split, rx-take, rx-clear)."""

    def __init__(self, width: int = WIDTH):
        self.width = width
        self.canvas = BoardCanvas(width, 600)
        self.canvas.on_click(self._clicked)
        self.canvas.relayout = self._relayout   # projector mode: labels larger, laid out anew
        self.keys: dict = {}   # no shortcuts of its own beyond the shell's
        self.app = None
        self.frame = None
        self.viewer: int | None = None
        self.playable = False
        self.pick = Pick()
        self.hints = Hints()
        self.cursor = None   # the keyboard cursor's action (access.py), drawn apart from the pick
        self.layout = None
        self.controls = Controls(split=self.do_split, take=self.do_take,
                                 clear=lambda: self.set_selection(set()))
        c = self.controls   # the tests and the page reach the buttons on the board too
        self.split, self.take, self.clear, self.status = c.split, c.take, c.clear, c.status
        self.note = c.note
        self.widget = w.VBox([c.tools, self.canvas.view, c.note])

    def attach(self, app) -> None:
        self.app = app
        self.controls.use_words(app.words)   # the canvas and status: the app's refresh

    @property
    def say(self):
        """The page's words (English before the board is attached to an app)."""
        return getattr(self.app, "words", None) or str

    # -- showing -------------------------------------------------------------------------
    def show(self, frame, viewer: int | None, playable: bool) -> None:
        """Draw `frame` as `viewer` sees it; a new frame drops the selection."""
        if frame is not self.frame:
            self.pick, self.cursor = Pick(), None
        self.frame, self.viewer, self.playable = frame, viewer, playable
        self.hints = move_hints(frame.state) if playable else Hints()
        self._draw()

    def _relayout(self) -> None:
        if self.frame is not None:
            self._draw()

    def _draw(self) -> None:
        shown = self.frame.state.view(self.viewer)
        scoring = self.frame.kind == SCORING
        scale = self.canvas.text_scale
        say = self.say
        self.layout = layout(shown, self.width, scoring_runs(shown, say) if scoring else None,
                             scale)
        sheet = self.frame.state.score() if scoring else None
        view = View(self.hints, self.pick, self.playable, viewer=self.viewer, sheet=sheet,
                    words=say, hover=cursor_keys(self.frame.state, self.cursor))
        self.canvas.show(scene(shown, view, self.layout))
        self.status.value = self._status_html()

    def _status_html(self) -> str:
        state, say = self.frame.state, self.say
        tiles = self.selected_tiles()
        if tiles:
            names = ", ".join(say(C.tile_label(C.HIDDEN if t == state.facedown else t))
                              for t in tiles)
            label = escape_text(say(T("Selected:")))
            return f"{label} <b>{escape(names)}</b>"
        if not self.playable or state.is_over:
            return ""
        who = player_label(state.current_player)
        if state.phase == "keep":
            return escape_text(say(T("{player}: click one of your drawn tiles to keep it.",
                                     player=who)))
        return escape_text(say(T("{player}: click tiles to select them (or a group's label for "
                                 "the whole group), then Split or Take.", player=who)))

    # -- the keyboard and the screen reader -----------------------------------------------
    def preview(self, action) -> None:
        """Outline what `action` names as the keyboard cursor (None: no cursor). The tiles
        selected by clicks stay as they are, so Split and Take still act on them."""
        self.cursor = action
        if self.frame is not None:
            self._draw()

    def move_group(self, action):
        """Splits by group and by how many tiles leave it (a 13-tile group has 8,190 splits);
        every take in one group, every keep in another."""
        if isinstance(action, Keep):
            return T("Keep a drawn tile")
        if isinstance(action, Take):
            return T("Take a group into the ark")
        g = self.frame.state.group_of(action.tiles[0])
        return N("Split {n} tile off group {group}", "Split {n} tiles off group {group}",
                 len(action.tiles), group=(g or 0) + 1)

    def board_text(self, state, viewer: int | None) -> tuple:
        """The centre's groups and every player's ark, crates and flags, as `viewer` sees them."""
        shown = state.view(viewer)
        groups = [N("Group {group} ({n} tile): {tiles}", "Group {group} ({n} tiles): {tiles}",
                    len(group), group=g + 1, tiles=tile_list(group, shown.facedown))
                  for g, group in enumerate(shown.groups)]
        centre = Section(T("Central area"), (header_text(shown),
                                            *(groups or [T("No tiles in the centre yet.")])))
        return (centre,) + tuple(self._player_text(shown, p) for p in range(shown.players))

    @staticmethod
    def _player_text(shown, p: int) -> Section:
        ark, drawn = shown.arks[p], shown.drawn[p]
        items = [N("Ark ({n} tile): {tiles}", "Ark ({n} tiles): {tiles}", len(ark),
                   tiles=tile_list(ark)) if ark else T("Ark: empty"),
                 T("Food crates: {n}", n=shown.crates[p])]
        if drawn:
            items.append(T("Drawn: {tiles}", tiles=tile_list(drawn)))
        if shown.start_player == p and shown.phase != "setup":
            items.append(T("Start player"))
        if shown.resting[p]:
            items.append(T("Resting: out of this round"))
        if p in shown.announced:
            items.append(T("10 or more tiles in the ark"))
        name = player_label(p)
        heading = T("{player} (to move)", player=name) if shown.current_player == p else name
        return Section(heading, tuple(items))

    # -- picking -------------------------------------------------------------------------
    def selected_tiles(self) -> list[int]:
        """The real tile ids under the selected positions (from the full, unmasked state)."""
        groups = self.frame.state.groups
        return [groups[g][i] for (_, g, i) in sorted(self.pick.selected)
                if g < len(groups) and i < len(groups[g])]

    def set_selection(self, keys) -> None:
        self.pick = Pick(frozenset(keys))
        self._draw()

    def _clicked(self, key, x, y) -> None:
        if self.frame is None:
            return
        state = self.frame.state
        selected = self.pick.selected
        if key is None:
            if selected:
                self.set_selection(set())
            return
        kind = key[0]
        if kind == "group":
            self.set_selection(selected ^ {key})
        elif kind in ("group-label", "group-frame"):
            g = key[1]
            whole = {("group", g, i) for i in range(len(state.groups[g]))}
            self.set_selection(set() if selected == whole else whole)
        elif kind == "hand":
            _, p, i = key
            me = state.current_player
            if me is not None and p != me:   # someone else's tile: say whose, ask no engine
                self.app.message.info(T("That is {owner}'s drawn tile: {player} keeps one of "
                                        "their own.", owner=player_label(p),
                                        player=player_label(me)))
                return
            self.app.try_action(Keep(state.drawn[p][i]))

    def do_split(self) -> bool:
        tiles = self.selected_tiles()
        if not tiles:
            self.app.message.info(T("First click the tiles that should leave their group."))
            return False
        return self.app.try_action(Split(tiles))

    def do_take(self) -> bool:
        """Take the group(s) the selected tiles are in (the engine refuses more than one)."""
        state = self.frame.state
        tiles = self.selected_tiles()
        if not tiles:
            self.app.message.info(T("First click a tile or the label of the group to take."))
            return False
        groups = sorted({state.group_of(t) for t in tiles})
        return self.app.try_action(Take([t for g in groups for t in state.groups[g]]))
