"""One test (or a few) per Animals on Board rule id, plus the worked examples of the rule text."""
from __future__ import annotations

import collections
import itertools
import random

import pytest

import explorer
from explorer import SetupError
from explorer.animals_on_board import Keep, Split, Take
from explorer.animals_on_board import components as C
from explorer.animals_on_board.scoring import score_ark

from aob_helpers import GAME, assert_43_point_ark, rules_of, t, ts
from rule_checks import refused


# -- set-up ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players,species", [(2, 8), (3, 10), (4, 12)])
def test_setup_species(players, species):
    state = GAME.setup(players, seed=3)
    assert len(state.species) == species
    assert len(state.removed) == 12 - species
    in_play = [x for x in C.ALL_TILES if C.species_of(x) in state.species]
    assert len(in_play) == species * 5


def test_setup_species_option_chooses_which_leave():
    state = GAME.setup(2, seed=3, removed_species=["panda", "tiger", "lion", "zebra"])
    names = {C.SPECIES[i] for i in state.removed}
    assert names == {"panda", "tiger", "lion", "zebra"}
    with pytest.raises(SetupError, match="exactly 4"):
        GAME.setup(2, seed=3, removed_species=["panda"])
    with pytest.raises(SetupError, match="unknown species 'dodo'"):
        GAME.setup(3, seed=3, removed_species=["panda", "dodo"])


def test_setup_species_random_choice_depends_on_seed():
    removed = {GAME.setup(2, seed=s).removed for s in range(10)}
    assert len(removed) > 1
    assert GAME.setup(2, seed=4).removed == GAME.setup(2, seed=4).removed


def test_setup_draw_piles():
    steps = GAME.setup_steps(3, seed=5)
    shuffled = steps[1]
    assert "animals_on_board.setup.draw_piles" in rules_of(shuffled)
    assert len(shuffled.pile) == 50
    assert list(shuffled.pile) != sorted(shuffled.pile)


def test_setup_crates():
    state = GAME.setup(4, seed=1)
    assert state.crates == (1, 1, 1, 1)
    assert state.supply == 16


def test_setup_start_player():
    assert GAME.setup(3, seed=1).start_player == 0
    state = GAME.setup(3, seed=1, start_player=2)
    assert state.start_player == 2 and state.current_player == 2
    with pytest.raises(SetupError, match="start_player"):
        GAME.setup(2, seed=1, start_player=3)


def test_setup_keep_one():
    state = GAME.setup(3, seed=2)
    assert state.phase == "keep"
    assert all(len(d) == 3 for d in state.drawn)
    drawn = {p: state.drawn[p] for p in range(3)}
    for p in (0, 1, 2):
        assert state.current_player == p
        assert state.legal_actions() == [Keep(x) for x in drawn[p]]
        state = state.apply(Keep(drawn[p][1]))
        assert state.arks[p] == (drawn[p][1],)
    # the other six tiles are now face up in the centre (plus the round's refill)
    rest = {x for p in drawn for x in drawn[p]} - {drawn[p][1] for p in drawn}
    assert rest <= set(state.groups[0])
    assert state.phase == "play"


def test_setup_keep_one_refuses_a_tile_not_drawn():
    state = GAME.setup(2, seed=2)
    other = state.drawn[1][0]
    refused(state, Keep(other), "animals_on_board.setup.keep_one")
    refused(state, Split((other,)), "animals_on_board.setup.keep_one")


def test_setup_is_narrated_step_by_step():
    steps = GAME.setup_steps(4, seed=9)
    assert len(steps) >= 5
    assert all(step.events for step in steps)
    cited = [e.rule for step in steps for e in step.events]
    for rule in ("animals_on_board.setup.species", "animals_on_board.setup.draw_piles",
                 "animals_on_board.setup.crates", "animals_on_board.setup.start_player",
                 "animals_on_board.setup.keep_one"):
        assert rule in cited
    assert GAME.setup(4, seed=9).events == tuple(e for s in steps for e in s.events)


