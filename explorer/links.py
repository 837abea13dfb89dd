"""Deep links and record files: what a shared address or an uploaded file says, checked.

A page address such as `?players=4&seed=11&moves=v1.12.q0Xa9w&step=5` opens an exact position,
and a record file replays a whole game. A link gives its moves in one of two forms:

- `moves=v1.<count>.<data>` (written since links became short): each move is its place in the
  list `state.legal_actions()` gives at that point (deterministic: the engines build it in a fixed
  order), the places packed as the digits of one number whose digit i has as many values as move
  i had legal choices, so a forced move costs nothing; `<data>` is base64url of a 3-byte check
  (CRC-32 of the set-up and the moves' JSON) followed by that number, big-endian. Replaying the
  places gives the moves back; the check catches a damaged link, a link pasted onto another
  set-up, and an engine whose list of choices has changed since the link was made. A 100-move
  game fits in about 100 characters (a record was several thousand).
- `record=<base64url of the record JSON>`: the older form, still read exactly as before, and
  still written when a move is not in `legal_actions()`.

Links and files come from outside, so every function here turns any bad input into a `LinkError`
whose message a teacher can act on, and never into anything else.
No widgets, so the checks are tested without a page.
"""
from __future__ import annotations

import base64
import binascii
import json
import re
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field
from html import escape
from urllib.parse import quote, unquote_plus

import explorer
from explorer import IllegalAction, Record, RecordError, SetupError
from explorer.messages import Message, T, reason_of
from explorer.untrusted import MAX_DIGITS

MAX_QUERY_CHARS = 100_000
MAX_ACTIONS = 5_000
MAX_FILE_BYTES = 2_000_000
SHOWN_CHARS = 40        # of a visitor's text quoted back in a message
MESSAGE_CHARS = 300     # a message stays one line in the page
MOVES_FORM = "v1"       # the compact moves form written now (`moves=v1.<count>.<data>`)
CHECK_BYTES = 3         # of CRC-32, in front of the packed moves

SETUP_PARAMS = ("players", "seed")
TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


class LinkError(ValueError):
    """A link or record file that cannot be opened; the message names the bad part, in one line.
    A message (explorer.messages.T) that is one line already keeps its template, so a page shows
    it in its own language (explorer.messages.reason_of)."""

    def __init__(self, message: str):
        line = " ".join(str(message).split())
        if len(line) > MESSAGE_CHARS:
            line = line[:MESSAGE_CHARS - 1] + "…"
        elif isinstance(message, Message) and line == message:
            line = message
        super().__init__(line)


@dataclass
class DeepLink:
    """What a link opens: the set-up (options complete, as `check_setup` returns them), the moves
    as JSON dicts, and the step counted from 1 (None: the app's own choice)."""

    players: int
    seed: int
    options: dict = field(default_factory=dict)
    actions: list = field(default_factory=list)
    step: int | None = None
    lesson: str | None = None   # a shipped lesson's name (`?lesson=<name>&step=N`)
    states: list = field(default_factory=list, compare=False, repr=False)   # after each move,
    # as checking the link replayed them: the app shows them without replaying the moves again
    rule: str | None = None     # a rule id to see act (`?rule=<id>`, options pick a reading;
    # with `players=N` the options also hold "players": N, a step in a game of N players,
    # e.g. the solo game, as `explorer.rulebook.demo` reads them)


# -- reading a link -------------------------------------------------------------------------

def parse_query(game, query, default_players: int, default_seed: int) -> DeepLink:
    """The position a page's query string asks for (leading `?` optional, URL-encoded).

    Raises LinkError for anything it cannot open, and nothing else."""
    try:
        return _parse_query(game, query, default_players, default_seed)
    except LinkError:
        raise
    except Exception as exc:  # a visitor's text must never crash the page
        raise LinkError(T("the link cannot be read ({error})",
                            error=type(exc).__name__)) from None


