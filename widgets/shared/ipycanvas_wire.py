"""The parts of ipycanvas' inside that the board relies on, in one place (ipycanvas 0.14).

ipycanvas has no public way to (a) send a drawing command without its per-call look-ups and
traitlets checks, which took most of a late frame's drawing time (~3,000 commands), (b) hold
commands in a batch and always switch batching off again when drawing fails, or (c) forget
which canvas its manager last drew on, so that a page attached later is told again which
canvas the next commands are for (a naive canvas is blank under Voila). Each use is here;
tests/test_ipycanvas_wire.py fails loudly when a new ipycanvas changes any of them.
"""
from __future__ import annotations

from contextlib import contextmanager

from ipycanvas import canvas as _ipycanvas
from ipycanvas.canvas import COMMANDS
from ipycanvas.utils import commands_to_buffer

# ipycanvas' command codes, sent as its own methods send them
BEGIN_PATH, MOVE_TO, LINE_TO, ARC_TO, CLOSE_PATH = (
    COMMANDS[name] for name in ("beginPath", "moveTo", "lineTo", "arcTo", "closePath"))
FILL, STROKE, FILL_RECT, STROKE_RECT, FILL_TEXT = (
    COMMANDS[name] for name in ("fill", "stroke", "fillRect", "strokeRect", "fillText"))
SET = COMMANDS["set"]


def sender(canvas):
    """`send(canvas, [code, args, buffers])`: what each drawing method of `canvas` calls."""
    return canvas._canvas_manager.send_command


def attribute_code(canvas, name: str) -> int:
    """The code of a style attribute ("fill_style", "font"...) for a SET command."""
    return canvas.ATTRS[name]


@contextmanager
def held():
    """`hold_canvas` that always switches batching off again, even when drawing fails."""
    manager = _ipycanvas._CANVAS_MANAGER
    was = manager._caching
    manager._caching = True
    try:
        yield
    finally:
        try:
            manager.flush()
        finally:
            manager._caching = was
            if not was:
                manager._commands_cache = []
                manager._buffers_cache = []


def forget_current_canvas(canvas=None) -> None:
    """Make the next command name its canvas again (any canvas, or only if it was `canvas`)."""
    manager = _ipycanvas._CANVAS_MANAGER
    if canvas is None or manager._current_canvas is canvas:
        manager._current_canvas = None


@contextmanager
def recorded():
    """Batch the commands sent inside the block and keep them instead of sending them: yields
    a list that holds, after the block, the batch as `send_recorded` sends it (its commands
    encoded once, as ipycanvas' flush encodes them). Nothing recorded reaches the page."""
    manager = _ipycanvas._CANVAS_MANAGER
    was = (manager._caching, manager._commands_cache, manager._buffers_cache,
           manager._current_canvas)
    manager._caching, manager._commands_cache, manager._buffers_cache = True, [], []
    batch: list = []
    try:
        yield batch
        if manager._commands_cache:
            metadata, commands = commands_to_buffer(manager._commands_cache)
            batch[:] = [metadata, [commands, *manager._buffers_cache]]
    finally:
        (manager._caching, manager._commands_cache, manager._buffers_cache,
         manager._current_canvas) = was


def send_recorded(batch: list, canvas) -> None:
    """Send a batch made by `recorded` (whose first command names `canvas`) as flush would have
    sent it; the manager then knows `canvas` is current. Inside a hold, it joins the held
    commands instead, in order."""
    manager = _ipycanvas._CANVAS_MANAGER
    if not batch:
        return
    if manager._caching:           # keep the order of the held commands: send them first
        manager.flush()
    manager.send(batch[0], buffers=batch[1])
    manager._current_canvas = canvas
