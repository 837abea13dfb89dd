"""An action's JSON fields: how each is read and written, once for every game.

An action class declares its fields in order (`Action.json_fields`), and `core.Action` derives
`to_json` and `from_json` from them. The readers refuse what a record must not guess (a field
left out, a value of the wrong kind) with a sentence a person can read in any language.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable, NamedTuple

from .messages import T


class Field(NamedTuple):
    """One JSON field of an action: its key (the action's attribute of the same name), how
    its value is read from JSON data, and how the attribute is written (None: as it is)."""

    name: str
    read: Callable[[dict, str], Any]
    write: Callable[[Any], Any] | None = None


def given(data: dict, field: str):
    """The value of a field the action needs: one left out is refused, not guessed (a record
    would otherwise replay differently from what its author meant)."""
    if field not in data:
        raise ValueError(T("action field {field} is missing", field=repr(field)))
    return data[field]


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(data: dict, field: str) -> int:
    """A whole number (True and 1.0 are not one)."""
    raw = given(data, field)
    if not _whole(raw):
        raise ValueError(T("action field {field} must be a whole number, not {value}",
                           field=repr(field), value=repr(raw)))
    return raw


def pair(data: dict, field: str, form: str = "[x, y]") -> tuple[int, int]:
    """Two whole numbers, a cell or a hex; `form` names them in the refusal."""
    raw = given(data, field)
    if not isinstance(raw, (list, tuple)) or len(raw) != 2 or not all(map(_whole, raw)):
        raise ValueError(T("action field {field} must be a list of two whole numbers {form}, "
                           "not {value}", field=repr(field), form=form, value=repr(raw)))
    return (raw[0], raw[1])


def one_of(data: dict, field: str, allowed: tuple):
    """One of the names `allowed`."""
    raw = given(data, field)
    if raw not in allowed:
        raise ValueError(T("action field {field} must be one of {allowed}, not {value}",
                           field=repr(field), allowed=allowed, value=repr(raw)))
    return raw


def whole_field(name: str) -> Field:
    return Field(name, whole)


def pair_field(name: str, form: str = "[x, y]") -> Field:
    """A cell or hex, written as a list."""
    return Field(name, partial(pair, form=form), list)


def choice_field(name: str, allowed) -> Field:
    return Field(name, partial(one_of, allowed=tuple(allowed)))
