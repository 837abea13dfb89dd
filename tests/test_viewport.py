"""The zoom, pan and fit maths of the boards that grow (widgets/shared/viewport.py), pure: the
extent is centred and fitted between the limits, zoom and pan move it by whole pan steps, a
pinch keeps the point under the fingers, and a layout finds its places by key."""
from __future__ import annotations

import math

import pytest

from widgets.shared.scene import Region
from widgets.shared.viewport import (FIT, PAN_STEP, ZOOM_RANGE, ZOOM_STEP, Area, FittedLayout,
                                     clamp_zoom, fit, panned, pinched, zoomed)

AREA = Area(10, 20, 600, 400)


def place(scale, ox, oy, point):
    return ox + point[0] * scale, oy + point[1] * scale


def test_an_area_holds_its_left_and_top_edges_not_its_right_and_bottom():
    assert AREA.contains(10, 20) and AREA.contains(609.9, 419.9)
    assert not AREA.contains(610, 100) and not AREA.contains(100, 420)
    assert AREA.center == (310, 220)


def test_fit_centres_the_extent_as_large_as_the_area_allows():
    scale, ox, oy = fit((-2, -1, 4, 3), AREA)          # 6 x 4 units: the height limits
    assert scale == pytest.approx(100)
    assert place(scale, ox, oy, (1, 1)) == pytest.approx(AREA.center)   # the extent's centre
    assert place(scale, ox, oy, (-2, -1))[1] == pytest.approx(AREA.y)


def test_fit_keeps_the_scale_between_the_limits():
    assert fit((0, 0, 1, 1), AREA, largest=50)[0] == 50          # a near-empty board
    assert fit((0, 0, 1000, 1000), AREA, smallest=10)[0] == 10   # a huge one pans instead


def test_zoom_multiplies_the_fitted_scale_within_its_range():
    base = fit((0, 0, 6, 4), AREA)[0]
    assert fit((0, 0, 6, 4), AREA, zoom=2)[0] == pytest.approx(2 * base)
    assert fit((0, 0, 6, 4), AREA, zoom=100)[0] == pytest.approx(ZOOM_RANGE[1] * base)
    assert clamp_zoom(0.01) == ZOOM_RANGE[0] and clamp_zoom("2") == 2.0


def test_pan_moves_the_view_by_pan_units():
    scale, ox, oy = fit((0, 0, 6, 4), AREA)
    _, px, py = fit((0, 0, 6, 4), AREA, pan=(1, -2), unit=(3.0, 1.5))
    # the view moved right by 3 board units and up by 3: the board moved left and down
    assert (px - ox, py - oy) == pytest.approx((-3 * scale, 3 * scale))


def test_the_buttons_steps():
    assert zoomed(1.0, True) == ZOOM_STEP and zoomed(1.0, False) == 1 / ZOOM_STEP
    assert panned((0.5, 1.0), -1, 1) == (0.5 - PAN_STEP, 1.0 + PAN_STEP)
    assert FIT == (1.0, (0.0, 0.0))


@pytest.mark.parametrize("ratio", [1.0, 1.7, 0.5, 50.0])
def test_a_pinch_keeps_the_board_point_under_the_fingers(ratio):
    unit = (2.0, 1.5)
    zoom, pan = 1.2, (0.5, -1.0)
    extent = (-3, -3, 5, 4)
    scale, ox, oy = fit(extent, AREA, zoom, pan, unit)
    before, after = (200.0, 150.0), (260.0, 120.0)
    point = ((before[0] - ox) / scale, (before[1] - oy) / scale)      # board units
    new_zoom, new_pan = pinched(zoom, pan, AREA, (unit[0] * scale, unit[1] * scale), before,
                                after, ratio)
    assert new_zoom == pytest.approx(clamp_zoom(zoom * ratio))
    scale2, ox2, oy2 = fit(extent, AREA, new_zoom, new_pan, unit)
    assert place(scale2, ox2, oy2, point) == pytest.approx(after)


@pytest.mark.parametrize("pixels,ratio", [((0.0, 1.0), 1.0), ((1.0, 1.0), 0.0),
                                          ((1.0, 1.0), -2.0)])
def test_a_pinch_that_cannot_be_said_is_none(pixels, ratio):
    assert pinched(1.0, (0.0, 0.0), AREA, pixels, (0, 0), (1, 1), ratio) is None
    assert pinched(1.0, (0.0, 0.0), AREA, (1e-320, 1.0), (0, 0), (math.inf, 1), 1.0) is None


def test_a_fitted_layout_finds_its_places_by_key():
    class Lay(FittedLayout):
        def boxes(self):
            return [None, Region(("a",), 0, 0, 1, 1), Region(("b",), 1, 1, 1, 1)]

    lay = Lay(100, 50, viewport=None)
    assert lay.box(("b",)).x == 1 and lay.box(("c",)) is None
    assert (lay.width, lay.height) == (100, 50)
