"""Where everything of a Taluva position goes on the canvas, in CSS pixels (pure, no widgets).

The island takes the left part, fitted (zoomed, panned) by geometry.fit; the right column shows
the drawn tile, the stack and each player's supply. The renderer draws at these places, clicks
are hit-tested against them, and tests (including the browser test) compute where to click
from them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..shared.scene import Region
from ..shared.viewport import FittedLayout
from .geometry import Area, fit, ring_around

WIDTH, HEIGHT = 960, 640
MARGIN = 10
HEADER_H = 40
ISLAND = Area(MARGIN, HEADER_H, 650, HEIGHT - HEADER_H - MARGIN)
SIDE_X = ISLAND.x + ISLAND.w + 14
SIDE_W = WIDTH - SIDE_X - MARGIN
PREVIEW = Area(SIDE_X, HEADER_H + 30, 150, 130)    # the drawn tile, turned as chosen
ROWS_TOP = PREVIEW.y + PREVIEW.h + 56
ROW_H = 74
ROW_GAP = 8

Box = Region  # a clickable place on the board


@dataclass
class Layout(FittedLayout):
    """The canvas's size, the island's viewport (geometry.py) and the places beside it."""

    preview: Box = None
    rows: list[Box] = field(default_factory=list)
    text_scale: float = 1.0       # labels this much larger (projector mode)
    side_w: float = SIDE_W        # the right column's width
    side_x: float = SIDE_X        # and where it starts
    info_h: float = PREVIEW.h     # the text beside the drawn tile (or the expansion choices)
    stack_y: float = ROWS_TOP - 32   # the line about the stack, below them

    def hex_centre(self, h) -> tuple[float, float]:
        return self.viewport.centre(h)

    def boxes(self) -> list:
        return [self.preview, *self.rows]


def island_hexes(state) -> set:
    """The hexes to fit: the island and the two rings of sea where the drawn tile may go."""
    return ring_around(state.hexes)


def row_h(text_scale: float = 1.0) -> float:
    """A player's row: name (17 px), supply left and a note (15 px), one line each."""
    return max(ROW_H, round(19 + 47 * text_scale))


def layout(state, zoom: float = 1.0, pan: tuple[float, float] = (0.0, 0.0),
           width: int = WIDTH, text_scale: float = 1.0) -> Layout:
    """Places for `state` (a position or a player's view) with the island fitted, zoomed and
    panned. With `text_scale` above 1 (projector mode) the right column is wider (the island
    narrower) and its lines further apart, the canvas taller if they need it."""
    scale = max(1.0, float(text_scale))
    side_w = round(SIDE_W * scale)
    island_w = ISLAND.w - (side_w - SIDE_W)     # the canvas keeps its width
    side_x = ISLAND.x + island_w + 14
    info_h = round(PREVIEW.h * scale)
    stack_y = PREVIEW.y + info_h + round(24 * scale)
    rows_top = stack_y + round(32 * scale)
    h = row_h(scale)
    height = max(HEIGHT, round(rows_top + state.players * (h + ROW_GAP) - ROW_GAP + MARGIN))
    island = Area(ISLAND.x, ISLAND.y, island_w, height - HEADER_H - MARGIN)
    lay = Layout(int(width), int(height), fit(island_hexes(state), island, zoom, pan),
                 text_scale=scale, side_w=side_w, side_x=side_x, info_h=info_h,
                 stack_y=stack_y)
    lay.preview = Box(("preview",), side_x, PREVIEW.y, PREVIEW.w, PREVIEW.h)
    y = rows_top
    for p in range(state.players):
        lay.rows.append(Box(("row", p), side_x, y, side_w, h))
        y += h + ROW_GAP
    return lay
