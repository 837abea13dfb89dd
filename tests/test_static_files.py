"""The pages' style sheets and scripts are files in a static/ folder beside the module that uses
them (widgets/shared/style.py says how): each is used by that module, and each is package data,
so an installed explorer has them too."""
from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
STATIC = sorted(path for package in ("explorer", "widgets", "server")
                for path in (REPO / package).rglob("static/*") if path.is_file())


def test_there_are_static_files():
    names = {path.relative_to(REPO).as_posix() for path in STATIC}
    assert {"widgets/shared/static/style.css", "widgets/shared/static/gestures.js"} <= names


def test_every_static_file_is_package_data():
    data = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    globs = data["package-data"]
    missing = []
    for path in STATIC:
        package = ".".join(path.parent.parent.relative_to(REPO).parts)
        inside = path.relative_to(path.parent.parent).as_posix()
        if not any(fnmatch.fnmatch(inside, glob) for glob in globs.get(package, ())):
            missing.append(path.relative_to(REPO).as_posix())
    assert not missing, f"not in [tool.setuptools.package-data]: {missing}"


def test_every_static_file_is_named_by_a_module_beside_it():
    unused = [path.relative_to(REPO).as_posix() for path in STATIC
              if not any(f'"{path.name}"' in module.read_text(encoding="utf-8")
                         for module in path.parent.parent.glob("*.py"))]
    assert not unused, unused
