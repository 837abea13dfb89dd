"""Taluva components: the 48 island tiles and each player's buildings.

A tile is an int 0..47; TILES[t] is its pair of landscapes, in the order they lie going round the
volcano clockwise (tiles are turned, never flipped, so (jungle, clearing) and (clearing, jungle)
are different tiles). The per-pair counts are the published set (game-facts, four independent
implementations agree); the rule summary only names the five landscapes.
"""
from __future__ import annotations

from ..messages import Message, T
from ..untrusted import shown

TERRAINS = ("jungle", "clearing", "sand", "rock", "lake")
VOLCANO = "volcano"

PAIR_COUNTS = (
    (("jungle", "clearing"), 6), (("clearing", "jungle"), 5),
    (("jungle", "sand"), 4), (("sand", "jungle"), 4),
    (("jungle", "rock"), 2), (("rock", "jungle"), 2),
    (("jungle", "lake"), 2), (("lake", "jungle"), 1),
    (("clearing", "sand"), 2), (("sand", "clearing"), 2),
    (("clearing", "rock"), 2), (("rock", "clearing"), 2),
    (("clearing", "lake"), 1), (("lake", "clearing"), 1),
    (("sand", "rock"), 2), (("rock", "sand"), 1),
    (("sand", "lake"), 1), (("lake", "sand"), 1),
    (("rock", "lake"), 1), (("lake", "rock"), 1),
    (("jungle", "jungle"), 1), (("clearing", "clearing"), 1), (("sand", "sand"), 1),
    (("rock", "rock"), 1), (("lake", "lake"), 1),
)
TILES: tuple[tuple[str, str], ...] = tuple(pair for pair, n in PAIR_COUNTS for _ in range(n))
TILES_PER_PLAYER = 12
HIDDEN = -1  # a face-down tile whose landscapes the viewer may not see

KINDS = ("hut", "temple", "tower")
PIECES = {"hut": 20, "temple": 3, "tower": 2}
COLOURS = ("white", "red", "yellow", "brown")
COLOUR_NAMES = (T("white"), T("red"), T("yellow"), T("brown"))   # as the narration says them
TERRAIN_NAMES = {"jungle": T("jungle"), "clearing": T("clearing"), "sand": T("sand"),
                 "rock": T("rock"), "lake": T("lake"), "volcano": T("volcano")}


def terrain_name(terrain) -> Message | str:
    """A landscape (or the volcano) as a person reads it; anything else as it is."""
    return TERRAIN_NAMES.get(terrain, terrain) if isinstance(terrain, str) else terrain


def by_kind(kind: str, hut, temple, tower):
    """Of three values (say, three sentences) the one for the building `kind`; a sentence per
    kind, not one with the kind's name in it, so that each language says each its own way."""
    return temple if kind == "temple" else tower if kind == "tower" else hut


def tile_name(tile: int) -> str:
    """'jungle-clearing': the name actions and positions use for a tile's landscapes."""
    return "face-down tile" if tile == HIDDEN else "-".join(TILES[tile])


def tile_label(tile: int) -> Message:
    """'volcano-jungle-clearing' (or 'a face-down tile'): a tile as the narration names it."""
    if tile == HIDDEN:
        return T("a face-down tile")
    first, second = TILES[tile]
    return T("volcano-{first}-{second}", first=TERRAIN_NAMES[first],
             second=TERRAIN_NAMES[second])


def pair_label(pair: tuple[str, str]) -> Message:
    """'jungle-clearing' as a person reads it (the landscapes translated)."""
    return T("{first}-{second}", first=TERRAIN_NAMES[pair[0]], second=TERRAIN_NAMES[pair[1]])


def parse_tile_name(name) -> tuple[str, str]:
    """The landscape pair of a tile name such as 'sand-rock'; ValueError for no such tile."""
    parts = tuple(name.split("-")) if isinstance(name, str) else ()
    if len(parts) != 2 or parts not in {pair for pair, _ in PAIR_COUNTS}:
        raise ValueError(T("{value} is not a tile: write the two landscapes going round the "
                           "volcano, e.g. 'jungle-clearing' ({terrains})", value=shown(name),
                           terrains=", ".join(TERRAINS)))
    return parts


def tile_ids(pair: tuple[str, str]) -> tuple[int, ...]:
    return tuple(t for t, p in enumerate(TILES) if p == pair)


def tiles_in_play(players: int, all_tiles: bool) -> int:
    return len(TILES) if all_tiles else TILES_PER_PLAYER * players