def _parse_query(game, query, default_players, default_seed) -> DeepLink:
    if isinstance(query, (bytes, bytearray)):
        query = _utf8(bytes(query), T("the link is not UTF-8 text"))
    if not isinstance(query, str):
        raise LinkError(T("the link's query must be text"))
    if len(query) > MAX_QUERY_CHARS:
        raise LinkError(T("the link is too long ({length:,} characters; at most {limit:,})",
                          length=len(query), limit=MAX_QUERY_CHARS))
    params = _split_query(query)
    params.pop(LANG_PARAM, None)    # the page's language (page_words.page_language), not the game's
    if params.get(GAME_PARAM, game.name) != game.name:   # game.ipynb's: which game the page is
        raise LinkError(T("this page is {game}'s, the link asks for {other}",
                          game=game.title, other=_shown(params[GAME_PARAM])))
    params.pop(GAME_PARAM, None)
    known = (*SETUP_PARAMS, *game.options, "moves", "record", "step", "lesson", "rule")
    for name in params:
        if name not in known:
            raise LinkError(T("unknown parameter {name}; a link may give {known}",
                              name=_shown(name), known=known))

    given: dict = {}
    if "players" in params:
        given["players"] = _whole_number("players", params["players"])
    if "seed" in params:
        given["seed"] = _whole_number("seed", params["seed"], MAX_DIGITS)
    options = {name: _option_value(name, game.options[name], params[name])
               for name in game.options if name in params}
    step = None
    if "step" in params:
        step = _whole_number("step", params["step"])
        if step < 1:
            raise LinkError(T("step counts from 1, not {step}", step=step))

    if "lesson" in params:
        others = sorted(set(params) - {"lesson", "step"})
        if others:
            raise LinkError(T("a lesson link gives only lesson and step, not {name}",
                              name=_shown(others[0])))
        name = params["lesson"]
        names = [lesson.name for lesson in explorer.lessons.shipped(game.name)]
        if name not in names:
            if not names:
                raise LinkError(T("{game} has no lesson {name}; lessons: none",
                                  game=game.title, name=_shown(name)))
            raise LinkError(T("{game} has no lesson {name}; lessons: {names}",
                              game=game.title, name=_shown(name), names=tuple(names)))
        return DeepLink(default_players, default_seed, {}, [], step, lesson=name)

    if "rule" in params:
        others = sorted(set(params) - {"rule", "players", *game.options})
        if others:
            raise LinkError(T("a rule link gives only rule and rule options (and players), "
                              "not {name}", name=_shown(others[0])))
        rule = params["rule"]
        if not rule.startswith(game.name + ".") or not explorer.rules.exists(rule):
            raise LinkError(T("{game} has no rule {rule}", game=game.title, rule=_shown(rule)))
        if "players" not in given:
            return DeepLink(default_players, default_seed, options, [], None, rule=rule)
        players = given["players"]
        _check_setup(game, players, default_seed, options)   # a player count of the game
        if rule.split(".")[1] == "solo" and players != 1:
            raise LinkError(T("rule {rule} acts only in the solo game: give players=1, or no "
                              "players", rule=_shown(rule)))
        # the player count goes to rulebook.demo with the options: a step of that many players
        return DeepLink(players, default_seed, {**options, "players": players}, [], None,
                        rule=rule)

    if "moves" in params:
        if "record" in params:
            raise LinkError(T("a link gives its moves once: moves or record, not both"))
        players, seed, chosen = _check_setup(game, given.get("players", default_players),
                                             given.get("seed", default_seed), options)
        actions, states = _moves_from_text(game, players, seed, chosen, params["moves"])
        return DeepLink(players, seed, chosen, actions, step, states=states)

    if "record" not in params:
        players, seed, chosen = _check_setup(game, given.get("players", default_players),
                                             given.get("seed", default_seed), options)
        return DeepLink(players, seed, chosen, [], step)

    record = _record_from_text(game, _base64url("record", params["record"]), in_link=True)
    players, seed, chosen, actions, states = _check_record(game, record, in_link=True)
    in_record = {"players": players, "seed": seed}
    for name, value in given.items():
        if value != in_record[name]:
            raise LinkError(T("{name}={value} differs from the record, which has "
                              "{name}={recorded}", name=name, value=value,
                              recorded=in_record[name]))
    if options:
        _, _, asked = _check_setup(game, players, seed, {**record.options, **options})
        for name in options:
            if asked[name] != chosen[name]:
                raise LinkError(T("{name}={value} differs from the record, which has "
                                  "{name}={recorded}", name=name,
                                  value=_option_text(asked[name]),
                                  recorded=_option_text(chosen[name])))
    return DeepLink(players, seed, chosen, actions, step, states=states)


LANG_PARAM = "lang"
GAME_PARAM = "game"     # on game.ipynb, the page of any registered game: which one it shows


