"""The Cacao app without a browser: grid geometry, drawing data, clicking to play, scoring."""
from __future__ import annotations

import itertools
from html import escape

import pytest

from app_driving import click_at, state_of
import explorer
from explorer import bots
from explorer.cacao import Decline, Fill, Place, Rebuild, Work
from explorer.cacao import components as C
from explorer.cacao import examples
from random_play import app_after_setup
from widgets.cacao import app, layout, move_hints, scene
from widgets.cacao.geometry import Area, MAX_CELL, MIN_CELL, bounds, edge_rect, fit, worker_marks
from widgets.cacao.layout import GRID, WIDTH, board_box
from widgets.cacao.score_pad import categorize
from widgets.shared.scene import Text, View, hit_test, overlaps
from widgets.shared.score_sheet import pad_rows
from widgets.shared.timeline import SCORING

GAME = explorer.GAMES["cacao"]


def random_game(players=3, seed=1, bot_seed=1):
    return bots.play(GAME.setup(players, seed), bots.RandomBot(bot_seed))


# -- geometry --------------------------------------------------------------------------
def test_fit_centres_the_board_and_keeps_cells_between_the_limits():
    area = Area(10, 20, 700, 500)
    vp = fit((-1, -1, 2, 2), area)                    # 4 x 4 cells: capped at MAX_CELL
    assert vp.cell == MAX_CELL
    left, top, _, _ = vp.rect((-1, -1))
    right, bottom, s, _ = vp.rect((2, 2))
    assert abs((left + right + s) / 2 - (area.x + area.w / 2)) < 1e-9
    assert abs((top + bottom + s) / 2 - (area.y + area.h / 2)) < 1e-9
    big = fit((-10, -6, 9, 5), area)                  # 20 x 12 cells: width limits
    assert big.cell == pytest.approx(700 / 20)
    assert all(big.visible(c, whole=True) for c in [(-10, -6), (9, 5), (-10, 5), (9, -6)])
    huge = fit((-40, -40, 40, 40), area)
    assert huge.cell == MIN_CELL                      # never unreadably small: pan instead


def test_zoom_and_pan_move_the_view_by_whole_cells():
    area = Area(0, 0, 600, 600)
    base = fit((0, 0, 5, 5), area)
    zoomed = fit((0, 0, 5, 5), area, zoom=2.0)
    assert zoomed.cell == pytest.approx(2 * base.cell)
    assert zoomed.center((2, 2))[0] < base.center((2, 2))[0] + zoomed.cell  # still centred
    panned = fit((0, 0, 5, 5), area, pan=(1, -2))
    assert panned.rect((3, 3))[0] == pytest.approx(base.rect((2, 3))[0])
    assert panned.rect((3, 3))[1] == pytest.approx(base.rect((3, 5))[1])


@pytest.mark.parametrize("zoom,pan", [(1.0, (0, 0)), (1.7, (1, 2)), (0.5, (-3, 1))])
def test_pixel_to_cell_inverts_cell_to_pixel(zoom, pan):
    vp = fit((-3, -2, 4, 5), GRID, zoom, pan)
    for cell in itertools.product(range(-3, 5), range(-2, 6)):
        x, y, s, _ = vp.rect(cell)
        if vp.visible(cell, whole=True):
            assert vp.cell_at(x + s / 2, y + s / 2) == cell
            assert vp.cell_at(x + 1, y + 1) == cell and vp.cell_at(x + s - 1, y + s - 1) == cell
    assert vp.cell_at(GRID.x - 1, GRID.y + 5) is None


def test_bounds_and_board_box_leave_a_ring_of_free_cells():
    assert bounds([]) == (0, 0, 1, 1)
    assert bounds([(3, -2), (-1, 4)]) == (-1, -2, 3, 4)
    start = GAME.setup(3, 1)
    assert board_box(start) == (-1, -1, 2, 2)         # start tiles on (0, 0) and (1, 1)


