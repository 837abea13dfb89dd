"""Hex <-> pixel geometry of the Taluva island (pure, no widgets).

Hexes are the engine's axial (q, r), drawn pointy-top with y growing downwards (see
explorer/taluva/board.py). The island grows in every direction, so the view is fitted to the
island plus the two rings of sea where a tile may still go, and can be zoomed and panned on top
of that fit (the shared viewport.py), as the Cacao grid is.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from explorer.taluva.board import hex_centre, neighbours

from ..shared import viewport
from ..shared.viewport import Area

SQRT3 = math.sqrt(3.0)
MIN_SIZE = 14.0       # px (centre to corner): smaller hexes stop being readable; pan instead
MAX_SIZE = 46.0       # px: the first tile does not blow up to giant hexes
SEA_RINGS = 2         # a tile reaches two hexes beyond the island
PAN_UNIT = (SQRT3, 1.5)   # a pan step in hex sizes: a hex's width across, a row down

Hex = tuple[int, int]


@lru_cache(maxsize=64)
def corner_offsets(size: float) -> tuple[tuple[float, float], ...]:
    """The six corners of a pointy-top hex round its centre, clockwise from the upper right
    (corner k sits between neighbour directions k-1 and k of the engine's order). Kept per
    size: a late island asks for them ~760 times a step, in a few sizes."""
    return tuple((size * math.cos(math.radians(60 * k - 30)),
                  size * math.sin(math.radians(60 * k - 30))) for k in range(6))


def direction_angle(direction: int) -> float:
    """Screen angle in degrees (clockwise from east, y down) of neighbour direction 0-5."""
    return 60.0 * (direction % 6)


def lava_angle(rotation: int) -> float:
    """Screen angle of a volcano's lava: the corner between its two landscapes."""
    return direction_angle(rotation) + 30.0


def hex_round(fq: float, fr: float) -> Hex:
    """The hex holding fractional axial coordinates (cube rounding)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return (int(q), int(r))


@dataclass(frozen=True)
class Viewport:
    """Where hex (0, 0)'s centre lands (`ox`, `oy`) and how big a hex is (centre to corner)."""

    area: Area
    size: float
    ox: float
    oy: float

    @property
    def pan_pixels(self) -> tuple[float, float]:
        """Board pixels per unit of pan, across and down: a hex's width, a row."""
        return PAN_UNIT[0] * self.size, PAN_UNIT[1] * self.size

    def centre(self, h: Hex) -> tuple[float, float]:
        x, y = hex_centre(h)
        return self.ox + x * self.size, self.oy + y * self.size

    def corners(self, h: Hex, inset: float = 0.0) -> list[tuple[float, float]]:
        """The hex's corners in CSS pixels, `inset` pixels inside its outline."""
        cx, cy = self.centre(h)
        return [(cx + dx, cy + dy) for dx, dy in corner_offsets(max(0.0, self.size - inset))]

    def hex_at(self, px: float, py: float) -> Hex | None:
        """The hex under a pixel of the island area (None outside the area)."""
        if not self.area.contains(px, py):
            return None
        x, y = (px - self.ox) / self.size, (py - self.oy) / self.size
        fr = y / 1.5
        fq = x / SQRT3 - fr / 2
        return hex_round(fq, fr)

    def visible(self, h: Hex, whole: bool = False) -> bool:
        """Whether the hex shows in the area (`whole`: entirely, not just a part of it)."""
        cx, cy = self.centre(h)
        hw, hh = self.size * SQRT3 / 2, self.size
        a = self.area
        if whole:
            return a.x <= cx - hw and cx + hw <= a.x + a.w and a.y <= cy - hh and cy + hh <= a.y + a.h
        return cx + hw > a.x and cx - hw < a.x + a.w and cy + hh > a.y and cy - hh < a.y + a.h


def ring_around(hexes, rings: int = SEA_RINGS) -> set[Hex]:
    """`hexes` and every hex at most `rings` steps from them ((0, 0) for an empty island)."""
    found = set(hexes) or {(0, 0)}
    edge = set(found)
    for _ in range(rings):
        edge = {n for h in edge for n in neighbours(h)} - found
        found |= edge
    return found


def extent(hexes) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the hexes' outlines, in hex-size units."""
    xs, ys = zip(*(hex_centre(h) for h in hexes))
    hw = SQRT3 / 2
    return (min(xs) - hw, min(ys) - 1.0, max(xs) + hw, max(ys) + 1.0)


def fit(hexes, area: Area, zoom: float = 1.0, pan: tuple[float, float] = (0.0, 0.0),
        min_size: float = MIN_SIZE, max_size: float = MAX_SIZE) -> Viewport:
    """The viewport showing `hexes` centred in `area`, as large as fits.

    `zoom` multiplies the fitted hex size; `pan` moves the view by that many hex widths
    (positive x: the view moves right, so the island appears to move left)."""
    return Viewport(area, *viewport.fit(extent(hexes), area, zoom, pan, PAN_UNIT,
                                        smallest=min_size, largest=max_size))


def edge_corners(direction: int) -> tuple[int, int]:
    """The two corners (indexes into `corners`) bounding a hex's edge towards neighbour
    `direction`."""
    return direction % 6, (direction + 1) % 6
