"""The rule index: every rule id the engines cite, with its passage in the seed texts.

Each game has `seeds/<game>.rules.toml`; an entry gives the source file, the line range, the exact
quote (source language), our English paraphrase and, optionally, further references (`also`) and a
note on where sources disagree or where a rule is inferred.
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

SEEDS = Path(os.environ.get("EXPLORER_SEEDS", Path(__file__).resolve().parent.parent / "seeds"))


@dataclass(frozen=True)
class Reference:
    source: str
    lines: tuple[int, int]
    quote: str


@dataclass(frozen=True)
class Rule:
    id: str
    source: str
    lines: tuple[int, int]
    quote: str
    english: str
    title: str = ""
    note: str = ""
    also: tuple[Reference, ...] = field(default=())

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def references(self) -> tuple[Reference, ...]:
        return (Reference(self.source, self.lines, self.quote),) + self.also


class UnknownRule(KeyError):
    pass


def _reference(entry: dict, where: str) -> Reference:
    try:
        first, last = entry["lines"]
        return Reference(entry["source"], (int(first), int(last)), entry["quote"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"rule index entry {where} is malformed: {exc!r}") from None


@lru_cache(maxsize=None)
def _index() -> dict[str, Rule]:
    rules: dict[str, Rule] = {}
    for path in sorted(SEEDS.glob("*.rules.toml")):
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        for rule_id, entry in data.items():
            ref = _reference(entry, f"{path.name}:{rule_id}")
            also = tuple(_reference(e, f"{path.name}:{rule_id}.also") for e in entry.get("also", []))
            rules[rule_id] = Rule(rule_id, ref.source, ref.lines, ref.quote, entry["english"],
                                  entry.get("title", ""), entry.get("note", ""), also)
    return rules


def get(rule_id: str) -> Rule:
    """The rule with this id; UnknownRule (a KeyError) if the index has none."""
    try:
        return _index()[rule_id]
    except KeyError:
        raise UnknownRule(f"no rule {rule_id!r} in the rule index") from None


def exists(rule_id: str) -> bool:
    return rule_id in _index()


def for_game(game: str) -> list[Rule]:
    """All rules of one game, in the order of the index file."""
    return [rule for rule in _index().values() if rule.game == game]


def all_rules() -> list[Rule]:
    return list(_index().values())


def seed_lines(source: str) -> list[str]:
    """The lines of a seed text (1-based line n is element n-1)."""
    return (SEEDS / source).read_text(encoding="utf-8").splitlines()


def search(game: str, text: str) -> list[Rule]:
    """Rules of `game` whose id, title, quote or English contain `text` (case-insensitive)."""
    needle = text.strip().lower()
    return [r for r in for_game(game)
            if not needle or any(needle in s.lower() for s in (r.id, r.title, r.quote, r.english))]
