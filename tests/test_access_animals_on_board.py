"""Animals on Board for the keyboard and the screen reader: the cursor drawn on the canvas, the
moves in groups, the position as text, and marks that do not rely on colour."""
from __future__ import annotations

import pytest

import explorer
from explorer import bots
from explorer.animals_on_board import Keep, Split, Take
from explorer.animals_on_board import components as C
from explorer.i18n import Words
from random_play import app_after_setup
from widgets.animals_on_board import app
from widgets.animals_on_board.board import AnimalsBoard
from widgets.animals_on_board.draw import CURSOR
from widgets.shared.board_text import board_text_html
from widgets.shared.scene import Rect, Text, overlaps

GAME = explorer.GAMES["animals_on_board"]


@pytest.fixture
def shell():
    """Three players in the first round, after a few random moves."""
    s = app_after_setup(app)
    bot = bots.RandomBot(2)
    for _ in range(6):
        assert s.try_action(bot.choose(s.timeline.frame.state))
    return s


def cursor_marks(board):
    """The cursor's shapes in the drawn scene: thick dark dashed outlines."""
    return [m for m in board.canvas.scene.layers["highlights"] if isinstance(m, Rect)
            and m.stroke == CURSOR and m.dash and m.line_width >= 3]


def test_preview_outlines_a_splits_tiles_and_its_group_and_none_gives_the_scene_back(shell):
    board = shell.board
    state = shell.timeline.frame.state
    before = board.canvas.scene.layers
    split = next(a for a in state.legal_actions() if isinstance(a, Split) and len(a) == 2)
    board.preview(split)
    marks = cursor_marks(board)
    g = state.group_of(split.tiles[0])
    boxes = [board.layout.box(("group", g, state.groups[g].index(t))) for t in split.tiles]
    frame = board.layout.box(("group-frame", g))
    around = [m for m in marks if m.w > frame.w]
    on_tiles = [m for m in marks if m.w < frame.w]
    assert len(around) == 1 and overlaps(around[0], frame)
    assert len(on_tiles) == 2 and all(   # each on a tile that leaves, inside it
        any(box.x <= m.x and m.x + m.w <= box.x + box.w for box in boxes) for m in on_tiles)
    board.preview(None)
    assert not cursor_marks(board) and board.canvas.scene.layers == before


def first_moves_until(phase: str, players: int):
    """The position a seeded game reaches by the first legal move at every step, at `phase`."""
    state = GAME.setup(players, 1)
    while state.phase != phase:
        state = state.apply(state.legal_actions()[0])
    return state


def board_showing(state) -> AnimalsBoard:
    """A board of its own showing `state`, its moves playable."""
    board = AnimalsBoard()
    board.show(_frame(state), None, True)
    return board


def test_preview_outlines_a_takes_group_and_a_keeps_drawn_tile():
    state = first_moves_until("keep", players=3)
    board = board_showing(state)
    keep = state.legal_actions()[1]
    board.preview(keep)
    (mark,) = [m for m in cursor_marks(board)]
    p = state.current_player
    assert overlaps(mark, board.layout.box(("hand", p, state.drawn[p].index(keep.tile))))
    position = GAME.position(2, groups=[["panda-1", "panda-2"], ["lion-4"]], crates=[2, 2],
                             arks=[["tiger-1"], ["zebra-2"]])
    board.show(_frame(position), None, True)
    take = next(a for a in position.legal_actions() if isinstance(a, Take))
    board.preview(take)
    (mark,) = cursor_marks(board)
    frame = board.layout.box(("group-frame", position.group_of(take.tiles[0])))
    assert mark.x < frame.x and mark.x + mark.w > frame.x + frame.w


def _frame(state):
    from widgets.shared.timeline import Frame
    return Frame(state=state, kind="move", label="", action=None)


def test_the_cursor_leaves_the_selection_to_the_split_button(shell):
    board = shell.board
    state = shell.timeline.frame.state
    g = next(i for i, group in enumerate(state.groups) if len(group) >= 2)
    board.set_selection({("group", g, 0)})
    other = next(a for a in state.legal_actions() if isinstance(a, Split)
                 and a.tiles != (state.groups[g][0],))
    board.preview(other)
    board.split.click()
    assert shell.timeline.frame.action == Split((state.groups[g][0],))


def test_every_legal_move_has_a_group_over_random_steps():
    state, bot = GAME.setup(3, 4), bots.RandomBot(4)
    board = AnimalsBoard()
    for _ in range(40):
        if state.is_over:
            break
        if state.current_player is not None:
            board.show(_frame(state), None, True)
            for action in state.legal_actions():
                group = board.move_group(action)
                assert group and str(group).strip(), action
        state = state.apply(bot.choose(state))


def test_the_biggest_step_reads_in_a_dozen_groups():
    state = first_moves_until("play", players=4)
    board = board_showing(state)
    actions = list(state.legal_actions())
    groups = {board.move_group(a) for a in actions}
    assert len(actions) > 8000 and len(groups) <= 14
    assert "Split 3 tiles off group 1" in groups and "Split 1 tile off group 1" in groups


def test_board_text_names_the_groups_species_and_hides_other_arks(shell):
    board = shell.board
    state = shell.timeline.frame.state
    sections = board.board_text(state, None)
    html = board_text_html(sections, str)
    for g, group in enumerate(state.groups):
        for t in group:
            assert C.tile_name(t) in html
        assert f"Group {g + 1} ({len(group)} tile" in html
    korean = board_text_html(sections, Words("ko", "animals_on_board"))
    species = C.species_of(state.groups[0][0])
    assert C.SPECIES_KO[species] in korean and C.SPECIES[species] not in korean
    assert "중앙 게임 영역" in korean and "식량 상자" in korean
    for p in range(3):
        assert f"Player {p + 1}" in html
        assert f"Food crates: {state.crates[p]}" in html
    mine = board_text_html(board.board_text(state, 0), str)
    for p in (1, 2):
        kept = C.tile_name(state.arks[p][0])
        assert kept not in mine
    assert mine.count("1 face-down tile") >= 2


def test_pieces_and_legal_moves_are_marked_by_more_than_colour(shell):
    board = shell.board
    scene = board.canvas.scene
    texts = [s for s in scene.layers["board"] if isinstance(s, Text)]
    for row in board.layout.rows:     # each ark's row says whose it is in words
        p = row.key[1]
        assert any(t.text.startswith(f"Player {p + 1}") and row.x <= t.x <= row.x + row.w
                   and row.y <= t.y <= row.y + row.h for t in texts)
    for box in board.layout.tiles:    # each tile names its species, not its colour alone
        if box.tile != C.HIDDEN:
            name = C.SPECIES[C.species_of(box.tile)]
            assert any(isinstance(s, Text) and s.text == name and overlaps(box, Rect(
                s.x - 1, s.y - 1, 2, 2)) for s in scene.layers["pieces"])
    takes = [m for m in scene.layers["highlights"] if isinstance(m, Rect) and m.fill is None]
    assert all(m.stroke and m.line_width >= 3 for m in takes)
