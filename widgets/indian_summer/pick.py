"""What the person is about to lay, and which cells may take it (pure, from the engine).

A leaf tile is aimed by its hole: the cell clicked is where the hole goes, so the highlighted
cells are exactly the holes a legal placement can have, and the treasure printed there is the
one the tile would show. An animal is aimed by its first cell in reading order; a squirrel by
its cell. Legality always comes from the engine's `legal_actions()`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from explorer.indian_summer import Animal, Nut, Place, Squirrel
from explorer.indian_summer import components as C
from explorer.indian_summer.geometry import orientation_of, orientations
from explorer.messages import Message, T

LEAF, SQUIRREL, NUT, ANIMAL = "leaf", "squirrel", "nut", "animal"


@dataclass
class Hints:
    """The legal actions of a position, sorted by what they lay or do."""

    leaves: dict = field(default_factory=dict)     # tile name -> {(orientation, x, y)}
    animals: dict = field(default_factory=dict)    # animal name -> {(orientation, x, y)}
    squirrel: set = field(default_factory=set)     # cells for the tile-action squirrel
    nut: set = field(default_factory=set)          # cells for a nut squirrel
    berries: list = field(default_factory=list)
    refills: list = field(default_factory=list)
    exchanges: list = field(default_factory=list)
    mushrooms: list = field(default_factory=list)
    feathers: list = field(default_factory=list)
    end: bool = False


def move_hints(state) -> Hints:
    hints = Hints()
    for a in state.legal_actions():
        kind = a.kind
        if kind == "place":
            hints.leaves.setdefault(a.tile, set()).add((a.orientation,) + a.at)
        elif kind == "animal":
            hints.animals.setdefault(a.animal, set()).add((a.orientation,) + a.at)
        elif kind == "squirrel":
            hints.squirrel.add(a.at)
        elif kind == "nut":
            hints.nut.add(a.at)
        elif kind == "berry":
            hints.berries.append(a)
        elif kind == "refill":
            hints.refills.append(a)
        elif kind == "exchange":
            hints.exchanges.append(a)
        elif kind == "mushroom":
            hints.mushrooms.append(a)
        elif kind == "feather":
            hints.feathers.append(a)
        elif kind == "end":
            hints.end = True
    return hints


@dataclass
class Pick:
    """The choice so far: what to lay (mode, and which tile or animal) and how it is turned."""

    mode: str = LEAF
    tile: str | None = None        # leaf tile name
    animal: str | None = None      # animal kind name
    rotation: int = 0              # quarter turns clockwise
    flipped: bool = False

    def shape(self):
        """(cells, hole) of the leaf or animal as the rotation and flip lay it (top-left at 0, 0);
        None when nothing shaped is chosen."""
        base = self._base()
        if base is None:
            return None
        cells, hole = base
        return orientations(cells, hole)[orientation_of(cells, hole, self.rotation,
                                                         self.flipped)]

    def orientation(self) -> int | None:
        base = self._base()
        return None if base is None else orientation_of(*base, self.rotation, self.flipped)

    def _base(self):
        if self.mode == LEAF and self.tile in C.TILE_BY_NAME:
            leaf = C.LEAVES[C.TILE_BY_NAME[self.tile]]
            return leaf.cells, leaf.hole
        if self.mode == ANIMAL and self.animal in C.ANIMAL_BY_NAME:
            return C.ANIMALS[C.ANIMAL_BY_NAME[self.animal]].cells, None
        return None

    def aim(self) -> tuple[int, int]:
        """The offset (in the laid shape) of the cell that goes where the person clicks."""
        shape = self.shape()
        if shape is None:
            return (0, 0)
        cells, hole = shape
        return hole if hole is not None else min(cells, key=lambda c: (c[1], c[0]))

    def action_at(self, cell):
        """The action this pick makes when `cell` is clicked (legal or not: the engine decides)."""
        x, y = cell
        if self.mode == SQUIRREL:
            return Squirrel((x, y))
        if self.mode == NUT:
            return Nut((x, y))
        o = self.orientation()
        if o is None:
            return None
        ax, ay = self.aim()
        at = (x - ax, y - ay)
        return Place(self.tile, o, at) if self.mode == LEAF else Animal(self.animal, o, at)

    def covers(self, cell):
        """(cells, hole) the pick would cover if `cell` were clicked (may leave the board)."""
        if self.mode in (SQUIRREL, NUT):
            return [tuple(cell)], None
        shape = self.shape()
        if shape is None:
            return [], None
        cells, hole = shape
        ax, ay = self.aim()
        dx, dy = cell[0] - ax, cell[1] - ay
        return ([(cx + dx, cy + dy) for cx, cy in cells],
                None if hole is None else (hole[0] + dx, hole[1] + dy))

    def targets(self, hints: Hints) -> set:
        """The cells a click may aim at for a legal move with this pick."""
        if self.mode == SQUIRREL:
            return set(hints.squirrel)
        if self.mode == NUT:
            return set(hints.nut)
        o = self.orientation()
        if o is None:
            return set()
        moves = (hints.leaves.get(self.tile, set()) if self.mode == LEAF
                 else hints.animals.get(self.animal, set()))
        ax, ay = self.aim()
        return {(x + ax, y + ay) for (oo, x, y) in moves if oo == o}

    def describe(self) -> Message:
        """The pick in words (a message)."""
        if self.mode == SQUIRREL:
            return T("a squirrel from the supply (the tile action)")
        if self.mode == NUT:
            return T("a squirrel for a nut")
        if self.mode == LEAF and self.tile is not None:
            name = self.tile
        elif self.mode != LEAF and self.animal is not None:
            name = T("the {animal}", animal=C.animal_name(self.animal))
        else:
            return T("nothing chosen")
        degrees = 90 * (self.rotation % 4)
        if self.flipped:
            return T("{pick}, turned {degrees}°, flipped", pick=name, degrees=degrees)
        return T("{pick}, turned {degrees}°", pick=name, degrees=degrees)


def fitting(pick: Pick, hints: Hints) -> Pick:
    """`pick` unturned if it fits so somewhere, else turned (and flipped) the first way that
    fits; unturned when it fits nowhere."""
    for flipped in (False, True):
        for rotation in range(4):
            pick.rotation, pick.flipped = rotation, flipped
            if pick.targets(hints):
                return pick
    pick.rotation, pick.flipped = 0, False
    return pick


def first_pick(names: list[str], hints: Hints) -> Pick:
    """What a new step starts with: the first of `names` (tiles shown below the board) that can
    be laid, turned to fit; else the first shown; else a squirrel if one may be laid."""
    legal = [n for n in names if n in hints.leaves]
    if legal:
        return fitting(Pick(LEAF, tile=legal[0]), hints)
    if names:
        return Pick(LEAF, tile=names[0])
    if hints.squirrel:
        return Pick(SQUIRREL)
    if hints.nut and not hints.end:     # the final squirrels: nothing else to lay
        return Pick(NUT)
    return Pick()


def cursor_pick(action):
    """(pick, cell): a pick and the cell aimed at that together make `action`, so the keyboard
    cursor draws the ghost the pointer would; None for an action that lays nothing."""
    kind = getattr(action, "kind", None)
    if kind in ("squirrel", "nut"):
        return Pick(SQUIRREL if kind == "squirrel" else NUT), tuple(action.at)
    if kind not in ("place", "animal"):
        return None
    pick = Pick(LEAF, tile=action.tile) if kind == "place" else Pick(ANIMAL, animal=action.animal)
    for flipped in (False, True):
        for rotation in range(4):
            pick.rotation, pick.flipped = rotation, flipped
            if pick.orientation() == action.orientation:
                ax, ay = pick.aim()
                return pick, (action.at[0] + ax, action.at[1] + ay)
    return None
