"""What to draw, as plain data: shapes per layer and clickable regions.

Game renderers build a `Scene` with pure functions (testable without a browser); the canvas
adapter in `canvas.py` and the SVG exporter in `svg.py` only translate it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Hashable

FONT_FAMILY = "'Noto Sans', 'Noto Sans CJK KR', 'Noto Sans KR', 'DejaVu Sans', sans-serif"
LAYERS = ("board", "pieces", "highlights")
# The turn marker, forced to text presentation (VS15): without it Chromium may draw "▶" from the
# colour-emoji font on one page load and from a text font on another.
TURN_MARK = "\u25b6\ufe0e"


@dataclass(frozen=True)
class Rect:
    """A (rounded) rectangle in CSS pixels; fill and/or stroke."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    radius: float = 0.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Polygon:
    """A closed polygon (or, with `closed=False`, a polyline) through `points` in CSS pixels;
    fill and/or stroke. Hexes and arrows need shapes a rectangle cannot give."""

    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    dash: tuple[float, ...] = ()
    closed: bool = True


@dataclass(frozen=True)
class Text:
    """One line of text; `max_width` lets the canvas squeeze it into a box."""

    x: float
    y: float
    text: str
    size: int = 16
    color: str = "#111111"
    bold: bool = False
    align: str = "left"          # left, center, right
    baseline: str = "middle"     # top, middle, alphabetic, bottom
    max_width: float | None = None

    @property
    def font(self) -> str:
        return f"{'bold ' if self.bold else ''}{self.size}px {FONT_FAMILY}"

    def scaled(self, factor: float) -> "Text":
        """The same text `factor` times larger (board labels in projector mode)."""
        return replace(self, size=max(1, round(self.size * factor)))


@dataclass(frozen=True)
class Region:
    """A clickable rectangle; `key` is what a click on it reports."""

    key: Hashable
    x: float
    y: float
    w: float
    h: float

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass
class Scene:
    """A full frame: size, shapes per layer (drawn in order) and hit regions (last wins)."""

    width: int
    height: int
    layers: dict[str, list] = field(default_factory=lambda: {name: [] for name in LAYERS})
    regions: list[Region] = field(default_factory=list)

    def add(self, layer: str, *shapes) -> None:
        self.layers[layer].extend(shapes)

    def texts(self) -> list[str]:
        return [s.text for shapes in self.layers.values() for s in shapes if isinstance(s, Text)]


def hit_test(regions: list[Region], x: float, y: float) -> Hashable | None:
    """The key of the topmost (last registered) region under (x, y), or None."""
    for region in reversed(regions):
        if region.contains(x, y):
            return region.key
    return None


def overlaps(a: Region | Rect, b: Region | Rect) -> bool:
    """Whether two rectangles share interior area (touching edges do not count)."""
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def text_color_on(fill: str) -> str:
    """Black or white, whichever reads better on `fill` (#rrggbb)."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    luminance = 0.299 * r + 0.587 * g + 0.114 * b
    return "#111111" if luminance > 140 else "#ffffff"
