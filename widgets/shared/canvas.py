"""A Voila-safe board canvas: one ipycanvas Canvas, a buffer as sharp as the screen, full redraw
when a page attaches.

Draw commands sent before a browser is attached are lost, so nothing is drawn until the first
`client_ready`; every drawing is one batch that names its canvas first (ipycanvas' cached
"current canvas" is reset for it), encoded once and kept with its scene: a page that attaches
later (a visitor taking a preheated kernel, which made it before they came; a reload) is sent it
as it is. Shapes come from a `Scene` (see scene.py); this module only translates them.

Clicks are taken from a wrapper box (ipyevents), not from the canvas: ipycanvas focuses the canvas
on mouse-down, which scrolls a partly visible canvas and then measures the click against the
scrolled position, so the wrong tile would be hit. The canvas ignores the pointer (CSS in
style.py) and never takes focus, which also keeps the arrow keys for the timeline.

The board fits the space it has: the canvas fills its frame and the browser scales the drawing
into it (CSS `object-fit: contain`, anchored top left), so it refits whenever the window
changes without a round trip. A click is mapped back with the same scale, taken from the
frame's size that comes with the click.

The browser's cost of a step is pixels: every canvas it redraws is cleared and copied whole.
So the scene's layers are drawn in order on one canvas, all of them whenever one changes. A
MultiCanvas would send only the changed layers, but the page recomposites it for every layer
that changes (a clear and a copy of each layer, then a copy into the page): more pixels than
redrawing the unchanged shapes, and the board changes in most layers at most steps anyway.
For the same reason the buffer has as many pixels per board pixel as the screen has per CSS
pixel (between 1 and 2), reported by the page (`PixelRatio`): a 2x buffer on a 1x screen (a
projector) costs four times the pixels for no sharper picture. Until the page reports, the
buffer is 1x.
"""
from __future__ import annotations

import math
from typing import Callable, Hashable

import anywidget
import ipywidgets as w
import numpy as np
import traitlets
from ipycanvas import Canvas
from ipyevents import Event

from .ipycanvas_wire import (ARC_TO, BEGIN_PATH, CLOSE_PATH, FILL, FILL_RECT, FILL_TEXT,
                             LINE_TO, MOVE_TO, SET, STROKE, STROKE_RECT, attribute_code,
                             forget_current_canvas, held, recorded, send_recorded, sender)
from .models import shared_layout
from .scene import LAYERS, Polygon, Rect, Region, Scene, Text, hit_test
from .style import STATIC

MAX_SCALE = 2.0      # buffer pixels per board pixel on the sharpest screens
PICTURE_SCALE = 2.0  # a saved picture is as sharp as on the sharpest screen (for print)
PAPER = "#ffffff"    # a saved picture's background: what the page shows behind the canvas


def buffer_scale(pixel_ratio) -> float:
    """Buffer pixels per board pixel for a screen's devicePixelRatio: sharp, never more than
    the screen can show (a zoomed-out page) nor more than `MAX_SCALE` (phones report 3)."""
    ratio = _finite(pixel_ratio)
    if ratio is None:
        return 1.0
    return min(MAX_SCALE, max(1.0, ratio))


class PixelRatio(anywidget.AnyWidget):
    """The page's `devicePixelRatio`, sent when the page loads the model and again whenever it
    changes (browser zoom, a window moved to another screen). Needs no view of its own."""

    _esm = STATIC / "pixel_ratio.js"
    value = traitlets.Float(1.0).tag(sync=True)


def _rounded(send, canvas, r: Rect) -> None:
    rad = max(0.0, min(r.radius, r.w / 2, r.h / 2))
    x, y, w, h = r.x, r.y, r.w, r.h
    send(canvas, [BEGIN_PATH, [], 0])
    send(canvas, [MOVE_TO, [x + rad, y], 0])
    send(canvas, [ARC_TO, [x + w, y, x + w, y + h, rad], 0])
    send(canvas, [ARC_TO, [x + w, y + h, x, y + h, rad], 0])
    send(canvas, [ARC_TO, [x, y + h, x, y, rad], 0])
    send(canvas, [ARC_TO, [x, y, x + w, y, rad], 0])
    send(canvas, [CLOSE_PATH, [], 0])


