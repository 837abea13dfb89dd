"""Where everything of an Animals on Board position goes, in CSS pixels (pure, no widgets).

The renderer draws at these boxes, clicks are hit-tested against them, and tests (including the
browser test) compute where to click from them. Keys name positions, not tiles, so a player's
masked view and the open position share one geometry:
("group", g, i) tile i of central group g, ("group-label", g) / ("group-frame", g) that group,
("ark", p, i) tile i in player p's ark, ("hand", p, i) drawn tile i of player p, ("row", p) the row.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..shared.scene import Region

WIDTH = 1100
MARGIN = 16
HEADER_H = 44
SECTION_H = 30
CARD_W, CARD_H = 74, 96          # central tiles
ARK_W, ARK_H = 64, 84            # tiles in arks and hands
GAP = 6
GROUP_PAD = 8
GROUP_LABEL_H = 50
GROUP_GAP = 18
GROUP_MIN_W = 2 * GROUP_PAD + 2 * CARD_W + GAP
ROW_LABEL_W = 230
ROW_MIN_H = 100
ROW_GAP = 8
HAND_LABEL_W = 74
EMPTY_CENTRE_H = 64


@dataclass(frozen=True)
class Box(Region):
    """A clickable place on the board; `tile` is the tile drawn there, if any."""

    tile: int | None = None


@dataclass
class Layout:
    width: int
    height: int = 0
    tiles: list[Box] = field(default_factory=list)    # group, ark and hand tiles
    groups: list[Box] = field(default_factory=list)   # group frames
    labels: list[Box] = field(default_factory=list)   # group label bands (click: whole group)
    rows: list[Box] = field(default_factory=list)     # one per player
    centre: Box | None = None
    arks_top: float = 0
    hand_x: float | None = None                        # where the "drawn" column starts

    def box(self, key: tuple) -> Box | None:
        for b in self.tiles + self.groups + self.labels + self.rows:
            if b.key == key:
                return b
        return None

    def boxes_of_tile(self, tile: int) -> list[Box]:
        return [b for b in self.tiles if b.tile == tile]


def _group_size(n: int, max_cols: int) -> tuple[int, int, int]:
    cols = max(1, min(n, max_cols))
    lines = max(1, math.ceil(n / cols))
    w = max(GROUP_MIN_W, 2 * GROUP_PAD + cols * CARD_W + (cols - 1) * GAP)
    h = GROUP_LABEL_H + lines * CARD_H + (lines - 1) * GAP + GROUP_PAD
    return cols, w, h


def layout(state, width: int = WIDTH) -> Layout:
    """The CSS-pixel box of every group, tile and ark row of `state` for a canvas `width` wide."""
    lay = Layout(width=int(width))
    inner = width - 2 * MARGIN
    max_cols = max(1, (inner - 2 * GROUP_PAD + GAP) // (CARD_W + GAP))
    top = HEADER_H + SECTION_H
    x, y, row_h = MARGIN, top, 0
    for g, group in enumerate(state.groups):
        cols, gw, gh = _group_size(len(group), max_cols)
        if x > MARGIN and x + gw > width - MARGIN:
            x, y, row_h = MARGIN, y + row_h + GROUP_GAP, 0
        lay.groups.append(Box(("group-frame", g), x, y, gw, gh))
        lay.labels.append(Box(("group-label", g), x, y, gw, GROUP_LABEL_H))
        for i, tile in enumerate(group):
            cx = x + GROUP_PAD + (i % cols) * (CARD_W + GAP)
            cy = y + GROUP_LABEL_H + (i // cols) * (CARD_H + GAP)
            lay.tiles.append(Box(("group", g, i), cx, cy, CARD_W, CARD_H, tile))
        x += gw + GROUP_GAP
        row_h = max(row_h, gh)
    centre_bottom = y + row_h if state.groups else top + EMPTY_CENTRE_H
    lay.centre = Box(("centre",), MARGIN, top, inner, centre_bottom - top)

    y = centre_bottom + 12 + SECTION_H
    lay.arks_top = y - SECTION_H
    hands = any(state.drawn)
    tiles_x = MARGIN + ROW_LABEL_W + 8
    right = width - MARGIN - 8
    if hands:
        hand_w = HAND_LABEL_W + 3 * (ARK_W + GAP)
        lay.hand_x = right - hand_w
        right = lay.hand_x - 12
    per_line = max(1, (right - tiles_x + GAP) // (ARK_W + GAP))
    for p in range(state.players):
        ark = state.arks[p]
        lines = max(1, math.ceil(len(ark) / per_line))
        h = max(ROW_MIN_H, 16 + lines * ARK_H + (lines - 1) * GAP)
        lay.rows.append(Box(("row", p), MARGIN, y, inner, h))
        for i, tile in enumerate(ark):
            tx = tiles_x + (i % per_line) * (ARK_W + GAP)
            ty = y + 8 + (i // per_line) * (ARK_H + GAP)
            lay.tiles.append(Box(("ark", p, i), tx, ty, ARK_W, ARK_H, tile))
        for i, tile in enumerate(state.drawn[p]):
            tx = lay.hand_x + HAND_LABEL_W + i * (ARK_W + GAP)
            lay.tiles.append(Box(("hand", p, i), tx, y + 8, ARK_W, ARK_H, tile))
        y += h + ROW_GAP
    lay.height = int(y + MARGIN - ROW_GAP)
    return lay