def test_workers_are_drawn_inside_their_side_of_the_tile():
    rect = (100, 200, 80, 80)
    for side in range(4):
        for n in range(1, 4):
            marks = worker_marks(rect, side, n)
            assert len(marks) == n
            band = edge_rect(rect, side, depth=0.3)
            for m in marks:
                assert band[0] <= m[0] and m[0] + m[2] <= band[0] + band[2] + 1e-9
                assert band[1] <= m[1] and m[1] + m[3] <= band[1] + band[3] + 1e-9
            for a, b in itertools.combinations(marks, 2):
                assert not overlaps(_R(*a), _R(*b))
    assert worker_marks(rect, 0, 0) == []


class _R:
    def __init__(self, x, y, w, h):
        self.x, self.y, self.w, self.h = x, y, w, h


# -- layout and drawing data -----------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_layout_panels_do_not_overlap_and_stay_on_the_canvas(players):
    states, _ = random_game(players, seed=players)
    for state in states[::17]:
        lay = layout(state)
        boxes = lay.hands + lay.display + [lay.pile, lay.preview]
        for a, b in itertools.combinations(boxes, 2):
            assert not overlaps(a, b), (a.key, b.key)
        for b in boxes + lay.rows:
            assert 0 <= b.x and b.x + b.w <= WIDTH and 0 <= b.y and b.y + b.h <= lay.height
            assert not overlaps(b, GRID), b.key               # panels never cover the grid
        # the whole board is in view at the default zoom (it is fitted as the game grows)
        for cell in list(state.jungle) + list(state.workers):
            assert lay.viewport.visible(cell, whole=True), cell


