"""The Taluva app in Voila + Chromium: painted island, placing (sea level and eruptions), every
build kind by clicking, a refused eruption, a player's view.

Positions later in a game come from a greedy game's record up to that step, opened in the same
page with "Open record" (a page load starts a kernel, the slow part) or by a deep link; where to
click comes from the same pure `layout()` the renderer uses, and every wait is on the page's
state (the step label, the frame counter, the status line, repainted pixels).
"""
from __future__ import annotations

import json

import pytest

import explorer
from explorer import Record, bots
from explorer.taluva import Expand, Place, Temple, Tower
from explorer.taluva.board import lava_direction
from explorer.taluva.placement import placement_problem
from helpers import (act, board_point, canvas_signature, click_and_time, leave, new_page,
                     open_board, painted_pixels, screenshot, show_history, tab, text,
                     wait_for_repaint, wait_text)
from explorer.links import build_query
from widgets.taluva import layout

pytestmark = pytest.mark.browser

GAME = explorer.GAMES["taluva"]
SETUP_STEPS = 5


def greedy(until, players=3, seed=1):
    """A greedy game's actions up to the first position where `until(state)` holds."""
    state = GAME.setup(players, seed)
    bot = bots.GreedyBot(1)
    actions = []
    while not until(state):
        action = bot.choose(state)
        actions.append(action)
        state = state.apply(action)
    return actions, state


def open_at(page, voila_url, actions):
    """Open the app at the position after `actions` (3 players, seed 1) by a deep link."""
    step = SETUP_STEPS + len(actions)
    open_board(page, voila_url, "taluva", build_query(GAME, 3, 1, {}, actions, step))
    wait_text(page, ".rx-step-label", f"Step {step} of {step}")


def open_record(page, actions, folder) -> None:
    """Replay the record of `actions` (3 players, seed 1) in this page, at its last step."""
    path = folder / f"taluva-{len(actions)}.json"
    path.write_text(json.dumps(Record(GAME.name, 3, 1, {}, [a.to_json() for a in actions])
                               .to_json()))
    tab(page, "Share")
    with page.expect_file_chooser() as chooser:
        page.locator(".rx-open-record").first.click()
    act(page, lambda: chooser.value.set_files(str(path)))
    step = SETUP_STEPS + len(actions)
    wait_text(page, ".rx-step-label", f"Step {step} of {step}")
    tab(page, "Rules")


def hex_point(page, state, h):
    return board_point(page, *layout(state).hex_centre(h))


def click_hex(page, state, h) -> int:
    """Click hex `h` and wait for the whole frame the move leads to."""
    x, y = hex_point(page, state, h)
    return act(page, lambda: page.mouse.click(x, y))


def turn(page, start: int, rotation: int) -> None:
    """Turn the drawn tile from `start` to `rotation` with the E key (pointer over the app)."""
    page.hover(".rx-pick-status")
    for _ in range((rotation - start) % 6):
        click_and_time(page, lambda: page.keyboard.press("e"))
    wait_text(page, ".rx-pick-status", f"lava {lava_direction(rotation)}")


def can_erupt(s):
    return s.phase == "place" and any(v in s.hexes for v, _ in s.placements())


def can_build(kind):
    return lambda s: s.phase == "build" and bool(s.build_targets()[kind])


def test_place_after_a_turn_build_a_hut_then_a_refused_and_a_legal_eruption(
        page, voila_url, tmp_path):
    open_board(page, voila_url, "taluva")
    wait_text(page, ".rx-step-label", "Step 1 of 5")
    wait_text(page, ".rx-rules", "taluva.setup.buildings")
    assert painted_pixels(page, ".rx-board") > 100_000
    act(page, lambda: page.click(".rx-last"))
    wait_text(page, ".rx-step-label", "Step 5 of 5")
    state = GAME.setup(3, 1)
    click_and_time(page, lambda: page.click(".rx-rotate-right"))     # a button, then a key
    page.hover(".rx-pick-status")
    click_and_time(page, lambda: page.keyboard.press("e"))
    wait_text(page, ".rx-pick-status", f"lava {lava_direction(2)}")
    screenshot(page, "taluva-01-turned")
    click_hex(page, state, (0, 0))                                 # sea level, turned twice
    state = state.apply(Place((0, 0), 2))
    wait_text(page, ".rx-step-label", "Step 6 of 6")
    wait_text(page, ".rx-rules", "taluva.place.first_tile")
    hut = state.build_targets()["hut"][0]
    click_hex(page, state, hut)
    wait_text(page, ".rx-step-label", "Step 7 of 7")
    wait_text(page, ".rx-rules", "taluva.build.hut")
    screenshot(page, "taluva-02-hut")

    # -- a position where an eruption is possible ---------------------------------------
    actions, state = greedy(can_erupt)
    open_record(page, actions, tmp_path)
    show_history(page)                           # to count its entries below
    volcano, rotation = next((v, r) for v, r in state.placements() if v in state.hexes)
    own = state.hexes[volcano].rotation          # the covered volcano's own lava direction
    problem = placement_problem(state.hexes, state.buildings, volcano, own)
    assert problem.rule.startswith("taluva.erupt.")
    turn(page, 0, own)
    x, y = hex_point(page, state, volcano)
    before = canvas_signature(page)
    page.mouse.move(x, y)                        # the ghost of the tile appears under the pointer
    wait_for_repaint(page, before)
    before = canvas_signature(page)
    entries = page.locator(".rx-log-entry").count()
    act(page, lambda: page.mouse.click(x, y))
    wait_text(page, ".rx-message", "Not allowed:")
    assert f"rule {problem.rule}" in text(page, ".rx-message")
    assert problem.rule in text(page, ".rx-rules")
    assert page.locator(".rx-log-entry").count() == entries        # nothing happened
    assert canvas_signature(page) == before                        # and nothing was redrawn
    screenshot(page, "taluva-03-refused-eruption")
    turn(page, own, rotation)
    step = SETUP_STEPS + len(actions) + 1
    click_hex(page, state, volcano)
    wait_text(page, ".rx-step-label", f"Step {step} of {step}")
    wait_text(page, ".rx-rules", "taluva.erupt.volcano_on_volcano")
    screenshot(page, "taluva-04-erupted")
    assert page.errors == [] and page.outside == []


