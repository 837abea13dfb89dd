"""The Indian Summer board view: the canvas, the pointer preview and the move picker.

Clicks, keys and buttons only collect what the person points at (a tile and how it is turned,
a cell, an animal, a token action); every move goes to the engine through `play`
(shared/board.py), which shows the engine's refusal (reason and rule) for an illegal one.
"""
from __future__ import annotations

import ipywidgets as w

from explorer.indian_summer import Refill
from explorer.indian_summer import components as C
from explorer.indian_summer.board import animal_cells, complete_areas, leaf_cells, printed_treasure
from explorer.indian_summer.geometry import cells_of
from explorer.messages import N, T

from ..shared.board import BoardView
from ..shared.board_text import Section, Table
from ..shared.timeline import SCORING, player_label
from .controls import SQUIRREL_CHOICE, Controls
from .draw import PATH_TITLES, View, header_text, scene, strip_tiles
from .layout import HEIGHT, WIDTH, layout
from .pick import ANIMAL, LEAF, NUT, SQUIRREL, Hints, Pick, first_pick, fitting, move_hints

HOVER_WAIT_MS = 50
GROUPS = {"squirrel": T("Lay a squirrel from the supply as this turn's tile action"),
          "nut": T("Spend a nut: a squirrel at once"),
          "refill": T("Refill the empty path from the chosen end"),
          "exchange": T("Exchange"), "mushroom": T("Spend a mushroom"),
          "feather": T("Spend a feather"), "end": T("End the turn")}


def cell_words(floor) -> dict:
    """What lies on each covered cell of `floor`, in words: leaves by tile name, holes with
    the token or animal on them, squirrels."""
    said = {}
    animals = {}
    for kind, o, x, y in floor.animals:
        for c in animal_cells(kind, o, x, y):
            animals[c] = C.animal_name(C.ALL_KINDS[kind].name)
    under_animal = set(cells_of(floor.animal_mask))
    tokens = dict(floor.tokens)
    for tile, o, x, y in floor.leaves:
        cells, hole = leaf_cells(tile, o, x, y)
        name = C.tile_name(tile)
        for c in cells:
            said[c] = T("leaf {tile}", tile=name)
        what = (C.token_name(tokens[hole]) if hole in tokens
                else animals.get(hole, T("an animal")) if hole in under_animal
                else T("nothing (bare earth)"))
        said[hole] = T("{tile} hole: {what}", tile=name, what=what)
    for c in floor.squirrels:
        said[tuple(c)] = T("squirrel")
    return said


def floor_text(shown, p: int) -> Section:
    """Player `p`'s board as a table (row by row, as the canvas numbers them), its completed
    areas, path and backpack."""
    floor = shown.floors[p]
    said = cell_words(floor)
    board = C.ALL_LAYOUTS[floor.layout]
    rows = []
    for y in range(C.HEIGHT):
        cells = []
        for x in range(C.WIDTH):
            treasure = printed_treasure(floor.layout, (x, y))
            cells.append(said.get((x, y)) or (T("empty, {token} printed",
                                                token=C.token_name(treasure))
                                              if treasure else T("empty")))
        rows.append((T("Row {y}", y=y), *cells))
    items = []
    for i in complete_areas(floor):
        area = board.areas[i]
        xs, ys = [x for x, _ in area], [y for _, y in area]
        items.append(T("Area {area} complete: columns {columns}, rows {rows}", area=i + 1,
                       columns=f"{min(xs)}–{max(xs)}", rows=f"{min(ys)}–{max(ys)}"))
    items.append(T("Path: {tiles}", tiles=C.names(shown.paths[p])))
    items.append(T("Backpack: {tokens}", tokens=tuple(
        C.token_count(k, n) for k, n in zip(C.TOKENS, shown.backpacks[p]))))
    player = player_label(p)
    table = Table(T("Cells of {player}'s board, by row and column", player=player),
                  (T("Row"),) + tuple(T("Column {x}", x=x) for x in range(C.WIDTH)),
                  tuple(rows))
    heading = N("{player}'s board {board} · {n} empty cell",
                "{player}'s board {board} · {n} empty cells", floor.empty_cells,
                player=player, board=board.name)
    return Section(heading, tuple(items), table)


