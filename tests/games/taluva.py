"""What the shared suites need to know of Taluva (tests/registered.py reads it)."""
from __future__ import annotations

RANDOM_GAMES = 300          # seeded random games of test_random_play.py, over all player counts
# test_bots.py: (games, least greedy wins, most wins per random seat) of one greedy seat
# against three random ones (greedy has won every game observed)
GREEDY_CONTEST = (12, 9, 2)
# test_score_pad.py: the player counts whose pads must not depend on the lines' words
# (none: Taluva's pad groups the lines by rule and shows their own words as its details)
SCORE_PAD_PLAYERS = ()

# the browser checks (tests/browser): every shared one runs for this game
BROWSER_CHECKS = True
# a link whose page shows a move refused, with its rule
REFUSAL_LINK = "?rule=taluva.erupt.lava_direction"
# the query of the page the projector checks open
PROJECTOR_QUERY = ""

# test_hostile_input.py: one valid position per shape of the game, every field given
POSITIONS = [
    {"players": 3, "tiles": [["jungle-clearing", (0, 0), "E"], ["sand-rock", (-2, 1), 5],
                             ["clearing-sand", (0, 0), "SE"]],
     "buildings": {(1, 0): (0, "hut"), (0, 1): (1, "hut", 2)}, "drawn": "sand-sand",
     "stack": ["rock-rock", "lake-lake"], "turn": 1, "phase": "place", "removed": [1, 0, 0],
     "eliminated": [2], "options": {"new_hut": "anywhere"}, "seed": 3},
    {"players": 2, "tiles": [["jungle-clearing", (0, 0), "E"], ["sand-rock", (-2, 1), "NE"],
                             ["lake-jungle", (0, -2), "SE"]],
     "buildings": {(1, 0): (0, "hut"), (0, 1): (0, "hut")}, "phase": "build",
     "build_kind": "hut", "stack": [], "options": {"builds_per_turn": "one_kind"}},
]


# test_old_records.py: the games kept as tests/records/<name>.jsonl, as (players, seed, bot,
# options): every player count, both bots, and the options that change how a game plays
RECORD_CASES = [(p, s, b, {}) for p in (2, 3, 4) for s, b in ((0, "random"), (1, "greedy"))] + [
    (3, 2, "random", {"all_tiles": True, "covered_huts": "returned", "new_hut": "anywhere",
                      "builds_per_turn": "one_kind"})]

def conserved(state) -> None:
    from explorer.taluva import components as C

    tiles = list(state.stack) + [x.tile for x in state.placed] + list(state.boxed)
    tiles += [] if state.drawn is None else [state.drawn]
    assert sorted(tiles) == list(range(len(C.TILES))), "tiles lost or doubled"
    for p in range(state.players):
        on_board = [0, 0, 0]
        for b in state.buildings.values():
            if b.owner == p:
                on_board[C.KINDS.index(b.kind)] += b.count
        on_board[0] += state.removed[p]
        for kind, left, used in zip(C.KINDS, state.supply[p], on_board):
            assert left >= 0 and left + used == C.PIECES[kind], (p, kind)
    for h, b in state.buildings.items():
        cell = state.hexes[h]
        assert cell.terrain != C.VOLCANO and 1 <= b.count <= cell.level
        assert b.kind != "tower" or cell.level >= 3


def select_on_board(page, click) -> None:
    """In a browser, a choice that changes what the board shows: the tile turned. `click(do)`
    does `do`, then waits for the repaint."""
    click(lambda: page.click(".rx-rotate-right"))


def touch_first_move(page, state, tap_board) -> None:
    """In a browser, the first move of play from `state` by touch: the first tile at sea
    level, as drawn. `tap_board(page, x, y)` taps a board pixel."""
    from helpers import act
    from widgets.taluva import layout

    at = layout(state).hex_centre((0, 0))
    act(page, lambda: tap_board(page, *at))
