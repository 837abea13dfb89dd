"""The Animals on Board app without a browser: layout geometry, drawing data, clicking to play."""
from __future__ import annotations

import itertools

import pytest

from app_driving import click_at
import explorer
from explorer import bots
from explorer.animals_on_board import Keep, Split, Take
from explorer.animals_on_board import components as C
from explorer.animals_on_board.scoring import score_ark
from widgets.animals_on_board import app, layout, move_hints, scene
from widgets.animals_on_board.draw import scoring_runs
from widgets.animals_on_board.layout import WIDTH
from widgets.animals_on_board.score_pad import categorize
from widgets.shared.scene import Rect, Text, View, hit_test, overlaps
from widgets.shared.score_sheet import pad_rows
from widgets.shared.timeline import SCORING

from aob_helpers import ts

GAME = explorer.GAMES["animals_on_board"]


def random_game(players=3, seed=2, bot_seed=1):
    start = GAME.setup(players, seed)
    states, actions = bots.play(start, bots.RandomBot(bot_seed))
    return states, actions


def all_positions():
    for players in GAME.player_counts:
        yield from GAME.setup_steps(players, players)
        yield from random_game(players, seed=players, bot_seed=players)[0][::3]


# -- layout --------------------------------------------------------------------------
@pytest.mark.parametrize("state", list(all_positions())[::2])
def test_layout_places_every_tile_once_inside_the_canvas_without_overlap(state):
    lay = layout(state)
    expected = sorted([t for g in state.groups for t in g] + [t for a in state.arks for t in a]
                      + [t for d in state.drawn for t in d])
    assert sorted(b.tile for b in lay.tiles) == expected
    for a, b in itertools.combinations(lay.tiles + lay.rows, 2):
        if a.key[0] == "row" or b.key[0] == "row":
            continue
        assert not overlaps(a, b), (a.key, b.key)
    for a, b in itertools.combinations(lay.groups, 2):
        assert not overlaps(a, b)
    for a, b in itertools.combinations(lay.rows, 2):
        assert not overlaps(a, b)
    for box in lay.tiles + lay.groups + lay.rows:
        assert 0 <= box.x and box.x + box.w <= WIDTH and 0 <= box.y and box.y + box.h <= lay.height


def test_layout_keeps_group_tiles_inside_their_frame_below_the_label():
    states, _ = random_game()
    state = next(s for s in states if len(s.groups) >= 3)
    lay = layout(state)
    for frame, label in zip(lay.groups, lay.labels):
        g = frame.key[1]
        tiles = [b for b in lay.tiles if b.key[:2] == ("group", g)]
        assert [b.tile for b in tiles] == list(state.groups[g])
        for b in tiles:
            assert frame.x <= b.x and b.x + b.w <= frame.x + frame.w
            assert label.y + label.h <= b.y and b.y + b.h <= frame.y + frame.h


def test_hit_testing_every_tile_centre_returns_that_tile():
    states, _ = random_game()
    for state in states[::5]:
        sc = scene(state)
        for box in layout(state).tiles:
            assert hit_test(sc.regions, *box.center) == box.key


def test_text_on_the_canvas_is_at_least_16px():
    state = random_game()[0][10]
    sizes = [s.size for shapes in scene(state).layers.values() for s in shapes if isinstance(s, Text)]
    assert sizes and min(sizes) >= 16


# -- drawing data --------------------------------------------------------------------
def test_scene_shows_species_values_and_a_card_back_for_hidden_tiles():
    state = GAME.setup(3, 1)
    while state.phase == "keep":
        state = state.apply(state.legal_actions()[0])
    texts = scene(state).texts()
    for tile in state.groups[0]:
        assert C.SPECIES[C.species_of(tile)] in texts and C.SPECIES_KO[C.species_of(tile)] in texts
    mine = scene(state.view(0)).texts()
    hidden_arks = sum(len(state.arks[p]) for p in (1, 2))
    assert mine.count("?") == hidden_arks + 1  # other arks + the face-down centre tile
    assert texts.count("?") == 1                # all open: only the face-down marker


def test_hints_come_from_the_engine_legal_actions():
    state = GAME.setup(3, 1)
    hints = move_hints(state)
    assert hints.keep == {("hand", state.current_player, i) for i in range(3)}
    while state.phase == "keep":
        state = state.apply(state.legal_actions()[0])
    hints = move_hints(state)
    assert hints.split == {0} and hints.take == set()  # 1 crate cannot pay for 11 tiles
    assert move_hints(state.view(0)).split == set()    # a view is for display only


