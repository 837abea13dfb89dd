"""Touch gestures on a zoomable board (Taluva, Cacao): one finger drags the view, two fingers
pinch to zoom about the point between them. The board's zoom and pan buttons stay; this only
gives a touch screen the gestures it expects.

`Gestures(board)` puts a small anywidget (no size, nothing drawn) into the board's frame
(`.rx-board-frame`). It listens there to touch pointers and sends each change of the view to
Python as the fingers' centre before and after and the spread's ratio, in CSS pixels of the
frame; Python turns that into the board's own zoom and pan (viewport.py's `pinched`, then
`board.set_view(zoom, pan)`; pan is in the board's units: hexes for Taluva, cells for Cacao).
The point under the fingers stays under them.

A tap stays a click: nothing is prevented on a touch that does not move (the board's clicks
come from ipyevents on the frame). Only after a drag or a pinch is the click the browser may
still send swallowed, so a drag never plays a move. The frame takes `touch-action: none`, so a
drag on the board pans the board rather than scrolling the page.
"""
from __future__ import annotations

import anywidget

from .canvas import _finite, shown_scale
from .style import static_text
from .viewport import pinched

SEND_MS = 80              # at most one view change per this many ms while the fingers move
SLOP_PX = 10              # a touch that moves less is a tap


def pan_units(viewport) -> tuple[float, float]:
    """Board pixels per unit of pan, across and down: a Cacao cell, or for Taluva a hex's
    width across and a row (1.5 hex sizes) down (each game's `Viewport.pan_pixels`)."""
    return viewport.pan_pixels


def view_after(board, gesture: dict):
    """The (zoom, pan) a gesture leads to from the board's current view, or None when it
    cannot say (no layout yet, a value that is not a finite number: the page is untrusted).

    `gesture`: the fingers' centre before (`x0`, `y0`) and after (`x1`, `y1`) and the spread's
    ratio (`scale`, 1 for a drag), in CSS pixels of the frame, whose size is `w` x `h`."""
    if not isinstance(gesture, dict) or getattr(board, "layout", None) is None:
        return None
    values = [_finite(gesture.get(k)) for k in ("x0", "y0", "x1", "y1", "scale", "w", "h")]
    if None in values:
        return None
    x0, y0, x1, y1, ratio, frame_w, frame_h = values
    canvas = board.canvas
    shown = shown_scale(frame_w, frame_h, canvas.width, canvas.height)
    if shown <= 0:
        return None
    viewport = board.layout.viewport
    return pinched(board.zoom, board.pan, viewport.area, pan_units(viewport),
                   (x0 / shown, y0 / shown), (x1 / shown, y1 / shown), ratio)


class Gestures(anywidget.AnyWidget):
    """Drag and pinch on `board`'s frame (class rx-gestures; see the module's text)."""

    _esm = f"const SEND_MS = {SEND_MS}, SLOP = {SLOP_PX};\n" + static_text("gestures.js")

    def __init__(self, board, **kwargs):
        super().__init__(**kwargs)
        self._board = board
        self.views = 0        # view changes made (for tests)
        self.add_class("rx-gestures")
        self.on_msg(self._on_msg)
        frame = board.canvas.view
        frame.children = (*frame.children, self)

    def _on_msg(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict) or content.get("type") != "view":
            return
        view = view_after(self._board, content)
        if view is not None:
            self.views += 1
            self._board.set_view(*view)
