"""Who imports whom in explorer/, widgets/ and server/: no import circle anywhere, late imports
(inside functions) included, and the layers point one way: server -> widgets -> explorer.

A circle that only works because one side imports late is still a circle: it breaks as soon as
someone moves that import to the top, and it hides which module is really the lower one.
"""
from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("explorer", "widgets", "server")
# what each package may import of the others (a package always imports itself)
MAY_IMPORT = {"explorer": set(), "widgets": {"explorer"}, "server": {"widgets", "explorer"}}
DYNAMIC = {"import_module", "__import__"}   # importlib.import_module("x.y") with a literal name


def modules(packages=PACKAGES) -> dict[str, Path]:
    """Every module of `packages` by dotted name (a package by its own name)."""
    found = {}
    for package in packages:
        for path in (REPO / package).rglob("*.py"):
            parts = path.relative_to(REPO).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of `known` that module `name` imports, at the top or inside functions.

    `from pkg import x` names the module pkg.x when there is one, else pkg itself; a parent
    package, imported on the way to its modules, is not counted (it would make every package
    that imports its own modules a circle). `importlib.import_module("a.b")` with a literal name
    counts as `import a.b`.
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
                found.add(sub if sub in known else source)
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and getattr(node.func, "attr", getattr(node.func, "id", None)) in DYNAMIC):
            found.add(node.args[0].value)
    return {m for m in found if m in known and m != name}


def import_graph(packages=PACKAGES) -> dict[str, set[str]]:
    known = modules(packages)
    return {name: imports(name, path, known) for name, path in known.items()}


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
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


def test_the_graph_sees_imports_at_the_top_inside_functions_and_relative_ones():
    graph = import_graph()
    assert "explorer.links" in graph["server.classroom"]                 # at the top
    assert "widgets.shared.svg" in graph["widgets.cacao"]                 # inside a function
    assert "widgets.shared.class_protocol" in graph["widgets.shared.class_panel"]  # relative
    assert "explorer.core" in graph["explorer.indian_summer.solo"]        # from .. import core
    assert set(modules()) >= {"explorer", "widgets", "server", "server.voila", "explorer.links"}


def test_there_is_no_import_circle_in_explorer_widgets_or_server():
    found = cycle(import_graph())
    assert found is None, "import circle: " + " -> ".join(found)


def test_the_layers_import_only_downwards():
    wrong = sorted(f"{name} imports {target}" for name, targets in import_graph().items()
                   for target in targets
                   if target.split(".")[0] != name.split(".")[0]
                   and target.split(".")[0] not in MAY_IMPORT[name.split(".")[0]])
    assert not wrong, wrong


def test_the_circle_finder_finds_a_circle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_a_late_import_makes_a_circle_too(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .b import f\n")
    (package / "b.py").write_text("def f():\n    from pkg.a import g\n")
    known = {"pkg": package / "__init__.py", "pkg.a": package / "a.py", "pkg.b": package / "b.py"}
    graph = {name: imports(name, path, known) for name, path in known.items()}
    assert cycle(graph) == ["pkg.a", "pkg.b", "pkg.a"]
