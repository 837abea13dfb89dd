"""Indian Summer (2-4 players): one test per rule (named after the rule id), with refusals,
plus the engine contract (legal actions are exactly what apply accepts)."""
from __future__ import annotations

import pytest

import explorer
from explorer import IllegalAction, PositionError, rules
from explorer.bots import RandomBot, play
from explorer.indian_summer import (GAME, Animal, Berry, EndTurn, Exchange, Feather, Mushroom,
                                    Nut, Place, Squirrel)
from explorer.indian_summer import components as C
from explorer.indian_summer.scoring import best_squirrel
from explorer.indian_summer.board import complete_areas, leaf_cells, treasure_under_hole
from explorer.indian_summer.geometry import orientation_of, orientations
from rule_checks import refused

EMPTY = "." * 8
FULL_ROW = "#" * 8


def ids(*names):
    return tuple(C.tile_id(n) for n in names)


def rows(*top):
    return list(top) + [EMPTY] * (9 - len(top))


def rules_of(state):
    return [e.rule for e in state.events]


def finish(state):
    """Place the final squirrels where the end-game search puts them."""
    while not state.is_over:
        state = state.apply(best_squirrel(state))
    return state


def two(**fields):
    fields.setdefault("paths", [["G01", "Y01", "R01"], ["G02"]])
    fields.setdefault("layouts", ["1A", "2A"])
    return GAME.position(2, **fields)


# -- registration and set-up ------------------------------------------------------------------
def test_public_names_and_options():
    assert explorer.GAMES["indian_summer"] is GAME
    assert GAME.title == "Indian Summer" and 1 in GAME.player_counts
    assert {"start_player", "forest_size", "solo_pile"} <= set(GAME.options)
    for option in GAME.options.values():
        assert option.description and all(rules.exists(r) for r in option.rules)


def test_indian_summer_setup_steps_are_narrated_and_deterministic():
    steps = GAME.setup_steps(3, seed=5)
    assert all(step.events for step in steps)
    assert [s.fingerprint() for s in steps] == [s.fingerprint() for s in GAME.setup_steps(3, 5)]
    order = [e.rule for s in steps for e in s.events]
    assert order == ["indian_summer.setup.components", "indian_summer.setup.boards",
                     "indian_summer.setup.animals", "indian_summer.setup.animals",
                     "indian_summer.setup.supplies", "indian_summer.setup.paths",
                     "indian_summer.setup.forest", "indian_summer.setup.set_aside",
                     "indian_summer.setup.tokens", "indian_summer.setup.start_player"]


def setup_step(players, rule, seed=7, **options):
    """The set-up step that narrates `rule`."""
    return next(s for s in GAME.setup_steps(players, seed, **options)
                if rule in rules_of(s))


@pytest.mark.rule("indian_summer.setup.components")
@pytest.mark.parametrize("players", [1, 3])
def test_indian_summer_setup_components(players):
    assert "indian_summer.setup.components" in rules_of(GAME.setup_steps(players, 7)[0])
    s = GAME.setup(players, seed=7)
    # 75 leaf tiles: 17 green of 3 cells, 29 yellow of 4, 29 red of 5, one hole each
    colours = {c: [leaf for leaf in C.LEAVES if leaf.colour == c] for c in C.PATH_COLOURS}
    assert {c: len(leaves) for c, leaves in colours.items()} == {
        "green": 17, "yellow": 29, "red": 29}
    size = {"green": 3, "yellow": 4, "red": 5}
    assert all(len(leaf.cells) == size[leaf.colour] and leaf.hole in leaf.cells
               for leaf in C.LEAVES)
    # all 75 of them are in the game: paths, forest and set-aside (solo: the piles)
    tiles = [t for path in s.paths for t in path] + list(s.forest) + list(s.set_aside)
    if players == 1:
        tiles += list(s.upper) + list(s.lower) + [t for t in s.track if t is not None]
        tiles += list(s.box)
    assert sorted(tiles) == list(range(75))
    # 6 two-sided player boards; tokens 30 berries, 24 nuts, 18 mushrooms, 8 feathers
    assert C.BOARDS == 6 and len(C.LAYOUTS) == 12 and C.SIDES == ("A", "B")
    assert C.TOKEN_SUPPLY == {"berry": 30, "nut": 24, "mushroom": 18, "feather": 8}
    held = {k: sum(s.tokens(p)[k] for p in range(players)) for k in C.TOKENS}
    carried = {k: s.animal_tokens.count(k) for k in C.TOKENS}
    assert {k: s.supply(k) + held[k] + carried[k] for k in C.TOKENS} == C.TOKEN_SUPPLY


