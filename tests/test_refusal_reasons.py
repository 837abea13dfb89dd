"""A refusal names the condition that actually failed, in every game.

Seeded random games are sampled; at each sampled position a broad set of illegal actions is
tried, and the reason given is checked against the failing condition worked out here from the
position alone (not by the engine's own checks), so that a refusal cannot quote a rule that the
move does not break.
"""
from __future__ import annotations

import pytest

import explorer
from explorer import IllegalAction
from explorer.bots import RandomBot

SEEDS = (1, 2, 3)
PLAYERS = (2, 3, 4)


def sampled_positions(game_name: str, every: int, seeds=SEEDS, players=PLAYERS, **options):
    """Every `every`-th position of seeded random games, to the end."""
    game = explorer.GAMES[game_name]
    for n in players:
        for seed in seeds:
            state = game.setup(players=n, seed=seed, **options)
            bot = RandomBot(seed)
            step = 0
            while not state.is_over:
                if step % every == 0:
                    yield state
                state = state.apply(bot.choose(state))
                step += 1


def refusal(state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    return caught.value


def check(state, action, expected: tuple[str, ...], failures: list) -> None:
    """Record a refusal whose reason holds none of the expected words."""
    error = refusal(state, action)
    if not any(word in error.reason for word in expected):
        failures.append(f"{action!r}: expected {' / '.join(expected)!r}, got "
                        f"[{error.rule}] {error.reason!r}")


def report(failures: list) -> None:
    assert not failures, f"{len(failures)} wrong reasons, e.g.\n" + "\n".join(failures[:12])


def refusals_name_the_failed_condition(game_name: str, every: int, where, tried, expected,
                                       **sampling) -> None:
    """At the sampled positions (`sampled_positions`) where `where(state)` holds, every action of
    `tried(state)` that is not legal there is refused with one of `expected(state, action)`."""
    failures: list = []
    for state in sampled_positions(game_name, every, **sampling):
        if not where(state):
            continue
        legal = set(state.legal_actions())
        for action in tried(state):
            if action not in legal:
                check(state, action, expected(state, action), failures)
    report(failures)


def around(cells, margin: int):
    """Every cell of the bounding box of `cells` (pairs), widened by `margin` on each side."""
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    for x in range(min(xs) - margin, max(xs) + margin + 1):
        for y in range(min(ys) - margin, max(ys) + margin + 1):
            yield x, y


# -- Cacao ------------------------------------------------------------------------------------
def _cacao_neighbours(cell):
    x, y = cell
    return ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))


def _cacao_place_expected(state, cell) -> tuple[str, ...]:
    occupied = set(state.workers) | set(state.jungle)
    if cell in occupied:
        return ("taken",)
    around = _cacao_neighbours(cell)
    if not any(n in occupied for n in around):
        return ("touches no tile", "touches no jungle tile")
    if any(n in state.workers for n in around):
        return ("would touch the worker tile",)
    return ("touches no jungle tile",)


def test_cacao_placement_refusals_name_the_failed_condition():
    from explorer.cacao.actions import Place, Rebuild
    from explorer.cacao import components as C

    def tried(state):
        pattern = C.pattern_of(state.hands[state.turn][0])
        rebuilding = state.rebuilding_open and state.sun[state.turn]
        for cell in around(list(state.workers) + list(state.jungle), 2):
            yield Place(pattern, cell, 0)
            if rebuilding:
                yield Rebuild(pattern, cell, 0)

    def expected(state, action):
        if not isinstance(action, Rebuild):
            return _cacao_place_expected(state, action.cell)
        top = state.workers.get(action.cell)
        if top is None or top.owner != state.turn:
            return ("holds no worker tile of",)
        return ("already rebuilt",)

    refusals_name_the_failed_condition("cacao", 7, lambda state: state.phase == "place",
                                       tried, expected)


def _cacao_work_expected(state, cell, side) -> tuple[str, ...]:
    from explorer.cacao import components as C
    me = state.current_player
    top = state.workers.get(cell)
    if top is None:
        return ("no worker tile on",)
    if top.owner != me:
        return ("belongs to",)
    if top.counts[side] == 0:
        return ("has no workers on",)
    facing = _cacao_neighbours(cell)[side]
    if facing not in state.jungle:
        return ("faces no jungle tile",)
    if C.JUNGLE_KIND[state.jungle[facing]] == "temple":
        return ("temple",)
    waiting = [e for e in state.pending if e.player == me and (e.cell, e.side) == (cell, side)]
    if not waiting:
        return ("already acted", "already used")
    return ("finish the workers", "no cacao to sell")


