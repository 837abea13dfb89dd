"""Taluva positions from readable names and from data: valid ones play and score, every bad
field is refused by name, and data survives JSON and TOML text unchanged."""
from __future__ import annotations

import json
import random

import pytest
import tomli_w

from explorer import PositionError
from explorer.taluva import GAME, Expand, Finish, Hut, Place, Temple
from explorer.taluva import components as C
from explorer.taluva.position import position_data
from taluva_helpers import ERUPTED, ISLAND

RAISED = ISLAND + [("clearing-sand", (0, 0), "SE")]     # (0, 1) clearing, (-1, 1) sand: level 2
VILLAGE = {(1, 0): (0, "hut"), (1, 1): (0, "hut"), (2, 0): (0, "hut")}


def test_rotation_names_and_numbers_lay_the_same_island():
    by_name = GAME.position(2, tiles=ISLAND)
    by_number = GAME.position(2, tiles=[(n, v, "E SE SW W NW NE".split().index(k))
                                        for n, v, k in ISLAND])
    assert by_name == by_number
    assert [by_name.hexes[h].terrain for h in [(1, 0), (0, 1), (-1, 0), (-1, 1)]] == [
        "jungle", "clearing", "sand", "rock"]


def test_a_valid_position_plays_on():
    state = GAME.position(2, tiles=ISLAND, buildings=VILLAGE, drawn="sand-sand", turn=1)
    assert state.current_player == 1 and state.phase == "place"
    assert state.turn_number == len(ISLAND) + 1         # one tile laid per turn so far
    placed = state.apply(Place((4, 0), 3))
    built = placed.apply(Hut((4, -1)))
    assert built.current_player == 0 and built.supply[1] == (19, 3, 2)


def test_a_valid_build_position_and_its_score():
    state = GAME.position(2, tiles=ISLAND, buildings=VILLAGE, phase="build", stack=[])
    assert Temple((0, 1)) in state.legal_actions()
    final = state.apply(Temple((0, 1)))
    sheet = final.score()
    assert final.is_over and sheet.winners == [0] and sheet.totals == {0: 4, 1: 0}


def test_score_position_scores_an_island_in_one_call():
    sheet = GAME.score_position(3, tiles=RAISED, buildings={
        **VILLAGE, (2, -1): (0, "temple"), (0, 1): (1, "hut"), (-1, 1): (1, "hut"),
        (0, 2): (2, "hut"), (-1, -1): (2, "hut")}, removed=(0, 1, 0))
    assert sheet.totals == {0: 4, 1: 5, 2: 2}       # red: 2 + 2 huts on level 2, 1 removed
    assert sheet.winners == [0] and sheet.tiebreak_rule == "taluva.end.ranking"


def test_huts_on_a_raised_hex_number_its_level():
    state = GAME.position(2, tiles=RAISED, buildings={(0, 1): (1, "hut"), (-1, 1): (1, "hut", 2)})
    assert state.buildings[(0, 1)].count == 2 and state.supply[1] == (16, 3, 2)


