"""Indian Summer components, loaded from the data files and checked against every known count.

The leaf shapes, hole positions, printed treasures, animal shapes and the solo board are not in
any rule text: the files in `data/` are an illustrative set that keeps every known count, and the
real components drop in by replacing them. Any file that breaks a count or a shape rule is refused
with a `DataError` naming the file and the entry.
"""
from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..messages import N, T

TOKENS = ("berry", "nut", "mushroom", "feather")          # lowest value first
TOKEN_SUPPLY = {"berry": 30, "nut": 24, "mushroom": 18, "feather": 8}
TREASURE_LETTERS = {"B": "berry", "N": "nut", "M": "mushroom", "F": "feather"}
SQUIRRELS = 32
COLOURS = {"green": (3, 17), "yellow": (4, 29), "red": (5, 29)}   # cells, tiles
TILE_COUNT = 75
BOARDS, SIDES = 6, ("A", "B")
WIDTH, HEIGHT = 8, 9
AREA_W, AREA_H, AREAS = 4, 3, 6
ANIMAL_TILES, ANIMAL_KINDS = 20, 7
CARRIERS = {"badger": "berry", "fox": "nut", "raccoon": "feather"}
ANIMAL_SIZES = {"hedgehog": 4, "fox": 4}     # cells (all holes), rule text lines 173-178
PATH_COLOURS = ("green", "green", "yellow", "yellow", "red")
PATH_SIZE, PATH_MAX = 5, 6
HIDDEN = -1
JSON = ".json"   # data files are <family>.json
ILLUSTRATIVE = True

Cell = tuple[int, int]


class DataError(ValueError):
    """A component data file that breaks a count or a shape rule: in which `file`, which
    `entry` and `why` (when known)."""

    def __init__(self, message, file=None, entry=None, why=None):
        super().__init__(message)
        self.file, self.entry, self.why = file, entry, why


@dataclass(frozen=True)
class LeafTile:
    id: int
    name: str
    colour: str
    cells: tuple[Cell, ...]
    hole: Cell


@dataclass(frozen=True)
class Layout:
    """One side of a forest-floor board: areas (sets of cells) and printed treasures."""
    name: str
    board: int | None        # None (and side None): a side given as data, with no number
    side: str | None
    areas: tuple[tuple[Cell, ...], ...]
    treasures: dict          # cell -> token kind


@dataclass(frozen=True)
class AnimalKind:
    name: str
    count: int
    token: str | None
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class SoloBoard:
    tiles_per_game: int
    piles: int
    turns: int
    upper_path: int
    lower_path: int
    player_path: int
    track: tuple[str, ...]
    points: dict


def _fail(file: str, entry: str, why: str):
    raise DataError(T("{file}: {entry}: {why}", file=file, entry=entry, why=why), file, entry,
                    why)


def _cells(raw, file: str, entry: str) -> tuple[Cell, ...]:
    if not isinstance(raw, list) or not raw:
        _fail(file, entry, T("cells must be a non-empty list of [x, y]"))
    out = []
    for c in raw:
        if (not isinstance(c, list) or len(c) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in c)):
            _fail(file, entry, T("a cell is [x, y] in whole numbers, not {cell}", cell=repr(c)))
        out.append((c[0], c[1]))
    if len(set(out)) != len(out):
        _fail(file, entry, T("a cell is listed twice"))
    return tuple(out)


def connected(cells) -> bool:
    """Whether cells form one piece through shared edges."""
    cells = set(cells)
    if not cells:
        return False
    seen, todo = set(), [next(iter(cells))]
    while todo:
        x, y = todo.pop()
        if (x, y) in seen:
            continue
        seen.add((x, y))
        todo += [n for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in cells]
    return seen == cells


def check_leaf_tiles(data: dict, file: str = "leaf_tiles" + JSON) -> tuple[LeafTile, ...]:
    tiles = data.get("tiles") if isinstance(data, dict) else None
    if not isinstance(tiles, list):
        _fail(file, "tiles", "a list of leaf tiles is missing")
    out, names = [], set()
    for i, t in enumerate(tiles):
        name = t.get("name") if isinstance(t, dict) else None
        entry = f"tile {name or i}"
        if not isinstance(name, str) or not name or name in names:
            _fail(file, entry, "every tile needs its own name")
        names.add(name)
        colour = t.get("colour")
        if colour not in COLOURS:
            _fail(file, entry, f"colour must be one of {', '.join(COLOURS)}, not {colour!r}")
        cells = _cells(t.get("cells"), file, entry)
        if len(cells) != COLOURS[colour][0]:
            _fail(file, entry, f"a {colour} tile has {COLOURS[colour][0]} cells, "
                               f"not {len(cells)}")
        if not connected(cells):
            _fail(file, entry, "the piece is disconnected")
        hole = _cells([t.get("hole")], file, entry)[0]
        if hole not in cells:
            _fail(file, entry, f"the hole {list(hole)} is outside the piece")
        out.append(LeafTile(i, name, colour, cells, hole))
    for colour, (_, count) in COLOURS.items():
        n = sum(1 for t in out if t.colour == colour)
        if n != count:
            _fail(file, "tiles", f"there are {count} {colour} tiles, not {n}")
    if len(out) != TILE_COUNT:
        _fail(file, "tiles", f"there are {TILE_COUNT} leaf tiles, not {len(out)}")
    return tuple(out)


