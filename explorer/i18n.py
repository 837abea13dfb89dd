"""Showing the engines' words in Korean, Hungarian or English, from gettext catalogues.

Every sentence a person reads is a `text.Message` (English, plus its template). `render(text,
lang, game)` looks its template up in the game's catalogue, then in the shared one (the app, the
gallery, the core), and falls back to English: never a message id, never a traceback.

Catalogues are `.po` files in `explorer/locale/<lang>/LC_MESSAGES/<domain>.po`, one domain per
game plus `explorer` for what all games share; a game of another package keeps its own domain
in the `locale` folder its plug-in names, its rule titles and notes included. They are read directly (Babel compiles each in
memory on first use), so an install needs no build step. `python -m explorer i18n update`
extracts the templates (`T`, `N` calls in the code; the lessons' words) into
and merges them into the `.po` files; `... i18n check` lists
what is untranslated or fuzzy.
"""
from __future__ import annotations

import io
import re
import tomllib
from datetime import datetime, timezone
from functools import cache
from gettext import NullTranslations
from pathlib import Path

from . import games
from .messages import Message, listed

LANGUAGES = {"en": "English", "ko": "한국어", "hu": "Magyar"}
# A pseudo-language for checks (never offered in the menu): every translated text is shown
# ⟦like this⟧, so a text shown without the marks was never translated (tests/words_check.py).
PSEUDO = "qps"
DEFAULT = "en"
TRANSLATED = ("ko", "hu")
SHARED = "explorer"
RULES = "rules"               # the rule index's titles and notes (this package's games)
PARAPHRASES = "paraphrases"   # its English paraphrases: Hungarian only (Korean readers have
                              # the Korean quote, and the English on request)
LANGUAGES_OF = {PARAPHRASES: ("hu",)}   # see `languages_of`
LOCALE = Path(__file__).parent / "locale"
ROOT = Path(__file__).parent.parent
KEYWORDS = {"T": None, "N": (1, 2)}
LESSON_FIELDS = ("title", "intro", "caption", "prompt", "hint")   # what a lesson shows
CATALOGUE_DATE = datetime(2026, 12, 6, tzinfo=timezone.utc)   # fixed: no churn on update
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def language(value: str | None) -> str | None:
    """The language code `value` names ("ko", "ko-KR", "HU"), or None if it is none of ours."""
    code = (value or "").strip().lower().replace("_", "-").split("-")[0]
    return code if code in LANGUAGES or code == PSEUDO else None


def negotiate(accept_language: str | None) -> str:
    """The language to show for a browser's Accept-Language header (or navigator.languages
    joined by commas): the first of ours by the visitor's preference, else English."""
    ranked = []
    for i, part in enumerate((accept_language or "").split(",")):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            continue
        if language(tag) and weight > 0:
            ranked.append((-weight, i, language(tag)))
    return min(ranked)[2] if ranked else DEFAULT


def game_domains() -> tuple[str, ...]:
    return tuple(games.GAMES)


def domains() -> tuple[str, ...]:
    """Every catalogue's domain: the shared one, one per game, the rule index's two, and the
    paraphrases of each game that comes in a package of its own."""
    return (SHARED, *game_domains(), RULES, PARAPHRASES,
            *(paraphrase_domain(name) for name in game_domains() if _outside(name)))


def paraphrase_domain(game: str) -> str:
    """Where a game's rule paraphrases are translated: this package's games share one domain,
    a game of another package has its own beside its catalogue."""
    return f"{game}_{PARAPHRASES}" if _outside(game) else PARAPHRASES


def languages_of(domain: str) -> tuple[str, ...]:
    """The languages a domain is translated into (paraphrases: Hungarian only)."""
    if domain.endswith(f"_{PARAPHRASES}"):
        return LANGUAGES_OF[PARAPHRASES]
    return LANGUAGES_OF.get(domain, TRANSLATED)


def _game_of(domain: str) -> str:
    return domain.removesuffix(f"_{PARAPHRASES}")


def _outside(game: str | None) -> bool:
    """Whether `game` comes from a package of its own (its catalogues are in its package)."""
    return bool(game) and game in games.GAMES and not _is_ours(games.plugin(game).locale)


def _is_ours(folder) -> bool:
    return Path(str(folder)).resolve() == LOCALE.resolve()


def po_path(lang: str, domain: str) -> Path:
    game = _game_of(domain)
    folder = Path(str(games.plugin(game).locale)) if _outside(game) else LOCALE
    return folder / lang / "LC_MESSAGES" / f"{domain}.po"


