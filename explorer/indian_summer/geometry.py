"""Board geometry: cells (x, y) of the 8 x 9 forest floor, y growing downwards, as bitmasks.

Cell (x, y) is bit y * 8 + x of a Python int. Every shape is turned and flipped once; the
placements of one orientation on a board are found together, by shifting the free cells once
per cell of the shape (`fitting`), never by trying them one by one.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .components import HEIGHT, WIDTH

FULL = (1 << (WIDTH * HEIGHT)) - 1
CELLS = tuple((x, y) for y in range(HEIGHT) for x in range(WIDTH))


def bit(cell) -> int:
    return 1 << (cell[1] * WIDTH + cell[0])


def mask_of(cells) -> int:
    m = 0
    for c in cells:
        m |= bit(c)
    return m


def cells_of(mask: int) -> list[tuple[int, int]]:
    """The cells of a mask, in reading order."""
    out = []
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        out.append((i % WIDTH, i // WIDTH))
        mask ^= low
    return out


def on_board(cell) -> bool:
    return 0 <= cell[0] < WIDTH and 0 <= cell[1] < HEIGHT


def _turn(cells, rotation: int, flipped: bool):
    """Flip left-right (if asked), then turn clockwise `rotation` quarter turns."""
    out = [(-x, y) for x, y in cells] if flipped else list(cells)
    for _ in range(rotation % 4):
        out = [(-y, x) for x, y in out]
    return out


def _normal(cells, hole):
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    shifted = tuple(sorted((x - mx, y - my) for x, y in cells))
    return shifted, (None if hole is None else (hole[0] - mx, hole[1] - my))


def _image(cells: tuple, hole, rotation: int, flipped: bool):
    """(normal cells, normal hole) of a shape flipped (if asked), then turned."""
    turned = _turn(cells + (() if hole is None else (hole,)), rotation, flipped)
    return _normal(turned[:len(cells)], None if hole is None else turned[len(cells)])


@lru_cache(maxsize=None)
def orientations(cells: tuple, hole=None) -> tuple:
    """The distinct ways to lay a shape (turned and flipped), each as (cells, hole) with the
    top-left of its bounding box at (0, 0). A shape that looks alike two ways is listed once:
    the hole counts, so an I-tile with its hole in the middle has 2 orientations."""
    out = []
    for flipped in (False, True):
        for rotation in range(4):
            image = _image(tuple(cells), hole, rotation, flipped)
            if image not in out:
                out.append(image)
    return tuple(out)


def orientation_of(cells: tuple, hole, rotation: int, flipped: bool) -> int:
    """The orientation index of a shape turned clockwise `rotation` quarter turns after an
    optional flip (what a view's rotate and flip buttons produce)."""
    return orientations(tuple(cells), hole).index(_image(tuple(cells), hole, rotation % 4,
                                                         bool(flipped)))


def placed(cells: tuple, hole, orientation: int, x: int, y: int):
    """Cells (and the hole cell) covered by a shape in `orientation` with its bounding box's
    top-left at (x, y); None if the orientation does not exist."""
    table = orientations(tuple(cells), hole)
    if not 0 <= orientation < len(table):
        return None
    shape, h = table[orientation]
    covered = tuple((x + cx, y + cy) for cx, cy in shape)
    return covered, (None if h is None else (x + h[0], y + h[1]))


class Layout(NamedTuple):
    """One orientation of a shape, with its bounding box's top-left at (0, 0). A placement is
    this shifted left by the bit index s of the box's top-left cell."""
    offsets: tuple[int, ...]   # the bit index of each cell
    first: int                 # the lowest of them (the placement's first cell is bit s + first)
    mask: int                  # the cells
    hole: int                  # the hole's bit (0 if none)
    anchors: int               # bit s set for every top-left cell that keeps the shape on the board


@lru_cache(maxsize=None)
def layouts(cells: tuple, hole=None) -> tuple[Layout, ...]:
    """The `orientations` of a shape as Layouts. They stand for every placement on an empty
    board (a few ints per orientation instead of an int per placement)."""
    out = []
    for shape, h in orientations(tuple(cells), hole):
        w = 1 + max(cx for cx, _ in shape)
        ht = 1 + max(cy for _, cy in shape)
        offsets = tuple(cy * WIDTH + cx for cx, cy in shape)
        anchors = mask_of((x, y) for y in range(HEIGHT - ht + 1) for x in range(WIDTH - w + 1))
        out.append(Layout(offsets, min(offsets), mask_of(shape), 0 if h is None else bit(h),
                          anchors))
    return tuple(out)


def fitting(layout: Layout, free: int) -> int:
    """The anchors (bit s) where the layout lies wholly on `free` cells: one shift and AND per
    cell of the shape finds them all at once."""
    fit = layout.anchors
    for d in layout.offsets:
        fit &= free >> d
        if not fit:
            break
    return fit


LEFT_COLUMN = mask_of((0, y) for y in range(HEIGHT))
RIGHT_COLUMN = mask_of((WIDTH - 1, y) for y in range(HEIGHT))


def neighbours_mask(mask: int) -> int:
    """Cells edge-adjacent to a mask (on the board)."""
    return (((mask & ~RIGHT_COLUMN) << 1) | ((mask & ~LEFT_COLUMN) >> 1)
            | (mask << WIDTH) | (mask >> WIDTH)) & FULL
