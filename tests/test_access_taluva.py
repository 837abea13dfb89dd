"""Taluva's board for the keyboard and the screen reader, without a browser: the cursor drawn
from `preview`, the Moves list's groups, the board as text, and owners marked beyond colour."""
from __future__ import annotations

import functools

import pytest

from app_driving import move_kinds_grouped_in_both_languages
from explorer.taluva import Finish
from explorer.taluva import components as C
from explorer.taluva.board import neighbours, tile_hexes
from random_play import app_after_setup, play_in_app
from widgets.shared.board_text import board_text_html
from widgets.shared.scene import Polygon
from widgets.shared.page_words import PageWords
from widgets.taluva import app
from widgets.taluva.shapes import INK, PLAYER_COLOURS, building_glyph, player_mark


shell = pytest.fixture(lambda: app_after_setup(app), name="shell")
play = functools.partial(play_in_app, seed=3)     # random moves from the step shown


def cursor_edges(scene):
    """The cursor's dark dashed edges (≥3 px) in the scene's highlights."""
    return [s for s in scene.layers["highlights"]
            if isinstance(s, Polygon) and s.stroke == INK and s.dash and s.line_width >= 3]


def edges_of(board, hexes):
    """The points of the outer edges of `hexes`, as the board draws them."""
    vp = board.layout.viewport
    group = set(hexes)
    found = set()
    for h in group:
        corners = vp.corners(h)
        for d, n in enumerate(neighbours(h)):
            if n not in group:
                found |= {(round(x, 1), round(y, 1)) for x, y in corners}
    return found


def test_preview_of_a_placement_draws_the_ghost_ringed_and_none_takes_it_back(shell):
    board = shell.board
    state = shell.timeline.frame.state
    before = list(board.canvas.scene.layers["highlights"])
    action = next(a for a in state.legal_actions() if a.rotation == 3
                  and board.layout.viewport.visible(a.volcano, whole=True))
    board.preview(action)
    edges = cursor_edges(board.canvas.scene)
    assert edges
    cover = tile_hexes(action.volcano, action.rotation)
    points = {p for e in edges for p in e.points}
    assert points <= edges_of(board, cover)
    assert board.pick.rotation == 0                  # a click places as it did before
    board.preview(None)
    assert board.canvas.scene.layers["highlights"] == before


@pytest.mark.parametrize("kind", ["hut", "expand"])
def test_preview_of_a_building_rings_its_hex(shell, kind):
    state = play(shell, 60, until=lambda s: s.phase == "build" and any(
        a.kind == kind for a in s.legal_actions()))
    board = shell.board
    action = next(a for a in state.legal_actions() if a.kind == kind)
    board.preview(action)
    edges = cursor_edges(board.canvas.scene)
    assert edges
    if kind == "hut":
        assert {p for e in edges for p in e.points} <= edges_of(board, [action.hex])
    board.preview(Finish())                       # no place on the island: no cursor
    assert not cursor_edges(board.canvas.scene)
    board.preview(None)
    assert not cursor_edges(board.canvas.scene)


def test_every_legal_move_has_a_group_in_both_languages(shell):
    first = shell.timeline.frame.state.legal_actions()[0]
    assert str(shell.board.move_group(first)).startswith("Place the tile, lava between")
    kinds = move_kinds_grouped_in_both_languages(shell, "taluva", 30,
                                                 seed_of=lambda step, kinds: step)
    assert {"place", "hut"} <= kinds


def test_board_text_holds_the_hexes_their_buildings_and_the_supplies(shell):
    state = play(shell, 12)
    board = shell.board
    sections = board.board_text(state, None)
    table = sections[0].table
    rows = {row[0]: row for row in table.rows}
    assert set(rows) == {str(h) for h in state.hexes}
    assert state.buildings
    for h, b in state.buildings.items():
        said = str(rows[str(h)][3])
        assert f"Player {b.owner + 1}" in said
        assert rows[str(h)][2] == str(state.hexes[h].level)
    for h, cell in state.hexes.items():
        assert str(C.terrain_name(cell.terrain)) in str(rows[str(h)][1])
    texts = [str(i) for s in sections for i in s.items]
    huts = state.supply[0][0]
    assert any(t.startswith(f"left: {huts} hut") for t in texts)
    assert any(t.startswith("Stack: ") for t in texts)
    html = board_text_html(sections, str)
    assert '<th scope="row">' in html and "<caption>" in html
    korean = board_text_html(sections, PageWords("ko", "taluva"))
    assert "오두막" in korean and "칸" in korean


def test_buildings_and_names_carry_each_players_shape(shell):
    state = play(shell, 12)
    board = shell.board
    vp = board.layout.viewport
    pieces = board.canvas.scene.layers["pieces"]
    marks = [s for s in pieces if isinstance(s, Polygon) and s.fill == INK]
    shown = [(h, b) for h, b in state.buildings.items() if vp.visible(h)]
    assert shown
    for h, b in shown:
        cx, cy = vp.centre(h)
        glyph = building_glyph(cx, cy, vp.size * 0.34, b.owner, b.kind, b.count)
        mark = [s for s in glyph if isinstance(s, Polygon) and s.fill == INK]
        assert len(mark) == 1 and mark[0] in marks
    assert len(marks) == len(shown) + state.players         # and one beside each name
    shapes = {player_mark(0, 0, 1, p).points for p in range(len(PLAYER_COLOURS))}
    assert len(shapes) == len(PLAYER_COLOURS)
