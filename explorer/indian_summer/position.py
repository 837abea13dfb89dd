"""Hand-built Indian Summer positions from readable names (`GAME.position(...)`), and back.

A board is drawn as 9 rows of 8 characters:
  . (or a printed letter B N M F)  empty cell
  #  covered by a leaf        o  an empty leaf hole      b n m f  a token on a leaf hole
  s  a squirrel               a  an animal on a hole     x  an animal whose tile is not named
Every hole is one leaf tile laid (each tile has exactly one hole); the animal cells (a) must be
covered exactly by the animal tiles taken (`animals_left`), while x cells stand for an animal
left out of the stacks' count (say, one a picture shows without saying which); areas already
complete count as paid, as they would be in play. Tiles not named anywhere are set aside (solo:
out of the game). A token lies only on a hole over the treasure printed there (the treasure
under the hole). A path is empty only once the forest and the set-aside tiles have run out
(2-4 players): it empties only when its last tile is taken and is refilled at once, so an empty
path beside a forest never drawn from is refused.

The component data is illustrative, so a board side and the animal shapes may be given as data,
checked as the data files are (components.check_side, components.check_animals).

Fields (all optional):
  layouts       board side per player: "1A" .. "6B" (one side of a different board each), or
                a side given as data: {"name": ..., "treasures": [9 rows of 8 of . B N M F],
                "areas": [[x, y, 4, 3] x 6] (default 2 across, 3 down), "board": 1-6 and
                "side": "A"/"B" (both optional; if given, no other player has that board)}
  boards        one picture (9 strings) per player
  paths         leaf tile names per player, the first next to the backpack (at most 6;
                default 2-4 players: a set-up path each, from the lowest-numbered tiles left)
  forest        tile names from the one next to the bush (2-4 players; at most `forest_size`;
                more than 6 while set-aside tiles remain, as a low forest is topped up at once;
                default: the last `forest_size` set-aside tiles, as a top-up lays them out)
  set_aside     tile names drawn from the end (2-4 players; default: every tile not named)
  backpacks     per player {"berry": n, "nut": n, "mushroom": n, "feather": n}
  animals       animal shapes as data, in place of the engine's: {"fox": [[0, 0], [1, 0],
                [0, 1], [1, 1]], ...} or {"owl": {"cells": [...], "count": 5}}; the kinds
                keep their names and tokens, and the whole set is checked as animals.json is
                (hedgehog and fox 4 cells, 20 tiles, ...)
  animals_left  {"fox": 0, ...}: tiles still in the stacks (default: all)
  squirrels_left  squirrels still in the supply, 0-32 (default: 32 minus the boards' s cells)
  stand_ins     stand-ins used since the 32 ran out (only with squirrels_left 0; default: the
                boards' s cells beyond 32)
  turn, start_player, tile_done, animal_done, seed, options
  solo only: upper, lower (at most 5 each), track (12 places: spaces 10..1 and the two beside
  the mushroom space; None or "" for an empty place), solo_turn (1-10)

`position_data(state)` gives these fields for a position between moves, so that
`GAME.position_from(data)` (as a dict, JSON text or TOML text) rebuilds it.
"""
from __future__ import annotations

from ..core import PositionError
from . import components as C
from .board import Floor, area_masks, picture, printed_treasure
from .geometry import bit
from .moves import animal_by_cell, warm
from ..messages import N, T, player_name
from .actions import path_name
from .state import FOREST_LOW, IndianSummerState

FIELDS = {"turn", "start_player", "layouts", "boards", "paths", "forest", "set_aside",
          "backpacks", "animals", "animals_left", "squirrels_left", "stand_ins", "tile_done",
          "animal_done", "upper", "lower", "track", "solo_turn", "options", "seed"}
SIDE_KEYS = {"name", "board", "side", "width", "height", "areas", "treasures"}
GRID = [[x, y, C.AREA_W, C.AREA_H] for y in range(0, C.HEIGHT, C.AREA_H)
        for x in range(0, C.WIDTH, C.AREA_W)]          # areas 2 across and 3 down
SOLO_FIELDS = ("upper", "lower", "track", "solo_turn")
TOKEN_LETTERS = {k.lower(): v for k, v in C.TREASURE_LETTERS.items()}
SOLO_ROW = 5          # tiles in the upper and in the lower path at set-up
TRACK_PLACES = 12


