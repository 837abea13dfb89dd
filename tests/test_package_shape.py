"""The engine packages: no import circles, and the same file for the same role in every game."""
from __future__ import annotations

from pathlib import Path

import pytest

import explorer
from tests.test_import_graph import cycle as _cycle, import_graph as whole_graph

ROOT = Path(explorer.__file__).parent
GAME_PACKAGES = ("animals_on_board", "cacao", "indian_summer", "taluva")
ROLES = ("game.py", "state.py", "actions.py", "scoring.py", "components.py", "position.py",
         "lessons")


def import_graph() -> dict[str, set[str]]:
    """Who imports whom inside `explorer` (tests/test_import_graph.py reads all the packages)."""
    return whole_graph(("explorer",))


def test_the_import_graph_sees_imports_at_the_top_and_inside_functions():
    graph = import_graph()
    assert "explorer.cacao.position" in graph["explorer.cacao.game"]        # at the top
    assert "explorer.lessons" in graph["explorer.cacao.examples"]
    assert "explorer.citations" in graph["explorer.cli"]                    # inside a function
    assert "explorer.cacao.components" in graph["explorer.cacao.game"]      # from . import C
    assert "explorer.core" in graph["explorer.indian_summer.solo"]          # from .. import core


def test_the_engine_has_no_import_circle():
    assert _cycle(import_graph()) is None, " -> ".join(_cycle(import_graph()))


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_every_game_package_has_the_same_file_for_each_role(game):
    package = ROOT / game
    missing = [role for role in ROLES if not (package / role).exists()]
    assert not missing, f"{game} lacks {missing}"
    assert (package / "lessons").is_dir()


def test_the_messages_module_is_a_leaf():
    assert import_graph()["explorer.messages"] == set()


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_the_game_class_lives_in_game_py_and_builds_positions_with_position_py(game):
    package = getattr(explorer, "GAMES")[game]
    assert type(package).__module__ == f"explorer.{game}.game"
    assert f"explorer.{game}.position" in import_graph()[f"explorer.{game}.game"]
    assert type(package).position_data is not explorer.Game.position_data
