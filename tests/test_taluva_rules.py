"""Taluva: one test per rule (named after the rule id), on hand-built positions."""
from __future__ import annotations

import pytest

import explorer
from explorer import IllegalAction, PositionError, SetupError, rules
from explorer.taluva import GAME, Expand, Finish, Hut, Place, Temple, Tower
from explorer.taluva import components as C
from explorer.taluva.board import settlements, tile_hexes
from explorer.taluva.placement import covered_tiles
from explorer.taluva.scoring import ranking
from taluva_helpers import ERUPTED, ISLAND, NORTH
from rule_checks import refused

ERUPTION = Place((0, 0), 2)   # volcano on (0, 0); covers (-1, 1) and (-1, 0) of the second tile

# Thirteen tiles stacked round (0, 0): level 3 at (-1, -1) sand, (-1, 0) jungle, (-1, 1)
# clearing, (0, -1) jungle and the volcanoes (0, 0), (0, -2); level 2 at (1, -1) clearing,
# (0, 1) clearing, (1, 1) jungle; level 1 at (1, -2) clearing.
_TALL = [((0, 0), 1), ((0, 2), 1), ((1, -1), 3), ((0, 0), 4), ((-2, 0), 5), ((-2, 1), 2),
         ((-2, 1), 5), ((0, 0), 2), ((2, 0), 1), ((0, 2), 4), ((0, -2), 3), ((0, -2), 2),
         ((0, -2), 1)]
TALL = [(name, v, k) for (v, k), name in zip(
    _TALL, ["jungle-clearing"] * 6 + ["clearing-jungle"] * 5 + ["jungle-sand"] * 2)]
TALL_ERUPTION = Place((0, 0), 3)   # on level 3: covers (-1, 0) and (0, -1)

# Huts gone with eruptions: an eruption at level L covered two hexes of at most L - 1 huts each
# (ERUPTED has room for 20). TALL (room for 16 removed huts) and a level-2 eruption north of it: room for 18
TALL_ERUPTED = TALL + [(name, v, k) for (v, k), (name, _, _) in zip(
    [((0, -4), 3), ((1, -6), 0), ((1, -6), 1)], NORTH)]


def accepted(state, action):
    assert action in state.legal_actions()
    return state.apply(action)


def rules_of(state):
    return [e.rule for e in state.events]


def position(players=2, tiles=ISLAND, **fields):
    return GAME.position(players, tiles=tiles, **fields)


def hut_supply(state, player):
    return state.supply[player][0]


# -- registration, rule index, options ---------------------------------------------------
def test_taluva_is_registered_with_its_options():
    assert explorer.GAMES["taluva"] is GAME
    assert GAME.title == "Taluva" and GAME.player_counts == (2, 3, 4)
    defaults = {name: opt.default for name, opt in GAME.options.items()}
    assert defaults == {"all_tiles": False, "start_player": 0, "covered_huts": "removed",
                        "new_hut": "not_adjacent", "builds_per_turn": "one"}


def test_taluva_variant_entries_cite_the_summary_and_note_the_published_reading():
    for option in GAME.options.values():
        for rule_id in option.rules:
            assert rules.get(rule_id).source == "003_712a46c75f9c6a5b.txt"
    for rule_id, words in [("taluva.erupt.covered_huts", ["removed", "returned", "Published"]),
                           ("taluva.build.hut_adjacent", ["not_adjacent", "anywhere"]),
                           ("taluva.build.per_turn", ["one_kind", "Published"]),
                           ("taluva.setup.tile_count", ["all_tiles", "2006"]),
                           ("taluva.build.second_tower", ["omits"]),
                           ("taluva.build.expansion_huts", ["omits"])]:
        note = rules.get(rule_id).note
        assert all(word in note for word in words), rule_id
    assert rules.get("taluva.build.per_turn").also[0].lines == (85, 85)


# -- set-up ------------------------------------------------------------------------------
def test_taluva_setup_steps_are_narrated_and_deterministic():
    steps = GAME.setup_steps(3, seed=4)
    assert [e.rule for s in steps for e in s.events] == [
        "taluva.setup.buildings", "taluva.setup.tiles", "taluva.setup.tile_count",
        "taluva.setup.stack", "taluva.setup.start_player", "taluva.turn.draw"]
    again = GAME.setup(3, seed=4)
    assert again == GAME.setup(3, seed=4) and again != GAME.setup(3, seed=5)
    assert again.current_player == 0 and again.phase == "place" and again.drawn is not None


