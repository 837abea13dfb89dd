"""The drawn pieces of Taluva as scene shapes (pure): hex faces with terrain and level, lava
arrows, tile outlines, settlement outlines and building glyphs.

Every piece reads without colour too: each terrain has a letter, each level a number and a
thicker rim, each building kind its own outline (house, temple front, crenellated tower).
"""
from __future__ import annotations

import math

from explorer.taluva.board import neighbours
from explorer.messages import T

from ..shared.player_marks import MARKS, player_mark  # noqa: F401  (each player's shape)
from ..shared.scene import Polygon, Text, text_color_on
from .geometry import Viewport, edge_corners, lava_angle

# terrain -> (fill, letter); the letter is the terrain's initial in the page's language (each
# language keeps them apart: Korean 정 빈 모 바 호, Hungarian D Ti H Sz Tó)
TERRAIN_STYLE = {
    "jungle": ("#2e7d32", T("J")),
    "clearing": ("#aed581", T("C")),
    "sand": ("#f6d38a", T("S")),
    "rock": ("#a1a1a1", T("R")),
    "lake": ("#4fa8e0", T("L")),
    "volcano": ("#4e342e", ""),
}
PLAYER_COLOURS = ("#fafafa", "#d32f2f", "#fbc02d", "#8d6e63")   # white, red, yellow, brown
INK = "#111111"
EDGE = "#263238"
RIM = "rgba(33, 18, 8, 0.55)"
LAVA = "#ff5722"
SHADOW = "#37474f"


def rgba(colour: str, alpha: float) -> str:
    """'#rrggbb' as an rgba() string (ghost previews are see-through)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r}, {g}, {b}, {alpha:g})"


def _pts(points) -> tuple[tuple[float, float], ...]:
    """Points rounded to 0.1 px: shorter messages to the page, no visible change."""
    return tuple((round(x, 1), round(y, 1)) for x, y in points)


def hex_polygon(vp: Viewport, h, inset: float = 0.0, **style) -> Polygon:
    return Polygon(_pts(vp.corners(h, inset)), **style)


def hex_face(vp: Viewport, h, terrain: str, level: int, alpha: float = 1.0,
             show_level: bool = True, letter: str | None = None) -> list:
    """One island hex: terrain colour, a rim that thickens with the level, the terrain letter
    (`letter`, as the page says it; English when not given) and the level number (the shadow
    below is `hex_shadow`)."""
    fill, english = TERRAIN_STYLE[terrain]
    letter = str(english) if letter is None else letter
    s = vp.size
    shapes = [hex_polygon(vp, h, fill=fill if alpha == 1.0 else rgba(fill, alpha), stroke=EDGE,
                          line_width=1)]
    rim = rim_width(level, s)
    if rim:
        shapes.append(hex_polygon(vp, h, inset=rim / 2 + 1, stroke=RIM, line_width=rim))
    cx, cy = vp.centre(h)
    ink = text_color_on(fill)
    if s < LABELS_FROM:   # too small for readable labels: the colour and the rim tell
        return shapes
    if letter:
        shapes.append(Text(cx, cy + s * 0.56, letter, size=label_size(s, 0.3), color=ink,
                           bold=True, align="center", scales=False))
    if show_level:
        shapes.append(Text(cx, cy - s * 0.56, str(level), size=label_size(s, 0.3), color=ink,
                           bold=level > 1, align="center", scales=False))
    return shapes


def rim_width(level: int, size: float) -> float:
    """How thick a hex's rim is drawn at `level`: none at sea level, thicker each level up."""
    return 0.0 if level <= 1 else min(size * 0.3, size * 0.09 * (level - 1) + 1.5)


MIN_LABEL = 15   # px: shown at 11 px or more on a 1280 x 800 screen (the board at 0.76)
LABELS_FROM = 30  # px hex size: below it a hex's letter and level would run into its neighbours'


def label_size(size: float, share: float) -> int:
    return max(MIN_LABEL, int(round(size * share)))


