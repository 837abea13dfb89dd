"""Words the engines say: English text that keeps its template, so a view can translate it.

An engine writes every sentence a person reads as `T("{player} takes {gold} gold.", player=...,
gold=3)` or, for a count, `N("{n} tile", "{n} tiles", n)`. The result is a `Message`: a `str`
equal to the English sentence (so narrations, records, golden files and fingerprints read as
before), which also carries its template and parameters. `explorer.i18n.render` shows it in
another language from the gettext catalogues; parameters that are messages themselves (a
player's name, a colour) are translated too. The catalogues are extracted from the `T` and `N`
calls (`python -m explorer i18n update`), so templates must be literal strings.

A leaf module (it imports nothing of the project), so every module of every engine may use it.
"""
from __future__ import annotations


class Message(str):
    """English text with its `template`, `params` and, for a count, `plural` template and `n`.

    Compared, hashed, stored and joined as the plain English string. Joining two messages with
    `+` gives a plain string, which a view can no longer translate: build one template instead."""

    template: str
    plural: str | None
    n: int | None
    params: dict

    def __new__(cls, template: str, plural: str | None = None, n: int | None = None,
                params: dict | None = None):
        params = params or {}
        chosen = template if plural is None or n == 1 else plural
        values = {k: listed(v, str) for k, v in params.items()}
        if plural is not None:
            values["n"] = n
        self = str.__new__(cls, chosen.format(**values) if values else chosen)
        self.template, self.plural, self.n, self.params = template, plural, n, params
        return self

    def __reduce__(self):
        return Message, (self.template, self.plural, self.n, self.params)

    def __copy__(self) -> Message:
        return self

    def __deepcopy__(self, memo) -> Message:
        return self

    def __repr__(self) -> str:
        return f"T({str.__repr__(self)})"


def listed(value, show):
    """A parameter as a template gets it: a tuple is a list, "a, b, c", each item shown by
    `show`; anything else is `show(value)` if it is text, else the value (a number keeps its
    format spec)."""
    if isinstance(value, tuple):
        return ", ".join(show(item) for item in value)
    return show(value) if isinstance(value, str) else value


def T(template: str, **params) -> Message:
    """A sentence to translate: `template` uses `{name}` fields filled from `params`: numbers,
    messages (translated too), plain strings that need no translation (a cell "C4", a tile code
    "2-1-0-1") or tuples of these (shown as a list "a, b")."""
    return Message(template, None, None, params)


def N(singular: str, plural: str, n: int, **params) -> Message:
    """A sentence about `n` things: `singular` when n is 1, else `plural` (other languages
    choose by their own plural rules); both may use `{n}` and fields from `params`."""
    return Message(singular, plural, n, params)


def plural(n: int, word: str) -> str:
    """`n` and an English word, in the plural unless n is 1: "1 tile", "3 tiles"."""
    return f"{n} {word if n == 1 else _PLURALS.get(word, word + 's')}"


_PLURALS = {"berry": "berries"}   # the few words that do not just take an "s"


def player_name(p: int, colours: tuple[str, ...] = ()) -> Message:
    """A seat's name as the narration gives it: "Player 2", or with the game's colours
    "Player 2 (purple)" (colours are messages, so they are translated with the name)."""
    if colours:
        return T("Player {number} ({colour})", number=p + 1, colour=colours[p])
    return T("Player {number}", number=p + 1)


def reason_of(exc: Exception) -> str:
    """What an error says: its message as the engine gave it (a template, translatable), else
    its text."""
    said = exc.args[0] if exc.args else ""
    return said if isinstance(said, Message) and len(exc.args) == 1 else str(exc)
