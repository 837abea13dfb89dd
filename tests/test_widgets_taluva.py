"""The Taluva app without a browser: hex geometry, drawing data, clicking to play, scoring."""
from __future__ import annotations

import math

import pytest

from app_driving import click_at, state_of
import explorer
from explorer import bots
from explorer.taluva import Expand, Hut, Place, Temple, Tower
from explorer.taluva.board import neighbours, tile_hexes
from explorer.taluva.placement import placement_problem
from random_play import app_after_setup
from taluva_helpers import ERUPTED, ISLAND
from widgets.shared.scene import Polygon, Scene, Text, View, hit_test
from widgets.shared.svg import scene_to_svg
from widgets.shared.timeline import SCORING
from widgets.taluva import app, gallery_picture, layout, move_hints, scene
from widgets.taluva.controls import why_not
from widgets.taluva.draw import ranking_lines
from widgets.taluva.pick import Pick
from widgets.taluva.score_pad import ranking_html
from widgets.taluva.geometry import (MAX_SIZE, MIN_SIZE, Area, corner_offsets, edge_corners,
                                     fit, hex_round, lava_angle, ring_around)
from widgets.taluva.layout import HEIGHT, ISLAND, WIDTH

GAME = explorer.GAMES["taluva"]


def greedy_actions(players=3, seed=1, until=lambda state: False, bot_seed=1):
    """Actions of a greedy game from the last set-up step until `until(state)` holds."""
    state = GAME.setup(players, seed)
    bot = bots.GreedyBot(bot_seed)
    actions = []
    while not state.is_over and not until(state):
        action = bot.choose(state)
        actions.append(action)
        state = state.apply(action)
    return actions, state


def can_build(kind):
    return lambda s: s.phase == "build" and bool(s.build_targets()[kind])


def can_erupt(s):
    return s.phase == "place" and any(v in s.hexes for v, _ in s.placements())


# -- the shared polygon primitive --------------------------------------------------------
def test_polygon_reaches_svg_and_the_canvas_commands():
    sc = Scene(100, 100)
    sc.add("board", Polygon(((0, 0), (50, 0), (25, 40)), fill="#ff0000", stroke="#000000",
                            line_width=2, dash=(3, 2)),
           Polygon(((0, 90), (90, 90)), stroke="#0000ff", closed=False))
    svg = scene_to_svg(sc)
    assert '<polygon points="0,0 50,0 25,40" fill="#ff0000" stroke="#000000" stroke-width="2" ' \
           'stroke-dasharray="3,2"/>' in svg
    assert '<polyline points="0,90 90,90" fill="none" stroke="#0000ff"' in svg
    from ipycanvas import Canvas, canvas as ipycanvas_canvas

    from widgets.shared.canvas import draw_shapes, held

    canvas, manager = Canvas(width=100, height=100), ipycanvas_canvas._CANVAS_MANAGER
    with held():                       # record what the adapter sends instead of sending it
        manager._current_canvas = canvas
        draw_shapes(canvas, sc.layers["board"])
        sent, manager._commands_cache = manager._commands_cache, []
    command_name = {code: name for name, code in ipycanvas_canvas.COMMANDS.items()}
    names = [command_name[c[0]] for c in sent]
    # filled and outlined: a path of its own; the polyline: a batch of line segments, not filled
    assert names.count("lineTo") == 2 and names.count("closePath") == 1
    assert names.count("fill") == 1 and names.count("stroke") == 1
    assert names.count("strokeLineSegments") == 1 and "fillPolygons" not in names