def in_language(href: str, lang: str) -> str:
    """`href` (a page or a "?..." query) asking for `lang`; English, which every page shows when
    asked for no language, adds nothing."""
    if lang == "en":
        return href
    return f"{href}{'&' if '?' in href else '?'}{LANG_PARAM}={lang}"


def with_game(query: str, game: str | None) -> str:
    """A link's query (or "": no link) on game.ipynb, the page of any game, which names its
    game first (None: a game's own page, whose links name none)."""
    return f"?{GAME_PARAM}={game}&{query.lstrip('?')}" if query and game else query


def with_language(query: str, lang: str) -> str:
    """A link's query (or "": no link) in language `lang`."""
    return in_language(query, lang) if query else query


def query_game(query: str) -> str | None:
    """The game a query names (`game=`, on game.ipynb; "" if it names none); None if it cannot
    be read."""
    try:
        return _split_query(query or "").get(GAME_PARAM, "")
    except LinkError:
        return None


def query_language(query: str) -> str | None:
    """The `lang` a query asks for ("" if it asks for none); None if it cannot be read."""
    try:
        return _split_query(query or "").get(LANG_PARAM, "")
    except LinkError:
        return None


def _split_query(query: str) -> dict[str, str]:
    """name -> value of `a=1&b=2`; a repeated name is refused (which one was meant?)."""
    params: dict[str, str] = {}
    for part in query.lstrip("?").split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        name = _unquote(name).strip()
        if name in params:
            raise LinkError(T("parameter {name} is given twice; give it once", name=_shown(name)))
        params[name] = _unquote(value).strip()
    return params


def _unquote(text: str) -> str:
    try:
        return unquote_plus(text, encoding="utf-8", errors="strict")
    except UnicodeDecodeError:
        raise LinkError(T("the link has %-escapes that are not UTF-8 text")) from None


def _whole_number(name: str, text: str, digits: int = 30) -> int:
    """A number of at most `digits` digits; a seed may be as long as setup and records allow."""
    if not re.fullmatch(r"[+-]?[0-9]+", text):
        raise LinkError(T("{name} must be a whole number, e.g. {name}=3, not {text}",
                          name=name, text=_shown(text)))
    if len(text.lstrip("+-")) > digits:
        raise LinkError(T("{name} must be a whole number of at most {digits} digits, not "
                          "{text}", name=name, digits=digits, text=_shown(text)))
    return int(text)


def _option_value(name: str, option, text: str):
    """The value `text` gives option `name`: one of its choices (by their text), a yes/no, a
    whole number, or a comma-separated list (an option without choices whose default is None,
    i.e. left to the seed unless given)."""
    if option.choices is not None:
        by_text = {_option_text(choice): choice for choice in option.choices}
        if text in by_text:
            return by_text[text]
        folded = {key.lower(): value for key, value in by_text.items()}
        if text.lower() in folded:
            return folded[text.lower()]
        raise LinkError(T("{name} must be one of {choices}, not {text}", name=name,
                          choices=tuple(by_text), text=_shown(text)))
    default = option.default
    if isinstance(default, bool):
        if text.lower() in TRUE_WORDS:
            return True
        if text.lower() in FALSE_WORDS:
            return False
        raise LinkError(T("{name} must be true or false, not {text}", name=name,
                          text=_shown(text)))
    if isinstance(default, int):
        return _whole_number(name, text)
    if default is None or isinstance(default, (list, tuple)):
        return [item.strip() for item in text.split(",")] if text else []
    return text


def _check_setup(game, players, seed, options: dict) -> tuple[int, int, dict]:
    try:
        return game.check_setup(players, seed, dict(options))
    except SetupError as exc:
        raise LinkError(reason_of(exc)) from None


def _base64url(name: str, text: str) -> bytes:
    """Bytes of base64url text (padding optional; the standard alphabet is taken too, and a '+'
    that a form turned into a space)."""
    text = text.replace(" ", "+").replace("-", "+").replace("_", "/").rstrip("=")
    if not re.fullmatch(r"[A-Za-z0-9+/]*", text) or len(text) % 4 == 1:
        raise LinkError(T("{name} is not base64url text (letters, digits, - and _)", name=name))
    try:
        return base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
    except (binascii.Error, ValueError):
        raise LinkError(T("{name} is not base64url text (letters, digits, - and _)",
                          name=name)) from None