def check_side(b, file: str = "player_boards" + JSON, entry: str | None = None,
               numbered: bool = True) -> Layout:
    """One board side as the data file gives it. `numbered`: board 1-6 and side A or B are
    required (the file); a side given as data in a position may leave them out."""
    name = b.get("name") if isinstance(b, dict) else None
    entry = entry or T("board {name}", name=name if isinstance(name, str) else repr(name))
    if not isinstance(name, str):
        _fail(file, entry, T("every board side needs its own name"))
    key = (b.get("board"), b.get("side"))
    if (numbered or key != (None, None)) and (key[0] not in range(1, BOARDS + 1)
                                             or key[1] not in SIDES):
        _fail(file, entry, T("board must be 1-{boards} and side A or B, once each",
                             boards=BOARDS))
    if (b.get("width"), b.get("height")) != (WIDTH, HEIGHT):
        _fail(file, entry, T("a board is {width} x {height} cells", width=WIDTH, height=HEIGHT))
    areas = b.get("areas")
    if not isinstance(areas, list) or len(areas) != AREAS:
        _fail(file, entry, T("a board has {areas} areas", areas=AREAS))
    covered: dict[Cell, int] = {}
    area_cells = []
    for a, rect in enumerate(areas):
        if (not isinstance(rect, list) or len(rect) != 4
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in rect)
                or rect[2:] != [AREA_W, AREA_H]):
            _fail(file, T("{entry} area {area}", entry=entry, area=a + 1),
                  T("an area is [x, y, {w}, {h}] ({w} wide, {h} tall)", w=AREA_W, h=AREA_H))
        x0, y0, w, h = rect
        cells = tuple((x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w))
        for c in cells:
            if not (0 <= c[0] < WIDTH and 0 <= c[1] < HEIGHT):
                _fail(file, T("{entry} area {area}", entry=entry, area=a + 1),
                      T("cell {cell} is off the board", cell=str(list(c))))
            if c in covered:
                _fail(file, T("{entry} area {area}", entry=entry, area=a + 1),
                      T("overlaps area {other} at {cell}", other=covered[c] + 1,
                        cell=str(list(c))))
            covered[c] = a
        area_cells.append(cells)
    rows = b.get("treasures")
    if (not isinstance(rows, list) or len(rows) != HEIGHT
            or not all(isinstance(r, str) and len(r) == WIDTH for r in rows)):
        _fail(file, entry, T("treasures are {rows} rows of {width} characters", rows=HEIGHT,
                             width=WIDTH))
    treasures = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == ".":
                continue
            if ch not in TREASURE_LETTERS:
                _fail(file, entry, T("unknown treasure {char} at {cell} (use . B N M F)",
                                     char=repr(ch), cell=str([x, y])))
            treasures[(x, y)] = TREASURE_LETTERS[ch]
    return Layout(name, key[0], key[1], tuple(area_cells), treasures)


def check_boards(data: dict, file: str = "player_boards" + JSON) -> tuple[Layout, ...]:
    boards = data.get("boards") if isinstance(data, dict) else None
    if not isinstance(boards, list):
        _fail(file, "boards", "a list of board sides is missing")
    out: list[Layout] = []
    for i, b in enumerate(boards):
        name = b.get("name") if isinstance(b, dict) else None
        entry = f"board {name or i}"
        if not isinstance(name, str) or name in {o.name for o in out}:
            _fail(file, entry, "every board side needs its own name")
        key = (b.get("board"), b.get("side"))
        if key in {(o.board, o.side) for o in out}:
            _fail(file, entry, f"board must be 1-{BOARDS} and side A or B, once each")
        out.append(check_side(b, file, entry))
    if len(out) != BOARDS * len(SIDES):
        _fail(file, "boards", f"{BOARDS} two-sided boards make {BOARDS * 2} sides, not {len(out)}")
    return tuple(out)


