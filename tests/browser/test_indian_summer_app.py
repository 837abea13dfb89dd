"""The Indian Summer app in Voila + Chromium: painted board, laying tiles, tokens, animals, solo.

Where to click comes from the same pure `layout()` and picking rules the app uses, for the same
seed, and the engine plays every move alongside, so each expected step and rule is known. Every
wait is on page state: the frame counter, a step label, or a repainted canvas.
"""
from __future__ import annotations

import pytest

import explorer
from explorer import bots
from explorer.indian_summer import EndTurn, Exchange, Mushroom, Nut
from explorer.indian_summer import components as C
from explorer.indian_summer.board import printed_treasure
from explorer.indian_summer.geometry import cells_of
from helpers import (act, board_point, click_and_time, drawing_inside_viewport,
                     open_board, painted_pixels, screenshot, step, tab, text, wait_log,
                     wait_text)
from widgets.indian_summer import layout, move_hints
from widgets.indian_summer.draw import strip_tiles
from widgets.indian_summer.pick import ANIMAL, LEAF, Pick, first_pick, fitting
from explorer.links import build_query

pytestmark = pytest.mark.browser

GAME = explorer.GAMES["indian_summer"]
LARGE = {"width": 1600, "height": 1000}


def click_cell(page, state, cell) -> float:
    """Click the centre of `cell` of the acting player's large board; returns the time to the
    whole frame the move leads to (a refusal is a frame too)."""
    x, y = board_point(page, *layout(state).cell_center(cell))
    return timed(page, lambda: page.mouse.click(x, y))


def timed(page, do) -> float:
    """`do()`, then wait for the whole frame; seconds from the click to the repainted board."""
    import time
    start = time.perf_counter()
    act(page, do)
    return time.perf_counter() - start


def pick_of(state) -> Pick:
    """The pick a new step starts with, as the app makes it."""
    return first_pick([C.tile_name(t) for t in strip_tiles(state)], move_hints(state))


def lay_first(page, state, latencies) -> object:
    """Lay the starting pick on its first legal cell; returns the new state."""
    pick = pick_of(state)
    cell = sorted(pick.targets(move_hints(state)))[0]
    latencies.append(click_cell(page, state, cell))
    return state.apply(pick.action_at(cell))


def open_at(page, voila_url, actions, players=3, seed=1) -> None:
    """Open the position after `actions` through a shared link, at its last step."""
    steps = len(GAME.setup_steps(players, seed)) + len(actions)
    open_board(page, voila_url, "indian_summer",
               build_query(GAME, players, seed, {}, actions, steps))
    wait_text(page, ".rx-step-label", f"Step {steps} of {steps}")


def record_until(wanted, players=3, seed=1, bot_seed=5, limit=500):
    """Moves of a bot game from the start up to the first position where `wanted(state)`."""
    state, actions, bot = GAME.setup(players, seed), [], bots.GreedyBot(bot_seed)
    for _ in range(limit):
        if wanted(state):
            return state, actions
        action = bot.choose(state)
        actions.append(action)
        state = state.apply(action)
    pytest.fail("no such position in the bot game")


