"""Find text a page shows that was never translated.

In the pseudo-language (`explorer.i18n.PSEUDO`) every translated text is shown ⟦like this⟧.
`untranslated(root, board)` walks a widget tree (and the board's last drawn scene) and returns
every piece of visible English left outside the marks: a text some code shows without passing
it through the page's words. Rule quotes (their own `lang`), ids in <code> and styles are not
the page's words and are skipped.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

import ipywidgets as w

WORD = re.compile(r"[A-Za-z]{3,}")
MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
SKIPPED_TAGS = {"code", "style", "script", "svg"}


# Names, not words: the games' titles stay as they are in every language
NAMES = re.compile("|".join(re.escape(g.title) for g in __import__("explorer").GAMES.values()))


def english(text: str) -> list[str]:
    """English words of `text` outside ⟦marks⟧ (marks may nest; a text node cut by a tag inside
    a translated sentence holds only an opening or a closing mark)."""
    text = NAMES.sub(" ", str(text))
    text = re.sub(r"⟦[^⟦⟧]*$", " ", re.sub(r"^[^⟦⟧]*⟧", " ", text))
    while True:
        stripped = MARKED.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    return WORD.findall(text)


class _Visible(HTMLParser):
    """The page-language text nodes of an HTML fragment, and its title/placeholder attributes."""

    def __init__(self, lang: str, skipped=SKIPPED_TAGS):
        super().__init__(convert_charrefs=True)
        self.lang, self.stack, self.found, self.skipped = lang, [], [], skipped

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        other = "lang" in attrs and attrs["lang"] != self.lang
        skipped = tag in self.skipped or other or bool(self.stack and self.stack[-1][1])
        if tag not in ("br", "img", "input", "meta", "hr", "wbr", "link", "source"):
            self.stack.append((tag, skipped))
        if not skipped:
            self.found += [attrs[a] for a in ("title", "placeholder", "aria-label", "alt")
                           if attrs.get(a)]

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if not (self.stack and self.stack[-1][1]) and data.strip():
            self.found.append(data)


def html_texts(html: str, lang: str, skipped=SKIPPED_TAGS) -> list[str]:
    """The page-language texts of `html` (`skipped` tags left out: pass a set without "svg"
    to read the labels of a drawn picture)."""
    parser = _Visible(lang, skipped)
    parser.feed(html)
    return parser.found


def widget_texts(root: w.Widget, lang: str):
    """(where, text) for every text a person may read in the widget tree under `root`."""
    seen, todo = set(), [root]
    while todo:
        widget = todo.pop()
        if id(widget) in seen or not isinstance(widget, w.Widget):
            continue
        seen.add(id(widget))
        name = type(widget).__name__
        for trait in ("description", "tooltip", "placeholder", "tip"):
            value = getattr(widget, trait, None)
            if isinstance(value, str) and value:
                yield f"{name}.{trait}", value
        if isinstance(widget, (w.HTML, w.HTMLMath)):
            for text in html_texts(widget.value, lang):
                yield f"{name}.value", text
        elif isinstance(widget, w.Label):
            yield f"{name}.value", widget.value
        if isinstance(widget, (w.Dropdown, w.Select, w.ToggleButtons, w.RadioButtons,
                               w.SelectMultiple)):
            for label in widget._options_labels:
                yield f"{name}.option", label
        if isinstance(widget, (w.Tab, w.Accordion)):
            for title in widget.titles:
                yield f"{name}.title", title or ""
        todo.extend(getattr(widget, "children", ()) or ())


def scene_texts(scene):
    from widgets.shared.scene import Text
    for layer in scene.layers.values():
        for shape in layer:
            if isinstance(shape, Text):
                yield "canvas", shape.text


def untranslated(root: w.Widget, lang: str, board=None) -> list[str]:
    """Every visible text under `root` (and on `board`'s canvas) with English left in it."""
    found = [(where, text) for where, text in widget_texts(root, lang)]
    if board is not None:
        found += list(scene_texts(board.canvas.scene))
    return sorted({f"{where}: {text.strip()[:80]!r}" for where, text in found if english(text)})


def use_catalogue(tmp_path, monkeypatch, lang: str, entries: dict) -> None:
    """Make `entries` (English -> translation; a pair of each for a plural) the shared
    catalogue of `lang`, in place of the real ones, for one test."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    from explorer import i18n

    catalog = Catalog(locale=lang, domain=i18n.SHARED)
    for english, translated in entries.items():
        catalog.add(english, translated)
    path = tmp_path / lang / "LC_MESSAGES" / f"{i18n.SHARED}.po"
    path.parent.mkdir(parents=True)
    with path.open("wb") as f:
        write_po(f, catalog)
    monkeypatch.setattr(i18n, "LOCALE", tmp_path)
    i18n.translations.cache_clear()
