"""The glossaries hold the rulebooks' own words: the Korean and Hungarian translations of the
explorer take their terms from them, so every word must really stand at the line it cites. The
optional keys that refine tests/test_catalogue_terms.py's check must stay true to the rulebooks
too: a `<lang>_check` or `<lang>_label` is part of the term's word (or of a form its note names)
and stands in the rulebook; an `en_not` / `en_only` phrase contains the English term."""
from __future__ import annotations

import re
import tomllib
import unicodedata
from pathlib import Path

import pytest

SEEDS = Path(__file__).resolve().parent.parent / "seeds"
KEYS = {"en", "note", "en_not", "en_only"}
LANG_KEYS = ("{}", "{}_line", "{}_check", "{}_label", "en_not_{}")
GLOSSARIES = {"cacao": ("ko", "hu"), "animals_on_board": ("ko",), "taluva": ("ko",),
              "indian_summer": ("ko",)}


@pytest.mark.parametrize("game", sorted(GLOSSARIES))
def test_every_term_stands_at_its_line(game):
    with open(SEEDS / f"{game}.glossary.toml", "rb") as f:
        glossary = tomllib.load(f)
    source = glossary.pop("source")
    languages = GLOSSARIES[game]
    assert sorted(source) == sorted(languages), f"{game}: [source] names {sorted(source)}"
    texts = {lang: (SEEDS / source[lang]).read_text(encoding="utf-8").splitlines()
             for lang in languages}
    assert len(glossary) >= 20, f"{game}: only {len(glossary)} terms"
    ens = []
    for term, entry in glossary.items():
        assert re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", term), f"{game}: id {term!r}"
        assert entry.get("en", "").strip(), f"{game}.{term}: no en"
        ens.append(entry["en"])
        for lang in languages:
            word, n = entry.get(lang, ""), entry.get(f"{lang}_line")
            assert word.strip(), f"{game}.{term}: no {lang}"
            assert isinstance(n, int) and 1 <= n <= len(texts[lang]), \
                f"{game}.{term}: {lang}_line {n!r} is not a line of {source[lang]}"
            line = texts[lang][n - 1]
            found = word in line if lang == "ko" else word.lower() in line.lower()
            assert found, f"{game}.{term}: {word!r} not in {source[lang]} line {n}"
            parts(game, term, entry, lang, "\n".join(texts[lang]))
        allowed = KEYS | {key.format(lang) for lang in languages for key in LANG_KEYS}
        unknown = sorted(set(entry) - allowed)
        assert not unknown, f"{game}.{term}: unknown keys {unknown}"
        english(game, term, entry, languages)
    assert len(ens) == len(set(ens)), f"{game}: en values repeat"


def letters(text: str) -> str:
    """As tests/test_catalogue_terms.py compares: case-folded, Korean syllables split (NFD)."""
    return unicodedata.normalize("NFD", text.lower())


def parts(game: str, term: str, entry: dict, lang: str, rulebook: str) -> None:
    """A `<lang>_check` (a string, or a list: any of them) is the part of the word every form
    keeps, and a `<lang>_label` a short form for narrow labels: each must be part of the term's
    word or of a form the note names, and stand in the rulebook. Not empty, not a single
    Hungarian letter or two."""
    for key in (f"{lang}_check", f"{lang}_label"):
        if key not in entry:
            continue
        value = entry[key]
        words = [value] if isinstance(value, str) else value
        assert isinstance(words, list) and words, f"{game}.{term}: {key} {value!r}"
        for word in words:
            assert isinstance(word, str) and word.strip() == word and word, \
                f"{game}.{term}: {key} {word!r}"
            assert lang != "hu" or len(word) >= 3, f"{game}.{term}: {key} {word!r} is too short"
            assert (letters(word) in letters(entry[lang])
                    or letters(word) in letters(entry.get("note", ""))), \
                f"{game}.{term}: {key} {word!r} is neither in {entry[lang]!r} nor in the note"
            assert letters(word) in letters(rulebook), \
                f"{game}.{term}: {key} {word!r} does not stand in the rulebook"
        assert entry.get("note"), f"{game}.{term}: {key} without a note saying why"


def english(game: str, term: str, entry: dict, languages: tuple) -> None:
    """`en_not` (and `en_not_<lang>`) are regular expressions for phrases where the English word
    has another sense, `en_only` the phrases it counts in: each names the term's word."""
    en = entry["en"].lower().replace("-", " ")
    for key in ["en_not", "en_only"] + [f"en_not_{lang}" for lang in languages]:
        if key not in entry:
            continue
        phrases = entry[key]
        assert isinstance(phrases, list) and phrases, f"{game}.{term}: {key} {phrases!r}"
        assert entry.get("note"), f"{game}.{term}: {key} without a note saying why"
        for phrase in phrases:
            assert isinstance(phrase, str) and phrase.strip(), f"{game}.{term}: {key} {phrase!r}"
            re.compile(phrase)
            assert en in phrase.lower().replace("-", " "), \
                f"{game}.{term}: {key} {phrase!r} does not contain {entry['en']!r}"
