"""The shared views without a browser: scene geometry, canvas adapter, timeline, panels."""
from __future__ import annotations

import pytest
from ipycanvas import canvas as ipycanvas_canvas

import explorer
from explorer import bots
from widgets.shared import canvas as canvas_module
from widgets.shared.canvas import PICTURE_SCALE, BoardCanvas, buffer_scale, held
from widgets.shared.controls import MessageArea, PerspectiveSwitch
from widgets.shared.page_words import PageWords
from widgets.shared.event_log import EventLog, entry_text
from widgets.shared.rule_panel import RulePanel, rule_html
from widgets.shared.scene import (Polygon, Rect, Region, Scene, Text, hit_test, overlaps,
                                  text_color_on)
from widgets.shared.score_sheet import PADS, PadStyle, ScoreSheetView, by_rule, pad_rows
from widgets.shared.setup_panel import SetupPanel
from widgets.shared.svg import scene_to_svg
from widgets.shared.timeline import MOVE, SCORING, SETUP, Timeline, TimelineBar
import registered

GAME = explorer.GAMES["animals_on_board"]


def played(players=3, seed=4, bot_seed=0):
    """Set-up steps plus a finished random game (states after set-up, and the actions)."""
    steps = GAME.setup_steps(players, seed)
    states, actions = bots.play(steps[-1], bots.RandomBot(bot_seed))
    return steps, states, actions


# -- scene -------------------------------------------------------------------------------
def test_hit_test_picks_the_topmost_region():
    regions = [Region("frame", 0, 0, 100, 100), Region("tile", 10, 10, 20, 20)]
    assert hit_test(regions, 15, 15) == "tile"
    assert hit_test(regions, 50, 50) == "frame"
    assert hit_test(regions, 150, 50) is None
    assert hit_test(regions, 100, 50) is None  # right edge is outside


def test_overlaps_ignores_touching_edges():
    assert overlaps(Region(1, 0, 0, 10, 10), Region(2, 5, 5, 10, 10))
    assert not overlaps(Region(1, 0, 0, 10, 10), Region(2, 10, 0, 10, 10))


def test_text_colour_contrasts_with_fill():
    assert text_color_on("#ffffff") == "#111111"
    assert text_color_on("#263238") == "#ffffff"


def test_svg_export_escapes_text_and_keeps_size():
    sc = Scene(200, 100)
    sc.add("board", Rect(0, 0, 200, 100, fill="#fff"), Text(5, 5, "<b>&판다</b>"))
    svg = scene_to_svg(sc, width=100)
    assert 'width="100" height="50"' in svg
    assert "&lt;b&gt;&amp;판다&lt;/b&gt;" in svg and "<b>" not in svg


# -- canvas adapter ----------------------------------------------------------------------
def small_scene(width=300, height=200):
    sc = Scene(width, height)
    sc.add("board", Rect(0, 0, width, height, fill="#eeeeee"))
    sc.add("pieces", Rect(10, 10, 50, 50, fill="#ff0000", radius=6))
    sc.regions.append(Region(("tile", 1), 10, 10, 50, 50))
    return sc


def test_pen_sends_what_ipycanvas_attribute_setters_send():
    from widgets.shared.canvas import _Pen
    board = BoardCanvas(300, 200)
    canvas = board.widget
    values = {"fill_style": "#12ab34", "stroke_style": "rgba(0, 0, 0, 0.5)", "line_width": 2.5,
              "font": "bold 14px sans-serif", "text_align": "center", "text_baseline": "middle"}
    manager = ipycanvas_canvas._CANVAS_MANAGER
    with held():
        manager._current_canvas = canvas
        for name, value in values.items():
            setattr(canvas, name, value)
        by_setter = list(manager._commands_cache)
        manager._commands_cache = []
        pen = _Pen(canvas)
        for name, value in values.items():
            pen.set(name, value)
            pen.set(name, value)          # unchanged: nothing more is sent
        by_pen = list(manager._commands_cache)
        manager._commands_cache = []
    assert by_pen == by_setter and len(by_pen) == len(values)