def check_animals(data: dict, file: str = "animals" + JSON) -> tuple[AnimalKind, ...]:
    kinds = data.get("kinds") if isinstance(data, dict) else None
    if not isinstance(kinds, list):
        _fail(file, "kinds", "a list of animal kinds is missing")
    out = []
    for i, k in enumerate(kinds):
        name = k.get("name") if isinstance(k, dict) else None
        entry = T("animal {name}", name=str(name or i))
        if not isinstance(name, str) or name in {o.name for o in out}:
            _fail(file, entry, T("every kind needs its own name"))
        count, token = k.get("count"), k.get("token")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            _fail(file, entry, T("count must be a whole number of at least 1"))
        if name in CARRIERS and (count, token) != (1, CARRIERS[name]):
            _fail(file, entry, T("the {animal} is unique and carries a {token} token",
                                 animal=animal_name(name), token=token_name(CARRIERS[name])))
        if name not in CARRIERS and token is not None:
            _fail(file, entry, T("only the badger, fox and raccoon carry a token"))
        cells = _cells(k.get("cells"), file, entry)
        if not connected(cells):
            _fail(file, entry, T("the piece is disconnected"))
        if name in ANIMAL_SIZES and len(cells) != ANIMAL_SIZES[name]:
            _fail(file, entry, T("the {animal} covers {n} cells, not {cells}",
                                 animal=animal_name(name), n=ANIMAL_SIZES[name],
                                 cells=len(cells)))
        out.append(AnimalKind(name, count, token, cells))
    missing = sorted(set(CARRIERS) - {k.name for k in out})
    if missing:
        _fail(file, "kinds", T("the {animal} is missing", animal=animal_name(missing[0])))
    if len(out) != ANIMAL_KINDS:
        _fail(file, "kinds", T("there are {n} kinds of animal, not {kinds}", n=ANIMAL_KINDS,
                               kinds=len(out)))
    total = sum(k.count for k in out)
    if total != ANIMAL_TILES:
        _fail(file, "kinds", T("there are {n} animal tiles, not {total}", n=ANIMAL_TILES,
                               total=total))
    return tuple(out)


def check_solo_board(data: dict, file: str = "solo_board" + JSON) -> SoloBoard:
    if not isinstance(data, dict):
        _fail(file, "board", "a JSON object is expected")
    want = {"tiles_per_game": 25, "piles": 3, "turns": 10, "upper_path": 5, "lower_path": 5,
            "player_path": 5}
    for key, value in want.items():
        if data.get(key) != value:
            _fail(file, key, f"must be {value}, not {data.get(key)!r}")
    track = data.get("track")
    numbers = [str(n) for n in range(10, 0, -1)]
    if (not isinstance(track, list) or track[:10] != numbers or track.count("mushroom") != 1
            or sorted(track[10:]) != ["empty", "empty", "mushroom"]
            or track[11] != "mushroom"):
        _fail(file, "track", "spaces 10..1, then an empty space, the mushroom space and an "
                             "empty space")
    points = data.get("points")
    if points != {"berry": 1, "nut": 2, "mushroom": 3, "feather": 4}:
        _fail(file, "points", "berry 1, nut 2, mushroom 3, feather 4")
    if sum(want[k] for k in ("upper_path", "lower_path", "player_path")) + 10 != 25:
        _fail(file, "track", "the paths and the 10 numbered spaces hold 25 tiles")
    return SoloBoard(25, 3, 10, 5, 5, 5, tuple(track), dict(points))


def load(name: str, folder: Path | None = None):
    """Read one data file (from the package, or from `folder` for tests)."""
    file = name + JSON
    try:
        if folder is None:
            text = resources.files(__package__).joinpath("data").joinpath(file).read_text("utf-8")
        else:
            text = (Path(folder) / file).read_text("utf-8")
        return json.loads(text)
    except (OSError, json.JSONDecodeError) as exc:
        raise DataError(f"{file}: cannot be read: {exc}") from None


def load_all(folder: Path | None = None) -> tuple:
    """All four component families, checked."""
    return (check_leaf_tiles(load("leaf_tiles", folder)),
            check_boards(load("player_boards", folder)),
            check_animals(load("animals", folder)),
            check_solo_board(load("solo_board", folder)))


LEAVES, LAYOUTS, ANIMALS, SOLO = load_all()
TILE_BY_NAME = {t.name: t.id for t in LEAVES}
LAYOUT_BY_NAME = {b.name: i for i, b in enumerate(LAYOUTS)}
ANIMAL_BY_NAME = {k.name: i for i, k in enumerate(ANIMALS)}

