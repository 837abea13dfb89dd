"""Where everything of a Cacao position goes on the canvas, in CSS pixels (pure, no widgets).

The renderer draws at these boxes, clicks are hit-tested against them, and tests (including the
browser test) compute where to click from them. Keys name positions, not tiles, so a player's
masked view and the open position share one geometry:
("hand", p, i) hand tile i of player p, ("display", i) display tile i, ("drawn", 0) the tile
drawn from the pile while filling, ("pile",) the jungle pile, ("row", p) player p's row,
("preview",) the chosen tile as it will be placed; the jungle grid is one area (see geometry.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..shared.scene import Region
from ..shared.viewport import FittedLayout
from .geometry import Area, bounds, fit

WIDTH, HEIGHT = 1120, 680             # one size for 2 to 4 players: the board never rescales
MARGIN = 14
TOP = 44                               # below the header line
AXIS_W, AXIS_H = 36, 22                # the grid's coordinates: row numbers left, columns above
GRID_SIDE = HEIGHT - TOP - AXIS_H - MARGIN
GRID = Area(MARGIN + AXIS_W, TOP + AXIS_H, GRID_SIDE, GRID_SIDE)
SIDE_X = GRID.x + GRID.w + 18          # right column: display, pile, chosen tile, player rows
SIDE_W = WIDTH - MARGIN - SIDE_X        # its width
TILE = 72                              # display / pile tiles and the chosen tile
TILE_GAP = 8
PILE_X = SIDE_X + 2 * (TILE + TILE_GAP) + 8
PREVIEW_X = PILE_X + TILE + 18
PREVIEW = TILE
ROW_GAP = 6
HAND = 52                              # hand tiles in a player's row (at most)
HAND_GAP = 6
HAND_X = SIDE_X + 8
VILLAGE_X = HAND_X + 3 * (HAND + HAND_GAP) + 8   # cacao, sun tokens and gold beside the hand
WATER_X = SIDE_X + 62                  # the water track along the row's foot
WATER_W = 34
WATER_H = 26
ROW_TEXT_SCALE = 1.25                  # a row's labels grow at most this much: no room for more


def line_height(text_scale: float = 1.0) -> int:
    """Room for one line of 16-18 px labels, grown with the text scale (projector mode)."""
    return round(22 * max(1.0, text_scale)) + 4


Box = Region  # a clickable place on the board


@dataclass
class Layout(FittedLayout):
    """The canvas's size, the grid's viewport (geometry.py) and the places beside it."""

    text_scale: float = 1.0     # labels this much larger (projector mode)
    hands: list[Box] = field(default_factory=list)
    display: list[Box] = field(default_factory=list)    # display tiles, or the drawn tile
    rows: list[Box] = field(default_factory=list)   # each: title band, hand band, water band
    pile: Box | None = None
    preview: Box | None = None

    def boxes(self) -> list:
        return self.hands + self.display + self.rows + [self.pile, self.preview]

    def cell_center(self, cell: tuple[int, int]) -> tuple[float, float]:
        return self.viewport.center(cell)


def board_box(state) -> tuple[int, int, int, int]:
    """The cells to fit: every tile on the board plus a ring of free cells around them."""
    x0, y0, x1, y1 = bounds(list(state.jungle) + list(state.workers))
    return (x0 - 1, y0 - 1, x1 + 1, y1 + 1)


MIN_EXTENT = 9     # cells each way a game's view is laid out for at least
GROWTH = 3         # beyond that it grows by this many cells at a time, so it rescales seldom


def union(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def game_extent(*states) -> tuple[int, int, int, int]:
    """The cells a game's view is fitted to: those of `states` (in a game, its step shown and
    its last step: tiles are never taken off the board, so that is the largest board the
    timeline reaches), within a view of MIN_EXTENT cells each way around the start tiles that
    grows by GROWTH cells on a side the board outgrows. A function of the positions alone: a
    link to a step draws exactly what stepping there drew, the board keeps one scale while
    stepping through a game, and playing on only ever zooms out, seldom."""
    box = None
    for state in states:
        box = board_box(state) if box is None else union(box, board_box(state))
    lo = -((MIN_EXTENT - 2) // 2)             # around the start tiles (0, 0) - (1, 1)
    hi = lo + MIN_EXTENT - 1
    view = [lo, lo, hi, hi]
    for i in (0, 1):                          # the low sides
        short = view[i] - box[i]
        if short > 0:
            view[i] -= -(-short // GROWTH) * GROWTH
    for i in (2, 3):                          # the high sides
        short = box[i] - view[i]
        if short > 0:
            view[i] += -(-short // GROWTH) * GROWTH
    return tuple(view)


@dataclass(frozen=True)
class RowBands:
    """A player's row, top to bottom: the title line, the hand (with cacao, sun and gold
    beside it) and the water track."""

    title_y: float
    hand_y: float
    hand: float          # the hand tiles' size
    water_y: float


def row_bands(row: Box, text_scale: float = 1.0) -> RowBands:
    title = line_height(min(max(1.0, text_scale), ROW_TEXT_SCALE))
    hand = min(HAND, row.h - title - WATER_H - 8)
    return RowBands(row.y, row.y + title, hand, row.y + title + hand + 4)


def layout(state, zoom: float = 1.0, pan: tuple[float, float] = (0.0, 0.0),
           width: int = WIDTH, text_scale: float = 1.0,
           extent: tuple[int, int, int, int] | None = None) -> Layout:
    """Boxes for `state` (a position or a player's view) with the grid fitted to `extent`
    (default: the state's own board, see `board_box`), zoomed and panned.

    The grid fills the left; the right column holds the display, the pile and the chosen tile
    above the players' rows. One size for every number of players, so that the board is shown
    as large as a 1280x800 page allows (its smallest text 16 px drawn, 11 px shown)."""
    k = max(1.0, float(text_scale))
    lay = Layout(int(width), HEIGHT, fit(extent or board_box(state), GRID, zoom, pan),
                 text_scale=k)
    top = TOP + line_height(k)
    if state.display:
        lay.display = [Box(("display", i), SIDE_X + i * (TILE + TILE_GAP), top, TILE, TILE)
                       for i in range(len(state.display))]
    elif state.drawn:
        lay.display = [Box(("drawn", 0), SIDE_X, top, TILE, TILE)]
    lay.pile = Box(("pile",), PILE_X, top, TILE, TILE)
    lay.preview = Box(("preview",), PREVIEW_X, top, PREVIEW, PREVIEW)
    rows_top = top + TILE + line_height(k) + 4      # a line for the supply under the tiles
    row_h = (HEIGHT - MARGIN - rows_top - 3 * ROW_GAP) / 4
    y = rows_top
    for p in range(state.players):
        row = Box(("row", p), SIDE_X, y, SIDE_W, row_h)
        lay.rows.append(row)
        bands = row_bands(row, k)
        for i in range(len(state.hands[p])):
            lay.hands.append(Box(("hand", p, i), HAND_X + i * (bands.hand + HAND_GAP),
                                 bands.hand_y, bands.hand, bands.hand))
        y += row_h + ROW_GAP
    return lay
