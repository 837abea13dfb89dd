"""What the shared suites need to know of Cacao (tests/registered.py reads it)."""
from __future__ import annotations

# Cacao has its own 300-game run with stricter checks (test_cacao_random_play.py); the shared
# harness only shows that it passes the same checks as every game.
RANDOM_GAMES = 30          # seeded random games of test_random_play.py, over all player counts
# test_bots.py: (games, least greedy wins, most wins per random seat) of one greedy seat
# against three random ones (observed: greedy wins 40 of 40)
GREEDY_CONTEST = (40, 30, 5)
# test_score_pad.py: the player counts whose pads must not depend on the lines' words
SCORE_PAD_PLAYERS = (4,)

# the browser checks (tests/browser): every shared one runs for this game
BROWSER_CHECKS = True
# a link whose page shows a move refused, with its rule
REFUSAL_LINK = "?rule=cacao.place.checkerboard"
# the query of the page the projector checks open
PROJECTOR_QUERY = "?players=4"    # the fullest board

# test_hostile_input.py: one valid position per shape of the game, every field given
POSITIONS = [
    {"players": 2, "workers": {(2, 1): ("red", "2-1-0-1", "E")},
     "jungle": {(0, 0): "plantation-1", (1, 1): "market-2"}, "rebuilt": {},
     "hands": {"red": ["1-1-1-1", "2-1-0-1", "3-1-0-0"],
               "purple": ["1-1-1-1", "2-1-0-1", "2-1-0-1"]},
     "worker_piles": {"red": ["2-1-0-1"], "purple": ["3-0-0-1", "1-1-1-1"]},
     "display": ["market-3", "water"], "jungle_pile": ["temple"], "cacao": [2, 0],
     "sun": [1, 3], "water": [-4, 16], "gold": [5, 0], "turn": "purple",
     "options": {"activation_order": "per_worker"}, "seed": 3},
    {"players": 2, "workers": {(1, 0): (0, "1-1-1-1", "N")},
     "rebuilt": {(1, 0): ("2-1-0-1", "E")}, "hands": [["2-1-0-1"], ["2-1-0-1"]],
     "worker_piles": [[], []], "display": [], "jungle_pile": [], "sun": [1, 0], "turn": 0},
]


# test_old_records.py: the games kept as tests/records/<name>.jsonl, as (players, seed, bot,
# options): every player count, both bots, and the options that change how a game plays
RECORD_CASES = [(p, s, b, {}) for p in (2, 3, 4) for s, b in ((0, "random"), (1, "greedy"))] + [
    (4, 2, "random", {"activation_order": "per_worker", "start_player": 3})]

def conserved(state) -> None:
    from explorer.cacao import components as C
    from explorer.cacao.board import is_jungle_cell, neighbours

    # is_over is a field kept with the phase: over unless someone places, fills or works
    assert state.is_over is (state.phase not in ("place", "fill", "work")), state.phase
    players = state.players
    for p in range(players):
        mine = (list(state.hands[p]) + list(state.worker_piles[p])
                + [t for t in state.removed_workers if C.owner_of(t) == p]
                + [x.tile for x in state.workers.values() if x.owner == p]
                + [x.tile for stack in state.covered.values() for x in stack if x.owner == p])
        assert sorted(mine) == [C.worker_tile(p, n) for n in range(C.TILES_PER_COLOUR)], p
    jungle = (list(state.jungle_pile) + list(state.display) + list(state.drawn)
              + list(state.jungle.values()) + list(state.removed_jungle))
    assert sorted(jungle) == list(range(len(C.JUNGLE)))
    assert all(0 <= c <= C.CACAO_CAP for c in state.cacao) and state.cacao_supply >= 0
    assert all(0 <= s <= C.SUN_CAP for s in state.sun) and state.sun_supply >= 0
    assert all(0 <= w < len(C.WATER_TRACK) for w in state.water)
    assert len(state.display) <= C.DISPLAY_SIZE
    for cell in state.jungle:
        assert is_jungle_cell(cell) and not any(n in state.jungle for n in neighbours(cell))
    for cell in state.workers:
        assert not is_jungle_cell(cell) and not any(n in state.workers for n in neighbours(cell))
        assert any(n in state.jungle for n in neighbours(cell))


def select_on_board(page, click) -> None:
    """In a browser, choices that change what the board shows: the last hand tile, turned.
    `click(do)` does `do`, then waits for the repaint."""
    click(lambda: page.locator(".rx-choice button").last.click())
    click(lambda: page.click(".rx-rotate-right"))


def touch_first_move(page, state, tap_board) -> None:
    """In a browser, the first move of play from `state` by touch: the 2-1-0-1 tile, turned
    once, on (1, 0). `tap_board(page, x, y)` taps a board pixel."""
    from helpers import act, canvas_signature, wait_for_repaint
    from widgets.cacao import layout
    from widgets.cacao.layout import game_extent

    before = canvas_signature(page)
    page.locator(".rx-choice button", has_text="2-1-0-1").first.tap()
    wait_for_repaint(page, before)
    before = canvas_signature(page)
    page.tap(".rx-rotate-right")
    wait_for_repaint(page, before)
    at = layout(state, extent=game_extent(state)).cell_center((1, 0))
    act(page, lambda: tap_board(page, *at))