# -- the app -------------------------------------------------------------------------
@pytest.fixture
def shell():
    return app().explorer


def centre(shell, key):
    return shell.board.layout.box(key).center


def click(shell, key):
    """A board click at the centre of `key`, as the browser reports it (ipyevents, CSS pixels)."""
    click_at(shell, *centre(shell, key))


def keep_all(shell):
    while shell.timeline.frame.state.phase == "keep":
        state = shell.timeline.frame.state
        click(shell, ("hand", state.current_player, 0))


def test_app_starts_at_the_first_setup_step(shell):
    root = app()
    assert "rx-app" in root._dom_classes
    assert shell.timeline.index == 0 and shell.bar.slider.value == 0
    assert shell.rules.rule_ids == ["animals_on_board.setup.species"]
    assert len(shell.log.entries) == 5
    assert shell.board.canvas.scene.width == WIDTH


def test_timeline_buttons_and_keys_step_through_setup(shell):
    shell.bar.forward.click()
    assert shell.timeline.index == 1
    assert shell.rules.rule_ids == ["animals_on_board.setup.draw_piles"]
    shell._key({"key": "End", "target": {"tagName": "DIV"}})
    assert shell.timeline.index == 4
    shell._key({"key": "ArrowLeft"})
    assert shell.timeline.index == 3
    shell._key({"key": "ArrowLeft", "target": {"tagName": "INPUT"}})  # typing in a box
    assert shell.timeline.index == 3
    shell._key({"key": "Home"})
    assert shell.timeline.index == 0
    shell.log.entries[2].click()
    assert shell.timeline.index == 2 and "rx-current" in shell.log.entries[2]._dom_classes


def test_one_key_press_heard_twice_moves_one_step(shell):
    """The page may deliver a press through two listeners; both copies carry its timeStamp."""
    press = {"key": "ArrowRight", "target": {"tagName": "DIV"}, "timeStamp": 1234.5}
    shell._key(press)
    shell._key(dict(press))
    assert shell.timeline.index == 1
    shell._key({**press, "timeStamp": 1300.0})      # the next press is a new one
    assert shell.timeline.index == 2


def test_moves_are_refused_while_setup_is_still_narrated(shell):
    click(shell, ("row", 0))
    shell.board.do_split()
    assert len(shell.timeline) == 5 and shell.timeline.index == 0


def test_keep_by_clicking_a_drawn_tile(shell):
    shell.bar.last.click()
    state = shell.timeline.frame.state
    p = state.current_player
    tile = state.drawn[p][1]
    click(shell, ("hand", p, 1))
    assert shell.timeline.index == 5 and shell.timeline.frame.action == Keep(tile)
    assert shell.timeline.frame.state.arks[p] == (tile,)
    assert len(shell.log.entries) == 6 and "keep" in shell.log.entries[-1].description
    assert shell.message.text == ""


def test_clicking_another_players_drawn_tile_says_whose_it_is(shell):
    shell.bar.last.click()
    state = shell.timeline.frame.state
    rules = list(shell.rules.rule_ids)
    other = (state.current_player + 1) % 3
    click(shell, ("hand", other, 0))
    assert len(shell.timeline) == 5 and shell.timeline.frame.state is state
    assert shell.message.text == ("That is Player 2's drawn tile: Player 1 keeps one of their "
                                  "own.")
    assert "rx-info" in shell.message.html.value
    assert shell.rules.rule_ids == rules              # told, not refused: no rule is cited


def test_split_take_and_refusals_by_clicking(shell):
    shell.bar.last.click()
    keep_all(shell)
    state = shell.timeline.frame.state
    assert state.phase == "play" and len(state.groups) == 1
    # select two tiles, split them off
    click(shell, ("group", 0, 0))
    click(shell, ("group", 0, 3))
    click(shell, ("group", 0, 3))   # second click unselects
    click(shell, ("group", 0, 1))
    assert shell.board.pick.selected == {("group", 0, 0), ("group", 0, 1)}
    shell.board.split.click()
    after = shell.timeline.frame.state
    assert shell.timeline.frame.action == Split(state.groups[0][:2])
    assert len(after.groups) == 2 and shell.board.pick.selected == set()
    assert "animals_on_board.split.group" in shell.rules.rule_ids
    # taking a 2-tile group with 1 crate: refused, nothing changes
    frames = len(shell.timeline)
    click(shell, ("group-label", 0))
    assert shell.board.pick.selected == {("group", 0, 0), ("group", 0, 1)}
    shell.board.take.click()
    assert len(shell.timeline) == frames
    assert "— rule animals_on_board.take.afford" in shell.message.text
    # splitting a whole group: refused
    shell.board.split.click()
    assert "rule animals_on_board.split.group" in shell.message.text
    assert "leave some tiles behind" in shell.message.text
    # tiles of two groups: refused
    click(shell, ("group", 1, 0))
    shell.board.split.click()
    assert "one and the same group" in shell.message.text and len(shell.timeline) == frames