@pytest.mark.rule("indian_summer.setup.boards")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_indian_summer_setup_boards(players):
    s = setup_step(players, "indian_summer.setup.boards")
    assert len(s.floors) == players
    layouts = [C.LAYOUTS[f.layout] for f in s.floors]
    assert len({layout.board for layout in layouts}) == players     # one board each
    assert all(f.covered == 0 and not f.tokens for f in s.floors)   # an empty forest floor
    said = next(e.text for e in s.events if e.rule == "indian_summer.setup.boards")
    assert all(f"board {layout.name}" in said for layout in layouts)


@pytest.mark.rule("indian_summer.setup.supplies")
def test_indian_summer_setup_supplies():
    s = setup_step(3, "indian_summer.setup.supplies")
    # the supply holds every token but the three the badger, fox and raccoon carry, and all
    # 32 squirrels; nothing is in a backpack yet
    assert {k: s.supply(k) for k in C.TOKENS} == {
        "berry": 29, "nut": 23, "mushroom": 18, "feather": 7}
    assert s.squirrel_supply == C.SQUIRRELS == 32 and s.squirrels_used == 0
    assert s.backpacks == ((0, 0, 0, 0),) * 3


@pytest.mark.rule("indian_summer.setup.tokens")
@pytest.mark.parametrize("players", [2, 4])
def test_indian_summer_setup_tokens(players):
    before = setup_step(players, "indian_summer.setup.set_aside")
    s = setup_step(players, "indian_summer.setup.tokens")
    for p in range(players):
        assert s.tokens(p) == {"berry": 1, "nut": 1, "mushroom": 1, "feather": 0}
    for kind in ("berry", "nut", "mushroom"):
        assert s.supply(kind) == before.supply(kind) - players
    assert s.supply("feather") == before.supply("feather")


@pytest.mark.rule("indian_summer.setup.start_player")
@pytest.mark.parametrize("start", [0, 2])
def test_indian_summer_setup_start_player(start):
    s = GAME.setup(3, seed=4, start_player=start)
    assert s.current_player == s.start_player == start and s.phase == "turn"
    assert rules_of(s)[-1] == "indian_summer.setup.start_player"
    assert GAME.options["start_player"].default == 0
    s = s.apply(Squirrel((0, 0))).apply(EndTurn())
    assert s.current_player == (start + 1) % 3                       # then clockwise


def test_indian_summer_setup_paths_boards_tokens():
    s = GAME.setup(4, seed=3)
    for path in s.paths:
        assert [C.LEAVES[t].colour for t in path] == list(C.PATH_COLOURS)
    assert len({C.LAYOUTS[f.layout].board for f in s.floors}) == 4
    assert s.backpacks == ((1, 1, 1, 0),) * 4
    assert len(s.forest) == 20 and len(s.set_aside) == 75 - 20 - 20
    assert s.animal_tokens[:3] == ("berry", "nut", "feather")


def test_indian_summer_setup_forest_size_option_and_start_player():
    s = GAME.setup(2, seed=1, forest_size=30, start_player=1)
    assert len(s.forest) == 30 and s.current_player == 1
    with pytest.raises(explorer.SetupError):
        GAME.setup(2, seed=1, start_player=3)


def test_indian_summer_setup_set_aside_is_hidden_in_a_view():
    s = GAME.setup(3, seed=2)
    seen = s.view(1)
    assert set(seen.set_aside) == {C.HIDDEN} and seen.forest == s.forest
    assert seen.paths == s.paths


# -- placing ----------------------------------------------------------------------------------
def test_indian_summer_place_leaf():
    s = two().apply(Place("G01", 0, (0, 0)))
    assert s.paths[0] == ids("Y01", "R01") and s.tile_done
    assert rules_of(s)[0] == "indian_summer.place.leaf"
    refused(two(), Place("G02", 0, (0, 0)), "indian_summer.place.leaf")


def test_indian_summer_place_squirrel():
    s = two().apply(Squirrel((4, 4)))
    assert s.floors[0].squirrels == ((4, 4),) and s.squirrels_used == 1 and s.tile_done


def test_indian_summer_place_tile_action_exactly_once():
    s = two().apply(Squirrel((4, 4)))
    refused(s, Squirrel((5, 5)), "indian_summer.place.tile_action")
    refused(two(), EndTurn(), "indian_summer.place.tile_action")
    assert EndTurn() in s.legal_actions()


def test_indian_summer_place_empty():
    s = two(boards=[rows("#......."), rows()])
    refused(s, Place("G01", 0, (0, 0)), "indian_summer.place.empty")
    refused(s, Squirrel((0, 0)), "indian_summer.place.empty")


def test_indian_summer_place_edge():
    refused(two(), Place("R01", 0, (0, 5)), "indian_summer.place.edge")
    refused(two(), Squirrel((8, 0)), "indian_summer.place.edge")


def test_indian_summer_place_rotate():
    leaf = C.LEAVES[C.tile_id("G06")]                     # I3, hole in the middle
    assert len(orientations(leaf.cells, leaf.hole)) == 2
    assert orientation_of(leaf.cells, leaf.hole, 2, False) == 0
    leaf = C.LEAVES[C.tile_id("G14")]
    assert len(orientations(leaf.cells, leaf.hole)) == 8
    refused(two(), Place("G01", 7, (0, 0)), "indian_summer.place.rotate")


