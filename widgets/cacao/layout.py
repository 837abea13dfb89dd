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
from .geometry import Area, Viewport, bounds, fit

WIDTH = 1100
MARGIN = 16
HEADER_H = 44
TOP = 52                               # below the header line
AXIS_W, AXIS_H = 32, 20                # the grid's coordinates: row numbers left, columns above
GRID = Area(MARGIN + AXIS_W, TOP + AXIS_H, 716 - AXIS_W, 540 - AXIS_H)
SIDE_X = GRID.x + GRID.w + 16          # right column: display, pile, chosen tile
SIDE_W = WIDTH - MARGIN - SIDE_X        # its width
TILE = 96                              # display / pile tiles
PREVIEW = 120
ROWS_TOP = GRID.y + GRID.h + 12
ROW_H = 100
ROW_GAP = 8
HAND_X = MARGIN + 220
HAND = 80
HAND_GAP = 8
VILLAGE_X = HAND_X + 3 * (HAND + HAND_GAP) + 16
WATER_W = 42


Box = Region  # a clickable place on the board


@dataclass
class Layout:
    width: int
    height: int
    viewport: Viewport
    text_scale: float = 1.0     # labels this much larger (projector mode)
    hands: list[Box] = field(default_factory=list)
    display: list[Box] = field(default_factory=list)    # display tiles, or the drawn tile
    rows: list[Box] = field(default_factory=list)
    pile: Box | None = None
    preview: Box | None = None

    def box(self, key: tuple) -> Box | None:
        for b in self.hands + self.display + self.rows + [self.pile, self.preview]:
            if b is not None and b.key == key:
                return b
        return None

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


def layout(state, zoom: float = 1.0, pan: tuple[float, float] = (0.0, 0.0),
           width: int = WIDTH, text_scale: float = 1.0,
           extent: tuple[int, int, int, int] | None = None) -> Layout:
    """Boxes for `state` (a position or a player's view) with the grid fitted to `extent`
    (default: the state's own board, see `board_box`), zoomed and panned."""
    height = ROWS_TOP + state.players * (ROW_H + ROW_GAP) + MARGIN - ROW_GAP
    lay = Layout(int(width), int(height), fit(extent or board_box(state), GRID, zoom, pan),
                 text_scale=max(1.0, float(text_scale)))
    top = TOP + 38
    if state.display:
        lay.display = [Box(("display", i), SIDE_X + i * (TILE + 8), top, TILE, TILE)
                       for i in range(len(state.display))]
    elif state.drawn:
        lay.display = [Box(("drawn", 0), SIDE_X, top, TILE, TILE)]
    lay.pile = Box(("pile",), SIDE_X + 2 * (TILE + 8), top, TILE, TILE)
    lay.preview = Box(("preview",), SIDE_X, top + TILE + round(60 * lay.text_scale), PREVIEW,
                      PREVIEW)
    y = ROWS_TOP
    for p in range(state.players):
        lay.rows.append(Box(("row", p), MARGIN, y, width - 2 * MARGIN, ROW_H))
        for i in range(len(state.hands[p])):
            lay.hands.append(Box(("hand", p, i), HAND_X + i * (HAND + HAND_GAP),
                                 y + (ROW_H - HAND) / 2, HAND, HAND))
        y += ROW_H + ROW_GAP
    return lay
