"""The translation catalogues (explorer/locale): complete, current, and safe to show.

Every message the code and the lessons say is in each language's catalogue, translated, not
fuzzy, with the same {fields} as its English (a missing or extra field would drop a value or
fall back to English) and as many plural forms as the language has. A catalogue that lags
behind the code fails here: `python -m explorer i18n update`, then translate.
"""
from __future__ import annotations

import pytest
from babel import Locale
from babel.messages.pofile import read_po

from explorer import i18n
from words_check import use_catalogue

CATALOGUES = [(lang, domain) for domain in i18n.domains()
              for lang in i18n.languages_of(domain)]


def catalogue(lang: str, domain: str):
    with i18n.po_path(lang, domain).open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


@pytest.mark.parametrize("domain", i18n.domains())
def test_each_catalogue_holds_exactly_the_messages_of_the_code(domain):
    wanted = {m.id for m in i18n.extract(domain) if m.id}
    for lang in i18n.languages_of(domain):
        held = {m.id for m in catalogue(lang, domain) if m.id}
        assert not wanted - held, (f"{lang}/{domain} lacks {len(wanted - held)} messages, e.g. "
                                   f"{sorted(map(str, wanted - held))[:3]}: run "
                                   "python -m explorer i18n update, then translate")
        assert not held - wanted, f"{lang}/{domain} keeps gone messages: {sorted(held - wanted)[:3]}"


@pytest.mark.parametrize("lang, domain", CATALOGUES)
def test_every_message_is_translated_with_its_fields_and_not_fuzzy(lang, domain):
    problems = i18n.problems(lang, domain)
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:20])


@pytest.mark.parametrize("lang, domain", CATALOGUES)
def test_plural_forms_are_the_languages_own(lang, domain):
    held = catalogue(lang, domain)
    assert held.num_plurals == len(Locale.parse(lang).plural_form.rules) + 1
    for message in held:
        if message.pluralizable and message.id:
            assert len(message.string) == held.num_plurals, message.id


# Where a template comes from data, not code: lessons wrap the words of their files, which are
# extracted from the files themselves (i18n._lesson_words)
DATA_TEMPLATES = {"explorer/lessons.py"}


def test_every_template_in_the_code_is_a_literal_the_catalogues_can_hold():
    dynamic = {str(path.relative_to(i18n.ROOT)): i18n.dynamic_calls(path)
               for domain in i18n.domains() for path in i18n.sources(domain) if path.suffix == ".py"}
    found = {path: lines for path, lines in dynamic.items()
             if lines and path not in DATA_TEMPLATES}
    assert not found, f"T()/N() with a template that is not a literal: {found}"


def test_templates_inside_f_strings_are_extracted_too():
    import io
    code = b'x = f"<b>{say(T(\'In English\'))}</b>" + N("{n} tile", "{n} tiles", 2)\n'
    found = list(i18n.python_calls(io.BytesIO(code), i18n.KEYWORDS, [], {}))
    assert sorted(m for _, _, m, _ in found) == [("In English",), ("{n} tile", "{n} tiles", None)]


def test_a_translation_with_other_fields_is_found(tmp_path, monkeypatch):
    use_catalogue(tmp_path, monkeypatch, "ko", {
        "{who} takes {gold} gold.": "{who}이(가) 금화를 얻습니다.",      # {gold} lost
        "Rule {rule} acts.": "규칙 {rule}, {extra}.",                   # a field added
        "Fine {x}.": "좋음 {x}.",
        "Left out.": ""})
    found = i18n.problems("ko", "explorer")
    assert len(found) == 3 and sum("fields differ" in p for p in found) == 2
    assert any("untranslated" in p and "Left out." in p for p in found)