def test_indian_summer_place_areas():
    s = two().apply(Place("R01", 1, (2, 0)))              # a row of 5 over two areas
    assert rules_of(s)[0] == "indian_summer.place.areas"


# -- treasure, refill, areas ------------------------------------------------------------------
@pytest.mark.rule("indian_summer.turn.steps")
def test_indian_summer_turn_steps():
    # one tile action runs the steps in order: the tile, the token (here: earth, none), the
    # refill of the emptied path, the completed area
    s = two(layouts=["2A", "1A"], paths=[["G01"], ["G02"]],
            boards=[rows("##.#####", "b#.#####", "##.#...."), rows()],
            forest=["Y01", "Y02", "Y03", "Y04", "Y05", "Y06"], set_aside=[])
    s = s.apply(Place("G01", 0, (2, 0)))
    assert rules_of(s) == ["indian_summer.place.leaf", "indian_summer.treasure.none",
                           "indian_summer.refill.empty_path", "indian_summer.refill.forest",
                           "indian_summer.area.complete"]
    assert len(s.paths[0]) == 5 and s.tokens(0)["berry"] == 1 and s.current_player == 0
    # tiles taken with a feather are laid before anything else
    s = two(backpacks=[{"feather": 1}, {}]).apply(Feather(("G01", "Y01")))
    refused(s, Squirrel((4, 4)), "indian_summer.turn.steps")
    refused(s, Place("R01", 0, (4, 4)), "indian_summer.turn.steps")   # on the path, not taken
    s = s.apply(Place("G01", 0, (0, 0))).apply(Place("Y01", 0, (3, 0)))
    assert s.phase == "turn" and s.tile_done and s.current_player == 0
    s = s.apply(EndTurn())
    assert rules_of(s) == ["indian_summer.turn.steps", "indian_summer.turn.order"]
    assert s.current_player == 1 and not s.tile_done


@pytest.mark.rule("indian_summer.treasure.none")
def test_indian_summer_treasure_none():
    s = two()
    # G01 on (0, 0): its hole shows earth; the nut printed on (0, 1) lies under the leaf
    assert treasure_under_hole(s.floors[0], C.tile_id("G01"), 0, 0, 0) is None
    assert C.LAYOUTS[s.floors[0].layout].treasures[(0, 1)] == "nut"
    after = s.apply(Place("G01", 0, (0, 0)))
    assert "indian_summer.treasure.none" in rules_of(after)
    assert after.floors[0].tokens == () and after.tokens(0) == s.tokens(0)
    assert after.supply("nut") == s.supply("nut")


def test_indian_summer_treasure_hole_and_none():
    s = two()
    assert treasure_under_hole(s.floors[0], C.tile_id("G01"), 0, 0, 1) == "nut"
    got = s.apply(Place("G01", 0, (0, 1)))
    assert got.floors[0].token_at((0, 1)) == "nut" and "indian_summer.treasure.hole" in rules_of(got)
    earth = s.apply(Place("G01", 0, (0, 2)))
    assert not earth.floors[0].tokens and "indian_summer.treasure.none" in rules_of(earth)


def test_indian_summer_treasure_supply():
    s = two(backpacks=[{"nut": 11}, {"nut": 12}])         # and the fox carries one
    s = s.apply(Place("G01", 0, (0, 1)))                   # no nut left in the supply
    assert not s.floors[0].tokens and "indian_summer.treasure.supply" in rules_of(s)
    refused(two(backpacks=[{"berry": 2, "nut": 11}, {"nut": 12}]), Exchange("berry", "nut"),
            "indian_summer.treasure.supply")


@pytest.mark.rule("indian_summer.refill.forest")
def test_indian_summer_refill_empty_path_and_forest():
    s = two(paths=[["G01"], ["G02"]], forest=["Y01", "Y02", "Y03", "Y04", "Y05", "Y06", "Y07",
                                               "Y08"], set_aside=[])
    s = s.apply(Place("G01", 0, (0, 0)))
    assert s.paths[0] == ids("Y01", "Y02", "Y03", "Y04", "Y05") and s.forest == ids("Y06", "Y07", "Y08")
    assert "indian_summer.refill.empty_path" in rules_of(s)
    assert "indian_summer.refill.forest" in rules_of(s)


def test_indian_summer_refill_replenish():
    s = two(paths=[["G01"], ["G02"]], forest=["Y01", "Y02", "Y03", "Y04", "Y05", "Y06", "Y07",
                                               "Y08"], set_aside=["R01", "R02", "R03"])
    s = s.apply(Place("G01", 0, (0, 0)))
    assert s.forest[-3:] == ids("R03", "R02", "R01") or set(s.forest[-3:]) == set(ids("R01", "R02", "R03"))
    assert not s.set_aside and "indian_summer.refill.replenish" in rules_of(s)