# -- rounds ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players,face_up", [(2, 8), (3, 10), (4, 12)])
def test_round_refill(players, face_up):
    state = GAME.setup(players, seed=11)
    while state.phase == "keep":
        state = state.apply(state.legal_actions()[0])
    assert len(state.groups) == 1
    group = state.groups[0]
    assert len(group) == face_up + 1
    assert state.facedown in group
    assert "animals_on_board.round.refill" in rules_of(state)


def test_round_one_facedown_never_a_second():
    # round ends with the face-down tile still in the centre: no second one is added
    s = GAME.position(2, groups=[["panda-1", "panda-2"], ["tiger-3"]], crates=[2, 0],
                      facedown="panda-2", arks=[["lion-1"], ["lion-2", "lion-3"]],
                      resting=[False, True], start_player=1, turn=0)
    assert s.final_turn
    nxt = s.apply(Take(ts("tiger-3")))
    assert nxt.round == s.round + 1
    assert nxt.facedown == t("panda-2")
    central = [x for g in nxt.groups for x in g]
    assert len(central) == 9 and t("panda-2") in central
    assert "animals_on_board.round.one_facedown" in rules_of(nxt)


def test_round_turn_order_clockwise():
    s = GAME.position(4, groups=[["panda-1", "panda-2", "panda-3"]], crates=[1, 1, 1, 1],
                      arks=[["lion-1"], ["lion-2"], ["lion-3"], ["lion-4"]], turn=2)
    nxt = s.apply(Split(ts("panda-1")))
    assert nxt.current_player == 3
    assert nxt.apply(Split(ts("panda-2"))).current_player == 0


def test_round_turn_order_wrong_action_kind():
    s = GAME.position(2, groups=[["panda-1", "panda-2"]], arks=[["lion-1"], ["lion-2"]])
    refused(s, Keep(t("panda-1")), "animals_on_board.round.turn_order")


def test_round_last_player_gets_one_final_turn():
    s = GAME.position(3, groups=[["panda-1", "panda-2", "panda-3", "tiger-1"], ["lion-1"]],
                      crates=[1, 1, 2], arks=[["zebra-1", "zebra-2"], ["zebra-3"], ["zebra-4"]],
                      resting=[True, False, False], start_player=0, turn=1)
    assert not s.final_turn
    nxt = s.apply(Take(ts("lion-1")))
    assert nxt.current_player == 2 and nxt.final_turn
    assert "animals_on_board.round.last_player" in rules_of(nxt)
    after = nxt.apply(Split(ts("tiger-1")))      # the final turn may be a split
    assert after.round == s.round + 1            # then the round ends
    assert after.resting == (False, False, False)


def test_round_nobody_can_act_ends_the_round():
    # all groups are single tiles and nobody still in has a crate
    s = GAME.position(3, groups=[["panda-1", "tiger-2"], ["lion-1"]], crates=[0, 0, 1],
                      arks=[["zebra-1"], ["zebra-2"], ["zebra-3"]], turn=2)
    nxt = s.apply(Split(ts("panda-1")))          # player 3 now holds 2 crates; 1 and 2 hold none
    # players 1 and 2 can neither split (only single tiles) nor pay; player 3 takes
    assert nxt.current_player == 2
    assert rules_of(nxt).count("animals_on_board.turn.skip") == 2
    nxt2 = nxt.apply(Take(ts("panda-1")))
    assert "animals_on_board.round.nobody_can_act" in rules_of(nxt2)
    assert nxt2.round == s.round + 1


def test_round_end_starts_a_new_round_when_no_ark_is_full():
    s = GAME.position(2, groups=[["panda-1"]], crates=[1, 0],
                      arks=[["lion-1"], ["lion-2", "lion-3"]], resting=[False, True],
                      start_player=1, turn=0)
    nxt = s.apply(Take(ts("panda-1")))
    assert "animals_on_board.round.end" in rules_of(nxt)
    assert nxt.round == s.round + 1 and not nxt.is_over
    assert nxt.current_player == 1              # the first out holds the start flag


