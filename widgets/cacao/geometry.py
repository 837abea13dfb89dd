"""Cell <-> pixel geometry of the Cacao jungle grid (pure, no widgets).

The grid grows in every direction as tiles are placed, so the view is fitted to the board's
bounding box (plus the free cells around it) and can be zoomed and panned on top of that fit
(the shared viewport.py). Cells are (x, y) with y growing downwards, as in the engine.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..shared import viewport
from ..shared.viewport import Area

MIN_CELL = 28.0       # px: below this, tiles stop being readable; the view pans instead
MAX_CELL = 96.0       # px: a near-empty board does not blow up to giant tiles


@dataclass(frozen=True)
class Viewport:
    """Where cell (0, 0) lands (`ox`, `oy`: its top-left corner) and how big a cell is."""

    area: Area
    cell: float
    ox: float
    oy: float

    @property
    def pan_pixels(self) -> tuple[float, float]:
        """Board pixels per unit of pan, across and down: a cell each way."""
        return float(self.cell), float(self.cell)

    def rect(self, cell: tuple[int, int]) -> tuple[float, float, float, float]:
        """The cell's square (x, y, w, h) in CSS pixels."""
        return (self.ox + cell[0] * self.cell, self.oy + cell[1] * self.cell, self.cell, self.cell)

    def center(self, cell: tuple[int, int]) -> tuple[float, float]:
        x, y, s, _ = self.rect(cell)
        return x + s / 2, y + s / 2

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        """The cell under a pixel of the grid area (None outside the area)."""
        if not self.area.contains(px, py):
            return None
        return (math.floor((px - self.ox) / self.cell), math.floor((py - self.oy) / self.cell))

    def visible(self, cell: tuple[int, int], whole: bool = False) -> bool:
        """Whether the cell shows in the area (`whole`: entirely, not just a part of it)."""
        x, y, s, _ = self.rect(cell)
        a = self.area
        if whole:
            return a.x <= x and x + s <= a.x + a.w and a.y <= y and y + s <= a.y + a.h
        return x < a.x + a.w and a.x < x + s and y < a.y + a.h and a.y < y + s

    def clip(self, x: float, y: float, w: float, h: float
             ) -> tuple[float, float, float, float] | None:
        """A rectangle cut to the area (None when nothing of it is inside)."""
        a = self.area
        left, top = max(x, a.x), max(y, a.y)
        right, bottom = min(x + w, a.x + a.w), min(y + h, a.y + a.h)
        if right <= left or bottom <= top:
            return None
        return left, top, right - left, bottom - top


def bounds(cells) -> tuple[int, int, int, int]:
    """(min x, min y, max x, max y) of some cells; (0, 0, 1, 1) for none (the start tiles)."""
    cells = list(cells)
    if not cells:
        return (0, 0, 1, 1)
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return (min(xs), min(ys), max(xs), max(ys))


def fit(box: tuple[int, int, int, int], area: Area, zoom: float = 1.0,
        pan: tuple[float, float] = (0.0, 0.0), min_cell: float = MIN_CELL,
        max_cell: float = MAX_CELL) -> Viewport:
    """The viewport showing the cells of `box` centred in `area`, as large as fits.

    `zoom` multiplies the fitted cell size; `pan` moves the view by that many cells (positive x:
    the view moves right, so the board appears to move left)."""
    x0, y0, x1, y1 = box
    return Viewport(area, *viewport.fit((x0, y0, x1 + 1, y1 + 1), area, zoom, pan,
                                        smallest=min_cell, largest=max_cell))


def worker_marks(rect: tuple[float, float, float, float], side: int, count: int
                 ) -> list[tuple[float, float, float, float]]:
    """Rectangles for `count` workers along one side (0-3 = N E S W) inside a tile's square."""
    x, y, s, _ = rect
    if count <= 0:
        return []
    size = s * 0.16
    gap = s * 0.07
    inset = s * 0.06
    span = count * size + (count - 1) * gap
    start = (s - span) / 2
    marks = []
    for i in range(count):
        along = start + i * (size + gap)
        if side == 0:
            marks.append((x + along, y + inset, size, size))
        elif side == 1:
            marks.append((x + s - inset - size, y + along, size, size))
        elif side == 2:
            marks.append((x + s - along - size, y + s - inset - size, size, size))
        else:
            marks.append((x + inset, y + s - along - size, size, size))
    return marks


def edge_rect(rect: tuple[float, float, float, float], side: int, depth: float = 0.28
              ) -> tuple[float, float, float, float]:
    """The band along one side of a tile's square (where a click picks that side's workers)."""
    x, y, s, _ = rect
    d = s * depth
    return ((x, y, s, d), (x + s - d, y, d, s), (x, y + s - d, s, d), (x, y, d, s))[side]
