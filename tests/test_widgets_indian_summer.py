"""The Indian Summer app without a browser: picking, drawing data, clicking and pressing to play."""
from __future__ import annotations

import itertools

import pytest

from app_driving import click_at, state_of
import explorer
from explorer import bots
from explorer.indian_summer import Animal, EndTurn, Exchange, Feather, Mushroom, Nut, Place, Refill
from explorer.indian_summer import components as C
from explorer.indian_summer.board import printed_treasure
from explorer.indian_summer.geometry import cells_of, orientation_of
from random_play import app_after_setup
from widgets.indian_summer import app, gallery_picture, layout, move_hints, scene
from widgets.indian_summer.draw import strip_tiles
from widgets.indian_summer.layout import HEIGHT, WIDTH
from widgets.indian_summer.pick import ANIMAL, LEAF, Pick
from widgets.indian_summer.score_pad import categorize
from widgets.shared.models import is_visible
from widgets.shared.scene import Text, View, hit_test, overlaps
from widgets.shared.score_sheet import pad_rows
from widgets.shared.timeline import SCORING

GAME = explorer.GAMES["indian_summer"]


# -- picking and drawing data ------------------------------------------------------------
def test_every_highlighted_cell_is_a_legal_move_and_every_legal_move_is_highlighted():
    state = GAME.setup(3, 1)
    hints = move_hints(state)
    for name in hints.leaves:
        for rotation, flipped in itertools.product(range(4), (False, True)):
            pick = Pick(LEAF, tile=name, rotation=rotation, flipped=flipped)
            targets = pick.targets(hints)
            o = pick.orientation()
            assert {pick.action_at(c) for c in targets} == {
                Place(name, oo, (x, y)) for oo, x, y in hints.leaves[name] if oo == o}
            for cell in targets:   # the aimed cell is the hole, inside the tile
                cells, hole = pick.covers(cell)
                assert hole == cell and cell in cells


def test_the_orientation_follows_the_engines_turn_and_flip():
    leaf = C.LEAVES[C.TILE_BY_NAME["R22"]]
    for rotation, flipped in itertools.product(range(4), (False, True)):
        pick = Pick(LEAF, tile="R22", rotation=rotation, flipped=flipped)
        assert pick.orientation() == orientation_of(leaf.cells, leaf.hole, rotation, flipped)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_layout_boxes_stay_on_the_canvas_and_do_not_overlap(players):
    state = GAME.setup(players, players)
    lay = layout(state, strip=6)
    boxes = [lay.board, lay.preview] + lay.strip + lay.animals + lay.rows + lay.solo_ends
    boxes += [b for row in lay.solo_paths.values() for b in row] + lay.track
    for a, b in itertools.combinations(boxes, 2):
        inside_row = a.key[0] == "row" or b.key[0] == "row"
        if not inside_row:
            assert not overlaps(a, b), (a.key, b.key)
    for b in boxes + lay.minis:
        assert 0 <= b.x and b.x + b.w <= WIDTH and 0 <= b.y and b.y + b.h <= HEIGHT, b.key
    assert lay.cell_at(*lay.cell_center((7, 8))) == (7, 8) and lay.cell_at(0, 0) is None


def test_scene_text_is_readable_and_names_the_illustrative_set():
    state = GAME.setup(4, 2)
    sc = scene(state, View(move_hints(state), Pick(tile=C.tile_name(state.paths[0][0])), True))
    sizes = [s.size for layer in sc.layers.values() for s in layer if isinstance(s, Text)]
    assert min(sizes) >= 12
    assert any("Illustrative component set" in t for t in sc.texts())
    assert hit_test(sc.regions, *layout(state).cell_center((3, 3))) == ("board",)
    for p in range(4):
        assert any(t.startswith(f"Player {p + 1}") for t in sc.texts())


def test_the_preview_under_the_pointer_names_the_treasure_under_the_hole():
    state = GAME.setup(3, 1)
    hints = move_hints(state)
    pick = Pick(tile="G05")
    floor = state.floors[0].layout
    cell = next(c for c in sorted(pick.targets(hints)) if printed_treasure(floor, c))
    marks = scene(state, View(hints, pick, True, hover=cell)).layers["highlights"]
    assert f"+ {printed_treasure(floor, cell)}" in [m.text for m in marks if isinstance(m, Text)]
    earth = next(c for c in sorted(pick.targets(hints)) if not printed_treasure(floor, c))
    marks = scene(state, View(hints, pick, True, hover=earth)).layers["highlights"]
    assert "earth: no token" in [m.text for m in marks if isinstance(m, Text)]