def test_polygons_drawn_alike_go_as_one_batch_in_their_order():
    """A run of polygons only filled (or only outlined) alike is one batched command with
    every point; a change of style, or a polygon both filled and outlined, ends the run."""
    from ipycanvas import Canvas, canvas as ipycanvas_canvas

    from widgets.shared.canvas import draw_shapes, held

    tri = ((0, 0), (10, 0), (5, 8))
    quad = ((20, 0), (30, 0), (30, 10), (20, 10))
    shapes = [Polygon(tri, fill="#f00"), Polygon(quad, fill="#f00"),      # one batch of 2
              Polygon(tri, fill="#0f0"),                                 # another colour
              Polygon(quad, stroke="#000", line_width=2),                # outlines
              Polygon(tri, fill="#f00", stroke="#000"),                  # on its own
              Polygon(quad, fill="#f00")]
    canvas, manager = Canvas(width=40, height=20), ipycanvas_canvas._CANVAS_MANAGER
    with held():
        manager._current_canvas = canvas
        draw_shapes(canvas, shapes)
        sent, manager._commands_cache = manager._commands_cache, []
        buffers, manager._buffers_cache = manager._buffers_cache, []
    command_name = {code: name for name, code in ipycanvas_canvas.COMMANDS.items()}
    drawn = [command_name[c[0]] for c in sent if command_name[c[0]] not in ("set", "setLineDash")]
    assert drawn == ["fillPolygons", "fillPolygons", "strokePolygons", "beginPath", "moveTo",
                     "lineTo", "lineTo", "closePath", "fill", "stroke", "fillPolygons"]
    first = next(c for c in sent if command_name[c[0]] == "fillPolygons")
    assert first[1][0] == 2                          # two polygons in the first batch
    import numpy as np
    points = np.frombuffer(buffers[0], dtype=np.float64).reshape(-1, 2)
    assert points.tolist() == [list(p) for p in tri + quad]


# -- geometry --------------------------------------------------------------------------
def test_hex_corners_and_edges_follow_the_engine_directions():
    corners = corner_offsets(10)
    assert corners[0] == pytest.approx((10 * math.sqrt(3) / 2, -5))     # upper right
    vp = fit({(0, 0)}, Area(0, 0, 400, 400))
    for d, n in enumerate(neighbours((0, 0))):
        a, b = edge_corners(d)
        mid = [(p + q) / 2 for p, q in zip(vp.corners((0, 0))[a], vp.corners((0, 0))[b])]
        cx, cy = vp.centre((0, 0))
        nx, ny = vp.centre(n)
        assert mid == pytest.approx([(cx + nx) / 2, (cy + ny) / 2])       # the shared edge
    # the lava points at the corner between the tile's two landscapes
    for rotation in range(6):
        _, first, second = tile_hexes((0, 0), rotation)
        x = sum(vp.centre(h)[0] for h in (first, second)) / 2 - vp.centre((0, 0))[0]
        y = sum(vp.centre(h)[1] for h in (first, second)) / 2 - vp.centre((0, 0))[1]
        assert math.degrees(math.atan2(y, x)) % 360 == pytest.approx(lava_angle(rotation) % 360)


@pytest.mark.parametrize("zoom,pan", [(1.0, (0, 0)), (1.7, (1, 2)), (0.6, (-3, 1))])
def test_pixel_to_hex_inverts_hex_to_pixel(zoom, pan):
    hexes = ring_around({(0, 0), (2, -1)}, 3)
    vp = fit(hexes, ISLAND, zoom, pan)
    for h in hexes:
        if vp.visible(h, whole=True):
            cx, cy = vp.centre(h)
            assert vp.hex_at(cx, cy) == h
            for x, y in vp.corners(h, inset=2):
                assert vp.hex_at(x, y) == h
    assert vp.hex_at(ISLAND.x - 1, ISLAND.y + 5) is None
    assert hex_round(0.49, 0.0) == (0, 0) and hex_round(0.51, 0.0) == (1, 0)


def test_fit_keeps_the_island_whole_and_hexes_between_the_limits():
    assert fit({(0, 0)}, ISLAND).size == MAX_SIZE                    # one hex: not a giant
    _, final = greedy_actions()
    hexes = ring_around(final.hexes)
    vp = fit(hexes, ISLAND)
    assert MIN_SIZE <= vp.size < MAX_SIZE
    assert all(vp.visible(h, whole=True) for h in final.hexes)
    assert fit(hexes, ISLAND, zoom=2.0).size == pytest.approx(2 * vp.size)


# -- drawing data ----------------------------------------------------------------------
def test_scene_shows_terrain_letters_levels_lava_and_buildings():
    actions, state = greedy_actions(until=lambda s: len(s.placed) >= 14 and s.phase == "place")
    sc = scene(state)
    texts = sc.texts()
    lay = layout(state)
    for h, cell in state.hexes.items():
        if cell.terrain != "volcano":
            assert "JCSRL"["jungle clearing sand rock lake".split().index(cell.terrain)] in texts
    assert str(max(c.level for c in state.hexes.values())) in texts
    volcanoes = sum(1 for c in state.hexes.values() if c.terrain == "volcano")
    arrows = [s for s in sc.layers["board"] if isinstance(s, Polygon) and s.fill == "#ff5722"]
    assert len(arrows) == volcanoes                                    # every lava direction
    huts = [b for b in state.buildings.values() if b.kind == "hut" and b.count > 1]
    for b in huts:
        assert str(b.count) in texts                                   # several huts: a count
    sizes = [s.size for layer in sc.layers.values() for s in layer if isinstance(s, Text)]
    assert min(sizes) >= 9 and (sc.width, sc.height) == (WIDTH, HEIGHT)
    for h in state.hexes:
        assert hit_test(sc.regions, *lay.hex_centre(h)) == ("island",)