def test_scene_draws_every_tile_with_its_label_and_hides_other_hands():
    states, _ = random_game()
    state = states[len(states) // 2]
    texts = scene(state).texts()
    for tile in state.jungle.values():
        label = {"plantation": "CACAO", "market": "MARKET", "gold_mine": "GOLD",
                 "water": "WATER", "sun_worship": "SUN", "temple": "TEMPLE"}[C.jungle_kind(tile)]
        assert label in texts
    start = GAME.setup(3, 1)
    assert scene(start).texts().count("?") == 1                 # the jungle pile
    assert scene(start.view(0)).texts().count("?") == 1 + 6     # + both other hands
    sizes = [s.size for layer in scene(start).layers.values() for s in layer if isinstance(s, Text)]
    assert min(sizes) >= 14                                      # projector-readable at the start


def test_hints_come_from_the_engine_legal_actions():
    start = GAME.setup(3, 1)
    hints = move_hints(start)
    assert hints.place == set(start.place_cells()) and hints.patterns == {"1-1-1-1", "2-1-0-1"}
    assert move_hints(start.view(0)).place == set()              # a view is for display only
    sc = scene(start, View(hints))
    lay = layout(start)
    for cell in hints.place:
        assert hit_test(sc.regions, *lay.cell_center(cell)) == ("grid",)
    for box in lay.hands + lay.display:
        assert hit_test(sc.regions, *box.center) == box.key


# -- the app ---------------------------------------------------------------------------
@pytest.fixture
def shell():
    return app_after_setup(app)


def click_cell(shell, cell):
    """A board click at the centre of `cell`."""
    click_at(shell, *shell.board.layout.cell_center(cell))


def click_box(shell, key):
    click_at(shell, *shell.board.layout.box(key).center)


def resolve_pending(shell):
    """Press an enabled Use (else Decline) button until no activated worker is left."""
    while state_of(shell).phase == "work":
        use, decline = next((u, d) for u, d in shell.board.pending_buttons
                            if not (u.disabled and d.disabled))
        (decline if use.disabled else use).click()


def test_app_starts_at_the_first_setup_step():
    s = app().explorer
    assert "rx-app" in s.root._dom_classes
    assert s.timeline.index == 0 and len(s.timeline) == 8
    assert s.rules.rule_ids[0] == "cacao.setup.villages"
    assert s.board.canvas.scene.width == WIDTH and s.board.choice.options == ()


def test_place_with_a_rotation_by_buttons_keys_and_a_click(shell):
    board = shell.board
    assert board.pick.pattern == "1-1-1-1"            # the first hand tile is ready
    board.choice.value = "2-1-0-1"
    board.rotate_right.click()
    board.rotate_right.click()
    board.rotate_left.click()
    shell._key({"key": "e"})
    shell._key({"key": "q"})
    assert board.pick.rotation == 1
    assert "turned 90°" in board.canvas.scene.texts()
    click_cell(shell, (1, 0))
    frame = shell.timeline.frame
    assert frame.action == Place("2-1-0-1", (1, 0), 1)
    assert frame.state.workers[(1, 0)].counts == C.workers_of("2-1-0-1", 1) == (1, 2, 1, 0)
    assert shell.message.text == "" and "cacao.place.worker_tile" in shell.rules.rule_ids
    # the bottom worker faces the start market without cacao: it can only decline
    (use, decline), = board.pending_buttons
    assert use.disabled and not decline.disabled
    line = board.pending.children[-1].children[2].value   # says why, in words (the engine's)
    assert "not now: Player 1 (red) has no cacao to sell at the market" in line
    assert use.tooltip == ("Player 1 (red): one worker on the bottom side (S) of the tile at "
                           "(1, 0) sells 1 cacao for 2 gold")
    decline.click()
    assert shell.timeline.frame.action == Decline((1, 0), 2)
    assert state_of(shell).phase == "place" and state_of(shell).current_player == 1


def test_an_illegal_placement_is_refused_with_its_rule_and_nothing_changes(shell):
    before = state_of(shell)
    frames = len(shell.timeline)
    click_cell(shell, (2, -1))                         # touches no jungle tile
    assert len(shell.timeline) == frames and state_of(shell) is before
    assert shell.message.text.startswith("Not allowed:")
    assert shell.message.text.endswith("— rule cacao.place.adjacent")
    assert shell.rules.rule_ids[0] == "cacao.place.adjacent"
    assert "Why not:" in shell.rules.cited.value
    click_cell(shell, (-1, -1))                        # a jungle space touching no tile
    assert shell.message.text.endswith("— rule cacao.place.adjacent")
    click_cell(shell, (0, 0))                          # the start plantation: taken
    assert "is taken" in shell.message.text
    assert shell.message.text.endswith("— rule cacao.place.worker_tile")
    assert len(shell.timeline) == frames and state_of(shell) == before


def test_fill_choice_and_activations_of_several_players(shell):
    board = shell.board
    board.choice.value = "2-1-0-1"
    board.rotate_right.click()
    click_cell(shell, (1, 0))
    board.pending_buttons[0][1].click()               # decline
    board.choice.value = "2-1-0-1"                     # Player 2: a new tile starts unturned
    assert board.pick.rotation == 0
    click_cell(shell, (2, 1))
    state = state_of(shell)
    assert state.phase == "fill" and state.spaces == ((2, 0),)
    assert board.choice.description == "Jungle:" and board.pick.jungle == "market-4"
    click_box(shell, ("display", 1))                  # choose the temple by clicking it...
    assert board.pick.jungle == "temple"
    board.choice.value = "market-4"                   # ...and the market by the buttons
    click_cell(shell, (2, 0))
    frame = shell.timeline.frame
    assert frame.action == Fill("market-4", (2, 0))
    assert C.JUNGLE[frame.state.jungle[(2, 0)]] == "market-4"
    pending = frame.state.pending
    assert {e.player for e in pending} == {0, 1}       # both players' workers activated
    assert len(board.pending_buttons) == len(pending)
    assert "Player 1 (red)" in board.pending.children[-1].children[2].value
    acting = pending[0].player                          # Player 2, whose turn it is
    waits = ["wait: Player 2 (purple) decides first" in line.children[2].value
             for line in board.pending.children[1:]]
    assert waits == [e.player != acting for e in pending] and any(waits)
    assert all(use.disabled for (use, _), wait in zip(board.pending_buttons, waits) if wait)
    resolve_pending(shell)
    state = state_of(shell)
    assert state.phase == "place" and state.current_player == 2
    # Player 3 puts a worker next to the plantation and uses it by clicking the glowing edge
    board.choice.value = "1-1-1-1"
    click_cell(shell, (-1, 0))
    assert state_of(shell).pending[0].side == 1
    sc = board.canvas.scene
    edge = next(r for r in sc.regions if r.key == ("edge", (-1, 0), 1))
    click_at(shell, *edge.center)
    assert shell.timeline.frame.action == Work((-1, 0), 1)
    assert state_of(shell).cacao == (0, 0, 1)


def test_stepping_back_and_forth_redraws_the_board(shell):
    click_cell(shell, (0, 1))
    resolve_pending(shell)
    last = shell.timeline.index
    after = shell.board.canvas.scene.layers["board"]
    shell.bar.back.click()
    assert shell.timeline.index == last - 1
    shell.bar.first.click()
    assert shell.board.canvas.scene.layers["board"] != after
    assert shell.board.choice.options == ()           # nothing to pick while narrating set-up
    shell._key({"key": "End"})
    assert shell.timeline.index == last and shell.board.canvas.scene.layers["board"] == after
    shell.log.entries[3].click()
    assert shell.timeline.index == 3


def test_zoom_pan_and_fit_buttons_change_the_view(shell):
    board = shell.board
    cell = board.layout.viewport.cell
    board.zoom_out.click()
    assert board.layout.viewport.cell < cell
    board.zoom_in.click()
    board.zoom_in.click()
    assert board.layout.viewport.cell > cell
    x = board.layout.viewport.ox
    next(b for b in board.widget.children[-1].children if "rx-pan-right" in b._dom_classes).click()
    assert board.layout.viewport.ox < x
    board.fit_button.click()
    assert board.layout.viewport.cell == cell and board.zoom == 1.0


def test_perspective_hides_other_hands_but_moves_still_work(shell):
    open_marks = shell.board.canvas.scene.texts().count("?")
    assert shell.board.choice.options and "1-1-1-1" in shell.board.canvas.scene.texts()
    shell.perspective.buttons.value = 1                 # Player 2 looks; Player 1 is to move
    texts = shell.board.canvas.scene.texts()
    assert texts.count("?") == open_marks + 6
    assert "1-1-1-1" not in texts and "hidden in" in texts   # no peeking via the preview
    assert shell.board.choice.options == () and "hidden" in shell.board.status.value
    shell.perspective.buttons.value = 0                 # Player 1's own view shows the choice
    assert shell.board.choice.options and "1-1-1-1" in shell.board.canvas.scene.texts()
    click_cell(shell, (0, 1))
    assert shell.timeline.frame.kind == "move" and shell.message.text == ""


def test_random_game_to_the_end_shows_a_score_line_per_temple(shell):
    bot = bots.RandomBot(3)
    while not state_of(shell).is_over:
        assert shell.try_action(bot.choose(state_of(shell)))
    final = state_of(shell)
    temples = sorted(c for c, t in final.jungle.items() if C.jungle_kind(t) == "temple")
    assert temples
    shell.bar.last.click()
    frame = shell.timeline.frame
    assert frame.kind == SCORING and frame.label == "Scoring"
    assert "Final scoring" in frame.narration[0][0] and "arks" not in frame.narration[0][0]
    html = shell.score.html.value
    sheet = final.score()
    assert html.count('class="rx-score-line"') == len(pad_rows(sheet, categorize))
    for t, cell in enumerate(temples, 1):                 # one row per temple on the pad
        assert html.count(escape(f"Temple {t} at {cell}".replace(", ", ",\u00a0"))) == 1
    assert "Winner: " in html and "cacao.scoring.temples" in shell.rules.rule_ids
    # on the board, the scoring step outlines every temple in gold with the gold it pays
    marks = shell.board.canvas.scene.layers["highlights"]
    outlined = [m for m in marks if getattr(m, "stroke", None) == "#ffb300"]
    assert len(outlined) == len([c for c in temples
                                 if shell.board.layout.viewport.visible(c, whole=True)]) > 0
    prizes = sorted(str(pts) for line in sheet.lines if line.label.startswith("temple")
                    for pts in [line.points] if pts)
    chips = sorted(m.text for m in marks if isinstance(m, Text) and m.text.isdigit())
    assert chips == prizes
    # and each row tells its water, sun tokens and temples in gold, and the total
    texts = shell.board.canvas.scene.texts()
    for p in range(final.players):
        assert f"Total: {sheet.totals[p]} gold" in texts
    shell.bar.back.click()                             # the last move: no results drawn
    assert not any(getattr(m, "stroke", None) == "#ffb300"
                   for m in shell.board.canvas.scene.layers["highlights"])
    assert not any(t.startswith("Total:") for t in shell.board.canvas.scene.texts())
    frames = len(shell.timeline)
    click_cell(shell, (0, 1))                          # the game is over: told, nothing changes
    assert shell.message.text.startswith("The game is over") and len(shell.timeline) == frames


def test_clicking_an_own_tile_once_rebuilding_is_open_rebuilds_it(shell):
    bot = bots.RandomBot(1)
    while not (state_of(shell).phase == "place" and shell.board.hints.rebuild):
        assert shell.try_action(bot.choose(state_of(shell)))
    state = state_of(shell)
    p = state.current_player
    assert state.rebuilding_open and state.sun[p] >= 1
    cell = sorted(shell.board.hints.rebuild)[0]
    assert state.workers[cell].owner == p
    assert "↻" in shell.board.canvas.scene.texts()     # the rebuildable tiles are marked
    shell.board.rotate_right.click()
    pattern = shell.board.pick.pattern
    assert shell.board.pick.rotation == 1
    click_cell(shell, cell)
    frame = shell.timeline.frame
    assert frame.action == Rebuild(pattern, cell, 1)
    assert shell.board.pick.rotation == 0                # the next tile starts unturned
    assert frame.state.sun[p] == state.sun[p] - 1 and cell in frame.state.covered
    assert "cacao.rebuild.cost" in shell.rules.rule_ids
    # another player's tile cannot be rebuilt: refused with the rule, nothing changes
    resolve_pending(shell)
    state = state_of(shell)
    other = next(c for c, t in sorted(state.workers.items()) if t.owner != state.current_player)
    frames = len(shell.timeline)
    click_cell(shell, other)
    assert len(shell.timeline) == frames and state_of(shell) is state
    assert shell.message.text.startswith("Not allowed:")
    assert shell.message.text.endswith("— rule cacao.rebuild.own_tile")


def test_a_tile_drawn_from_the_pile_is_offered_in_place_of_the_display():
    start = examples.three_spaces()   # a tile on (2, 1) makes three spaces to fill
    state = start.apply(Place("1-1-1-1", (2, 1), 0))
    state = state.apply(Fill("water", (2, 0))).apply(Fill("gold_mine-2", (2, 2)))
    assert state.phase == "fill" and C.JUNGLE[state.drawn[0]] == "market-3"
    lay = layout(state)
    assert [b.key for b in lay.display] == [("drawn", 0)]
    hints = move_hints(state)
    assert hints.fill_tiles == {C.JUNGLE[state.drawn[0]]}
    sc = scene(state, View(hints, playable=True))
    assert "Drawn from the pile" in sc.texts()
    assert hit_test(sc.regions, *lay.display[0].center) == ("drawn", 0)


def test_new_game_with_four_players_and_an_option_keeps_the_board_frame(shell):
    height = shell.board.canvas.scene.height
    panel = shell.setup_panel
    panel.players.value = 4
    panel.seed.value = "7"
    panel.controls["activation_order"].widget.value = "per_worker"
    panel.new_game.click()
    state = state_of(shell)
    assert shell.message.text == "" and state.players == 4 and state.seed == 7
    assert state.options["activation_order"] == "per_worker"
    # one size for any number of players: the board is not shown smaller with more rows
    assert shell.board.canvas.scene.height == height and len(shell.board.layout.rows) == 4
    panel.seed.value = "seven"
    panel.new_game.click()
    assert shell.message.text.startswith("the seed must be a whole number")


def test_the_grid_edges_carry_the_engine_cell_numbers():
    start = GAME.setup(3, 1)
    lay = layout(start)
    texts = [t for t in scene(start, lay=lay).layers["board"] if isinstance(t, Text)]
    above = {t.text: t for t in texts if GRID.y - 20 <= t.y < GRID.y and t.x >= GRID.x}
    left = {t.text: t for t in texts if GRID.x - 32 <= t.x < GRID.x and t.y >= GRID.y}
    for n in ("-1", "0", "1", "2"):                   # the start tiles sit on (0, 0) and (1, 1)
        x, y = lay.cell_center((int(n), int(n)))
        assert above[n].x == pytest.approx(x) and left[n].y == pytest.approx(y)
        assert above[n].size >= 16 and left[n].size >= 16


def test_the_scoring_step_tells_water_sun_and_temples_on_each_row():
    states, _ = random_game(4, seed=3, bot_seed=2)
    final = states[-1]
    sheet = final.score()
    texts = scene(final, View(sheet=sheet)).texts()
    assert not any(t.startswith("Total:") for t in scene(final).texts())   # scoring step only
    for p in range(4):
        pts = {rule: sum(l.points for l in sheet.lines_for(p) if l.rule.startswith(rule))
               for rule in ("cacao.scoring.water", "cacao.scoring.sun", "cacao.scoring.temple")}
        water, sun = pts["cacao.scoring.water"], pts["cacao.scoring.sun"]
        assert water == C.WATER_TRACK[final.water[p]]
        assert f"= {water:+d}" in texts                 # after the water track
        assert f"Sun ×{final.sun[p]}: {sun:+d} gold" in texts
        assert f"Temples: {pts['cacao.scoring.temple']:+d} gold" in texts
        assert f"Total: {sheet.totals[p]} gold" in texts
    sc = scene(final, View(sheet=sheet))
    sizes = [s.size for layer in sc.layers.values() for s in layer if isinstance(s, Text)]
    assert min(sizes) >= 16


def test_the_grid_keeps_one_scale_through_a_game():
    """Stepping through a game never rescales the grid: it is fitted to the largest board the
    game reaches (its last step). Playing on, it zooms out only when a tile lands outside the
    view, a few cells at a time, and never zooms back in during the game; a link to a step
    draws the grid at the very scale stepping there drew it."""
    shell = app(players=4, seed=5).explorer
    board = shell.board
    shell.go(shell.timeline.setup_count - 1)
    bot = bots.RandomBot(3)
    cells = []
    while not shell.timeline.frame.state.is_over:
        shell.play(bot.choose(shell.timeline.frame.state))
        cells.append(board.layout.viewport.cell)
    assert cells == sorted(cells, reverse=True)          # only ever zooms out while playing
    assert len(set(cells)) <= 5                           # and seldom (random bots sprawl)
    stepped = set()
    for index in [*range(shell.timeline.last, -1, -3), 0, shell.timeline.last]:
        shell.go(index)
        stepped.add(board.layout.viewport.cell)
    assert stepped == {cells[-1]}                         # one scale, at every step
    shell.go(shell.timeline.last - 5)
    from widgets.shared.share_panel import position_query
    linked = app(players=4, seed=5).explorer
    assert linked.open_query(position_query(shell))
    assert linked.board.layout.viewport == board.layout.viewport
    shell.new_game(4, 6, {})                              # a new game starts afresh
    assert board.layout.viewport.cell > cells[-1] or len(set(cells)) == 1