def test_kept_floors_draw_each_step_as_floors_built_afresh():
    """A floor's shapes are kept between steps (keyed by the floor and where it is drawn): a
    step drawn after many others, and its scoring, is the scene built with nothing kept."""
    from widgets.indian_summer import draw

    state, bot, states = GAME.setup(4, 3), bots.RandomBot(3), []
    while not state.is_over:
        states.append(state)
        state = state.apply(bot.choose(state))
    shown = states[::15] + [state]

    def frame(s):
        sheet = s.score() if s.is_over else None
        return scene(s, View(move_hints(s), Pick(), playable=True, sheet=sheet))

    kept = [frame(s) for s in shown] + [frame(s) for s in reversed(shown)]
    assert draw.floor_shapes.cache_info().hits > 0
    for s, sc in zip(shown + shown[::-1], kept):
        draw.floor_shapes.cache_clear()
        assert frame(s) == sc


def test_gallery_picture_is_an_svg_of_the_real_renderer():
    svg = gallery_picture(width=420)
    assert svg.startswith("<svg") and 'width="420"' in svg and "Forest circle" in svg


# -- the app -------------------------------------------------------------------------------
@pytest.fixture
def shell():
    return app_after_setup(app, players=3, seed=1)


def click_cell(shell, cell):
    click_at(shell, *shell.board.layout.cell_center(cell))


def treasure_target(shell):
    board = shell.board
    floor = state_of(shell).floors[state_of(shell).current_player].layout
    return next(c for c in sorted(board.pick.targets(board.hints)) if printed_treasure(floor, c))


def test_app_starts_at_the_first_setup_step_with_every_control_off():
    s = app().explorer
    assert "rx-app" in s.root._dom_classes
    assert s.timeline.index == 0 and s.rules.rule_ids[0] == "indian_summer.setup.components"
    assert s.board.canvas.scene.width == WIDTH
    c = s.board.controls
    for button in (c.berry, c.nut, c.exchange, c.animal, c.mushroom, c.feather, c.end):
        assert button.disabled
        assert button.tooltip == "Not now: set-up is still being narrated: go to its last step to play"


def test_a_tile_turned_and_flipped_by_buttons_and_keys_is_laid_with_its_treasure(shell):
    board = shell.board
    board.controls.choice.value = "R22"
    board.controls.turn.click()
    shell._key({"key": "r"})
    shell._key({"key": "q"})
    board.controls.flip.click()
    assert (board.pick.tile, board.pick.rotation, board.pick.flipped) == ("R22", 1, True)
    assert "turned 90°" in board.canvas.scene.texts() and "flipped" in board.canvas.scene.texts()
    cell = treasure_target(shell)
    treasure = printed_treasure(state_of(shell).floors[0].layout, cell)
    click_cell(shell, cell)
    frame = shell.timeline.frame
    leaf = C.LEAVES[C.TILE_BY_NAME["R22"]]
    assert frame.action.tile == "R22"
    assert frame.action.orientation == orientation_of(leaf.cells, leaf.hole, 1, True)
    assert frame.state.floors[0].token_at(cell) == treasure
    assert "indian_summer.treasure.hole" in shell.rules.rule_ids and shell.message.text == ""
    assert "R22" not in [v for _, v in board.controls.choice.options]
    assert board.controls.choice.options == ()           # the tile action is done
    assert not board.controls.end.disabled


def test_an_illegal_placement_is_refused_with_its_rule_and_nothing_changes(shell):
    before, frames = state_of(shell), len(shell.timeline)
    shell.board.controls.choice.value = "R22"
    click_cell(shell, (7, 8))                  # the hole at the corner: the tile sticks out
    assert len(shell.timeline) == frames and state_of(shell) is before
    assert shell.message.text.startswith("Not allowed:")
    assert shell.message.text.endswith("— rule indian_summer.place.edge")
    assert shell.rules.rule_ids[0] == "indian_summer.place.edge"
    board = shell.board
    click_cell(shell, treasure_target(shell))
    shell.board.controls.end.click()
    shell.board.controls.end.click()          # Player 2 has laid nothing yet: refused
    assert shell.message.text.endswith("— rule indian_summer.place.tile_action")