def test_round_flags_reset():
    s = GAME.position(2, groups=[["panda-1"]], crates=[1, 0],
                      arks=[["lion-1"], ["lion-2", "lion-3"]], resting=[False, True],
                      start_player=1)
    nxt = s.apply(Take(ts("panda-1")))
    assert nxt.resting == (False, False)
    assert "animals_on_board.round.flags_reset" in rules_of(nxt)


# -- action A: split ------------------------------------------------------------------------
def test_split_group_any_way_into_two():
    s = GAME.position(3, groups=[["panda-1", "panda-2", "tiger-1", "lion-4"], ["zebra-1"]],
                      arks=[["rhino-1"], ["rhino-2"], ["rhino-3"]])
    nxt = s.apply(Split(ts("panda-1", "lion-4")))
    assert nxt.groups == (ts("panda-1", "lion-4"), ts("panda-2", "tiger-1"), ts("zebra-1"))
    assert "animals_on_board.split.group" in rules_of(nxt)
    # every non-empty proper part may leave: 2^n - 2 ways for n tiles
    splits = [a for a in s.legal_actions() if isinstance(a, Split)]
    assert len(splits) == 2 ** 4 - 2
    assert len(set(splits)) == len(splits)


def test_split_group_refusals():
    s = GAME.position(3, groups=[["panda-1", "panda-2"], ["tiger-1"], ["lion-1", "lion-2"]],
                      arks=[["rhino-1"], ["rhino-2"], ["rhino-3"]])
    refused(s, Split(ts("panda-1", "panda-2")),
            "animals_on_board.split.group")   # no empty group
    refused(s, Split(ts("tiger-1")),
            "animals_on_board.split.group")   # a single tile
    refused(s, Split(ts("panda-1", "lion-1")),
            "animals_on_board.split.group")   # two groups mixed
    refused(s, Split(ts("zebra-5")),
            "animals_on_board.split.group")   # not in the centre


def test_split_either_side_gives_the_same_groups():
    s = GAME.position(2, groups=[["panda-1", "panda-2", "tiger-3"]],
                      arks=[["lion-1"], ["lion-2"]])
    a = s.apply(Split(ts("panda-1")))
    b = s.apply(Split(ts("panda-2", "tiger-3")))
    assert sorted(a.groups) == sorted(b.groups)


def test_split_crate():
    s = GAME.position(2, groups=[["panda-1", "panda-2"]], crates=[3, 1],
                      arks=[["lion-1"], ["lion-2"]])
    nxt = s.apply(Split(ts("panda-1")))
    assert nxt.crates == (4, 1) and nxt.supply == s.supply - 1
    assert "animals_on_board.split.crate" in rules_of(nxt)


def test_split_crate_cap():
    s = GAME.position(2, groups=[["panda-1", "panda-2"]], crates=[5, 1],
                      arks=[["lion-1"], ["lion-2"]])
    nxt = s.apply(Split(ts("panda-1")))
    assert nxt.crates == (4, 1)
    assert "animals_on_board.split.crate_cap" in rules_of(nxt)


def test_split_example_from_the_text():
    """Text lines 139-142: four groups A-D; splitting A gives five groups and one crate."""
    groups = [["panda-1", "tiger-2", "lion-3"], ["zebra-1", "zebra-2"], ["rhino-4"],
              ["gorilla-5", "turtle-1"]]
    s = GAME.position(3, groups=groups, crates=[1, 1, 1], turn=1,
                      arks=[["panda-2"], ["panda-3"], ["panda-4"]])
    nxt = s.apply(Split(ts("tiger-2")))
    assert len(nxt.groups) == 5
    assert nxt.groups[:2] == (ts("tiger-2"), ts("panda-1", "lion-3"))
    assert nxt.crates == (1, 2, 1)