BAD = [
    ({"players": 5}, "players"),
    ({"seed": "seven"}, "seed"),
    ({"options": {"covered_huts": "eaten"}}, "options"),
    ({"options": {"colours": "blue"}}, "options"),
    ({"colour": "red"}, "colour"),
    ({"tiles": "jungle-clearing"}, "tiles"),
    ({"tiles": [("jungle-clearing", (0, 0))]}, "tiles[0]"),
    ({"tiles": [("jungle-clearing", (0.0, 0), 0)]}, "tiles[0]"),
    ({"tiles": [("jungle-clearing", (0, 0), 6)]}, "tiles[0]"),
    ({"tiles": [("jungle-clearing", (0, 0), "N")]}, "tiles[0]"),
    ({"tiles": [("jungle-sky", (0, 0), 0)]}, "tiles[0]"),
    ({"tiles": ISLAND + [("lake-lake", (9, 9), 0)]}, "tiles[5]"),          # not touching
    ({"tiles": ISLAND + [("lake-lake", (0, 0), "E")]}, "tiles[5]"),        # lava the same way
    ({"tiles": ISLAND + [("lake-jungle", (6, -1), 0)]}, "tiles[5]"),       # only one exists
    ({"tiles": [("jungle-clearing", (2 * k, 0), 0) for k in range(6)]
      + [("clearing-jungle", (2 * k, 2), 0) for k in range(5)]
      + [("jungle-sand", (2 * k, 4), 0) for k in range(4)]
      + [("sand-jungle", (2 * k, 6), 0) for k in range(4)]
      + [("jungle-rock", (2 * k, 8), 0) for k in range(2)]
      + [("rock-jungle", (2 * k, 10), 0) for k in range(2)]
      + [("jungle-lake", (2 * k, 12), 0) for k in range(2)]}, "tiles"),   # 25 of 24 in play
    ({"buildings": [((1, 0), (0, "hut"))]}, "buildings"),
    ({"buildings": {(0, 0): (0, "hut")}}, "buildings[(0, 0)]"),             # a volcano
    ({"buildings": {(7, 7): (0, "hut")}}, "buildings[(7, 7)]"),             # the sea
    ({"buildings": {(1, 0): (0, "castle")}}, "buildings[(1, 0)]"),
    ({"buildings": {(1, 0): (2, "hut")}}, "buildings[(1, 0)]"),             # no player 3
    ({"buildings": {(1, 0): (0, "hut", 2)}}, "buildings[(1, 0)]"),          # level 1: one hut
    ({"tiles": RAISED, "buildings": {(0, 1): (0, "hut", 1)}}, "buildings[(0, 1)]"),
    ({"buildings": {(1, 0): (0, "temple", 2)}}, "buildings[(1, 0)]"),
    ({"buildings": {(1, 0): (0, "tower")}}, "buildings[(1, 0)]"),           # level 1 < 3
    ({"buildings": {h: (0, "temple") for h in [(1, 0), (0, 1), (-1, 0), (-1, 1)]}},
     "buildings"),                                                          # 4 of 3 temples
    ({"tiles": ERUPTED, "removed": (20, 0),
      "buildings": {h: (0, "temple") for h in [(1, 0), (0, 1), (-1, 0)]}},
     "removed"),                                                            # an early win
    ({"removed": (21, 0)}, "removed"),
    ({"removed": 3}, "removed"),
    ({"removed": (1, 0, 0)}, "removed"),
    ({"removed": (1, 0), "options": {"covered_huts": "returned"}}, "removed"),
    ({"turn": 2}, "turn"),
    ({"turn": True}, "turn"),
    ({"eliminated": [0]}, "eliminated"),
    ({"eliminated": [1]}, "eliminated"),                                    # one player left
    ({"eliminated": 1}, "eliminated"),
    ({"phase": "dance"}, "phase"),
    ({"tiles": ERUPTED, "phase": "build", "removed": (20, 0)}, "phase"),   # nothing to build
    ({"removed": (0, 1)}, "removed"),                       # no eruption: no hut was covered
    ({"tiles": RAISED, "removed": (2, 1)}, "removed"),      # one level-2 eruption: 2 at most
    ({"phase": "build", "build_kind": "hut"}, "build_kind"),                # not the variant
    ({"phase": "build", "build_kind": "hut", "options": {"builds_per_turn": "one_kind"}},
     "build_kind"),                                                         # no hut built yet
    ({"phase": "build", "build_kind": "temple", "buildings": {**VILLAGE, (0, 1): (0, "temple")},
      "options": {"builds_per_turn": "one_kind"}}, "build_kind"),           # no second temple
    ({"drawn": "volcano"}, "drawn"),
    ({"phase": "build", "drawn": "sand-sand", "buildings": VILLAGE}, "drawn"),
    ({"stack": "sand-sand"}, "stack"),
    ({"stack": ["sand-sand", "rock-rock", "rock-rock"]}, "stack[2]"),
    ({"stack": ["sand-sand"] + ["jungle-clearing"] * 6 + ["clearing-jungle"] * 5
      + ["jungle-sand"] * 4 + ["sand-jungle"] * 4 + ["jungle-rock"]}, "stack"),   # 21 > 18 left
]


def test_removed_huts_are_bounded_by_what_the_eruptions_could_cover():
    levels = [p.level for p in GAME.position(2, tiles=ERUPTED).placed]
    room = sum(2 * (level - 1) for level in levels)                    # two hexes per eruption
    assert sorted(level for level in levels if level > 1) == [2, 2, 2, 3, 3, 4] and room == 20
    assert GAME.position(3, tiles=ERUPTED, removed=(7, 13, 0)).removed == (7, 13, 0)
    with pytest.raises(PositionError) as info:
        GAME.position(3, tiles=ERUPTED, removed=(7, 13, 1))
    assert info.value.field == "removed"
    assert "21 huts removed" in info.value.reason and "at most 20" in info.value.reason
    raised = GAME.position(2, tiles=RAISED, removed=(1, 1))            # one eruption, level 2
    assert raised.supply == ((19, 3, 2), (19, 3, 2))
    with pytest.raises(PositionError) as info:
        GAME.position(2, tiles=ISLAND, removed=(1, 0))
    assert info.value.field == "removed" and "the 0 eruptions" in info.value.reason


@pytest.mark.parametrize("fields, bad", BAD)
def test_a_bad_field_is_refused_by_name(fields, bad):
    fields = {"tiles": ISLAND, **fields}
    players = fields.pop("players", 2)
    with pytest.raises(PositionError) as info:
        GAME.position(players, **fields)
    assert info.value.field == bad, info.value.reason


