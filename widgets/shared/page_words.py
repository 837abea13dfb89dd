"""The page's language: every text a widget shows goes through one `PageWords`.

`words(text)` renders a message (explorer/messages.py) in the page's language. A widget's fixed
texts (a button's label, a tooltip, a tab's title) are set with `words.keep(...)`, which also
re-sets them when the language changes, so a switch repaints the page in place: the game, the
step and the branches stay as they are. Texts that change with the step (narration, messages,
the board) are drawn again by the app's refresh after a switch (`on_switch`).
"""
from __future__ import annotations

import weakref
from typing import Callable

from explorer import i18n
from explorer.links import query_language
from explorer.messages import T


class PageWords:
    """Renders text in `lang` for `game`'s catalogue and keeps the fixed texts to re-set."""

    def __init__(self, lang: str = i18n.DEFAULT, game: str | None = None):
        self.lang = i18n.language(lang) or i18n.DEFAULT
        self.game = game
        self._kept: list[Callable[[PageWords], None]] = []
        self._switched: list[Callable[[], None]] = []

    def __call__(self, text) -> str:
        return i18n.render(text, self.lang, self.game)

    def keep(self, show: Callable[["PageWords"], None]) -> None:
        """Call `show(words)` now and after every language switch."""
        self._kept.append(show)
        show(self)

    def set(self, widget, **texts) -> object:
        """Set `widget`'s text traits (description=T("Forward"), tooltip=...) in the page's
        language, now and after every switch; returns the widget. Held weakly: a closed,
        forgotten widget is not kept alive by its words."""
        ref = weakref.ref(widget)

        def show(words: PageWords) -> None:
            target = ref()
            if target is not None:
                for name, text in texts.items():
                    setattr(target, name, words(text))
        self.keep(show)
        return widget

    def options(self, dropdown, choices) -> object:
        """A dropdown's (label, value) choices with labels in the page's language."""
        ref = weakref.ref(dropdown)

        def show(words: PageWords) -> None:
            target = ref()
            if target is not None:
                value = target.value
                target.options = [(words(label), v) for label, v in choices]
                target.value = value
        self.keep(show)
        return dropdown

    def on_switch(self, react: Callable[[], None]) -> None:
        """Call `react()` after every switch (after the fixed texts are re-set)."""
        self._switched.append(react)

    def switch(self, lang: str) -> bool:
        """Show the page in `lang`; False (nothing changes) for a language we do not have."""
        lang = i18n.language(lang)
        if lang is None:
            return False
        if lang == self.lang:
            return True
        self.lang = lang
        for show in self._kept:
            show(self)
        for react in self._switched:
            react()
        return True


def page_language(query: str, accept_language: str | None) -> tuple[str, str | None]:
    """The language a page shows: its address's `lang=` if that is one of ours, else the
    browser's preference (Accept-Language), else English. Also the `lang` asked for but
    unknown (to say so), or None."""
    asked = query_language(query)
    if asked:
        found = i18n.language(asked)
        return (found, None) if found else (i18n.DEFAULT, asked)
    return i18n.negotiate(accept_language), None


def unknown_language(value: str) -> str:
    """The one-line message for a `lang` we do not have (always in English: we have no other)."""
    return T("There is no language {value} here; showing English. Choose one of: {choices}.",
             value=repr(value)[:40], choices=", ".join(i18n.LANGUAGES))
