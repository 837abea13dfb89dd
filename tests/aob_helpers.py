"""Tile names to tile ids for Animals on Board tests (positions come from `GAME.position`)."""
from __future__ import annotations

import explorer
from explorer.animals_on_board import components as C

GAME = explorer.GAMES["animals_on_board"]


def t(name: str) -> int:
    return C.tile_from_name(name)


def ts(*names: str) -> tuple[int, ...]:
    return tuple(sorted(t(n) for n in names))


def rules_of(state) -> list[str]:
    return [e.rule for e in state.events]
