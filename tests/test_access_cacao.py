"""Cacao's board for the keyboard and the screen reader, without a browser: the cursor drawn
from `preview`, the Moves list's groups, the board as text, and owners marked beyond colour."""
from __future__ import annotations

import functools

import pytest

from app_driving import move_kinds_grouped_in_both_languages
import explorer
from explorer.cacao import components as C
from random_play import app_after_setup, play_in_app
from widgets.cacao import app
from widgets.cacao.draw import INK, NUMBER_AT, PLAYER_COLOURS
from widgets.shared.board_text import board_text_html
from widgets.shared.player_marks import MARKS
from widgets.shared.scene import Polygon, Rect, Text
from widgets.shared.page_words import PageWords

GAME = explorer.GAMES["cacao"]


shell = pytest.fixture(lambda: app_after_setup(app), name="shell")
play = functools.partial(play_in_app, seed=1)     # random moves from the step shown


def cursor_rings(scene):
    """The cursor's dark dashed outlines (≥3 px) in the scene's highlights."""
    return [s for s in scene.layers["highlights"]
            if isinstance(s, Rect) and s.stroke == INK and s.dash and s.line_width >= 3
            and s.fill is None]


def test_preview_draws_the_tile_at_its_cell_ringed_and_none_takes_it_back(shell):
    board = shell.board
    state = shell.timeline.frame.state
    before = list(board.canvas.scene.layers["highlights"])
    pick = (board.pick.pattern, board.pick.rotation)
    action = next(a for a in state.legal_actions() if a.kind == "place" and a.rotation == 1)
    board.preview(action)
    rings = cursor_rings(board.canvas.scene)
    x, y, s, _ = board.layout.viewport.rect(action.cell)
    assert [(r.x, r.y, r.w, r.h) for r in rings] == [pytest.approx((x, y, s, s))]
    # under the ring, the tile as it would lie: the mover's colour, turned as the move says
    tiles = [r for r in board.canvas.scene.layers["highlights"] if isinstance(r, Rect)
             and r.fill == "#d32f2f" and (r.x, r.y) == (x + 1, y + 1)]
    assert tiles
    assert (board.pick.pattern, board.pick.rotation) == pick     # a click does as before
    board.preview(None)
    assert board.canvas.scene.layers["highlights"] == before


def test_preview_of_a_worker_outlines_that_side_of_the_tile(shell):
    state = play(shell, 200, until=lambda s: s.phase == "work")
    assert state.phase == "work"
    board = shell.board
    for action in (a for a in state.legal_actions() if a.kind in ("work", "decline")):
        board.preview(action)
        x, y, s, _ = board.layout.viewport.rect(action.cell)
        d = s * 0.3
        band = ((x, y, s, d), (x + s - d, y, d, s), (x, y + s - d, s, d), (x, y, d, s))[action.side]
        rings = [(r.x, r.y, r.w, r.h) for r in cursor_rings(board.canvas.scene)]
        assert rings == [pytest.approx(band)]
    board.preview(None)
    assert not cursor_rings(board.canvas.scene)


def test_a_new_frame_draws_no_cursor(shell):
    board = shell.board
    board.preview(shell.timeline.frame.state.legal_actions()[0])
    play(shell, 1)
    assert not cursor_rings(board.canvas.scene)


def test_every_legal_move_has_a_group_in_both_languages(shell):
    kinds = move_kinds_grouped_in_both_languages(shell, "cacao", 40,
                                                 seed_of=lambda step, kinds: len(kinds) + 7)
    assert {"place", "fill", "work", "decline"} <= kinds
    place = next(a for a in GAME.setup(3, 1).legal_actions() if a.kind == "place")
    assert place.tile in str(shell.board.move_group(place))


def test_board_text_holds_the_grid_the_villages_and_the_display(shell):
    state = play(shell, 30)
    board = shell.board
    sections = board.board_text(state, None)
    grid = sections[0].table
    columns = list(grid.columns)
    rows = {row[0]: row for row in grid.rows}
    placed = [(cell, top) for cell, top in state.workers.items()]
    assert placed
    for (x, y), top in placed:
        said = str(rows[f"y = {y}"][columns.index(f"x = {x}")])
        assert str(C.COLOUR_NAMES[top.owner]) in said and "worker tile" in said
    for (x, y), tile in state.jungle.items():
        assert str(rows[f"y = {y}"][columns.index(f"x = {x}")]) == str(C.jungle_label(tile))
    texts = [str(item) for section in sections for item in section.items]
    assert f"{state.gold[0]} gold" in texts
    assert any(t.startswith("Jungle pile:") for t in texts)
    html = board_text_html(sections, str)
    assert '<th scope="row">' in html and "<caption>" in html
    assert "Hand: " in html
    korean = board_text_html(sections, PageWords("ko", "cacao"))
    assert "일꾼 타일" in korean and "<th scope=\"col\">" in korean