def test_kept_hex_shapes_draw_each_step_as_shapes_built_afresh():
    """Each hex's shapes are kept between steps (keyed by the view and what the hex shows): a
    step drawn after many others, in two zooms, is the scene built with nothing kept."""
    from widgets.taluva import draw

    actions, state = greedy_actions(players=4, seed=3)
    states = [GAME.setup(4, 3)]
    for action in actions:
        states.append(states[-1].apply(action))
    shown = states[::4] + [state]

    def frame(s, zoom):
        view = View(move_hints(s), Pick(), playable=True, hover=(0, 0))
        return scene(s, view, layout(s, zoom))

    kept = [frame(s, zoom) for zoom in (1.0, 1.6) for s in shown]
    assert draw._face.cache_info().hits > 0 and draw._edges.cache_info().hits > 0
    for i, (s, zoom) in enumerate((s, zoom) for zoom in (1.0, 1.6) for s in shown):
        draw.memo_clear()
        assert frame(s, zoom) == kept[i]


def test_hints_come_from_the_engine():
    actions, state = greedy_actions(until=can_erupt)
    hints = move_hints(state)
    legal = set(state.legal_actions())
    assert {Place(v, r) for r, vs in hints.place.items() for v in vs} == legal
    assert hints.erupt and all(v in state.hexes for v, _ in hints.erupt)
    assert move_hints(state.view(0)).place == {}                        # a view lists none
    built = state.apply(state.legal_actions()[0])
    hints = move_hints(built)
    targets = built.build_targets()
    assert hints.build.get("hut", set()) == set(targets["hut"])
    assert [(e.settlement.key, e.terrain) for e in hints.expansions] == \
           [(e.settlement.key, e.terrain) for e in targets["expand"]]


def test_ghost_preview_marks_a_legal_and_an_illegal_spot():
    start = GAME.setup(3, 1)
    hints = move_hints(start)
    legal = scene(start, View(hints, Pick(rotation=0), playable=True, hover=(0, 0)))
    refused = scene(start, View(hints, Pick(rotation=0), playable=True, hover=(0, -1)))
    assert "✗" not in legal.texts() and "✗" in refused.texts()   # the first tile goes on (0, 0)
    assert "hex (0, -1)" in refused.texts()


# -- the app ---------------------------------------------------------------------------
@pytest.fixture
def shell():
    return app_after_setup(app)


def open_after(shell, actions):
    shell.new_game(3, 1, {}, actions, step=10 ** 9)
    return state_of(shell)


def click_hex(shell, h):
    """A board click at the centre of hex `h`, as the browser reports it."""
    click_at(shell, *shell.board.layout.hex_centre(h))


def test_app_starts_at_the_first_setup_step():
    s = app().explorer
    assert "rx-app" in s.root._dom_classes and s.timeline.index == 0
    assert s.rules.rule_ids[0] == "taluva.setup.buildings"
    assert s.board.rotate_left.disabled and "not now" in s.board.rotate_left.tooltip


def test_sea_level_placement_after_turning_by_buttons_and_keys(shell):
    board = shell.board
    board.rotate_right.click()
    board.rotate_right.click()
    board.rotate_left.click()
    shell._key({"key": "e"})
    assert board.pick.rotation == 2
    assert "SW and W" in board.canvas.scene.texts()
    assert (0, 0) in board.hints.place[2]
    click_hex(shell, (0, 0))
    frame = shell.timeline.frame
    assert frame.action == Place((0, 0), 2) and shell.message.text == ""
    assert frame.state.hexes[(0, 0)].rotation == 2
    assert "taluva.place.first_tile" in shell.rules.rule_ids
    assert board.pick.kind == "hut" and not board.kind_buttons["hut"].disabled
    hut = sorted(board.hints.build["hut"])[0]
    click_hex(shell, hut)                                       # build a hut by clicking
    assert shell.timeline.frame.action == Hut(hut)
    assert state_of(shell).buildings[hut].owner == 0 and state_of(shell).supply[0][0] == 19


