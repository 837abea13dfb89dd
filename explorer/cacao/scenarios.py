"""Hand-built Cacao positions: the worked examples of the rule texts, and a builder for more.

A teacher (or a test) describes a board by cells and kinds; the builder picks tile ids, marks the
sides already facing jungle tiles as activated (as they would be in play) and returns a position
where `turn` is about to place a tile.
"""
from __future__ import annotations

from . import components as C
from .board import FrozenMap, is_jungle_cell, neighbour
from .state import CacaoState, Placed


def position(players: int = 4, *, workers=None, jungle=None, hands=None, display=(), pile=(),
             cacao=None, sun=None, water=None, gold=None, turn: int = 0,
             options=None, seed: int = 0) -> CacaoState:
    """A position ready for `turn` to place a tile.

    workers: {cell: (owner, pattern, rotation)}; jungle: {cell: kind name}; hands: {player:
    [patterns]}; display / pile: kind names (pile top = last); cacao / sun / water (track index)
    / gold: one number per player.
    """
    from . import GAME
    _, _, chosen = GAME.check_setup(players, seed, dict(options or {}))
    s = CacaoState(GAME, players, seed, chosen)
    used_workers: set[int] = set()

    def worker_id(owner: int, pattern: str) -> int:
        for number, pat in enumerate(C.TILE_PATTERNS):
            tile = C.worker_tile(owner, number)
            if pat == pattern and tile not in used_workers:
                used_workers.add(tile)
                return tile
        raise ValueError(f"{C.COLOURS[owner]} has no more {pattern} tiles")

    used_jungle: set[int] = set()

    def jungle_id(name: str) -> int:
        for tile in C.jungle_ids(name):
            if tile not in used_jungle:
                used_jungle.add(tile)
                return tile
        raise ValueError(f"there are no more {name} jungle tiles")

    board = {}
    for cell, (owner, pattern, rotation) in sorted((workers or {}).items()):
        if is_jungle_cell(cell):
            raise ValueError(f"{cell} is a jungle space (x + y even)")
        tile = worker_id(owner, pattern)
        board[cell] = Placed(tile, owner, rotation, C.workers_of(pattern, rotation))
    land = {}
    for cell, name in sorted((jungle or {}).items()):
        if not is_jungle_cell(cell):
            raise ValueError(f"{cell} is a worker space (x + y odd)")
        land[cell] = jungle_id(name)
    s.workers = FrozenMap(board)
    s.jungle = FrozenMap(land)
    s.activated = frozenset((p.tile, side) for cell, p in board.items() for side in range(4)
                            if neighbour(cell, side) in land)
    s.hands = tuple(tuple(sorted(worker_id(p, pat) for pat in (hands or {}).get(p, ())))
                    for p in range(players))
    s.display = tuple(jungle_id(n) for n in display)
    s.jungle_pile = tuple(jungle_id(n) for n in pile)
    s.cacao = tuple(cacao or (0,) * players)
    s.sun = tuple(sun or (0,) * players)
    s.water = tuple(water or (0,) * players)
    s.gold = tuple(gold or (0,) * players)
    s.start_player = 0
    s.turn = turn
    s.phase = "place"
    s.rebuild_announced = s.rebuilding_open
    return s


RED, PURPLE, WHITE, YELLOW = range(4)


def market_example() -> CacaoState:
    """Korean lines 91-93: Yellow places a tile, fills the space with a price-3 market, takes a
    cacao and sells it for 3; Red's worker next to the new market sells a stored cacao for 3.

    Yellow then places a 1-1-1-1 tile on (1, 0): plantation to the left, the start market below,
    the empty space (2, 0) to the right, which Red's tile on (2, 1) also touches."""
    return position(
        4,
        jungle={(0, 0): "plantation-1", (1, 1): "market-2"},
        workers={(2, 1): (RED, "2-1-0-1", 1)},       # one worker on its top side, facing (2, 0)
        hands={YELLOW: ["1-1-1-1"], RED: ["3-1-0-0"], PURPLE: ["3-1-0-0"], WHITE: ["3-1-0-0"]},
        display=("market-3", "water"), pile=("temple", "gold_mine-1"),
        cacao=(1, 0, 0, 0), turn=YELLOW)


def rebuild_example() -> CacaoState:
    """Korean lines 130-131: Red rebuilds their tile on (1, 0) with a 2-1-0-1 tile: 1 worker at a
    double plantation (2 cacao), 2 workers at a price-4 market (2 x 4 = 8), 1 at water (+1)."""
    return position(
        2,
        jungle={(1, -1): "market-4", (2, 0): "plantation-2", (0, 0): "water",
                (1, 1): "market-2"},
        workers={(1, 0): (RED, "1-1-1-1", 0), (0, 1): (PURPLE, "1-1-1-1", 0)},
        hands={RED: ["2-1-0-1"], PURPLE: ["2-1-0-1"]},
        sun=(1, 0), turn=RED)


def temple_example() -> CacaoState:
    """Korean lines 137-138: Yellow and Red have 2 workers each next to the temple on (0, 0) and
    get 3 gold each; Purple with 1 worker gets nothing (no second prize after a tie)."""
    return position(
        4,
        jungle={(0, 0): "temple"},
        workers={(0, -1): (YELLOW, "2-1-0-1", 2),   # 2 workers on its bottom side
                 (1, 0): (RED, "2-1-0-1", 3),       # 2 workers on its left side
                 (0, 1): (PURPLE, "1-1-1-1", 0)},   # 1 worker on its top side
        hands={p: ["3-1-0-0"] for p in range(4)})