# -- the compact moves form (`moves=v1.<count>.<data>`) --------------------------------------

def _check(game, players: int, seed: int, chosen: dict, moves: list) -> bytes:
    """The first CHECK_BYTES of CRC-32 over the set-up and the moves' JSON."""
    text = json.dumps([game.name, players, seed, chosen, moves], sort_keys=True,
                      ensure_ascii=False, separators=(",", ":"), default=str)
    return zlib.crc32(text.encode("utf-8")).to_bytes(4, "big")[:CHECK_BYTES]


def _number_bytes(radix: int) -> int:
    """Bytes of the packed number when the moves had `radix` combinations of choices."""
    return ((radix - 1).bit_length() + 7) // 8


def _moves_from_text(game, players: int, seed: int, chosen: dict, text: str
                     ) -> tuple[list, list]:
    """The moves a `moves=` value packs, replayed from the set-up and checked, and the state
    after each."""
    found = re.fullmatch(r"v([0-9]{1,4})\.([0-9]{1,6})\.([A-Za-z0-9_=+/ -]*)", text)
    if not found:
        raise LinkError(T("moves must read v1.<number of moves>.<letters>, not {text}",
                          text=_shown(text)))
    form, count, data = f"v{int(found[1])}", int(found[2]), found[3]
    if form != MOVES_FORM:
        raise LinkError(T("moves is in form {form}, which this explorer cannot read (it reads "
                          "{known}); the link was made by a newer explorer", form=form,
                          known=MOVES_FORM))
    if count > MAX_ACTIONS:
        raise LinkError(T("moves: {count:,} moves; at most {limit:,} can be opened",
                          count=count, limit=MAX_ACTIONS))
    raw = _base64url("moves", data)
    if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != \
            data.replace(" ", "+").replace("+", "-").replace("/", "_").rstrip("="):
        raise LinkError(T("moves is not base64url text as the explorer writes it (damaged?)"))
    if len(raw) < CHECK_BYTES:
        raise LinkError(T("moves: too short to hold its check (the link was cut off?)"))
    check, number = raw[:CHECK_BYTES], int.from_bytes(raw[CHECK_BYTES:], "big")
    state = game.setup(players, seed, **chosen)
    radix, moves, states = 1, [], []
    for done in range(count):
        choices = state.legal_actions() if not state.is_over else []
        if not choices:
            raise LinkError(T("moves: the game has no move after move {done}, but the link "
                              "gives {count}", done=done, count=count))
        number, place = divmod(number, len(choices))
        radix *= len(choices)
        action = choices[place]
        state = state.apply(action)
        moves.append(action.to_json())
        states.append(state)
    if number or len(raw) - CHECK_BYTES != _number_bytes(radix) or \
            check != _check(game, players, seed, chosen, moves):
        raise LinkError(T("moves: these moves do not fit this game (its check does not "
                          "match): the link was damaged, its players, seed or options were "
                          "changed, or another version of the explorer made it"))
    return moves, states


class _MovePacker:
    """The moves packed so far for one set-up; a longer game goes on from where it stopped."""

    def __init__(self, game, players: int, seed: int, chosen: dict):
        self.state = game.setup(players, seed, **chosen)
        self.actions: list = []
        self.number, self.radix = 0, 1

    def extend(self, actions: list) -> bool:
        """Pack `actions` beyond those packed already; False if one is not a listed choice."""
        for action in actions[len(self.actions):]:
            choices = self.state.legal_actions() if not self.state.is_over else []
            try:
                place = choices.index(action)
            except ValueError:
                return False
            self.number += place * self.radix
            self.radix *= len(choices)
            self.state = self.state.apply(choices[place])
            self.actions.append(action)
        return True


_PACKERS: OrderedDict = OrderedDict()    # set-up key -> _MovePacker, most recent last
_PACKERS_KEPT = 8
_PACKERS_LOCK = threading.Lock()


