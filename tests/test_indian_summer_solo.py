"""Indian Summer solo game: one test per solo rule, and the series of three games."""
from __future__ import annotations

import pytest

from explorer.indian_summer import (GAME, Berry, EndTurn, Mushroom, Place, Refill, Series,
                                    Squirrel, series_score)
from explorer import rules
from explorer.indian_summer import components as C
from rule_checks import refused

EMPTY = "." * 8
FULL_ROW = "#" * 8


def ids(*names):
    return tuple(C.tile_id(n) for n in names)


def solo(**fields):
    fields.setdefault("paths", [["G01", "G02", "G03", "G04", "G05"]])
    fields.setdefault("upper", ["Y01", "Y02", "Y03", "Y04", "Y05"])
    fields.setdefault("lower", ["R01", "R02", "R03", "R04", "R05"])
    return GAME.position(1, **fields)


@pytest.mark.rule("indian_summer.solo.piles")
@pytest.mark.rule("indian_summer.solo.paths")
@pytest.mark.rule("indian_summer.solo.player_path")
def test_indian_summer_solo_setup_and_piles():
    states = [GAME.setup(1, 9, solo_pile=n) for n in (1, 2, 3)]
    used = []
    for s in states:
        mine = list(s.upper) + list(s.lower) + list(s.paths[0]) + [t for t in s.track if t]
        assert (len(s.upper), len(s.lower), len(s.paths[0]), len(mine)) == (5, 5, 5, 25)
        assert len(s.box) == 50 and not s.forest and s.tokens(0)["mushroom"] == 1
        used += mine
    assert sorted(used) == list(range(75))          # three disjoint piles of 25
    rules = [e.rule for e in states[0].events]
    for rule in ("indian_summer.solo.setup", "indian_summer.solo.piles", "indian_summer.solo.paths",
                 "indian_summer.solo.track", "indian_summer.solo.player_path",
                 "indian_summer.solo.supplies"):
        assert rule in rules


@pytest.mark.rule("indian_summer.solo.supplies")
def test_indian_summer_solo_supplies():
    s = GAME.setup(1, 9)
    assert "indian_summer.solo.supplies" in [e.rule for e in s.events]
    # the animals stacked by kind, the badger, fox and raccoon with their tokens
    assert s.animals_left == tuple(k.count for k in C.ANIMALS)
    assert {k.name: s.animal_tokens[i] for i, k in enumerate(C.ANIMALS) if k.token} == {
        "badger": "berry", "fox": "nut", "raccoon": "feather"}
    # a berry, a nut and a mushroom on the backpack; the rest and the squirrels are the supply
    assert s.tokens(0) == {"berry": 1, "nut": 1, "mushroom": 1, "feather": 0}
    assert {k: s.supply(k) for k in C.TOKENS} == {
        "berry": 28, "nut": 22, "mushroom": 17, "feather": 7}
    assert s.squirrel_supply == C.SQUIRRELS


def test_indian_summer_solo_track_moves_one_tile_per_turn():
    s = GAME.setup(1, 4)
    start = s.track
    assert s.track[11] is not None and s.track[9] is None      # turn 1: space 1 -> right end
    for turn in (2, 3):
        cell = [(x, y) for y in range(9) for x in range(8)][turn]
        s = s.apply(Squirrel(cell)).apply(EndTurn())
        assert s.solo_turn == turn
    assert s.track[10] is not None                              # turn 2 beside the mushroom
    assert s.track[9] == start[7]                               # turn 3's tile lands on space 1
    assert s.track[7] is None and s.track[8] is None


def test_indian_summer_solo_refill_and_shortfall():
    s = solo(paths=[[]], upper=["Y01", "Y02", "Y03"], backpacks=[{"berry": 1}])
    assert s.phase == "refill"
    assert s.legal_actions() == [Refill(p, e) for p in ("upper", "lower")
                                 for e in ("left", "right")]
    refused(s, Squirrel((0, 0)), "indian_summer.solo.refill")
    s = s.apply(Refill("upper", "right"))
    assert s.paths[0] == ids("Y03", "Y02", "Y01") and not s.upper
    assert any(e.rule == "indian_summer.solo.shortfall" for e in s.events)
    s = s.apply(Berry("lower", "left"))                         # the shortfall from the other path
    assert s.paths[0][3:] == ids("R01", "R02") and s.lower == ids("R03", "R04", "R05")