def test_each_build_kind_by_clicking(page, voila_url, tmp_path):
    open_board(page, voila_url, "taluva")
    # -- an expansion: the settlement, then a terrain, a preview, then Build ------------
    actions, state = greedy(can_build("expand"))
    open_record(page, actions, tmp_path)
    plan = state.build_targets()["expand"][0]
    click_and_time(page, lambda: page.click(".rx-kind-expand"))
    wait_text(page, ".rx-pick-status", "click one of your settlements")
    x, y = hex_point(page, state, plan.settlement.hexes[0])
    click_and_time(page, lambda: page.mouse.click(x, y))
    wait_text(page, ".rx-pick-status", f"settlement {plan.settlement.key} chosen")
    x, y = hex_point(page, state, plan.targets[0][0])
    click_and_time(page, lambda: page.mouse.click(x, y))
    wait_text(page, ".rx-pick-status", f"in the {plan.terrain}")
    wait_text(page, ".rx-confirm", f"Build {plan.huts} hut")
    screenshot(page, "taluva-05-expansion-preview")
    step = SETUP_STEPS + len(actions) + 1
    act(page, lambda: page.click(".rx-confirm"))
    wait_text(page, ".rx-step-label", f"Step {step} of {step}")
    wait_text(page, ".rx-rules", "taluva.build.expansion")
    nxt = state.apply(Expand(plan.settlement.key, plan.terrain))
    assert all(nxt.buildings[h].count == n for h, n in plan.targets)

    # -- a temple and a tower: the kind button, then a highlighted hex -------------------
    for kind, action in (("temple", Temple), ("tower", Tower)):
        actions, state = greedy(can_build(kind))
        open_record(page, actions, tmp_path)
        site = state.build_targets()[kind][0]
        click_and_time(page, lambda: page.click(f".rx-kind-{kind}"))
        wait_text(page, ".rx-pick-status", f"for a {kind}")
        click_hex(page, state, site)
        step = SETUP_STEPS + len(actions) + 1
        wait_text(page, ".rx-step-label", f"Step {step} of {step}")
        wait_text(page, ".rx-rules", f"taluva.build.{kind}")
        assert state.apply(action(site)).buildings[site].kind == kind
        screenshot(page, f"taluva-06-{kind}")
    assert page.errors == [] and page.outside == []


def test_a_deep_link_a_players_view_and_two_window_sizes(browser, voila_url):
    actions, _ = greedy(lambda s: len(s.placed) >= 16 and s.phase == "build")
    for viewport, name in ((None, "1280x800"), ({"width": 1600, "height": 1000}, "1600x1000")):
        page = new_page(browser, viewport)
        try:
            open_at(page, voila_url, actions)
            screenshot(page, f"taluva-07-island-{name}")
            before = canvas_signature(page)
            act(page, lambda: page.locator(".rx-perspective select").select_option(
                label="Player 2"))
            wait_for_repaint(page, before)
            assert painted_pixels(page, ".rx-board") > 100_000
            screenshot(page, f"taluva-08-player-2-view-{name}")
            assert page.errors == [] and page.outside == []
        finally:
            leave(page)


def test_the_score_pad_is_a_ranking_by_buildings(page, voila_url):
    """The stored game Player 1 wins on towers after a tie on temples, with the fewest
    buildings: the pad must rank, not add up."""
    from pathlib import Path
    header = (Path(__file__).parents[1] / "golden" / "taluva.txt").read_text().split("\n")[0]
    record = Record.from_json(header)
    actions = [GAME.action_from_json(a) for a in record.actions]
    step = SETUP_STEPS + len(actions) + 1                 # the scoring step
    open_board(page, voila_url, "taluva", build_query(GAME, 3, 0, {}, actions, step))
    wait_text(page, ".rx-step-label", "Scoring")
    tab(page, "Score")
    page.locator(".rx-ranking-pad").first.wait_for(state="visible")
    pad = text(page, ".rx-score")
    assert "Total" not in pad and "Winner: Player 1" in pad and "fewer towers" in pad
    assert "Decided by: most towers (1) decides after a tie on temples 2" in pad
    assert page.evaluate("() => { const t = document.querySelector('.rx-ranking-pad');"
                         " return t.scrollWidth <= t.parentElement.clientWidth + 1; }")
    screenshot(page, "taluva-09-ranking-pad")
    assert page.errors == []
