"""What the shared suites need to know of Animals on Board (tests/registered.py reads it)."""
from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

RANDOM_GAMES = 300          # seeded random games of test_random_play.py, over all player counts
# test_bots.py: (games, least greedy wins, most wins per random seat) of one greedy seat
# against three random ones (observed: greedy wins 38 of 40)
GREEDY_CONTEST = (40, 30, 5)
# test_score_pad.py: the player counts whose pads must not depend on the lines' words
SCORE_PAD_PLAYERS = (3,)


# test_old_records.py: the games kept as tests/records/<name>.jsonl, as (players, seed, bot,
# options): every player count, both bots, and the options that change how a game plays
RECORD_CASES = [(p, s, b, {}) for p in (2, 3, 4) for s, b in ((0, "random"), (1, "greedy"))] + [
    (3, 2, "random", {"removed_species": None, "start_player": 2})]

def _removed_species(players: int):
    from explorer.animals_on_board import components as C
    count = len(C.SPECIES) - C.SPECIES_IN_PLAY[players]
    chosen = st.lists(st.sampled_from(C.SPECIES), min_size=count, max_size=count, unique=True)
    return st.one_of(st.none(), chosen)


# Options whose values are not a fixed list of choices: how to draw a valid value.
FREE_OPTIONS = {"removed_species": _removed_species}

# the browser checks (tests/browser): every shared one runs for this game
BROWSER_CHECKS = True
# a link whose page shows a move refused, with its rule
REFUSAL_LINK = None    # none: its refusal is shown by the show_a_refusal below
# the query of the page the projector checks open
PROJECTOR_QUERY = ""

# test_hostile_input.py: one valid position per shape of the game, every field given
POSITIONS = [
    {"players": 3, "groups": [["panda-1", "panda-4", "tiger-2"], ["lion-3"]],
     "facedown": "tiger-2", "arks": [["rhino-1", "rhino-2"], ["gorilla-4"], ["elephant-5"]],
     "crates": [0, 2, 3], "resting": [True, False, False], "start_player": 0, "turn": 1,
     "round": 2, "removed_species": ["chimpanzee", "flamingo"], "seed": 5, "over": False},
    {"players": 2, "arks": [["lion-1", "lion-2"], ["tiger-1"]], "groups": [],
     "crates": [1, 1], "over": True},
]


def conserved(state) -> None:
    from explorer.animals_on_board import components as C
    boxed = [x for x in C.ALL_TILES if C.species_of(x) not in state.species]
    places = (list(state.pile) + [x for g in state.groups for x in g]
              + [x for a in state.arks for x in a] + [x for d in state.drawn for x in d] + boxed)
    counts = Counter(places)
    assert sorted(counts) == list(C.ALL_TILES) and set(counts.values()) == {1}, "tiles lost or doubled"
    assert sum(state.crates) + state.supply == C.CRATES and state.supply >= 0
    assert all(0 <= c <= C.CRATE_CAP for c in state.crates)
    central = {x for g in state.groups for x in g}
    assert state.facedown is None or state.facedown in central, "face-down tile outside the centre"
    assert all(g for g in state.groups), "an empty group"


def board_clicks(state):
    """Moves made by a click on the board from `state` (benchmarks/bench.py times them): each
    player's keep of the first tile drawn, as (action, (x, y)) with the board pixel the
    renderer's own layout places that tile at."""
    from explorer.animals_on_board import Keep
    from widgets.animals_on_board import layout

    while state.phase == "keep":
        p = state.current_player
        action = Keep(state.drawn[p][0])
        yield action, layout(state).box(("hand", p, 0)).center
        state = state.apply(action)


def show_a_refusal(page, voila_url: str, message_shown) -> None:
    """In a browser (tests/browser), a refused move with its message: the lesson "A split never
    mixes two groups", panda-1 split off alone (not the lesson's answer), then the tiger
    selected. `message_shown(page)` waits for the message."""
    from explorer import lessons
    from helpers import board_point, open_board, wait_text
    from widgets.animals_on_board import layout

    lesson = lessons.get("animals_on_board", "split_one_group_only")
    open_board(page, voila_url, "animals_on_board", f"?lesson={lesson.name}")
    wait_text(page, ".rx-lesson", lesson.title)
    state = lesson.states()[0]

    def select(key, tile: str):
        x, y = board_point(page, *layout(state).box(key).center)
        page.mouse.click(x, y)
        wait_text(page, ".rx-selection", tile)

    select(("group", 0, 0), "panda-1")
    page.click(".rx-split")
    message_shown(page)
    select(("group", 0, 2), "tiger-3")


# test_layout_in_browser.py: bot turns before a choice can be made on the board (everyone keeps
# a tile: then the centre can be chosen)
TURNS_BEFORE_SELECTING = 3


def select_on_board(page, click) -> None:
    """In a browser, a choice that changes what the board shows: the first group's label band
    (where it is in any position with a group). `click(do)` does `do`, then waits for the
    repaint."""
    from helpers import board_point
    from widgets.animals_on_board.layout import MARGIN, header_h, section_h

    x, y = board_point(page, MARGIN + 40, header_h() + section_h() + 10)
    click(lambda: page.mouse.click(x, y))
    page.wait_for_function("() => document.querySelector('.rx-selection')"
                           ".innerText.includes('Selected')")


def touch_first_move(page, state, tap_board) -> None:
    """In a browser, the first move of play from `state` by touch: keep a drawn tile.
    `tap_board(page, x, y)` taps a board pixel."""
    from helpers import act
    from widgets.animals_on_board import layout

    box = layout(state).box(("hand", state.current_player, 0))
    act(page, lambda: tap_board(page, *box.center))
