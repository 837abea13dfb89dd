"""Hand-built Taluva positions from readable names, for lessons, tests and deep links.

`position(players, tiles=[...], buildings={...}, ...)` lays the tiles one by one under the
placement rules (so every stack on it could have come about in play), puts the buildings on,
fills the supplies and returns a position where `turn` is about to place (or build).
PositionError names the field that is wrong.
"""
from __future__ import annotations

from ..core import PositionError, SetupError
from . import components as C
from .board import Building, Cell, FrozenMap, tile_hexes
from .placement import placement_problem
from .state import Placed, TaluvaState

FIELDS = ("tiles", "buildings", "drawn", "stack", "turn", "phase", "removed", "eliminated",
          "build_kind", "options", "seed")


def position(players: int = 2, *, tiles=(), buildings=None, drawn=None, stack=None, turn: int = 0,
             phase: str = "place", removed=None, eliminated=(), build_kind=None, options=None,
             seed: int = 0) -> TaluvaState:
    """A position ready for `turn`.

    tiles: [(name, volcano hex, rotation), ...] in the order laid, e.g. ("jungle-sand", (0, 0),
      2); an eruption is a tile whose volcano lands on a volcano.
    buildings: {hex: (player, kind)} or (player, kind, huts); huts default to the hex's level.
    drawn: the open tile to place (phase "place"; default: the first of `stack`).
    stack: tile names in the order they will be drawn (default: unused tiles, by number, up to
      the number in play). removed: huts per player gone with eruptions. eliminated: players out.
    phase: "place" or "build"; build_kind: in the one_kind variant, the kind built this turn.
    """
    from . import GAME
    try:
        _, seed, chosen = GAME.check_setup(players, seed, dict(options or {}))
    except SetupError as exc:
        field = "players" if "played by" in str(exc) else "options"
        raise PositionError(field, str(exc)) from None
    s = TaluvaState(GAME, players, seed, chosen)
    free = {pair: list(C.tile_ids(pair)) for pair, _ in C.PAIR_COUNTS}

    def take(name, field: str) -> int:
        try:
            pair = C.parse_tile_name(name)
        except ValueError as exc:
            raise PositionError(field, str(exc)) from None
        if not free[pair]:
            raise PositionError(field, f"all {len(C.tile_ids(pair))} {name} tiles are in use")
        return free[pair].pop(0)

    _lay_tiles(s, tiles, take)
    _put_buildings(s, buildings or {}, removed)
    if not isinstance(turn, int) or not 0 <= turn < players:
        raise PositionError("turn", f"must be a player 0..{players - 1}, not {turn!r}")
    if not isinstance(eliminated, (list, tuple, set, frozenset)):
        raise PositionError("eliminated", f"a list of players, not {eliminated!r}")
    bad = [p for p in eliminated if type(p) is not int or not 0 <= p < players]
    if bad or turn in eliminated:
        raise PositionError("eliminated", f"must list players other than turn, not {bad or turn}")
    s.eliminated = tuple(sorted(set(eliminated)))
    if len(s.active) < 2:
        raise PositionError("eliminated", "at least two players must still be in the game: "
                            "with one left the game is over and that player has won")
    if phase not in ("place", "build"):
        raise PositionError("phase", f"must be 'place' or 'build', not {phase!r}")
    if build_kind not in (None, "hut", "expand", "temple", "tower") or (
            build_kind and (phase != "build" or chosen["builds_per_turn"] != "one_kind")):
        raise PositionError("build_kind", "only in the build phase of the one_kind variant: "
                            "hut, expand, temple or tower")
    names = list(stack) if stack is not None else None
    first = 0    # index in `stack` of the first tile left in it
    if phase == "place" and drawn is None:
        if names is None:
            drawn_id = next((t for ids in free.values() for t in ids), None)
            if drawn_id is None:
                raise PositionError("drawn", "no tile is left to draw")
            drawn = C.tile_name(drawn_id)
        elif names:
            drawn, first = names.pop(0), 1
        else:
            raise PositionError("drawn", "the place phase needs a drawn tile")
    if drawn is not None:
        if phase != "place":
            raise PositionError("drawn", "only the place phase has a drawn tile")
        s.drawn = take(drawn, "stack[0]" if first else "drawn")
    if names is None:
        left = sorted(t for ids in free.values() for t in ids)
        room = max(0, C.tiles_in_play(players, chosen["all_tiles"]) - len(s.placed)
                   - (s.drawn is not None))
        s.stack = tuple(reversed(left[:room]))
    else:
        s.stack = tuple(reversed([take(n, f"stack[{i}]") for i, n in enumerate(names, first)]))
    s.boxed = tuple(sorted(t for ids in free.values() for t in ids if t not in s.stack))
    s.start_player = 0
    s.turn, s.phase, s.build_kind = turn, phase, build_kind
    if phase == "build" and build_kind is None and not any(s.build_targets(turn).values()):
        raise PositionError("phase", f"{s.player_name(turn)} cannot build anything, so there "
                            "is no build phase: after placing the tile they would have been "
                            "eliminated")
    return s


