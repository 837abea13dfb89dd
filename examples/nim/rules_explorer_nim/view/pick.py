"""The legal moves by board position, and what a click on a slot means (pure, from the engine).

A click on a counter takes it and every counter to its right in its heap. The hints come from
the engine's `legal_actions()`; the drawing and the board never decide what is legal.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..actions import Take
from .layout import slots_right_of


@dataclass
class Hints:
    """The slots a click on which is a legal move: ("counter", h, j) keys."""

    takes: set = field(default_factory=set)


def move_hints(state) -> Hints:
    hints = Hints()
    for action in state.legal_actions():
        hints.takes.add(("counter", action.heap, state.heaps[action.heap] - action.count))
    return hints


@dataclass(frozen=True)
class Pick:
    """Nothing to pick before a move: one click makes it."""


def take_at(state, heap: int, slot: int) -> Take:
    """The move a click on slot `slot` of heap `heap` asks for (legal or not: the engine says)."""
    left = state.heaps[heap] if 0 <= heap < len(state.heaps) else 0
    return Take(state.current_player, heap, slots_right_of(left, slot))


def cursor_keys(state, action) -> tuple:
    """The counters `action` would take (a keyboard cursor or the pointer outlines them)."""
    if not isinstance(action, Take) or not 0 <= action.heap < len(state.heaps):
        return ()
    left = state.heaps[action.heap]
    return tuple(("counter", action.heap, j) for j in range(max(0, left - action.count), left))
