"""Placements of leaf tiles and animals, found on the board at hand from each shape's few
`geometry.layouts` (a handful of ints per orientation) rather than from tables of every
placement, which took megabytes in every game page's kernel. An action is made only when a
placement is first read from the (lazy) list of legal moves (Place actions are then kept, see
`_place_actions`).
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from ..core import LazyActions
from . import components as C
from .actions import Animal, Nut, Place, Squirrel
from .components import HEIGHT, WIDTH
from .geometry import CELLS, FULL, fitting, layouts, neighbours_mask

_new = tuple.__new__
assert WIDTH == 8, "a board row is one byte of a mask"
_ROW_BITS = tuple(tuple(x for x in range(WIDTH) if row >> x & 1) for row in range(256))
"""The x of every set bit of a row byte: listing a mask's cells row by row (mask.to_bytes) is
much faster than peeling off its lowest bit one at a time."""
SQUIRREL_MOVES = tuple(_new(Squirrel, c) for c in CELLS)
NUT_MOVES = tuple(_new(Nut, c) for c in CELLS)


@lru_cache(maxsize=None)
def leaf_layouts(tile: int) -> tuple:
    leaf = C.LEAVES[tile]
    return layouts(leaf.cells, leaf.hole)


@lru_cache(maxsize=None)
def animal_layouts(kind: int) -> tuple:
    return layouts(C.ALL_KINDS[kind].cells, None)


class PlacementIndex(Mapping):
    """(orientation, x, y) -> (mask, hole bit) of a shape's placements on an empty board, as a
    read-only dict would give them, worked out when asked."""
    __slots__ = ("_layouts",)

    def __init__(self, shape_layouts: tuple):
        self._layouts = shape_layouts

    def __getitem__(self, key):
        try:
            o, x, y = key
            if 0 <= o < len(self._layouts) and 0 <= x < WIDTH and 0 <= y < HEIGHT:
                layout, s = self._layouts[o], y * WIDTH + x
                if layout.anchors >> s & 1:
                    return layout.mask << s, layout.hole << s
        except (TypeError, ValueError):   # not three whole numbers
            pass
        raise KeyError(key)

    def __iter__(self):
        for o, layout in enumerate(self._layouts):
            for s in _bits(layout.anchors):
                yield (o,) + CELLS[s]

    def __len__(self) -> int:
        return sum(layout.anchors.bit_count() for layout in self._layouts)


class AnimalsByCell(Mapping):
    """First cell (lowest bit) -> [(mask, Animal action)] of an animal kind's placements on an
    empty board that start there, in orientation order, as a read-only dict would give them."""
    __slots__ = ("_kind",)

    def __init__(self, kind: int):
        self._kind = kind

    def __getitem__(self, low):
        found = []
        if isinstance(low, int) and 0 < low <= FULL and not low & (low - 1):
            start = low.bit_length() - 1
            name = C.ALL_KINDS[self._kind].name
            for o, layout in enumerate(animal_layouts(self._kind)):
                s = start - layout.first
                if s >= 0 and layout.anchors >> s & 1:
                    found.append((layout.mask << s, _new(Animal, (name, o) + CELLS[s])))
        if not found:
            raise KeyError(low)
        return found

    def __iter__(self):
        starts = 0
        for layout in animal_layouts(self._kind):
            starts |= layout.anchors << layout.first
        return (1 << s for s in _bits(starts))

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _bits(mask: int):
    """The bit indexes of a mask, lowest first: for sparse masks (anchors, fits), where this
    beats reading every row byte as the dense listings do (`_ROW_BITS`)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _nth_bit(mask: int, n: int) -> int:
    """The bit index of the n-th (from 0) set bit of a mask, lowest first, found row by row."""
    s = 0
    for row in mask.to_bytes(HEIGHT, "little"):
        xs = _ROW_BITS[row]
        if n < len(xs):
            return s + xs[n]
        n -= len(xs)
        s += WIDTH
    raise IndexError(n)


class CellMoves(LazyActions):
    """Squirrel (or nut) moves on the empty cells of a mask, in reading order. Lazy: a turn
    offers one per empty cell, twice over, and a bot reads one."""
    __slots__ = ("_moves", "_empty")

    def __init__(self, moves: tuple, empty: int):
        self._moves, self._empty = moves, empty
        super().__init__(empty.bit_count())

    def _item(self, index: int):
        return self._moves[_nth_bit(self._empty, index)]

    def _actions(self):
        moves, i = self._moves, 0
        for row in self._empty.to_bytes(HEIGHT, "little"):
            for x in _ROW_BITS[row]:
                yield moves[i + x]
            i += WIDTH


def fits(tile: int, covered: int) -> bool:
    free = FULL & ~covered
    return any(fitting(layout, free) for layout in leaf_layouts(tile))


@lru_cache(maxsize=None)
def _place_actions(tile: int) -> list:
    """The Place actions of a tile made so far, at orientation * 72 + the anchor's bit (None
    until that placement is first listed as legal). Kept because making hundreds of actions in
    every legal_actions() call made the garbage collector run several times as often, with
    pauses of several ms. Bounded by the placements: 21,874 actions, with these lists about
    1.9 MB once all are made; a 4-player game makes about a third of them."""
    return [None] * (len(CELLS) * len(leaf_layouts(tile)))