def test_indian_summer_solo_shortfall_without_a_berry_cites_the_solo_rule():
    s = solo(paths=[["G01"]], upper=["Y01", "Y02"], backpacks=[{}])
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "place"))   # the last path tile
    s = s.apply(Refill("upper", "left"))                                     # 2 of the 5
    assert any(e.rule == "indian_summer.solo.shortfall" for e in s.events)
    refusal = refused(s, Berry("lower", "left"), "indian_summer.solo.shortfall")
    assert "has no berry" in refusal.reason
    assert rules.get(refusal.rule).lines[0] == 342


def test_indian_summer_solo_shortfall_without_tiles_on_the_other_path():
    s = solo(paths=[[]], upper=["Y01", "Y02", "Y03"], lower=[], backpacks=[{"berry": 1}])
    s = s.apply(Refill("upper", "left"))
    text = next(e.text for e in s.events if e.rule == "indian_summer.solo.shortfall")
    assert "berry" not in text and "empty too" in text
    assert not any(a.kind == "berry" for a in s.legal_actions())


def test_indian_summer_solo_berry_and_sixth():
    s = solo(paths=[["G01", "G02"]], backpacks=[{"berry": 3}])
    refused(s, Berry(), "indian_summer.solo.berry")
    s = s.apply(Berry("upper", "left"))
    assert s.paths[0][2:] == ids("Y01", "Y02", "Y03")
    assert s.events[0].rule == "indian_summer.solo.berry"
    s = s.apply(Berry("lower", "right"))
    assert len(s.paths[0]) == 6 and s.paths[0][-1] == C.tile_id("R05")
    assert s.events[0].rule == "indian_summer.solo.sixth"
    assert not any(a.kind == "berry" for a in s.legal_actions())
    refused(s, Berry("upper", "left"), "indian_summer.solo.sixth")


def track(**spaces):
    """12 track places from {"s3": name, "a": name, "b": name}."""
    out = [None] * 12
    for key, name in spaces.items():
        out[{"a": 10, "b": 11}.get(key) if key in "ab" else 10 - int(key[1:])] = name
    return out


@pytest.mark.rule("indian_summer.solo.shift")
def test_indian_summer_solo_mushroom_takes_both_and_shifts():
    s = solo(track=track(s3="R06", s2="R07", s1="R08", a="G06", b="G07", s6="R09"),
             solo_turn=5, backpacks=[{"mushroom": 1}])
    assert Mushroom(()) in s.legal_actions()
    s = s.apply(Mushroom(()))
    assert s.need == 2 and set(s.pending) == set(ids("G06", "G07"))
    s = s.apply(Place("G07", 0, (0, 0))).apply(Place("G06", 0, (1, 0)))
    assert s.phase == "turn" and s.tile_done
    # spaces 1, 2, 3 (below turn 5) moved right, lowest first
    assert (s.track[11], s.track[10], s.track[9]) == ids("R08", "R07", "R06")
    assert s.track[4] == C.tile_id("R09")
    assert any(e.rule == "indian_summer.solo.shift" for e in s.events)


def test_indian_summer_solo_mushroom_only_what_fits_or_is_left():
    nearly = [FULL_ROW] * 8 + ["#" * 5 + "..."]
    s = solo(boards=[nearly], track=track(a="G06", b="Y06"), backpacks=[{"mushroom": 1}])
    s = s.apply(Mushroom(()))
    assert s.pending == ids("G06") and s.need == 1
    assert s.track[11] == C.tile_id("Y06")                      # the other stays on the track
    one_left = solo(track=track(b="Y06"), backpacks=[{"mushroom": 1}]).apply(Mushroom(()))
    assert one_left.pending == ids("Y06")
    refused(solo(track=track(s4="Y06"), backpacks=[{"mushroom": 1}]), Mushroom(()),
            "indian_summer.solo.mushroom")


