"""Indian Summer for the keyboard and the screen reader: the cursor drawn on the canvas, the
moves in groups, the boards as text tables, and marks that do not rely on colour."""
from __future__ import annotations

import pytest

from app_driving import state_of
import explorer
from explorer import bots
from explorer.i18n import Words
from explorer.indian_summer import components as C
from explorer.indian_summer.board import leaf_cells
from random_play import app_after_setup
from widgets.indian_summer import app
from widgets.indian_summer.draw import CURSOR, PLAYER_COLOURS
from widgets.indian_summer.layout import BOARD_X, BOARD_Y, CELL
from widgets.indian_summer.pick import cursor_pick
from widgets.shared.board_text import board_text_html
from widgets.shared.scene import Polygon, Rect, Text

GAME = explorer.GAMES["indian_summer"]


@pytest.fixture
def shell():
    """Three players, a few turns in, at a step where path tiles can be laid."""
    s = app_after_setup(app, players=3, seed=1)
    bot = bots.GreedyBot(5)
    for _ in range(40):
        state = state_of(s)
        if len(state.floors[state.current_player].leaves) >= 1 and s.board.hints.leaves:
            return s
        assert s.try_action(bot.choose(state))
    pytest.fail("no step with a tile to lay came")


def dashes(board):
    return [m for m in board.canvas.scene.layers["highlights"] if isinstance(m, Polygon)
            and m.stroke == CURSOR and m.dash and m.line_width >= 3]


def edges_of(cells) -> set:
    """The outer edges of `cells` on the large board, as pairs of canvas points."""
    inside, out = set(cells), set()
    for x, y in inside:
        px, py = BOARD_X + x * CELL, BOARD_Y + y * CELL
        for (dx, dy), a, b in (((0, -1), (px, py), (px + CELL, py)),
                               ((0, 1), (px, py + CELL), (px + CELL, py + CELL)),
                               ((-1, 0), (px, py), (px, py + CELL)),
                               ((1, 0), (px + CELL, py), (px + CELL, py + CELL))):
            if (x + dx, y + dy) not in inside:
                out.add((a, b))
    return out


def test_preview_of_a_placement_outlines_its_cells_and_none_gives_the_scene_back(shell):
    board = shell.board
    before = board.canvas.scene.layers
    place = next(a for a in state_of(shell).legal_actions() if a.kind == "place")
    pick_before = (board.pick.mode, board.pick.tile, board.pick.rotation, board.pick.flipped)
    board.preview(place)
    cells, _ = leaf_cells(C.TILE_BY_NAME[place.tile], place.orientation, *place.at)
    assert {m.points for m in dashes(board)} == edges_of(cells)
    ghost = [m for m in board.canvas.scene.layers["highlights"] if isinstance(m, Rect)
             and m.fill is not None and m.w == CELL - 6]
    assert len(ghost) == len(cells)               # the pointer's ghost of the tile, turned so
    assert (board.pick.mode, board.pick.tile, board.pick.rotation,
            board.pick.flipped) == pick_before     # what a click lays is unchanged
    board.preview(None)
    assert not dashes(board) and board.canvas.scene.layers == before


def test_the_cursors_pick_makes_exactly_its_action(shell):
    actions = [a for a in state_of(shell).legal_actions()
               if a.kind in ("place", "animal", "squirrel", "nut")]
    assert actions
    for action in actions[::7]:
        pick, cell = cursor_pick(action)
        assert pick.action_at(cell) == action


def test_a_squirrel_is_outlined_on_its_cell_and_a_move_with_no_place_draws_no_cursor(shell):
    board = shell.board
    actions = state_of(shell).legal_actions()
    squirrel = next(a for a in actions if a.kind == "squirrel")
    board.preview(squirrel)
    assert {m.points for m in dashes(board)} == edges_of([squirrel.at])
    nowhere = [a for a in actions if a.kind in ("end", "exchange", "berry")]
    assert nowhere
    for action in nowhere:            # moves with no place on the board
        board.preview(action)
        assert not dashes(board) and not [m for m in board.canvas.scene.layers["highlights"]
                                          if isinstance(m, Rect) and m.stroke == CURSOR]


def test_every_legal_move_has_a_group_and_placements_group_by_tile():
    state, bot = GAME.setup(3, 2), bots.GreedyBot(2)
    shell = app(players=3, seed=2).explorer
    board = shell.board
    seen = 0
    while state.phase == "setup":
        state = state.apply(state.legal_actions()[0])
    for _ in range(25):
        if state.is_over:
            break
        actions = state.legal_actions()
        groups = {}
        for action in actions:
            group = board.move_group(action)
            assert group and str(group).strip(), action
            groups.setdefault(group, []).append(action)
        places = [a for a in actions if a.kind == "place"]
        if len(places) > 100:
            seen += 1
            tiles = {a.tile for a in places}
            assert len([g for g, acts in groups.items() if acts[0].kind == "place"]) == len(tiles)
            assert len(groups) < len(actions) / 10
        state = state.apply(bot.choose(state))
    assert seen


def test_board_text_tables_every_board_with_the_cells_of_a_laid_tile(shell):
    board = shell.board
    state = state_of(shell)
    p = state.current_player
    tile, o, x, y = state.floors[p].leaves[0]
    cells, hole = leaf_cells(tile, o, x, y)
    sections = board.board_text(state, None)
    assert len(sections) == 4 and all(s.table is not None for s in sections[:3])
    table = sections[p].table
    assert len(table.rows) == C.HEIGHT and len(table.columns) == C.WIDTH + 1
    name = C.tile_name(tile)
    for cx, cy in cells:
        said = table.rows[cy][cx + 1]
        assert (said == f"leaf {name}") if (cx, cy) != hole else said.startswith(f"{name} hole:")
    html = board_text_html(sections, str)
    assert html.count('<th scope="row">') == 3 * C.HEIGHT and "<caption>" in html
    assert f"Row {cy}" in html and "Backpack: " in html and "Animal stacks: " in html
    korean = board_text_html(sections, Words("ko", "indian_summer"))
    assert f"낙엽 타일 {name}" in korean and "배낭" in korean and "leaf " not in korean


def test_players_are_marked_by_number_as_well_as_colour_and_a_wrong_place_by_a_cross(shell):
    board = shell.board
    scene = board.canvas.scene
    swatches = [s for s in scene.layers["board"] if isinstance(s, Rect)
                and s.fill in PLAYER_COLOURS and s.w == 21 and s.radius == 4]
    texts = [s for s in scene.layers["board"] if isinstance(s, Text)]
    assert len(swatches) == 3
    for p, sw in enumerate(swatches):
        assert any(t.text == str(p + 1) and sw.x <= t.x <= sw.x + sw.w
                   and sw.y <= t.y <= sw.y + sw.h for t in texts)
    targets = board.pick.targets(board.hints)
    wrong = next((x, y) for y in range(C.HEIGHT) for x in range(C.WIDTH)
                 if (x, y) not in targets)
    board.hover_at(wrong)
    assert "✕" in [m.text for m in board.canvas.scene.layers["highlights"]
                   if isinstance(m, Text)]
    legal = [m for m in scene.layers["highlights"] if isinstance(m, Rect) and m.fill]
    assert all(m.stroke for m in legal if "0.22" in m.fill)   # legal cells: fill and outline
