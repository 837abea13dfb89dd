"""The four games' view packages have one shape: the same files for the same roles, boards
that are what the app shell needs (widgets/shared/board.py) and scenes drawn from one View."""
from __future__ import annotations

import dataclasses
import importlib
import inspect
from pathlib import Path

import pytest

import widgets
from widgets.shared.board import Board
from widgets.shared.canvas import BoardCanvas
from widgets.shared.scene import View

ROOT = Path(widgets.__file__).parent
BOARDS = {"animals_on_board": "AnimalsBoard", "cacao": "CacaoBoard",
          "indian_summer": "IndianSummerBoard", "taluva": "TaluvaBoard"}
ROLES = ("board.py", "draw.py", "layout.py", "pick.py", "controls.py", "score_pad.py")


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_each_view_package_has_a_file_for_each_role(game):
    missing = [name for name in ROLES if not (ROOT / game / name).is_file()]
    assert not missing, f"widgets/{game} lacks {missing}"


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_each_board_is_what_the_shell_needs(game):
    board = getattr(importlib.import_module(f"widgets.{game}.board"), BOARDS[game])()
    assert isinstance(board, Board)
    assert isinstance(board.canvas, BoardCanvas)
    assert isinstance(board.keys, dict) and all(callable(f) for f in board.keys.values())
    # the game's own widgets are built in controls.py and composed by the board
    controls = importlib.import_module(f"widgets.{game}.controls")
    assert isinstance(board.controls, controls.Controls)


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_hints_and_picks_come_from_pick_py(game):
    pick = importlib.import_module(f"widgets.{game}.pick")
    package = importlib.import_module(f"widgets.{game}")
    assert package.move_hints is pick.move_hints
    for name in ("Hints", "Pick", "move_hints"):
        assert getattr(pick, name).__module__ == pick.__name__, f"{pick.__name__} lacks {name}"
    board = getattr(importlib.import_module(f"widgets.{game}.board"), BOARDS[game])()
    assert isinstance(board.pick, pick.Pick) and isinstance(board.hints, pick.Hints)


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_each_scene_takes_the_position_a_view_and_a_layout(game):
    draw = importlib.import_module(f"widgets.{game}.draw")
    assert list(inspect.signature(draw.scene).parameters) == ["state", "view", "lay"]
    draw.scene(importlib.import_module(f"widgets.{game}").GAME.setup(3, 1), View())


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_the_pointer_is_the_views_hover_and_not_part_of_the_pick(game):
    pick = importlib.import_module(f"widgets.{game}.pick")
    assert "hover" not in {f.name for f in dataclasses.fields(pick.Pick)}


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_each_controls_takes_its_callbacks_as_named_arguments(game):
    """One argument for each callback, as in Cacao's `Controls(choose=..., rotate=...)`, not
    a dict of them."""
    controls = importlib.import_module(f"widgets.{game}.controls")
    parameters = inspect.signature(controls.Controls).parameters.values()
    assert len(parameters) >= 3
    assert not [p.name for p in parameters if str(p.annotation).startswith("dict")]


def test_an_object_without_show_is_not_a_board():
    class NoShow:
        widget = canvas = None
        keys: dict = {}

        def attach(self, app):
            pass

    assert not isinstance(NoShow(), Board)