# A board side or an animal kind given as data in a hand-built position joins these tables at
# the end (once: equal data gets the same index), so that everything keyed by index (a Floor's
# layout, an animal's kind, the caches in board.py and moves.py) works for it unchanged.
# LAYOUTS and ANIMALS stay the game's own components, which set-up deals.
ALL_LAYOUTS: list[Layout] = list(LAYOUTS)
ALL_KINDS: list[AnimalKind] = list(ANIMALS)
GAME_KINDS = tuple(range(len(ANIMALS)))     # the kind of each animal stack in a set-up game
_TABLES = threading.Lock()


def _index(table: list, item) -> int:
    with _TABLES:
        for i, known in enumerate(table):
            if known == item:
                return i
        table.append(item)
        return len(table) - 1


def layout_index(layout: Layout) -> int:
    """The index of a board side in ALL_LAYOUTS, adding it if new."""
    return _index(ALL_LAYOUTS, layout)


def kind_index(kind: AnimalKind) -> int:
    """The index of an animal kind in ALL_KINDS, adding it if new."""
    return _index(ALL_KINDS, kind)


def side_data(layout: Layout) -> dict:
    """A board side as the data file writes it (check_side reads it back)."""
    letters = {v: k for k, v in TREASURE_LETTERS.items()}
    data = {"name": layout.name}
    if layout.board is not None:
        data.update(board=layout.board, side=layout.side)
    data.update(width=WIDTH, height=HEIGHT,
                areas=[[min(x for x, _ in a), min(y for _, y in a), AREA_W, AREA_H]
                       for a in layout.areas],
                treasures=["".join(letters.get(layout.treasures.get((x, y)), ".")
                                   for x in range(WIDTH)) for y in range(HEIGHT)])
    return data


def kind_data(kind: AnimalKind) -> dict:
    """An animal kind as the data file writes it (check_animals reads it back)."""
    return {"name": kind.name, "count": kind.count, "token": kind.token,
            "cells": [list(c) for c in kind.cells]}


# -- the components' names in the words of the game (ids above stay plain strings) ------------

TOKEN_NAMES = {"berry": T("berry"), "nut": T("nut"), "mushroom": T("mushroom"),
               "feather": T("feather")}
A_TOKEN = {"berry": T("a berry"), "nut": T("a nut"), "mushroom": T("a mushroom"),
           "feather": T("a feather")}
A_TOKEN_START = {"berry": T("A berry"), "nut": T("A nut"), "mushroom": T("A mushroom"),
                 "feather": T("A feather")}
COLOUR_NAMES = {"green": T("green"), "yellow": T("yellow"), "red": T("red")}
ANIMAL_NAMES = {"badger": T("badger"), "fox": T("fox"), "raccoon": T("raccoon"),
                "hedgehog": T("hedgehog"), "owl": T("owl"), "rabbit": T("rabbit"),
                "mouse": T("mouse")}


def token_name(kind: str):
    """A treasure token's kind in words ("berry")."""
    return TOKEN_NAMES.get(kind, kind) if isinstance(kind, str) else kind


def a_token(kind: str):
    """One treasure token in words ("a berry")."""
    return A_TOKEN.get(kind, kind) if isinstance(kind, str) else kind


def a_token_start(kind: str):
    """One treasure token in words, at the start of a sentence ("A berry")."""
    return A_TOKEN_START.get(kind, kind) if isinstance(kind, str) else kind


def token_count(kind: str, n: int):
    """`n` tokens of a kind in words ("1 berry", "2 berries")."""
    if kind == "berry":
        return N("{n} berry", "{n} berries", n)
    if kind == "nut":
        return N("{n} nut", "{n} nuts", n)
    if kind == "mushroom":
        return N("{n} mushroom", "{n} mushrooms", n)
    if kind == "feather":
        return N("{n} feather", "{n} feathers", n)
    return T("{n} {kind}", n=n, kind=kind)


def colour_name(colour: str):
    """A leaf tile's colour in words."""
    return COLOUR_NAMES.get(colour, colour) if isinstance(colour, str) else colour


def animal_name(name: str):
    """An animal kind in words ("fox")."""
    return ANIMAL_NAMES.get(name, name) if isinstance(name, str) else name


def tile_name(tile: int) -> str:
    return T("face-down tile") if tile == HIDDEN else LEAVES[tile].name


def tile_id(name) -> int:
    if not isinstance(name, str) or name not in TILE_BY_NAME:
        raise ValueError(T("{name} is not a leaf tile name like 'G01', 'Y12' or 'R29'",
                           name=repr(name)))
    return TILE_BY_NAME[name]


def names(tiles):
    """Tiles by name, as a template parameter (a list "G01, Y12"), or the word "none"."""
    return tuple(tile_name(t) for t in tiles) or T("none")