def test_take_a_group_by_clicking_its_label(shell):
    shell.bar.last.click()
    keep_all(shell)
    click(shell, ("group", 0, 0))
    shell.board.split.click()           # Player 1: a one-tile group, 2 crates now
    state = shell.timeline.frame.state
    p = state.current_player
    single = state.groups[0]
    assert len(single) == 1 and state.crates[p] >= 1
    click(shell, ("group-label", 0))
    shell.board.take.click()
    frame = shell.timeline.frame
    assert frame.action == Take(single) and frame.state.resting[p]
    assert single[0] in frame.state.arks[p]
    assert "animals_on_board.take.leave_round" in shell.rules.rule_ids


def test_a_move_from_an_earlier_frame_replaces_the_future(shell):
    shell.bar.last.click()
    keep_all(shell)
    click(shell, ("group", 0, 0))
    shell.board.split.click()                       # move A
    click(shell, ("group", 1, 0))
    click(shell, ("group", 1, 1))
    shell.board.split.click()                       # move B
    n = len(shell.timeline)
    old = shell.timeline.frame.action
    shell.bar.back.click()
    assert shell.timeline.index == n - 2
    click(shell, ("group", 1, 2))
    shell.board.split.click()                       # replaces B
    assert len(shell.timeline) == n and shell.timeline.index == n - 1
    assert shell.timeline.frame.action != old
    assert len(shell.log.entries) == n and shell.bar.slider.max == n - 1


def test_perspective_hides_other_arks_on_the_board(shell):
    shell.bar.last.click()
    keep_all(shell)
    open_texts = shell.board.canvas.scene.texts().count("?")
    shell.perspective.buttons.value = 0
    hidden = shell.board.canvas.scene.texts().count("?")
    assert hidden == open_texts + 2   # the two other players' kept tiles are backs now
    click(shell, ("group", 0, 0))     # moves still work from a player's view
    shell.board.split.click()
    assert shell.timeline.frame.kind == "move" and shell.message.text == ""


def test_random_game_to_the_end_shows_the_score_sheet(shell):
    shell.bar.last.click()
    bot = bots.RandomBot(3)
    while not shell.timeline.frame.state.is_over:
        assert shell.try_action(bot.choose(shell.timeline.frame.state))
    final = shell.timeline.frame.state
    sheet = final.score()
    assert shell.timeline.frames[-1].kind == SCORING
    assert shell.score.sheet is not None and shell.score.sheet.totals == sheet.totals
    shell.bar.last.click()
    assert shell.timeline.frame.label == "Scoring"
    html = shell.score.html.value
    assert html.count('class="rx-score-line"') == len(pad_rows(sheet, categorize))
    assert all(f'title="{line.rule}"' in html for line in sheet.lines)
    assert "Winner: " in html and "Scoring" in shell.log.entries[-1].description
    assert set(shell.rules.rule_ids) == {l.rule for l in sheet.lines} | (
        {sheet.tiebreak_rule} if sheet.tiebreak_rule else set())
    shell.board.take.click()  # nothing selected: a hint, no crash
    assert shell.message.text


def test_new_game_from_the_setup_panel_and_bad_options(shell):
    panel = shell.setup_panel
    panel.players.value = 2
    panel.seed.value = "9"
    removed = panel.controls["removed_species"]
    mode, pick = removed.widget.children[0], removed.widget.children[1].children[0]
    mode.value = "choose species"
    pick.value = ("panda", "tiger")
    panel.new_game.click()
    assert shell.message.text.startswith("Cannot set up this game:")
    assert "exactly 4 different species" in shell.message.text
    pick.value = ("panda", "tiger", "lion", "zebra")
    panel.new_game.click()
    assert shell.message.text == ""
    state = shell.timeline.frame.state
    assert state.players == 2 and state.seed == 9 and len(shell.perspective.buttons.options) == 3
    assert {C.SPECIES[i] for i in state.removed} == {"panda", "tiger", "lion", "zebra"}
    assert shell.timeline.index == 0