def test_shapes_are_sent_as_ipycanvas_own_drawing_methods_send_them():
    """draw_shapes sends each shape drawn on its own straight to the manager: the very
    commands ipycanvas' methods send for it, in the same order."""
    from widgets.shared.canvas import draw_shapes
    canvas = BoardCanvas(300, 200).widget
    shapes = [Rect(10, 10, 50, 40, fill="#ff0000", stroke="#000000", line_width=2, radius=6),
              Rect(70, 10, 30, 30, fill="#00ff00", radius=20),       # a disc: radius cut to 15
              Rect(5, 60, 40, 20, fill="#0000ff", stroke="#111111"),
              Rect(50, 60, 40, 20, stroke="#111111", dash=(4, 2)),
              Rect(95, 60, 10, 10, fill="#0000ff"),                   # too short a run to batch
              Polygon(((0, 100), (40, 100), (20, 130)), fill="#ff0000", stroke="#000000"),
              Text(10, 150, "with a width", max_width=80),
              Text(10, 170, "without", bold=True, align="center")]
    manager = ipycanvas_canvas._CANVAS_MANAGER

    def sent(draw):
        with held():
            manager._current_canvas = canvas
            draw()
            commands, manager._commands_cache = manager._commands_cache, []
        return [list(c) for c in commands]

    def by_methods():          # what the one-by-one drawing called, in its order
        c = canvas
        c.begin_path(); c.move_to(16, 10); c.arc_to(60, 10, 60, 50, 6)
        c.arc_to(60, 50, 10, 50, 6); c.arc_to(10, 50, 10, 10, 6); c.arc_to(10, 10, 60, 10, 6)
        c.close_path()
        c.fill_style = "#ff0000"
        c.fill()
        c.set_line_dash([])
        c.line_width, c.stroke_style = 2, "#000000"
        c.stroke()
        c.begin_path(); c.move_to(85, 10); c.arc_to(100, 10, 100, 40, 15)
        c.arc_to(100, 40, 70, 40, 15); c.arc_to(70, 40, 70, 10, 15)
        c.arc_to(70, 10, 100, 10, 15); c.close_path()
        c.fill_style = "#00ff00"
        c.fill()
        c.fill_style = "#0000ff"
        c.fill_rect(5, 60, 40, 20)
        c.line_width, c.stroke_style = 1.0, "#111111"
        c.stroke_rect(5, 60, 40, 20)
        c.set_line_dash([4, 2])
        c.stroke_rect(50, 60, 40, 20)
        c.fill_rect(95, 60, 10, 10)
        c.begin_path(); c.move_to(0, 100); c.line_to(40, 100); c.line_to(20, 130)
        c.close_path()
        c.fill_style = "#ff0000"
        c.fill()
        c.set_line_dash([])
        c.stroke_style = "#000000"
        c.stroke()
        c.font, c.fill_style = Text(0, 0, "").font, "#111111"
        c.text_align, c.text_baseline = "left", "middle"
        c.fill_text("with a width", 10, 150, 80)
        c.font, c.text_align = Text(0, 0, "", bold=True).font, "center"
        c.fill_text("without", 10, 170)

    assert sent(lambda: draw_shapes(canvas, shapes)) == sent(by_methods)


def test_canvas_starts_with_a_1x_buffer_and_board_class():
    board = BoardCanvas(300, 200)
    assert (board.widget.width, board.widget.height) == (300, 200)
    assert board.widget.layout.width == "100%"    # the page fits the drawing into its frame
    assert "rx-board" in board.widget._dom_classes


@pytest.mark.parametrize("ratio, scale", [(1, 1.0), (1.25, 1.25), (2, 2.0), (3, 2.0),
                                          (0.5, 1.0), (float("nan"), 1.0), ("2", 1.0),
                                          (True, 1.0), (10**400, 1.0)])
def test_buffer_scale_follows_the_screen_within_1_to_2(ratio, scale):
    assert buffer_scale(ratio) == scale


