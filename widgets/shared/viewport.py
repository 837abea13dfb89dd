"""Zoom, pan and fit for a board that grows in every direction (Cacao's grid, Taluva's island):
pure maths, no widgets.

A board is drawn in its own units (cells, hex sizes) at a `scale` (CSS pixels per unit) inside
an `Area` of the canvas. `fit` chooses the scale that shows the board's extent whole, then
multiplies it by the zoom and moves the view by the pan; the zoom and pan buttons
(view_buttons.py) and the touch gestures (gestures.py) only change the zoom and the pan.

The pan is counted in pan steps of the board's own (a cell; a hex's width across and a row
down), `unit` of them in board units, so an arrow press moves the view by whole cells or hexes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .scene import Places, Rectangle

ZOOM_STEP = 1.25           # one press of + or -
ZOOM_RANGE = (0.4, 3.0)    # the smallest and largest zoom on the fitted scale
PAN_STEP = 2               # pan units (cells, hexes) one arrow press moves the view
FIT = (1.0, (0.0, 0.0))    # the (zoom, pan) that shows the whole board


@dataclass(frozen=True)
class Area(Rectangle):
    """A rectangle of the canvas in CSS pixels."""

    x: float
    y: float
    w: float
    h: float


@dataclass
class FittedLayout(Places):
    """Where things go on a canvas around a board fitted into an area: the canvas's size and
    the board's viewport (the game's own, from `fit`)."""

    width: int
    height: int
    viewport: object


def clamp_zoom(zoom: float) -> float:
    """`zoom` within ZOOM_RANGE."""
    return max(ZOOM_RANGE[0], min(ZOOM_RANGE[1], float(zoom)))


def fit(extent: tuple[float, float, float, float], area: Area, zoom: float = 1.0,
        pan: tuple[float, float] = (0.0, 0.0), unit: tuple[float, float] = (1.0, 1.0),
        smallest: float = 0.0, largest: float = math.inf) -> tuple[float, float, float]:
    """(scale, ox, oy): the pixels per board unit and where board point (0, 0) lands, so that
    `extent` (left, top, right, bottom, in board units) is centred in `area`, as large as fits
    between `smallest` and `largest` pixels per unit (then pans rather than shrinks), times the
    zoom; `pan` moves the view by that many `unit`s (positive x: the view moves right, so the
    board appears to move left)."""
    left, top, right, bottom = extent
    fitted = max(smallest, min(area.w / (right - left), area.h / (bottom - top), largest))
    scale = fitted * clamp_zoom(zoom)
    cx = ((left + right) / 2 + pan[0] * unit[0]) * scale
    cy = ((top + bottom) / 2 + pan[1] * unit[1]) * scale
    return scale, area.x + area.w / 2 - cx, area.y + area.h / 2 - cy


def zoomed(zoom: float, inward: bool) -> float:
    """The zoom after one press of + (`inward`) or of -, before clamping."""
    return zoom * ZOOM_STEP if inward else zoom / ZOOM_STEP


def panned(pan: tuple[float, float], dx: int, dy: int) -> tuple[float, float]:
    """The pan after pressing an arrow that moves the view `dx`, `dy` steps (PAN_STEP units)."""
    return (pan[0] + dx * PAN_STEP, pan[1] + dy * PAN_STEP)


def pinched(zoom: float, pan: tuple[float, float], area: Area, pixels: tuple[float, float],
            before: tuple[float, float], after: tuple[float, float], ratio: float):
    """The (zoom, pan) after fingers moved from board pixel `before` to `after` while their
    spread grew by `ratio`: zoomed about them (clamped), the board point under them before
    still under them after. `pixels`: board pixels per pan unit across and down at `zoom`.
    None when that cannot be said (no size, a result that is not finite)."""
    unit_x, unit_y = pixels
    if unit_x <= 0 or unit_y <= 0 or ratio <= 0 or zoom <= 0:
        return None
    new = clamp_zoom(zoom * ratio)
    grown = new / zoom
    cx, cy = area.x + area.w / 2, area.y + area.h / 2
    # a point's place is the area's centre + (its position - the view's centre) * scale (`fit`)
    moved = (pan[0] + (before[0] - cx) / unit_x - (after[0] - cx) / (unit_x * grown),
             pan[1] + (before[1] - cy) / unit_y - (after[1] - cy) / (unit_y * grown))
    if not all(math.isfinite(v) for v in moved):
        return None
    return new, moved