def test_a_nut_squirrel_and_an_exchange(shell):
    controls = shell.board.controls
    assert not controls.nut.disabled
    controls.nut.value = True
    assert shell.board.pick.mode == "nut"
    click_cell(shell, (0, 0))
    frame = shell.timeline.frame
    assert frame.action == Nut((0, 0)) and frame.state.tokens(0)["nut"] == 0
    assert (0, 0) in frame.state.floors[0].squirrels
    assert controls.nut.disabled and controls.nut.tooltip == "Not now: Player 1 has no nut"
    controls.exchange_choice.value = Exchange("mushroom", "nut")
    controls.exchange.click()
    assert shell.timeline.frame.action == Exchange("mushroom", "nut")
    assert state_of(shell).tokens(0) == {"berry": 1, "nut": 1, "mushroom": 0, "feather": 0}


def test_disabled_controls_say_why_in_words(shell):
    c = shell.board.controls
    assert c.feather.disabled and c.feather.tooltip == "Not now: Player 1 has no feather"
    assert c.end.disabled and "tile action" in c.end.tooltip
    assert c.animal.disabled and "empty holes" in c.animal.tooltip
    for b in (c.berry, c.nut, c.exchange, c.animal, c.mushroom, c.feather, c.end, c.turn, c.flip):
        assert b.tooltip and not any(code in b.tooltip for code in (
            "Feather(", "EndTurn(", "Animal(", "Exchange(", "Nut(", "Berry(", "Mushroom(", "None"))


def test_a_mushroom_turn_lays_both_tiles_taken(shell):
    board = shell.board
    click_cell(shell, treasure_target(shell))
    board.controls.end.click()                             # Player 2's turn
    assert board.controls.mushroom_choice.options[0][0] == "Player 1 + Player 3"
    board.controls.mushroom.click()
    state = state_of(shell)
    assert shell.timeline.frame.action == Mushroom((0, 2)) and state.phase == "place"
    assert [C.tile_name(t) for t in strip_tiles(state)] == [v for _, v in
                                                            board.controls.choice.options]
    assert board.controls.end.disabled and "first" in board.controls.end.tooltip
    for _ in range(2):
        click_cell(shell, sorted(board.pick.targets(board.hints))[0])
    state = state_of(shell)
    assert state.phase == "turn" and state.tile_done and len(state.floors[1].leaves) == 2
    board.controls.end.click()
    assert state_of(shell).current_player == 2


def play_until(shell, wanted, limit=400):
    """Let a bot play through the app until `wanted(board)` holds at the start of a decision."""
    bot = bots.GreedyBot(5)
    for _ in range(limit):
        if wanted(shell.board):
            return
        assert shell.try_action(bot.choose(state_of(shell)))
    pytest.fail("the position wanted never came")


def test_a_feather_turn_lays_two_path_tiles(shell):
    play_until(shell, lambda b: bool(b.hints.feathers))
    board = shell.board
    p = state_of(shell).current_player
    choice = board.controls.feather_choice.value
    board.controls.feather.click()
    assert shell.timeline.frame.action == choice and isinstance(choice, Feather)
    assert state_of(shell).phase == "place" and state_of(shell).need == 2
    laid = len(state_of(shell).floors[p].leaves)
    for _ in range(2):
        click_cell(shell, sorted(board.pick.targets(board.hints))[0])
    assert len(state_of(shell).floors[p].leaves) == laid + 2 and state_of(shell).tile_done


def test_an_animal_is_laid_on_empty_holes_by_the_button_and_a_click(shell):
    play_until(shell, lambda b: bool(b.hints.animals))
    board = shell.board
    state = state_of(shell)
    p = state.current_player
    kind = board.controls.animal_choice.value
    press(board.controls.animal)
    assert board.pick.mode == ANIMAL and board.pick.animal == kind
    board.controls.turn.click()
    targets = sorted(board.pick.targets(board.hints))
    if not targets:
        board.controls.turn.click()
        board.controls.turn.click()
        board.controls.turn.click()
        targets = sorted(board.pick.targets(board.hints))
    click_cell(shell, targets[0])
    frame = shell.timeline.frame
    assert isinstance(frame.action, Animal) and frame.action.animal == kind
    assert frame.state.animals_left[C.ANIMAL_BY_NAME[kind]] == state.animals_left[
        C.ANIMAL_BY_NAME[kind]] - 1
    assert "indian_summer.animal.holes" in shell.rules.rule_ids
    assert board.controls.animal.disabled and board.controls.animal.tooltip == (
        "Not now: only one animal per turn")
    assert p == frame.state.current_player


