"""The engine packages: no import circles, and the same file for the same role in every game."""
from __future__ import annotations

from pathlib import Path

import explorer
import registered
from tests.test_import_graph import cycle as _cycle, import_graph as whole_graph, imports

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


def engine_graph(name: str) -> dict[str, set[str]]:
    """Who imports whom inside a game's engine package (in explorer/ or a package of its own)."""
    folder = registered.engine_folder(name)
    package = type(explorer.GAMES[name]).__module__.rpartition(".")[0]
    known = {}
    for path in folder.rglob("*.py"):
        parts = path.relative_to(folder).with_suffix("").parts
        parts = parts[:-1] if parts[-1] == "__init__" else parts
        known[".".join((package, *parts))] = path
    return {module: imports(module, path, known) for module, path in known.items()}


def test_the_engine_has_no_import_circle():
    assert _cycle(import_graph()) is None, " -> ".join(_cycle(import_graph()))


def test_every_game_package_has_the_same_file_for_each_role(game_name):
    package = registered.engine_folder(game_name)
    missing = [role for role in ROLES if not (package / role).exists()]
    assert not missing, f"{game_name} lacks {missing}"
    assert (package / "lessons").is_dir()


def test_the_messages_module_is_a_leaf():
    assert import_graph()["explorer.messages"] == set()


def test_the_game_class_lives_in_game_py_and_builds_positions_with_position_py(game_name, game):
    module = type(game).__module__
    package = module.rpartition(".")[0]
    assert module == f"{package}.game"
    assert f"{package}.position" in engine_graph(game_name)[module]
    assert type(game).position_data is not explorer.Game.position_data
