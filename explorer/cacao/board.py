"""Board geometry: square cells (x, y), y growing downwards, sides N E S W.

The start tiles sit on (0, 0) and (1, 1), so jungle tiles always lie on cells with x + y even and
worker tiles on cells with x + y odd: that parity is the checkerboard of the rules.
"""
from __future__ import annotations

from functools import lru_cache

from ..frozen import FrozenMap  # noqa: F401  (the boards' map, named here too)

SIDES = ("N", "E", "S", "W")
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
START_CELLS = ((0, 0), (1, 1))  # single plantation, price-2 market: diagonal, corner to corner


def neighbour(cell: tuple[int, int], side: int) -> tuple[int, int]:
    dx, dy = STEPS[side]
    return (cell[0] + dx, cell[1] + dy)


@lru_cache(maxsize=4096)   # a game meets a few hundred cells
def neighbours(cell: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The edge-adjacent cells N E S W; remembered, as a turn asks for them a dozen times."""
    x, y = cell
    return ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))


OPPOSITE = (2, 3, 0, 1)   # OPPOSITE[side]: the side that faces it across an edge


def opposite(side: int) -> int:
    return OPPOSITE[side]


def frontier(jungle, workers) -> tuple[tuple[int, int], ...]:
    """Empty worker cells edge-adjacent to a jungle tile, sorted: where a tile may be placed."""
    return tuple(sorted({n for cell in jungle for n in neighbours(cell)}.difference(workers)))


def is_jungle_cell(cell: tuple[int, int]) -> bool:
    return (cell[0] + cell[1]) % 2 == 0