def test_canvas_buffer_follows_the_pages_pixel_ratio_and_repaints(monkeypatch):
    board = BoardCanvas(300, 200)
    board.show(small_scene())
    board.pixel_ratio.value = 2.0            # reported before the page shows the canvas
    assert (board.widget.width, board.widget.height) == (600, 400) and board.redraws == 0
    transforms = []
    monkeypatch.setattr(board.widget, "set_transform", lambda *a: transforms.append(a))
    board._on_client_ready()
    assert transforms == [(2.0, 0, 0, 2.0, 0, 0)] and board.redraws == 1
    board.pixel_ratio.value = 1.5            # zoomed, or moved to another screen
    assert (board.widget.width, board.widget.height) == (450, 300)
    assert transforms[-1] == (1.5, 0, 0, 1.5, 0, 0) and board.redraws == 2


def test_canvas_picture_is_drawn_at_2x_on_paper_on_a_canvas_of_its_own(monkeypatch):
    board = BoardCanvas(300, 200)
    board.show(small_scene())
    board._on_client_ready()
    pictures = []
    assert board.request_picture(pictures.append)
    # the board on screen keeps its size and never syncs pixels (it would send a blank first)
    assert (board.widget.width, board.widget.height) == (300, 200)
    assert not board.widget.sync_image_data
    (canvas,) = board._pictures
    assert (canvas.width, canvas.height) == (PICTURE_SCALE * 300, PICTURE_SCALE * 200)
    assert canvas.sync_image_data
    drawn = []
    monkeypatch.setattr(canvas_module, "draw_shapes", lambda c, shapes, scale: drawn.append(
        (c, shapes)))
    canvas._handle_frontend_event(None, {"event": "client_ready"}, [])
    ((target, shapes),) = drawn
    assert target is canvas and shapes[0] == Rect(0, 0, 300, 200, fill=canvas_module.PAPER)
    assert shapes[1:] == [s for layer in board.scene.layers.values() for s in layer]
    canvas.set_trait("image_data", b"png")
    assert pictures == [b"png"] and not board._pictures and not canvas.sync_image_data
    canvas.set_trait("image_data", b"again")          # a later sync is not a second picture
    assert pictures == [b"png"]


def test_no_picture_before_a_page_shows_the_board():
    board = BoardCanvas(300, 200)
    assert not board.request_picture(lambda png: None) and not board._pictures


def test_canvas_draws_nothing_before_a_page_attaches_then_redraws_fully():
    board = BoardCanvas(300, 200)
    board.show(small_scene())
    assert board.redraws == 0  # commands sent now would be lost under Voila
    ipycanvas_canvas._CANVAS_MANAGER._current_canvas = board.widget
    board._on_client_ready()
    assert board.ready and board.redraws == 1
    assert ipycanvas_canvas._CANVAS_MANAGER._current_canvas is not None
    board.show(small_scene())  # same shapes: nothing to send
    assert board.redraws == 1
    changed = small_scene()
    changed.add("highlights", Rect(8, 8, 54, 54, stroke="#00ff00"))
    board.show(changed)
    assert board.redraws == 2


def test_canvas_draws_every_layer_in_order_whenever_one_changes(monkeypatch):
    drawn = []
    monkeypatch.setattr(canvas_module, "draw_shapes",
                        lambda canvas, shapes, text_scale: drawn.append(list(shapes)))
    board = BoardCanvas(300, 200)
    board.show(small_scene())
    board._on_client_ready()
    scene = small_scene()
    assert drawn == [scene.layers["board"] + scene.layers["pieces"]]
    changed = small_scene()
    changed.add("highlights", Rect(8, 8, 54, 54, stroke="#00ff00"))
    board.show(changed)
    assert drawn[-1] == [s for name in ("board", "pieces", "highlights")
                         for s in changed.layers[name]]
    board.show(small_scene())            # the highlight goes
    assert len(drawn) == 3 and drawn[-1] == drawn[0]
    board.show(small_scene())            # nothing changed: nothing sent
    assert len(drawn) == 3


def test_canvas_resize_follows_the_scene():
    board = BoardCanvas(300, 200)
    board._on_client_ready()
    board.show(small_scene(300, 260))
    assert board.widget.height == 260 and board.height == 260


