"""What the shared suites need to know of Indian Summer (tests/registered.py reads it)."""
from __future__ import annotations

RANDOM_GAMES = 300          # seeded random games of test_random_play.py, over all player counts
# test_bots.py: (games, least greedy wins, most wins per random seat) of one greedy seat
# against three random ones (observed: greedy wins 40 of 40)
GREEDY_CONTEST = (40, 30, 5)
# test_score_pad.py: the player counts whose pads must not depend on the lines' words
SCORE_PAD_PLAYERS = (3, 1)

# the browser checks (tests/browser): every shared one runs for this game
BROWSER_CHECKS = True
# a link whose page shows a move refused, with its rule
REFUSAL_LINK = "?rule=indian_summer.place.tile_action"
# the query of the page the projector checks open
PROJECTOR_QUERY = "?players=4"    # the fullest board

# test_hostile_input.py: one valid position per shape of the game, every field given (none
# yet: Indian Summer's positions are refused field by field in test_indian_summer_position.py)
POSITIONS = []


# test_old_records.py: the games kept as tests/records/<name>.jsonl, as (players, seed, bot,
# options): every player count, both bots, and the options that change how a game plays
RECORD_CASES = [(p, s, b, {}) for p in (1, 2, 3, 4) for s, b in ((0, "random"), (1, "greedy"))] + [
    (1, 2, "random", {"solo_pile": 3}), (2, 3, "random", {"forest_size": 10})]

def conserved(state) -> None:
    from explorer.indian_summer import components as C
    from explorer.indian_summer.moves import leaf_index
    from explorer.indian_summer.geometry import FULL, bit

    placed = [leaf[0] for f in state.floors for leaf in f.leaves]
    tiles = (placed + [t for path in state.paths for t in path] + list(state.forest)
             + list(state.set_aside) + list(state.box) + list(state.pending) + list(state.upper)
             + list(state.lower) + [t for t in state.track if t is not None])
    assert sorted(tiles) == list(range(C.TILE_COUNT)), "tiles lost or doubled"
    assert all(len(path) <= C.PATH_MAX for path in state.paths)
    for kind in C.TOKENS:
        assert state.supply(kind) >= 0, kind
    assert all(n >= 0 for bag in state.backpacks for n in bag)
    assert sum(len(f.squirrels) for f in state.floors) == state.squirrels_used
    for f in state.floors:
        covered = 0
        for tile, o, x, y in f.leaves:
            mask, _ = leaf_index(tile)[o, x, y]
            assert not covered & mask, "leaves overlap"
            covered |= mask
        for c in f.squirrels:
            assert not covered & bit(c), "squirrel on a leaf"
            covered |= bit(c)
        assert covered == f.covered and covered & ~FULL == 0
        assert f.token_mask & ~f.holes == 0 and f.animal_mask & ~f.holes == 0
        assert not f.token_mask & f.animal_mask
    for k, kind in enumerate(C.ANIMALS):
        laid = sum(1 for f in state.floors for a in f.animals if a[0] == k)
        assert laid + state.animals_left[k] == kind.count
    p = state.current_player
    if state.phase == "turn" and not state.tile_done and not state.floors[p].full:
        from explorer.indian_summer import Squirrel
        from explorer.indian_summer.geometry import cells_of
        state.apply(Squirrel(cells_of(state.floors[p].empty)[0]))   # a squirrel always fits


def select_on_board(page, click) -> None:
    """In a browser, a choice that changes what the board shows: another path tile.
    `click(do)` does `do`, then waits for the repaint."""
    click(lambda: page.locator(".rx-choice button").nth(1).click())


def touch_first_move(page, state, tap_board) -> None:
    """In a browser, the first move of play from `state` by touch: the starting pick on its
    first legal cell. `tap_board(page, x, y)` taps a board pixel."""
    from explorer.indian_summer import components as C
    from helpers import act
    from widgets.indian_summer import layout, move_hints
    from widgets.indian_summer.draw import strip_tiles
    from widgets.indian_summer.pick import first_pick

    hints = move_hints(state)
    pick = first_pick([C.tile_name(t) for t in strip_tiles(state)], hints)
    cell = sorted(pick.targets(hints))[0]
    act(page, lambda: tap_board(page, *layout(state).cell_center(cell)))