# -- action B: take -------------------------------------------------------------------------
def test_take_group():
    s = GAME.position(3, groups=[["panda-1", "tiger-2"], ["lion-3"]], crates=[3, 1, 1],
                      arks=[["zebra-1"], ["zebra-2"], ["zebra-3"]])
    nxt = s.apply(Take(ts("panda-1", "tiger-2")))
    assert set(nxt.arks[0]) == {t("zebra-1"), t("panda-1"), t("tiger-2")}
    assert nxt.crates[0] == 1 and nxt.groups == (ts("lion-3"),)
    refused(s, Take(ts("panda-1")),
            "animals_on_board.take.group")   # only whole groups


def test_take_afford():
    s = GAME.position(3, groups=[["panda-1", "tiger-2", "lion-3"], ["zebra-4"]],
                      crates=[2, 1, 1], arks=[["rhino-1"], ["rhino-2"], ["rhino-3"]])
    err = refused(s, Take(ts("panda-1", "tiger-2", "lion-3")), "animals_on_board.take.afford")
    assert "3" in err.reason and "2" in err.reason
    assert Take(ts("zebra-4")) in s.legal_actions()
    assert Take(ts("panda-1", "tiger-2", "lion-3")) not in s.legal_actions()


def test_take_facedown():
    s = GAME.position(3, groups=[["panda-1", "tiger-2"], ["lion-1", "lion-2"]],
                      crates=[2, 1, 1], facedown="tiger-2",
                      arks=[["rhino-1"], ["rhino-2"], ["rhino-3"]])
    nxt = s.apply(Take(ts("panda-1", "tiger-2")))
    assert nxt.facedown is None and t("tiger-2") in nxt.arks[0]
    assert "animals_on_board.take.facedown" in rules_of(nxt)


def test_take_leave_round():
    s = GAME.position(3, groups=[["panda-1", "panda-2", "panda-3"], ["tiger-2"]],
                      crates=[1, 1, 1], arks=[["rhino-1"], ["rhino-2"], ["rhino-3"]])
    nxt = s.apply(Take(ts("tiger-2")))
    assert nxt.resting == (True, False, False)
    nxt = nxt.apply(Split(ts("panda-1")))
    assert nxt.current_player == 2
    nxt = nxt.apply(Split(ts("panda-2")))
    assert nxt.current_player == 1                  # Player 1 is out: skipped without a turn
    assert not any(e.player == 0 for e in nxt.events)


def test_take_start_flag():
    s = GAME.position(3, groups=[["panda-1", "panda-2"], ["tiger-2"], ["lion-1"]],
                      crates=[1, 1, 1], turn=1, arks=[["rhino-1"], ["rhino-2"], ["rhino-3"]])
    nxt = s.apply(Take(ts("tiger-2")))
    assert nxt.start_player == 1
    assert "animals_on_board.take.start_flag" in rules_of(nxt)
    nxt = nxt.apply(Take(ts("lion-1")))             # the second one out does not get it
    assert nxt.start_player == 1


def test_take_example_from_the_text():
    """Text lines 174-183: face-down + panda + elephant = 3 tiles, 3 crates, start flag."""
    group = ts("panda-2", "elephant-4", "giraffe-1")
    s = GAME.position(3, groups=[["panda-2", "elephant-4", "giraffe-1"], ["tiger-1", "tiger-2"]],
                      crates=[1, 3, 1], facedown="giraffe-1", turn=1,
                      arks=[["rhino-1"], ["rhino-2"], ["rhino-3"]])
    nxt = s.apply(Take(group))
    assert nxt.crates[1] == 0 and nxt.supply == s.supply + 3
    assert set(group) <= set(nxt.arks[1])
    assert nxt.resting[1] and nxt.start_player == 1
    assert [r for r in rules_of(nxt) if r.startswith("animals_on_board.take.")] == [
        "animals_on_board.take.group", "animals_on_board.take.facedown",
        "animals_on_board.take.leave_round", "animals_on_board.take.start_flag"]


