"""The cited rules of the current step, quoted from the rulebook, plus a searchable rule index.

Quotes carry the `lang` of their text (Korean, or Hungarian for Cacao's second rulebook), so
the browser picks fitting fonts and a screen reader the right voice. The search finds words
of any rule text: the Hungarian text was extracted with every "és" lost ("készlet" reads
"kzlet") and a few letters wrong ("kezdőjátélos"), so a Hungarian word also matches without
its accents, without "és", and with one letter off when it is long.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from html import escape

import ipywidgets as w

from explorer import rules

from .models import shared_layout

LANGUAGE_NAMES = {"hu": "Hungarian", "ko": "Korean"}
FUZZY_LENGTH = 7      # a word this long may match with one letter off


@lru_cache(maxsize=None)
def source_language(source: str) -> str:
    """The `lang` code of a rule text: "hu" for Hungarian (its accented vowels, which the
    Korean texts never use), else "ko"."""
    try:
        text = "\n".join(rules.seed_lines(source))
    except OSError:
        return "ko"
    return "hu" if any(ch in text for ch in "őűáé") else "ko"


def _quote(source: str, text: str) -> str:
    return f'<blockquote lang="{source_language(source)}">{escape(text.strip())}</blockquote>'


def rule_html(rule_id: str, emphasis: str = "") -> str:
    """One rule as an HTML card: title, original quote, English, source and lines, note."""
    try:
        r = rules.get(rule_id)
    except KeyError:
        return (f'<div class="rx-rule"><b>{escape(rule_id)}</b>: '
                f'<i>not in the rule index</i></div>')
    first, last = r.lines
    lines = f"line {first}" if first == last else f"lines {first}–{last}"
    head = f'<span class="rx-rule-flag">{escape(emphasis)}</span> ' if emphasis else ""
    note = f'<div class="rx-rule-note">Note: {escape(r.note)}</div>' if r.note else ""
    also = "".join(f'<div class="rx-rule-source">Also: {escape(a.source)}, lines {a.lines[0]}–{a.lines[1]}'
                   f'{_quote(a.source, a.quote)}</div>'
                   for a in r.also)
    return (f'<div class="rx-rule" data-rule="{escape(r.id, quote=True)}">'
            f'{head}<b>{escape(r.title or r.id)}</b> <code>{escape(r.id)}</code>'
            f'{_quote(r.source, r.quote)}'
            f'<div class="rx-rule-english">{escape(r.english)}</div>'
            f'<div class="rx-rule-source">Source: {escape(r.source)}, {lines}</div>{note}{also}</div>')


# -- search --------------------------------------------------------------------------------
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
def _searchable(game: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """Per rule of `game`: its id, all its text folded (id, title, English and every quote),
    and the words of that text."""
    out = []
    for r in rules.for_game(game):
        text = fold(" ".join([r.id, r.title, r.english, *(ref.quote for ref in r.references)]))
        out.append((r.id, text, tuple(sorted(set(_words(text))))))
    return tuple(out)


def _word_matches(word: str, text: str, words: tuple[str, ...]) -> bool:
    if word in text:
        return True
    if len(word) < FUZZY_LENGTH or not word.isascii():
        return False
    return any(_one_off(word, candidate[:len(word) + d])
               for candidate in words if len(candidate) >= len(word) - 1 for d in (-1, 0, 1))


def search(game: str, text: str) -> list[str]:
    """Ids of the rules whose texts hold every word of `text`, in any of the game's languages
    (see the module's note on Hungarian), in the index's order."""
    variants = {tuple(_words(fold(text))), tuple(_words(fold(text.lower().replace("és", ""))))}
    variants.discard(())
    if not variants:
        return []
    return [rule_id for rule_id, folded, words in _searchable(game)
            if any(all(_word_matches(word, folded, words) for word in variant)
                   for variant in variants)]


def search_placeholder(game: str) -> str:
    languages = sorted({source_language(ref.source) for r in rules.for_game(game)
                        for ref in r.references}, key=["ko", "hu"].index)
    names = {"ko": "한국어", "hu": "magyar"}
    words = ["English", *(names[code] for code in languages)]
    return f"Search the rules ({', '.join(words[:-1])} or {words[-1]})…"


class RulePanel:
    """Rules of the current frame (class rx-rules) and a search box (rx-rule-search)."""

    def __init__(self, game):
        self.game = game
        self.rule_ids: list[str] = []
        self.cited = w.HTML()
        self.cited.add_class("rx-rules")
        self.search = w.Text(placeholder=search_placeholder(game.name),
                             continuous_update=True, layout=shared_layout(width="100%"))
        self.search.add_class("rx-rule-search")
        self.results = w.HTML()
        self.results.add_class("rx-rule-results")
        self.search.observe(lambda _: self._search(), names="value")
        self.widget = w.VBox([w.HTML("<h3>Rules for this step</h3>"), self.cited,
                              w.HTML("<h3>Rule index</h3>"), self.search, self.results])

    def show(self, rule_ids, refused: str | None = None, highlight: str | None = None) -> None:
        """Show these rule ids (deduplicated); a refused rule goes first, marked as the reason,
        and so does a rule asked for from the rulebook (`highlight`)."""
        first = [r for r in (refused, highlight) if r]
        ids = list(dict.fromkeys(first + list(rule_ids)))
        self.rule_ids = ids
        if not ids:
            self.cited.value = "<i>No rule is cited at this step.</i>"
            return
        marks = {refused: "Why not:", highlight: "From the rulebook:"}
        self.cited.value = "".join(rule_html(i, marks.get(i, "") if i else "") for i in ids)

    def matches(self) -> list[str]:
        text = str(self.search.value)[:200]
        return search(self.game.name, text) if text.strip() else []

    def _search(self) -> None:
        ids = self.matches()
        if not str(self.search.value).strip():
            self.results.value = ""
        elif not ids:
            self.results.value = "<i>No rule matches.</i>"
        else:
            self.results.value = (f"<div>{len(ids)} rule{'s' if len(ids) != 1 else ''} match.</div>"
                                  + "".join(rule_html(i) for i in ids))
