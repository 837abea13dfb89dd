"""Cacao: the worked examples of the rule texts and final scoring on hand-built positions."""
from __future__ import annotations

import pytest

from explorer import rules
from explorer.cacao import GAME, Decline, Fill, Place, Rebuild, Work, examples
from explorer.cacao.examples import PURPLE, RED, WHITE, YELLOW
from explorer.cacao.scoring import score_temples, temple_prizes

N, E, S, W = range(4)
START = {(0, 0): "plantation-1", (1, 1): "market-2"}


def play(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def temple_lines(sheet, player):
    return [line for line in sheet.lines_for(player) if line.label.startswith("temple")]


def test_cacao_work_market_example():
    """Korean 91-93 / Hungarian line 4: Yellow takes a cacao and sells it for 3; Red sells a
    stored cacao for 3."""
    state = examples.market_example()
    state = play(state, Place("1-1-1-1", (1, 0), 0), Fill("market-3", (2, 0)))
    assert state.current_player == YELLOW
    state = play(state, Work((1, 0), W), Work((1, 0), E), Decline((1, 0), S))
    assert (state.cacao[YELLOW], state.gold[YELLOW]) == (0, 3)
    assert state.current_player == RED and state.turn == YELLOW
    state = state.apply(Work((2, 1), N))
    assert (state.cacao[RED], state.gold[RED]) == (0, 3)
    assert state.phase == "place" and state.current_player == RED   # Red's own turn is next
    assert [e.data["gold"] for e in state.events if e.rule == "cacao.work.market"] == [3]


def test_cacao_rebuild_example():
    """Korean 130-131 / Hungarian line 6: rebuild for a sun token, 2 cacao, sold for 2 x 4 = 8,
    water carrier one field on."""
    state = examples.rebuild_example()
    assert state.rebuilding_open
    state = state.apply(Rebuild("2-1-0-1", (-1, 0), 3))    # N1 plantation-2, W2 market-4, S1 water
    assert state.sun[RED] == 0 and len(state.covered[(-1, 0)]) == 1
    state = state.apply(Work((-1, 0), N))
    assert state.cacao[RED] == 2
    state = play(state, Work((-1, 0), W), Work((-1, 0), W))
    assert (state.cacao[RED], state.gold[RED]) == (0, 8)
    state = state.apply(Work((-1, 0), S))
    assert state.water_value(RED) == 0                      # one field on from -1
    assert state.current_player == PURPLE


def test_cacao_scoring_temple_example():
    """Korean 137-138 / Hungarian line 6: Yellow and Red tie with 2 workers and get 3 each;
    Purple with 1 worker gets nothing."""
    state = examples.temple_example().apply(Place("2-1-0-1", (3, 0), 3))   # Yellow's 2 workers
    assert state.is_over
    sheet = state.score()
    points = {p: sum(l.points for l in temple_lines(sheet, p)) for p in range(4)}
    assert points == {RED: 3, PURPLE: 0, WHITE: 0, YELLOW: 3}
    assert temple_lines(sheet, YELLOW)[0].rule == "cacao.scoring.temple_ties"


TEMPLE = (2, 0)   # next to the start tiles: the tiles west and south of it touch them too


def temple_board(workers, **kw):
    return GAME.position(4, jungle={**START, TEMPLE: "temple"}, workers=workers, **kw)


AROUND = {N: (2, -1), E: (3, 0), S: (2, 1), W: (1, 0)}
PATTERN = {1: "1-1-1-1", 2: "2-1-0-1", 3: "3-0-0-1"}   # the first number faces the temple


def at(where, owner, workers):
    """A worker tile of `owner` on the temple's `where` side with `workers` facing the temple."""
    facing = "NESW"[(where + 2) % 4]
    return AROUND[where], (owner, PATTERN[workers], facing)


@pytest.mark.rule("cacao.scoring.temples")
def test_cacao_scoring_temples():
    board = dict([at(W, RED, 3), at(S, PURPLE, 2), at(N, WHITE, 1)])
    result = score_temples(temple_board(board).workers, temple_board(board).jungle, {})[0]
    assert result.workers == {RED: 3, PURPLE: 2, WHITE: 1}
    assert result.prizes == {RED: 6, PURPLE: 3} and result.rule == "cacao.scoring.temples"
    # the score sheet: 6 for the most workers, 3 for the second, nothing for the third or for
    # a player without adjacent workers
    sheet = temple_board(board).score()
    points = {p: sum(l.points for l in temple_lines(sheet, p)) for p in range(4)}
    assert points == {RED: 6, PURPLE: 3, WHITE: 0, YELLOW: 0}
    assert {temple_lines(sheet, p)[0].rule for p in range(4)} == {"cacao.scoring.temples"}
    assert [l.facts["workers"] for p in range(4) for l in temple_lines(sheet, p)] == [3, 2, 1, 0]


def test_cacao_scoring_temple_ties():
    board = dict([at(W, RED, 3), at(S, PURPLE, 1), at(N, WHITE, 1)])
    sheet = temple_board(board).score()
    assert [sum(l.points for l in temple_lines(sheet, p)) for p in range(4)] == [6, 1, 1, 0]
    assert temple_prizes({0: 2, 1: 2, 2: 2})[0] == {0: 2, 1: 2, 2: 2}
    assert temple_prizes({0: 1, 1: 1, 2: 1, 3: 1})[0] == {p: 1 for p in range(4)}  # 6 // 4
    assert temple_prizes({0: 3, 1: 1, 2: 1, 3: 1})[0] == {0: 6, 1: 1, 2: 1, 3: 1}  # 3 // 3
    assert temple_prizes({0: 2, 1: 1, 2: 1})[1] == "cacao.scoring.temple_ties"


def test_cacao_scoring_temple_alone():
    board = dict([at(W, RED, 1), at(S, RED, 2)])
    sheet = temple_board(board).score()
    assert [sum(l.points for l in temple_lines(sheet, p)) for p in range(4)] == [6, 0, 0, 0]
    assert temple_lines(sheet, RED)[0].rule == "cacao.scoring.temple_alone"
    assert temple_prizes({0: 0, 1: 0}) == ({}, "cacao.scoring.temples",
                                           "no adjacent workers: nobody scores")


def test_cacao_scoring_temple_top():
    # Red's 1-worker tile west of the temple is rebuilt with a tile showing 0 workers to it.
    state = temple_board(dict([at(W, RED, 1), at(S, PURPLE, 1)]), sun=(1, 0, 0, 0),
                         hands={RED: ["2-1-0-1"]})
    state = state.apply(Rebuild("2-1-0-1", (1, 0), 3))    # its east side (E) has 0 workers
    sheet = state.score()
    assert [sum(l.points for l in temple_lines(sheet, p)) for p in range(4)] == [0, 6, 0, 0]
    assert temple_lines(sheet, RED)[0].rule == "cacao.scoring.temple_top"


def test_cacao_scoring_sun():
    sheet = GAME.score_position(2, sun=(3, 1))
    assert [l.points for l in sheet.lines if l.rule == "cacao.scoring.sun"] == [3, 1]


def test_cacao_scoring_water():
    sheet = GAME.score_position(3, gold=(12, 12, 12), water=(-10, 0, 16))
    assert [l.points for l in sheet.lines if l.rule == "cacao.scoring.water"] == [-10, 0, 16]
    assert sheet.totals == {0: 2, 1: 12, 2: 28}
    assert "pays 10" in [l.label for l in sheet.lines if l.rule == "cacao.scoring.water"][0]


def test_cacao_scoring_gold():
    sheet = GAME.score_position(2, gold=(17, 9), water=(0, 0))
    assert sheet.totals == {0: 17, 1: 9} and sheet.winners == [0]
    assert [l.points for l in sheet.lines if l.rule == "cacao.scoring.gold"] == [17, 9]


def test_cacao_scoring_cacao_worthless():
    sheet = GAME.score_position(2, gold=(10, 10), water=(0, 0), cacao=(5, 0))
    assert sheet.totals == {0: 10, 1: 10}
    assert all(l.points == 0 for l in sheet.lines if l.rule == "cacao.scoring.cacao_worthless")


def test_cacao_scoring_winner():
    sheet = GAME.score_position(3, gold=(10, 10, 4), water=(0, 0, 0), cacao=(1, 3, 5))
    assert sheet.winners == [1] and sheet.tiebreak_rule == "cacao.scoring.winner"
    assert "most cacao" in sheet.tiebreak
    shared = GAME.score_position(2, gold=(10, 10), water=(0, 0), cacao=(2, 2))
    assert shared.winners == [0, 1] and "shared victory" in shared.tiebreak


def test_cacao_score_lines_cite_rules_and_add_up():
    board = dict([at(W, RED, 3), at(S, PURPLE, 1), at(N, WHITE, 1)])
    sheet = temple_board(board, gold=(5, 6, 7, 8), sun=(1, 0, 2, 3),
                         water=(-1, -10, 16, 2)).score()
    for p in range(4):
        assert sum(l.points for l in sheet.lines_for(p)) == sheet.totals[p]
        assert len(temple_lines(sheet, p)) == 1          # one line per player per temple
    assert all(rules.exists(l.rule) for l in sheet.lines)
    assert sheet.totals == {RED: 5 + 6 + 1 - 1, PURPLE: 6 + 1 - 10, WHITE: 7 + 1 + 2 + 16,
                            YELLOW: 8 + 3 + 2}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cacao_view_keeps_the_board_open(players):
    state = examples.market_example() if players == 4 else GAME.position(players)
    seen = state.view(0)
    assert seen.workers == state.workers and seen.jungle == state.jungle
    assert seen.display == state.display and seen.cacao == state.cacao
