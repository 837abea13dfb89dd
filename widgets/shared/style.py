"""Page style for every app: one screen (board and rules side by side, the board fitted to the
space left), text readable on a projector, and a projector mode that makes it larger still.

The app fills the window (less the page's padding, --rx-above), its title line included; the
body row takes what the bar and the status line leave, and the board canvas scales into its
frame. The rules are in static/style.css.

Style sheets and page scripts (anywidget's `_esm` and `_css`) are files in a static/ folder
beside the module that uses them, shipped as package data: `STATIC / "name.js"` is what an
anywidget takes for a file, `style_tag` reads a style sheet as a `<style>` element for an HTML
widget, and `static_text` reads any of them as text.
"""
from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).parent / "static"


def static_text(name: str, beside: str | Path = __file__) -> str:
    """The text of file `name` in the static/ folder beside module file `beside` (default:
    widgets/shared/static/)."""
    return (Path(beside).parent / "static" / name).read_text(encoding="utf-8")


def style_tag(name: str, beside: str | Path = __file__) -> str:
    """Style sheet `name` (see `static_text`) as a `<style>` element."""
    return f"<style>\n{static_text(name, beside)}</style>\n"


CSS = style_tag("style.css")