def _place(tile: int, o: int, s: int):
    actions = _place_actions(tile)
    i = o * len(CELLS) + s
    if actions[i] is None:
        actions[i] = _new(Place, (C.LEAVES[tile].name, o) + CELLS[s])
    return actions[i]


class Placements(LazyActions):
    """Place actions for every placement of a leaf tile that misses the covered cells, in order
    of orientation, then y, then x. Lazy: each path tile offers up to a few hundred and a bot
    reads one; only the anchors that fit (an int per orientation) are worked out at once.

    `shared` keeps those anchors by shape (the mask of a layout) for the other tiles listed from
    the same position: orientations that differ only in the hole fit alike, as do tiles of one
    shape (a path's two green tiles often are)."""
    __slots__ = ("_tile", "_fits")

    def __init__(self, tile: int, covered: int, shared: dict | None = None):
        free = FULL & ~covered
        known = {} if shared is None else shared
        fits, count = [], 0
        for layout in leaf_layouts(tile):
            fit = known.get(layout.mask)
            if fit is None:
                fit = known[layout.mask] = fitting(layout, free)
            fits.append(fit)
            count += fit.bit_count()
        self._tile, self._fits = tile, fits
        super().__init__(count)

    def _item(self, index: int):
        for o, fit in enumerate(self._fits):
            n = fit.bit_count()
            if index < n:
                return _place(self._tile, o, _nth_bit(fit, index))
            index -= n
        raise IndexError(index)

    def _actions(self):
        name = C.LEAVES[self._tile].name
        made = _place_actions(self._tile)
        for o, fit in enumerate(self._fits):
            i = o * len(CELLS)
            for y, row in enumerate(fit.to_bytes(HEIGHT, "little")):
                for x in _ROW_BITS[row]:
                    action = made[i + x]
                    if action is None:
                        action = made[i + x] = _new(Place, (name, o, x, y))
                    yield action
                i += WIDTH


def _leaf_masks(tile: int, covered: int):
    """(mask, orientation, anchor) of every placement of a leaf tile that misses the covered
    cells, in the order of Placements."""
    free = FULL & ~covered
    for o, layout in enumerate(leaf_layouts(tile)):
        for s in _bits(fitting(layout, free)):
            yield layout.mask << s, o, s


def pair_fits(a: int, b: int, covered: int) -> bool:
    """Whether two leaf tiles can both be laid (disjointly) on the board."""
    others = [m for m, _, _ in _leaf_masks(b, covered)]
    if not others:
        return False
    for m, _, _ in _leaf_masks(a, covered):
        both = covered | m
        for o in others:
            if not o & both:
                return True
    return False


def leaf_moves_leaving_room(tile: int, other: int, covered: int) -> list:
    """Placements of `tile` after which `other` still fits."""
    others = [m for m, _, _ in _leaf_masks(other, covered)]
    out = []
    for m, o, s in _leaf_masks(tile, covered):
        both = covered | m
        for mask in others:
            if not mask & both:
                out.append(_place(tile, o, s))
                break
    return out


@lru_cache(maxsize=None)
def animal_by_cell(kind: int) -> AnimalsByCell:
    """An animal's placements grouped by their first cell (lowest bit)."""
    return AnimalsByCell(kind)


@lru_cache(maxsize=4096)
def animal_moves(kinds: tuple[int, ...], left: tuple[int, ...], holes: int) -> tuple:
    """Placements of animals lying wholly on the given (empty) holes: stack after stack (`kinds`
    with `left` tiles each), each by first cell, then orientation. Every animal covers 2+ cells,
    so only holes next to another hole can start one. Kept, as every decision lists the animals
    and the holes change only when a leaf tile, a token or an animal is laid."""
    if not holes & neighbours_mask(holes):
        return ()
    return tuple(action for kind, n in zip(kinds, left) if n
                 for action in _animal_moves(kind, holes))


def _animal_moves(kind: int, holes: int) -> list:
    found = []
    for o, layout in enumerate(animal_layouts(kind)):
        for s in _bits(fitting(layout, holes)):
            found.append((s + layout.first, o, s))
    found.sort()
    name = C.ALL_KINDS[kind].name
    return [_new(Animal, (name, o) + CELLS[s]) for _, o, s in found]


@lru_cache(maxsize=None)
def leaf_index(tile: int) -> PlacementIndex:
    """(orientation, x, y) -> (mask, hole bit) of a leaf tile's placements."""
    return PlacementIndex(leaf_layouts(tile))


@lru_cache(maxsize=None)
def animal_index(kind: int) -> PlacementIndex:
    """(orientation, x, y) -> (mask, 0) of an animal kind's placements."""
    return PlacementIndex(animal_layouts(kind))


def orientation_count(tile: int) -> int:
    return len(leaf_layouts(tile))


def warm() -> None:
    """Lay out every shape now (a few ms), so that no legal_actions() call pays for it."""
    for tile in range(C.TILE_COUNT):
        leaf_layouts(tile)
    for kind in range(len(C.ANIMALS)):
        animal_layouts(kind)
