"""The glossaries hold the rulebooks' own words: the Korean and Hungarian translations of the
explorer take their terms from them, so every word must really stand at the line it cites."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

SEEDS = Path(__file__).resolve().parent.parent / "seeds"
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
    assert len(ens) == len(set(ens)), f"{game}: en values repeat"