def _path(send, canvas, p: Polygon) -> None:
    send(canvas, [BEGIN_PATH, [], 0])
    (x0, y0), *rest = p.points
    send(canvas, [MOVE_TO, [x0, y0], 0])
    for x, y in rest:
        send(canvas, [LINE_TO, [x, y], 0])
    if p.closed:
        send(canvas, [CLOSE_PATH, [], 0])


class _Pen:
    """Sets a canvas's style attributes only when they change, sending the command ipycanvas'
    own attribute setter sends without its traitlets validation and notification, which took
    40% of a redraw: the values come from Scenes (colours, numbers, fonts, alignments)."""

    def __init__(self, canvas):
        self.canvas = canvas
        self.send = sender(canvas)
        self.now: dict = {}

    def set(self, name: str, value) -> None:
        if self.now.get(name, _UNSET) != value:
            self.send(self.canvas, [SET, [attribute_code(self.canvas, name), value]])
            self.now[name] = value

    def dash(self, pattern) -> None:
        pattern = list(pattern)
        if self.now.get("dash", _UNSET) != pattern:
            self.canvas.set_line_dash(pattern)
            self.now["dash"] = pattern


_UNSET = object()


RECT_BATCH = 12   # rectangles: a shorter run costs the page more as arrays than as commands


class _Batch:
    """A run of polygons drawn alike (only filled, or only outlined), or of square-cornered
    rectangles only filled alike, sent as one batched ipycanvas command with its points as one
    binary array. The page draws each shape of it on its own, exactly as one by one, but a late
    Taluva island's ~6,000 path commands a step become ~2,000, and Indian Summer's long runs of
    filled cells one command each."""

    def __init__(self, canvas, pen: _Pen):
        self.canvas, self.pen = canvas, pen
        self.key = None
        self.points: list = []
        self.counts: list[int] = []

    @staticmethod
    def key_of(shape):
        """How a shape is drawn, if it can join a batch: a polygon only filled or only
        outlined (one both filled and outlined is drawn on its own, so that its outline stays
        over its own fill only), a square-cornered rectangle only filled; else None."""
        if isinstance(shape, Rect):
            return ("rects", shape.fill) if shape.fill and not shape.stroke \
                and not shape.radius else None
        if not isinstance(shape, Polygon) or len(shape.points) < 2:
            return None
        fill = shape.fill if shape.closed else None
        if bool(fill) == bool(shape.stroke):
            return None
        if fill:
            return ("fill", fill)
        return ("stroke" if shape.closed else "lines", shape.stroke, shape.line_width,
                tuple(shape.dash))

    def add(self, key, shape) -> None:
        """Add `shape` (batched as `key`), sending the run before it if it is drawn otherwise."""
        if key != self.key:
            self.flush()
            self.key = key
        points = [(shape.x, shape.y, shape.w, shape.h)] if key[0] == "rects" else shape.points
        self.points.extend(points)
        self.counts.append(len(points))

    def flush(self) -> None:
        if not self.counts:
            self.key = None
            return
        key, pen, canvas = self.key, self.pen, self.canvas
        points = np.asarray(self.points, dtype=np.float64)
        counts = np.asarray(self.counts, dtype=np.int32)
        if key[0] == "rects":
            pen.set("fill_style", key[1])
            if len(self.counts) < RECT_BATCH:
                send = pen.send
                for x, y, w, h in self.points:
                    send(canvas, [FILL_RECT, [x, y, w, h], 0])
            else:
                canvas.fill_rects(*(np.ascontiguousarray(points[:, i]) for i in range(4)))
        elif key[0] == "fill":
            pen.set("fill_style", key[1])
            canvas.fill_polygons(points, counts)
        else:
            pen.dash(key[3])
            pen.set("line_width", key[2])
            pen.set("stroke_style", key[1])
            if key[0] == "stroke":
                canvas.stroke_polygons(points, counts)
            else:
                canvas.stroke_line_segments(points, counts)
        self.key, self.points, self.counts = None, [], []


