"""Reading data that comes from outside (record files, uploaded lessons, pasted JSON).

Such text may be huge, in another encoding, nested far deeper than any record, or hold numbers
too long to convert; and a value quoted in an error message may be megabytes long. These
functions read it within fixed limits and quote values briefly, so every refusal is one short
message of the caller's error type.
"""
from __future__ import annotations

import itertools
import json
import re
import tomllib
from typing import Any, Callable, Iterator

from .messages import Message, T

MAX_TEXT_BYTES = 5_000_000  # a record of several thousand moves is well under 1 MB
MAX_DEPTH = 64              # records and lessons nest 5 levels; parsers recurse per level
PARSE_DEPTH = 200           # deeper text is refused unparsed; up to this deep, where it is named
MAX_DIGITS = 100            # longest whole number accepted (a seed needs 20 digits at most)
_MAX_BITS = 333             # about MAX_DIGITS digits, for numbers that arrive as int objects
_SAFE_BITS = 332            # a number of this many bits has at most MAX_DIGITS digits
_TOO_LONG = 10 ** MAX_DIGITS
MESSAGE_LIMIT = 500         # longest error message, in characters
VALUE_LIMIT = 60            # longest quotation of a value inside a message

Path = tuple  # keys and indexes from the top of a document down to one value
Namer = Callable[[Path], str]


# -- messages -------------------------------------------------------------------------------

# what the callers name the text they read, as words of a sentence ("record is not UTF-8 text")
NOUNS = {"record": T("record"), "lesson": T("lesson"), "action": T("action"),
         "the text": T("the text"), "position": T("position")}


def noun(what: str) -> str:
    """A caller's name of what it reads, as a message where it is one of NOUNS."""
    return what if isinstance(what, Message) else NOUNS.get(what, what)


def problem(message):
    """The refusal of a message "{what}: {problem}" without its "what", else the message."""
    if isinstance(message, Message) and message.template in ("{what}: {problem}",
                                                              "{what} {where}: {problem}"):
        return message.params["problem"]
    return message