def test_indian_summer_refill_exhausted():
    s = two(paths=[["G01"], ["G02"]], forest=["Y01", "Y02"], set_aside=[])
    s = s.apply(Place("G01", 0, (0, 0)))
    assert len(s.paths[0]) == 2 and "indian_summer.refill.exhausted" in rules_of(s)
    refused(s.apply(EndTurn()), Berry(), "indian_summer.berry.refill")


def test_indian_summer_area_complete():
    # side 2A prints a berry at (0, 1); the empty column of area 0 prints nothing
    s = two(layouts=["2A", "1A"], boards=[rows("##.#####", "b#.#####", "##.#...."), rows()])
    s = s.apply(Place("G01", 0, (2, 0)))
    assert complete_areas(s.floors[0]) == [0] and s.floors[0].paid == {0}
    assert s.tokens(0)["berry"] == 1 and s.floors[0].token_at((0, 1)) is None


# -- treasures used ------------------------------------------------------------------------------
def test_indian_summer_berry_refill_and_sixth():
    s = two(forest=["Y02", "Y03", "Y04", "Y05"], set_aside=[], backpacks=[{"berry": 2}, {}])
    s = s.apply(Berry())
    assert len(s.paths[0]) == 5 and rules_of(s)[0] == "indian_summer.berry.refill"
    s = s.apply(Berry())
    assert len(s.paths[0]) == 6 and rules_of(s)[0] == "indian_summer.berry.sixth"
    refused(two(), Berry(), "indian_summer.berry.refill")


def test_indian_summer_berry_sixth_never_seven():
    s = two(paths=[["G01", "G02", "G03", "G04", "G05", "G06"], ["G07"]], forest=["Y01"],
            set_aside=[], backpacks=[{"berry": 1}, {}])
    refused(s, Berry(), "indian_summer.berry.sixth")


def test_indian_summer_nut_squirrel():
    s = two(backpacks=[{"nut": 2}, {}]).apply(Nut((0, 0))).apply(Nut((1, 0)))
    assert s.tokens(0)["nut"] == 0 and not s.tile_done and len(s.floors[0].squirrels) == 2
    refused(s, Nut((2, 0)), "indian_summer.nut.squirrel")


@pytest.mark.parametrize("give, take, before, after", [
    ("feather", "mushroom", {"feather": 1}, {"feather": 0, "mushroom": 1}),
    ("nut", "berry", {"nut": 1}, {"nut": 0, "berry": 1}),
    ("berry", "nut", {"berry": 2}, {"berry": 0, "nut": 1}),
    ("mushroom", "feather", {"mushroom": 2}, {"mushroom": 0, "feather": 1}),
])
def test_indian_summer_exchange_trade(give, take, before, after):
    s = two(backpacks=[before, {}]).apply(Exchange(give, take))
    assert {k: s.tokens(0)[k] for k in after} == after


def test_indian_summer_exchange_refusals():
    refused(two(backpacks=[{"berry": 1}, {}]), Exchange("berry", "nut"),
            "indian_summer.exchange.trade")
    refused(two(backpacks=[{"feather": 1}, {}]), Exchange("feather", "nut"),
            "indian_summer.exchange.trade")


def test_indian_summer_animal_holes():
    s = two(boards=[rows("oo......", "........", "...n...."), rows()])   # 1A prints a nut
    assert Animal("mouse", 0, (0, 0)) in s.legal_actions()
    refused(s, Animal("mouse", 0, (2, 2)), "indian_summer.animal.holes")   # a token on a hole
    refused(s, Animal("mouse", 1, (0, 0)), "indian_summer.animal.holes")


def test_indian_summer_animal_once_bonus_and_token():
    s = two(boards=[rows("....o...", "....o...", "....oo..", "oo......"), rows()])
    s = s.apply(Animal("fox", 0, (4, 0)))
    assert "indian_summer.animal.bonus" in rules_of(s) and "indian_summer.animal.token" in rules_of(s)
    assert s.animal_tokens[C.ANIMAL_BY_NAME["fox"]] is None
    refused(s, Animal("mouse", 0, (0, 3)), "indian_summer.animal.once")
    after = s.apply(Squirrel((7, 8))).apply(EndTurn()).apply(Squirrel((0, 0))).apply(EndTurn())
    error = refused(after, Animal("fox", 0, (4, 0)), "indian_summer.setup.animals")
    assert "no fox tile is left" in error.reason                        # only one fox


FOX_HOLES = rows("....o...", "....o...", "....oo..", "oo......")   # 1A prints a berry on (4, 1),
# a mushroom on (4, 2) and a nut on (5, 2), nothing on (4, 0); (1, 3) a berry, (0, 3) nothing


