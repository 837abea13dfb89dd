"""What the shared suites need to know of Nim, the plug-in example game (tests/registered.py
reads it)."""
from __future__ import annotations

RANDOM_GAMES = 300          # seeded random games of test_random_play.py (a game is ~6 moves)
# test_bots.py: Nim has no heuristic of its own (no greedy contest)
GREEDY_CONTEST = None
# test_score_pad.py: the player counts whose pads must not depend on the lines' words
SCORE_PAD_PLAYERS = (2,)

# the browser checks (tests/browser): the smoke test only
BROWSER_CHECKS = False

# test_hostile_input.py: one valid position per shape of the game, every field given
POSITIONS = [
    {"players": 2, "heaps": [3, 0, 2], "sizes": [3, 4, 5], "turn": 1, "misere": True},
    {"players": 2, "heaps": [0, 0, 0], "sizes": [5, 3, 4], "last": 0, "misere": False},
]


# test_old_records.py: the games kept as tests/records/<name>.jsonl, as (players, seed, bot,
# options): every player count, both bots, and the options that change how a game plays
RECORD_CASES = [(2, s, "random", {}) for s in (0, 1)] + [
    (2, 2, "random", {"misere": True, "start_player": 1})]

def conserved(state) -> None:
    from rules_explorer_nim import components as C

    assert state.is_over is (state.phase == "over"), state.phase
    assert (state.last is not None) is state.is_over
    if not state.sizes:                      # the set-up has not laid the heaps out yet
        assert state.phase == "setup" and not state.heaps
        return
    assert sorted(state.sizes) == sorted(C.HEAP_SIZES) and sum(state.sizes) == C.COUNTERS
    assert len(state.heaps) == len(state.sizes)
    assert all(0 <= left <= size for left, size in zip(state.heaps, state.sizes))
    if state.phase != "setup":
        assert (sum(state.heaps) == 0) is state.is_over

# test_widgets_rulebook.py: no passage of the rule text cites more than one rule
SEVERAL_RULES_IN_A_PASSAGE = False

# test_lessons.py: Nim ships one lesson, its rule text's example turn
LESSONS = ("example_turn",)
