"""What to draw, as plain data: shapes per layer and clickable regions.

Game renderers build a `Scene` with pure functions (testable without a browser); the canvas
adapter in `canvas.py` and the SVG exporter in `svg.py` only translate it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Hashable

FONT_FAMILY = "'Noto Sans', 'Noto Sans CJK KR', 'Noto Sans KR', 'DejaVu Sans', sans-serif"
LAYERS = ("board", "pieces", "highlights")
# The turn marker, forced to text presentation (VS15): without it Chromium may draw "▶" from the
# colour-emoji font on one page load and from a text font on another.
TURN_MARK = "\u25b6\ufe0e"


@dataclass
class View:
    """Everything a frame shows besides the position, for every game's
    `draw.scene(state, view, lay)`: the legal moves by board position (`hints`, from the game's
    pick.py), what the person has picked so far (`pick`, the game's `Pick`), whether moves can
    be made from the frame (`playable`), the cell under the pointer (`hover`), whose view is
    shown (`viewer`, None: all open), on the scoring step the engine's score sheet (`sheet`),
    and where the move that led to the frame went when the position does not keep it (`last`:
    Cacao's last tile); `words` says a text (a message) in the page's language. A game reads
    the fields it draws; `hints` or `pick` left None stand for the game's empty ones (see
    `filled`)."""

    hints: object = None
    pick: object = None
    playable: bool = False
    hover: object = None
    viewer: int | None = None
    sheet: object = None
    last: object = None
    words: Callable[[object], str] = str

    def filled(self, hints: Callable[[], object], pick: Callable[[], object]) -> View:
        """This view with `hints()` and `pick()` where it has none."""
        if self.hints is not None and self.pick is not None:
            return self
        return replace(self, hints=self.hints if self.hints is not None else hints(),
                       pick=self.pick if self.pick is not None else pick())


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
    scales: bool = True          # grows with the scene's text scale (False: a mark on a tile)
    max_scale: float | None = None   # grows at most this much (a label with no room to grow)

    @property
    def font(self) -> str:
        return f"{'bold ' if self.bold else ''}{self.size}px {FONT_FAMILY}"

    def scaled(self, factor: float) -> "Text":
        """The same text `factor` times larger (board labels in projector mode)."""
        return replace(self, size=max(1, round(self.size * factor)))

    def box(self) -> tuple[float, float, float, float]:
        """Where the text is drawn (x, y, w, h), estimated: a generous width per character
        (CJK characters are square), cut to `max_width`; the height is the font size."""
        width = sum(self.size if ord(ch) >= 0x1100 else self.size * (0.64 if self.bold else 0.6)
                    for ch in self.text)
        if self.max_width is not None:
            width = min(width, self.max_width)
        x = {"center": self.x - width / 2, "right": self.x - width}.get(self.align, self.x)
        y = {"top": self.y, "bottom": self.y - self.size,
             "alphabetic": self.y - 0.8 * self.size}.get(self.baseline, self.y - self.size / 2)
        return x, y, width, float(self.size)


class Rectangle:
    """What a rectangle with `x`, `y`, `w`, `h` (CSS pixels) can say of itself: a clickable
    `Region` and a board's drawing `Area` (viewport.py) alike."""

    x: float
    y: float
    w: float
    h: float

    def contains(self, x: float, y: float) -> bool:
        """Whether (x, y) lies inside: the left and top edges in, the right and bottom out."""
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True)
class Region(Rectangle):
    """A clickable rectangle; `key` is what a click on it reports."""

    key: Hashable
    x: float
    y: float
    w: float
    h: float


class Places:
    """A layout's clickable places, found by key: a game's layout lists them in `boxes`."""

    def boxes(self) -> list:
        """Every place of the layout (None for one not laid out)."""
        return []

    def box(self, key: Hashable) -> Region | None:
        """The place whose key is `key` (the first such), or None."""
        return next((b for b in self.boxes() if b is not None and b.key == key), None)


@dataclass
class Scene:
    """A full frame: size, shapes per layer (drawn in order) and hit regions (last wins)."""

    width: int
    height: int
    layers: dict[str, list] = field(default_factory=lambda: {name: [] for name in LAYERS})
    regions: list[Region] = field(default_factory=list)
    text_scale: float = 1.0     # labels are drawn this much larger (projector mode)

    def add(self, layer: str, *shapes) -> None:
        """Add shapes to a layer; texts grow by `text_scale` (the layout has made room)."""
        if self.text_scale != 1.0:
            shapes = [s.scaled(min(self.text_scale, s.max_scale or self.text_scale))
                      if isinstance(s, Text) and s.scales else s for s in shapes]
        self.layers[layer].extend(shapes)

    def texts(self) -> list[str]:
        return [s.text for shapes in self.layers.values() for s in shapes if isinstance(s, Text)]


def label_boxes(scene: Scene) -> list[tuple[Text, tuple[float, float, float, float]]]:
    """Every text of `scene` that shows, with its estimated box (see `Text.box`), in drawing
    order; a text wholly under an opaque rectangle drawn later is left out (it is covered on
    purpose, as a temple's "6 / 3" by its result)."""
    shapes = [s for name in LAYERS for s in scene.layers[name]]
    found = []
    for i, s in enumerate(shapes):
        if not isinstance(s, Text):
            continue
        box = s.box()
        if not any(isinstance(c, Rect) and c.fill and not c.fill.startswith("rgba")
                   and _inside(box, (c.x, c.y, c.w, c.h)) and c.w > box[2] and c.h > box[3]
                   and not _inside((c.x, c.y, c.w, c.h), box) and c.w < scene.width
                   for c in shapes[i + 1:] if not isinstance(c, Text)):
            found.append((s, box))
    return found


def _inside(inner, outer) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return ox - 0.5 <= x and x + w <= ox + ow + 0.5 and oy - 0.5 <= y and y + h <= oy + oh + 0.5


def _overlap(a, b, slack: float = 0.5) -> bool:
    return (a[0] + slack < b[0] + b[2] and b[0] + slack < a[0] + a[2]
            and a[1] + slack < b[1] + b[3] and b[1] + slack < a[1] + a[3])


ICON_MAX = 40.0   # px: a filled rectangle no larger than this each way is an icon (a token)


def label_clashes(scene: Scene) -> list[tuple[str, str]]:
    """Pairs of things that collide in `scene`: two labels whose boxes overlap, or a label that
    covers part of an icon (a small filled rectangle) without lying wholly on it. Each pair is
    named by its texts (an icon as "icon@x,y")."""
    labels = label_boxes(scene)
    clashes = []
    for i, (a, box_a) in enumerate(labels):
        for b, box_b in labels[i + 1:]:
            if _overlap(box_a, box_b):
                clashes.append((a.text, b.text))
    icons = [s for name in LAYERS for s in scene.layers[name]
             if isinstance(s, Rect) and s.fill and s.w <= ICON_MAX and s.h <= ICON_MAX]
    for text, box in labels:
        for icon in icons:
            rect = (icon.x, icon.y, icon.w, icon.h)
            if _overlap(box, rect, 1.0) and not _inside(box, rect):
                clashes.append((text.text, f"icon@{icon.x:g},{icon.y:g}"))
    return clashes


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
