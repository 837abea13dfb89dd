"""pytest plugin: record which rules the engines cite while each test runs, and which rules each
test declares, for `python -m explorer rules coverage`.

A rule counts as enforced when the engine cites it at run time (an event, a refusal, a score
sheet, a view), as tested when a passing test that declares it also cites it. A test declares a
rule by `@pytest.mark.rule("taluva.build.tower", ...)`, by a parameter that is a rule id, or by
its name: test_taluva_build_tower... (or test_build_tower... in a file about Taluva) declares
taluva.build.tower, the longest id that fits.

The record (explorer.citations.RECORD, `.rule-citations.json`, or $EXPLORER_RULE_CITATIONS) is
merged per test: a run replaces the entries of the tests it ran and keeps the others, and
drops entries of test files and tests that are gone.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from explorer import GAMES, citations, core, rules

_KEY = pytest.StashKey["Recorder"]()
BROWSER = "tests/browser/"      # browser tests are not recorded


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "rule(*ids): the rules this test checks; it counts as "
                                       "testing a rule it declares and cites while it runs")
    if getattr(config, "workerinput", None) is None:   # one recorder, in the main process
        recorder = Recorder(config)
        config.stash[_KEY] = recorder
        config.pluginmanager.register(recorder, "rule-citations-recorder")


class Recorder:
    def __init__(self, config) -> None:
        self.root = Path(config.rootpath)
        self.entries: dict[str, dict] = {}
        self.current: set[str] = set()
        self.seen: set[str] = set()      # node ids collected, selected or not
        self.declares: dict[str, set[str]] = {}
        self.outcome = "passed"
        self.previous = None

    def cite(self, rule: str) -> None:
        self.current.add(rule)

    # -- pytest hooks ------------------------------------------------------------------
    def pytest_sessionstart(self, session) -> None:
        self.previous = core.record_citations(self.cite)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_make_collect_report(self, collector):
        """Rules cited while a test file is imported (a game played for a parametrize list)
        count as enforced, under the file's own entry."""
        if not isinstance(collector, pytest.Module):
            yield
            return
        self.current = set()
        yield
        self._keep(collector.nodeid, set(), "collected")   # kept even if empty: it replaces

    def pytest_collection_modifyitems(self, items) -> None:
        self.seen |= {item.nodeid for item in items}
        self.declares = {item.nodeid: declared(item) for item in items}

    def pytest_deselected(self, items) -> None:
        self.seen |= {item.nodeid for item in items}

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        self.current = set()
        self.outcome = "passed"
        yield
        self._keep(item.nodeid, self.declares.get(item.nodeid, set()), self.outcome)

    def pytest_runtest_logreport(self, report) -> None:
        if report.failed:
            self.outcome = "failed"
        elif report.skipped and self.outcome == "passed":
            self.outcome = "skipped"

    def pytest_sessionfinish(self, session) -> None:
        core.record_citations(self.previous)
        if not self.entries:
            return
        try:
            kept = citations.load().tests
        except citations.RecordError:
            kept = {}
        ran_whole = {nodeid.split("::", 1)[0] for nodeid in self.seen} \
            if not any("::" in str(arg) for arg in session.config.args) else set()
        for nodeid in list(kept):
            path = nodeid.split("::", 1)[0]
            gone = path.startswith(BROWSER) or not (self.root / path).exists() or \
                (path in ran_whole and "::" in nodeid and nodeid not in self.seen)
            if gone:
                del kept[nodeid]
        kept.update(self.entries)
        citations.save(kept)

    def _keep(self, nodeid: str, declares: set[str], outcome: str) -> None:
        if nodeid.startswith(BROWSER):   # the engines run in the pages' kernels: nothing here
            self.current = set()
            return
        self.entries[nodeid] = {"cited": sorted(self.current), "declared": sorted(declares),
                                "outcome": outcome, "recorded": time.time()}
        self.current = set()


# --------------------------------------------------------------------------- declarations

def declared(item) -> set[str]:
    """The rule ids a test declares: its `rule` marks, its parameters that are rule ids, and
    the id its name spells."""
    ids = {rule for mark in item.iter_markers("rule") for rule in mark.args}
    unknown = sorted(rule for rule in ids if not rules.exists(rule))
    if unknown:
        raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.rule names no rule {unknown[0]!r}")
    callspec = getattr(item, "callspec", None)
    if callspec is not None:
        ids |= {value for value in callspec.params.values()
                if isinstance(value, str) and rules.exists(value)}
    named = rule_named(getattr(item, "originalname", item.name), Path(str(item.path)).name)
    if named:
        ids.add(named)
    return ids


def rule_named(function: str, file_name: str) -> str | None:
    """The rule a test's name spells: test_<game>_<area>_<rule>[_...], or test_<area>_<rule>[_...]
    in a file named after the game; the longest id that fits (build_tower_level, not
    build_tower)."""
    best = None
    for rule in _all_ids():
        game, short = rule.split(".", 1)
        spellings = ["test_" + rule.replace(".", "_")]
        if game in file_name:
            spellings.append("test_" + short.replace(".", "_"))
        for spelled in spellings:
            if function == spelled or function.startswith(spelled + "_"):
                if best is None or len(short) > len(best.split(".", 1)[1]):
                    best = rule
    return best


_IDS: list[str] = []


def _all_ids() -> list[str]:
    if not _IDS:
        _IDS.extend(rule.id for game in GAMES for rule in rules.for_game(game))
    return _IDS
