"""A `Scene` as an inline SVG string: gallery thumbnails built from the same drawing data."""
from __future__ import annotations

from html import escape

from .scene import FONT_FAMILY, LAYERS, Polygon, Rect, Scene, Text

_ANCHOR = {"left": "start", "center": "middle", "right": "end"}
_BASELINE = {"top": "hanging", "middle": "central", "alphabetic": "alphabetic", "bottom": "text-after-edge"}


def _attr(value) -> str:
    return escape(str(value), quote=True)


def named_svg(svg: str, name: str) -> str:
    """`svg` (markup that starts with its `<svg ...>` tag) as a picture named `name`: the name
    is its `aria-label` (what a screen reader says, and a link around it is called) and its
    `<title>` (the tooltip). A picture that has a name already keeps it."""
    if not name or not svg.startswith("<svg") or "aria-label=" in svg.split(">", 1)[0]:
        return svg
    tag, rest = svg.split(">", 1)
    if "role=" not in tag:
        tag += ' role="img"'
    return f'{tag} aria-label="{_attr(name)}"><title>{escape(name)}</title>{rest}'


def scene_to_svg(scene: Scene, width: int | None = None, layers=LAYERS, name: str = "") -> str:
    """SVG markup of `scene`, scaled to `width` CSS pixels (default: natural size), named
    `name` (text in the page's language, e.g. the game and its step) for assistive
    technology; a picture without a name should be given one (`named_svg`) before it is shown."""
    width = width or scene.width
    height = round(scene.height * width / scene.width)
    label = f' aria-label="{_attr(name)}"' if name else ""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {scene.width} {scene.height}" role="img"{label}>']
    if name:
        parts.append(f"<title>{escape(name)}</title>")
    for name in layers:
        for s in scene.layers[name]:
            if isinstance(s, Rect):
                dash = f' stroke-dasharray="{",".join(map(str, s.dash))}"' if s.dash else ""
                parts.append(
                    f'<rect x="{s.x:g}" y="{s.y:g}" width="{s.w:g}" height="{s.h:g}" rx="{s.radius:g}" '
                    f'fill="{_attr(s.fill or "none")}" stroke="{_attr(s.stroke or "none")}" '
                    f'stroke-width="{s.line_width:g}"{dash}/>')
            elif isinstance(s, Polygon):
                dash = f' stroke-dasharray="{",".join(map(str, s.dash))}"' if s.dash else ""
                tag = "polygon" if s.closed else "polyline"
                points = " ".join(f"{x:g},{y:g}" for x, y in s.points)
                fill = s.fill if s.closed and s.fill else "none"
                parts.append(
                    f'<{tag} points="{points}" fill="{_attr(fill)}" '
                    f'stroke="{_attr(s.stroke or "none")}" stroke-width="{s.line_width:g}"{dash}/>')
            elif isinstance(s, Text):
                squeeze = (f' textLength="{s.max_width:g}" lengthAdjust="spacingAndGlyphs"'
                           if s.max_width and len(s.text) * s.size * 0.6 > s.max_width else "")
                parts.append(
                    f'<text x="{s.x:g}" y="{s.y:g}" font-size="{s.size}" '
                    f'font-family="{_attr(FONT_FAMILY)}" font-weight="{"bold" if s.bold else "normal"}" '
                    f'fill="{_attr(s.color)}" text-anchor="{_ANCHOR.get(s.align, "start")}" '
                    f'dominant-baseline="{_BASELINE.get(s.baseline, "alphabetic")}"{squeeze}>'
                    f'{escape(s.text)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def played_picture(state, scene, view, width: int | None = None, bot=None, until=None) -> str:
    """A gallery picture drawn by a game's own renderer: `state`, played on by `bot` (its
    `choose(state)`) until `until(state)` holds, as the SVG of `scene(state, view(state))`
    scaled to `width` CSS pixels (`view` gives the drawn position's hints, pick and words)."""
    if bot is not None:
        while not until(state):
            state = state.apply(bot.choose(state))
    return scene_to_svg(scene(state, view(state)), width=width)