def test_cacao_work_refusals_name_the_failed_condition():
    from explorer.cacao.actions import Decline, Work
    refusals_name_the_failed_condition(
        "cacao", 3, lambda state: state.phase == "work",
        lambda state: [kind(cell, side) for cell in state.workers for side in range(4)
                       for kind in (Work, Decline)],
        lambda state, action: _cacao_work_expected(state, action.cell, action.side))


def test_cacao_an_isolated_corner_is_refused_as_touching_no_tile():
    from explorer.cacao.actions import Place
    from explorer.cacao import components as C
    state = explorer.GAMES["cacao"].setup(players=3, seed=1)
    pattern = C.pattern_of(state.hands[state.turn][0])
    error = refusal(state, Place(pattern, (-3, 3), 0))
    assert error.rule == "cacao.place.adjacent"
    assert "touches no tile" in error.reason and "worker tiles" not in error.reason


def test_cacao_the_start_plantation_is_refused_as_taken():
    from explorer.cacao.actions import Place
    from explorer.cacao import components as C
    state = explorer.GAMES["cacao"].setup(players=3, seed=1)
    pattern = C.pattern_of(state.hands[state.turn][0])
    error = refusal(state, Place(pattern, (0, 0), 0))
    assert error.rule == "cacao.place.worker_tile"
    assert "taken" in error.reason and "plantation" in error.reason
    assert "would touch" not in error.reason


# -- Taluva -----------------------------------------------------------------------------------
_HEX_STEPS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def _hex_neighbours(h):
    return tuple((h[0] + dq, h[1] + dr) for dq, dr in _HEX_STEPS)


def _taluva_cover(volcano, rotation):
    (dq1, dr1), (dq2, dr2) = _HEX_STEPS[rotation], _HEX_STEPS[(rotation + 1) % 6]
    q, r = volcano
    return (volcano, (q + dq1, r + dr1), (q + dq2, r + dr2))


def _taluva_groups(buildings, owner=None):
    """Settlements as sets of hexes: touching buildings of one owner."""
    left = {h for h, b in buildings.items() if owner is None or b.owner == owner}
    groups = []
    while left:
        start = left.pop()
        group, todo = {start}, [start]
        while todo:
            h = todo.pop()
            for n in _hex_neighbours(h):
                if n in left and buildings[n].owner == buildings[start].owner:
                    left.discard(n)
                    group.add(n)
                    todo.append(n)
        groups.append(group)
    return groups


def _taluva_place_expected(state, volcano, rotation) -> tuple[str, ...]:
    hexes, buildings = state.hexes, state.buildings
    cover = _taluva_cover(volcano, rotation)
    under = [hexes.get(h) for h in cover]
    if not any(under):
        return ("share at least one edge",)
    if under[0] is None or under[0].terrain != "volcano":
        return ("puts the volcano on a volcano",)
    if None in under:
        return ("over the sea",)
    if len({c.level for c in under}) > 1:
        return ("same level",)
    if rotation == under[0].rotation:
        return ("same way",)
    kinds = {buildings[h].kind for h in cover[1:] if h in buildings}
    if "temple" in kinds or "tower" in kinds:
        return ("temple stands", "tower stands")
    return ("whole settlement",)


def test_taluva_placement_refusals_name_the_failed_condition():
    from explorer.taluva.actions import Place
    refusals_name_the_failed_condition(
        "taluva", 9, lambda state: state.phase == "place" and state.hexes,
        lambda state: [Place(h, rotation) for h in around(state.hexes, 2) for rotation in range(6)],
        lambda state, action: _taluva_place_expected(state, action.volcano, action.rotation),
        seeds=(1, 2))


def _taluva_site_expected(state, kind, h) -> tuple[str, ...] | None:
    """The reason words for a building site that is wrong in itself, else None."""
    cell = state.hexes.get(h)
    if cell is None:
        return ("is sea",)
    if cell.terrain == "volcano":
        return ("is a volcano",)
    if h in state.buildings:
        return ("already holds",)
    return None


def _taluva_build_expected(state, kind, h) -> tuple[str, ...]:
    site = _taluva_site_expected(state, kind, h)
    if site:
        return site
    p = state.turn
    huts, temples, towers = state.supply[p]
    level = state.hexes[h].level
    own = [g for g in _taluva_groups(state.buildings, p)
           if any(n in g for n in _hex_neighbours(h))]
    if kind == "hut":
        if level != 1:
            return ("level",)
        if not huts:
            return ("no huts left",)
        return ("touches your own settlement",)
    if kind == "tower" and level < 3:
        return ("level",)
    if (temples if kind == "temple" else towers) < 1:
        return (f"no {kind}s left",)
    if not own:
        return ("not next to one of your settlements",)
    if kind == "temple" and all(len(g) < 3 for g in own):
        return ("at least 3 hexes",)
    return (f"already has a {kind}",)