def test_canvas_click_validates_page_values_and_hit_tests():
    board = BoardCanvas(300, 200)
    board.show(small_scene())
    seen = []
    board.on_click(lambda key, x, y: seen.append((key, x, y)))
    frame = {"boundingRectWidth": 300, "boundingRectHeight": 200}      # shown at full size
    board._on_dom_click({"type": "click", "relativeX": 20, "relativeY": 30, **frame})
    board._on_dom_click({"type": "click", "relativeX": 200.5, "relativeY": 150, **frame})
    # shown at half size in a wide frame (fitted by height, anchored top left)
    half = {"boundingRectWidth": 900, "boundingRectHeight": 100}
    board._on_dom_click({"type": "click", "relativeX": 10, "relativeY": 15, **half})
    board._on_dom_click({"relativeX": float("nan"), "relativeY": 5, **frame})  # junk
    board._on_dom_click({"relativeX": "10", "relativeY": 5, **frame})
    board._on_dom_click({"relativeX": True, "relativeY": 5, **frame})
    board._on_dom_click({"relativeX": 10, "relativeY": 5, "boundingRectWidth": 0,
                         "boundingRectHeight": 0})
    board._on_dom_click({"relativeX": 10, "relativeY": 5})                 # no frame size
    board._on_dom_click(["not", "a", "dict"])
    assert seen == [(("tile", 1), 20, 30), (None, 200.5, 150), (("tile", 1), 20, 30)]
    assert board.click(5000, 5) is None and len(seen) == 3


def test_held_switches_caching_off_even_after_an_error():
    manager = ipycanvas_canvas._CANVAS_MANAGER
    with pytest.raises(RuntimeError):
        with held():
            assert manager._caching
            raise RuntimeError("drawing failed")
    assert manager._caching is False


# -- timeline ----------------------------------------------------------------------------
def test_timeline_frames_setup_moves_and_scoring():
    steps, states, actions = played()
    t = Timeline(steps)
    assert len(t) == len(steps) and t.index == 0 and t.frame.kind == SETUP
    assert not t.playable() and t.playable(len(steps) - 1)
    t.go(t.last)
    for action, state in zip(actions, states[1:]):
        t.push(action, state)
    assert [f.kind for f in t.frames].count(MOVE) == len(actions)
    assert t.frames[-1].kind == SCORING and t.frames[-1].label == "Scoring"
    assert t.frames[len(steps)].label.startswith("Turn 1: Player ")
    assert t.index == t.last       # the move that ends the game lands on the scoring step
    scoring_rules = t.frames[-1].rule_ids
    assert scoring_rules and all(explorer.rules.exists(r) for r in scoring_rules)


def test_timeline_the_lines_own_next_move_made_again_follows_the_line():
    steps, states, actions = played()
    t = Timeline(steps)
    t.go(t.last)
    for action, state in zip(actions[:4], states[1:5]):
        t.push(action, state)
    assert len(t) == len(steps) + 4
    t.go(len(steps))               # after the first move
    t.push(actions[1], states[2])
    assert len(t) == len(steps) + 4 and t.index == len(steps) + 1
    assert t.actions() == actions[:2] and t.branches == []


def test_timeline_go_clamps():
    t = Timeline(GAME.setup_steps(3, 1))
    assert t.go(-5) is t.frames[0] and t.go(99) is t.frames[-1]


def test_timeline_bar_buttons_and_slider_call_back():
    t = Timeline(GAME.setup_steps(3, 1))
    went = []
    bar = TimelineBar(lambda i: (went.append(i), t.go(i), bar.sync(t)))
    bar.sync(t)
    assert bar.back.disabled and not bar.forward.disabled
    bar.forward.click()
    bar.last.click()
    bar.back.click()
    bar.first.click()
    assert went == [1, 4, 3, 0]
    bar.slider.value = 2
    assert went[-1] == 2 and "Step 3 of 5" in bar.label.value
    for css in ("rx-first", "rx-back", "rx-forward", "rx-last"):
        assert any(css in b._dom_classes for b in (bar.first, bar.back, bar.forward, bar.last))
    assert "rx-play" in bar.play._dom_classes and "rx-slider" in bar.slider._dom_classes


