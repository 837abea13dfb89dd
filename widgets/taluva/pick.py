"""What the person picked and the legal moves by board place (pure, from the engine).

Legal-move hints come from the engine (`legal_actions()` and `build_targets()`), mapped to hexes
here; the drawing and the controls never decide what is legal.
"""
from __future__ import annotations

from dataclasses import dataclass, field

BUILD_KINDS = ("hut", "expand", "temple", "tower")


@dataclass
class Hints:
    """Legal moves of the position, by board place (from the engine)."""

    place: dict = field(default_factory=dict)      # rotation -> volcano hexes legal with it
    erupt: set = field(default_factory=set)        # (volcano hex, rotation) eruptions
    build: dict = field(default_factory=dict)      # hut / temple / tower -> hexes
    expansions: list = field(default_factory=list)  # the engine's Expansion plans
    finish: bool = False                           # one_kind variant: may stop building

    def placeable(self, volcano, rotation: int) -> bool:
        return volcano in self.place.get(rotation, ())

    def kinds(self) -> list[str]:
        """Build kinds with at least one legal target, in the engine's order."""
        return [k for k in BUILD_KINDS
                if (self.expansions if k == "expand" else self.build.get(k))]

    def expansions_of(self, key) -> list:
        return [e for e in self.expansions if e.settlement.key == key]


def move_hints(state) -> Hints:
    """The legal moves of `state` (the full position; a player's view lists none)."""
    hints = Hints()
    if state.viewer is not None or state.is_over:
        return hints
    actions = state.legal_actions()
    if state.phase == "place":
        for a in actions:
            hints.place.setdefault(a.rotation, set()).add(a.volcano)
            if a.volcano in state.hexes:
                hints.erupt.add((a.volcano, a.rotation))
        return hints
    expands = {(a.settlement, a.terrain) for a in actions if a.kind == "expand"}
    for a in actions:
        if a.kind in ("hut", "temple", "tower"):
            hints.build.setdefault(a.kind, set()).add(a.hex)
        elif a.kind == "finish":
            hints.finish = True
    hints.expansions = [e for e in state.build_targets()["expand"]
                        if (e.settlement.key, e.terrain) in expands]
    return hints


@dataclass
class Pick:
    """What the person has chosen so far: the tile's turn, the build kind, and the settlement
    and terrain of an expansion."""

    rotation: int = 0
    kind: str | None = None
    settlement: tuple | None = None   # key hex of the settlement to expand
    terrain: str | None = None
