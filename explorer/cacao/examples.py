"""The worked examples of the rule texts as positions.

Each example is a lesson in `lessons/` (the position, the moves of the text and a caption per
step); these functions give its start position, so tests and notebooks use the very same board
the lesson shows. Hand-built positions come from `GAME.position(...)` (see `position`).
"""
from __future__ import annotations

from .. import lessons
from .game import GAME
from .state import CacaoState

RED, PURPLE, WHITE, YELLOW = range(4)
START = {(0, 0): "plantation-1", (1, 1): "market-2"}


def _lesson_start(name: str) -> CacaoState:
    return lessons.get("cacao", name).start_state()


def market_example() -> CacaoState:
    """Korean lines 91-93: Yellow places a 1-1-1-1 tile on (1, 0), fills (2, 0) with a price-3
    market, takes a cacao and sells it for 3; Red's worker on (2, 1) facing the new market sells a
    stored cacao for 3."""
    return _lesson_start("market")


def rebuild_example() -> CacaoState:
    """Korean lines 130-131: Red rebuilds the tile on (-1, 0) with a 2-1-0-1 tile: 1 worker at a
    double plantation (2 cacao), 2 at a price-4 market (2 x 4 = 8), 1 at water (one field on)."""
    return _lesson_start("rebuild")


def temple_example() -> CacaoState:
    """Korean lines 137-138, one move before the end: Red has 2 workers and Purple 1 next to the
    temple on (2, 0); Yellow's last tile brings 2 more, and Yellow and Red share the 6 gold."""
    return _lesson_start("temple_tie")


# A band of tiles round the north of the start tiles reaches (4, 1): every jungle tile in it lies
# between two worker tiles and no empty space touches two, as play leaves it while tiles remain.
BAND_WORKERS = {
    (0, -1): (PURPLE, "1-1-1-1", "N"), (1, 0): (WHITE, "1-1-1-1", "N"),
    (1, 2): (PURPLE, "2-1-0-1", "N"), (1, -2): (WHITE, "2-1-0-1", "N"),
    (0, -3): (PURPLE, "2-1-0-1", "N"), (2, -3): (WHITE, "2-1-0-1", "N"),
    (3, -2): (PURPLE, "2-1-0-1", "N"), (4, -3): (WHITE, "1-1-1-1", "N"),
    (4, -1): (PURPLE, "1-1-1-1", "N"), (5, -2): (WHITE, "2-1-0-1", "N"),
    (5, 0): (RED, "2-1-0-1", "N"), (4, 1): (RED, "2-1-0-1", "N")}
BAND_JUNGLE = {**START, (1, -1): "temple", (0, -2): "temple", (1, -3): "temple",
               (2, -2): "plantation-1", (3, -3): "plantation-1", (4, -2): "plantation-1",
               (3, -1): "plantation-1", (5, -1): "plantation-1", (4, 0): "market-3",
               (5, 1): "market-3", (5, -3): "market-3"}


def three_spaces() -> CacaoState:
    """Red to place: a tile on (2, 1) makes the spaces (2, 0), (2, 2) and (3, 1) touch two worker
    tiles each (with (1, 0), (1, 2) and (4, 1)). The display (water, gold mine 2) fills two of
    them; the third gets a tile drawn from the jungle pile (a price-3 market, then a temple)."""
    return GAME.position(3, jungle=BAND_JUNGLE, workers=BAND_WORKERS,
                         hands={p: ["1-1-1-1", "2-1-0-1"] for p in range(3)},
                         display=("water", "gold_mine-2"), jungle_pile=("temple", "market-3"))