def test_step_buttons_name_their_keys_and_play_is_told_apart():
    bar = TimelineBar(lambda i: None)
    assert "Home" in bar.first.tooltip and "End" in bar.last.tooltip
    assert "Page Up" in bar.back.tooltip and "Page Down" in bar.forward.tooltip
    assert "Space" in bar.forward.tooltip
    assert bar.play.description == "Play" and bar.play.icon == "play" and bar.play.tooltip


# -- panels ------------------------------------------------------------------------------
def test_rule_panel_quotes_the_rule_with_source_and_lines():
    rule = explorer.rules.get("animals_on_board.take.afford")
    panel = RulePanel(GAME)
    panel.show(["animals_on_board.split.group", "animals_on_board.split.group",
                "animals_on_board.take.afford"])
    assert panel.rule_ids == ["animals_on_board.split.group", "animals_on_board.take.afford"]
    html = panel.cited.value
    assert rule.quote.strip().splitlines()[0] in html
    assert rule.english.replace("'", "&#x27;") in html or rule.english in html
    assert f"Korean rulebook, lines {rule.lines[0]}–{rule.lines[1]}" in html
    panel.show([], refused="animals_on_board.take.afford")
    assert "Why not:" in panel.cited.value


def test_rule_panel_search_lists_matches():
    panel = RulePanel(GAME)
    panel.search.value = "식량 상자"
    ids = panel.matches()
    assert ids and all(i.startswith("animals_on_board.") for i in ids)
    assert f"{len(ids)} rule" in panel.results.value
    panel.search.value = "zzzz-nothing"
    assert "No rule matches" in panel.results.value


def test_a_second_quote_from_the_rules_own_line_does_not_repeat_the_source():
    rule = explorer.rules.get("taluva.erupt.volcano_on_volcano")
    also, = rule.also
    assert (also.source, also.lines) == (rule.source, rule.lines)
    html = rule_html(rule.id)
    assert html.count(f"line {rule.lines[0]}") == 1 and "Also on the same line" in html
    assert also.quote.strip() in html


def test_rule_html_escapes_and_handles_unknown_ids():
    assert "not in the rule index" in rule_html("<script>")
    assert "<script>" not in rule_html("<script>")


def test_event_log_one_entry_per_frame_with_rule_ids_and_jumps():
    steps = GAME.setup_steps(3, 1)
    t = Timeline(steps)
    went = []
    log = EventLog(went.append)
    log.sync(t)
    assert len(log.entries) == len(steps)
    assert "[animals_on_board.setup.species]" in log.entries[0].description
    assert "rx-current" in log.entries[0]._dom_classes
    log.entries[3].click()
    assert went == [3]
    assert entry_text(0, t.frames[0]).startswith("1. Set-up 1/5")


def test_event_log_follows_a_new_timeline_and_marks_one_current_entry():
    """Entries are rebuilt only for frames that changed; the current mark follows the step,
    a shorter new timeline, and a frame replaced at the same index."""
    log = EventLog(lambda i: None)
    long = Timeline(GAME.setup_steps(3, 1))
    long.go(4)
    log.sync(long)
    short = Timeline(GAME.setup_steps(2, 9))
    short.go(short.last)
    log.sync(short)
    current = [i for i, e in enumerate(log.entries) if "rx-current" in e._dom_classes]
    assert len(log.entries) == len(short) and current == [short.last]
    assert [e.description for e in log.entries] == [entry_text(i, f)
                                                    for i, f in enumerate(short.frames)]
    short.go(0)
    log.sync(short)
    assert [i for i, e in enumerate(log.entries) if "rx-current" in e._dom_classes] == [0]


def test_score_sheet_lists_every_line_total_and_winner():
    _, states, _ = played()
    final = states[-1]
    sheet = final.score()
    view = ScoreSheetView()
    view.show(states[0])
    assert view.sheet is None and "appears when the game is over" in view.html.value
    view.show(final)
    pad = PADS.get(final.game.name, PadStyle(by_rule))    # one row per category, one total row
    assert view.html.value.count('class="rx-score-line"') == len(pad_rows(sheet, pad.categorize))
    assert view.html.value.count('class="rx-score-total"') == 1
    assert "Winner: " + ", ".join(f"Player {p + 1}" for p in sheet.winners) in view.html.value
    for line in sheet.lines:
        assert f'title="{line.rule}"' in view.html.value