def test_lay_a_turned_and_flipped_tile_a_nut_an_exchange_a_refusal_and_a_mushroom(page,
                                                                                  voila_url):
    latencies: dict[str, list[float]] = {}
    to_board = open_board(page, voila_url, "indian_summer")
    print(f"time to painted board: {to_board:.2f} s")
    wait_text(page, ".rx-step-label", "Step 1 of 7")
    wait_text(page, ".rx-rules", "indian_summer.setup.components")
    assert drawing_inside_viewport(page)
    screenshot(page, "indian-summer-01-opened")
    latencies["step"] = [step(page, ".rx-last", "Step 7 of 7")]
    state = GAME.setup(3, 1)

    # -- Player 1 lays R22 turned a quarter (button) and flipped (key), hole on a treasure --
    latencies["choose"] = [click_and_time(
        page, lambda: page.locator(".rx-choice button", has_text="R22").click())]
    latencies["turn"] = [click_and_time(page, lambda: page.click(".rx-turn"))]
    page.hover(".rx-step-label")
    latencies["flip"] = [click_and_time(page, lambda: page.keyboard.press("f"))]
    pick = Pick(LEAF, tile="R22", rotation=1, flipped=True)
    floor = state.floors[0].layout
    cell = next(c for c in sorted(pick.targets(move_hints(state))) if printed_treasure(floor, c))
    treasure = printed_treasure(floor, cell)
    aim = board_point(page, *layout(state).cell_center(cell))
    click_and_time(page, lambda: page.mouse.move(*aim))       # the preview under the pointer
    screenshot(page, "indian-summer-02-aimed")
    latencies["place"] = [click_cell(page, state, cell)]
    state = state.apply(pick.action_at(cell))
    assert state.floors[0].token_at(cell) == treasure
    wait_text(page, ".rx-step-label", "Step 8 of 8")
    wait_text(page, ".rx-rules", "indian_summer.treasure.hole")
    assert f"A {treasure} shows through the hole at {cell}" in text(page, ".rx-frame-events")

    # -- a squirrel for a nut, then one mushroom exchanged for a nut ------------------------
    click_and_time(page, lambda: page.click(".rx-nut"))
    empty = cells_of(state.floors[0].empty)[0]
    latencies["nut"] = [click_cell(page, state, empty)]
    state = state.apply(Nut(empty))
    wait_text(page, ".rx-step-label", "Step 9 of 9")
    wait_text(page, ".rx-rules", "indian_summer.nut.squirrel")
    # only one exchange is possible now, so the button alone offers it
    assert page.locator(".rx-exchange").first.get_attribute("title") == (
        "Exchange 1 mushroom → 1 nut")
    latencies["exchange"] = [timed(page, lambda: page.click(".rx-exchange"))]
    state = state.apply(Exchange("mushroom", "nut"))
    wait_text(page, ".rx-step-label", "Step 10 of 10")
    wait_text(page, ".rx-rules", "indian_summer.exchange.trade")
    assert page.locator(".rx-feather").first.get_attribute("title").startswith(
        "Not now: Player 1 has already done this turn's tile action")
    screenshot(page, "indian-summer-03-tokens")
    latencies["end"] = [timed(page, lambda: page.click(".rx-end"))]
    state = state.apply(EndTurn())
    wait_text(page, ".rx-step-label", "Step 11 of 11")

    # -- Player 2 aims off the board: refused with the rule, nothing changes ----------------
    pick = pick_of(state)
    assert pick.targets(move_hints(state))
    wrong = next(c for c in [(7, 8), (0, 8), (7, 0), (0, 0)]
                 if c not in pick.targets(move_hints(state)))
    click_cell(page, state, wrong)
    wait_text(page, ".rx-message", "Not allowed:")
    assert "rule indian_summer.place.edge" in text(page, ".rx-message")
    wait_text(page, ".rx-rules", "indian_summer.place.edge")
    wait_log(page, 11)
    screenshot(page, "indian-summer-04-refused")

    # -- Player 2 spends the mushroom: Player 1's and Player 3's first tiles, laid both ------
    latencies["mushroom"] = [timed(page, lambda: page.click(".rx-mushroom"))]
    state = state.apply(Mushroom((0, 2)))
    wait_text(page, ".rx-step-label", "Step 12 of 12")
    wait_text(page, ".rx-rules", "indian_summer.mushroom.take")
    screenshot(page, "indian-summer-05-mushroom")
    state = lay_first(page, state, latencies["place"])
    state = lay_first(page, state, latencies["place"])
    assert state.phase == "turn" and len(state.floors[1].leaves) == 2
    wait_text(page, ".rx-step-label", "Step 14 of 14")
    latencies["end"].append(timed(page, lambda: page.click(".rx-end")))
    wait_text(page, ".rx-step-label", "Step 15 of 15")

    assert painted_pixels(page, ".rx-board") > 100_000
    assert page.errors == []
    for what, values in latencies.items():
        print(f"click-to-repaint {what}: " + ", ".join(f"{v * 1000:.0f} ms" for v in values))
    assert max(v for values in latencies.values() for v in values) < 5.0


