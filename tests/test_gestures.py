"""Touch gestures on the zoomable boards (widgets/shared/gestures.py) and the bots' runs with
reduced motion (widgets/shared/autoplay.py), without a browser: a drag moves the view with the
finger, a pinch zooms about the point between the fingers, anything a page sends that is not a
finite number changes nothing; with reduced motion a run shows only the position it ends on."""
from __future__ import annotations

import math

import pytest

from widgets.cacao import app as cacao_app
from widgets.shared.gestures import Gestures, pan_units, view_after
from widgets.taluva import app as taluva_app


def shell(make):
    return make(players=3, seed=1).explorer


def to_play(app) -> None:
    app.bar.last.click()          # the last set-up step: the board is laid out


def gestures_at_play(make):
    """The board of the app `make` builds, at its last set-up step, and the gestures on it."""
    app = shell(make)
    to_play(app)
    return app.board, Gestures(app.board)


def board_at(board, frame_x: float, frame_y: float) -> tuple[float, float]:
    """The board's own coordinates (hex or cell units) of a point of the frame shown at the
    board's natural size (frame = canvas)."""
    viewport = board.layout.viewport
    ux, uy = pan_units(viewport)
    area = viewport.area
    cx, cy = area.x + area.w / 2, area.y + area.h / 2
    return (frame_x - cx) / ux + board.pan[0], (frame_y - cy) / uy + board.pan[1]


@pytest.mark.parametrize("make", [taluva_app, cacao_app])
def test_a_drag_moves_the_view_with_the_finger(make):
    board, g = gestures_at_play(make)
    w, h = board.canvas.width, board.canvas.height
    before = board.layout.viewport
    ux, uy = pan_units(before)
    g._on_msg(g, {"type": "view", "x0": 300, "y0": 200, "x1": 400, "y1": 150, "scale": 1,
                  "w": w / 2, "h": h / 2}, [])      # shown at half size: 100 CSS px = 200 px
    assert board.zoom == 1.0
    assert board.pan == pytest.approx((-200 / ux, 100 / uy))
    after = board.layout.viewport
    origin = (after.ox - before.ox, after.oy - before.oy)
    assert origin == pytest.approx((200, -100))     # the drawing moved with the finger
    assert g.views == 1


@pytest.mark.parametrize("make", [taluva_app, cacao_app])
def test_a_pinch_zooms_about_the_point_between_the_fingers(make):
    board, g = gestures_at_play(make)
    w, h = board.canvas.width, board.canvas.height
    point = board_at(board, 250, 300)
    g._on_msg(g, {"type": "view", "x0": 250, "y0": 300, "x1": 250, "y1": 300, "scale": 1.5,
                  "w": w, "h": h}, [])
    assert board.zoom == pytest.approx(1.5)
    assert board_at(board, 250, 300) == pytest.approx(point)
    g._on_msg(g, {"type": "view", "x0": 250, "y0": 300, "x1": 250, "y1": 300, "scale": 100,
                  "w": w, "h": h}, [])
    assert board.zoom == pytest.approx(3.0)        # the boards' largest zoom
    assert board_at(board, 250, 300) == pytest.approx(point)


@pytest.mark.parametrize("bad", [
    {"type": "view", "x0": "1", "y0": 0, "x1": 0, "y1": 0, "scale": 1, "w": 10, "h": 10},
    {"type": "view", "x0": 0, "y0": 0, "x1": math.inf, "y1": 0, "scale": 1, "w": 10, "h": 10},
    {"type": "view", "x0": 0, "y0": 0, "x1": 0, "y1": 0, "scale": 0, "w": 10, "h": 10},
    {"type": "view", "x0": 0, "y0": 0, "x1": 0, "y1": 0, "scale": 1, "w": 0, "h": 10},
    {"type": "view", "x0": 0, "y0": 0, "x1": 10**400, "y1": 0, "scale": 1, "w": 9, "h": 9},
    {"type": "other"}, "view", None,
])
def test_what_a_page_sends_wrong_changes_nothing(bad):
    board, g = gestures_at_play(taluva_app)
    g._on_msg(g, bad, [])
    assert (board.zoom, board.pan, g.views) == (1.0, (0.0, 0.0), 0)


def test_no_layout_yet_no_view():
    class Bare:
        layout = None
    assert view_after(Bare(), {"type": "view"}) is None


def test_the_gestures_sit_in_the_board_frame():
    app = shell(taluva_app)
    g = Gestures(app.board)
    assert g in app.board.canvas.view.children
    assert app.board.canvas.widget in app.board.canvas.view.children


def test_with_reduced_motion_the_bots_show_only_where_the_run_ends():
    app = shell(cacao_app)
    to_play(app)
    app.seats.dropdowns[1].value = "random"
    app.seats.dropdowns[2].value = "greedy"
    while app.timeline.frame.state.current_player == 0:       # the person's turn
        app.try_action(app.timeline.frame.state.legal_actions()[0])
    shown = []                                                  # each step the board draws
    app.session.on("step", lambda: shown.append(app.timeline.index))
    app.access.focus.reduced_motion = True
    start = app.timeline.index
    app.autoplay.start("bots")
    state = app.timeline.frame.state
    assert app.autoplay.target is None and not app.autoplay.ticker.playing
    assert state.current_player == 0 or state.is_over          # the run is over at once
    assert app.timeline.index - start >= 2                       # two bots played
    assert shown == [app.timeline.index]                         # one position shown: the end
    assert app.autoplay.bots_button.description == "▷▷ Bots"


def test_without_reduced_motion_the_bots_step_one_move_a_tick():
    app = shell(cacao_app)
    to_play(app)
    app.seats.dropdowns[1].value = "random"
    while app.timeline.frame.state.current_player == 0:
        app.try_action(app.timeline.frame.state.legal_actions()[0])
    start = app.timeline.index
    app.autoplay.start("bots")
    assert app.autoplay.target == "bots" and app.autoplay.ticker.playing
    assert app.timeline.index == start + 1                      # the first move, then ticks
    app.autoplay.stop()