def test_a_finished_game_is_no_position():
    """All 24 tiles of two players on the island: nothing is left to draw."""
    tiles = [(name, (2 * k, row), 0) for row, (name, n) in enumerate(
        [("jungle-clearing", 6), ("clearing-jungle", 5), ("jungle-sand", 4), ("sand-jungle", 4),
         ("jungle-rock", 2), ("rock-jungle", 2), ("jungle-lake", 1)]) for k in range(n)]
    tiles = [(name, (q, 2 * r), k) for name, (q, r), k in tiles]
    assert len(tiles) == 24
    with pytest.raises(PositionError) as info:
        GAME.position(2, tiles=tiles)
    assert info.value.field == "tiles" and "over" in info.value.reason
    last = GAME.position(2, tiles=tiles[:-1], drawn="jungle-lake")     # the last turn is fine
    assert last.stack == () and last.legal_actions()


# -- data: JSON and TOML text ---------------------------------------------------------------
DATA = {
    "game": "taluva", "players": 3, "turn": 2, "phase": "build",
    "tiles": [["jungle-clearing", [0, 0], "E"], ["sand-rock", [-2, 1], "NE"],
              ["lake-jungle", [0, -2], "SE"], ["jungle-sand", [3, -1], "SW"],
              ["clearing-jungle", [1, 2], "W"], ["clearing-sand", [0, 0], 1]],
    "buildings": {"1,0": [0, "hut"], "1,1": [0, "hut"], "2,0": [0, "hut"],
                  "0,1": [1, "hut", 2], "-1,-1": [2, "hut"], "0,-1": [2, "hut"]},
    "stack": ["sand-sand", "rock-lake"],
    "removed": [0, 1, 0],
    "options": {"new_hut": "anywhere", "builds_per_turn": "one_kind"},
    "build_kind": "expand",
    "seed": 4,
}


def same_play(a, b) -> None:
    assert a.legal_actions() == b.legal_actions()
    assert a.score() == b.score()
    assert a.fingerprint() == b.fingerprint()


def test_data_reads_like_the_keyword_fields():
    state = GAME.position_from(DATA)
    assert state.players == 3 and state.turn == 2 and state.build_kind == "expand"
    assert state.buildings[(0, 1)] == (1, "hut", 2) and state.buildings[(-1, -1)].owner == 2
    assert Expand((-1, -1), "sand") in state.legal_actions() and Finish() in state.legal_actions()
    keywords = GAME.position(3, tiles=[(n, tuple(v), k) for n, v, k in DATA["tiles"]],
                             buildings={(1, 0): (0, "hut"), (1, 1): (0, "hut"), (2, 0): (0, "hut"),
                                        (0, 1): (1, "hut", 2), (-1, -1): (2, "hut"),
                                        (0, -1): (2, "hut")},
                             turn=2, phase="build", stack=["sand-sand", "rock-lake"],
                             removed=(0, 1, 0), options=DATA["options"], build_kind="expand",
                             seed=4)
    same_play(state, keywords)


def test_data_round_trips_through_json_and_toml_text():
    state = GAME.position_from(DATA)
    as_json = GAME.position_from(json.dumps(DATA))
    as_toml = GAME.position_from(tomli_w.dumps(DATA))
    same_play(state, as_json)
    same_play(state, as_toml)
    written = position_data(state)
    assert GAME.position_from(json.dumps(written)) == state
    assert GAME.position_from(tomli_w.dumps(written)) == state
    assert position_data(GAME.position_from(tomli_w.dumps(written))) == written


def names(tiles) -> list[str]:
    return [C.tile_name(t if isinstance(t, int) else t.tile) for t in tiles]


def test_a_played_game_written_as_data_plays_on_the_same():
    rng = random.Random(11)
    state = GAME.setup(3, seed=11, covered_huts="returned", start_player=1)
    for _ in range(40):
        state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            break
        again = GAME.position_from(tomli_w.dumps(position_data(state)))
        assert again.legal_actions() == state.legal_actions()
        assert again.score() == state.score() and again.turn_number == state.turn_number
        assert again.options == state.options and again.start_player == 1
        # twin tiles (same landscapes) may swap numbers; their names and order are the same
        assert names(again.stack) == names(state.stack) and names(again.placed) == names(
            state.placed)


@pytest.mark.parametrize("data, bad", [
    ({**DATA, "buildings": {"one,two": [0, "hut"]}}, "buildings[one,two]"),
    ({**DATA, "buildings": [["1,0", [0, "hut"]]]}, "buildings"),
    ({**DATA, "game": "cacao"}, "game"),
    ({k: v for k, v in DATA.items() if k != "players"}, "players"),
    ({**DATA, "colour": "red"}, "colour"),
    ('players = 2\ntiles = [["jungle-clearing", [0, 0], "up"]]', "tiles[0]"),
    ("players = 2 tiles", "position"),
])
def test_bad_data_is_refused_by_field(data, bad):
    with pytest.raises(PositionError) as info:
        GAME.position_from(data)
    assert info.value.field == bad, info.value.reason


def test_a_view_or_a_finished_game_is_not_written_as_data():
    state = GAME.setup(2, seed=1)
    with pytest.raises(ValueError):
        position_data(state.view(0))
    final = GAME.position(2, tiles=ISLAND, phase="build", buildings=VILLAGE, stack=[])
    with pytest.raises(ValueError):
        position_data(final.apply(Hut((-1, -1))))