def test_a_feather_turn_and_an_animal_from_shared_positions(page, voila_url):
    # -- a feather: two path tiles laid in one turn --------------------------------------------
    state, actions = record_until(lambda s: bool(move_hints(s).feathers)
                                  if s.current_player is not None else False)
    open_at(page, voila_url, actions)
    n = len(GAME.setup_steps(3, 1)) + len(actions)
    feather = move_hints(state).feathers[0]
    timed(page, lambda: page.click(".rx-feather"))
    state = state.apply(feather)
    wait_text(page, ".rx-step-label", f"Step {n + 1} of {n + 1}")
    wait_text(page, ".rx-rules", "indian_summer.feather.two")
    latencies: list[float] = []
    state = lay_first(page, state, latencies)
    state = lay_first(page, state, latencies)
    wait_text(page, ".rx-step-label", f"Step {n + 3} of {n + 3}")
    assert state.tile_done and state.pending == ()
    screenshot(page, "indian-summer-06-feather")

    # -- an animal on connected empty holes, with what lies printed under it ----------------
    state, actions = record_until(lambda s: bool(move_hints(s).animals)
                                  if s.current_player is not None else False)
    open_at(page, voila_url, actions)
    n = len(GAME.setup_steps(3, 1)) + len(actions)
    hints = move_hints(state)
    kind = next(k.name for k in C.ANIMALS if k.name in hints.animals)
    click_and_time(page, lambda: page.click(".rx-animal"))
    pick = fitting(Pick(ANIMAL, animal=kind), hints)
    cell = sorted(pick.targets(hints))[0]
    aim = board_point(page, *layout(state).cell_center(cell))
    click_and_time(page, lambda: page.mouse.move(*aim))
    screenshot(page, "indian-summer-07-animal-aimed")
    latencies.append(click_cell(page, state, cell))
    state = state.apply(pick.action_at(cell))
    wait_text(page, ".rx-step-label", f"Step {n + 1} of {n + 1}")
    wait_text(page, ".rx-rules", "indian_summer.animal.holes")
    assert page.locator(".rx-animal").first.get_attribute("title") == (
        "Not now: only one animal per turn")
    screenshot(page, "indian-summer-08-animal")
    page.set_viewport_size(LARGE)
    assert drawing_inside_viewport(page)
    screenshot(page, "indian-summer-09-animal-1600x1000")
    assert page.errors == []
    print("click-to-repaint feather and animal: "
          + ", ".join(f"{v * 1000:.0f} ms" for v in latencies))


def test_solo_mode_has_its_own_layout_and_plays(page, voila_url):
    open_board(page, voila_url, "indian_summer", "?players=1&seed=1")
    n = len(GAME.setup_steps(1, 1))
    wait_text(page, ".rx-step-label", f"Step 1 of {n}")
    step(page, ".rx-last", f"Step {n} of {n}")
    wait_text(page, ".rx-rules", "indian_summer.solo.track")
    assert page.locator(".rx-solo-source").first.is_visible()
    state = GAME.setup(1, 1)
    screenshot(page, "indian-summer-10-solo")
    state = lay_first(page, state, [])
    wait_text(page, ".rx-step-label", f"Step {n + 1} of {n + 1}")
    source = "lower path, right end"
    page.locator(".rx-solo-source select").select_option(label=source)
    timed(page, lambda: page.click(".rx-berry"))
    wait_text(page, ".rx-step-label", f"Step {n + 2} of {n + 2}")
    wait_text(page, ".rx-rules", "indian_summer.solo")
    screenshot(page, "indian-summer-11-solo-berry")
    page.set_viewport_size(LARGE)
    assert drawing_inside_viewport(page)
    screenshot(page, "indian-summer-12-solo-1600x1000")
    assert painted_pixels(page, ".rx-board") > 100_000 and page.errors == []


def test_an_animal_chosen_in_the_dropdown_stays_chosen_after_lay_animal(page, voila_url):
    state, actions = record_until(lambda s: s.current_player is not None
                                  and len(move_hints(s).animals) >= 2 and bool(move_hints(s).nut),
                                  seed=3)
    open_at(page, voila_url, actions, seed=3)
    kinds = [k.name for k in C.ANIMALS if k.name in move_hints(state).animals]
    choice = page.locator(".rx-animal-choice select")
    click_and_time(page, lambda: choice.select_option(index=1))
    page.wait_for_function("() => document.querySelector('.rx-animal')"
                           ".classList.contains('mod-info')")
    for _ in range(2):
        page.click(".rx-animal")
        # a turn redraws the board: every earlier message has been handled by then
        click_and_time(page, lambda: page.click(".rx-turn"))
        assert choice.evaluate("s => s.options[s.selectedIndex].text").startswith(kinds[1])
        assert "mod-info" in page.locator(".rx-animal").first.get_attribute("class")
    screenshot(page, "indian-summer-13-animal-chosen")
    assert page.errors == []


def test_a_lost_solo_game_says_so_with_its_score(page, voila_url):
    from pathlib import Path

    from explorer import Record
    header = (Path(__file__).parents[1] / "golden" / "indian_summer_solo.txt").read_text() \
        .split("\n")[0]
    record = Record.from_json(header)
    actions = [GAME.action_from_json(a) for a in record.actions]
    step = len(GAME.setup_steps(1, record.seed)) + len(actions) + 1      # the scoring step
    open_board(page, voila_url, "indian_summer",
               build_query(GAME, 1, record.seed, {}, actions, step))
    wait_text(page, ".rx-step-label", "Scoring")
    tab(page, "Score")
    page.locator(".rx-score-pad").first.wait_for(state="visible")
    pad = text(page, ".rx-score")
    assert "Solo game lost · score −18" in pad and "Winner" not in pad
    assert "Tie-break" not in pad and "Result: the board is not full" in pad
    screenshot(page, "indian-summer-14-solo-lost-pad")
    assert page.errors == []
