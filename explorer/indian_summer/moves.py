"""Placements as precomputed tables: for each leaf tile and animal, every way to lay it on an empty
board with its bitmask and its action, built once. Legal placements on a real board are then the
table entries whose mask misses the covered cells.
"""
from __future__ import annotations

from functools import lru_cache

from . import components as C
from .actions import Animal, Nut, Place, Squirrel
from .geometry import CELLS, neighbours_mask, orientations, placements

_new = tuple.__new__
SQUIRREL_MOVES = tuple(_new(Squirrel, c) for c in CELLS)
NUT_MOVES = tuple(_new(Nut, c) for c in CELLS)


@lru_cache(maxsize=None)
def leaf_table(tile: int) -> tuple:
    """(mask, hole bit, Place action) for every placement of a leaf tile on an empty board."""
    leaf = C.LEAVES[tile]
    return tuple((m, h, _new(Place, (leaf.name, o, x, y)))
                 for o, x, y, m, h in placements(leaf.cells, leaf.hole))


@lru_cache(maxsize=None)
def animal_table(kind: int) -> tuple:
    """(mask, Animal action) for every placement of an animal kind on an empty board."""
    animal = C.ANIMALS[kind]
    return tuple((m, _new(Animal, (animal.name, o, x, y)))
                 for o, x, y, m, _ in placements(animal.cells, None))


def cells_moves(moves: tuple, empty: int) -> list:
    """Squirrel (or nut) moves on the empty cells of a mask, in reading order."""
    out = []
    while empty:
        low = empty & -empty
        out.append(moves[low.bit_length() - 1])
        empty ^= low
    return out


def fits(tile: int, covered: int) -> bool:
    return any(not m & covered for m, _, _ in leaf_table(tile))


def leaf_moves(tile: int, covered: int) -> list:
    return [a for m, _, a in leaf_table(tile) if not m & covered]


def pair_fits(a: int, b: int, covered: int) -> bool:
    """Whether two leaf tiles can both be laid (disjointly) on the board."""
    others = [m for m, _, _ in leaf_table(b) if not m & covered]
    if not others:
        return False
    for m, _, _ in leaf_table(a):
        if not m & covered:
            both = covered | m
            for o in others:
                if not o & both:
                    return True
    return False


def leaf_moves_leaving_room(tile: int, other: int, covered: int) -> list:
    """Placements of `tile` after which `other` still fits."""
    others = [m for m, _, _ in leaf_table(other) if not m & covered]
    out = []
    for m, _, a in leaf_table(tile):
        if not m & covered:
            both = covered | m
            for o in others:
                if not o & both:
                    out.append(a)
                    break
    return out


@lru_cache(maxsize=None)
def animal_by_cell(kind: int) -> dict:
    """An animal's placements grouped by their first cell (lowest bit)."""
    out: dict[int, list] = {}
    for m, a in animal_table(kind):
        out.setdefault(m & -m, []).append((m, a))
    return out


def animal_moves(kind: int, holes: int) -> list:
    """Placements of an animal lying wholly on the given (empty) holes. Every animal covers 2+
    cells, so only holes next to another hole can start one."""
    starts = holes & neighbours_mask(holes)
    table = animal_by_cell(kind)
    out = []
    while starts:
        low = starts & -starts
        starts ^= low
        out += [a for m, a in table.get(low, ()) if m & holes == m]
    return out


@lru_cache(maxsize=None)
def leaf_index(tile: int) -> dict:
    """(orientation, x, y) -> (mask, hole bit) of a leaf tile's placements."""
    return {tuple(a)[1:]: (m, h) for m, h, a in leaf_table(tile)}


def orientation_count(tile: int) -> int:
    leaf = C.LEAVES[tile]
    return len(orientations(leaf.cells, leaf.hole))


def warm() -> None:
    """Build every leaf table now (about 50 ms), so that no legal_actions() call pays for it."""
    for tile in range(C.TILE_COUNT):
        leaf_table(tile)
    for kind in range(len(C.ANIMALS)):
        animal_by_cell(kind)