def _whole(value) -> bool:
    return type(value) is int


def _floor(rows, layout: int, field: str) -> tuple[Floor, int]:
    """The floor a picture shows, and the mask of its animal cells with no tile named (x)."""
    if (not isinstance(rows, (list, tuple)) or len(rows) != C.HEIGHT
            or not all(isinstance(r, str) and len(r) == C.WIDTH for r in rows)):
        raise PositionError(field, T("a board is {rows} rows of {width} characters",
                                     rows=C.HEIGHT, width=C.WIDTH))
    covered = holes = animal = unnamed = 0
    tokens, squirrels = [], []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            b = bit((x, y))
            if ch in ".BNMF":
                continue
            if ch not in "#osaxbnmf":
                raise PositionError(field, T("unknown character {char} at {cell}",
                                             char=repr(ch), cell=str((x, y))))
            covered |= b
            if ch in "oaxbnmf":
                holes |= b
            if ch in "ax":
                animal |= b
            if ch == "x":
                unnamed |= b
            if ch == "s":
                squirrels.append((x, y))
            if ch in TOKEN_LETTERS:
                kind = TOKEN_LETTERS[ch]
                printed = printed_treasure(layout, (x, y))
                if printed != kind:
                    raise PositionError(field, T(
                        "a {token} token at {cell}: board side {side} prints {printed} there, "
                        "and a token shows the treasure printed under its hole",
                        token=C.token_name(kind), cell=str((x, y)),
                        side=C.ALL_LAYOUTS[layout].name,
                        printed=C.a_token(printed) if printed else T("nothing (bare earth)")))
                tokens.append(((x, y), kind))
    paid = frozenset(i for i, m in enumerate(area_masks(layout)) if m & ~covered == 0)
    for cell, _ in tokens:
        if any(bit(cell) & area_masks(layout)[i] for i in paid):
            raise PositionError(field, T("a token at {cell} lies in a completed area, whose "
                                         "tokens were already paid out", cell=str(cell)))
    return Floor(layout, covered, holes, tuple(sorted(tokens)), (), tuple(squirrels), (),
                 animal, paid), unnamed


def _tiles(names, field: str, used: set) -> tuple[int, ...]:
    if not isinstance(names, (list, tuple)):
        raise PositionError(field, T("a list of leaf tile names is expected"))
    out = []
    for n in names:
        try:
            t = C.tile_id(n)
        except ValueError as exc:
            raise PositionError(field, exc.args[0]) from None
        if t in used:
            raise PositionError(field, T("{tile} is named twice", tile=n))
        used.add(t)
        out.append(t)
    return tuple(out)


def _per_player(value, players: int, field: str) -> list:
    if not isinstance(value, (list, tuple)) or len(value) != players:
        raise PositionError(field, T("one entry per player ({players}) is expected",
                                     players=players))
    return list(value)


def _cell_lists(value):
    """Cells written as tuples (from Python) read as the lists a data file has."""
    if isinstance(value, (list, tuple)):
        return [list(v) if isinstance(v, tuple) else v for v in value]
    return value


def _side(data, p: int) -> int:
    """A board side given as data, checked as the data file's sides are (components.check_side);
    areas default to the usual 2 across and 3 down."""
    extra = sorted(map(str, set(data) - SIDE_KEYS))
    if extra:
        raise PositionError("layouts", T("{player}: a board side given as data has {keys}, "
                                         "not {key}", player=player_name(p),
                                         keys=tuple(sorted(SIDE_KEYS)), key=repr(extra[0])))
    side = {"name": "given", "width": C.WIDTH, "height": C.HEIGHT, "areas": GRID, **data}
    side["areas"] = _cell_lists(side["areas"])
    try:
        return C.layout_index(C.check_side(side, player_name(p), numbered=False))
    except C.DataError as exc:
        raise PositionError("layouts", exc.args[0]) from None