@pytest.mark.rule("indian_summer.animal.bonus")
def test_indian_summer_animal_bonus():
    s = two(boards=[FOX_HOLES, rows()])
    mouse = s.apply(Animal("mouse", 0, (0, 3)))                      # on (0, 3) and (1, 3)
    assert mouse.tokens(0) == {"berry": 1, "nut": 0, "mushroom": 0, "feather": 0}
    assert mouse.supply("berry") == s.supply("berry") - 1
    assert "indian_summer.animal.bonus" in rules_of(mouse)
    assert "indian_summer.animal.token" not in rules_of(mouse)       # a mouse carries nothing
    # taken from the supply as far as it holds them: no nut is left for (5, 2)
    short = two(boards=[FOX_HOLES, rows()], backpacks=[{"nut": 11}, {"nut": 12}])
    assert short.supply("nut") == 0
    fox = short.apply(Animal("fox", 0, (4, 0)))
    bonus = next(e for e in fox.events if e.rule == "indian_summer.animal.bonus")
    assert list(bonus.data["tokens"]) == ["berry", "mushroom"]
    assert fox.tokens(0) == {"berry": 1, "nut": 12, "mushroom": 1, "feather": 0}  # + the fox's


@pytest.mark.rule("indian_summer.animal.token")
def test_indian_summer_animal_token():
    s = two(boards=[FOX_HOLES, rows()])
    fox = C.ANIMAL_BY_NAME["fox"]
    assert s.animal_tokens[fox] == "nut"
    after = s.apply(Animal("fox", 0, (4, 0)))
    # printed under it: berry, mushroom, nut; and the nut the fox carried
    assert after.tokens(0) == {"berry": 1, "nut": 2, "mushroom": 1, "feather": 0}
    assert after.animal_tokens[fox] is None and "indian_summer.animal.token" in rules_of(after)
    assert after.supply("nut") == s.supply("nut") - 1                # only the printed nut
    assert [s.animal_tokens[C.ANIMAL_BY_NAME[k]] for k in ("badger", "raccoon")] == [
        "berry", "feather"]


def test_indian_summer_mushroom_take_three_players():
    s = GAME.position(3, paths=[["G01"], ["G02", "G03"], []], forest=[], set_aside=[],
                      backpacks=[{"mushroom": 1}, {}, {}])          # the forest has run out
    assert [a for a in s.legal_actions() if a.kind == "mushroom"] == [Mushroom((1,))]
    s = s.apply(Mushroom((1,)))
    assert s.pending == ids("G02") and s.paths[1] == ids("G03")


def test_indian_summer_mushroom_two_players():
    s = two(forest=["Y05", "Y06", "Y07", "Y08", "Y09", "Y10", "Y11", "Y12"], set_aside=[],
            backpacks=[{"mushroom": 1}, {}])
    assert [a for a in s.legal_actions() if a.kind == "mushroom"] == [Mushroom((1, "forest"))]
    s = s.apply(Mushroom((1, "forest")))
    assert set(s.pending) == set(ids("G02", "Y05")) and s.forest == ids("Y11", "Y12")
    assert s.paths[1] == ids("Y06", "Y07", "Y08", "Y09", "Y10")     # emptied: refilled at once
    assert "indian_summer.mushroom.two_players" in rules_of(s)
    refused(two(backpacks=[{"mushroom": 1}, {}]), Mushroom((0,)), "indian_summer.mushroom.two_players")


def test_indian_summer_mushroom_two_players_takes_the_tile_a_top_up_lays_by_the_bush():
    aside = [f"Y{n:02d}" for n in range(5, 30)]                # 25 set aside, forest size 20
    s = two(set_aside=aside, backpacks=[{"mushroom": 1}, {}])  # forest laid out by a top-up
    assert s.forest == ids(*aside[5:]) and s.set_aside == ids(*aside[:5])
    assert s._peek("forest") == C.tile_id("Y10")               # the top-up adds the last 20
    s = s.apply(Mushroom((1, "forest")))
    assert set(s.pending) == set(ids("G02", "Y10"))


@pytest.mark.parametrize("sources, words", [
    ((1,), "name two other players"),               # three others have a tile
    ((0, 1), "not from your own"),
    ((1, "forest"), "not from the forest"),
    ((1, 1), "two different players"),
    ((1, 7), "is not a player"),
    ((1, "x"), "is not a player"),
    ((1, 2, 3), "name two other players"),
    ((), "name two other players"),
])
def test_indian_summer_mushroom_take_refuses_wrong_sources(sources, words):
    s = GAME.position(4, paths=[["G01"], ["G02"], ["G03"], ["G04"]],
                      backpacks=[{"mushroom": 1}, {}, {}, {}])
    error = refused(s, Mushroom(sources), "indian_summer.mushroom.take")
    assert words in error.reason