def test_setup_panel_reports_bad_seed_and_passes_settings():
    got, errors = [], []
    panel = SetupPanel(GAME, lambda *a: got.append(a), errors.append, 3, 1)
    panel.seed.value = "abc"
    panel.new_game.click()
    assert errors and "seed must be a whole number" in errors[0] and not got
    panel.seed.value = "7"
    panel.players.value = 2
    panel.new_game.click()
    assert got[-1][0] == 2 and got[-1][1] == 7 and set(got[-1][2]) == set(GAME.options)


def test_message_area_refusal_text():
    m = MessageArea(PageWords())
    m.refuse("a group of 3 costs 3 food crates", "animals_on_board.take.afford")
    assert m.text == "Not allowed: a group of 3 costs 3 food crates — rule animals_on_board.take.afford"
    assert "rx-message" in m.widget._dom_classes
    m.error("<b>")
    assert "&lt;b&gt;" in m.html.value


def test_perspective_switch_validates_values():
    seen = []
    switch = PerspectiveSwitch(3, seen.append, PageWords())
    assert switch.player is None
    switch.buttons.value = 1
    assert seen[-1] == 1 and switch.player == 1
    switch.set_players(2)
    assert switch.player is None and len(switch.buttons.options) == 3
    assert seen[-1] is None  # resetting the players shows everything open again


def test_widgets_built_in_shared_models_share_one_frozen_layout_and_style():
    import ipywidgets as w

    from widgets.shared.models import (SharedModelError, is_visible, set_visible, shared_layout,
                                       shared_models)
    with shared_models():
        a, b = w.Button(description="a"), w.Button(description="b")
        own = w.Button(layout=w.Layout(width="auto"))
    assert a.layout is b.layout and a.style is b.style
    assert own.layout is not a.layout and own.layout.width == "auto"
    with pytest.raises(SharedModelError, match="shared by many widgets"):
        a.layout.width = "10px"
    assert b.layout.width is None
    set_visible(a, False)                       # a class: the shared layout stays as it is
    assert not is_visible(a) and is_visible(b) and a.layout is b.layout
    assert a.layout.display is None and "rx-hidden" in a._dom_classes
    set_visible(a, True)
    assert is_visible(a) and "rx-hidden" not in a._dom_classes
    sized = shared_layout(width="auto", height="36px")   # one model per setting
    assert sized is shared_layout(height="36px", width="auto") and sized.width == "auto"
    assert sized is not shared_layout(width="auto") and sized is not a.layout
    with pytest.raises(SharedModelError):
        sized.height = "40px"
    assert w.Button().layout is not w.Button().layout   # outside the block, ipywidgets as ever


@pytest.mark.parametrize("name", sorted(explorer.GAMES))
def test_an_app_loads_few_widget_models(name):
    """Every model is sent to and built by the page before the board shows; an app had ~320
    before layouts and styles were shared, ~140 before each setting of a layout was."""
    from ipywidgets.widgets.widget import _instances   # every live model, by id
    before = set(_instances)
    registered.app_factory(name)(players=2, seed=1)
    new = [m for k, m in _instances.items() if k not in before]
    assert len(new) < 125, len(new)


# -- board labels at the projector's text size -------------------------------------------
def _frames_of_a_game(name: str, players: int, projector: bool, moves: int = 25):
    """The board scenes of a random game's first `moves` moves and its scoring step, as the
    app shows them (with projector mode on or off)."""
    import importlib
    shell = importlib.import_module(f"widgets.{name}").app(players=players, seed=3).explorer
    shell.projector.value = projector
    shell.go(shell.timeline.setup_count - 1)
    bot = bots.RandomBot(7)
    for _ in range(moves):
        yield shell.board.canvas.scene
        state = shell.timeline.frame.state
        if state.is_over:
            break
        shell.play(bot.choose(state))
    bot_end = bots.RandomBot(8)
    while not shell.timeline.frame.state.is_over:
        shell.play(bot_end.choose(shell.timeline.frame.state), refresh=False)
    shell.go(shell.timeline.last + 1)
    yield shell.board.canvas.scene


