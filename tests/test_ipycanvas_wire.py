"""The ipycanvas internals the board relies on (widgets/shared/ipycanvas_wire.py), checked
against the installed ipycanvas: a new version that changes any of them fails here, loudly,
before a page draws wrong or blank. Also the one ipywidgets internal (models.shared_models)."""
from __future__ import annotations

import ipywidgets as w
from ipycanvas import Canvas, hold_canvas
from ipycanvas import canvas as ipycanvas_canvas
from ipywidgets.widgets.trait_types import InstanceDict

from widgets.shared import ipycanvas_wire as wire
from widgets.shared.models import shared_layout, shared_models


def sent_by(draw) -> list:
    """The commands (with their buffers) a drawing leaves in ipycanvas' batch."""
    manager = ipycanvas_canvas._CANVAS_MANAGER
    with hold_canvas():
        draw()
        commands = list(manager._commands_cache)
        buffers = [bytes(b) for b in manager._buffers_cache]
    return [commands, buffers]


def test_the_manager_has_the_fields_the_board_uses():
    manager = ipycanvas_canvas._CANVAS_MANAGER
    for name in ("_caching", "_commands_cache", "_buffers_cache", "_current_canvas"):
        assert hasattr(manager, name), f"ipycanvas' manager has no {name} any more"
    assert callable(manager.flush) and callable(manager.send_command)


def test_commands_sent_through_the_wire_are_those_of_ipycanvas_own_methods():
    canvas = Canvas(width=50, height=40)
    send = wire.sender(canvas)
    ipycanvas_canvas._CANVAS_MANAGER._current_canvas = canvas

    def own():
        canvas.fill_style = "#123456"
        canvas.begin_path()
        canvas.move_to(1, 2)
        canvas.line_to(3, 4)
        canvas.arc_to(5, 6, 7, 8, 2)
        canvas.close_path()
        canvas.fill()
        canvas.stroke()
        canvas.fill_rect(1, 2, 3, 4)
        canvas.stroke_rect(1, 2, 3, 4)
        canvas.fill_text("hi", 5, 6)

    def wired():
        send(canvas, [wire.SET, [wire.attribute_code(canvas, "fill_style"), "#123456"]])
        send(canvas, [wire.BEGIN_PATH, [], 0])
        send(canvas, [wire.MOVE_TO, [1, 2], 0])
        send(canvas, [wire.LINE_TO, [3, 4], 0])
        send(canvas, [wire.ARC_TO, [5, 6, 7, 8, 2], 0])
        send(canvas, [wire.CLOSE_PATH, [], 0])
        send(canvas, [wire.FILL, ["nonzero"], 0])
        send(canvas, [wire.STROKE, [], 0])
        send(canvas, [wire.FILL_RECT, [1, 2, 3, 4], 0])
        send(canvas, [wire.STROKE_RECT, [1, 2, 3, 4], 0])
        send(canvas, [wire.FILL_TEXT, ["hi", 5, 6], 0])

    assert sent_by(wired) == sent_by(own)


def test_held_batches_and_always_stops_batching():
    manager = ipycanvas_canvas._CANVAS_MANAGER
    canvas = Canvas(width=10, height=10)
    try:
        with wire.held():
            assert manager._caching
            canvas.fill_rect(0, 0, 1, 1)
            raise RuntimeError("drawing failed")
    except RuntimeError:
        pass
    assert not manager._caching and manager._commands_cache == []


def test_forgetting_the_current_canvas():
    manager = ipycanvas_canvas._CANVAS_MANAGER
    a, b = Canvas(width=10, height=10), Canvas(width=10, height=10)
    manager._current_canvas = a
    wire.forget_current_canvas(b)          # not the current one: kept
    assert manager._current_canvas is a
    wire.forget_current_canvas(a)
    assert manager._current_canvas is None
    manager._current_canvas = b
    wire.forget_current_canvas()
    assert manager._current_canvas is None



def test_a_recorded_batch_is_sent_as_flush_sends_it(monkeypatch):
    """ipycanvas_wire.recorded keeps what a hold would send (nothing reaches the page, the
    manager is left as it was); send_recorded sends it as the hold's flush does, and again."""
    manager = ipycanvas_canvas._CANVAS_MANAGER
    canvas = Canvas(width=20, height=20)
    sent = []
    monkeypatch.setattr(manager, "send", lambda content, buffers=None: sent.append(
        (content, [bytes(b) for b in buffers])))

    def draw():
        canvas.fill_style = "#123456"
        canvas.fill_rect(1, 2, 3, 4)
        canvas.fill_polygon([(0, 0), (5, 0), (0, 5)])
    wire.forget_current_canvas()
    with hold_canvas():
        draw()
    by_hold = sent.pop()
    wire.forget_current_canvas()
    with wire.recorded() as batch:
        draw()
    assert sent == [] and batch
    assert manager._current_canvas is None and not manager._caching
    assert manager._commands_cache == [] and manager._buffers_cache == []
    wire.send_recorded(batch, canvas)
    wire.send_recorded(batch, canvas)
    assert sent == [by_hold, by_hold] and manager._current_canvas is canvas


def test_shared_models_still_reach_ipywidgets_defaults():
    """models.shared_models replaces InstanceDict.make_dynamic_default for a block: widgets
    built inside share one layout model; outside, each gets its own again."""
    assert callable(InstanceDict.make_dynamic_default)
    with shared_models():
        a, b = w.Button(), w.Button()
    assert a.layout is b.layout
    c, d = w.Button(), w.Button()
    assert c.layout is not d.layout and shared_layout(width="1px") is shared_layout(width="1px")