def test_indian_summer_mushroom_take_refuses_an_empty_path_or_a_second_source():
    out = dict(forest=[], set_aside=[], backpacks=[{"mushroom": 1}, {}, {}])
    s = GAME.position(3, paths=[["G01"], ["G02"], []], **out)
    error = refused(s, Mushroom((1, 2)), "indian_summer.mushroom.take")
    assert "Player 3's path is empty" in error.reason
    nobody = GAME.position(3, paths=[["G01"], [], []], **out)
    error = refused(nobody, Mushroom((1,)), "indian_summer.mushroom.take")


def test_indian_summer_mushroom_two_players_refuses_wrong_sources():
    s = two(backpacks=[{"mushroom": 1}, {}])
    for sources in [(1,), ("forest",), (0, "forest"), (1, 2), ()]:
        refused(s, Mushroom(sources), "indian_summer.mushroom.two_players")


def test_indian_summer_mushroom_fit_refuses_when_neither_tile_fits():
    nearly = [FULL_ROW] * 8 + ["######.."]
    s = GAME.position(4, paths=[["G01"], ["R02"], ["R03"], ["G04"]],
                      boards=[nearly, rows(), rows(), rows()],
                      backpacks=[{"mushroom": 1}, {}, {}, {}])
    assert not any(a.kind == "mushroom" for a in s.legal_actions())
    error = refused(s, Mushroom((1, 2)), "indian_summer.mushroom.fit")
    assert "R02" in error.reason and "R03" in error.reason
    refused(two(paths=[["G01"], ["R02"]], boards=[nearly, rows()], forest=["R03"],
                set_aside=[], backpacks=[{"mushroom": 1}, {}]),
            Mushroom((1, "forest")), "indian_summer.mushroom.fit")


def test_indian_summer_mushroom_refill():
    s = GAME.position(4, paths=[["G01"], ["G02"], ["G03"], ["G04"]],
                      forest=["Y01", "Y02", "Y03", "Y04", "Y05", "Y06", "Y07", "Y08", "Y09",
                              "Y10", "Y11", "Y12"], set_aside=[],
                      backpacks=[{"mushroom": 1}, {}, {}, {}])
    s = s.apply(Mushroom((1, 3)))
    assert s.paths[1] == ids("Y01", "Y02", "Y03", "Y04", "Y05")     # turn order after Player 1
    assert s.paths[3] == ids("Y06", "Y07", "Y08", "Y09", "Y10") and s.paths[2] == ids("G03")


def test_indian_summer_mushroom_fit():
    nearly = [FULL_ROW] * 8 + ["#####..."]
    s = two(paths=[["G01"], ["R01"]], boards=[nearly, rows()], forest=["G02"], set_aside=[],
            backpacks=[{"mushroom": 1}, {}])
    s = s.apply(Mushroom((1, "forest")))
    assert s.need == 1 and "indian_summer.mushroom.fit" in rules_of(s)
    assert all(a.tile == "G02" for a in s.legal_actions())
    s = s.apply(Place("G02", 1, (5, 8)))
    assert C.tile_id("R01") in s.box and s.phase == "turn"


def test_indian_summer_feather_two():
    s = two(backpacks=[{"feather": 1}, {}])
    s = s.apply(Feather(("G01", "R01")))
    assert s.phase == "place" and s.need == 2
    refused(s, Squirrel((0, 0)), "indian_summer.turn.steps")
    refused(two(paths=[["G01"], ["G02"]], backpacks=[{"feather": 1}, {}]),
            Feather(("G01", "G02")), "indian_summer.feather.two")     # one tile in the path


@pytest.mark.parametrize("tiles", [("G01",), ("G01", "G01"), ("G01", "Y01", "R01"), ()])
def test_indian_summer_feather_two_refuses_other_than_two_different_tiles(tiles):
    s = two(backpacks=[{"feather": 1}, {}])
    error = refused(s, Feather(tiles), "indian_summer.feather.two")
    assert "exactly two different tiles" in error.reason
    assert Feather(tiles) not in s.legal_actions()


def test_indian_summer_feather_keeps_room_for_the_second_tile():
    nearly = [FULL_ROW] * 8 + ["##......"]
    s = two(paths=[["G01", "G06"], ["G02"]], boards=[nearly, rows()],
            backpacks=[{"feather": 1}, {}])
    s = s.apply(Feather(("G01", "G06")))
    legal = s.legal_actions()
    assert legal and all(a.at[0] in (2, 5) for a in legal)      # 3 + 3 cells in a row of 6
    refused(s, Place("G01", 1, (3, 8)), "indian_summer.feather.two")


