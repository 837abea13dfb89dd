"""One player's forest floor: what lies on it, and pure questions about it (for engine and view).

A `Floor` is an immutable value; placing something returns a new one.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from . import components as C
from .geometry import FULL, bit, cells_of, mask_of, placed


class Floor(NamedTuple):
    layout: int                       # index into components.ALL_LAYOUTS
    covered: int = 0                  # mask of covered cells (leaves, holes, squirrels)
    holes: int = 0                    # mask of leaf holes
    tokens: tuple = ()                # sorted (cell, kind) of tokens lying on holes
    leaves: tuple = ()                # (tile, orientation, x, y) in the order placed
    squirrels: tuple = ()             # cells of squirrel tiles
    animals: tuple = ()               # (index into ALL_KINDS, orientation, x, y)
    animal_mask: int = 0              # holes under animals (tiles, or unnamed: x)
    paid: frozenset = frozenset()     # areas (indices) whose tokens went to the backpack

    @property
    def token_mask(self) -> int:
        return _token_mask(self.tokens)

    @property
    def empty(self) -> int:
        return FULL & ~self.covered

    @property
    def empty_cells(self) -> int:
        return self.empty.bit_count()

    @property
    def full(self) -> bool:
        return self.covered == FULL

    def token_at(self, cell):
        return dict(self.tokens).get(tuple(cell))


@lru_cache(maxsize=4096)
def _token_mask(tokens: tuple) -> int:
    """The cells of tokens, kept: asked at every decision, changed by a few steps a game."""
    return mask_of(c for c, _ in tokens)


@lru_cache(maxsize=None)
def area_masks(layout: int) -> tuple[int, ...]:
    return tuple(mask_of(a) for a in C.ALL_LAYOUTS[layout].areas)


def area_of(layout: int, cell) -> int:
    """The area (0-5) a cell belongs to."""
    b = bit(cell)
    return next(i for i, m in enumerate(area_masks(layout)) if m & b)


def complete_areas(floor: Floor) -> list[int]:
    """Areas whose 12 cells are all covered (holes count as covered)."""
    return [i for i, m in enumerate(area_masks(floor.layout)) if m & ~floor.covered == 0]


def printed_treasure(layout: int, cell):
    """The treasure printed on a cell of a board side, or None (earth)."""
    return C.ALL_LAYOUTS[layout].treasures.get(tuple(cell))


def empty_holes(floor: Floor) -> int:
    """Mask of holes with neither a token nor an animal on them: where animals may go."""
    return floor.holes & ~floor.token_mask & ~floor.animal_mask


def leaf_cells(tile: int, orientation: int, x: int, y: int):
    """(cells, hole cell) a leaf tile covers when laid so; None for an unknown orientation."""
    leaf = C.LEAVES[tile]
    return placed(leaf.cells, leaf.hole, orientation, x, y)


def animal_cells(kind: int, orientation: int, x: int, y: int):
    found = placed(C.ALL_KINDS[kind].cells, None, orientation, x, y)
    return None if found is None else found[0]


def treasure_under_hole(floor: Floor, tile: int, orientation: int, x: int, y: int):
    """The treasure a leaf laid so would show through its hole (None: earth or nothing)."""
    found = leaf_cells(tile, orientation, x, y)
    return None if found is None else printed_treasure(floor.layout, found[1])


def with_token(tokens: tuple, cell, kind: str) -> tuple:
    return tuple(sorted(tokens + ((tuple(cell), kind),)))


def picture(floor: Floor) -> list[str]:
    """A text picture: . empty (B N M F printed treasure), # covered, o empty hole,
    b n m f token on a hole, s squirrel, a animal, x an animal with no tile named."""
    rows = []
    tokens = dict(floor.tokens)
    squirrels = set(floor.squirrels)
    animal = set(cells_of(floor.animal_mask))
    unnamed = animal - {c for a in floor.animals for c in animal_cells(*a)}
    holes = set(cells_of(floor.holes))
    letters = {v: k for k, v in C.TREASURE_LETTERS.items()}
    for y in range(C.HEIGHT):
        row = ""
        for x in range(C.WIDTH):
            c = (x, y)
            if c in tokens:
                row += letters[tokens[c]].lower()
            elif c in unnamed:
                row += "x"
            elif c in animal:
                row += "a"
            elif c in holes:
                row += "o"
            elif c in squirrels:
                row += "s"
            elif floor.covered & bit(c):
                row += "#"
            else:
                row += letters.get(printed_treasure(floor.layout, c), ".")
        rows.append(row)
    return rows