def test_label_boxes_are_estimated_where_canvas_draws_them():
    from widgets.shared.scene import label_clashes
    left = Text(10, 20, "START", size=16, bold=True)
    x, y, w, h = left.box()
    assert (x, y, h) == (10, 12, 16) and 45 < w < 60
    assert Text(100, 20, "START", size=16, bold=True, align="center").box()[0] == 100 - w / 2
    assert Text(0, 0, "동물", size=20).box()[2] == 40          # CJK characters are square
    assert Text(0, 0, "a long label", size=20, max_width=50).box()[2] == 50
    sc = Scene(200, 100)
    sc.add("board", Text(10, 20, "START", size=16), Text(50, 20, "RESTING", size=16))
    assert label_clashes(sc) == [("START", "RESTING")]
    sc = Scene(200, 100)
    sc.add("board", Rect(40, 10, 20, 20, fill="#ff0000"), Text(30, 20, "×3", size=16))
    assert label_clashes(sc) == [("×3", "icon@40,10")]
    sc = Scene(200, 100, text_scale=1.5)      # texts grow as they are added, marks do not
    sc.add("board", Text(0, 0, "a", size=16), Text(0, 0, "b", size=16, scales=False))
    assert [t.size for t in sc.layers["board"]] == [24, 16]


@pytest.mark.parametrize("projector", [False, True], ids=["normal", "projector"])
@pytest.mark.parametrize("name,players", [("animals_on_board", 2), ("animals_on_board", 4),
                                          ("cacao", 2), ("cacao", 4), ("taluva", 3),
                                          ("indian_summer", 1), ("indian_summer", 4)])
def test_board_labels_never_overlap_nor_cover_an_icon(name, players, projector):
    """At the page's text size and at the projector's (1.5x, the board laid out again), no
    two labels' boxes overlap and no label lies over part of an icon (a token, a crate)."""
    from widgets.shared.scene import label_clashes
    seen = 0
    for scene in _frames_of_a_game(name, players, projector):
        clashes = label_clashes(scene)
        assert not clashes, f"{name}, frame {seen}: {clashes[:5]}"
        sizes = [t.size for shapes in scene.layers.values() for t in shapes
                 if isinstance(t, Text) and t.scales]
        if projector:
            assert max(sizes) >= 27      # the 18-20 px header, 1.5x
        seen += 1
    assert seen > 10


@pytest.mark.parametrize("projector", [False, True], ids=["normal", "projector"])
def test_cacao_draws_no_text_under_16_px(projector):
    """Cacao's board is shown at about 0.7 of its drawing at 1280x800 (the browser test
    measures it): 16 px drawn is 11 px shown, at every step and as the grid grows."""
    seen = 0
    for scene in _frames_of_a_game("cacao", 4, projector, moves=60):
        small = [(t.text, t.size) for shapes in scene.layers.values() for t in shapes
                 if isinstance(t, Text) and t.size < 16]
        assert not small, f"frame {seen}: {small[:5]}"
        seen += 1
    assert seen > 50


def test_projector_mode_lays_the_board_out_again():
    """Projector mode rebuilds the scene with larger labels (and room for them), so the
    canvas draws texts at the size the scene gives."""
    from widgets.animals_on_board import app
    shell = app(players=3, seed=1).explorer
    shell.go(shell.timeline.setup_count - 1)
    before = shell.board.canvas.scene
    shell.projector.value = True
    after = shell.board.canvas.scene
    assert after is not before and after.text_scale == 1.5
    assert after.height > before.height          # ark rows and group bands made taller
    assert shell.board.canvas._draw_text_scale() == 1.0
    shell.projector.value = False
    assert shell.board.canvas.scene.text_scale == 1.0
    assert shell.board.canvas.scene.height == before.height
