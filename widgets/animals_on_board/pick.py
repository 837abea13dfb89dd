"""What the person picked and the legal moves by board position (pure, from the engine).

Legal-move hints come from the engine's `legal_actions()`, mapped to board positions here; the
drawing and the controls never decide what is legal.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from explorer.animals_on_board import Keep, Split, Take


@dataclass
class Hints:
    """Legal moves of the position, by board position (from the engine's legal actions)."""

    keep: set = field(default_factory=set)          # ("hand", p, i) keys
    take: set = field(default_factory=set)          # group indexes that may be taken
    split: set = field(default_factory=set)         # group indexes that may be split


def move_hints(state) -> Hints:
    hints = Hints()
    actions = state.legal_actions()
    if not actions:
        return hints
    player = state.current_player
    where = {t: g for g, group in enumerate(state.groups) for t in group}
    for action in actions:
        if isinstance(action, Keep):
            hints.keep.add(("hand", player, state.drawn[player].index(action.tile)))
        elif isinstance(action, Take):
            hints.take.add(where[action.tiles[0]])
        elif isinstance(action, Split):
            hints.split.add(where[action.tiles[0]])
    return hints


@dataclass(frozen=True)
class Pick:
    """What the person has chosen so far: the selected tile positions, ("group", g, i) keys."""

    selected: frozenset = frozenset()


def cursor_keys(state, action) -> tuple:
    """The layout keys a keyboard cursor on `action` outlines: a Split's tiles and their group,
    a Take's group, a Keep's drawn tile. Found in the full `state`, since a view hides the
    face-down tile that an action may name."""
    if isinstance(action, Keep):
        p = state.current_player
        if p is not None and action.tile in state.drawn[p]:
            return (("hand", p, state.drawn[p].index(action.tile)),)
        return ()
    if not isinstance(action, (Split, Take)) or not action:
        return ()
    g = state.group_of(action.tiles[0])
    if g is None:
        return ()
    group = state.groups[g]
    frame = ("group-frame", g)
    if isinstance(action, Take):
        return (frame,)
    return (frame,) + tuple(("group", g, group.index(t)) for t in action.tiles if t in group)
