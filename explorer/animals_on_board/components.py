"""Animals on Board components: 12 species x 5 tiles valued 1..5, 20 food crates.

The printed species names are not in the rule text; this list is illustrative (nine names seen in
the text and reviews, three of our choice). A tile is an int: species index * 5 + (value - 1).
"""
from __future__ import annotations

from ..messages import Message, T
from ..untrusted import shown

SPECIES = ("elephant", "giraffe", "panda", "crocodile", "tiger", "chimpanzee",
           "turtle", "rhino", "gorilla", "zebra", "lion", "flamingo")
SPECIES_NAMES = (T("elephant"), T("giraffe"), T("panda"), T("crocodile"), T("tiger"),
                 T("chimpanzee"), T("turtle"), T("rhino"), T("gorilla"), T("zebra"), T("lion"),
                 T("flamingo"))   # as text shows them
SPECIES_KO = ("코끼리", "기린", "판다", "악어", "호랑이", "침팬지",
              "거북이", "코뿔소", "고릴라", "얼룩말", "사자", "홍학")
TILES_PER_SPECIES = 5
ALL_TILES = tuple(range(len(SPECIES) * TILES_PER_SPECIES))
CRATES = 20
CRATE_CAP = 5
SPECIES_IN_PLAY = {2: 8, 3: 10, 4: 12}
FACE_UP_TARGET = {2: 8, 3: 10, 4: 12}
FULL_ARK = 10
DRAW_AT_SETUP = 3
HIDDEN = -1  # a tile whose face the viewer may not see


def species_of(tile: int) -> int:
    return tile // TILES_PER_SPECIES


def value_of(tile: int) -> int:
    return tile % TILES_PER_SPECIES + 1


def tile_name(tile: int) -> str:
    if tile == HIDDEN:
        return "face-down tile"
    return f"{SPECIES[species_of(tile)]}-{value_of(tile)}"


def tile_label(tile: int) -> Message:
    """A tile as text shows it: 'panda-3' (the species translated), or 'face-down tile'."""
    if tile == HIDDEN:
        return T("face-down tile")
    return T("{species}-{value}", species=SPECIES_NAMES[species_of(tile)],
             value=value_of(tile))


def labels(tiles) -> tuple[Message, ...]:
    """Tiles as a template lists them: 'panda-3, lion-1'."""
    return tuple(tile_label(t) for t in tiles)


def species_name(name: str) -> Message:
    """A species' name (as data writes it) as text shows it."""
    return SPECIES_NAMES[SPECIES.index(name)]


def tile_from_name(name: str) -> int:
    try:
        species, value = name.rsplit("-", 1)
        tile = SPECIES.index(species) * TILES_PER_SPECIES + int(value) - 1
    except ValueError:
        raise ValueError(T("{value} is not a tile name like 'panda-3' (species: {species}; "
                           "values 1-5)", value=shown(name),
                           species=", ".join(SPECIES))) from None
    if not 1 <= int(value) <= TILES_PER_SPECIES:
        raise ValueError(T("{value}: tile values are 1-5", value=shown(name)))
    return tile


def names(tiles) -> str:
    return ", ".join(tile_name(t) for t in tiles)