def _moves_text(game, players: int, seed: int, chosen: dict, actions: list) -> str | None:
    """`v1.<count>.<data>` for these moves, or None when one of them is not among the state's
    `legal_actions()` (the link then carries the record). The app builds the link at every
    step, so the packing of a game is kept and a game one move longer costs one move."""
    key = (game.name, players, seed, json.dumps(chosen, sort_keys=True, default=str))
    with _PACKERS_LOCK:
        packer = _PACKERS.pop(key, None)
        if packer is None or packer.actions != actions[:len(packer.actions)]:
            packer = _MovePacker(game, players, seed, chosen)
        fits = packer.extend(actions)
        _PACKERS[key] = packer
        while len(_PACKERS) > _PACKERS_KEPT:
            _PACKERS.popitem(last=False)
        if not fits:
            return None
        number, radix = packer.number, packer.radix
    moves = [a.to_json() for a in actions]
    raw = _check(game, players, seed, chosen, moves) + number.to_bytes(_number_bytes(radix),
                                                                        "big")
    data = base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")
    return f"{MOVES_FORM}.{len(actions)}.{data}"


# -- reading a record (from a link or a file) -------------------------------------------------

def read_record_file(game, content) -> Record:
    """The record in an uploaded file, checked: at most 2 MB of UTF-8 JSON, a record of `game`
    whose set-up and every move are allowed. Raises LinkError, and nothing else."""
    try:
        return _read_record_file(game, content)
    except LinkError:
        raise
    except Exception as exc:  # a visitor's file must never crash the page
        raise LinkError(T("This file cannot be read as a record ({error}).",
                          error=type(exc).__name__)) from None


