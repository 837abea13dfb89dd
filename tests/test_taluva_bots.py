"""Taluva bots: repeatable for a seed, greedy games end properly (that greedy beats random is
checked with every game's in test_bots.py, with Taluva's numbers in tests/games/taluva.py)."""
from __future__ import annotations

import pytest

from explorer.bots import heuristic_for, make_bot, play_seats
from explorer.taluva import GAME


def seated(names: list[str], seed: int) -> list:
    return [make_bot(name, seed * len(names) + seat) for seat, name in enumerate(names)]


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_taluva_bots_repeat_their_game_for_a_seed(bot):
    runs = [play_seats(GAME.setup(3, 11), seated([bot] * 3, 5))[1] for _ in range(2)]
    assert runs[0] and [a.to_json() for a in runs[0]] == [a.to_json() for a in runs[1]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_taluva_greedy_games_reach_the_end_with_a_score_sheet(players):
    states, actions = play_seats(GAME.setup(players, 3), seated(["greedy"] * players, 3))
    final = states[-1]
    assert final.is_over and final.legal_actions() == [] and len(actions) == len(states) - 1
    sheet = final.score()
    assert sorted(sheet.totals) == list(range(players)) and sheet.winners and sheet.tiebreak


def test_taluva_candidates_are_legal_and_keep_every_eruption():
    state, bot = GAME.setup(2, 8), make_bot("random", 8)
    for _ in range(30):
        state = state.apply(bot.choose(state))
    while state.phase != "place":
        state = state.apply(state.legal_actions()[0])
    legal = state.legal_actions()
    proposed = heuristic_for("taluva").candidates(state)
    assert set(proposed) <= set(legal) and len(proposed) < len(legal)
    eruptions = {a for a in legal if a.volcano in state.hexes}
    assert eruptions <= set(proposed)