def press(button):
    """A person's click on a button, whether it is a toggle or a plain button."""
    if hasattr(button, "click"):
        button.click()
    else:
        button.value = not button.value


def test_the_animal_chosen_in_the_dropdown_stays_chosen_when_lay_animal_is_pressed():
    shell = app(players=3, seed=3).explorer
    shell.bar.last.click()
    play_until(shell, lambda b: len(b.hints.animals) >= 2 and bool(b.hints.nut))
    board, c = shell.board, shell.board.controls
    first, second = [v for _, v in c.animal_choice.options][:2]
    c.animal_choice.value = second                       # choosing it selects it for laying
    assert board.pick.mode == ANIMAL and board.pick.animal == second
    for _ in range(2):                                   # pressing Lay animal never undoes it
        press(c.animal)
        assert board.pick.mode == ANIMAL and board.pick.animal == second
        assert c.animal_choice.value == second
    press(c.nut)                                         # a squirrel for a nut instead
    assert board.pick.mode == "nut" and c.animal_choice.value == second   # kept for later
    press(c.animal)
    assert board.pick.mode == ANIMAL and board.pick.animal == second
    c.animal_choice.value = first
    assert board.pick.mode == ANIMAL and board.pick.animal == first


def test_clicking_a_small_board_looks_at_it_and_a_click_there_is_explained(shell):
    mini = shell.board.layout.box(("mini", 2))
    click_at(shell, *mini.center)
    assert shell.board.layout.focus == 2
    assert any("Player 3's board" in t for t in shell.board.canvas.scene.texts())
    frames = len(shell.timeline)
    click_cell(shell, (3, 3))
    assert len(shell.timeline) == frames and "Player 1 is playing" in shell.message.text


def test_the_solo_game_has_its_own_layout_and_refills_from_a_path_end():
    s = app(players=1, seed=1).explorer
    s.bar.last.click()
    board = s.board
    texts = board.canvas.scene.texts()
    assert "Upper path" in texts and "Lower path" in texts and "10" in texts
    assert any(t.startswith("Turn track") for t in texts)
    assert board.layout.box(("solo-end", "upper", "left")) is not None
    assert is_visible(board.controls.solo_box)
    source = ("lower", "right")
    board.controls.source.value = source
    board.controls.berry.click()        # a 6th tile from the chosen end
    assert s.timeline.frame.action.kind == "berry" and s.timeline.frame.action[:] == source
    bot = bots.GreedyBot(2)
    while state_of(s).phase != "refill":
        assert s.try_action(bot.choose(state_of(s)))
    end = board.layout.box(("solo-end", "upper", "left"))
    click_at(s, *end.center)
    assert s.timeline.frame.action == Refill("upper", "left")


def test_a_game_played_to_the_end_shows_the_score_pad_and_the_empty_cells():
    s = app(players=2, seed=3).explorer
    s.bar.last.click()
    bot = bots.GreedyBot(1)
    while not state_of(s).is_over:
        assert s.try_action(bot.choose(state_of(s)))
    s.bar.last.click()
    frame = s.timeline.frame
    assert frame.kind == SCORING
    sheet = frame.state.score()
    html = s.score.html.value
    assert html.count('class="rx-score-line"') == len(pad_rows(sheet, categorize))
    assert "Empty cells (−1 each)" in html and "Winner" in html
    texts = s.board.canvas.scene.texts()
    assert any("points" in t for t in texts) and texts[0].startswith("Game over")
    empty = frame.state.floors[s.board.layout.focus].empty_cells
    assert texts.count("−1") == empty
    frames = len(s.timeline)
    s.board.lay_at((0, 0))
    assert s.message.text.startswith("The game is over") and len(s.timeline) == frames