def _lay_tiles(s: TaluvaState, tiles, take) -> None:
    hexes: dict = {}
    placed = []
    for i, entry in enumerate(tiles):
        field = f"tiles[{i}]"
        try:
            name, volcano, rotation = entry
            volcano = (int(volcano[0]), int(volcano[1]))
        except (TypeError, ValueError, IndexError):
            raise PositionError(field, f"write (tile name, (q, r), rotation), not {entry!r}") \
                from None
        tile = take(name, field)
        problem = placement_problem(FrozenMap(hexes), {}, volcano, rotation)
        if problem:
            raise PositionError(field, f"{problem.reason} [{problem.rule}]")
        cover = tile_hexes(volcano, rotation)
        level = hexes[volcano].level + 1 if volcano in hexes else 1
        for h, terrain in zip(cover, (C.VOLCANO,) + C.TILES[tile]):
            hexes[h] = Cell(terrain, level, i, rotation)
        placed.append(Placed(tile, volcano, rotation, level))
    s.hexes, s.placed = FrozenMap(hexes), tuple(placed)


def _put_buildings(s: TaluvaState, buildings: dict, removed) -> None:
    board = {}
    used = [[0, 0, 0] for _ in range(s.players)]
    for h, spec in sorted(buildings.items(), key=repr):
        field = f"buildings[{h}]"
        cell = s.hexes.get(tuple(h)) if isinstance(h, (tuple, list)) else None
        if cell is None or cell.terrain == C.VOLCANO:
            raise PositionError(field, "buildings stand on landscape hexes of the island")
        try:
            owner, kind, *rest = spec
        except (TypeError, ValueError):
            owner, kind, rest = None, None, ()
        if not isinstance(owner, int) or not 0 <= owner < s.players or kind not in C.KINDS:
            raise PositionError(field, f"write (player, 'hut'|'temple'|'tower'), not {spec!r}")
        count = rest[0] if rest else (cell.level if kind == "hut" else 1)
        if len(rest) > 1 or type(count) is not int:
            raise PositionError(field, f"write (player, kind) or (player, 'hut', huts) with a "
                                f"whole number of huts, not {spec!r}")
        if kind == "hut" and not 1 <= count <= cell.level or kind != "hut" and count != 1:
            raise PositionError(field, f"{count} {kind}s cannot stand on a level-{cell.level} hex")
        board[tuple(h)] = Building(owner, kind, count)
        used[owner][C.KINDS.index(kind)] += count
    s.buildings = FrozenMap(board)
    if removed is not None and not isinstance(removed, (list, tuple)):
        raise PositionError("removed", f"one number of huts per player, not {removed!r}")
    s.removed = tuple(removed) if removed is not None else (0,) * s.players
    if len(s.removed) != s.players or any(type(n) is not int or n < 0 for n in s.removed):
        raise PositionError("removed", f"one number of huts per player, not {removed!r}")
    if any(s.removed) and s.options["covered_huts"] == "returned":
        raise PositionError("removed", "with covered_huts=returned covered huts go back to "
                            "their owner: none are removed from the game")
    supply = []
    for p in range(s.players):
        left = tuple(C.PIECES[k] - n for k, n in zip(C.KINDS, used[p]))
        if min(left) < 0:
            raise PositionError("buildings", f"player {p} would use more pieces than they have "
                                f"({', '.join(f'{n} {k}s' for k, n in zip(C.KINDS, used[p]))})")
        if s.removed[p] > left[0]:
            raise PositionError("removed", f"player {p} has only {left[0]} huts that are not on "
                                f"the board, so {s.removed[p]} cannot have been removed by eruptions")
        left = (left[0] - s.removed[p],) + left[1:]
        supply.append(left)
    s.supply = tuple(supply)
