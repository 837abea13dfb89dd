"""The Animals on Board board view: canvas drawing plus the move picker.

Clicks only collect what the person points at; every move goes to the engine through
`play` (shared/board.py), which shows the engine's refusal (reason + rule) for an illegal one.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w

from explorer.animals_on_board import Keep, Split, Take
from explorer.animals_on_board import components as C
from explorer.messages import N, T

from ..shared.board import BoardView
from ..shared.board_text import Section
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


class AnimalsBoard(BoardView):
    """Canvas (class rx-board) + the controls of controls.py (Split / Take / Clear buttons:
    rx-split, rx-take, rx-clear). No shortcuts of its own beyond the shell's."""

    Pick, Hints, move_hints = Pick, Hints, staticmethod(move_hints)

    def __init__(self, width: int = WIDTH):
        super().__init__(width, 600)
        self.clicks = {"group": self._group_clicked, "group-label": self._whole_group_clicked,
                       "group-frame": self._whole_group_clicked, "hand": self._hand_clicked}
        self.controls = Controls(split=self.do_split, take=self.do_take,
                                 clear=lambda: self.set_selection(set()))
        c = self.controls   # the tests and the page reach the buttons on the board too
        self.split, self.take, self.clear, self.status = c.split, c.take, c.clear, c.status
        self.note = c.note
        self.widget = w.VBox([c.tools, self.canvas.view, c.note])

    # -- showing (a new frame drops the selection) ----------------------------------------
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
    # the cursor (`preview`) outlines what its action names; the tiles selected by clicks stay
    # as they are, so Split and Take still act on them
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
        self.select(selected=frozenset(keys))

    def _clicked_off(self) -> None:
        if self.pick.selected:
            self.set_selection(set())

    def _group_clicked(self, key, x, y) -> None:
        self.set_selection(self.pick.selected ^ {key})

    def _whole_group_clicked(self, key, x, y) -> None:
        g = key[1]
        whole = {("group", g, i) for i in range(len(self.frame.state.groups[g]))}
        self.set_selection(set() if self.pick.selected == whole else whole)

    def _hand_clicked(self, key, x, y) -> None:
        state = self.frame.state
        _, p, i = key
        me = state.current_player
        if me is not None and p != me:   # someone else's tile: say whose, ask no engine
            self.tell(T("That is {owner}'s drawn tile: {player} keeps one of their own.",
                        owner=player_label(p), player=player_label(me)))
            return
        self.play(Keep(state.drawn[p][i]))

    def do_split(self) -> bool:
        tiles = self.selected_tiles()
        if not tiles:
            self.tell(T("First click the tiles that should leave their group."))
            return False
        return self.play(Split(tiles))

    def do_take(self) -> bool:
        """Take the group(s) the selected tiles are in (the engine refuses more than one)."""
        state = self.frame.state
        tiles = self.selected_tiles()
        if not tiles:
            self.tell(T("First click a tile or the label of the group to take."))
            return False
        groups = sorted({state.group_of(t) for t in tiles})
        return self.play(Take([t for g in groups for t in state.groups[g]]))