def _read_record_file(game, content) -> Record:
    if isinstance(content, str):
        content = content.encode("utf-8")
    if not isinstance(content, (bytes, bytearray, memoryview)):
        raise LinkError(T("This is not a file's content."))
    content = bytes(content)
    if len(content) > MAX_FILE_BYTES:
        raise LinkError(T("This file is larger than {megabytes} MB: it is not a record (a long "
                          "game is a few kB).", megabytes=MAX_FILE_BYTES // 1_000_000))
    if not content.strip():
        raise LinkError(T("This file is empty."))
    text = _utf8(content, T("This file is not UTF-8 text."))
    record = _record_from_text(game, text, in_link=False)
    players, seed, chosen, actions, _ = _check_record(game, record, in_link=False)
    return Record(game.name, players, seed, chosen, actions)


def _utf8(content: bytes, message: str) -> str:
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LinkError(message) from None


def _refusal(in_link: bool, for_link: str, for_file: str) -> LinkError:
    """A link's message is a phrase ("record: ...") inside the app's sentence; a file's is a
    sentence of its own."""
    return LinkError(for_link if in_link else for_file)


def _record_from_text(game, raw, in_link: bool) -> Record:
    """A Record of `game` from JSON text or bytes; its moves are not checked yet."""
    if isinstance(raw, bytes):
        raw = _utf8(raw, T("record: not UTF-8 text once decoded") if in_link
                    else T("This file is not UTF-8 text."))
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        where = dict(error=exc.msg, line=exc.lineno, column=exc.colno)
        raise _refusal(in_link, T("record: not JSON ({error}, line {line}, column {column})",
                                  **where),
                       T("This file is not a record: it is not JSON ({error}, line {line}, "
                         "column {column}).", **where)) from None
    except (RecursionError, ValueError):
        raise _refusal(in_link, T("record: not JSON that can be read"),
                       T("This file is not a record: it is not JSON that can be read.")) from None
    try:
        record = Record.from_json(data)
    except RecordError as exc:
        raise _refusal(in_link, T("record: not a record of a game ({reason})",
                                  reason=reason_of(exc)),
                       T("This file is not a record: {reason}.", reason=reason_of(exc))) from None
    if record.game != game.name:
        other = explorer.GAMES.get(record.game)
        if other is None:
            kind = T("a record of {name}", name=_shown(record.game))
        elif other.title[:1].lower() in "aeiou":
            kind = T("an {game} record", game=other.title)
        else:
            kind = T("a {game} record", game=other.title)
        raise _refusal(in_link, T("record: {kind}, not {game}", kind=kind, game=game.title),
                       T("This file is {kind}, not {game}.", kind=kind, game=game.title))
    return record


def _check_record(game, record: Record, in_link: bool) -> tuple[int, int, dict, list, list]:
    """Set-up and moves of `record`, replayed: (players, seed, complete options, moves as
    canonical JSON dicts, the state after each). Moves are counted as the app's step labels
    count them ("Move 12")."""
    count = len(record.actions)
    if count > MAX_ACTIONS:
        raise _refusal(in_link, T("record: {count:,} moves; at most {limit:,} can be opened",
                                  count=count, limit=MAX_ACTIONS),
                       T("The record has {count:,} moves; at most {limit:,} can be opened.",
                         count=count, limit=MAX_ACTIONS))
    try:
        players, seed, chosen = game.check_setup(record.players, record.seed,
                                                 dict(record.options))
    except SetupError as exc:
        raise _refusal(in_link, T("record: the set-up is not allowed: {reason}",
                                  reason=reason_of(exc)),
                       T("The record's set-up is not allowed: {reason}.",
                         reason=reason_of(exc))) from None
    state = game.setup(players, seed, **chosen)
    moves, states = [], []
    for number, raw in enumerate(record.actions, start=1):
        try:
            action = game.action_from_json(raw)
        except (ValueError, TypeError, KeyError) as exc:
            reason = reason_of(exc)
            raise _refusal(in_link, T("record: move {number} cannot be read: {reason}",
                                      number=number, reason=reason),
                           T("Move {number} of the record cannot be read: {reason}",
                             number=number, reason=reason)) from None
        try:
            state = state.apply(action)
        except IllegalAction as exc:
            said = dict(number=number, reason=exc.reason, rule=exc.rule)
            raise _refusal(in_link, T("record: move {number} is not allowed: {reason} (rule "
                                      "{rule})", **said),
                           T("Move {number} of the record is not allowed: {reason} (rule "
                             "{rule})", **said)) from None
        except Exception as exc:  # a move the engine cannot even judge is not allowed either
            said = dict(number=number, game=game.title, error=type(exc).__name__)
            raise _refusal(in_link, T("record: move {number} is not a move of {game} ({error})",
                                      **said),
                           T("Move {number} of the record is not a move of {game} ({error})",
                             **said)) from None
        moves.append(action.to_json())
        states.append(state)
    return players, seed, chosen, moves, states


# -- writing a link ---------------------------------------------------------------------------

def build_query(game, players: int, seed: int, options: dict, actions, step: int | None) -> str:
    """The query (starting with `?`) that `parse_query` reads back as this position: options
    equal to their default are left out, and so are the moves when there are none. Moves are
    written in the compact `moves=v1...` form; a move that is not among the `legal_actions()`
    of its state (which the engine may still accept) makes it the record form instead."""
    players, seed, chosen = _check_setup(game, players, seed, dict(options or {}))
    parts = [f"players={players}", f"seed={seed}"]
    for name, option in game.options.items():
        if chosen[name] != option.default:
            parts.append(f"{name}={quote(_option_text(chosen[name]), safe=',')}")
    actions = [game.action_from_json(a) if isinstance(a, dict) else a for a in (actions or [])]
    compact = _moves_text(game, players, seed, chosen, actions) if actions else None
    if compact:
        parts.append(f"moves={compact}")
    elif actions:
        moves = [a.to_json() for a in actions]
        record = Record(game.name, players, seed, chosen, moves).to_json()
        text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        encoded = base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")
        parts.append(f"record={encoded}")
    if step is not None:
        parts.append(f"step={int(step)}")
    return "?" + "&".join(parts)


def _option_text(value) -> str:
    """How an option value is written in a link."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(str(item) for item in value)
    return str(value)


def _shown(text) -> str:
    """A visitor's text quoted back, cut short."""
    text = str(text)
    if len(text) > SHOWN_CHARS:
        text = text[:SHOWN_CHARS] + "…"
    return repr(text)


# -- downloads without a server -----------------------------------------------------------------

def download_link_html(data: bytes, filename: str, mime: str, label: str, css_class: str) -> str:
    """An `<a download>` whose href carries the bytes as a data: URL, so the browser saves them
    without asking any server (the page's kernel has no file route of its own)."""
    if not re.fullmatch(r"[A-Za-z0-9.+-]+/[A-Za-z0-9.+-]+", mime or ""):
        raise ValueError(f"not a MIME type: {mime!r}")
    filename = re.sub(r"[\x00-\x1f\x7f/\\]+", "_", filename or "download")
    payload = base64.b64encode(bytes(data)).decode("ascii")
    return (f'<a class="{escape(css_class, quote=True)}" download="{escape(filename, quote=True)}"'
            f' href="data:{mime};base64,{payload}">{escape(label)}</a>')
