"""What the person picked and the legal moves by board position (pure, from the engine).

Legal-move hints come from the engine's `legal_actions()`, mapped to cells and tiles here; the
drawing and the controls never decide what is legal.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Hints:
    """Legal moves of the position, by board position (from the engine's legal actions)."""

    place: set = field(default_factory=set)        # cells a hand tile may go
    rebuild: set = field(default_factory=set)      # own cells that may be rebuilt
    patterns: set = field(default_factory=set)     # hand patterns that may be placed
    fill: set = field(default_factory=set)         # spaces to fill
    fill_tiles: set = field(default_factory=set)   # jungle kind names that may fill them
    work: set = field(default_factory=set)         # (cell, side) that may be used now
    decline: set = field(default_factory=set)      # (cell, side) that may be declined now


def move_hints(state) -> Hints:
    hints = Hints()
    for a in state.legal_actions():
        if a.kind == "place":
            hints.place.add(a.cell)
            hints.patterns.add(a.tile)
        elif a.kind == "rebuild":
            hints.rebuild.add(a.cell)
            hints.patterns.add(a.tile)
        elif a.kind == "fill":
            hints.fill.add(a.cell)
            hints.fill_tiles.add(a.tile)
        elif a.kind == "work":
            hints.work.add((a.cell, a.side))
        elif a.kind == "decline":
            hints.decline.add((a.cell, a.side))
    return hints


@dataclass
class Pick:
    """What the person has chosen so far: a hand tile (pattern) and its turn, a jungle tile."""

    pattern: str | None = None
    rotation: int = 0
    jungle: str | None = None
