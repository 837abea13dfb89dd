"""Where a rule is cited: in the files of the project (`where`), and at run time while the test
suite plays (the record that tests/rule_citations.py writes, which the coverage counts read).

Every rule id is written in full wherever it is cited, so a plain text search finds the index
entry, the engine code that enforces the rule, the views, the tests and the lessons.
"""
from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from . import games
from . import rules as rule_index

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "explorer"
# The run-time record: which rules each test cited and which rules it declares (kept out of git)
RECORD = Path(os.environ.get("EXPLORER_RULE_CITATIONS", ROOT / ".rule-citations.json"))
RECORD_VERSION = 1

GROUPS = ("index", "engine", "view", "tests", "lessons")
TEXT_SUFFIXES = (".py", ".toml", ".txt", ".json")


def _index_files() -> list[Path]:
    """The rule indexes where they really are (in a checkout: seeds/, not its link in the package)."""
    return [Path(str(path)).resolve() for path in rule_index.index_files()]


def _lesson_files() -> list[Path]:
    return sorted(path for plugin in games.plugins()
                  for path in Path(str(plugin.lessons)).glob("*.toml"))


def _plugin_code() -> list[Path]:
    """The code of games that come in packages of their own (engine and view together)."""
    ours = (PACKAGE.resolve(), (ROOT / "widgets").resolve())
    return sorted(path for plugin in games.plugins() for folder in plugin.sources
                  if not any(Path(str(folder)).resolve().is_relative_to(o) for o in ours)
                  for path in Path(str(folder)).rglob("*.py"))


def _files(group: str) -> list[Path]:
    if group == "index":
        return _index_files()
    if group == "engine":
        return sorted([*PACKAGE.rglob("*.py"), *_plugin_code()])
    if group == "view":
        return sorted((ROOT / "widgets").rglob("*.py"))
    if group == "tests":
        return sorted(p for p in (ROOT / "tests").rglob("*")
                      if p.suffix in TEXT_SUFFIXES and p.is_file())
    return _lesson_files()


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def where(rule_id: str) -> dict[str, list[str]]:
    """Every "file:line" that names `rule_id` in full, by group (index, engine, view, tests,
    lessons); UnknownRule if the index has no such rule. "taluva.build.tower" does not match
    inside "taluva.build.tower_level"."""
    rule_index.get(rule_id)
    pattern = re.compile(rf"(?<![\w.]){re.escape(rule_id)}(?!\w)")
    found: dict[str, list[str]] = {}
    for group in GROUPS:
        hits = []
        for path in _files(group):
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if rule_id not in text:
                continue
            hits += [f"{_shown(path)}:{n}" for n, line in enumerate(text.splitlines(), 1)
                     if pattern.search(line)]
        found[group] = hits
    return found


# --------------------------------------------------------------------------- run-time record

@dataclass(frozen=True)
class Record:
    """What the test suite's runs recorded: per test, the rules cited while it ran, the rules it
    declares and its outcome."""

    tests: dict[str, dict]
    path: Path

    def cited(self) -> set[str]:
        """Rules the engine cited at run time, in any test."""
        return {rule for entry in self.tests.values() for rule in entry.get("cited", ())}

    def tested(self) -> set[str]:
        """Rules a passing test declares and cited while it ran."""
        return {rule for entry in self.tests.values() if entry.get("outcome") == "passed"
                for rule in set(entry.get("declared", ())) & set(entry.get("cited", ()))}

    def recorded(self) -> tuple[float, float]:
        """When the oldest and the newest entries were recorded (seconds since the epoch)."""
        times = [entry.get("recorded", 0.0) for entry in self.tests.values()] or [0.0]
        return min(times), max(times)

    def newer_sources(self) -> list[Path]:
        """Source files (engines, lessons, rule index, tests) changed after the oldest entry was
        recorded, newest first: the record may no longer say what the code does."""
        oldest = self.recorded()[0]
        changed = [(path.stat().st_mtime, path) for path in source_files()
                   if path.stat().st_mtime > oldest]
        return [path for _, path in sorted(changed, reverse=True)]


def source_files() -> list[Path]:
    """The files whose change can change what the record says."""
    tests = ROOT / "tests"
    return sorted([*PACKAGE.rglob("*.py"), *_plugin_code(), *_lesson_files(),
                   *PACKAGE.glob("*/data/*.json"), *_index_files(),
                   *(p for p in tests.rglob("*.py") if "browser" not in p.parts)])


class RecordError(ValueError):
    """The record is missing or cannot be read; the message says how to make it."""


def load(path: Path | None = None) -> Record:
    """The record at `path` (default: RECORD); RecordError if there is none or it is broken."""
    path = RECORD if path is None else Path(path)
    how = ("run the test suite (pytest -m 'not browser' tests --ignore=tests/browser) to "
           "record which rules the engines cite")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RecordError(f"no record of rule citations at {_shown(path)}: {how}") from None
    except (OSError, ValueError) as exc:
        raise RecordError(f"the record of rule citations at {_shown(path)} cannot be read "
                          f"({type(exc).__name__}): {how}") from None
    if not isinstance(data, dict) or data.get("version") != RECORD_VERSION \
            or not isinstance(data.get("tests"), dict):
        raise RecordError(f"the record of rule citations at {_shown(path)} is of another "
                          f"version: {how}")
    return Record(data["tests"], path)


def save(tests: dict[str, dict], path: Path | None = None) -> None:
    """Write the record whole (a temporary file renamed over it, so a reader never sees half)."""
    path = RECORD if path is None else Path(path)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps({"version": RECORD_VERSION, "saved": time.time(),
                               "tests": tests}, indent=1, sort_keys=True) + "\n",
                   encoding="utf-8")
    os.replace(tmp, path)