def test_take_overflow():
    ark = ["panda-1", "panda-2", "panda-3", "tiger-1", "tiger-2", "lion-1", "lion-2", "zebra-1",
           "rhino-1"]
    s = GAME.position(2, groups=[["gorilla-1", "gorilla-2"], ["turtle-3", "turtle-4"]],
                      crates=[2, 1], arks=[ark, ["rhino-2"]])
    nxt = s.apply(Take(ts("gorilla-1", "gorilla-2")))
    assert len(nxt.arks[0]) == 11
    assert nxt.announced == (0,)
    assert "animals_on_board.take.overflow" in rules_of(nxt)


# -- turns ----------------------------------------------------------------------------------
def test_turn_forced_take():
    s = GAME.position(2, groups=[["panda-1"], ["tiger-2"]], crates=[1, 1],
                      arks=[["lion-1"], ["lion-2"]])
    assert s.legal_actions() == [Take(ts("panda-1")), Take(ts("tiger-2"))]
    nxt = s.apply(Take(ts("panda-1")))
    assert "animals_on_board.turn.forced_take" in rules_of(nxt)


def test_turn_skip():
    s = GAME.position(3, groups=[["panda-1"], ["tiger-2"]], crates=[1, 0, 1], turn=0,
                      arks=[["lion-1"], ["lion-2"], ["lion-3"]])
    nxt = s.apply(Take(ts("panda-1")))
    # Player 2 can neither split (single tiles only) nor pay: skipped; Player 3 can take
    skips = [e for e in nxt.events if e.rule == "animals_on_board.turn.skip"]
    assert [e.player for e in skips] == [1]
    assert nxt.current_player == 2


# -- end and scoring ------------------------------------------------------------------------
def test_end_trigger():
    ark = ["panda-1", "panda-2", "panda-3", "tiger-1", "tiger-2", "lion-1", "lion-2", "zebra-1",
           "rhino-1"]
    s = GAME.position(2, groups=[["gorilla-1"]], crates=[1, 0],
                      arks=[ark, ["rhino-2", "rhino-3"]], resting=[False, True], start_player=1)
    nxt = s.apply(Take(ts("gorilla-1")))
    assert nxt.is_over and nxt.current_player is None and nxt.legal_actions() == []
    assert "animals_on_board.end.trigger" in rules_of(nxt)
    refused(nxt, Take(ts("gorilla-1")), "animals_on_board.end.trigger")


def over(players, arks, crates):
    """The arks as they sail (a finished game)."""
    return GAME.position(players, over=True, arks=arks, crates=crates)


def test_scoring_example_43_points():
    """Text lines 246-258: 11 tiles, the elephant pair goes back, 4 + 2 + 4x5 + 3x5 + 2 = 43."""
    ark = ["elephant-1", "elephant-3", "crocodile-4", "tiger-2", "giraffe-1", "giraffe-2",
           "giraffe-5", "panda-1", "panda-2", "panda-3", "panda-5"]
    assert len(ark) == 11
    sheet = GAME.score_position(2, arks=[ark, ["lion-1"]], crates=[2, 0])
    assert_43_point_ark(sheet)
    assert sheet.winners == [0]


def test_scoring_pairs():
    sheet = over(2, [["panda-4", "panda-5", "tiger-1"], ["lion-1"]], [0, 0]).score()
    assert sheet.totals[0] == 1


def test_scoring_reduce_never_leaves_a_herd_at_two():
    # 12 tiles: herd of 5 lions, herd of 3 tigers, singles panda-5, zebra-4, rhino-1, flamingo-1
    ark = ["lion-1", "lion-2", "lion-3", "lion-4", "lion-5", "tiger-1", "tiger-2", "tiger-3",
           "panda-5", "zebra-4", "rhino-1", "flamingo-1"]
    sheet = over(2, [ark, []], [0, 0]).score()
    # best 10: lions (25) + tigers (15) + panda 5 + zebra 4 = 49; cutting the tiger herd to 1
    # instead would leave 9 tiles worth less
    assert sheet.totals[0] == 49
    cut = [line for line in sheet.lines_for(0) if line.rule == "animals_on_board.scoring.reduce"]
    assert len(cut) == 1 and "rhino-1, flamingo-1" in cut[0].label


