"""The engine packages: no import circles, and the same file for the same role in every game."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import explorer

ROOT = Path(explorer.__file__).parent
GAME_PACKAGES = ("animals_on_board", "cacao", "indian_summer", "taluva")
ROLES = ("game.py", "state.py", "actions.py", "scoring.py", "components.py", "position.py",
         "lessons")


def _modules() -> dict[str, Path]:
    """Every module of `explorer` by dotted name (a package by its own name)."""
    modules = {}
    for path in ROOT.rglob("*.py"):
        parts = ("explorer",) + path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of `explorer` that module `name` imports, at the top or inside functions.

    `from pkg import x` names the module pkg.x when there is one, else pkg itself; a parent
    package, imported on the way to its modules, is not counted (it would make every package
    that imports its own modules a circle).
    """
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                found.add(sub if sub in modules else source)
    return {m for m in found if m in modules and m != name}


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle, as the modules along it, or None."""
    state: dict[str, int] = {}    # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_import_graph_sees_imports_at_the_top_and_inside_functions():
    graph = import_graph()
    assert "explorer.cacao.position" in graph["explorer.cacao.game"]        # at the top
    assert "explorer.lessons" in graph["explorer.cacao.examples"]
    assert "explorer.citations" in graph["explorer.cli"]                    # inside a function
    assert "explorer.cacao.components" in graph["explorer.cacao.game"]      # from . import C
    assert "explorer.core" in graph["explorer.indian_summer.solo"]          # from .. import core


def test_the_engine_has_no_import_circle():
    assert _cycle(import_graph()) is None, " -> ".join(_cycle(import_graph()))


def test_the_circle_finder_finds_a_circle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_every_game_package_has_the_same_file_for_each_role(game):
    package = ROOT / game
    missing = [role for role in ROLES if not (package / role).exists()]
    assert not missing, f"{game} lacks {missing}"
    assert (package / "lessons").is_dir()


def test_the_text_module_is_a_leaf():
    assert import_graph()["explorer.text"] == set()


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_the_game_class_lives_in_game_py_and_builds_positions_with_position_py(game):
    package = getattr(explorer, "GAMES")[game]
    assert type(package).__module__ == f"explorer.{game}.game"
    assert f"explorer.{game}.position" in import_graph()[f"explorer.{game}.game"]
    assert type(package).position_data is not explorer.Game.position_data