@cache
def translations(lang: str, domain: str = SHARED) -> NullTranslations:
    """The gettext translations of `domain` in `lang`, falling back to the shared domain and
    then to English."""
    if lang not in TRANSLATED:
        return NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    path = po_path(lang, domain)
    if path.exists():
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang, domain=domain)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        buffer.seek(0)
        found = Translations(buffer, domain=domain)
    else:
        found = NullTranslations()
    found.add_fallback(translations(lang, SHARED) if domain != SHARED else NullTranslations())
    return found


def preload(game: str | None = None) -> None:
    """Read every translated language's catalogues a page of `game` (None: the gallery) may
    need. A preheated kernel does this while it waits for its page, so a Korean or Hungarian
    page opens as fast as an English one (about 70 ms of reading and Babel's import, 1-2 MB)."""
    extra = (game, paraphrase_domain(game)) if game else ()
    for domain in dict.fromkeys((SHARED, RULES, PARAPHRASES, *extra)):
        for lang in languages_of(domain):
            translations(lang, domain)


def rule_words(rule, lang: str) -> tuple[str, str, str]:
    """A rule's title, note and paraphrase (from the rule index) in `lang`; English where a
    language has no paraphrase of its own (Korean)."""
    def said(domain: str, text: str) -> str:
        if text and lang == PSEUDO:
            return f"⟦{text}⟧"
        if not text or lang not in languages_of(domain):
            return text
        return translations(lang, domain).gettext(text)
    if _outside(rule.game):
        return (said(rule.game, rule.title), said(rule.game, rule.note),
                said(paraphrase_domain(rule.game), rule.english))
    return said(RULES, rule.title), said(RULES, rule.note), said(PARAPHRASES, rule.english)


def render(text, lang: str = DEFAULT, game: str | None = None) -> str:
    """`text` as shown in `lang`: a `Message` translated (its message parameters too), any
    other string as it is."""
    if lang not in TRANSLATED or not isinstance(text, Message) or not text.template:
        if lang == PSEUDO and isinstance(text, Message) and text.template:
            return "⟦" + str(Message(text.template, text.plural, text.n, {
                key: _pseudo(value) for key, value in text.params.items()})) + "⟧"
        return str(text)            # ("" would be looked up as the catalogue's header)
    t = translations(lang, game or SHARED)
    if text.plural is None:
        template = t.gettext(text.template)
    else:
        template = t.ngettext(text.template, text.plural, text.n)
    values = {key: listed(value, lambda item: render(item, lang, game))
              for key, value in text.params.items()}
    if text.plural is not None:
        values["n"] = text.n
    if not values:
        return template
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):   # a broken translation: English, not an error
        return str(text)


def _pseudo(value):
    if isinstance(value, tuple):
        return tuple(_pseudo(item) for item in value)
    return render(value, PSEUDO) if isinstance(value, Message) else value


class Words:
    """One page's language: `words(text)` renders `text` in it, for one game's domain."""

    def __init__(self, lang: str = DEFAULT, game: str | None = None):
        self.lang = language(lang) or DEFAULT
        self.game = game

    def __call__(self, text) -> str:
        return render(text, self.lang, self.game)


def fields(template: str) -> set[str]:
    """The names of a template's `{fields}` (what a translation must keep)."""
    return set(FIELD.findall(template.replace("{{", "").replace("}}", "")))


# -- extraction (development: `python -m explorer i18n update`) ---------------------------------

def sources(domain: str) -> list[Path]:
    """The files whose words go into `domain`'s catalogue."""
    if domain in (RULES, PARAPHRASES):
        return sorted(Path(str(p.texts / f"{p.name}.rules.toml")) for p in games.plugins()
                      if not _outside(p.name))
    if domain == SHARED:
        found = [p for p in (ROOT / "explorer").glob("*.py")]
        found += [p for p in (ROOT / "widgets").glob("*.py")]
        found += [p for p in (ROOT / "widgets" / "shared").glob("*.py")]
        found += [p for p in (ROOT / "server").glob("*.py")]
    elif domain.endswith(f"_{PARAPHRASES}"):
        plugin = games.plugin(_game_of(domain))
        found = [Path(str(plugin.texts / f"{plugin.name}.rules.toml"))]
    else:
        plugin = games.plugin(domain)
        found = [p for folder in plugin.sources for p in Path(str(folder)).rglob("*.py")]
        found += list(Path(str(plugin.lessons)).glob("*.toml"))
        if _outside(domain):
            found.append(Path(str(plugin.texts / f"{domain}.rules.toml")))
    return sorted(set(found))


def _where(path: Path) -> str:
    """A source file as the catalogue names it: from the project's root, or else from its
    package's folder."""
    for root in (ROOT, *(Path(str(folder)).parent for plugin in games.plugins()
                         for folder in plugin.sources)):
        if path.resolve().is_relative_to(root.resolve()):
            return str(path.resolve().relative_to(root.resolve()))
    return path.name


