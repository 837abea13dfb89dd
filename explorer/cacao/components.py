"""Cacao components: worker tiles, jungle tiles, village boards, supplies.

Worker tiles are ints 0..43: colour index * 11 + number 0..10; the number fixes the pattern (the
workers on the tile's four edges, going round clockwise from the top edge). Jungle tiles are ints
0..27 (see JUNGLE). The water-track values are printed on the village board and are not in the rule
texts; they come from the published components.
"""
from __future__ import annotations

from ..messages import T

COLOURS = ("red", "purple", "white", "yellow")
COLOUR_NAMES = (T("red"), T("purple"), T("white"), T("yellow"))   # as the narration says them

# -- worker tiles ---------------------------------------------------------------------------
PATTERNS = {
    "1-1-1-1": (1, 1, 1, 1),
    "2-1-0-1": (2, 1, 0, 1),
    "3-0-0-1": (3, 0, 0, 1),
    "3-1-0-0": (3, 1, 0, 0),
}
# pattern of each tile number within a colour: 4x 1-1-1-1, 5x 2-1-0-1, 1x 3-0-0-1, 1x 3-1-0-0
TILE_PATTERNS = ("1-1-1-1",) * 4 + ("2-1-0-1",) * 5 + ("3-0-0-1", "3-1-0-0")
TILES_PER_COLOUR = len(TILE_PATTERNS)
# tile numbers left in the box per player count (one 1-1-1-1 for 3, plus one 2-1-0-1 for 4)
REMOVED_NUMBERS = {2: (), 3: (3,), 4: (3, 8)}
HAND_SIZE = 3
HIDDEN = -1  # a tile whose face the viewer may not see


def worker_tile(colour: int, number: int) -> int:
    return colour * TILES_PER_COLOUR + number


def owner_of(tile: int) -> int:
    return tile // TILES_PER_COLOUR


def pattern_of(tile: int) -> str:
    return TILE_PATTERNS[tile % TILES_PER_COLOUR]


def workers_of(pattern: str, rotation: int) -> tuple[int, int, int, int]:
    """Workers on the sides N, E, S, W after turning the tile clockwise `rotation` quarter turns."""
    base = PATTERNS[pattern]
    return tuple(base[(side - rotation) % 4] for side in range(4))


# pattern_of(tile) for every tile id, looked up at every placement
PATTERN_OF = tuple(TILE_PATTERNS[n] for _ in COLOURS for n in range(TILES_PER_COLOUR))
# workers_of(pattern, rotation) for rotations 0-3, looked up at every placement
LAYOUTS = {name: tuple(workers_of(name, r) for r in range(4)) for name in PATTERNS}


def same_layout(pattern: str, rotation: int) -> tuple[int, ...]:
    """The rotations giving the same workers per side (a 1-1-1-1 tile looks alike every way)."""
    layout = workers_of(pattern, rotation)
    return tuple(r for r in range(4) if workers_of(pattern, r) == layout)


# -- jungle tiles ---------------------------------------------------------------------------
# kind name -> (kind, value, count); the name is what actions and the view use
JUNGLE_KINDS = {
    "plantation-1": ("plantation", 1, 6),
    "plantation-2": ("plantation", 2, 2),
    "market-2": ("market", 2, 2),
    "market-3": ("market", 3, 4),
    "market-4": ("market", 4, 1),
    "gold_mine-1": ("gold_mine", 1, 2),
    "gold_mine-2": ("gold_mine", 2, 1),
    "water": ("water", 1, 3),
    "sun_worship": ("sun_worship", 1, 2),
    "temple": ("temple", 0, 5),
}
JUNGLE = tuple(name for name, (_, _, count) in JUNGLE_KINDS.items() for _ in range(count))
JUNGLE_LABELS = {
    "plantation-1": T("single plantation"), "plantation-2": T("double plantation"),
    "market-2": T("market (price {price})", price=2),
    "market-3": T("market (price {price})", price=3),
    "market-4": T("market (price {price})", price=4),
    "gold_mine-1": T("gold mine ({gold} gold)", gold=1),
    "gold_mine-2": T("gold mine ({gold} gold)", gold=2),
    "water": T("water"), "sun_worship": T("sun-worship site"), "temple": T("temple"),
}
# the kind names as refusals quote them (names a person types, so shown as they are)
JUNGLE_CODES = {
    "plantation-1": T("plantation-1"), "plantation-2": T("plantation-2"),
    "market-2": T("market-2"), "market-3": T("market-3"), "market-4": T("market-4"),
    "gold_mine-1": T("gold_mine-1"), "gold_mine-2": T("gold_mine-2"),
    "water": T("water"), "sun_worship": T("sun_worship"), "temple": T("temple"),
}
START_TILES = ("plantation-1", "market-2")
TWO_PLAYER_REMOVED = ("plantation-1", "plantation-1", "gold_mine-1", "sun_worship", "market-3",
                      "water", "temple")
DISPLAY_SIZE = 2


# kind and value of each jungle tile id, read at every activation and every worker's action
JUNGLE_KIND = tuple(JUNGLE_KINDS[name][0] for name in JUNGLE)
JUNGLE_VALUE = tuple(JUNGLE_KINDS[name][1] for name in JUNGLE)


def jungle_name(tile: int) -> str:
    return "hidden" if tile == HIDDEN else JUNGLE[tile]


def jungle_kind(tile: int) -> str:
    return JUNGLE_KIND[tile]


def jungle_value(tile: int) -> int:
    return JUNGLE_VALUE[tile]


def jungle_label(tile: int) -> str:
    return T("face-down jungle tile") if tile == HIDDEN else JUNGLE_LABELS[JUNGLE[tile]]


def jungle_ids(name: str) -> tuple[int, ...]:
    return tuple(i for i, n in enumerate(JUNGLE) if n == name)


# -- village board and supplies ---------------------------------------------------------------
WATER_TRACK = (-10, -4, -1, 0, 2, 4, 7, 11, 16)
CACAO_CAP = 5      # cacao spaces on a village board
SUN_CAP = 3        # sun-worship spaces on a village board
CACAO_SUPPLY = 20
SUN_SUPPLY = 12
