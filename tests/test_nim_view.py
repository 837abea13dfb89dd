"""The Nim app without a browser: geometry, drawing data, and clicking a counter to play."""
from __future__ import annotations

import itertools

import pytest

from app_driving import click_at
import explorer
from explorer import bots
from rules_explorer_nim.view import app, gallery_picture, layout, move_hints, scene
from rules_explorer_nim.view.board import NimBoard
from rules_explorer_nim.view.layout import WIDTH
from rules_explorer_nim.view.pick import cursor_keys, take_at
from rules_explorer_nim.view.score_pad import categorize
from widgets.shared.board import BoardView
from widgets.shared.board_text import board_text_html
from widgets.shared.scene import Text, View, hit_test, overlaps
from widgets.shared.score_sheet import pad_rows

GAME = explorer.GAMES["nim"]
Take = GAME.action_types["take"]


def positions():
    for seed in range(4):
        states, _ = bots.play(GAME.setup(2, seed), bots.RandomBot(seed))
        yield from states


# -- geometry and drawing --------------------------------------------------------------------

@pytest.mark.parametrize("state", list(positions())[::3])
def test_every_slot_is_placed_once_inside_the_canvas_without_overlap(state):
    lay = layout(state)
    assert sorted(b.key for b in lay.counters) == sorted(
        ("counter", h, j) for h, size in enumerate(state.sizes) for j in range(size))
    assert [b.filled for b in lay.counters] == [j < state.heaps[h]
                                                for h, size in enumerate(state.sizes)
                                                for j in range(size)]
    for a, b in itertools.combinations(lay.counters + lay.seats, 2):
        assert not overlaps(a, b), (a.key, b.key)
    for box in lay.counters + lay.rows + lay.seats:
        assert 0 <= box.x and box.x + box.w <= WIDTH and 0 <= box.y
        assert box.y + box.h <= lay.height


def test_a_click_on_a_slot_hits_it_and_takes_it_and_those_to_its_right():
    state = GAME.position(heaps=[3, 2, 5], sizes=[3, 4, 5])
    sc = scene(state)
    for box in layout(state).counters:
        assert hit_test(sc.regions, *box.center) == box.key
    assert take_at(state, 2, 1) == Take(0, 2, 4)
    assert take_at(state, 1, 3) == Take(0, 1, 0)        # an empty place: the engine refuses
    assert cursor_keys(state, Take(0, 2, 4)) == tuple(("counter", 2, j) for j in range(1, 5))


def test_the_legal_slots_are_the_engines_moves():
    state = GAME.position(heaps=[3, 0, 2], sizes=[3, 4, 5])
    assert move_hints(state).takes == {("counter", 0, 0), ("counter", 0, 1), ("counter", 0, 2),
                                       ("counter", 2, 0), ("counter", 2, 1)}
    assert move_hints(state.view(0)).takes == set()     # a view is for display only


def test_text_is_at_least_16px_and_the_header_says_who_moves():
    state = GAME.setup(2, 1)
    sc = scene(state, View(move_hints(state)))
    sizes = [s.size for shapes in sc.layers.values() for s in shapes if isinstance(s, Text)]
    assert min(sizes) >= 16
    assert "To move: Player 1 · 12 counters left" in sc.texts()
    over = GAME.position(heaps=[0, 0, 0], last=1)
    assert {"Player 1: loses", "Player 2: wins"} <= set(scene(over).texts())


def test_the_gallery_picture_is_an_svg_drawn_in_the_pages_words():
    svg = gallery_picture(420)
    assert svg.startswith("<svg") and 'width="420"' in svg
    assert "Heap 1" in svg
    assert "⟦" in gallery_picture(420, words=lambda text: f"⟦{text}⟧")


def test_the_score_pad_has_one_row_with_the_end_rule():
    sheet = GAME.position(heaps=[0, 0, 0], last=0).score()
    rows = pad_rows(sheet, categorize)
    assert len(rows) == 1 and rows[0].rules == ["nim.end.last_counter"]
    assert rows[0].cells[0].points == 1 and rows[0].cells[1].points == 0


# -- the app ---------------------------------------------------------------------------------

