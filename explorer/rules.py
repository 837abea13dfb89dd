"""The rule index: every rule id the engines cite, with its passage in the seed texts.

Each game has a rule index `<game>.rules.toml` beside its rule texts, in the folder its plug-in
names (`seeds/` for this package's games); an entry gives the source file, the line range, the exact
quote (source language), our English paraphrase and, optionally, further references (`also`) and a
note on where sources disagree or where a rule is inferred.
"""
from __future__ import annotations

import re
import tomllib
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.abc import Traversable

from . import games
from .messages import T


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
    for path in index_files():
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


def index_files() -> list[Traversable]:
    """Every registered game's rule index file, in the games' order."""
    return [plugin.texts / f"{plugin.name}.rules.toml" for plugin in games.plugins()]


@lru_cache(maxsize=None)
def _texts() -> dict[str, Traversable]:
    """Each rule text's file name -> the file, from the folders the games' plug-ins name."""
    found: dict[str, Traversable] = {}
    for plugin in games.plugins():
        for entry in plugin.texts.iterdir():
            if entry.name.endswith(".txt"):
                found.setdefault(entry.name, entry)
    return found


def seed_lines(source: str) -> list[str]:
    """The lines of a seed text (1-based line n is element n-1)."""
    try:
        path = _texts()[source]
    except KeyError:
        raise FileNotFoundError(f"no rule text {source!r}") from None
    return path.read_text(encoding="utf-8").splitlines()


LANGUAGE_NAMES = {"hu": "Hungarian", "ko": "Korean"}
# How a reader names a rule text (its file name is for the index only); a text not listed here
# is its language's rulebook
SOURCE_NAMES = {"003_712a46c75f9c6a5b.txt": T("Korean rules summary")}
BOOK_NAMES = {"hu": T("Hungarian rulebook"), "ko": T("Korean rulebook")}


def source_name(source: str) -> str:
    """A rule text as a reader names it: "Korean rulebook", "Hungarian rulebook", "Korean
    rules summary" (lessons and panels cite it so, with its line numbers; a message, so a view
    says it in the page's language)."""
    return SOURCE_NAMES.get(source) or BOOK_NAMES[language(source)]


@lru_cache(maxsize=None)
def language(source: str) -> str:
    """The language code of a rule text: "hu" for Hungarian (its accented vowels, which the
    Korean texts never use), else "ko"."""
    try:
        text = "\n".join(seed_lines(source))
    except OSError:
        return "ko"
    return "hu" if any(ch in text for ch in "őűáé") else "ko"


# -- search ------------------------------------------------------------------------------------
# The search finds words of any rule text: the Hungarian text was extracted with every "és" lost
# ("készlet" reads "kzlet") and a few letters wrong ("kezdőjátélos"), so a Hungarian word also
# matches without its accents, without "és", and with one letter off when it is long.
FUZZY_LENGTH = 7      # a word this long may match with one letter off


def fold(text: str) -> str:
    """Lower case without accents (ő, ö and ó read o); Korean syllables stay whole."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return unicodedata.normalize("NFC", "".join(c for c in decomposed
                                                if not unicodedata.combining(c)))


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


def _one_off(a: str, b: str) -> bool:
    """Whether `b` is `a` with at most one letter changed, added or left out."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i + (len(a) == len(b)):] == b[i + 1:]


@lru_cache(maxsize=None)
def _searchable(game: str) -> tuple[tuple[Rule, str, tuple[str, ...]], ...]:
    """Per rule of `game`: the rule, all its text folded (id, title, English and every quote),
    and the words of that text."""
    out = []
    for r in for_game(game):
        text = fold(" ".join([r.id, r.title, r.english, *(ref.quote for ref in r.references)]))
        out.append((r, text, tuple(sorted(set(_words(text))))))
    return tuple(out)


def _word_matches(word: str, text: str, words: tuple[str, ...]) -> bool:
    if word in text:
        return True
    if len(word) < FUZZY_LENGTH or not word.isascii():
        return False
    return any(_one_off(word, candidate[:len(word) + d])
               for candidate in words if len(candidate) >= len(word) - 1 for d in (-1, 0, 1))


def search(game: str, text: str) -> list[Rule]:
    """Rules of `game` whose texts hold every word of `text`, in any of the game's languages
    (see the note above on Hungarian), in the index's order; every rule for an empty text."""
    variants = {tuple(_words(fold(text))), tuple(_words(fold(text.lower().replace("és", ""))))}
    variants.discard(())
    if not variants:
        return for_game(game)
    return [r for r, folded, words in _searchable(game)
            if any(all(_word_matches(word, folded, words) for word in variant)
                   for variant in variants)]
