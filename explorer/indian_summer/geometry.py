"""Board geometry: cells (x, y) of the 8 x 9 forest floor, y growing downwards, as bitmasks.

Cell (x, y) is bit y * 8 + x of a Python int. Every shape is turned and flipped once, and every
placement of a shape on an empty board is computed once, so that finding the legal placements
on a board is one AND per placement, never a trial.
"""
from __future__ import annotations

from functools import lru_cache

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


@lru_cache(maxsize=None)
def _images(cells: tuple, hole) -> tuple:
    """(rotation, flipped, normal cells, normal hole) for all 8 ways to lay a shape."""
    out = []
    for flipped in (False, True):
        for rotation in range(4):
            turned = _turn(cells + (() if hole is None else (hole,)), rotation, flipped)
            shape = turned[:len(cells)]
            h = turned[len(cells)] if hole is not None else None
            out.append((rotation, flipped) + _normal(shape, h))
    return tuple(out)


@lru_cache(maxsize=None)
def orientations(cells: tuple, hole=None) -> tuple:
    """The distinct ways to lay a shape (turned and flipped), each as (cells, hole) with the
    top-left of its bounding box at (0, 0). A shape that looks alike two ways is listed once:
    the hole counts, so an I-tile with its hole in the middle has 2 orientations."""
    seen, out = set(), []
    for _, _, shape, h in _images(tuple(cells), hole):
        if (shape, h) not in seen:
            seen.add((shape, h))
            out.append((shape, h))
    return tuple(out)


def orientation_of(cells: tuple, hole, rotation: int, flipped: bool) -> int:
    """The orientation index of a shape turned clockwise `rotation` quarter turns after an
    optional flip (what a view's rotate and flip buttons produce)."""
    for r, f, shape, h in _images(tuple(cells), hole):
        if r == rotation % 4 and f == bool(flipped):
            return orientations(tuple(cells), hole).index((shape, h))
    raise ValueError("no such orientation")


def placed(cells: tuple, hole, orientation: int, x: int, y: int):
    """Cells (and the hole cell) covered by a shape in `orientation` with its bounding box's
    top-left at (x, y); None if the orientation does not exist."""
    table = orientations(tuple(cells), hole)
    if not 0 <= orientation < len(table):
        return None
    shape, h = table[orientation]
    covered = tuple((x + cx, y + cy) for cx, cy in shape)
    return covered, (None if h is None else (x + h[0], y + h[1]))


@lru_cache(maxsize=None)
def placements(cells: tuple, hole=None) -> tuple:
    """Every placement on an empty board: (orientation, x, y, mask, hole bit)."""
    out = []
    for o, (shape, h) in enumerate(orientations(tuple(cells), hole)):
        w = 1 + max(cx for cx, _ in shape)
        ht = 1 + max(cy for _, cy in shape)
        base = mask_of(shape)
        hbit = 0 if h is None else bit(h)
        for y in range(HEIGHT - ht + 1):
            for x in range(WIDTH - w + 1):
                shift = y * WIDTH + x
                out.append((o, x, y, base << shift, hbit << shift))
    return tuple(out)


LEFT_COLUMN = mask_of((0, y) for y in range(HEIGHT))
RIGHT_COLUMN = mask_of((WIDTH - 1, y) for y in range(HEIGHT))


def popcount(mask: int) -> int:
    return mask.bit_count()


def neighbours_mask(mask: int) -> int:
    """Cells edge-adjacent to a mask (on the board)."""
    return (((mask & ~RIGHT_COLUMN) << 1) | ((mask & ~LEFT_COLUMN) >> 1)
            | (mask << WIDTH) | (mask >> WIDTH)) & FULL