def _paint(pen: _Pen, canvas, s, fill, fill_command: int, stroke_command: int,
           rect: list | None = None) -> None:
    """Fill with `fill` (if any), then outline as `s` says (if it has a stroke): the path
    just sent, or with `rect` ([x, y, w, h]) the rectangle commands."""
    if fill:
        pen.set("fill_style", fill)
        pen.send(canvas, [fill_command, rect or ["nonzero"], 0])
    if s.stroke:
        pen.dash(s.dash)
        pen.set("line_width", s.line_width)
        pen.set("stroke_style", s.stroke)
        pen.send(canvas, [stroke_command, rect or [], 0])


def draw_shapes(canvas, shapes, text_scale: float = 1.0) -> None:
    """Send shapes to an ipycanvas Canvas (inside a hold); `text_scale` enlarges
    every text (projector mode), each still squeezed into its box by `max_width`. Runs of
    polygons drawn alike go as one batched command (`_Batch`), in the same order. Each command
    is sent as ipycanvas' own method sends it, straight to its manager: a late frame has
    ~3,000, and the method's look-ups took most of the time of drawing."""
    pen = _Pen(canvas)
    send = pen.send
    batch = _Batch(canvas, pen)
    for s in shapes:
        key = _Batch.key_of(s)
        if key is not None:
            batch.add(key, s)
            continue
        batch.flush()
        if isinstance(s, Rect) and not s.radius:
            _paint(pen, canvas, s, s.fill, FILL_RECT, STROKE_RECT, [s.x, s.y, s.w, s.h])
        elif isinstance(s, Rect):
            _rounded(send, canvas, s)
            _paint(pen, canvas, s, s.fill, FILL, STROKE)
        elif isinstance(s, Polygon):
            _path(send, canvas, s)
            _paint(pen, canvas, s, s.fill if s.closed else None, FILL, STROKE)
        elif isinstance(s, Text):
            pen.set("font", s.font if text_scale == 1.0 else s.scaled(text_scale).font)
            pen.set("fill_style", s.color)
            pen.set("text_align", s.align)
            pen.set("text_baseline", s.baseline)
            args = [s.text, s.x, s.y]
            if s.max_width is not None:      # as ipycanvas drops a trailing None
                args.append(s.max_width)
            send(canvas, [FILL_TEXT, args, 0])
    batch.flush()