def _layouts(names, players: int) -> list[int]:
    layouts, boards = [], set()
    for p, n in enumerate(_per_player(names, players, "layouts")):
        if isinstance(n, dict):
            layout = _side(n, p)
        elif isinstance(n, str) and n in C.LAYOUT_BY_NAME:
            layout = C.LAYOUT_BY_NAME[n]
        else:
            raise PositionError("layouts", T("{side} is not a board side (1A .. 6B) nor a side "
                                             "given as data (a table of name, areas, treasures)",
                                             side=repr(n)))
        board = C.ALL_LAYOUTS[layout].board
        if board is not None and board in boards:
            raise PositionError("layouts", T("board {board} is named twice: each player takes a "
                                             "different board (either side)", board=board))
        boards.add(board)
        layouts.append(layout)
    return layouts


def _kinds(shapes) -> tuple[int, ...]:
    """The animal kinds of the position: the game's, with the shapes (and stack sizes) given
    as data in their place, checked as the data file is (components.check_animals)."""
    if not isinstance(shapes, dict) or set(shapes) - set(C.ANIMAL_BY_NAME):
        raise PositionError("animals", T("a table of animal kind -> cells (or -> cells and "
                                         "count); kinds: {kinds}",
                                         kinds=tuple(C.ANIMAL_BY_NAME)))
    kinds = [C.kind_data(k) for k in C.ANIMALS]
    for name, given in shapes.items():
        if isinstance(given, dict) and given and set(given) <= {"cells", "count"}:
            given = dict(given)
        elif isinstance(given, (list, tuple)):
            given = {"cells": given}
        else:
            raise PositionError("animals", T("{name}: its cells [[x, y], ...], or a table of "
                                             "cells and count", name=name))
        if "cells" in given:
            given["cells"] = _cell_lists(given["cells"])
        kinds[C.ANIMAL_BY_NAME[name]].update(given)
    try:
        checked = C.check_animals({"kinds": kinds}, "animals")
    except C.DataError as exc:
        raise PositionError("animals", T("{entry}: {why}", entry=exc.entry, why=exc.why)
                            if exc.file == "animals" else exc.args[0]) from None
    return tuple(C.kind_index(k) for k in checked)


def _place_animals(floors: list[Floor], unnamed: list[int], kinds: tuple[int, ...],
                   left: tuple[int, ...]) -> list[Floor]:
    """Lay the animal tiles taken from the stacks exactly on the boards' animal cells (a; so
    that a view can draw them); PositionError if they do not cover those cells exactly."""
    shapes = [C.ALL_KINDS[k] for k in kinds]
    taken = [k.count - n for k, n in zip(shapes, left)]
    need = sum(n * len(k.cells) for n, k in zip(taken, shapes))
    masks = [f.animal_mask & ~x for f, x in zip(floors, unnamed)]
    shown = sum(m.bit_count() for m in masks)
    if need != shown:
        names_ = tuple(T("{count} {animal}", count=n, animal=C.animal_name(k.name))
                       for n, k in zip(taken, shapes) if n) or T("none")
        raise PositionError("animals_left", N(
            "the animal tiles taken ({animals}) cover {cells}; the boards show {n} animal cell "
            "(a; x marks an animal whose tile is not named)",
            "the animal tiles taken ({animals}) cover {cells}; the boards show {n} animal cells "
            "(a; x marks an animal whose tile is not named)",
            shown, animals=names_, cells=N("{n} cell", "{n} cells", need)))
    laid: list[list] = [[] for _ in floors]

    def cover() -> bool:
        p = next((i for i, m in enumerate(masks) if m), None)
        if p is None:
            return not any(taken)
        low = masks[p] & -masks[p]
        for stack, kind in enumerate(kinds):
            if not taken[stack]:
                continue
            for m, action in animal_by_cell(kind).get(low, ()):
                if m & masks[p] == m:
                    masks[p] ^= m
                    taken[stack] -= 1
                    laid[p].append((kind,) + tuple(action)[1:])
                    if cover():
                        return True
                    laid[p].pop()
                    taken[stack] += 1
                    masks[p] ^= m
        return False

    if not cover():
        raise PositionError("boards", T("the animal cells (a) are not exactly the shapes of "
                                        "the animal tiles taken (animals_left)"))
    return [f._replace(animals=tuple(a)) for f, a in zip(floors, laid)]