def clipped(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """`text` cut to `limit` characters: the start and the end kept (the end often names a
    rule), the middle replaced by "…"."""
    text = str(text)
    if len(text) <= limit:
        return text
    tail = min(60, limit // 4)
    return text[:limit - tail - 1] + "…" + text[-tail:]


def shown(value: Any, limit: int = VALUE_LIMIT) -> str:
    """The repr of `value` cut to about `limit` characters with "…". Lists, dicts, texts and
    numbers are quoted piece by piece up to the limit, so a huge, deep or very long-numbered
    value costs no more than a short one."""
    if isinstance(value, str) and len(value) > limit:  # the quotes kept: 'abc…'
        quoted = repr(value[:limit])
        return quoted[:limit] + "…" + quoted[0]
    out, size = [], 0
    for piece in _pieces(value, 0, limit):
        out.append(piece)
        size += len(piece)
        if size > limit:
            return "".join(out)[:limit] + "…"
    return "".join(out)


def _pieces(value: Any, depth: int, limit: int) -> Iterator[str]:
    if isinstance(value, bool) or value is None or isinstance(value, float):
        yield repr(value)
    elif isinstance(value, int):
        yield repr(value) if value.bit_length() <= _MAX_BITS else _long_number(value)
    elif isinstance(value, str):
        yield repr(value[:limit + 1])
    elif isinstance(value, (list, tuple, dict)):
        if depth >= 4:
            yield "[…]" if not isinstance(value, dict) else "{…}"
            return
        opening, closing = ("{", "}") if isinstance(value, dict) else \
            (("[", "]") if isinstance(value, list) else ("(", ")"))
        yield opening
        items = value.items() if isinstance(value, dict) else ((None, v) for v in value)
        for number, (key, item) in enumerate(items):
            if number:
                yield ", "
            if isinstance(value, dict):
                yield from _pieces(key, depth + 1, limit)
                yield ": "
            yield from _pieces(item, depth + 1, limit)
        yield closing
    else:
        try:
            yield clipped(repr(value), limit + 1)
        except Exception:  # a repr that fails still must not hide the message it is part of
            yield f"<{type(value).__name__}>"


def _long_number(value: int) -> str:
    digits = int(value.bit_length() * 0.30103) + 1
    return f"<a number of about {digits:,} digits>"


def too_long(value: int) -> bool:
    """Has the whole number `value` more than MAX_DIGITS digits? The one limit for numbers
    from outside (seeds above all: a game whose seed a record cannot hold cannot be saved),
    decided from its size without writing it out."""
    return value.bit_length() > _SAFE_BITS and abs(value) >= _TOO_LONG


def field_path(path: Path) -> str:
    """Where a value is, in words: ('start', 'options', 0) -> "field 'start.options[0]'"."""
    name = dotted(path)
    return T("field {name}", name=shown(name)) if name else ""


def counted_path(items: str, item: str) -> Namer:
    """`field_path`, but a value inside the list `items` is named by its entry counted from 1:
    counted_path("actions", "action") names ('actions', 2, 'cell') "action 3, field 'cell'"."""
    def name(path: Path) -> str:
        if len(path) >= 2 and path[0] == items and isinstance(path[1], int):
            rest, number = dotted(path[2:]), path[1] + 1
            said = ITEMS.get(item)
            if said is None:
                return f"{item} {number}" + (f", field {shown(rest)}" if rest else "")
            return said[1](number, shown(rest)) if rest else said[0](number)
        return field_path(path)
    return name


ITEMS = {   # an entry of a counted list, by its number (and a field in it)
    "action": (lambda n: T("action {number}", number=n),
               lambda n, f: T("action {number}, field {name}", number=n, name=f)),
    "step": (lambda n: T("step {number}", number=n),
             lambda n, f: T("step {number}, field {name}", number=n, name=f)),
}


def dotted(path: Path) -> str:
    """A path as written in code: ('start', 'options', 0) -> "start.options[0]"."""
    return "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path).lstrip(".")


# -- reading text ---------------------------------------------------------------------------

def decode(raw: bytes, what: str, error: type[Exception]) -> str:
    """UTF-8 bytes (a UTF-8 byte-order mark is allowed) -> text within MAX_TEXT_BYTES."""
    if len(raw) > MAX_TEXT_BYTES:
        raise error(T("{what} is larger than {limit:,} bytes", what=noun(what),
                      limit=MAX_TEXT_BYTES))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(T("{what} is not UTF-8 text", what=noun(what))) from None
    if "\x00" in text:  # UTF-16 without a byte-order mark, or a binary file
        raise error(T("{what} is not UTF-8 text", what=noun(what)))
    return text


def read_file(path, what: str, error: type[Exception]) -> str:
    """A file's text via `decode`; the file is never read past MAX_TEXT_BYTES."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_TEXT_BYTES + 1)
    except OSError as exc:
        raise error(T("cannot read {what} {path}: {error}", what=noun(what),
                      path=shown(str(path), 200),
                      error=exc.strerror or type(exc).__name__)) from None
    return decode(raw, what, error)


class _LongNumber:
    """Stands in for a number with too many digits until the check finds where it is."""

    def __init__(self, digits: int):
        self.digits = digits


# a string, possibly cut off by the end of the text; possessive, so it never backtracks
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting(text: str) -> int:
    """How deeply the JSON `text` nests (at most; exact for valid JSON), counted without
    parsing (strings skipped), so text too deep for the parser's recursion is refused first."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    opening = brackets.count("[") + brackets.count("{")
    if opening <= MAX_DEPTH:
        return opening
    return max(itertools.accumulate(map(_STEP.__getitem__, brackets)))


def parse_json(text: str, what: str, error: type[Exception], name: Namer = field_path) -> Any:
    """JSON text -> data, within the size, depth and number-length limits; `name` turns the
    path of a bad value into the words of the message."""
    if len(text) > MAX_TEXT_BYTES:
        raise error(T("{what} is larger than {limit:,} characters", what=noun(what),
                      limit=MAX_TEXT_BYTES))
    depth = nesting(text)
    if depth > PARSE_DEPTH:
        raise error(T("{what} is nested more than {limit} levels deep ({depth:,} levels)",
                      what=noun(what), limit=MAX_DEPTH, depth=depth))
    long_numbers: list[_LongNumber] = []

    def whole_number(digits: str):
        if len(digits.lstrip("-")) <= MAX_DIGITS:
            return int(digits)
        long_numbers.append(_LongNumber(len(digits.lstrip("-"))))
        return long_numbers[-1]

    try:
        data = json.loads(text, parse_int=whole_number)
    except json.JSONDecodeError as exc:
        raise error(T("{what} is not valid JSON: {error} (line {line}, column {column})",
                      what=noun(what), error=exc.msg, line=exc.lineno,
                      column=exc.colno)) from None
    except (ValueError, RecursionError) as exc:  # the limits above make these unexpected
        raise error(T("{what} is not JSON that can be read ({error})", what=noun(what),
                      error=type(exc).__name__)) from None
    if long_numbers or depth > MAX_DEPTH:  # refused: the check finds where
        check_data(data, what, error, name)
    return data


# one part of a TOML dotted key (bare, "basic" or 'literal') and the dot after it; a chain of
# them starts at the start of a word, so a long word is never rescanned from each letter
_KEY_PART = r"""(?:[\w-]++|"(?:[^"\\\n]++|\\.)*+"|'[^'\n]*+')[ \t]*+\."""
_KEY_CHAIN = re.compile(r"(?<![\w-])(?:%s[ \t]*+)++" % _KEY_PART)
_KEY_PARTS = re.compile(_KEY_PART)
_LONG_DIGITS = re.compile(r"(?<![\w.])[+-]?[0-9][0-9_]{%d,}" % MAX_DIGITS)


def long_dotted_key(text: str) -> bool:
    """Does TOML `text` hold a dotted key of more than MAX_DEPTH parts? Anything that looks like
    one counts, even inside a string; linear in the length of the text."""
    if text.count(".") < MAX_DEPTH:
        return False
    return any(len(chain) >= 2 * MAX_DEPTH and len(_KEY_PARTS.findall(chain)) >= MAX_DEPTH
               for chain in map(re.Match.group, _KEY_CHAIN.finditer(text)))


def parse_toml(text: str, what: str, error: type[Exception], name: Namer = field_path) -> dict:
    """TOML text -> data, within the same limits as `parse_json`. tomllib recurses per nested
    array or inline table (RecursionError past Python's limit, caught), and its memory grows
    with the square of a dotted key's length, so long dotted keys are refused before parsing
    (anything that looks like one, even inside a string)."""
    if len(text) > MAX_TEXT_BYTES:
        raise error(T("{what} is larger than {limit:,} characters", what=noun(what),
                      limit=MAX_TEXT_BYTES))
    if long_dotted_key(text):
        raise error(T("{what} has a dotted key of more than {limit} parts", what=noun(what),
                      limit=MAX_DEPTH))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(T("{what} is not valid TOML: {error}", what=noun(what),
                      error=clipped(str(exc), 200))) from None
    except RecursionError:
        raise error(T("{what} is nested more than {limit} levels deep", what=noun(what),
                      limit=MAX_DEPTH)) from None
    except ValueError:  # tomllib turns a number of over 4,300 digits into int() and fails
        long = _LONG_DIGITS.search(text)
        if long:
            raise error(T("{what} line {line}: a number is longer than {limit} digits",
                          what=noun(what), line=text.count(chr(10), 0, long.start()) + 1,
                          limit=MAX_DIGITS)) from None
        raise error(T("{what}: a number is longer than {limit} digits", what=noun(what),
                      limit=MAX_DIGITS)) from None
    check_data(data, what, error, name)
    return data


def check_data(data: Any, what: str, error: type[Exception], name: Namer = field_path) -> None:
    """Refuse data nested deeper than MAX_DEPTH or holding a whole number longer than
    MAX_DIGITS digits, naming where; walks without recursion, so any data can be checked."""
    level, depth, fine = [data], 0, True
    while level and fine:  # first only whether, a level at a time: no paths are built
        below: list = []
        for value in level:
            kind = type(value)
            if kind is str or kind is float or value is None:
                continue
            if kind is int and value.bit_length() <= _SAFE_BITS:
                continue
            if isinstance(value, (dict, list, tuple)):
                if depth >= MAX_DEPTH:
                    fine = False
                    break
                below.extend(value.values() if isinstance(value, dict) else value)
            elif _too_long(value):
                fine = False
                break
        level, depth = below, depth + 1
    if fine:
        return
    found: list[tuple[Any, Path]] = [(data, ())]
    while found:
        value, path = found.pop()
        if _too_long(value):
            digits = value.digits if isinstance(value, _LongNumber) else None
            raise error(_at(what, name(path), T(
                "a number of {digits:,} digits is too long (at most {limit} digits)",
                digits=digits, limit=MAX_DIGITS) if digits else T(
                "a number is too long (at most {limit} digits)", limit=MAX_DIGITS)))
        if isinstance(value, (dict, list, tuple)):
            if len(path) >= MAX_DEPTH:
                raise error(_at(what, name(path), T("nested more than {limit} levels deep",
                                                    limit=MAX_DEPTH)))
            items = value.items() if isinstance(value, dict) else enumerate(value)
            found.extend((item, path + (key,)) for key, item in items)


def _too_long(value: Any) -> bool:
    return isinstance(value, _LongNumber) or (isinstance(value, int) and not isinstance(value, bool)
                                              and too_long(value))


def _at(what: str, where: str, said) -> Message:
    """A refusal `said` about a value of `what`, at `where` if a place is named."""
    if where:
        return T("{what} {where}: {problem}", what=noun(what), where=where, problem=said)
    return T("{what}: {problem}", what=noun(what), problem=said)
