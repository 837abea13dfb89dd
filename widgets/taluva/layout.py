"""Where everything of a Taluva position goes on the canvas, in CSS pixels (pure, no widgets).

The island takes the left part, fitted (zoomed, panned) by geometry.fit; the right column shows
the drawn tile, the stack and each player's supply. The renderer draws at these places, clicks
are hit-tested against them, and tests (including the browser test) compute where to click
from them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..shared.scene import Region
from .geometry import Area, Viewport, fit, ring_around

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
class Layout:
    width: int
    height: int
    viewport: Viewport
    preview: Box = None
    rows: list[Box] = field(default_factory=list)

    def hex_centre(self, h) -> tuple[float, float]:
        return self.viewport.centre(h)

    def box(self, key: tuple) -> Box | None:
        for b in [self.preview, *self.rows]:
            if b is not None and b.key == key:
                return b
        return None


def island_hexes(state) -> set:
    """The hexes to fit: the island and the two rings of sea where the drawn tile may go."""
    return ring_around(state.hexes)


def layout(state, zoom: float = 1.0, pan: tuple[float, float] = (0.0, 0.0),
           width: int = WIDTH) -> Layout:
    """Places for `state` (a position or a player's view) with the island fitted, zoomed and
    panned."""
    lay = Layout(int(width), HEIGHT, fit(island_hexes(state), ISLAND, zoom, pan))
    lay.preview = Box(("preview",), PREVIEW.x, PREVIEW.y, PREVIEW.w, PREVIEW.h)
    y = ROWS_TOP
    for p in range(state.players):
        lay.rows.append(Box(("row", p), SIDE_X, y, SIDE_W, ROW_H))
        y += ROW_H + ROW_GAP
    return lay