def _backpacks(value, players: int) -> tuple:
    bags = []
    for bag in _per_player(value, players, "backpacks"):
        if not isinstance(bag, dict) or set(bag) - set(C.TOKENS):
            raise PositionError("backpacks", T("a backpack is a dict of {tokens}",
                                               tokens=C.TOKENS))
        for k, n in bag.items():
            if not _whole(n) or n < 0:
                raise PositionError("backpacks", T("{token}: a count of tokens is a whole "
                                                   "number of at least 0, not {count}",
                                                   token=k, count=repr(n)))
        bags.append(tuple(bag.get(k, 0) for k in C.TOKENS))
    return tuple(bags)


def _animals_left(left, kinds: tuple[int, ...]) -> tuple[int, ...]:
    if not isinstance(left, dict) or set(left) - set(C.ANIMAL_BY_NAME):
        raise PositionError("animals_left", T("a dict of animal kinds: {kinds}",
                                              kinds=tuple(C.ANIMAL_BY_NAME)))
    shapes = [C.ALL_KINDS[k] for k in kinds]
    for k in shapes:
        n = left.get(k.name, k.count)
        if not _whole(n) or not 0 <= n <= k.count:
            raise PositionError("animals_left", N(
                "{name}: the game has {n} {animal} tile; left must be 0-{n}, not {left}",
                "{name}: the game has {n} {animal} tiles; left must be 0-{n}, not {left}",
                k.count, name=k.name, animal=C.animal_name(k.name), left=repr(n)))
    return tuple(left.get(k.name, k.count) for k in shapes)


def _squirrels(s: IndianSummerState, fields: dict) -> int:
    """How many squirrels (and stand-ins) have left the supply: by default those on the boards
    (32 at most, the rest stand-ins); `squirrels_left` says so when a board shows fewer, e.g.
    covered cells drawn as # that are squirrels."""
    shown = sum(len(f.squirrels) for f in s.floors)
    left = fields.get("squirrels_left", max(0, C.SQUIRRELS - shown))
    if not _whole(left) or not 0 <= left <= C.SQUIRRELS:
        raise PositionError("squirrels_left", T("the game has {all} squirrels; left must be "
                                                "0-{all}, not {left}", all=C.SQUIRRELS,
                                                left=repr(left)))
    stand_ins = fields.get("stand_ins", 0 if left else max(0, shown - C.SQUIRRELS))
    if not _whole(stand_ins) or stand_ins < 0:
        raise PositionError("stand_ins", T("a count of stand-ins is a whole number of at least "
                                           "0, not {count}", count=repr(stand_ins)))
    if stand_ins and left:
        raise PositionError("stand_ins", N("stand-ins replace squirrels only once the {all} "
                                           "are used up, and {n} squirrel are left "
                                           "(squirrels_left)",
                                           "stand-ins replace squirrels only once the {all} "
                                           "are used up, and {n} squirrels are left "
                                           "(squirrels_left)", left, all=C.SQUIRRELS))
    used = C.SQUIRRELS - left + stand_ins
    if shown > used:
        field = "stand_ins" if "stand_ins" in fields else "squirrels_left"
        raise PositionError(field, N("the boards show {n} squirrel, more than the {taken} "
                                     "taken from the supply and {stand_ins}",
                                     "the boards show {n} squirrels, more than the {taken} "
                                     "taken from the supply and {stand_ins}", shown,
                                     taken=C.SQUIRRELS - left,
                                     stand_ins=N("{n} stand-in", "{n} stand-ins", stand_ins)))
    return used


def _solo(s: IndianSummerState, fields: dict, used: set) -> None:
    for name in ("forest", "set_aside"):
        if fields.get(name):
            raise PositionError(name, T("the solo game has no forest and no set-aside tiles"))
    s.upper = _tiles(fields.get("upper", []), "upper", used)
    s.lower = _tiles(fields.get("lower", []), "lower", used)
    for name in ("upper", "lower"):
        if len(getattr(s, name)) > SOLO_ROW:
            raise PositionError(name, T("the {path} path starts with {n} tiles and never gains "
                                        "any", path=path_name(name), n=SOLO_ROW))
    track = fields.get("track", [None] * TRACK_PLACES)
    if not isinstance(track, (list, tuple)) or len(track) != TRACK_PLACES:
        raise PositionError("track", T("12 places: spaces 10..1 and the two beside the "
                                       "mushroom (None or \"\" for an empty place)"))
    s.track = tuple(None if n in (None, "") else _tiles([n], "track", used)[0] for n in track)
    s.solo_turn = fields.get("solo_turn", 1)
    if not _whole(s.solo_turn) or s.solo_turn not in range(1, C.SOLO.turns + 1):
        raise PositionError("solo_turn", T("a solo game has turns 1-{turns}, not {turn}",
                                           turns=C.SOLO.turns, turn=repr(s.solo_turn)))


