"""Each player's shape (circle, square, triangle, diamond) as a scene polygon (pure), drawn on
their pieces and beside their name, so whose a piece is reads without its colour: under a
colour-blindness emulation two players' colours may show as the same grey, their shapes do not.
"""
from __future__ import annotations

import math

from .scene import Polygon

INK = "#111111"
RIM = "#ffffff"

# unit outlines, one per player (radius 1 around the centre)
MARKS = (tuple((math.cos(a * math.pi / 6), math.sin(a * math.pi / 6)) for a in range(12)),
         ((-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8)),
         ((0.0, -1.0), (0.95, 0.75), (-0.95, 0.75)),
         ((0.0, -1.1), (1.0, 0.0), (0.0, 1.1), (-1.0, 0.0)))


def player_mark(cx: float, cy: float, r: float, owner: int, line_width: float = 1.5) -> Polygon:
    """Player `owner`'s shape at (cx, cy), `r` its radius: dark with a white rim, so it shows
    on any piece, tile or ground (points rounded to 0.1 px)."""
    return Polygon(tuple((round(cx + x * r, 1), round(cy + y * r, 1)) for x, y in MARKS[owner]),
                   fill=INK, stroke=RIM, line_width=line_width)