def test_a_sea_placement_away_from_the_island_is_refused_with_its_rule(shell):
    click_hex(shell, (0, 0))
    click_hex(shell, sorted(shell.board.hints.build["hut"])[0])
    before, frames = state_of(shell), len(shell.timeline)
    drawn = shell.board.canvas.scene.layers["board"]
    vp = shell.board.layout.viewport
    far = next(h for h in sorted(ring_around(before.hexes)) if vp.visible(h, whole=True) and
               getattr(placement_problem(before.hexes, before.buildings, h, 0), "rule", "")
               == "taluva.place.adjacent")
    click_hex(shell, far)
    assert len(shell.timeline) == frames and state_of(shell) is before
    assert shell.message.text.endswith("— rule taluva.place.adjacent")
    assert shell.rules.rule_ids[0] == "taluva.place.adjacent"
    assert shell.board.canvas.scene.layers["board"] == drawn


def test_an_eruption_and_an_illegal_one(shell):
    actions, state = greedy_actions(until=can_erupt)
    state = open_after(shell, actions)
    board = shell.board
    volcano, rotation = sorted(board.hints.erupt)[0]
    # the same volcano with its own lava direction: refused, with the eruption rule that fails
    own = state.hexes[volcano].rotation
    problem = placement_problem(state.hexes, state.buildings, volcano, own)
    while board.pick.rotation != own:
        board.rotate_right.click()
    frames = len(shell.timeline)
    click_hex(shell, volcano)
    assert len(shell.timeline) == frames
    assert shell.message.text.endswith(f"— rule {problem.rule}")
    assert problem.rule.startswith("taluva.erupt.")
    while board.pick.rotation != rotation:
        board.rotate_left.click()
    click_hex(shell, volcano)
    after = state_of(shell)
    assert shell.timeline.frame.action == Place(volcano, rotation)
    assert after.hexes[volcano].level == state.hexes[volcano].level + 1
    assert "taluva.erupt.volcano_on_volcano" in shell.rules.rule_ids


def test_temple_and_tower_by_clicking_with_kind_buttons(shell):
    actions, _ = greedy_actions(until=can_build("temple"))
    state = open_after(shell, actions)
    board = shell.board
    assert not board.kind_buttons["temple"].disabled
    board.kind_buttons["temple"].click()
    assert board.kind_buttons["temple"].button_style == "info"
    site = sorted(board.hints.build["temple"])[0]
    click_hex(shell, site)
    assert shell.timeline.frame.action == Temple(site)
    assert state_of(shell).supply[state.turn][1] == state.supply[state.turn][1] - 1
    actions, _ = greedy_actions(until=can_build("tower"))
    state = open_after(shell, actions)
    board.kind_buttons["tower"].click()
    site = sorted(board.hints.build["tower"])[0]
    click_hex(shell, site)
    assert shell.timeline.frame.action == Tower(site)
    assert state_of(shell).buildings[site].kind == "tower"


def test_a_disabled_build_kind_says_why_in_words(shell):
    click_hex(shell, (0, 0))
    board = shell.board
    for kind in ("expand", "temple", "tower"):
        assert board.kind_buttons[kind].disabled
        assert board.kind_buttons[kind].tooltip == f"Not possible now: " \
                                                   f"{why_not(state_of(shell), kind)}"
    assert "you have no settlement to expand" in board.status.value
    assert "3+ hexes" in board.status.value


def test_expansion_by_settlement_then_terrain_with_a_preview(shell):
    actions, state = greedy_actions(until=can_build("expand"))
    state = open_after(shell, actions)
    board = shell.board
    board.kind_buttons["expand"].click()
    assert board.confirm.disabled and "Not yet" in board.confirm.tooltip
    plan = board.hints.expansions[0]
    click_hex(shell, plan.settlement.hexes[-1])                 # the settlement...
    assert board.pick.settlement == plan.settlement.key
    target, huts = plan.targets[0]
    click_hex(shell, target)                                    # ...then a terrain
    assert board.pick.terrain == plan.terrain and len(shell.timeline) == len(actions) + 5
    ghosts = [s for s in board.canvas.scene.layers["highlights"]
              if isinstance(s, Polygon) and s.dash == (4, 3)]
    assert len(ghosts) == len(plan.targets)                     # the huts it would place
    assert board.confirm.description == f"Build {plan.huts} hut{'s' * (plan.huts != 1)}"
    assert ("terrain", plan.terrain) in [r.key for r in board.canvas.scene.regions]
    board.confirm.click()
    frame = shell.timeline.frame
    assert frame.action == Expand(plan.settlement.key, plan.terrain)
    for h, n in plan.targets:
        assert frame.state.buildings[h].count == n
    assert "taluva.build.expansion" in shell.rules.rule_ids


