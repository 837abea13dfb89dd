"""The translations speak the rulebook's words: where an English message names a term of the
game's glossary (seeds/<game>.glossary.toml), its Korean translation uses the Korean rulebook's
word for it, and for Cacao its Hungarian translation the Hungarian rulebook's (which may take
a suffix: Hungarian words inflect, so the check is on the word's stem as the glossary gives
it)."""
from __future__ import annotations

import re
import tomllib
import unicodedata
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from explorer import i18n

SEEDS = Path(__file__).parent.parent / "seeds"
GAMES = sorted(p.name.split(".")[0] for p in SEEDS.glob("*.glossary.toml"))


def glossary(game: str) -> dict:
    data = tomllib.loads((SEEDS / f"{game}.glossary.toml").read_text(encoding="utf-8"))
    return {key: value for key, value in data.items() if key != "source"}


def translations(lang: str, domain: str, where: str = "") -> list[tuple[str, str]]:
    """(English, translation) of a catalogue's translated messages (from files named `where`)."""
    with i18n.po_path(lang, domain).open("rb") as f:
        catalog = read_po(f, locale=lang, domain=domain)
    found = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        if where and not any(where in path for path, _ in message.locations):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [(ids[-1], s) for s in strings if s]
    return found


def stem(term: str, lang: str) -> str:
    """What must appear of a term: Korean nouns take particles after them, so the whole word;
    a Hungarian word may change its last vowel before a suffix (lapka -> lapkát), so all but
    a final vowel."""
    if lang == "hu" and term[-1:] in "aeáé" and len(term) > 4:
        return term[:-1].lower()
    return term.lower()


def forms(word: str, lang: str) -> list[str]:
    """A word and, in Hungarian, its form before -val/-vel, which doubles a final two-letter
    consonant (ültetvény -> ültetvénnyel, arany -> arannyal, kakaógyümölcs -> -gyümölccsel)."""
    double = re.fullmatch(r"(.*)(cs|dz|gy|ly|ny|sz|ty|zs)", word)
    if lang != "hu" or double is None:
        return [word]
    return [word, f"{double[1]}{double[2][0]}{double[2]}"]


def letters(text: str) -> str:
    """Text compared letter by letter: a Korean verb fuses its ending into the stem's last
    syllable (나누 + ㅂ니다 -> 나눕니다, 덮 + 어 -> 덮어), so syllables are split into their
    letters (NFD) and 나누 is found in 나눕니다."""
    return unicodedata.normalize("NFD", text.lower())


# the games' titles are names, not words of the glossary ("Cacao" only where it names the game:
# "Cacao left" is the fruit)
TITLES = r"\b(?:Animals on Board|Indian Summer|Taluva)\b|\bCacao\b(?= is played| position)"
# a lower-case word or id (plantation-1, turn, workers) that the translation keeps as it is is
# a name a person types (a field, an option value, a tile's code), not a word to translate
CODE = r"(?<![A-Za-z0-9_-])[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?![A-Za-z0-9_-])"


def english(msgid: str, text: str) -> str:
    """The words of an English message that must be translated: fields become {}, quoted names
    a person types ('build', `hut`), dotted and underscored ids, game titles and code names
    the translation keeps as they are become spaces."""
    rest = re.sub(r"\{[^}]*\}", "{}", msgid)
    rest = re.sub(rf"'[^']*'|`[^`]*`|\b\w+[_.]\w+\b|{TITLES}", " ", rest)
    kept = {word for word in re.findall(CODE, rest)
            if re.search(rf"(?<![A-Za-z0-9_-]){re.escape(word)}(?![A-Za-z0-9_-])", text)}
    return re.sub(CODE, lambda m: " " * len(m[0]) if m[0] in kept else m[0], rest)


def phrase(words: str) -> re.Pattern:
    """An English term or phrase in any case, its spaces also matching hyphens and line breaks."""
    spaced = re.escape(words).replace(r"\ ", r"[\s-]")
    return re.compile(rf"\b{spaced}(s|es)?\b", re.IGNORECASE)


def misses(game: str, lang: str) -> list[str]:
    """Translations that name a glossary term in English but not in the rulebook's word. The
    longest term wins ("gold mine" before "gold"). A term's glossary entry may refine this:
    - `en_not` (and `en_not_<lang>`, for one language): regular expressions for English
      phrases where the word has another sense ("turn the tile", "sea level"); the word inside
      them does not count;
    - `en_only`: the word counts only inside these phrases (the step's name "build phase",
      not the verb);
    - `<lang>_check`: the part of the word every inflected form keeps (a list: any of them),
      instead of its stem;
    - `<lang>_label`: a short form the rulebook also has, enough in a one-word label drawn in
      a narrow box."""
    terms = sorted((t for t in glossary(game).values() if t.get(lang)),
                   key=lambda t: -len(t["en"]))
    said = translations(lang, game) + translations(lang, i18n.RULES, f"{game}.rules.toml")
    if lang == "hu":
        said += translations(lang, i18n.PARAPHRASES, f"{game}.rules.toml")
    found = []
    for msgid, text in said:
        whole = english(msgid, text)
        rest = whole
        for term in terms:
            pattern = phrase(term["en"])
            if pattern.search(rest) is None:
                continue
            # the phrases are found in the whole message, before longer terms took their words
            # ("price-3 market" after "market" was checked)
            nots = [m.span() for other in term.get("en_not", []) + term.get(f"en_not_{lang}", [])
                    for m in re.finditer(other, whole, re.IGNORECASE)]
            onlys = [m.span() for only in term.get("en_only", [])
                     for m in phrase(only).finditer(whole)]
            own = "".join(c if not any(a <= i < b for a, b in nots)
                          and ("en_only" not in term or any(a <= i < b for a, b in onlys))
                          else " " for i, c in enumerate(rest))
            rest = pattern.sub(lambda m: " " * len(m.group(0)), rest)
            if pattern.search(own) is None:
                continue
            wanted = term.get(f"{lang}_check", stem(term[lang], lang))
            wanted = [wanted] if isinstance(wanted, str) else list(wanted)
            if f"{lang}_label" in term and not re.search(r"\s", msgid.strip()):
                wanted.append(term[f"{lang}_label"])
            if not any(letters(form) in letters(text)
                       for word in wanted for form in forms(word.lower(), lang)):
                found.append(f"{term['en']!r} -> {' / '.join(wanted)!r} not in {text[:70]!r}"
                             f" (for {msgid[:50]!r})")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_korean_translations_use_the_korean_rulebooks_terms(game):
    found = misses(game, "ko")
    assert not found, f"{len(found)} messages, e.g.:\n" + "\n".join(found[:25])


def test_hungarian_cacao_uses_the_hungarian_rulebooks_terms():
    found = misses("cacao", "hu")
    assert not found, f"{len(found)} messages, e.g.:\n" + "\n".join(found[:25])