def test_taluva_build_refusals_name_the_failed_condition():
    from explorer.taluva.actions import Hut, Temple, Tower
    refusals_name_the_failed_condition(
        "taluva", 5, lambda state: state.phase == "build" and state.build_kind is None,
        lambda state: [kind(h) for h in around(state.hexes, 1) for kind in (Hut, Temple, Tower)],
        lambda state, action: _taluva_build_expected(state, action.kind, action.hex),
        seeds=(1, 2))


# -- Animals on Board -------------------------------------------------------------------------
def test_animals_on_board_refusals_name_the_failed_condition():
    from explorer.animals_on_board import components as C
    from explorer.animals_on_board.actions import Keep, Split, Take
    failures: list = []
    for state in sampled_positions("animals_on_board", every=3):
        if state.phase == "keep":
            mine = state.drawn[state.turn]
            for tile in [t for t in C.ALL_TILES if t not in mine][:12]:
                check(state, Keep(tile), ("is not one of the tiles",), failures)
        if state.phase != "play":
            continue
        legal = set(state.legal_actions())
        central = {t for g in state.groups for t in g}
        outside = sorted({t for ark in state.arks for t in ark} | set(state.pile))[:4]
        for group in state.groups:
            for stray in outside:
                # a central group plus a tile that is not in the central area
                for cls in (Split, Take):
                    check(state, cls(group[:1] + (stray,)), ("not in the central area",),
                          failures)
            if len(state.groups) > 1:
                other = next(g for g in state.groups if g is not group)
                check(state, Split(group[:1] + other[:1]), ("same group",), failures)
            take = Take(group)
            if take not in legal:
                check(state, take, ("food crates",), failures)
            if len(group) >= 2:
                check(state, Take(group[:1]), ("whole group",), failures)
            check(state, Split(group), ("leave some tiles behind", "2 or more"), failures)
        assert central
    report(failures)


# -- Indian Summer ----------------------------------------------------------------------------
def _summer_cells(tile, orientation, at):
    from explorer.indian_summer import components as C
    from explorer.indian_summer.geometry import placed
    leaf = C.LEAVES[tile]
    return placed(tuple(leaf.cells), leaf.hole, orientation, *at)


def _summer_place_expected(state, tile, orientation, at) -> tuple[str, ...]:
    from explorer.indian_summer import components as C
    from explorer.indian_summer.geometry import bit, on_board
    floor = state.floors[state.turn]
    if state.phase == "turn":
        if state.tile_done:
            return ("already done",)
        if floor.full:
            return ("board is full",)
    covered_cells, _ = _summer_cells(tile, orientation, at)
    if not all(on_board(c) for c in covered_cells):
        return ("stick out",)
    if any(floor.covered & bit(c) for c in covered_cells):
        return ("overlap",)
    return ("would no longer fit",)


def test_indian_summer_placement_refusals_name_the_failed_condition():
    from explorer.indian_summer import components as C
    from explorer.indian_summer.actions import Place, Squirrel
    from explorer.indian_summer.geometry import bit
    from explorer.indian_summer.moves import orientation_count
    failures: list = []
    for state in sampled_positions("indian_summer", every=11, seeds=(1,), players=(1, 2, 4)):
        if state.phase not in ("turn", "place"):
            continue
        legal = set(state.legal_actions())
        p = state.turn
        tiles = state.pending if state.phase == "place" else state.paths[p][:2]
        for tile in tiles:
            for o in range(orientation_count(tile)):
                for x in range(-1, C.WIDTH + 1):
                    for y in range(-1, C.HEIGHT + 1):
                        action = Place(C.LEAVES[tile].name, o, (x, y))
                        if action not in legal:
                            check(state, action, _summer_place_expected(state, tile, o, (x, y)),
                                  failures)
        if state.phase != "turn":
            continue
        floor = state.floors[p]
        for x in range(-1, C.WIDTH + 1):
            for y in range(-1, C.HEIGHT + 1):
                action = Squirrel((x, y))
                if action in legal:
                    continue
                if state.tile_done:
                    expected = ("already done",)
                elif floor.full:
                    expected = ("board is full",)
                elif not (0 <= x < C.WIDTH and 0 <= y < C.HEIGHT):
                    expected = ("not a cell of the board",)
                else:
                    assert floor.covered & bit((x, y))
                    expected = ("already covered",)
                check(state, action, expected, failures)
    report(failures)