@pytest.mark.parametrize("action, rule", [
    (Squirrel((0, "a")), "indian_summer.place.edge"),
    (Squirrel(("a", 0)), "indian_summer.place.edge"),
    (Squirrel((0, 1.5)), "indian_summer.place.edge"),
    (Squirrel((True, 0)), "indian_summer.place.edge"),
    (Nut((0, "a")), "indian_summer.place.edge"),
    (Place("G01", 0, ([0], 0)), "indian_summer.place.edge"),
    (Place("G01", 0, (0, "a")), "indian_summer.place.edge"),
    (Place("G01", 0, (1.0, 0)), "indian_summer.place.edge"),
    (Place("G01", "0", (0, 0)), "indian_summer.place.rotate"),
    (Place("G01", None, (0, 0)), "indian_summer.place.rotate"),
    (Place(["G01"], 0, (0, 0)), "indian_summer.place.leaf"),
    (Place("Q01", 0, (0, 0)), "indian_summer.place.leaf"),
    (Exchange("gold", "nut"), "indian_summer.exchange.trade"),
    (Exchange("berry", "gold"), "indian_summer.exchange.trade"),
    (Exchange(["berry"], "nut"), "indian_summer.exchange.trade"),
    (Animal("dragon", 0, (0, 0)), "indian_summer.setup.animals"),
    (Animal(["mouse"], 0, (0, 0)), "indian_summer.setup.animals"),
    (Animal("mouse", "0", (0, 0)), "indian_summer.place.edge"),
    (Animal("mouse", 0, (0, "a")), "indian_summer.place.edge"),
    (Animal("mouse", 0, (True, 0)), "indian_summer.place.edge"),
    (Berry("upper", "left"), "indian_summer.berry.refill"),
    (Berry(None, "left"), "indian_summer.berry.refill"),
    (Mushroom((1, "x")), "indian_summer.mushroom.two_players"),
    (Feather(("G01", None)), "indian_summer.place.leaf"),
])
def test_indian_summer_hand_made_actions_with_bad_values_are_refused(action, rule):
    s = two(boards=[rows("oo......"), rows()],
            backpacks=[{"berry": 2, "nut": 1, "mushroom": 1, "feather": 1}, {}])
    refused(s, action, rule)


def test_indian_summer_exchange_trade_label_uses_plurals():
    assert Exchange("berry", "nut").describe() == "exchange 2 berries for a nut"
    assert Exchange("nut", "berry").describe() == "exchange 1 nut for a berry"


def test_indian_summer_treasure_enhance():
    s = two(backpacks=[{"feather": 1, "mushroom": 1}, {}]).apply(Squirrel((0, 0)))
    refused(s, Feather(("G01", "Y01")), "indian_summer.treasure.enhance")
    refused(s, Mushroom((1, "forest")), "indian_summer.treasure.enhance")


# -- the end ------------------------------------------------------------------------------------
def test_indian_summer_end_trigger_and_round():
    nearly = [FULL_ROW] * 8 + ["#######."]
    s = GAME.position(3, paths=[["G01"], ["G02"], ["G03"]], boards=[rows(), nearly, rows()],
                      turn=1)
    s = s.apply(Squirrel((7, 8))).apply(EndTurn())
    assert s.ending and s.current_player == 2 and "indian_summer.end.trigger" in rules_of(s)
    s = s.apply(Squirrel((0, 0))).apply(EndTurn())
    assert s.is_over and s.score().winners == [1]


def test_indian_summer_turn_order():
    s = GAME.setup(3, seed=1)
    s = s.apply(Squirrel((0, 0))).apply(EndTurn())
    assert s.current_player == 1 and rules_of(s)[-1] == "indian_summer.turn.order"


def test_indian_summer_end_convert_and_stand_in():
    nearly = [FULL_ROW] * 7 + ["#.#.#...", "........"]
    all_squirrels = ["s" * 8] * 4 + [FULL_ROW] * 5          # the 32 squirrels are on a board
    s = two(boards=[all_squirrels, nearly], backpacks=[{}, {"feather": 1, "berry": 3}],
            turn=1, start_player=0)
    assert s.squirrel_supply == 0
    s = s.apply(Squirrel((1, 7)))
    assert "indian_summer.end.stand_in" in rules_of(s)
    s = s.apply(EndTurn())
    assert s.phase == "squirrels" and s.current_player == 1
    s = finish(s)
    # feather -> mushroom -> nut and two berries -> nut: 2 more squirrels, an odd berry stays
    assert s.floors[1].empty_cells == 13 - 1 - 2 and s.tokens(1) == {
        "berry": 1, "nut": 0, "mushroom": 0, "feather": 0}


def test_indian_summer_end_winner_tiebreak_and_ranking():
    full = [FULL_ROW] * 9
    s = GAME.position(3, boards=[full, full, full], paths=[[], [], []], set_aside=[],
                      backpacks=[{"nut": 2, "berry": 1}, {"nut": 2, "berry": 1}, {"nut": 1}],
                      turn=2)
    s = s.apply(EndTurn())
    sheet = s.score()
    assert sheet.winners == [0, 1] and "shared win" in sheet.tiebreak
    assert sheet.tiebreak_rule == "indian_summer.end.tiebreak"