def test_board_text_hides_what_the_viewer_may_not_see(shell):
    state = play(shell, 5)
    board = shell.board
    other = (state.current_player + 1) % state.players
    hands = [str(i) for s in board.board_text(state, other) for i in s.items
             if str(i).startswith("Hand")]
    assert hands[other].startswith("Hand: ") and "hidden" not in hands[other]
    assert any("hidden" in h for h in hands)


def test_each_worker_tile_shows_its_owner_number_beside_its_colour(shell):
    play(shell, 30)
    board = shell.board
    vp = board.layout.viewport
    texts = {(t.x, t.y): t.text for t in board.canvas.scene.layers["board"] if isinstance(t, Text)}
    state = shell.timeline.frame.state
    shown = [(cell, top) for cell, top in state.workers.items() if vp.visible(cell, whole=True)]
    assert shown and vp.cell >= 40
    for cell, top in shown:
        x, y, s, _ = vp.rect(cell)
        assert texts[(x + s * NUMBER_AT, y + s / 2 + 1)] == str(top.owner + 1)


def mark_of(poly):
    """Whose shape a polygon is (an index into MARKS, matched up to place and size) and its
    radius; None when it is no player's shape."""
    pts = poly.points
    for p, unit in enumerate(MARKS):
        if len(unit) != len(pts):
            continue
        ux = [u[0] for u in unit]
        r = (max(x for x, _ in pts) - min(x for x, _ in pts)) / (max(ux) - min(ux))
        cx, cy = pts[0][0] - r * unit[0][0], pts[0][1] - r * unit[0][1]
        if all(abs(cx + r * a - x) < 0.3 and abs(cy + r * b - y) < 0.3
               for (a, b), (x, y) in zip(unit, pts)):
            return p, r
    return None


def tile_marks(scene, vp, cell):
    """The player shapes drawn inside a cell's square on the board layer."""
    x, y, s, _ = vp.rect(cell)
    return [mark_of(poly) for poly in scene.layers["board"] if isinstance(poly, Polygon)
            and all(x <= px <= x + s and y <= py <= y + s for px, py in poly.points)]


@pytest.mark.parametrize("zoom", [1.0, 0.7])
def test_every_worker_tile_carries_its_owner_shape_late_in_a_four_player_game(zoom):
    # two players' colours may show as one grey (red and purple under achromatopsia): each
    # worker tile also carries its owner's shape, at the app's zoom with the number and
    # zoomed out without it
    shell = app(players=4, seed=5).explorer
    shell.bar.last.click()
    state = play(shell, 500, seed=5, until=lambda s: len(s.workers) >= 30)
    assert len(state.workers) >= 30 and {t.owner for t in state.workers.values()} == {0, 1, 2, 3}
    board = shell.board
    if zoom != 1.0:
        board.set_view(zoom, board.pan)
    scene, vp = board.canvas.scene, board.layout.viewport
    assert (vp.cell >= 40) == (zoom == 1.0)   # with the number beside the shape; shape alone
    shown = [(cell, top) for cell, top in state.workers.items() if vp.visible(cell, whole=True)]
    assert len(shown) == len(state.workers)
    seen = {}
    for cell, top in shown:
        marks = tile_marks(scene, vp, cell)
        assert len(marks) == 1 and marks[0] is not None, cell
        shape, r = marks[0]
        assert shape == top.owner and r >= 4      # 8 px across or more at any zoom
        seen.setdefault(top.owner, set()).add(MARKS[shape])
    assert sorted(seen) == [0, 1, 2, 3] and all(len(v) == 1 for v in seen.values())
    assert len({v.pop() for v in seen.values()}) == 4      # the four players' shapes differ
    # beside each name in the rows, the player's swatch carries the same shape
    for row in board.layout.rows:
        p = row.key[1]
        swatch = next(r for r in scene.layers["board"] if isinstance(r, Rect) and r.w == 18
                      and r.fill == PLAYER_COLOURS[p] and row.x <= r.x and row.y <= r.y
                      and r.y + r.h <= row.y + row.h)
        inside = [mark_of(poly) for poly in scene.layers["board"] if isinstance(poly, Polygon)
                  and all(swatch.x <= x <= swatch.x + 18 and swatch.y <= y <= swatch.y + 18
                          for x, y in poly.points)]
        assert [m[0] for m in inside] == [p]