def _deal_paths(players: int, used: set) -> tuple:
    """Paths not named: each player's path as set up (green, green, yellow, yellow, red), from
    the lowest-numbered tiles named nowhere else."""
    free = {colour: [t for t in range(C.TILE_COUNT)
                     if C.LEAVES[t].colour == colour and t not in used]
            for colour in C.COLOURS}
    paths = []
    for _ in range(players):
        path = tuple(free[colour].pop(0) for colour in C.PATH_COLOURS if free[colour])
        used.update(path)
        paths.append(path)
    return tuple(paths)


def _leaf_tiles(s: IndianSummerState, fields: dict, floors: list[Floor]) -> None:
    """Paths, forest, set-aside (solo: paths and track): every tile once, and no more tiles
    than the game has, counting one tile laid per hole on the boards."""
    used: set[int] = set()
    players = s.players
    dealt = not s.solo and "paths" not in fields
    if not dealt:
        s.paths = tuple(_tiles(path, "paths", used) for path in
                        _per_player(fields.get("paths", [[]] * players), players, "paths"))
    if any(len(path) > C.PATH_MAX for path in s.paths):
        raise PositionError("paths", T("a path never holds more than {n} tiles", n=C.PATH_MAX))
    if s.solo:
        _solo(s, fields, used)
    else:
        s.forest = _tiles(fields.get("forest", []), "forest", used)
        if len(s.forest) > s.options["forest_size"]:
            raise PositionError("forest", T("the forest is laid out with {n} tiles (option "
                                            "forest_size) and only ever topped up to that",
                                            n=s.options['forest_size']))
        if "set_aside" in fields:
            s.set_aside = _tiles(fields["set_aside"], "set_aside", used)
    if dealt:
        s.paths = _deal_paths(players, used)
    on_boards = sum(f.holes.bit_count() for f in floors)    # one hole per leaf tile laid
    in_game = C.SOLO.tiles_per_game if s.solo else C.TILE_COUNT
    if len(used) > in_game:
        counts = [("paths", len(s.paths[0])), ("upper", len(s.upper)),
                  ("lower", len(s.lower)), ("track", sum(t is not None for t in s.track))]
        over = next(n for i, (n, _) in enumerate(counts)       # the field that goes beyond
                    if sum(c for _, c in counts[:i + 1]) > in_game)
        raise PositionError(over, T("the solo game is played with {n} leaf tiles, not {used}",
                                    n=in_game, used=len(used)))
    if len(used) + on_boards > in_game:
        raise PositionError("boards", N("{n} leaf hole on the boards mean as many tiles laid; "
                                        "with the {named} tiles named that is more than the "
                                        "{all} of the game",
                                        "{n} leaf holes on the boards mean as many tiles laid; "
                                        "with the {named} tiles named that is more than the "
                                        "{all} of the game", on_boards, named=len(used),
                                        all=in_game))
    rest = tuple(t for t in range(C.TILE_COUNT) if t not in used)
    if not s.solo and "set_aside" not in fields:
        # the tiles laid on the boards (as many as holes) are no longer set aside
        s.box, s.set_aside = rest[:on_boards], rest[on_boards:]
    else:
        s.box = rest
    if not s.solo:
        _forest_and_empty_paths(s, "forest" in fields)


