"""Cacao's board for the keyboard and the screen reader, without a browser: the cursor drawn
from `preview`, the Moves list's groups, the board as text, and owners marked beyond colour."""
from __future__ import annotations

import pytest

import explorer
from explorer import bots
from explorer.cacao import components as C
from widgets.cacao import app
from widgets.cacao.draw import INK
from widgets.shared.board_text import board_text_html
from widgets.shared.scene import Rect, Text
from widgets.shared.words import PageWords

GAME = explorer.GAMES["cacao"]


@pytest.fixture
def shell():
    s = app().explorer
    s.bar.last.click()
    return s


def play(shell, steps: int, seed: int = 1, until=None):
    """Random moves from the shown frame: `steps` of them, or until `until(state)`."""
    bot = bots.RandomBot(seed)
    for _ in range(steps):
        state = shell.timeline.frame.state
        if state.is_over or (until is not None and until(state)):
            break
        shell.play(bot.choose(state))
    return shell.timeline.frame.state


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
    board = shell.board
    korean = PageWords("ko", "cacao")
    kinds = set()
    for _ in range(40):
        state = shell.timeline.frame.state
        if state.is_over:
            break
        for action in state.legal_actions():
            group = board.move_group(action)
            assert str(group).strip() and korean(group).strip() != str(group)
            kinds.add(action.kind)
        play(shell, 1, seed=len(kinds) + 7)
    assert {"place", "fill", "work", "decline"} <= kinds
    place = next(a for a in GAME.setup(3, 1).legal_actions() if a.kind == "place")
    assert place.tile in str(board.move_group(place))


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
        assert texts[(x + s / 2, y + s / 2 + 1)] == str(top.owner + 1)