def hex_shadow(vp: Viewport, h, level: int) -> Polygon:
    """A shadow below and right of a hex, deeper for a higher stack."""
    depth = 1.5 + 2.0 * level
    cx, cy = vp.centre(h)
    corners = [(x + depth * 0.5, y + depth) for x, y in vp.corners(h)]
    return Polygon(_pts(corners), fill=SHADOW)


def lava_arrow(vp: Viewport, h, rotation: int, colour: str = LAVA) -> Polygon:
    """A triangle from the volcano's centre to the corner between its two landscapes."""
    cx, cy = vp.centre(h)
    a = math.radians(lava_angle(rotation))
    s = vp.size
    tip = (cx + math.cos(a) * s * 0.82, cy + math.sin(a) * s * 0.82)
    back = s * 0.28
    side = math.pi / 2
    left = (cx + math.cos(a + side) * back - math.cos(a) * back * 0.6,
            cy + math.sin(a + side) * back - math.sin(a) * back * 0.6)
    right = (cx + math.cos(a - side) * back - math.cos(a) * back * 0.6,
             cy + math.sin(a - side) * back - math.sin(a) * back * 0.6)
    return Polygon(_pts([tip, left, right]), fill=colour, stroke="#bf360c", line_width=1.5)


def edge_line(vp: Viewport, h, direction: int, **style) -> Polygon:
    corners = vp.corners(h)
    a, b = edge_corners(direction)
    return Polygon(_pts([corners[a], corners[b]]), closed=False, **style)


def outline(vp: Viewport, hexes, inside=None, **style) -> list[Polygon]:
    """The outer edges of a group of hexes (edges towards a hex not in `inside`, default the
    group itself): a tile's or a settlement's outline."""
    group = set(hexes)
    inside = group if inside is None else inside
    lines = []
    for h in sorted(group):
        for d, n in enumerate(neighbours(h)):
            if n not in inside:
                lines.append(edge_line(vp, h, d, **style))
    return lines


# -- buildings ----------------------------------------------------------------------------
_HUT = ((-1.0, 0.8), (1.0, 0.8), (1.0, -0.15), (0.0, -1.0), (-1.0, -0.15))
_TEMPLE = ((-1.25, 1.0), (1.25, 1.0), (1.25, 0.7), (0.95, 0.7), (0.95, -0.2), (1.25, -0.2),
           (0.0, -1.15), (-1.25, -0.2), (-0.95, -0.2), (-0.95, 0.7), (-1.25, 0.7))
_TOWER = ((-0.7, 1.1), (0.7, 1.1), (0.7, -0.75), (0.95, -0.75), (0.95, -1.2), (0.5, -1.2),
          (0.5, -0.95), (0.2, -0.95), (0.2, -1.2), (-0.2, -1.2), (-0.2, -0.95), (-0.5, -0.95),
          (-0.5, -1.2), (-0.95, -1.2), (-0.95, -0.75), (-0.7, -0.75))
GLYPHS = {"hut": _HUT, "temple": _TEMPLE, "tower": _TOWER}
LETTERS = {"hut": "", "temple": "T", "tower": "W"}


def building_glyph(cx: float, cy: float, unit: float, owner: int, kind: str, count: int = 1,
                   ghost: bool = False) -> list:
    """A player-coloured building at (cx, cy); huts show their count when more than one, a
    temple a T, a tower a W, so kinds read without their outline too."""
    colour = PLAYER_COLOURS[owner]
    pts = _pts((cx + x * unit, cy + y * unit) for x, y in GLYPHS[kind])
    shapes = [Polygon(pts, fill=rgba(colour, 0.55) if ghost else colour, stroke=INK,
                      line_width=1.5, dash=(4, 3) if ghost else ())]
    mark = str(count) if kind == "hut" and count > 1 else LETTERS[kind]
    if mark:
        shapes.append(Text(cx, cy + unit * 0.25, mark, size=label_size(unit, 1.2),
                           color=text_color_on(colour), bold=True, align="center", scales=False))
    shapes.append(player_mark(cx + unit * 0.9, cy - unit * 0.85, max(5.0, unit * 0.45), owner))
    return shapes
