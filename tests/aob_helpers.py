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


def assert_43_point_ark(sheet, player: int = 0) -> None:
    """The score sheet of the rulebook's worked ark (lines 246-258): 43 points, line by line."""
    assert sheet.totals[player] == 43
    lines = {(line.label, line.points, line.rule) for line in sheet.lines_for(player)}
    assert ("single crocodile-4", 4, "animals_on_board.scoring.single") in lines
    assert ("single tiger-2", 2, "animals_on_board.scoring.single") in lines
    assert ("herd of 4 panda x 5", 20, "animals_on_board.scoring.herd") in lines
    assert ("herd of 3 giraffe x 5", 15, "animals_on_board.scoring.herd") in lines
    assert ("2 food crates left", 2, "animals_on_board.scoring.crates") in lines
    assert any(line.rule == "animals_on_board.scoring.pairs" and "elephant" in line.label
               for line in sheet.lines_for(player))