def test_expanding_someone_elses_settlement_is_refused_by_the_engine(shell):
    actions, state = greedy_actions(until=lambda s: s.phase == "build" and any(
        b.owner != s.turn for b in s.buildings.values()) and s.build_targets()["expand"])
    open_after(shell, actions)
    board = shell.board
    board.kind_buttons["expand"].click()
    other = next(h for h, b in sorted(state.buildings.items()) if b.owner != state.turn)
    frames = len(shell.timeline)
    click_hex(shell, other)
    assert len(shell.timeline) == frames
    assert shell.message.text.endswith("— rule taluva.build.expansion")


def test_hover_outlines_the_settlement_and_moves_the_ghost(shell):
    board = shell.board
    board.hover_at((0, 0))
    assert "hex (0, 0)" in board.canvas.scene.texts()
    redraws = board.canvas.scene.layers["board"]
    board.hover_at((1, 0))
    assert board.canvas.scene.layers["board"] == redraws          # only highlights change
    board._on_pointer({"type": "mouseleave"})
    assert board.hover is None


def test_perspective_still_plays_and_says_whose_view(shell):
    shell.perspective.buttons.value = 1
    assert any("seen by Player 2" in t for t in shell.board.canvas.scene.texts())
    click_hex(shell, (0, 0))
    assert shell.timeline.frame.kind == "move" and shell.message.text == ""


def test_zoom_pan_and_fit(shell):
    board = shell.board
    size = board.layout.viewport.size
    board.zoom_out.click()
    assert board.layout.viewport.size < size
    board.pan_buttons[3].click()
    board.fit_button.click()
    assert board.layout.viewport.size == size and board.pan == (0.0, 0.0)


def test_game_to_the_end_shows_the_ranking_and_the_score_pad(shell):
    actions, final = greedy_actions()
    open_after(shell, actions)
    frame = shell.timeline.frame
    assert frame.kind == SCORING
    sheet = final.score()
    texts = shell.board.canvas.scene.texts()
    assert "Final ranking" in texts
    lines = ranking_lines(final)
    assert lines[0].startswith("★") and all(line in texts for line in lines)
    assert " ".join(lines).count("Decided by:") == 1 and sheet.tiebreak.split()[0] in \
        " ".join(lines)
    html = shell.score.html.value
    assert html.count('class="rx-score-line"') == 3 + bool(final.eliminated)
    assert "1. Temples" in html and "Decided by:" in html and "Total" not in html
    frames = len(shell.timeline)
    click_hex(shell, (0, 0))
    assert shell.message.text.startswith("The game is over") and len(shell.timeline) == frames


TILES = ISLAND


def test_only_a_finished_game_shows_the_final_ranking():
    steps = GAME.setup_steps(3, 1)
    assert all(step.is_over for step in steps[:-1])   # nobody decides while set-up is narrated
    for step in steps:
        assert "Final ranking" not in scene(step).texts()
    _, final = greedy_actions()
    assert "Final ranking" in scene(final).texts()


def test_early_win_and_elimination_are_narrated_on_the_board():
    temples = {(1, 1): (0, "temple"), (2, 0): (0, "temple"), (-1, -1): (0, "temple")}
    state = GAME.position(2, tiles=ERUPTED, phase="build", buildings=temples, removed=(19, 0))
    final = state.apply(Hut((-1, 1)))                 # the last hut: every hut and temple placed
    header = next(t for t in scene(final).texts() if t.startswith("Game over after"))
    assert "Player 1 wins: Player 1 (white) placed every hut and temple: an early win" in header
    assert ranking_lines(final)[0].startswith("★ Player 1")
    out = GAME.position(3, tiles=ERUPTED, turn=1, removed=(0, 20, 0))
    after = out.apply(Place((4, 0), 3))               # Player 2 cannot build: eliminated
    texts = scene(after).texts()
    assert after.eliminated == (1,) and "OUT: could not build, cannot win" in texts
    sc = scene(out, View(move_hints(out), playable=True))   # still in: no OUT mark yet
    assert "OUT: could not build, cannot win" not in sc.texts()