def test_taluva_setup_buildings():
    state = GAME.setup(4, seed=1)
    assert state.supply == ((20, 3, 2),) * 4 and state.removed == (0, 0, 0, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_taluva_setup_tile_count(players):
    state = GAME.setup(players, seed=2)
    assert len(state.stack) + 1 == 12 * players and len(state.boxed) == 48 - 12 * players
    everything = GAME.setup(players, seed=2, all_tiles=True)
    assert len(everything.stack) + 1 == 48 and everything.boxed == ()


@pytest.mark.rule("taluva.setup.tiles")
def test_taluva_setup_tiles():
    assert len(C.TILES) == 48 and sum(n for _, n in C.PAIR_COUNTS) == 48
    assert C.TILES.count(("jungle", "clearing")) == 6
    assert C.TILES.count(("clearing", "jungle")) == 5
    assert all(a in C.TERRAINS and b in C.TERRAINS for a, b in C.TILES)
    assert set(C.TERRAINS) == {"jungle", "clearing", "sand", "rock", "lake"}
    # with all tiles in play the stack and the drawn tile are the 48 tiles
    steps = GAME.setup_steps(2, seed=2, all_tiles=True)
    assert "taluva.setup.tiles" in rules_of(steps[1])
    state = steps[-1]
    assert sorted(state.stack + (state.drawn,)) == list(range(48))
    # a laid tile covers three hexes: its volcano and its two landscapes, which keep their
    # order round the volcano however it is turned (turned, never flipped)
    first, second = C.TILES[state.drawn]
    for rotation in range(6):
        laid = accepted(state, Place((0, 0), rotation))
        volcano, a, b = tile_hexes((0, 0), rotation)
        assert {h: laid.hexes[h].terrain for h in laid.hexes} == {
            volcano: C.VOLCANO, a: first, b: second}


def test_taluva_setup_stack_is_hidden_in_a_players_view():
    state = GAME.setup(2, seed=3)
    seen = state.view(1)
    assert set(seen.stack) == {C.HIDDEN} and len(seen.stack) == len(state.stack)
    assert seen.drawn == state.drawn and seen.legal_actions() == []
    assert set(state.stack) != {C.HIDDEN}


def test_taluva_setup_start_player():
    assert GAME.setup(3, seed=1, start_player=2).current_player == 2
    with pytest.raises(SetupError, match="start_player"):
        GAME.setup(2, seed=1, start_player=3)


# -- turn --------------------------------------------------------------------------------
def test_taluva_turn_phases():
    state = GAME.setup(2, seed=1)
    refused(state, Hut((0, 0)), "taluva.turn.phases")
    placed = accepted(state, Place((0, 0), 0))
    assert placed.phase == "build" and placed.current_player == 0
    assert placed.turn_number == state.turn_number == 1
    refused(placed, Place((3, 0), 0), "taluva.turn.phases")


def test_taluva_turn_draw():
    state = GAME.setup(2, seed=1)
    nxt = state.apply(Place((0, 0), 0)).apply(Hut((1, 0)))
    assert nxt.current_player == 1 and nxt.phase == "place"
    assert rules_of(nxt)[-2:] == ["taluva.turn.order", "taluva.turn.draw"]
    assert nxt.drawn == state.stack[-1] and len(nxt.stack) == len(state.stack) - 1


def test_taluva_turn_order_skips_eliminated_players():
    state = position(3, turn=0, phase="build", eliminated=[1])
    assert state.apply(Hut((1, 0))).current_player == 2


# -- placing at sea level ----------------------------------------------------------------
def test_taluva_place_first_tile():
    state = GAME.setup(2, seed=1)
    assert state.legal_actions() == [Place((0, 0), k) for k in range(6)]
    refused(state, Place((4, 2), 0), "taluva.place.first_tile")
    assert rules_of(state.apply(Place((0, 0), 3)))[0] == "taluva.place.first_tile"


def test_taluva_place_rotation():
    refused(position(), Place((5, 0), 6), "taluva.place.rotation")
    covers = [tile_hexes((0, 0), k) for k in range(6)]
    assert len(set(covers)) == 6 and all(c[0] == (0, 0) for c in covers)
    # landscapes go round the volcano clockwise: the second is the next neighbour of the first
    assert tile_hexes((0, 0), 0) == ((0, 0), (1, 0), (0, 1))


def refused_as_such(state, action, rule):
    """`refused` for hand-made actions that may compare equal to a legal one (2.0 == 2)."""
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule and rules.exists(rule), info.value.reason


@pytest.mark.parametrize("rotation", ["2", 2.0, True, None, [2]])
def test_taluva_place_rotation_refuses_a_hand_made_non_number(rotation):
    refused_as_such(position(), Place((4, 0), rotation), "taluva.place.rotation")


def test_taluva_place_sea_level():
    state = position(drawn="sand-rock")
    nxt = accepted(state, Place((4, 0), 3))   # (4, 0), (3, 0), (4, -1): (3, 0) touches (2, 0)
    assert [nxt.hexes[h][:2] for h in tile_hexes((4, 0), 3)] == [
        ("volcano", 1), ("sand", 1), ("rock", 1)]
    assert rules_of(nxt)[:2] == ["taluva.place.sea_level", "taluva.place.adjacent"]


def test_taluva_place_adjacent():
    state = position()
    refused(state, Place((6, 0), 0), "taluva.place.adjacent")
    refused(state, Place(("a", "b"), 0), "taluva.place.adjacent")     # not a hex at all
    # a tile touching the island only with its far corner hex is still next to it
    accepted(state, Place((5, -1), 3))        # covers (4, -1): next to the volcano (3, -1)


# -- eruptions: each condition on its own ---------------------------------------------------
def test_taluva_erupt_volcano_on_volcano():
    state = position()
    refused(state, Place((1, 0), 3), "taluva.erupt.volcano_on_volcano")    # on a jungle hex
    error = refused(state, Place((2, 1), 3), "taluva.erupt.volcano_on_volcano")  # over the sea
    assert "over the sea" in error.reason
    nxt = accepted(state, ERUPTION)
    assert [nxt.hexes[h].level for h in tile_hexes(*ERUPTION)] == [2, 2, 2]
    assert rules_of(nxt)[0] == "taluva.erupt.volcano_on_volcano"


def test_taluva_erupt_no_gap():
    error = refused(position(), Place((0, 0), 4), "taluva.erupt.no_gap")  # (1, -1) is sea
    assert "(1, -1)" in error.reason


def test_taluva_erupt_same_level():
    state = position(tiles=ISLAND + [("jungle-clearing", (0, 0), 2)])
    # volcano (0, 0) now at level 2, (1, 0) and (0, 1) still at level 1
    error = refused(state, Place((0, 0), 0), "taluva.erupt.same_level")
    assert "levels 1, 2" in error.reason


def test_taluva_erupt_lava_direction():
    state = position()
    error = refused(state, Place((0, 0), 0), "taluva.erupt.lava_direction")
    assert "same way" in error.reason


def test_taluva_erupt_lava_direction_is_also_the_single_tile_refusal():
    state = position()
    assert len(covered_tiles(state.hexes, (0, 0), 0)) == 1     # exactly on the first tile
    error = refused(state, Place((0, 0), 0), "taluva.erupt.lava_direction")
    assert "one tile" in error.reason
    assert len(covered_tiles(state.hexes, *ERUPTION)) == 2


def test_taluva_erupt_temple():
    state = position(buildings={(-1, 0): (1, "temple"), (-1, -1): (1, "hut"),
                                (0, -1): (1, "hut")})
    refused(state, ERUPTION, "taluva.erupt.temple")


def test_taluva_erupt_tower():
    state = position(tiles=TALL, buildings={(0, -1): (1, "tower"), (1, -1): (1, "hut")})
    refused(state, TALL_ERUPTION, "taluva.erupt.tower")
    free = position(tiles=TALL, buildings={(1, -1): (1, "hut")})
    assert accepted(free, TALL_ERUPTION).hexes[(0, 0)].level == 4


def test_taluva_erupt_settlement():
    """Line 57's example: the two huts of a two-hut settlement cannot both be covered."""
    state = position(buildings={(-1, 0): (1, "hut"), (-1, 1): (1, "hut")})
    error = refused(state, ERUPTION, "taluva.erupt.settlement")
    assert "(-1, 0), (-1, 1)" in error.reason
    # one hut more on a hex the eruption leaves: the settlement survives, so it is legal
    bigger = position(buildings={(-1, 0): (1, "hut"), (-1, 1): (1, "hut"), (0, 1): (1, "hut")})
    nxt = accepted(bigger, ERUPTION)
    assert [s.hexes for s in settlements(nxt.buildings)] == [((0, 1),)]


def test_taluva_erupt_covered_huts_removed_by_default():
    state = position(buildings={(-1, 0): (1, "hut"), (0, 1): (1, "hut"), (-1, 1): (1, "hut")})
    nxt = accepted(state, ERUPTION)
    assert nxt.removed == (0, 2) and hut_supply(nxt, 1) == 17
    assert nxt.built(1) == (3, 0, 0)
    assert rules_of(nxt).count("taluva.erupt.covered_huts") == 2


def test_taluva_erupt_covered_huts_returned_in_the_summary_variant():
    state = position(buildings={(-1, 0): (1, "hut"), (0, 1): (1, "hut"), (-1, 1): (1, "hut")},
                     options={"covered_huts": "returned"})
    nxt = accepted(state, ERUPTION)
    assert nxt.removed == (0, 0) and hut_supply(nxt, 1) == 19 and nxt.built(1) == (1, 0, 0)
    assert "go back" in nxt.events[1].text


# -- settlements -------------------------------------------------------------------------
def test_taluva_build_settlement_split_by_an_eruption():
    state = position(buildings={(0, 1): (1, "hut"), (-1, 1): (1, "hut"), (-1, 0): (1, "hut"),
                                (-1, -1): (1, "hut")})
    assert len(settlements(state.buildings, 1)) == 1
    nxt = accepted(state, ERUPTION)
    assert [s.hexes for s in settlements(nxt.buildings, 1)] == [((-1, -1),), ((0, 1),)]
    assert "taluva.build.settlement" in rules_of(nxt)


def test_taluva_build_settlement_merge_by_expansion():
    state = position(phase="build", buildings={(1, 0): (0, "hut"), (0, 2): (0, "hut")})
    assert len(settlements(state.buildings, 0)) == 2
    nxt = accepted(state, Expand((1, 0), "jungle"))   # (1, 1) and (2, 0); (1, 1) touches (0, 2)
    assert [s.hexes for s in settlements(nxt.buildings, 0)] == [((0, 2), (1, 0), (1, 1), (2, 0))]
    assert "merge" in next(e.text for e in nxt.events if e.rule == "taluva.build.settlement")


# -- building ----------------------------------------------------------------------------
def test_taluva_build_hut():
    state = position(phase="build")
    nxt = accepted(state, Hut((1, 0)))
    assert nxt.buildings[(1, 0)] == (0, "hut", 1) and hut_supply(nxt, 0) == 19
    raised = position(tiles=ISLAND + [("jungle-clearing", (0, 0), 2)], phase="build")
    error = refused(raised, Hut((-1, 0)), "taluva.build.hut")
    assert "level 2" in error.reason


def test_taluva_build_empty_hex():
    state = position(phase="build", buildings={(1, 0): (1, "hut")})
    refused(state, Hut((1, 0)), "taluva.build.empty_hex")
    refused(state, Hut((5, 5)), "taluva.build.empty_hex")


@pytest.mark.parametrize("kind", [Hut, Temple, Tower])
@pytest.mark.parametrize("hex_", [([1], 0), (1.0, 0), (True, 0), ("a", "b"), (1,), (1, 0, 0),
                                  (None, None)])
def test_taluva_build_empty_hex_refuses_a_malformed_hex(kind, hex_):
    state = position(tiles=TALL, phase="build", buildings={(1, -1): (0, "hut")})
    refused_as_such(state, kind(hex_), "taluva.build.empty_hex")


def test_taluva_build_no_volcano():
    state = position(phase="build")
    for action in (Hut((0, 0)), Temple((0, 0)), Tower((0, 0))):
        refused(state, action, "taluva.build.no_volcano")


def test_taluva_build_hut_adjacent_default_and_anywhere_variant():
    state = position(phase="build", buildings={(1, 0): (0, "hut")})
    refused(state, Hut((1, 1)), "taluva.build.hut_adjacent")
    assert Hut((-1, -1)) in state.legal_actions()
    anywhere = position(phase="build", buildings={(1, 0): (0, "hut")},
                        options={"new_hut": "anywhere"})
    nxt = accepted(anywhere, Hut((1, 1)))
    assert len(settlements(nxt.buildings, 0)) == 1


def test_taluva_build_supply():
    # 3 huts on the level-3 hex (-1, -1) and 17 removed: none left, but a tower still fits
    state = position(tiles=TALL_ERUPTED, phase="build", buildings={(-1, -1): (0, "hut")},
                     removed=(17, 0))
    assert state.supply[0][0] == 0 and Tower((-1, 0)) in state.legal_actions()
    refused(state, Hut((1, -2)), "taluva.build.supply")
    assert not any(a.kind == "hut" for a in state.legal_actions())


def test_taluva_build_expansion():
    state = position(phase="build", buildings={(1, 0): (0, "hut")})
    nxt = accepted(state, Expand((1, 0), "jungle"))
    assert {h: b.count for h, b in nxt.buildings.items()} == {(1, 0): 1, (1, 1): 1, (2, 0): 1}
    assert hut_supply(nxt, 0) == 17
    refused(state, Expand((1, 0), "lake"), "taluva.build.expansion")       # no lake next to it
    refused(state, Expand((1, 1), "jungle"), "taluva.build.expansion")     # not a settlement
    expansions = [a for a in state.legal_actions() if a.kind == "expand"]
    assert expansions == [Expand((1, 0), "jungle"), Expand((1, 0), "clearing"),
                          Expand((1, 0), "sand")]


@pytest.mark.parametrize("settlement, terrain", [
    ((1, 0), "sky"), ((1, 0), None), ((1, 0), ["jungle"]), ((1, 0), "volcano"),
    ((1.0, 0), "jungle"), (([1], 0), "jungle"), ((1,), "jungle"), (("a", "b"), "jungle"),
])
def test_taluva_build_expansion_refuses_an_unknown_terrain_or_key(settlement, terrain):
    state = position(phase="build", buildings={(1, 0): (0, "hut")})
    refused_as_such(state, Expand(settlement, terrain), "taluva.build.expansion")


def test_taluva_build_expansion_names_a_settlement_by_its_key_hex():
    state = position(phase="build", buildings={(1, 0): (0, "hut"), (1, 1): (0, "hut")})
    refused(state, Expand((1, 1), "jungle"), "taluva.build.expansion")
    accepted(state, Expand((1, 0), "jungle"))


@pytest.mark.parametrize("settlement, terrain, level, huts_on_board", [
    ((1, -1), "clearing", 1, 2),      # (1, -2), level 1
    ((0, 1), "jungle", 2, 2),         # (1, 1), level 2
    ((0, 1), "clearing", 3, 2),       # (-1, 1), level 3
])
def test_taluva_build_expansion_huts(settlement, terrain, level, huts_on_board):
    """An expansion puts `level` huts on the hex; one hut short, it is refused."""
    short = position(tiles=TALL_ERUPTED, phase="build", buildings={settlement: (0, "hut")},
                     removed=(20 - huts_on_board - (level - 1), 0))
    assert hut_supply(short, 0) == level - 1
    error = refused(short, Expand(settlement, terrain), "taluva.build.expansion_huts")
    assert f"needs {level} huts" in error.reason
    enough = position(tiles=TALL_ERUPTED, phase="build", buildings={settlement: (0, "hut")},
                      removed=(20 - huts_on_board - level, 0))
    nxt = accepted(enough, Expand(settlement, terrain))
    assert [b.count for h, b in sorted(nxt.buildings.items()) if h != settlement] == [level]
    assert hut_supply(nxt, 0) == 0


VILLAGE = {(1, 0): (0, "hut"), (1, 1): (0, "hut"), (2, 0): (0, "hut")}


def test_taluva_build_temple():
    state = position(phase="build", buildings=VILLAGE)
    nxt = accepted(state, Temple((0, 1)))
    assert nxt.buildings[(0, 1)].kind == "temple" and nxt.supply[0] == (17, 2, 2)
    refused(state, Temple((-1, -1)), "taluva.build.temple")


def test_taluva_build_temple_size():
    state = position(phase="build", buildings={(1, 0): (0, "hut"), (1, 1): (0, "hut")})
    error = refused(state, Temple((0, 1)), "taluva.build.temple_size")
    assert "2 hexes" in error.reason


def test_taluva_build_second_temple():
    state = position(phase="build", buildings={**VILLAGE, (2, -1): (0, "temple")})
    refused(state, Temple((0, 1)), "taluva.build.second_temple")


def test_taluva_build_tower():
    state = position(tiles=TALL, phase="build", buildings={(1, -1): (0, "hut")})
    nxt = accepted(state, Tower((0, -1)))
    assert nxt.buildings[(0, -1)].kind == "tower" and nxt.supply[0][2] == 1
    refused(state, Tower((-1, 1)), "taluva.build.tower")        # level 3, not next to it


def test_taluva_build_tower_level():
    state = position(tiles=TALL, phase="build", buildings={(1, -1): (0, "hut")})
    error = refused(state, Tower((1, -2)), "taluva.build.tower_level")
    assert "level 1" in error.reason


def test_taluva_build_second_tower():
    state = position(tiles=TALL, phase="build",
                     buildings={(1, -1): (0, "hut"), (0, -1): (0, "tower")})
    refused(state, Tower((-1, -1)), "taluva.build.second_tower")


def test_taluva_build_at_least_one():
    state = position(phase="build", options={"builds_per_turn": "one_kind"})
    refused(state, Finish(), "taluva.build.at_least_one")


def test_taluva_build_per_turn_finish_only_in_the_one_kind_variant():
    info = refused(position(phase="build"), Finish(), "taluva.build.per_turn")
    assert "builds_per_turn=one_kind" in info.reason


def test_taluva_build_per_turn_one_by_default():
    nxt = position(phase="build").apply(Hut((1, 0)))
    assert nxt.current_player == 1 and nxt.phase == "place"


def test_taluva_build_per_turn_one_kind_variant():
    state = position(phase="build", options={"builds_per_turn": "one_kind"})
    nxt = accepted(state, Hut((1, 0)))
    assert nxt.current_player == 0 and nxt.build_kind == "hut"
    assert {a.kind for a in nxt.legal_actions()} == {"hut", "finish"}
    refused(nxt, Temple((2, -1)), "taluva.build.per_turn")
    nxt = accepted(nxt, Hut((-1, -1)))
    done = accepted(nxt, Finish())
    assert done.current_player == 1 and done.build_kind is None
    assert rules_of(done)[0] == "taluva.build.per_turn"


def test_taluva_build_per_turn_one_kind_ends_when_nothing_more_of_that_kind_fits():
    state = position(tiles=ERUPTED, phase="build", removed=(19, 0),
                     options={"builds_per_turn": "one_kind"})
    nxt = accepted(state, Hut((1, 0)))
    assert nxt.current_player == 1 and "taluva.build.per_turn" in rules_of(nxt)


# -- elimination and the end -----------------------------------------------------------------
def test_taluva_build_elimination():
    state = position(3, tiles=ERUPTED, turn=1, removed=(0, 20, 0))   # no huts, no settlement
    nxt = accepted(state, Place((4, 0), 3))
    assert nxt.eliminated == (1,) and nxt.current_player == 2
    assert "taluva.build.elimination" in rules_of(nxt)
    assert nxt.hexes[(4, 0)].level == 1                      # the tile stays placed


def test_taluva_build_elimination_keeps_pieces_and_cannot_win():
    state = position(3, turn=0, phase="build", stack=[], eliminated=[1],
                     buildings={(1, 1): (1, "temple"), (-1, -1): (2, "hut")})
    final = state.apply(Hut((1, 0)))
    assert final.is_over and (1, 1) in final.buildings
    sheet = final.score()
    assert 1 not in sheet.winners and sheet.winners == [0, 2]
    assert any(line.rule == "taluva.build.elimination" for line in sheet.lines_for(1))


def test_taluva_end_last_player():
    state = position(2, tiles=ERUPTED, turn=1, removed=(0, 20))
    final = accepted(state, Place((4, 0), 3))
    assert final.is_over and final.legal_actions() == []
    assert rules_of(final)[-1] == "taluva.end.last_player"
    sheet = final.score()
    assert sheet.winners == [0] and sheet.tiebreak_rule == "taluva.end.last_player"


def test_taluva_end_early_win():
    temples = {(1, 1): (0, "temple"), (2, 0): (0, "temple"), (-1, -1): (0, "temple")}
    state = position(tiles=ERUPTED, phase="build", buildings=temples, removed=(19, 0))
    final = accepted(state, Hut((-1, 1)))
    assert final.is_over and final.winner == 0 and final.end == "early"
    assert rules_of(final)[-1] == "taluva.end.early_win"
    sheet = final.score()
    assert sheet.winners == [0] and "hut and temple" in sheet.tiebreak


def test_taluva_end_early_win_on_the_last_tile_still_counts():
    temples = {(1, 1): (0, "temple"), (2, 0): (0, "temple"), (-1, -1): (0, "temple")}
    state = position(tiles=ERUPTED, phase="build", buildings=temples, removed=(19, 0),
                     stack=[])
    final = state.apply(Hut((-1, 1)))
    assert final.end == "early" and "taluva.end.tiles_out" not in rules_of(final)


# A strip of eight more level-1 tiles east of the island: volcanoes on (4, -1) .. (18, -1).
STRIP = [(name, (2 * k, -1), 0)
         for k, name in zip(range(2, 10), ["jungle-clearing", "clearing-jungle"] * 4)]


@pytest.mark.parametrize("covered_huts, wins", [("removed", True), ("returned", False)])
def test_taluva_end_early_win_counts_removed_but_not_returned_huts(covered_huts, wins):
    """Player 1 has placed every temple and 19 huts; the eruption covers two of them. Removed
    from the game (published rules) they still count, so the last hut wins at once; returned to
    the supply (covered_huts=returned) they are not built, and the game goes on."""
    tiles = ISLAND + STRIP
    huts = ([(-1, 0), (-1, 1), (0, 1)] + [(2 * k + 1, -1) for k in range(2, 10)]
            + [(2 * k, 0) for k in range(2, 10)])              # the strip's 16 landscape hexes
    buildings = {h: (0, "hut") for h in huts}
    buildings.update({h: (0, "temple") for h in [(1, 0), (2, 0), (2, -1)]})
    state = GAME.position(2, tiles=tiles, buildings=buildings, drawn="sand-sand",
                          options={"covered_huts": covered_huts, "new_hut": "anywhere"})
    assert len(huts) == 19 and state.supply[0] == (1, 0, 2)
    erupted = accepted(state, ERUPTION)                   # covers (-1, 0) and (-1, 1)
    assert erupted.supply[0][0] == (1 if wins else 3)
    assert erupted.removed[0] == (2 if wins else 0)
    final = accepted(erupted, Hut((0, 2)))
    assert final.is_over is wins and (final.end == "early") is wins
    if wins:
        assert final.built(0) == (20, 3, 0) and rules_of(final)[-1] == "taluva.end.early_win"
    else:
        assert final.built(0) == (18, 3, 0) and final.current_player == 1


def test_taluva_end_tiles_out():
    state = position(stack=[], drawn="sand-rock")
    assert not state.stack
    final = state.apply(Place((4, 0), 3)).apply(Hut((1, 0)))
    assert final.is_over and final.end == "tiles"
    assert rules_of(final)[-1] == "taluva.end.tiles_out"
    with pytest.raises(IllegalAction) as info:
        final.apply(Hut((2, 0)))
    assert info.value.rule == GAME.end_rule


@pytest.mark.parametrize("counts, winners, decided", [
    ({0: (1, 0, 3), 1: (0, 2, 9)}, [0], "most temples"),
    ({0: (1, 1, 3), 1: (1, 0, 9)}, [0], "most towers (1) decides after a tie on temples 1"),
    ({0: (1, 1, 3), 1: (1, 1, 9)}, [1], "most huts (9) decides after a tie on temples 1, towers 1"),
    ({0: (2, 1, 9), 1: (2, 1, 9), 2: (0, 0, 12)}, [0, 1], "shared victory"),
])
def test_taluva_end_ranking(counts, winners, decided):
    table = {p: dict(zip(("temple", "tower", "hut"), c)) for p, c in counts.items()}
    found, how = ranking(table)
    assert found == winners and decided in how


def test_taluva_end_ranking_on_a_finished_game():
    buildings = {(1, 0): (0, "hut"), (1, 1): (0, "hut"), (2, 0): (0, "hut"),
                 (0, 1): (0, "temple"), (-1, -1): (1, "hut"), (0, -1): (1, "hut")}
    state = position(phase="build", stack=[], turn=1, buildings=buildings)
    final = state.apply(Expand((-1, -1), "sand"))            # (-1, 0): Player 2 has 4 huts
    sheet = final.score()
    assert sheet.winners == [0] and sheet.tiebreak_rule == "taluva.end.ranking"
    assert sheet.totals == {0: 4, 1: 3}
    assert [line.points for line in sheet.lines_for(0)] == [1, 0, 3]


# -- positions and actions -----------------------------------------------------------------
@pytest.mark.parametrize("fields, bad", [
    ({"tiles": [("jungle-clearing", (0, 0), 0), ("lake-lake", (5, 5), 0)]}, "tiles[1]"),
    ({"tiles": [("jungle-sky", (0, 0), 0)]}, "tiles[0]"),
    ({"buildings": {(0, 0): (0, "hut")}}, "buildings[(0, 0)]"),
    ({"buildings": {(1, 0): (0, "castle")}}, "buildings[(1, 0)]"),
    ({"turn": 5}, "turn"),
    ({"phase": "dance"}, "phase"),
    ({"removed": (21, 0)}, "removed"),
    ({"removed": (20, 0), "buildings": {(1, 0): (0, "hut")}}, "removed"),
    ({"removed": (1, 0), "options": {"covered_huts": "returned"}}, "removed"),
    ({"buildings": {(1, 0): (0, "hut", "x")}}, "buildings[(1, 0)]"),
    ({"buildings": {(1, 0): (0, "hut", 1, 2)}}, "buildings[(1, 0)]"),
    ({"buildings": {(1, 0): (0, "hut", 1.0)}}, "buildings[(1, 0)]"),
    ({"eliminated": [1]}, "eliminated"),
    ({"eliminated": 1}, "eliminated"),
    ({"tiles": ERUPTED, "phase": "build", "removed": (20, 0)}, "phase"),   # nothing to build
    ({"removed": (1, 0)}, "removed"),                        # no eruption on the island
    ({"tiles": TALL, "removed": (10, 7)}, "removed"),        # its eruptions covered 16 at most
    ({"options": {"covered_huts": "eaten"}}, "options"),
    ({"stack": ["sand-rock", "rock-rock", "rock-rock"]}, "stack[2]"),
    ({"drawn": "volcano"}, "drawn"),
    ({"colour": "red"}, "colour"),
])
def test_taluva_position_names_the_bad_field(fields, bad):
    fields = {"tiles": ISLAND, **fields}
    with pytest.raises(PositionError) as info:
        GAME.position(2, **fields)
    assert info.value.field == bad


def test_taluva_actions_round_trip_through_json():
    state = position(tiles=TALL, phase="build", buildings={(1, -1): (0, "hut")},
                     options={"builds_per_turn": "one_kind"})
    actions = state.legal_actions() + position().legal_actions() + [Finish()]
    assert {a.kind for a in actions} == {"place", "hut", "expand", "tower", "finish"}
    for action in actions:
        assert GAME.action_from_json(action.to_json()) == action
    with pytest.raises(ValueError, match="terrain"):
        GAME.action_from_json({"type": "expand", "settlement": [0, 0], "terrain": "sky"})


def test_taluva_legal_actions_are_exactly_what_apply_accepts():
    """Every placement and build near the island: accepted exactly when listed."""
    placing = position(tiles=TALL, buildings={(1, -1): (0, "hut"), (0, 1): (1, "hut")})
    building = position(tiles=TALL, phase="build",
                        buildings={(1, -1): (0, "hut"), (0, 1): (0, "hut"), (1, 1): (1, "hut")})
    near = [(q, r) for q in range(-6, 6) for r in range(-6, 6)]
    tries = {placing: [Place(h, k) for h in near for k in range(6)],
             building: [kind(h) for h in near for kind in (Hut, Temple, Tower)]
             + [Expand(h, t) for h in near for t in C.TERRAINS]}
    for state, actions in tries.items():
        legal = state.legal_actions()
        assert len(legal) == len(set(legal)) and legal
        took = []
        for action in actions:
            try:
                state.apply(action)
            except IllegalAction as exc:
                assert rules.exists(exc.rule)
            else:
                took.append(action)
        assert set(took) == set(legal) & set(actions)
    assert set(building.legal_actions()) <= set(tries[building])
    assert any(a.volcano in placing.hexes for a in placing.legal_actions())   # eruptions too