def test_the_solo_score_pad_lists_the_tokens_left():
    state = GAME.setup(1, 4)
    bot = bots.GreedyBot(3)
    while not state.is_over:
        state = state.apply(bot.choose(state))
    rows = [categorize(line) for line in state.score().lines]
    assert all(r.title in ("Empty cells (−1 each)",) or r.title.endswith("each)") for r in rows)


def test_stepping_back_redraws_and_switches_the_controls_off(shell):
    click_cell(shell, treasure_target(shell))
    after = shell.board.canvas.scene.layers["pieces"]
    shell.bar.first.click()
    assert shell.board.canvas.scene.layers["pieces"] != after
    assert shell.board.controls.berry.disabled
    shell._key({"key": "End"})
    assert shell.board.canvas.scene.layers["pieces"] == after
    assert EndTurn() in state_of(shell).legal_actions() and not shell.board.controls.end.disabled


def test_the_final_squirrels_are_placed_by_click_with_what_each_cell_pays():
    from explorer.indian_summer.scoring import best_squirrel, payout
    bot, state, actions = bots.RandomBot(3), explorer.GAMES["indian_summer"].setup(3, 5), []
    while state.phase != "squirrels":
        assert not state.is_over, "this game must end with squirrels to place"
        actions.append(bot.choose(state))
        state = state.apply(actions[-1])
    shell = app(players=3, seed=1).explorer
    assert shell.new_game(3, 5, {}, actions, step=10**9)
    state, board = state_of(shell), shell.board
    p = state.current_player
    empty = set(cells_of(state.floors[p].empty))
    assert board.pick.mode == "nut" and board.pick.targets(board.hints) == empty
    c = board.controls
    assert is_visible(c.best) and not c.best.disabled
    assert not is_visible(c.end) and not is_visible(c.berry)
    assert "place a squirrel with a nut" in " ".join(board.canvas.scene.texts())
    paying = [cell for cell in empty if payout(state, cell) is not None]
    if any(payout(state, cell) == () for cell in paying):
        assert "✓" in board.canvas.scene.texts()
    cell = min(empty)
    click_cell(shell, cell)
    assert cell in state_of(shell).floors[p].squirrels and shell.message.text == ""
    if state_of(shell).phase == "squirrels":
        before = state_of(shell)
        c.best.click()
        best = best_squirrel(before).at
        assert best in state_of(shell).floors[before.current_player].squirrels
    shell.timeline.go(0)                                 # back in time: the turn's buttons return
    shell.refresh()
    assert not is_visible(c.best)


def test_a_solo_pad_says_won_or_lost_with_its_score_and_names_no_winner():
    from pathlib import Path

    from explorer.core import ScoreLine, ScoreSheet
    from widgets.shared.score_sheet import PADS, ScoreSheetView, sheet_html
    header = (Path(__file__).parent / "golden" / "indian_summer_solo.txt").read_text() \
        .split("\n", 1)[0]
    lost = explorer.replay(explorer.Record.from_json(header))[-1]
    view = ScoreSheetView()
    view.show(lost)
    html = view.html.value
    assert "Solo game lost" in html and "score −18" in html
    assert "Winner" not in html and "★" not in html and "Tie-break" not in html
    assert "Result: the board is not full" in html
    s = app(players=1, seed=lost.seed).explorer                  # the board's own card says it
    actions = [GAME.action_from_json(a) for a in explorer.Record.from_json(header).actions]
    assert s.new_game(1, lost.seed, {}, actions, step=10**9)
    assert "lost · -18 points" in s.board.canvas.scene.texts()
    tokens = [ScoreLine(0, "3 nuts left x 2", 6, "indian_summer.solo.win",
                        {"kind": "nut", "left": 3, "each": 2}),
              ScoreLine(0, "1 berry left x 1", 1, "indian_summer.solo.win",
                        {"kind": "berry", "left": 1, "each": 1})]
    won = ScoreSheet({0: 7}, [0], tokens, "the board is full: the solo game is won",
                     "indian_summer.solo.win")
    html = sheet_html(won, 1, PADS["indian_summer"])
    assert "Solo game won" in html and "score 7" in html and "Winner" not in html
    assert "Nut tokens left (2 each)" in html and "Result: the board is full" in html