def extract(domain: str):
    """A Babel catalogue template of every message in `domain`'s sources."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract as babel_extract

    catalog = Catalog(project="rules-explorer", domain=domain, charset="utf-8")
    for path in sources(domain):
        where = _where(path)
        if domain in (RULES, PARAPHRASES) or path.name.endswith(".rules.toml"):
            for line, value in _rule_words(path, domain):
                catalog.add(value, locations=[(where, line)])
            continue
        if path.suffix == ".toml":
            for line, value in _lesson_words(path):
                catalog.add(value, locations=[(where, line)])
            continue
        with path.open("rb") as f:
            for line, msgid, _comments, _context in babel_extract(python_calls, f, KEYWORDS):
                catalog.add(msgid, locations=[(where, line)])
    return catalog


def python_calls(fileobj, keywords, comment_tags, options):
    """A Babel extraction method for Python that reads the syntax tree, so it also finds the
    `T(...)` calls inside f-strings, which Babel's own token-based method cannot see."""
    import ast

    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):   # Babel picks the template arguments by KEYWORDS' positions
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in keywords and node.args):
            yield node.lineno, node.func.id, tuple(_literal(a) for a in node.args), []


def dynamic_calls(path: Path) -> list[int]:
    """Lines of `T(...)`/`N(...)` calls in a Python file whose template is not a literal: their
    words cannot be extracted into the catalogues."""
    import ast

    return [node.lineno for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in KEYWORDS and node.args
            and not all(isinstance(_literal(node.args[i - 1]), str)
                        for i in (KEYWORDS[node.func.id] or (1,)) if i <= len(node.args))]


def _literal(node):
    """The string a node spells out (adjacent literals joined), else None."""
    import ast

    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _rule_words(path: Path, domain: str) -> list[tuple[int, str]]:
    """A rule index's titles and notes (RULES) or paraphrases (PARAPHRASES), by line."""
    source = path.read_text(encoding="utf-8")
    keys = ("english",) if _game_of(domain) != domain or domain == PARAPHRASES else ("title", "note")
    found = []
    heads = [n for n, line in enumerate(source.splitlines(), start=1) if line.startswith("[\"")]
    for (rule_id, rule), line in zip(tomllib.loads(source).items(), heads):
        found += [(line, rule[key]) for key in keys if rule.get(key)]
    return found


def _lesson_words(path: Path) -> list[tuple[int, str]]:
    """A lesson's words a person reads, with the line where each table starts."""
    source = path.read_text(encoding="utf-8")
    data = tomllib.loads(source)
    lines = source.splitlines()
    found: list[tuple[int, str]] = []

    def line_of(value: str) -> int:
        first = value.strip().splitlines()[0][:40]
        return next((n for n, line in enumerate(lines, start=1) if first in line), 1)

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in LESSON_FIELDS and isinstance(value, str) and value.strip():
                    found.append((line_of(value), value.strip()))
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(data)
    return found


def update() -> dict[str, int]:
    """Merge each domain's messages into the `.po` of every translated language (new messages
    empty, gone ones dropped). Returns the number of messages per domain."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    sizes = {}
    for domain in domains():
        template = extract(domain)
        sizes[domain] = len(template)
        for lang in languages_of(domain):
            path = po_path(lang, domain)
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists():
                with path.open("rb") as f:
                    catalog = read_po(f, locale=lang, domain=domain)
            else:
                catalog = Catalog(locale=lang, domain=domain, charset="utf-8")
            catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
            catalog.obsolete.clear()
            catalog.project, catalog.version, catalog.fuzzy = "rules-explorer", "", False
            catalog.header_comment = (f"# {LANGUAGES[lang]} words of the rules explorer "
                                      f"({domain}).\n# Templates from the code: python -m "
                                      f"explorer i18n update; checked by tests/test_catalogues.py")
            catalog.creation_date = catalog.revision_date = CATALOGUE_DATE
            with path.open("wb") as f:
                write_po(f, catalog, width=100, sort_output=True, include_previous=False)
    return sizes


def problems(lang: str, domain: str) -> list[str]:
    """What is wrong in one catalogue: untranslated, fuzzy, or fields unlike the source's."""
    from babel.messages.pofile import read_po

    path = po_path(lang, domain)
    if not path.exists():
        return [f"{path}: missing"]
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=domain)
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        name = ids[0][:60]
        if message.fuzzy:
            found.append(f"{lang}/{domain}: fuzzy: {name!r}")
        if not all(strings) or len(strings) != catalog.num_plurals and len(ids) > 1:
            found.append(f"{lang}/{domain}: untranslated: {name!r}")
            continue
        wanted = set().union(*(fields(i) for i in ids))
        for s in strings:
            if fields(s) - wanted or wanted - {"n"} - fields(s):
                found.append(f"{lang}/{domain}: fields differ: {name!r} -> {s[:60]!r}")
    return found