@pytest.mark.rule("indian_summer.end.stand_in")
def test_indian_summer_end_stand_in():
    all_squirrels = ["s" * 8] * 4 + [FULL_ROW] * 5          # the 32 squirrels are on a board
    s = two(boards=[all_squirrels, rows()], backpacks=[{}, {"nut": 1}], turn=1, start_player=0)
    assert s.squirrel_supply == 0
    assert Squirrel((0, 0)) in s.legal_actions()
    s = s.apply(Squirrel((0, 0)))                           # a stand-in takes the squirrel's place
    assert rules_of(s) == ["indian_summer.place.squirrel", "indian_summer.end.stand_in"]
    s = s.apply(Nut((1, 0)))                                # and for a nut spent on a squirrel
    assert s.floors[1].squirrels == ((0, 0), (1, 0)) and s.tokens(1)["nut"] == 0
    assert s.floors[1].empty_cells == 70 and s.squirrel_supply == 0


@pytest.mark.rule("indian_summer.end.tiebreak")
@pytest.mark.parametrize("backpacks, winners, words", [
    ([{"nut": 3}, {"nut": 2, "berry": 1}, {"nut": 1}], [0], "most nuts left (3)"),
    ([{"nut": 1}, {"nut": 2}, {"nut": 2, "berry": 1}], [2], "then most berries (1)"),
    # counted after the end conversion: a mushroom becomes a nut
    ([{"nut": 2}, {"nut": 1, "mushroom": 1}, {}], [0, 1], "a shared win"),
])
def test_indian_summer_end_tiebreak(backpacks, winners, words):
    full = [FULL_ROW] * 9
    s = GAME.position(3, boards=[full, full, full], paths=[[], [], []], set_aside=[],
                      backpacks=backpacks, turn=2).apply(EndTurn())
    sheet = s.score()
    assert s.is_over and sheet.winners == winners
    assert sheet.tiebreak_rule == "indian_summer.end.tiebreak" and words in sheet.tiebreak


def test_indian_summer_end_ranking_shares_equal_cells():
    one_left = [FULL_ROW] * 8 + ["#######."]
    s = GAME.position(3, boards=[[FULL_ROW] * 9, one_left, one_left], paths=[[], [], []],
                      set_aside=[],
                      turn=0, start_player=1)
    sheet = s.apply(EndTurn()).score()
    assert [sheet.notes[p][0] for p in range(3)] == ["rank 1", "rank 2", "rank 2"]
    assert {line.rule for line in sheet.lines} == {"indian_summer.end.winner",
                                                   "indian_summer.end.ranking"}


# -- positions, contract, speed -----------------------------------------------------------------
@pytest.mark.parametrize("fields, field", [
    ({"colour": "red"}, "colour"),
    ({"paths": [["G01"], ["G01"]]}, "paths"),
    ({"paths": [["Q01"], []]}, "paths"),
    ({"boards": [["...."], rows()]}, "boards"),
    ({"layouts": ["9Z", "1A"]}, "layouts"),
    ({"backpacks": [{"feather": 9}, {}]}, "backpacks"),
    ({"backpacks": [{"berry": "x"}, {}]}, "backpacks"),
    ({"backpacks": [{"berry": -1}, {}]}, "backpacks"),
    ({"backpacks": [{"berry": 1.5}, {}]}, "backpacks"),
    ({"animals_left": {"fox": 5}}, "animals_left"),
    ({"animals_left": {"fox": "x"}}, "animals_left"),
    ({"animals_left": {"mouse": -1}}, "animals_left"),
    ({"animals_left": {"dragon": 1}}, "animals_left"),
    ({"turn": 5}, "turn"),
])
def test_position_errors_name_the_field(fields, field):
    with pytest.raises(PositionError) as info:
        GAME.position(2, **fields)
    assert info.value.field == field


def test_pure_helpers_for_the_view():
    cells, hole = leaf_cells(C.tile_id("G01"), 0, 3, 0)
    assert cells == ((3, 0), (3, 1), (3, 2)) and hole == (3, 0)


def sample_states(players, seed, every=7):
    states, _ = play(GAME.setup(players, seed), RandomBot(seed))
    return states[::every]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_legal_actions_are_exactly_what_apply_accepts(players):
    for state in sample_states(players, 11)[:12]:
        if state.is_over:
            continue
        legal = state.legal_actions()
        assert len(legal) == len(set(legal))
        assert legal == state.legal_actions()                   # deterministic order
        for action in legal[:: max(1, len(legal) // 25)]:
            state.apply(action)
            assert GAME.action_from_json(action.to_json()) == action
        p = state.current_player
        floor = state.floors[p]
        for tile in set(state.paths[p]) | set(state.pending):
            name = C.tile_name(tile)
            for o in range(8):
                for x in range(-1, 8):
                    for y in range(-1, 9, 3):
                        action = Place(name, o, (x, y))
                        try:
                            state.apply(action)
                        except IllegalAction as exc:
                            assert rules.exists(exc.rule) and action not in legal
                        else:
                            assert action in legal, (action, floor)