@pytest.mark.parametrize("chosen, other, space", [("Y01", "G06", 10), ("G06", "Y01", 11)])
def test_indian_summer_solo_mushroom_each_fits_but_not_both(chosen, other, space):
    """Four cells left: G06 and Y01 each fit, not both. The player lays one of them (their
    choice); the other goes back to its space beside the mushroom, and the log says so."""
    nearly = [FULL_ROW] * 8 + ["####...."]
    s = solo(boards=[nearly], upper=["R11", "R12"], lower=["R13"],
             track=track(a="G06", b="Y01"), backpacks=[{"mushroom": 1}])
    s = s.apply(Mushroom(()))
    assert s.need == 1 and set(s.pending) == set(ids("G06", "Y01"))
    said = next(e.text for e in s.events if e.rule == "indian_summer.solo.mushroom")
    assert "your choice" in said and "lifted" in said and "goes back" in said
    assert s.track[10] is None and s.track[11] is None          # both lifted, as narrated
    assert {a.tile for a in s.legal_actions()} == {"G06", "Y01"}
    s = s.apply(next(a for a in s.legal_actions() if a.tile == chosen))
    assert s.phase == "turn" and s.tile_done and not s.pending and not s.pending_slots
    assert s.track[space] == C.tile_id(other) and C.tile_id(other) not in s.box
    back = [e for e in s.events if e.rule == "indian_summer.solo.mushroom"]
    assert back and other in back[0].text and "back to its space" in back[0].text


@pytest.mark.rule("indian_summer.solo.loss")
def test_indian_summer_solo_end_after_ten_turns_and_loss():
    s = solo(solo_turn=10, backpacks=[{"nut": 1}])
    s = s.apply(Squirrel((0, 0))).apply(EndTurn())
    assert s.phase == "squirrels"
    s = s.apply(s.legal_actions()[0])
    assert s.is_over
    sheet = s.score()
    assert sheet.totals == {0: -70} and sheet.winners == []     # one squirrel by the last nut
    assert sheet.lines[0].rule == "indian_summer.solo.loss"


def test_indian_summer_solo_win_scores_the_treasures_left():
    nearly = [FULL_ROW] * 8 + ["#" * 7 + "."]
    s = solo(boards=[nearly], solo_turn=3,
             backpacks=[{"berry": 2, "nut": 1, "mushroom": 1, "feather": 1}])
    s = s.apply(Squirrel((7, 8))).apply(EndTurn())             # full: the game ends early
    assert s.is_over and any(e.rule == "indian_summer.solo.end" for e in s.events)
    sheet = s.score()
    assert sheet.winners == [0] and sheet.totals == {0: 2 * 1 + 1 * 2 + 3 + 4}


def test_indian_summer_solo_converts_only_what_is_needed():
    nearly = [FULL_ROW] * 8 + ["#" * 6 + ".."]
    s = solo(boards=[nearly], solo_turn=10,
             backpacks=[{"berry": 2, "mushroom": 1, "feather": 1}])
    s = s.apply(Squirrel((6, 8))).apply(EndTurn())
    assert any("Only as many treasures" in e.text and e.rule == "indian_summer.solo.end"
               for e in s.events)
    assert [a.at for a in s.legal_actions()] == [(7, 8)]
    s = s.apply(s.legal_actions()[0])
    # one cell left: two berries (worth 2) become the nut, mushroom and feather stay
    assert s.tokens(0) == {"berry": 0, "nut": 0, "mushroom": 1, "feather": 1}
    texts = [e.text for e in s.events]
    assert not any("every player" in t for t in texts)
    assert "indian_summer.end.convert" not in [e.rule for e in s.events]
    assert s.score().totals == {0: 7}


def test_indian_summer_solo_series_best():
    score = series_score([(True, 5), (False, -3), (True, 9)])
    assert (score.total, score.counted, score.rule) == (14, (0, 2), "indian_summer.solo.series_best")


def test_indian_summer_solo_series_one_win():
    score = series_score([(False, -4), (True, 12), (False, -2)])
    assert (score.total, score.counted, score.rule) == (-6, (0, 2),
                                                        "indian_summer.solo.series_one_win")


def test_indian_summer_solo_series_two_losses():
    score = series_score([(False, -4), (False, -9)])
    assert score.finished and score.total == -13
    assert score.rule == "indian_summer.solo.series_two_losses"


def test_series_object_plays_three_piles_from_one_seed():
    series = Series(seed=5)
    first = series.setup(1)
    assert series.next_game == 1 and first.options["solo_pile"] == 1
    series.results += [(False, -2), (False, -1)]
    assert series.next_game is None and series.score().total == -3