def test_scoring_reduce_prefers_cutting_a_herd_to_one():
    # 11 tiles: three herds of 3 (45) + two singles 1 and 1; cutting a single is best (45 + 1)
    ark = ["lion-1", "lion-2", "lion-3", "tiger-1", "tiger-2", "tiger-3", "panda-1", "panda-2",
           "panda-3", "zebra-1", "rhino-1"]
    assert over(2, [ark, []], [0, 0]).score().totals[0] == 46


def test_scoring_reduce_ties_on_points_keep_the_most_species():
    # 11 tiles: returning panda-5 or lion-1 both leave 50 points, but lion-1 keeps 6 species
    ark = ["lion-1", "lion-2", "lion-3", "lion-4", "tiger-1", "tiger-2", "tiger-3", "panda-5",
           "zebra-5", "rhino-5", "gorilla-5"]
    sheet = over(2, [ark, []], [0, 0]).score()
    assert sheet.totals[0] == 50
    assert sheet.notes[0] == ["6 species in the ark"]
    cut = [line for line in sheet.lines_for(0) if line.rule == "animals_on_board.scoring.reduce"]
    assert len(cut) == 1 and "returned lion-1" in cut[0].label
    assert "could keep as few as 5 species, this one keeps 6" in cut[0].label
    assert score_ark(ts(*ark), 0).cut == ts("lion-1")


def test_scoring_reduce_says_nothing_of_species_when_the_choice_does_not_matter():
    ark = ["lion-1", "lion-2", "lion-3", "lion-4", "lion-5", "tiger-1", "tiger-2", "tiger-3",
           "panda-5", "zebra-4", "rhino-1", "flamingo-1"]
    cut = [line for line in over(2, [ark, []], [0, 0]).score().lines_for(0)
           if line.rule == "animals_on_board.scoring.reduce"]
    assert len(cut) == 1 and "species" not in cut[0].label


def all_cuts(tiles):
    """Every way the rules allow to return tiles down to 10 (fewest returned first): pairs
    already gone, no species left at exactly 2 that had more. Yields (points, species)."""
    by_species = {}
    for x in tiles:
        by_species.setdefault(C.species_of(x), []).append(x)
    for k in range(max(0, len(tiles) - 10), len(tiles) + 1):
        found = []
        for back in itertools.combinations(tiles, k):
            kept = {}
            for x in tiles:
                if x not in back:
                    kept.setdefault(C.species_of(x), []).append(x)
            if any(len(v) == 2 for v in kept.values()):
                continue
            points = sum(C.value_of(v[0]) if len(v) == 1 else 5 * len(v) for v in kept.values())
            found.append((points, len(kept)))
        if found:
            return found
    return []


def test_scoring_reduce_no_equal_points_cut_keeps_more_species():
    """Many seeded random arks of 11-14 tiles from a few species (so herds and ties are
    common): the engine's cut has the best points, and no cut of equal points keeps more
    species."""
    rng = random.Random(20240611)
    checked = mattered = 0
    while checked < 200:
        kinds = rng.sample(range(len(C.SPECIES)), rng.randint(4, 7))
        pool = [x for x in C.ALL_TILES if C.species_of(x) in kinds]
        ark = tuple(sorted(rng.sample(pool, min(len(pool), rng.randint(11, 14)))))
        counts = collections.Counter(C.species_of(x) for x in ark)
        rest = tuple(x for x in ark if counts[C.species_of(x)] != 2)
        if len(ark) < 11 or len(rest) <= 10:
            continue                                  # no cut to choose
        scored = score_ark(ark, 0)
        cuts = all_cuts(rest)
        best = max(points for points, _ in cuts)
        species = {n for points, n in cuts if points == best}
        assert scored.points == best
        assert scored.species == max(species)
        assert len(scored.kept) == len(rest) - len(scored.cut) <= 10
        mattered += len(species) > 1
        checked += 1
    assert mattered >= 10                             # the tie-break was really exercised


