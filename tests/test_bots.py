"""Bots: deterministic for a seed, greedy clearly stronger than random, usable from the CLI."""
from __future__ import annotations

import pytest

import explorer
import registered
from explorer.bots import BOTS, GreedyBot, RandomBot, heuristic_for, make_bot, play_seats
from explorer.cli import main


def seated(names: list[str], seed: int) -> list:
    return [make_bot(name, seed * len(names) + seat) for seat, name in enumerate(names)]


def contest(game, games: int, players: int = 4) -> tuple[int, int]:
    """`games` games of one greedy seat (rotating) against random ones: the greedy seat's wins
    and the random seats' wins."""
    greedy_wins = random_wins = 0
    for i in range(games):
        names = ["random"] * players
        names[i % players] = "greedy"
        states, _ = play_seats(game.setup(players, 100 + i), seated(names, i))
        winners = states[-1].score().winners
        greedy_wins += (i % players) in winners
        random_wins += sum(1 for p in winners if p != i % players)
    return greedy_wins, random_wins


def greedy_contest(name: str):
    return registered.need(name, "GREEDY_CONTEST",
                           "(games, least greedy wins, most wins of a random seat) of a 4-player "
                           "contest of one greedy seat against random ones (see test_bots.py), "
                           "or None if the game has no heuristic to beat random with")


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_bots_repeat_their_game_for_a_seed(game, bot):
    players = max(game.player_counts)
    runs = [play_seats(game.setup(players, 11), seated([bot] * players, 5))[1] for _ in range(2)]
    assert runs[0] == runs[1] and runs[0]
    assert [a.to_json() for a in runs[0]] == [a.to_json() for a in runs[1]]


def test_greedy_games_reach_the_end_with_a_score_sheet(game):
    for players in game.player_counts:
        states, actions = play_seats(game.setup(players, 3), seated(["greedy"] * players, 3))
        final = states[-1]
        assert final.is_over and final.legal_actions() == [] and len(actions) == len(states) - 1
        sheet = final.score()
        assert sorted(sheet.totals) == list(range(players)) and sheet.lines
        assert sheet.winners or players == 1


def test_a_greedy_seat_wins_far_more_often_than_a_random_seat(game_name, game):
    # How many games, and the least and most wins expected, are the game's (observed in its
    # tests/games/<name>.py); a random seat wins about 1 of 40.
    data = greedy_contest(game_name)
    if data is None:
        assert heuristic_for(game_name) is None, "a game with a heuristic has a greedy contest"
        return
    games, least, most = data
    greedy_wins, random_wins = contest(game, games)
    assert greedy_wins >= least
    assert random_wins / 3 <= most


def test_play_seats_asks_the_player_who_decides_now():
    # In Cacao everyone with activated workers decides, not only the player whose turn it is.
    asked = []

    class Recorder(RandomBot):
        def __init__(self, seat: int):
            super().__init__(seat)
            self.seat = seat

        def choose(self, state):
            assert state.current_player == self.seat
            asked.append((self.seat, state.turn))
            return super().choose(state)

    game = explorer.GAMES["cacao"]
    play_seats(game.setup(4, 2), [Recorder(seat) for seat in range(4)])
    assert any(seat != turn for seat, turn in asked)


def test_play_seats_wants_one_bot_per_seat():
    with pytest.raises(ValueError, match="4 players, 2 bots"):
        play_seats(explorer.GAMES["cacao"].setup(4, 1), seated(["random"] * 2, 1))


def test_make_bot_knows_the_bots_and_lists_them_for_an_unknown_name():
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert isinstance(make_bot("random", 1), RandomBot)
    with pytest.raises(ValueError, match="unknown bot 'clever'; bots: random, greedy"):
        make_bot("clever", 1)


def test_each_game_with_a_greedy_contest_has_a_heuristic(game_name):
    if greedy_contest(game_name) is not None:
        assert callable(heuristic_for(game_name).evaluate), game_name
    assert heuristic_for("no_such_game") is None


def test_animals_candidates_are_few_and_legal_for_a_big_group():
    game = explorer.GAMES["animals_on_board"]
    state = game.setup(4, 7)
    bot = GreedyBot(7)
    while state.phase == "keep":
        state = state.apply(bot.choose(state))
    assert max(len(g) for g in state.groups) == 13
    legal = state.legal_actions()
    proposed = heuristic_for(game.name).candidates(state)
    assert len(legal) >= 8190 and len(proposed) <= 60
    assert set(proposed) <= set(legal)
    assert bot.choose(state) in legal


def test_cacao_candidates_drop_only_placements_that_look_alike():
    game = explorer.GAMES["cacao"]
    state = game.setup(3, 4)
    legal = state.legal_actions()
    proposed = heuristic_for(game.name).candidates(state)
    assert set(proposed) <= set(legal) and len(proposed) < len(legal)
    assert ({(a.cell, a.workers) for a in proposed} == {(a.cell, a.workers) for a in legal})


def test_cli_simulate_with_bots_prints_each_seat(capsys):
    code = main(["simulate", "cacao", "--games", "2", "--players", "3", "--seed", "1",
                 "--bots", "greedy,random,random"])
    out = capsys.readouterr().out
    assert code == 0
    assert "bots: greedy, random, random" in out
    assert "seat 1 (greedy): mean score" in out and "seat 3 (random)" in out
    assert "wins" in out.splitlines()[-1]


def test_cli_simulate_one_bot_name_sits_in_every_seat(capsys):
    code = main(["simulate", "animals_on_board", "--games", "1", "--players", "2", "--bots",
                 "greedy"])
    out = capsys.readouterr().out
    assert code == 0 and "seat 1 (greedy)" in out and "seat 2 (greedy)" in out


def test_cli_simulate_without_bots_plays_random_and_lists_no_seats(capsys):
    assert main(["simulate", "animals_on_board", "--games", "1", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "1 random games" in out and "seat" not in out


@pytest.mark.parametrize("bots, message", [
    ("greedy,random", "--bots names 2 bots for 4 players"),
    ("greedy,clever,random,random", "unknown bot 'clever' in --bots; bots: random, greedy"),
    ("", "unknown bot ''"),
])
def test_cli_simulate_refuses_bad_bots_in_one_line(capsys, bots, message):
    assert main(["simulate", "cacao", "--games", "1", "--bots", bots]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("error: ") and message in captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.out == ""


def test_greedy_falls_back_to_the_score_sheet_for_a_game_without_heuristic(monkeypatch):
    from explorer import bots
    monkeypatch.setitem(bots._HEURISTICS, "cacao", None)
    state = explorer.GAMES["cacao"].setup(2, 1)
    bot = GreedyBot(1)
    for _ in range(6):
        action = bot.choose(state)
        assert action in state.legal_actions()
        state = state.apply(action)