def supply_text(shown) -> Section:
    """Whose turn it is, the supply, the forest (or the solo paths) and the animal stacks."""
    items = [header_text(shown),
             T("Supply: {tokens}", tokens=tuple(C.token_count(k, shown.supply(k))
                                                for k in C.TOKENS)
               + (T("{n} squirrels", n=shown.squirrel_supply),))]
    if shown.solo:
        items += [T("{path}: {tiles}", path=PATH_TITLES[name], tiles=C.names(tiles))
                  for name, tiles in (("upper", shown.upper), ("lower", shown.lower))]
    else:
        items.append(T("Forest circle: {n} tiles, {aside} set aside", n=len(shown.forest),
                       aside=len(shown.set_aside)))
    items.append(T("Animal stacks: {stacks}", stacks=tuple(
        T("{animal} ({left} left)", animal=C.animal_name(kind.name), left=left)
        for kind, left in zip(C.ANIMALS, shown.animals_left))))
    return Section(T("Turn and supply"), tuple(items))


class IndianSummerBoard(BoardView):
    """Canvas (class rx-board) plus the controls of controls.py; `.keys` turn (R, E / Q) and
    flip (F) the tile being laid; the cell under the pointer is `hover`."""

    Pick, Hints, move_hints = Pick, Hints, staticmethod(move_hints)

    def __init__(self):
        super().__init__(WIDTH, HEIGHT, hover_wait=HOVER_WAIT_MS)
        self.keys = {**self._turn_keys(), "f": self.flip, "F": self.flip}
        self.clicks = {"board": self._board_clicked, "strip": self._strip_clicked,
                       "preview": lambda key, x, y: self.rotate(1),
                       "mini": lambda key, x, y: self.look_at(key[1]),
                       "animal": self._animal_clicked,
                       "solo-end": lambda key, x, y: self._solo_end(key[1], key[2])}
        self.focus: int | None = None      # a board chosen to look at (until the next step)
        self.controls = Controls(choose=self.choose, animal_kind=self.choose_animal,
                                 nut=self.nut_mode, animal=self.animal_mode,
                                 turn=lambda: self.rotate(1), flip=self.flip, act=self.act,
                                 state=lambda: self.frame.state)
        self.widget = w.VBox([self.controls.widget, self.canvas.view])

    # -- showing -------------------------------------------------------------------------
    def _start_frame(self) -> None:
        """A new step also goes back to the board of the player to move."""
        self.focus = None
        super()._start_frame()

    def fresh_pick(self) -> Pick:
        return first_pick([C.tile_name(t) for t in strip_tiles(self.frame.state)], self.hints)

    def _sync_controls(self) -> None:
        """After the board (two dozen small messages on a turn's first step)."""
        state = self.frame.state
        strip = [C.tile_name(t) for t in strip_tiles(state)]
        self.controls.sync(state, self.hints, self.pick, self.playable, strip)

    def _draw(self) -> None:
        state = self.frame.state
        shown = state.view(self.viewer)
        focus = self.focus if self.focus is not None else state.current_player
        if focus is None:
            focus = 0
        self.layout = layout(shown, focus, strip=len(strip_tiles(shown)),
                             text_scale=self.canvas.text_scale)
        sheet = state.score() if self.frame.kind == SCORING else None
        hover = self.hover if self.cursor is None else self.cursor   # the keyboard's wins
        view = View(self.hints, self.pick, self.playable, hover, self.viewer, sheet,
                    words=self.say)
        self.canvas.show(scene(shown, view, self.layout))

    # -- the keyboard and the screen reader -----------------------------------------------
    def preview(self, action) -> None:
        """Draw `action` as the keyboard cursor (None: none) on the acting player's board:
        the pointer's ghost of what it lays, outlined. The pick stays as the controls show
        it, so a click still lays what they say."""
        if self.frame is not None and action is not None:
            self.focus = None   # its place is on the board of the player to move
        super().preview(action)

    def move_group(self, action):
        """Placements by tile and animals by kind (a turn has some 2,000 placements); every
        other kind of move in a group of its own."""
        kind = action.kind
        if kind == "place":
            leaf = C.LEAVES[C.TILE_BY_NAME[action.tile]]
            return N("Lay {tile} ({colour}, {n} cell, one hole)",
                     "Lay {tile} ({colour}, {n} cells, one hole)", len(leaf.cells),
                     tile=action.tile, colour=C.colour_name(leaf.colour))
        if kind == "animal":
            return T("Lay the {animal}", animal=C.animal_name(action.animal))
        if kind == "berry":
            return (T("Spend a berry: take tiles from the chosen end of a path (to 5, or a 6th)")
                    if action.path else T("Spend a berry: refill the path to 5 (with 5, a 6th "
                                          "tile)"))
        return GROUPS.get(kind, kind)

    def board_text(self, state, viewer: int | None) -> tuple:
        """Every player's board as a table of cells, with their path and backpack, then the
        supply and the animal stacks, as `viewer` sees them."""
        shown = state.view(viewer)
        return tuple(floor_text(shown, p) for p in range(len(shown.floors))) + (
            supply_text(shown),)

    # -- picking -------------------------------------------------------------------------
    def choose(self, value) -> None:
        """A tile of the path (by name) or the squirrel, from the buttons or the strip."""
        if self.frame is None or value is None:
            return
        if value == SQUIRREL_CHOICE:
            self.pick = Pick(SQUIRREL, rotation=self.pick.rotation, flipped=self.pick.flipped)
        elif value in C.TILE_BY_NAME:
            self.pick = Pick(LEAF, tile=value, rotation=self.pick.rotation,
                             flipped=self.pick.flipped)
        self.redraw()

    def choose_animal(self, name) -> None:
        if self.frame is None or name not in C.ANIMAL_BY_NAME:
            return
        self.pick = fitting(Pick(ANIMAL, animal=name), self.hints)
        self.redraw()

    def animal_mode(self, name) -> None:
        """The "Lay animal" button: clicks on the board lay the animal in the dropdown. Pressed
        again it keeps that animal (a path tile or the squirrel is how to stop laying it)."""
        if self.frame is None:
            return
        if self.pick.mode == ANIMAL and self.pick.animal == name:
            return
        self.choose_animal(name)

    def nut_mode(self, on: bool) -> None:
        """The "Nut: squirrel" toggle: the next click on the board places a squirrel for a nut."""
        if self.frame is None:
            return
        self.pick = Pick(NUT) if on else self.fresh_pick()
        self.redraw()

    def can_turn(self) -> bool:
        """A leaf or an animal turns by quarter turns (and flips)."""
        return self.pick.shape() is not None

    def flip(self) -> None:
        if self.frame is not None and self.can_turn():
            self.select(flipped=not self.pick.flipped)

    def look_at(self, player: int) -> None:
        """Draw `player`'s board large (until the next step)."""
        self.focus = player
        self._draw()

    # -- moves ---------------------------------------------------------------------------
    def act(self, action) -> bool:
        if self.frame is None or self.refuse_unplayable():
            return False
        return self.play(action)

    def lay_at(self, cell) -> bool:
        """Lay the pick on `cell` of the acting player's board (the engine decides)."""
        state = self.frame.state
        acting = state.current_player
        if self.refuse_unplayable():
            return False
        if acting is not None and self.layout.focus != acting:
            self.tell(T("This is {owner}'s board; {player} is playing: click their small board "
                        "to go back.", owner=player_label(self.layout.focus),
                        player=player_label(acting)))
            return False
        action = self.pick.action_at(cell)
        if action is None:
            self.tell(T("First choose a tile from the path, a squirrel or an animal."))
            return False
        return self.act(action)

    def _board_clicked(self, key, x, y) -> None:
        cell = self.spot_at(x, y)
        if cell is not None:
            self.lay_at(cell)

    def _strip_clicked(self, key, x, y) -> None:
        tiles = strip_tiles(self.frame.state)
        if key[1] < len(tiles) and self.playable:
            self.choose(C.tile_name(tiles[key[1]]))

    def _animal_clicked(self, key, x, y) -> None:
        name = C.ANIMALS[key[1]].name
        if name in self.hints.animals:
            self.choose_animal(name)
        elif self.playable:
            self.tell(T("The {animal} fits nowhere now: an animal needs connected empty holes "
                        "in its shape. {why}", animal=C.animal_name(name),
                        why=self.controls.tip_of(self.controls.animal)))

    def _solo_end(self, path: str, end: str) -> None:
        """An end of a solo path: refills an empty path; otherwise chooses where a berry takes
        from."""
        state = self.frame.state
        if state.phase == "refill":
            self.act(Refill(path, end))
            return
        sources = [v for _, v in self.controls.source.options]
        if (path, end) in sources:
            self.controls.source.value = (path, end)
            self.redraw()

    # -- the pointer: the preview of the pick under it -----------------------------------
    def spot_at(self, x: float, y: float):
        return self.layout.cell_at(x, y)