def test_scoring_single():
    assert over(2, [["panda-4"], ["lion-2"]], [0, 0]).score().totals == {0: 4, 1: 2}


def test_scoring_herd():
    assert over(2, [["panda-1", "panda-2", "panda-3"], []], [0, 0]).score().totals[0] == 15


def test_scoring_crates():
    assert over(2, [[], []], [3, 1]).score().totals == {0: 3, 1: 1}


def test_scoring_winner_tie_break_by_species():
    sheet = over(2, [["panda-2", "tiger-2"], ["lion-4"]], [0, 0]).score()
    assert sheet.totals == {0: 4, 1: 4}
    assert sheet.winners == [0] and sheet.tiebreak_rule == "animals_on_board.scoring.winner"
    shared = over(2, [["panda-4"], ["lion-4"]], [0, 0]).score()
    assert shared.winners == [0, 1] and "shared" in shared.tiebreak


# -- hidden information -----------------------------------------------------------------------
def test_hidden_ark():
    s = GAME.position(3, groups=[["panda-1", "panda-2"]], facedown="panda-2",
                      arks=[["tiger-1"], ["lion-1"], ["lion-2"]])
    seen = s.view(1)
    assert seen.arks[0] == (C.HIDDEN,) and seen.arks[1] == ts("lion-1")
    assert C.HIDDEN in seen.groups[0] and t("panda-2") not in seen.groups[0]
    assert seen.legal_actions() == [] and s.view(None) is s
    with pytest.raises(ValueError):
        seen.apply(Split(ts("panda-1")))
    keep = GAME.setup(3, seed=1).view(2)
    assert keep.drawn[0] == (C.HIDDEN,) * 3 and C.HIDDEN not in keep.drawn[2]


def test_hidden_ark_move_labels_name_no_hidden_tile():
    state = GAME.setup(3, seed=1)
    keep = state.legal_actions()[0]
    assert C.tile_name(keep.tile) in state.describe_action(keep)
    assert C.tile_name(keep.tile) in state.describe_action(keep, viewer=0)
    assert C.tile_name(keep.tile) not in state.describe_action(keep, viewer=1)
    s = GAME.position(3, groups=[["panda-1", "tiger-2"]], crates=[2, 1, 1], facedown="tiger-2",
                      arks=[["lion-1"], ["lion-2"], ["lion-3"]])
    take = Take(ts("panda-1", "tiger-2"))
    assert s.describe_action(take, viewer=2) == "take panda-1, the face-down tile"
    assert "tiger-2" in s.describe_action(take, viewer=0)


def test_legal_actions_is_a_list_that_makes_splits_only_when_read():
    """A 13-tile group has 8,190 splits: legal_actions() is a list that builds them lazily, and
    behaves in every way like the list of them."""
    import copy
    import pickle

    from explorer.bots import RandomBot, play

    states, _ = play(explorer.GAMES["animals_on_board"].setup(4, 5), RandomBot(5))
    checked = 0
    for state in states:
        actions = state.legal_actions()
        full = list(actions)
        if not full:          # the end
            continue
        assert isinstance(actions, list) and len(actions) == len(full)
        assert actions == full and full == actions and not actions != full
        assert actions[:3] == full[:3] and actions[-1] == full[-1]
        assert all(a in actions for a in full) and tuple(actions) == tuple(full)
        assert copy.copy(actions) == full and pickle.loads(pickle.dumps(actions)) == full
        assert actions + ["x"] == full + ["x"] and ["x"] + actions == ["x"] + full
        assert list(reversed(state.legal_actions())) == full[::-1]
        grown = state.legal_actions()
        grown.append("x")                     # a list method fills it, then it is a plain list
        assert grown == full + ["x"] and len(grown) == len(full) + 1
        checked += len(full) > 100
    assert checked > 0, "no position with many splits was seen"