def _forest_and_empty_paths(s: IndianSummerState, named: bool) -> None:
    """The forest as play leaves it: a forest not named is laid out from the set-aside tiles as
    a top-up does (their last `forest_size`); a forest of 6 or fewer has been topped up unless
    the set-aside tiles are gone; an empty path has been refilled unless the forest is too."""
    if not named:
        n = min(len(s.set_aside), s.options["forest_size"])
        s.forest, s.set_aside = (s.set_aside[len(s.set_aside) - n:],
                                 s.set_aside[:len(s.set_aside) - n])
    if s.set_aside and len(s.forest) <= FOREST_LOW:
        raise PositionError("forest", N("a forest of {n} tile with {aside} still set aside: "
                                        "at {low} or fewer it is topped up from the set-aside "
                                        "tiles at once",
                                        "a forest of {n} tiles with {aside} still set aside: "
                                        "at {low} or fewer it is topped up from the set-aside "
                                        "tiles at once", len(s.forest),
                                        aside=N("{n} tile", "{n} tiles", len(s.set_aside)),
                                        low=FOREST_LOW))
    left = len(s.forest) + len(s.set_aside)
    for p, path in enumerate(s.paths):
        if not path and left:
            # no between-moves position has one: the path is refilled in the same tile action
            # that empties it (a mushroom refills the robbed path at once too)
            if named:
                raise PositionError("paths", N(
                    "{player}'s path is empty while {n} tile remain in the forest and set aside: "
                    "a path empties only when its last tile is taken, and is then refilled to 5 "
                    "from the forest at once; name its tiles, or give forest = [] and set_aside "
                    "= [] if the tiles have run out",
                    "{player}'s path is empty while {n} tiles remain in the forest and set aside: "
                    "a path empties only when its last tile is taken, and is then refilled to 5 "
                    "from the forest at once; name its tiles, or give forest = [] and set_aside "
                    "= [] if the tiles have run out", left, player=player_name(p)))
            raise PositionError("paths", N(
                "{player}'s path is empty while the forest, as laid out at set-up and never "
                "drawn from (no forest given), holds {n} tile remain in the forest and set "
                "aside: a path empties only when its last tile is taken, and is then refilled to "
                "5 from the forest at once; name its tiles, or give forest = [] and set_aside = "
                "[] if the tiles have run out",
                "{player}'s path is empty while the forest, as laid out at set-up and never "
                "drawn from (no forest given), holds {n} tiles remain in the forest and set "
                "aside: a path empties only when its last tile is taken, and is then refilled to "
                "5 from the forest at once; name its tiles, or give forest = [] and set_aside = "
                "[] if the tiles have run out", left, player=player_name(p)))


def position(game, players: int = 2, **fields) -> IndianSummerState:
    """A position of `game` (Indian Summer's Game) where `turn` is about to act (see the module
    docstring for the fields)."""
    warm()
    unknown = sorted(set(fields) - FIELDS)
    if unknown:
        raise PositionError(unknown[0], T("unknown field; fields: {fields}",
                                          fields=tuple(sorted(FIELDS))))
    options = fields.get("options", {})
    if not isinstance(options, dict):
        raise PositionError("options", T("options are a table of option -> value"))
    seed = fields.get("seed", 0)
    if not _whole(seed):
        raise PositionError("seed", T("seed must be a whole number, not {seed}", seed=repr(seed)))
    try:
        players, seed, chosen = game.check_setup(players, seed, dict(options))
    except ValueError as exc:
        wrong = "players" if str(exc).startswith(f"{game.title} is played by") else "options"
        raise PositionError(wrong, exc.args[0] if exc.args else str(exc)) from None
    solo = players == 1
    if not solo:
        for name in SOLO_FIELDS:
            if name in fields:
                raise PositionError(name, T("a field of the solo game only"))
    s = IndianSummerState(game, players, seed, chosen)
    layouts = _layouts(fields.get("layouts", [f"{p + 1}A" for p in range(players)]), players)
    boards = fields.get("boards", [["." * C.WIDTH] * C.HEIGHT] * players)
    floors, unnamed = zip(*(_floor(rows, layouts[p], "boards")
                            for p, rows in enumerate(_per_player(boards, players, "boards"))))
    _leaf_tiles(s, fields, floors)
    s.backpacks = _backpacks(fields.get("backpacks", [{}] * players), players)
    kinds = _kinds(fields["animals"]) if "animals" in fields else C.GAME_KINDS
    s.kinds = kinds
    s.animals_left = _animals_left(fields.get("animals_left", {}), kinds)
    s.animal_tokens = tuple(C.ALL_KINDS[k].token if s.animals_left[i] == C.ALL_KINDS[k].count
                            else None for i, k in enumerate(kinds))
    s.floors = tuple(_place_animals(list(floors), list(unnamed), kinds, s.animals_left))
    s.squirrels_used = _squirrels(s, fields)
    for kind in C.TOKENS:
        if s.supply(kind) < 0:
            raise PositionError("backpacks", T("more {token} tokens than the {n} of the game",
                                               token=C.token_name(kind), n=C.TOKEN_SUPPLY[kind]))
    start = fields.get("start_player", chosen["start_player"])
    turn = fields.get("turn", start)
    for name, value in (("start_player", start), ("turn", turn)):
        if not _whole(value) or value not in range(players):
            raise PositionError(name, T("a player 0..{last}, not {value}", last=players - 1,
                                        value=repr(value)))
    s.options["start_player"] = start
    s.turn, s.start_player, s.phase = turn, start, "turn"
    for name in ("tile_done", "animal_done"):
        value = fields.get(name, False)
        if not isinstance(value, bool):
            raise PositionError(name, T("true or false, not {value}", value=repr(value)))
        setattr(s, name, value)
    full = [p for p in range(players) if s.floors[p].full]
    s.ending = bool(full) and not solo
    late = [q for q in full                      # full boards of players still to come
            if q != turn and (q - start) % players > (turn - start) % players]
    if not solo and late:
        # a board fills only in its owner's turn; the round then ends before the start player
        raise PositionError("turn", T("{player}'s board is full, yet {player} plays after "
                                      "{other} in this round: the game would already be over",
                                      player=player_name(late[0]), other=player_name(turn)))
    if solo and not s.paths[0] and (s.upper or s.lower):
        s.phase = "refill"           # an empty solo path is refilled before anything else
    if not s.legal_actions():
        raise PositionError("turn", T("{player} would have no legal action, yet the game is "
                                      "not over", player=player_name(turn)))
    return s