def test_score_pad_rows_follow_the_ranking_order():
    _, final = greedy_actions()
    html = ranking_html(final, final.score())
    assert html.index("1. Temples") < html.index("2. Towers") < html.index("3. Huts")


def test_an_early_win_and_an_elimination_on_the_pad():
    temples = {(1, 1): (0, "temple"), (2, 0): (0, "temple"), (-1, -1): (0, "temple")}
    state = GAME.position(2, tiles=ERUPTED, phase="build", buildings=temples, removed=(19, 0))
    final = state.apply(Hut((-1, 1)))
    html = ranking_html(final, final.score())
    assert "Decided by: Player 1 (white) placed every hut and temple: an early win" in html
    assert "rx-not-compared" not in html and "taluva.end.early_win" in html
    out = GAME.position(3, tiles=ERUPTED, turn=1, removed=(0, 20, 0)).apply(Place((4, 0), 3))
    html = ranking_html(out, out.score())
    assert "Eliminated" in html and "taluva.build.elimination" in html


def test_gallery_picture_is_an_svg_of_the_island():
    svg = gallery_picture(width=300)
    assert svg.startswith("<svg") and 'width="300"' in svg and "<polygon" in svg


def golden_final():
    """The stored 3-player game: Player 1 wins on towers after a tie on temples, with the
    fewest buildings of all (16, against 18 and 20)."""
    from pathlib import Path
    header = (Path(__file__).parent / "golden" / "taluva.txt").read_text().split("\n", 1)[0]
    return explorer.replay(explorer.Record.from_json(header))[-1]


def test_the_score_pad_ranks_by_temples_towers_huts_and_adds_no_points():
    from test_score_pad import table

    from widgets.shared.score_sheet import ScoreSheetView
    final = golden_final()
    assert [final.built(p)[1:] for p in range(3)] == [(2, 1), (2, 0), (1, 2)]
    view = ScoreSheetView()
    view.show(final)
    html = view.html.value
    rows = {cells[0][2]: cells[1:] for _, cells in table(html)[1:]}
    titles = list(rows)
    assert not any(t.startswith("Total") for t in titles)            # no sum of buildings
    kinds = [t for t in titles if t[:1].isdigit()]
    assert [t[:len(k)] for t, k in zip(kinds, ("1. Temples", "2. Towers", "3. Huts"))] == [
        "1. Temples", "2. Towers", "3. Huts"] and len(kinds) == 3
    temples, towers, huts = (rows[t] for t in kinds)
    assert [c[2] for c in temples] == ["2most, tied", "2most, tied", "1"]
    assert ["rx-lead" in c[1] for c in temples] == [True, True, False]
    assert [c[2] for c in towers] == ["1most", "0", "2"]
    assert "rx-not-compared" in towers[2][1]               # out after temples: not compared
    assert "not needed" in kinds[2] and all("rx-not-compared" in c[1] for c in huts)
    result = rows["Result"]
    assert [c[2] for c in result] == ["winner", "fewer towers", "fewer temples"]
    assert "Winner: Player 1" in html
    assert "Decided by: most towers (1) decides after a tie on temples 2" in html
    assert "taluva.end.ranking" in html and "taluva.erupt.covered_huts" in html


def test_a_pointer_event_with_junk_values_hovers_nothing(shell):
    """The page is untrusted: a NaN, an infinity or a string where a coordinate goes is no
    place on the board (it used to reach the hex lookup)."""
    board = shell.board
    frame = {"boundingRectWidth": 800, "boundingRectHeight": 600}
    board.hover_at((0, 0))
    for junk in (float("nan"), float("inf"), "12", None, True):
        board._on_pointer({"type": "mousemove", "relativeX": junk, "relativeY": 5, **frame})
        assert board.hover is None
        board.hover_at((0, 0))
    board.hover_at(None)
    x, y = board.layout.viewport.centre((0, 0))
    scale = min(800 / board.canvas.width, 600 / board.canvas.height)
    board._on_pointer({"type": "mousemove", "relativeX": x * scale, "relativeY": y * scale,
                       **frame})
    assert board.hover == (0, 0)
