"""Cacao: one test per rule (named after the rule id), including refusals."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from explorer import SetupError, rules
from explorer.cacao import GAME, Decline, Fill, Place, Rebuild, Work, examples
from explorer.cacao import components as C
from explorer.cacao.board import FrozenMap, is_jungle_cell, neighbours
from explorer.cacao.examples import PURPLE, RED, START, WHITE
from rule_checks import refused

N, E, S, W = range(4)
PACKAGE = Path(__file__).resolve().parent.parent / "explorer" / "cacao"


def play(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def rules_of(state):
    return [e.rule for e in state.events]


# -- rule index --------------------------------------------------------------------------
def test_cacao_rule_index_quotes_are_in_the_cited_lines():
    entries = rules.for_game("cacao")
    assert len(entries) >= 40
    for rule in entries:
        for ref in rule.references:
            text = "\n".join(rules.seed_lines(ref.source)[ref.lines[0] - 1:ref.lines[1]])
            assert ref.quote.strip() and ref.quote.strip() in text, (rule.id, ref)


def test_cacao_rule_index_cites_korean_first_and_hungarian_in_also():
    for rule in rules.for_game("cacao"):
        assert rule.source == "000_8dfb23966d448b0b.txt", rule.id
        assert any(ref.source == "002_1972217ec0170d20.txt" for ref in rule.also), rule.id
        assert rule.english and rule.title


def test_cacao_rule_ids_used_by_engine_exist_and_every_entry_is_used():
    source = "".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    used = set(re.findall(r'"(cacao\.[a-z_]+\.[a-z_]+)"', source))
    indexed = {r.id for r in rules.for_game("cacao")}
    assert used - indexed == set()
    assert indexed - used == set()
    for rule_id in (GAME.turn_rule, GAME.end_rule):
        assert rules.exists(rule_id)
    for option in GAME.options.values():
        assert option.rules and all(rules.exists(r) for r in option.rules)


def test_cacao_rule_notes_record_where_the_texts_differ():
    assert "per_worker" in rules.get("cacao.activate.order").note
    assert "semmit" in rules.get("cacao.setup.worker_removal").note
    assert "eladási ár 2" in rules.get("cacao.setup.two_players").note


# -- set-up ------------------------------------------------------------------------------
def test_cacao_setup_steps_are_narrated_and_deterministic():
    steps = GAME.setup_steps(3, seed=5)
    assert len(steps) == 8
    for step in steps:
        assert step.events and all(rules.exists(e.rule) for e in step.events)
    assert [s.fingerprint() for s in steps] == [s.fingerprint() for s in GAME.setup_steps(3, 5)]
    assert GAME.setup(3, 5).fingerprint() != GAME.setup(3, 6).fingerprint()
    assert GAME.setup(3, 5).events == tuple(e for s in steps for e in s.events)


def test_cacao_setup_villages():
    state = GAME.setup(4, seed=1)
    assert [state.water_value(p) for p in range(4)] == [-10] * 4
    assert state.cacao == state.sun == state.gold == (0, 0, 0, 0)
    assert GAME.setup_steps(4, 1)[0].events[0].rule == "cacao.setup.villages"


@pytest.mark.rule("cacao.setup.worker_tiles")
def test_cacao_setup_worker_tiles():
    counts = Counter(C.TILE_PATTERNS)
    assert counts == {"1-1-1-1": 4, "2-1-0-1": 5, "3-0-0-1": 1, "3-1-0-0": 1}
    assert all(sum(C.PATTERNS[p]) == 4 for p in C.PATTERNS)
    assert C.workers_of("2-1-0-1", 1) == (1, 2, 1, 0)  # turned a quarter clockwise
    assert len(C.COLOURS) * C.TILES_PER_COLOUR == 44
    # turned, never flipped: 3-1-0-0 is the mirror image of 3-0-0-1, no turn of it
    assert set(C.LAYOUTS["3-0-0-1"]).isdisjoint(C.LAYOUTS["3-1-0-0"])
    # the set-up deals every player the 11 tiles of their colour, in those patterns (the
    # tiles put back in the box for 4 players included)
    steps = GAME.setup_steps(4, seed=3)
    assert "cacao.setup.worker_tiles" in rules_of(steps[0])
    state = steps[-1]
    for p in range(4):
        tiles = (state.hands[p] + state.worker_piles[p]
                 + tuple(t for t in state.removed_workers if C.owner_of(t) == p))
        assert {C.owner_of(t) for t in tiles} == {p}
        assert Counter(C.pattern_of(t) for t in tiles) == counts


@pytest.mark.parametrize("players, in_play, removed", [
    (2, 22, []), (3, 30, ["1-1-1-1"]), (4, 36, ["1-1-1-1", "2-1-0-1"])])
def test_cacao_setup_worker_removal(players, in_play, removed):
    state = GAME.setup(players, seed=3)
    tiles = [t for p in range(players) for t in state.hands[p] + state.worker_piles[p]]
    assert len(tiles) == len(set(tiles)) == in_play
    for p in range(players):
        gone = [C.pattern_of(t) for t in state.removed_workers if C.owner_of(t) == p]
        assert sorted(gone) == removed


def test_cacao_setup_worker_piles():
    state = GAME.setup(4, seed=9)
    assert [len(h) for h in state.hands] == [3] * 4
    assert [len(p) for p in state.worker_piles] == [6] * 4
    assert all(C.owner_of(t) == p for p in range(4) for t in state.hands[p])


@pytest.mark.rule("cacao.setup.jungle_tiles")
@pytest.mark.parametrize("players", [2, 4])
def test_cacao_setup_jungle_tiles(players):
    counts = Counter(C.JUNGLE)
    assert len(C.JUNGLE) == 28
    assert counts["plantation-1"] == 6 and counts["plantation-2"] == 2
    assert (counts["market-2"], counts["market-3"], counts["market-4"]) == (2, 4, 1)
    assert (counts["gold_mine-1"], counts["gold_mine-2"]) == (2, 1)
    assert (counts["water"], counts["sun_worship"], counts["temple"]) == (3, 2, 5)
    # after the set-up the 28 tiles are all somewhere: start tiles, display, pile or box
    steps = GAME.setup_steps(players, seed=6)
    assert "cacao.setup.jungle_tiles" in [e.rule for s in steps for e in s.events]
    state = steps[-1]
    where = (list(state.jungle.values()) + list(state.display) + list(state.jungle_pile)
             + list(state.removed_jungle))
    assert sorted(where) == list(range(28))
    assert Counter(C.JUNGLE[t] for t in where) == counts


def test_cacao_setup_start_tiles():
    state = GAME.setup(3, seed=2)
    assert {c: C.JUNGLE[t] for c, t in state.jungle.items()} == {
        (0, 0): "plantation-1", (1, 1): "market-2"}


@pytest.mark.parametrize("players, left", [(2, 19), (3, 26), (4, 26)])
def test_cacao_setup_two_players(players, left):
    state = GAME.setup(players, seed=4)
    assert len(state.jungle_pile) + len(state.display) == left
    if players == 2:
        assert sorted(C.JUNGLE[t] for t in state.removed_jungle) == sorted(C.TWO_PLAYER_REMOVED)
    else:
        assert state.removed_jungle == ()


def test_cacao_setup_jungle_pile():
    state = GAME.setup(3, seed=4)
    assert len(state.display) == 2
    seen = state.view(0)
    assert seen.display == state.display
    assert set(seen.jungle_pile) == {C.HIDDEN} and len(seen.jungle_pile) == 24


def test_cacao_setup_supplies():
    state = GAME.setup(2, seed=0)
    assert state.cacao_supply == 20 and state.sun_supply == 12


def test_cacao_setup_start_player():
    assert GAME.setup(3, seed=0).current_player == 0
    assert GAME.setup(3, seed=0, start_player=2).current_player == 2
    with pytest.raises(SetupError):
        GAME.setup(2, seed=0, start_player=3)
    with pytest.raises(SetupError):
        GAME.setup(2, seed=0, activation_order="sideways")


# -- a turn ------------------------------------------------------------------------------
def simple(**kw):
    """Start tiles, Red to place, a display of two and a short pile."""
    args = dict(jungle=START, hands={p: ["1-1-1-1", "2-1-0-1"] for p in range(3)},
                display=("water", "gold_mine-2"), jungle_pile=("temple", "market-3"))
    args.update(kw)
    return GAME.position(3, **args)


def test_cacao_turn_phases():
    state = simple()
    refused(state, Fill("water", (2, 0)), "cacao.turn.phases")
    refused(state, Work((1, 0), 0), "cacao.turn.phases")
    assert {a.kind for a in state.legal_actions()} == {"place"}


def test_cacao_turn_order():
    state = simple().apply(Place("1-1-1-1", (-1, 0), 0))
    while state.current_player == RED and state.phase == "work":
        state = state.apply(state.legal_actions()[0])
    assert state.phase == "place" and state.current_player == PURPLE
    assert "cacao.turn.order" in rules_of(state)


def test_cacao_place_worker_tile():
    state = simple()
    refused(state, Place("3-0-0-1", (1, 0), 0), "cacao.place.worker_tile")
    busy = simple(workers={(1, 0): (PURPLE, "1-1-1-1", "N")})
    refused(busy, Place("1-1-1-1", (1, 0), 0), "cacao.place.worker_tile")
    after = busy.apply(Place("2-1-0-1", (0, 1), 1))
    assert C.pattern_of(after.workers[(0, 1)].tile) == "2-1-0-1"
    assert len(after.hands[RED]) == 1


def test_cacao_place_adjacent():
    state = simple()
    refused(state, Place("1-1-1-1", (5, 0), 0), "cacao.place.adjacent")
    cells = {a.cell for a in state.legal_actions()}
    assert cells == {(-1, 0), (0, -1), (1, 0), (0, 1), (2, 1), (1, 2)}
    assert all(any(n in state.jungle for n in neighbours(c)) for c in cells)


def test_cacao_place_checkerboard():
    # a jungle space next to a worker tile: a worker tile there would touch it
    state = simple(workers={(2, 1): (PURPLE, "1-1-1-1", "N")})
    error = refused(state, Place("1-1-1-1", (2, 0), 0), "cacao.place.checkerboard")
    assert "checkerboard" in error.reason and "(2, 1)" in error.reason
    assert all(not is_jungle_cell(a.cell) for a in state.legal_actions())


def test_cacao_place_rotation():
    state = simple()
    refused(state, Place("2-1-0-1", (1, 0), 4), "cacao.place.rotation")
    for pattern in ("1-1-1-1", "2-1-0-1"):
        assert {a.rotation for a in state.legal_actions() if a.tile == pattern} == {0, 1, 2, 3}
    assert C.same_layout("1-1-1-1", 2) == (0, 1, 2, 3) and C.same_layout("3-0-0-1", 1) == (1,)
    side = state.apply(Place("2-1-0-1", (1, 0), 3)).workers[(1, 0)]
    assert side.counts == (1, 0, 1, 2)


# -- step B ------------------------------------------------------------------------------
def test_cacao_fill_spaces():
    state = simple(workers={(2, 1): (PURPLE, "1-1-1-1", "N")})
    state = state.apply(Place("1-1-1-1", (1, 0), 0))
    assert state.phase == "fill" and state.spaces == ((2, 0),)
    assert {a.cell for a in state.legal_actions()} == {(2, 0)}
    refused(state, Fill("water", (-1, 0)), "cacao.fill.spaces")
    refused(state, Place("2-1-0-1", (0, 1), 0), "cacao.fill.spaces")


def test_cacao_fill_display_choice():
    # Red's tile on (0, 1) makes two spaces touch two worker tiles each.
    state = simple(workers={(-1, 0): (PURPLE, "1-1-1-1", "N"), (1, 2): (WHITE, "1-1-1-1", "N")})
    state = state.apply(Place("1-1-1-1", (0, 1), 0))
    assert sorted(state.spaces) == [(-1, 1), (0, 2)]
    refused(state, Fill("temple", (0, 2)), "cacao.fill.display_choice")
    state = state.apply(Fill("gold_mine-2", (0, 2)))
    assert C.JUNGLE[state.jungle[(0, 2)]] == "gold_mine-2"
    assert state.legal_actions() == [Fill("water", (-1, 1))]
    state = state.apply(Fill("water", (-1, 1)))
    assert C.JUNGLE[state.jungle[(-1, 1)]] == "water"
    assert state.phase == "work"


def test_cacao_fill_display_waits():
    state = simple(workers={(2, 1): (PURPLE, "1-1-1-1", "N")})
    state = play(state, Place("1-1-1-1", (1, 0), 0), Fill("water", (2, 0)))
    assert [C.JUNGLE[t] for t in state.display] == ["gold_mine-2"]
    assert "cacao.fill.display_waits" in rules_of(state)
    while state.phase == "work":
        state = state.apply(state.legal_actions()[-1])
    assert len(state.display) == 2 and "cacao.turn.refill_display" in rules_of(state)


def test_cacao_fill_draw_pile():
    # Red's tile on (2, 1) makes three spaces touch two worker tiles: display first, then pile.
    state = examples.three_spaces()
    state = state.apply(Place("1-1-1-1", (2, 1), 0))
    assert sorted(state.spaces) == [(2, 0), (2, 2), (3, 1)]
    state = play(state, Fill("water", (2, 0)), Fill("gold_mine-2", (2, 2)))
    assert state.display == () and C.JUNGLE[state.drawn[0]] == "market-3"
    assert "cacao.fill.draw_pile" in rules_of(state)
    refused(state, Fill("temple", (3, 1)), "cacao.fill.draw_pile")
    state = state.apply(Fill("market-3", (3, 1)))
    assert C.JUNGLE[state.jungle[(3, 1)]] == "market-3"
    assert [C.JUNGLE[t] for t in state.jungle_pile] == ["temple"] and state.phase == "work"


def test_cacao_fill_skip():
    workers = {(-1, 0): (PURPLE, "1-1-1-1", "N"), (1, 2): (WHITE, "1-1-1-1", "N")}
    state = simple(workers=workers, display=("water",), jungle_pile=())
    state = state.apply(Place("1-1-1-1", (0, 1), 0))
    assert {a.cell for a in state.legal_actions()} == {(-1, 1), (0, 2)}  # the player chooses
    state = state.apply(Fill("water", (-1, 1)))
    assert (0, 2) not in state.jungle and "cacao.fill.skip" in rules_of(state)
    quiet = simple().apply(Place("1-1-1-1", (-1, 0), 0))
    assert "cacao.fill.skip" in rules_of(quiet) and quiet.phase == "work"


# -- step C ------------------------------------------------------------------------------
def test_cacao_activate_placed():
    state = simple().apply(Place("2-1-0-1", (1, 0), 3))   # N1 E0 S1 W2
    sides = {(e.cell, e.side, e.left) for e in state.pending}
    assert sides == {((1, 0), S, 1), ((1, 0), W, 2)}   # facing the market and the plantation
    assert state.current_player == RED


def test_cacao_activate_filled():
    state = simple(workers={(2, 1): (PURPLE, "1-1-1-1", "N")})
    state = play(state, Place("1-1-1-1", (1, 0), 0), Fill("water", (2, 0)))
    assert (PURPLE, (2, 1), N) in {(e.player, e.cell, e.side) for e in state.pending}
    assert "cacao.activate.filled" in rules_of(state)


def test_cacao_activate_once():
    state = simple(workers={(2, 1): (PURPLE, "1-1-1-1", "N")})
    state = play(state, Place("1-1-1-1", (1, 0), 0), Fill("water", (2, 0)))
    # Purple's worker facing the old start market was activated long ago: not again.
    assert ((2, 1), W) not in {(e.cell, e.side) for e in state.pending}
    refused(state, Work((2, 1), W), "cacao.activate.once")
    state = state.apply(Work((1, 0), E))
    refused(state, Work((1, 0), E), "cacao.activate.once")


def test_cacao_activate_all_players():
    state = simple(workers={(2, 1): (PURPLE, "1-1-1-1", "N")}, cacao=(0, 1, 0))
    state = play(state, Place("1-1-1-1", (1, 0), 0), Fill("water", (2, 0)))
    assert "cacao.activate.all_players" in rules_of(state)
    while state.current_player == RED:
        state = state.apply(state.legal_actions()[0])
    assert state.current_player == PURPLE and state.turn == RED
    assert state.legal_actions() == [Work((2, 1), N), Decline((2, 1), N)]


def test_cacao_activate_decline():
    state = simple().apply(Place("2-1-0-1", (1, 0), 3))
    state = state.apply(Decline((1, 0), W))
    assert state.cacao[RED] == 0 and "cacao.activate.decline" in rules_of(state)
    assert [(e.cell, e.side) for e in state.pending] == [((1, 0), S)]


def test_cacao_activate_order():
    # 4 cacao; a double plantation on (1, -1) and a price-3 market on (2, 0), each between two
    # worker tiles; Red's tile on (2, -1) puts 2 workers at the plantation and 1 at the market
    layout = dict(jungle={**START, (1, -1): "plantation-2", (2, 0): "market-3"},
                  workers={(0, -1): (PURPLE, "1-1-1-1", "N"), (1, 0): (WHITE, "1-1-1-1", "N"),
                           (2, 1): (PURPLE, "1-1-1-1", "N")}, cacao=(4, 0, 0))
    edge = simple(**layout).apply(Place("2-1-0-1", (2, -1), 3))   # W2 plantation, S1 market
    edge = edge.apply(Work((2, -1), W))
    refused(edge, Work((2, -1), S), "cacao.activate.order")
    edge = play(edge, Work((2, -1), W), Work((2, -1), S))
    assert (edge.cacao[RED], edge.gold[RED]) == (4, 3)
    worker = simple(options={"activation_order": "per_worker"}, **layout)
    worker = play(worker, Place("2-1-0-1", (2, -1), 3), Work((2, -1), W), Work((2, -1), S),
                  Work((2, -1), W))
    assert (worker.cacao[RED], worker.gold[RED]) == (5, 3)


def work_state(kind, **kw):
    """Red places a 3-0-0-1 tile on (2, -1) with 3 workers facing a `kind` tile at (1, -1) (which
    lies between Purple's tile on (0, -1) and White's on (1, 0)); no jungle tiles are left."""
    return simple(jungle={**START, (1, -1): kind}, hands={RED: ["3-0-0-1"]}, display=(),
                  jungle_pile=(),
                  workers={(0, -1): (PURPLE, "1-1-1-1", "N"), (1, 0): (WHITE, "1-1-1-1", "N")},
                  **kw).apply(Place("3-0-0-1", (2, -1), 3))   # N0 E0 S1 W3


def work_all(state, cell=(2, -1), side=W):
    while any((e.cell, e.side) == (cell, side) for e in state.pending):
        state = state.apply(Work(cell, side))
    return state


def test_cacao_work_plantation():
    state = work_all(work_state("plantation-2", cacao=(1, 0, 0)))
    assert state.cacao[RED] == 5   # 1 + 2 + 2 (+2 lost at the cap of 5)
    assert sum(e.data.get("lost", 0) for e in state.events) == 2


def test_cacao_work_market():
    state = work_state("market-4", cacao=(2, 0, 0))
    state = play(state, Work((2, -1), W), Work((2, -1), W))
    assert (state.cacao[RED], state.gold[RED]) == (0, 8)
    refused(state, Work((2, -1), W), "cacao.work.market")
    assert state.legal_actions()[0] == Decline((2, -1), W)


def test_cacao_work_gold_mine():
    state = work_all(work_state("gold_mine-2"))
    assert state.gold[RED] == 6


def test_cacao_work_water():
    state = work_all(work_state("water", water=(11, -10, -10)))
    assert state.water_value(RED) == 16   # 11 -> 16, the third step is lost
    assert [e.data["water"] for e in state.events if e.rule == "cacao.work.water"] == [0]


def test_cacao_work_sun_worship():
    state = work_all(work_state("sun_worship", sun=(1, 0, 0)))
    assert state.sun[RED] == 3 and state.sun_supply == 9


def test_cacao_work_temple():
    state = work_state("temple")
    assert ((2, -1), W) not in {(e.cell, e.side) for e in state.pending}
    assert "cacao.work.temple" in rules_of(state)


def test_cacao_turn_draw_worker():
    state = GAME.setup(2, seed=11)
    hand = len(state.hands[0])
    state = state.apply(state.legal_actions()[0])
    while state.current_player == 0 and state.turn == 0:
        state = state.apply(state.legal_actions()[-1])
    assert len(state.hands[0]) == hand and len(state.worker_piles[0]) == 7
    assert "cacao.turn.draw_worker" in rules_of(state)


def test_cacao_turn_refill_display():
    state = simple(workers={(2, 1): (PURPLE, "1-1-1-1", "N")}, jungle_pile=("market-3",))
    state = play(state, Place("1-1-1-1", (1, 0), 0), Fill("water", (2, 0)))
    while state.phase == "work":
        state = state.apply(state.legal_actions()[-1])
    assert sorted(C.JUNGLE[t] for t in state.display) == ["gold_mine-2", "market-3"]
    assert state.jungle_pile == ()


# -- rebuilding ----------------------------------------------------------------------------
def rebuild_state(**kw):
    args = dict(jungle=START,
                workers={(1, 0): (RED, "1-1-1-1", "N"), (0, 1): (PURPLE, "1-1-1-1", "N")},
                hands={RED: ["2-1-0-1"], PURPLE: ["2-1-0-1"]}, sun=(1, 0))
    args.update(kw)
    return GAME.position(2, **args)


def test_cacao_rebuild_when():
    state = rebuild_state(display=("water",))
    refused(state, Rebuild("2-1-0-1", (1, 0), 0), "cacao.rebuild.when")
    assert {a.kind for a in state.legal_actions()} == {"place"}
    assert "rebuild" in {a.kind for a in rebuild_state().legal_actions()}


def test_cacao_rebuild_cost():
    state = rebuild_state(sun=(0, 0))
    refused(state, Rebuild("2-1-0-1", (1, 0), 0), "cacao.rebuild.cost")
    refused(rebuild_state(), Place("2-1-0-1", (1, 0), 0), "cacao.rebuild.cost")
    assert {a.kind for a in state.legal_actions()} == {"place"}
    after = rebuild_state().apply(Rebuild("2-1-0-1", (1, 0), 0))
    assert after.sun[RED] == 0 and after.sun_supply == 12


def test_cacao_rebuild_own_tile():
    refused(rebuild_state(), Rebuild("2-1-0-1", (0, 1), 0), "cacao.rebuild.own_tile")
    refused(rebuild_state(), Rebuild("2-1-0-1", (2, 1), 0), "cacao.rebuild.own_tile")
    cells = {a.cell for a in rebuild_state().legal_actions() if a.kind == "rebuild"}
    assert cells == {(1, 0)}


def test_cacao_rebuild_once():
    state = rebuild_state(sun=(2, 2), hands={RED: ["2-1-0-1", "2-1-0-1"], PURPLE: ["2-1-0-1"]})
    state = state.apply(Rebuild("2-1-0-1", (1, 0), 0))
    while state.turn == RED:
        state = state.apply(state.legal_actions()[-1])
    state = state.apply(Place("2-1-0-1", (-1, 0), 0))
    while state.turn == PURPLE:
        state = state.apply(state.legal_actions()[-1])
    refused(state, Rebuild("2-1-0-1", (1, 0), 1), "cacao.rebuild.once")
    assert len(state.covered[(1, 0)]) == 1


def test_cacao_rebuild_activate():
    state = rebuild_state().apply(Rebuild("2-1-0-1", (1, 0), 3))   # N1 E0 S1 W2
    assert {(e.side, e.left) for e in state.pending} == {(S, 1), (W, 2)}
    assert "cacao.rebuild.activate" in rules_of(state)
    assert state.workers[(1, 0)].counts == (1, 0, 1, 2)


# -- end -----------------------------------------------------------------------------------
def test_cacao_end_trigger():
    state = GAME.position(2, hands={RED: ["1-1-1-1"]})   # Purple has placed the last tile
    state = state.apply(Place("1-1-1-1", (-1, 0), 0))    # touches only the start plantation
    state = state.apply(Work((-1, 0), E))
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert "cacao.end.trigger" in rules_of(state)
    refused(state, Place("1-1-1-1", (0, 1), 0), "cacao.end.trigger")


# -- views and JSON --------------------------------------------------------------------------
def test_cacao_view_hides_hands_and_piles():
    state = GAME.setup(3, seed=8)
    seen = state.view(1)
    assert seen.hands[1] == state.hands[1]
    assert set(seen.hands[0]) == {C.HIDDEN} and len(seen.hands[0]) == 3
    assert all(set(p) == {C.HIDDEN} for p in seen.worker_piles)
    assert seen.legal_actions() == [] and state.view(None) is state
    with pytest.raises(ValueError):
        seen.apply(state.legal_actions()[0])


def test_cacao_actions_round_trip_json():
    actions = [Place("2-1-0-1", (1, -2), 3), Rebuild("3-1-0-0", (-1, 0), 1),
               Fill("market-3", (2, 0)), Work((1, 0), 2), Decline((3, 4), 0)]
    for action in actions:
        data = json.loads(json.dumps(action.to_json()))
        assert GAME.action_from_json(data) == action
        assert GAME.action_from_json(json.dumps(data)) == action
        assert action.describe()
    assert Place("1-1-1-1", (1, 0), 0) != Rebuild("1-1-1-1", (1, 0), 0)
    for bad in ({"type": "place", "tile": "9-9-9-9", "cell": [1, 0]},
                {"type": "fill", "tile": "temple", "cell": [1]},
                {"type": "work", "cell": [1, 0], "side": "X"}):
        with pytest.raises(ValueError):
            GAME.action_from_json(bad)


def test_cacao_frozen_map_cannot_change():
    board = FrozenMap({(0, 0): 1})
    with pytest.raises(TypeError):
        board[(1, 1)] = 2
    assert board.set((1, 1), 2) == {(0, 0): 1, (1, 1): 2} and board == {(0, 0): 1}