# ----------------------------------------------------------------------------- back to data

def position_data(state: IndianSummerState) -> dict:
    """The fields of a position between moves (with `game` and `players`), as JSON/TOML-safe
    data that `GAME.position_from` turns back into a position with the same legal actions
    and score. Leaf shapes already laid are not kept: the boards keep what they cover."""
    if state.viewer is not None:
        raise ValueError("one player's view hides tiles: use the full state")
    if state.phase not in ("turn", "refill") or state.is_over:
        raise ValueError("only a position where a player is about to act can be written "
                         "(not while taken tiles wait to be laid, nor after the end)")
    names = lambda tiles: [C.tile_name(t) for t in tiles]    # noqa: E731
    data = {"game": state.game.name, "players": state.players, "seed": state.seed,
            "options": dict(state.options), "turn": state.turn,
            "start_player": state.start_player,
            "layouts": [C.ALL_LAYOUTS[f.layout].name if f.layout < len(C.LAYOUTS)
                        else C.side_data(C.ALL_LAYOUTS[f.layout]) for f in state.floors],
            "boards": [picture(f) for f in state.floors],
            "paths": [names(p) for p in state.paths],
            "backpacks": [state.tokens(p) for p in range(state.players)],
            "animals_left": {k.name: n for k, n in zip(C.ANIMALS, state.animals_left)},
            "squirrels_left": state.squirrel_supply,
            "tile_done": state.tile_done, "animal_done": state.animal_done}
    kinds = getattr(state, "kinds", C.GAME_KINDS)
    if kinds != C.GAME_KINDS:
        data["animals"] = {}
        for game_kind, k in zip(C.ANIMALS, kinds):
            kind = C.ALL_KINDS[k]
            if kind.cells != game_kind.cells or kind.count != game_kind.count:
                data["animals"][kind.name] = {"cells": [list(c) for c in kind.cells],
                                              "count": kind.count}
    if state.squirrels_used > C.SQUIRRELS:
        data["stand_ins"] = state.squirrels_used - C.SQUIRRELS
    if state.solo:
        data.update(upper=names(state.upper), lower=names(state.lower),
                    track=["" if t is None else C.tile_name(t) for t in state.track],
                    solo_turn=state.solo_turn)
    else:
        data.update(forest=names(state.forest), set_aside=names(state.set_aside))
    return data


def fields_from_data(data: dict) -> dict:
    """Data read from JSON or TOML -> keyword fields (TOML has no null: "" is an empty track
    place)."""
    fields = dict(data)
    if isinstance(fields.get("track"), list):
        fields["track"] = [None if t == "" else t for t in fields["track"]]
    return fields