def _finite(value) -> float | None:
    """A coordinate sent by the page as a float, or None for anything else: a text, a bool,
    NaN, an infinity or a number too large for a float (10**400 from a hostile page)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def shown_scale(frame_w: float, frame_h: float, width: float, height: float) -> float:
    """How much the browser scales a `width` x `height` drawing to fit a frame (object-fit:
    contain); 0 for a frame with no size."""
    if min(frame_w, frame_h, width, height) <= 0:
        return 0.0
    return min(frame_w / width, frame_h / height)


class BoardCanvas:
    """The board: a Canvas (class "rx-board") showing a `Scene`, reporting region clicks."""

    def __init__(self, width: int = 1100, height: int = 700):
        self.width, self.height = int(width), int(height)
        self.scale = 1.0           # buffer pixels per board pixel (see `buffer_scale`)
        self.widget = Canvas(width=self.width, height=self.height,
                             layout=shared_layout(width="100%", height="100%"))
        self.widget.add_class("rx-board")
        self.view = w.Box([self.widget])
        self.view.add_class("rx-board-frame")
        self.text_scale = 1.0
        # the board's own re-layout for a new text scale (it then calls `show`); without one,
        # texts are only drawn larger where they are
        self.relayout: Callable[[], None] | None = None
        self._pictures: set = set()   # picture canvases waiting for their pixels
        self._clicks = Event(source=self.view, watched_events=["click"])
        self._clicks.on_dom_event(self._on_dom_click)
        self.scene = Scene(self.width, self.height)
        self.ready = False
        self.redraws = 0          # drawings sent (for tests and benchmarks)
        self.encoded = 0          # drawings encoded (a drawing sent again is not encoded again)
        self._drawn: dict[str, list] = {}
        # the scene's full drawing, encoded, for each (buffer scale, text scale) it was made at
        self._batches: dict[tuple[float, float], list] = {}
        self._batches_of: dict[str, list] | None = None
        self._click_handlers: list[Callable[[Hashable | None, float, float], None]] = []
        self.widget.on_client_ready(self._on_client_ready)
        self.pixel_ratio = PixelRatio()
        self.pixel_ratio.observe(lambda change: self.set_scale(buffer_scale(change["new"])),
                                 names="value")

    # -- showing -------------------------------------------------------------------------
    def show(self, scene: Scene) -> None:
        """Make `scene` the current frame; sends it only if it changed."""
        resized = (scene.width, scene.height) != (self.width, self.height)
        self.scene = scene
        if resized:
            self.width, self.height = scene.width, scene.height
            self._size_buffer()
        if self.ready:
            self.redraw(full=resized)

    def set_scale(self, scale: float) -> None:
        """Draw with `scale` buffer pixels per board pixel from now on (repaints)."""
        if scale == self.scale:
            return
        self.scale = float(scale)
        self._size_buffer()
        if self.ready:
            self.redraw(full=True)

    def _size_buffer(self) -> None:
        """Size the buffer for `scale`; the browser blanks a resized canvas."""
        scale = self.scale
        width, height = round(scale * self.width), round(scale * self.height)
        if (width, height) != (self.widget.width, self.widget.height):
            self.widget.width, self.widget.height = width, height
            self._drawn = {}

    def redraw(self, full: bool = True) -> None:
        """Send the scene if it is not the one drawn (always, when `full`): every layer, in
        order, as one batch that names the canvas first (so a page attached later draws it)."""
        layers = self.scene.layers
        if not full and all(self._drawn.get(name, []) == layers[name] for name in LAYERS):
            return
        send_recorded(self.drawing(), self.widget)
        self._drawn = {name: list(layers[name]) for name in LAYERS}
        self.redraws += 1

    def drawing(self, scale: float | None = None) -> list:
        """The scene's full drawing at `scale` buffer pixels per board pixel (default: the
        buffer's), encoded as `send_recorded` sends it. Kept while the same scene is shown (a
        board makes a new one for every change), so a page that attaches (a visitor taking a
        preheated kernel, a reload) is sent the drawing made before it came, without drawing
        or encoding anything."""
        scale = self.scale if scale is None else float(scale)
        layers = self.scene.layers
        if self._batches_of is not layers:     # a scene is made anew for every change
            self._batches, self._batches_of = {}, layers
        key = (scale, self._draw_text_scale())
        batch = self._batches.get(key)
        if batch is None:
            forget_current_canvas()       # the batch names its canvas first
            with recorded() as batch:
                self.widget.set_transform(scale, 0, 0, scale, 0, 0)
                self.widget.clear()
                draw_shapes(self.widget, [s for name in LAYERS for s in layers[name]],
                            key[1])
            self._batches[key] = batch
            self.encoded += 1
        return batch

    def prepare(self) -> None:
        """Make the scene's drawing ahead, before any page attaches (a preheated kernel): for
        a 1x and for the sharpest screen, whichever the page reports."""
        for scale in {self.scale, MAX_SCALE}:
            self.drawing(scale)

    def _on_client_ready(self) -> None:
        self.ready = True
        self._drawn = {}   # a new page's canvases start blank
        self.redraw(full=True)

    def set_text_scale(self, scale: float) -> None:
        """Enlarge every board text (projector mode): the board lays itself out again for the
        larger labels (`relayout`) and shows the new scene."""
        if scale != self.text_scale:
            self.text_scale = float(scale)
            if self.relayout is not None:
                self.relayout()
            elif self.ready:
                self.redraw(full=True)

    def _draw_text_scale(self) -> float:
        """Texts are drawn as the scene gives them once the board lays them out itself."""
        return 1.0 if self.relayout is not None else self.text_scale

    # -- picture -------------------------------------------------------------------------
    def request_picture(self, deliver: Callable[[bytes], None]) -> bool:
        """Ask the page for the board as PNG, at `PICTURE_SCALE` on paper; `deliver(png_bytes)`
        is called when it arrives. False when no page shows the board yet.

        The picture is drawn on a canvas of its own that no view shows, so the board on screen
        neither flickers nor changes size. That canvas sends its pixels after each drawing
        (`sync_image_data` on from the start), and its first drawing is the whole picture: the
        first pixels that arrive are the picture, never a blank canvas."""
        if not self.ready:
            return False
        width, height = self.width, self.height
        shapes = [Rect(0, 0, width, height, fill=PAPER),
                  *(s for name in LAYERS for s in self.scene.layers[name])]
        text_scale = self._draw_text_scale()
        canvas = Canvas(width=round(PICTURE_SCALE * width), height=round(PICTURE_SCALE * height),
                        sync_image_data=True)
        self._pictures.add(canvas)

        def draw() -> None:
            with held():
                canvas.set_transform(PICTURE_SCALE, 0, 0, PICTURE_SCALE, 0, 0)
                draw_shapes(canvas, shapes, text_scale)

        def arrived(change) -> None:
            data = change["new"]
            if not data or canvas not in self._pictures:
                return
            self._pictures.discard(canvas)
            canvas.sync_image_data = False   # before closing: later batches may still name it
            canvas.close()
            forget_current_canvas(canvas)
            deliver(bytes(data))

        canvas.observe(arrived, names="image_data")
        canvas.on_client_ready(draw)
        return True

    # -- clicking ------------------------------------------------------------------------
    def on_click(self, handler: Callable[[Hashable | None, float, float], None]) -> None:
        """Call `handler(region_key_or_None, x, y)` (CSS pixels) for every click."""
        self._click_handlers.append(handler)

    def point(self, event) -> tuple[float, float] | None:
        """Where a pointer event from the page (ipyevents: page pixels relative to the frame's
        top-left corner, and the frame's size) lies on the board, in board pixels; None for
        anything else, a value that is not a finite number included (the page is untrusted)."""
        if not isinstance(event, dict):
            return None
        values = [_finite(event.get(k)) for k in ("relativeX", "relativeY", "boundingRectWidth",
                                                  "boundingRectHeight")]
        if None in values:
            return None
        x, y, frame_w, frame_h = values
        scale = shown_scale(frame_w, frame_h, self.width, self.height)
        return (x / scale, y / scale) if scale > 0 else None

    def _on_dom_click(self, event) -> None:
        """A click on the frame, where the drawing is shown scaled to fit the frame."""
        at = self.point(event)
        if at is not None:
            self.click(*at)

    def click(self, x: float, y: float) -> Hashable | None:
        """A click at CSS pixel (x, y): hit-test and notify; returns the region key hit."""
        if not (0 <= x <= self.width and 0 <= y <= self.height):
            return None
        key = hit_test(self.scene.regions, x, y)
        for handler in self._click_handlers:
            handler(key, x, y)
        return key

    def region(self, key: Hashable) -> Region | None:
        for r in self.scene.regions:
            if r.key == key:
                return r
        return None