def test_labels_in_a_player_view_never_name_another_players_kept_tile(shell):
    shell.bar.last.click()
    keep_all(shell)
    kept = {p: C.tile_name(shell.timeline.frame.state.arks[p][0]) for p in range(3)}
    shell.perspective.buttons.value = 1
    texts = [b.description for b in shell.log.entries] + [shell.bar.label.value,
                                                           shell.events.value]
    for p, name in kept.items():
        assert any(name in t for t in texts) == (p == 1), (p, name)
    shell.perspective.buttons.value = None
    assert all(any(name in b.description for b in shell.log.entries) for name in kept.values())


# -- the scoring step on the board ----------------------------------------------------
def test_scoring_step_shows_each_ark_as_the_engine_scores_it():
    state = GAME.position(2, over=True, crates=[2, 0], arks=[
        ["panda-1", "panda-2", "panda-3", "lion-4", "lion-5", "tiger-2"],
        ["zebra-1", "zebra-2", "zebra-3", "zebra-4", "rhino-1", "rhino-2", "rhino-3",
         "gorilla-1", "gorilla-2", "gorilla-3", "elephant-5", "turtle-2"]])
    plain = scene(state)
    sc = scene(state, View(sheet=state.score()))
    assert not any("herd:" in t or "pair:" in t for t in plain.texts())   # only when scoring
    texts = sc.texts()
    assert "herd: 5 each = 15" in texts and "pair: back to box" in texts
    assert "single = 2" in texts and "cut: ark over 10" in texts
    for p in range(2):
        assert f"Score: {score_ark(state.arks[p], state.crates[p]).points} points" in texts
    runs = {p: {r.kind: r.tiles for r in rs} for p, rs in scoring_runs(state).items()}
    assert set(runs[0]["pair"]) == set(ts("lion-4", "lion-5"))     # struck through
    cut = score_ark(state.arks[1], state.crates[1]).cut
    assert cut and runs[1]["cut"] == cut                                # marked, with why
    lay = layout(state, WIDTH, scoring_runs(state))
    strikes = [m for m in sc.layers["highlights"] if isinstance(m, Rect) and m.fill == "#c62828"]
    pair_box = next(b for b in lay.runs if b.run.kind == "pair")
    assert len(strikes) == 1 and overlaps(strikes[0], pair_box)
    herd_box = next(b for b in lay.runs if b.run.kind == "herd")
    assert any(isinstance(m, Rect) and m.stroke == "#2e7d32" and overlaps(m, herd_box)
               for m in sc.layers["highlights"])
    # every ark tile still drawn once, none overlapping, all on the canvas
    assert sorted(b.tile for b in lay.tiles) == sorted(t for a in state.arks for t in a)
    for a, b in itertools.combinations(lay.tiles, 2):
        assert not overlaps(a, b)
    assert all(b.y + b.h <= lay.height for b in lay.tiles + lay.rows)
    sizes = [s.size for layer in sc.layers.values() for s in layer if isinstance(s, Text)]
    assert min(sizes) >= 12


def test_scoring_step_leaves_arks_hidden_in_a_view_alone():
    state = GAME.position(2, over=True, arks=[["panda-1", "panda-2"], ["lion-4"]])
    shown = state.view(0)
    assert set(scoring_runs(shown)) == {0}
    texts = scene(shown, View(sheet=state.score())).texts()
    assert "pair: back to box" in texts and sum(t.startswith("Score:") for t in texts) == 1


def test_the_board_draws_scoring_marks_at_the_scoring_frame_only(shell):
    shell.bar.last.click()
    bot = bots.RandomBot(3)
    while not shell.timeline.frame.state.is_over:
        assert shell.try_action(bot.choose(shell.timeline.frame.state))
    shell.bar.last.click()
    assert shell.timeline.frame.kind == SCORING
    texts = shell.board.canvas.scene.texts()
    assert sum(t.startswith("Score: ") for t in texts) == 3
    assert shell.board.layout.runs
    shell.bar.back.click()                             # the last move: the arks as played
    assert not any(t.startswith("Score: ") for t in shell.board.canvas.scene.texts())
    assert not shell.board.layout.runs