@pytest.fixture
def shell():
    return app().explorer


def click(shell, key):
    """A board click at the centre of `key`, as the browser reports it (CSS pixels)."""
    click_at(shell, *shell.board.layout.box(key).center)


def test_the_app_builds_on_the_shared_board_base(shell):
    assert isinstance(shell.board, NimBoard) and isinstance(shell.board, BoardView)
    assert "rx-app" in app()._dom_classes
    assert shell.timeline.index == 0 and len(shell.timeline) == 3
    assert shell.rules.rule_ids == ["nim.components.counters"]
    assert shell.board.canvas.scene.width == WIDTH


def test_a_click_during_setup_narration_plays_nothing(shell):
    shell.bar.forward.click()
    click(shell, ("counter", 0, 0))
    assert len(shell.timeline) == 3 and "Set-up is still being narrated" in shell.message.text


def test_clicking_a_counter_takes_it_and_every_counter_to_its_right(shell):
    shell.bar.last.click()
    state = shell.timeline.frame.state
    click(shell, ("counter", 1, 1))
    assert shell.timeline.frame.action == Take(0, 1, state.heaps[1] - 1)
    after = shell.timeline.frame.state
    assert after.heaps[1] == 1 and after.current_player == 1
    assert shell.message.text == "" and "nim.turn.take" in shell.rules.rule_ids


def test_an_illegal_click_shows_the_refusal_with_its_rule(shell):
    shell.bar.last.click()
    assert shell.timeline.frame.state.heaps == (4, 5, 3)      # seed 1
    click(shell, ("counter", 0, 0))                      # Player 1 takes the whole first heap
    frames = len(shell.timeline)
    click(shell, ("counter", 0, 1))                      # a place in the empty heap
    assert len(shell.timeline) == frames
    assert shell.message.text == ("Not allowed: heap 1 is empty: choose a heap that still has "
                                  "counters — rule nim.turn.empty_heap")
    assert "nim.turn.empty_heap" in shell.rules.rule_ids
    click(shell, ("counter", 1, 2))                      # Player 2 takes 3 of 5, leaving 2
    assert shell.timeline.frame.state.heaps == (0, 2, 3) and shell.message.text == ""
    click(shell, ("counter", 1, 3))                      # the empty place right of them
    assert len(shell.timeline) == frames + 1
    assert shell.message.text == ("Not allowed: take at least one counter, not 0: there is "
                                  "no passing — rule nim.turn.at_least_one")


def test_the_pointer_and_the_keyboard_mark_what_a_move_takes(shell):
    shell.bar.last.click()
    board = shell.board
    board.hover_at(("counter", 2, 1))
    marked = [s for s in board.canvas.scene.layers["highlights"]
              if isinstance(s, Text) and s.text == "✕"]
    assert len(marked) == board.frame.state.heaps[2] - 1
    action = Take(0, 0, 1)
    board.preview(action)
    assert board.move_group(action) == "Take from heap 1"
    marked = [s for s in board.canvas.scene.layers["highlights"]
              if isinstance(s, Text) and s.text == "✕"]
    assert len(marked) == 1


def test_the_board_as_text_lists_every_heap_and_the_player_to_move(shell):
    shell.bar.last.click()
    state = shell.timeline.frame.state
    sections = shell.board.board_text(state, None)
    html = board_text_html(sections, str)
    for h, left in enumerate(state.heaps):
        assert f'<th scope="row">Heap {h + 1}</th><td>{left}</td>' in html
    assert "Player 1 (to move)" in html


def test_the_game_ends_with_a_score_sheet(shell):
    shell.bar.last.click()
    for heap in range(3):
        click(shell, ("counter", heap, 0))
    state = shell.timeline.frame.state
    assert state.is_over and state.score().winners == [0]
    shell.tabs.selected_index = 1
    assert "nim.<wbr>end.<wbr>last_counter" in shell.score.html.value
    click(shell, ("counter", 0, 0))
    assert "The game is over" in shell.message.text


def test_the_page_of_any_game_opens_nim():
    from widgets.game_page import game_page
    root = game_page("?game=nim")
    assert isinstance(root.explorer.board, NimBoard)
