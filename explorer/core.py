"""The game-independent pieces every rules engine is built from.

A game is a `Game` (what can be set up) plus a `State` subclass (one position). States are
values: `apply` returns a new state and never changes the one it is called on, so a timeline is
just a list of states.
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain
from operator import index as as_index, itemgetter
from typing import Any, ClassVar, Iterable

from .fields import Field
from .messages import Message, T
from .untrusted import (MAX_DIGITS, MESSAGE_LIMIT, check_data, clipped, dotted, parse_json,
                        parse_toml, problem, shown, too_long)


class IllegalAction(Exception):
    """An action the rules forbid now. `.rule` is the rule id that forbids it."""

    def __init__(self, rule: str, reason: str):
        super().__init__(T("{reason} [{rule}]", reason=reason, rule=rule))
        self.rule = rule
        self.reason = reason


class SetupError(ValueError):
    """Bad arguments to `Game.setup` (player count, option name or value)."""


class RecordError(ValueError):
    """A record that cannot be replayed; the message names the field or the step."""


class PositionError(ValueError):
    """A hand-built position (`game.position(...)`) that cannot be; `.field` names the bad field."""

    def __init__(self, field: str, reason: str):
        super().__init__(T("{field}: {reason}", field=field, reason=reason))
        self.field = field
        self.reason = reason


class Event(tuple):
    """One narrated thing that happened, with the rule that made it happen.

    Underneath, an event is the tuple (text, rule, player, data): the cheapest immutable value to
    build, as engines narrate hundreds a game. Equality and hash leave `data` out, as the
    narration is what an event says."""

    __slots__ = ()

    def __new__(cls, text: str, rule: str, player: int | None = None, data: dict | None = None):
        return tuple.__new__(cls, (text, rule, player, {} if data is None else data))

    text: str = property(itemgetter(0))
    rule: str = property(itemgetter(1))
    player: int | None = property(itemgetter(2))
    data: dict = property(itemgetter(3))

    def __eq__(self, other: object) -> bool:
        return type(other) is Event and self[:3] == other[:3]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:3])

    def __getnewargs__(self):
        return tuple(self)

    def __repr__(self) -> str:
        return (f"Event(text={self.text!r}, rule={self.rule!r}, player={self.player!r}, "
                f"data={self.data!r})")


_new = object.__new__
_tuple_new = tuple.__new__


@dataclass(frozen=True)
class Option:
    """A rule variant or set-up choice a user may switch."""

    default: Any
    choices: tuple | None
    description: str
    rules: tuple[str, ...] = ()
    title: str = ""             # how a person names it, e.g. "Activation order"
    labels: tuple = ()          # (value, words) pairs: each choice as a person reads it

    def label(self, value) -> str:
        """`value` in words (the value itself when no words are given)."""
        return next((words for v, words in self.labels if v == value and type(v) is type(value)),
                    str(value))


START_PLAYER = "start_player"   # the option that names who starts: a seat below the player count


def start_player_option(description: str, rule: str, title: str) -> Option:
    """Who starts, as every game offers it: seat 0-3, which `Game` checks against the player
    count, so each game only says who the rulebook lets start."""
    return Option(0, (0, 1, 2, 3), description, (rule,), title)


@dataclass(frozen=True)
class ScoreLine:
    """One explained part of a player's score. `label` is the English sentence; `facts` are
    the values in it (a temple's number and cell, a field, a count), for views that lay a
    score out on their own and must not read them back out of the words."""

    player: int
    label: str
    points: int
    rule: str
    facts: dict = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class ScoreSheet:
    """Final (or provisional) scores: `.lines` explain every point with a rule id."""

    totals: dict[int, int]
    winners: list[int]
    lines: list[ScoreLine]
    tiebreak: str = ""
    tiebreak_rule: str | None = None
    notes: dict[int, list[str]] = field(default_factory=dict)

    def lines_for(self, player: int) -> list[ScoreLine]:
        return [line for line in self.lines if line.player == player]


class Action:
    """Base for a game's actions: frozen, hashable, JSON round-tripping via the game.

    An action declares its JSON fields, in order (`json_fields`, see `explorer.fields`), and
    its JSON is derived from them: {"type": kind, field: value, ...}. An action whose JSON is
    irregular overrides `to_json` and `from_json` instead."""

    __slots__ = ()

    kind: ClassVar[str] = "action"
    json_fields: ClassVar[tuple[Field, ...]] = ()

    def to_json(self) -> dict:
        data = {"type": self.kind}
        for name, _, write in self.json_fields:
            value = getattr(self, name)
            data[name] = value if write is None else write(value)
        return data

    @classmethod
    def from_json(cls, data: dict) -> "Action":
        """The action `data` names, each field read (and refused) in the declared order."""
        return cls(*[read(data, name) for name, read, _ in cls.json_fields])

    def describe(self) -> str:
        return self.kind


class TupleAction(tuple, Action):
    """An action that is a tuple of its fields: cheap to build by the thousand, hashable, and
    equal only to an action of the same kind (a plain tuple would equal any tuple)."""

    __slots__ = ()

    def __new__(cls, *fields):
        return tuple.__new__(cls, fields)

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.kind, tuple(self)))

    def __reduce__(self):   # copies and pickles: the fields as they are, not through __new__
        return _tuple_of, (type(self), tuple(self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}{tuple.__repr__(self)}"


def _tuple_of(kind: type, fields: tuple) -> TupleAction:
    return tuple.__new__(kind, fields)


class LazyActions(list):
    """A list of legal actions that makes an action only when it is read.

    Positions can offer hundreds or thousands of actions and a bot reads one. Length, indexing,
    slicing, iteration, `in` and comparison read lazily; any other list operation (sort, append,
    copy, ...) first fills the list once, after which it is an ordinary list. Copies and pickles
    are plain lists. A subclass passes its length to `__init__` and gives `_item(index)`
    (0 <= index < length), `_actions()` (all of them, in order, if quicker than one by one) and,
    where it can decide without a search, `_contains(action)`. It is built from a state's
    immutable values, so it never goes stale.
    """
    __slots__ = ("_length", "_filled")

    def __init__(self, length: int):   # no list.__init__: a new list is empty already
        self._length = length
        self._filled = False

    def _item(self, index: int) -> Action:
        raise NotImplementedError

    def _actions(self) -> Iterable[Action]:
        return map(self._item, range(self._length))

    def _contains(self, action) -> bool:
        return any(a == action for a in self._actions())

    def _fill(self) -> None:
        if not self._filled:
            self._filled = True
            list.extend(self, self._actions())

    def __len__(self) -> int:
        return list.__len__(self) if self._filled else self._length

    def __getitem__(self, index):
        if self._filled:
            return list.__getitem__(self, index)
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._length))]
        index = as_index(index)
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("list index out of range")
        return self._item(index)

    def __iter__(self):
        return list.__iter__(self) if self._filled else iter(self._actions())

    def __reversed__(self):
        self._fill()
        return list.__reversed__(self)

    def __contains__(self, action) -> bool:
        return list.__contains__(self, action) if self._filled else self._contains(action)

    def __add__(self, other):
        """`this + another list`: a list's own + copies the items each side holds, and a lazy
        list holds none before it is read, so both are filled first."""
        if not isinstance(other, list):
            return NotImplemented
        for side in (self, other):
            if isinstance(side, LazyActions):
                side._fill()
        return list.__add__(self, other)

    def __radd__(self, other):
        """`a plain list + this one`: a list's own + copies the items held, which a lazy list has
        not made yet (it would add none)."""
        if not isinstance(other, list):
            return NotImplemented
        self._fill()
        return list.__add__(other, self)

    def __eq__(self, other):
        if not isinstance(other, list):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # like a list

    def __repr__(self) -> str:
        return repr(list(self))

    def __reduce_ex__(self, protocol):
        return list, (list(self),)

    def __copy__(self) -> list:
        return list(self)

    def __deepcopy__(self, memo) -> list:
        return list(self)


class JoinedActions(LazyActions):
    """Lazy lists of actions one after another, still lazy (say, places and then rebuilds)."""
    __slots__ = ("_parts",)

    def __init__(self, *parts: LazyActions):
        self._parts = parts
        super().__init__(sum(map(len, parts)))

    def _item(self, index: int) -> Action:
        for part in self._parts:
            if index < len(part):
                return part[index]
            index -= len(part)
        raise IndexError(index)

    def _actions(self) -> Iterable[Action]:
        return chain.from_iterable(self._parts)

    def _contains(self, action) -> bool:
        return any(action in part for part in self._parts)


def _filling(name: str):
    method = getattr(list, name)

    def filled_first(self, *args, **kwargs):
        self._fill()
        return method(self, *args, **kwargs)
    filled_first.__name__ = name
    return filled_first


# every other list operation needs the items in the list itself
for _name in ("__iadd__", "__mul__", "__rmul__", "__imul__", "__setitem__",
              "__delitem__", "__lt__", "__le__", "__gt__", "__ge__", "append", "extend",
              "insert", "pop", "remove", "clear", "index", "count", "reverse", "sort", "copy"):
    setattr(LazyActions, _name, _filling(_name))


class State:
    """One position of a game. Subclasses keep all data in immutable values (tuples, ints), so a
    shallow copy is a safe fork; `options` is set once at set-up and only read after.

    Narration on read: an engine whose narration costs more than its rules sets
    `narrates_on_read`. `apply` then runs the step with `narrating` False, and the engine skips
    its `_emit` calls (`if self.narrating:`). The events are narrated when first read, by running
    the same step again from the state before, narrating: bots and simulations never read most
    of them. Such a state holds the state before it (its fields only, not its history) until
    then. The events live outside the fields (`vars(state)`), so reading them changes no field."""

    __slots__ = ("__dict__", "_events", "_unnarrated")

    game: "Game"
    players: int
    viewer: int | None = None  # None: everything open; else whose view this is
    narrates_on_read: ClassVar[bool] = False
    narrating: ClassVar[bool] = True   # False only while apply() runs a step unnarrated

    def __init__(self, game: "Game", players: int, seed: int, options: dict):
        self.game = game
        self.players = players
        self.seed = seed
        self.options = dict(options)
        self.events = ()
        self.viewer = None

    @property
    def events(self) -> tuple[Event, ...]:
        """What the step that made this state did, narrated."""
        if self._unnarrated is not None:
            before, action = self._unnarrated
            again = _new(type(self))
            again.__dict__ = before.copy()
            again.events = ()
            again._apply(action)
            self.events = again._events
        return self._events

    @events.setter
    def events(self, events: tuple[Event, ...]) -> None:
        self._events = events
        self._unnarrated = None

    # -- to be provided by each game ---------------------------------------------------
    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Change this (freshly forked) state by `action`, appending events; raise IllegalAction."""
        raise NotImplementedError

    def score(self) -> ScoreSheet:
        raise NotImplementedError

    def _hide(self, player: int) -> None:
        """Mask in place what `player` may not see (on a fork)."""
        raise NotImplementedError

    def fingerprint(self) -> str:
        """A canonical text of everything in the position (for equality and mutation checks)."""
        raise NotImplementedError

    @property
    def turn_number(self) -> int | None:
        """The turn in progress as the board counts it, for games whose turn holds several
        decisions; None where every action is a turn of its own."""
        return None

    def describe_action(self, action: Action, viewer: int | None = None) -> str:
        """How `action`, made from this position, reads for `viewer` (None: all open).

        Games with hidden information override it so that a label never names a hidden piece."""
        return action.describe()

    # -- shared behaviour ---------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.current_player is None

    def legal_actions(self) -> list[Action]:
        if self.is_over or self.viewer is not None:
            return []
        return self._legal_actions()

    def apply(self, action: Action) -> "State":
        if self.viewer is not None:
            raise ValueError("this is one player's view of the game, for display; "
                             "apply actions to the full state")
        if self.is_over:
            raise IllegalAction(self.game.end_rule, T("the game is over"))
        if type(action) not in self.game.action_classes:
            raise IllegalAction(self.game.turn_rule,
                                T("not an action of {game}: {action}", game=self.game.title,
                                  action=repr(action)))
        fields = self.__dict__
        nxt = _new(type(self))   # self._fork(), written out: once per step of every game
        nxt.__dict__ = fields.copy()
        nxt._events = ()
        if self.narrates_on_read:
            nxt._unnarrated = (fields, action)
            nxt.narrating = False
            nxt._apply(action)
            del nxt.narrating   # the class's True again, for whatever is done with it next
        else:
            nxt._unnarrated = None
            nxt._apply(action)
        return nxt

    def view(self, player: int | None) -> "State":
        """What `player` may see (hidden things masked); None gives everything open."""
        if player is None:
            return self
        if not (isinstance(player, int) and 0 <= player < self.players):
            raise ValueError(f"player must be 0..{self.players - 1} or None, not {player!r}")
        seen = self._fork()
        seen.viewer = player
        # Event data name tiles (a drawn tile, a face-down tile) and the seed rebuilds every
        # shuffle: a view keeps only the narration, which never names a hidden piece.
        seen.events = tuple(Event(e.text, e.rule, e.player) for e in self.events)
        seen.seed = None
        seen._hide(player)
        return seen

    def _fork(self) -> "State":
        """A shallow copy, which is enough: state data are immutable values (tuples). Built
        directly rather than by copy.copy's generic path, as every action makes one."""
        nxt = _new(type(self))
        nxt.__dict__ = self.__dict__.copy()
        nxt._events = self._events
        nxt._unnarrated = self._unnarrated
        return nxt

    def _next_step(self) -> "State":
        """A fork with no events yet: the next narrated step of a set-up."""
        nxt = self._fork()
        nxt.events = ()
        return nxt

    def _emit(self, text: str, rule: str, player: int | None = None, **data) -> None:
        """Narrate one event."""
        self._events = self._events + (_tuple_new(Event, (text, rule, player, data)),)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.fingerprint() == other.fingerprint()

    def __hash__(self) -> int:
        return hash(self.fingerprint())


class _Unreadable(ValueError):
    """A refusal from `untrusted`, before it becomes a PositionError naming the field."""


_WHOLE = "the text"                 # how the refusals below name the text as a whole
_NOT_JSON = f"{_WHOLE} is not valid JSON: "
_NOT_TOML = f"{_WHOLE} is not valid TOML: "


def _read_data(data: Any) -> Any:
    """JSON or TOML text (or data already read) -> data, within the limits of `untrusted` that
    records and lessons are read within; PositionError names the field (or "position" for the
    text as a whole) in one short message."""
    where: list[tuple] = []

    def name(path) -> str:          # a refusal's place goes into the PositionError's field
        where.append(path)
        return ""

    try:
        if not isinstance(data, str):
            check_data(data, _WHOLE, _Unreadable, name)
            return data
        try:
            return parse_json(data, _WHOLE, _Unreadable, name)
        except _Unreadable as json_error:
            if not str(json_error).startswith(_NOT_JSON):
                raise
            try:
                return parse_toml(data, _WHOLE, _Unreadable, name)
            except _Unreadable as toml_error:
                if not str(toml_error).startswith(_NOT_TOML):
                    raise
                said = json_error.args[0]
                if isinstance(said, Message) and "line" in said.params:
                    raise PositionError("position", T(
                        "neither JSON nor TOML: {error} (line {line}, column {column})",
                        error=said.params["error"], line=said.params["line"],
                        column=said.params["column"])) from None
                raise PositionError("position", "neither JSON nor TOML: " +
                                    str(json_error)[len(_NOT_JSON):]) from None
    except _Unreadable as exc:
        said = exc.args[0] if exc.args else str(exc)
        if not where:
            raise PositionError("position", said) from None
        field = shown(dotted(where[-1]))[1:-1] if where[-1] else "position"
        reason = problem(said)
        if reason is said:
            reason = str(exc).removeprefix(f"{_WHOLE}: ")
        raise PositionError(field, reason) from None


class Game:
    """What a game is: title, player counts, options, and how to set one up."""

    name: str
    title: str
    player_counts: tuple[int, ...]
    options: dict[str, Option]
    action_types: dict[str, type]
    turn_rule: str  # cited when an action is of the wrong kind for the moment
    end_rule: str   # cited when anything is tried after the end
    view_rules: tuple[str, ...] = ()  # the rules that decide what view(player) hides

    @cached_property
    def action_classes(self) -> frozenset[type]:
        """The classes of `action_types`, which `apply` checks every action against."""
        return frozenset(self.action_types.values())

    def setup(self, players: int, seed: int = 0, **options) -> State:
        """The position after set-up; its events narrate the whole set-up."""
        steps = self.setup_steps(players, seed, **options)
        final = steps[-1]._fork()
        final.events = tuple(e for step in steps for e in step.events)
        return final

    def setup_steps(self, players: int, seed: int = 0, **options) -> list[State]:
        """Set-up as a list of positions, one per narrated step (for the timeline)."""
        players, seed, chosen = self.check_setup(players, seed, options)
        return list(self._setup(players, seed, random.Random(seed), chosen))

    def check_setup(self, players, seed, options: dict) -> tuple[int, int, dict]:
        if isinstance(players, bool) or not isinstance(players, int) \
                or players not in self.player_counts:
            raise SetupError(T("{game} is played by {allowed} players, not {players}",
                               game=self.title, allowed=tuple(map(str, self.player_counts)),
                               players=shown(players)))
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(T("seed must be a whole number, not {seed}", seed=shown(seed)))
        if too_long(seed):  # as long as a record may hold, so every game can be saved
            raise SetupError(T("seed must be a whole number of at most {digits} digits, not "
                               "{seed}", digits=MAX_DIGITS, seed=shown(seed)))
        unknown = sorted(set(options) - set(self.options),
                         key=lambda name: name if isinstance(name, str) else shown(name))
        if unknown:
            if not self.options:
                raise SetupError(T("unknown option {name} for {game}; options: none",
                                   name=shown(unknown[0]), game=self.title))
            raise SetupError(T("unknown option {name} for {game}; options: {known}",
                               name=shown(unknown[0]), game=self.title,
                               known=tuple(sorted(self.options))))
        chosen = {name: opt.default for name, opt in self.options.items()}
        chosen.update(options)
        self._check_options(players, chosen)
        return players, seed, chosen

    def _check_options(self, players: int, chosen: dict) -> None:
        for name, value in chosen.items():
            opt = self.options[name]
            # by type too: 1.0 and True equal 1 but are not a player number
            if opt.choices is not None and not any(type(value) is type(choice)
                                                   and value == choice
                                                   for choice in opt.choices):
                raise SetupError(T("option {name}={value} is not allowed; choose one of "
                                   "{allowed}", name=name, value=shown(value),
                                   allowed=tuple(map(repr, opt.choices))))
        if START_PLAYER in chosen and chosen[START_PLAYER] >= players:
            raise SetupError(T("start_player must be 0..{last} for {players} players",
                               last=players - 1, players=players))

    def _setup(self, players: int, seed: int, rng: random.Random,
               options: dict) -> Iterable[State]:
        raise NotImplementedError

    def position(self, players: int, **fields) -> State:
        """A validated mid-game state built from readable names; PositionError names the bad
        field. Each game documents its own fields."""
        raise NotImplementedError(f"{self.title} has no position builder")

    def position_from(self, data: Any) -> State:
        """`position` from data: a dict, or JSON or TOML text, with `players` and the fields
        (and optionally `game`), so a position can be kept in a file."""
        data = _read_data(data)
        if not isinstance(data, dict):
            raise PositionError("position", T("a position is a table of fields with 'players'"))
        data = dict(data)
        game = data.pop("game", self.name)
        if game != self.name:
            raise PositionError("game", T("this is {game} ({name}), not {other}",
                                          game=self.title, name=repr(self.name),
                                          other=shown(game)))
        if "players" not in data:
            raise PositionError("players", T("the number of players is missing"))
        players = data.pop("players")
        return self.position(players, **self._fields_from_data(data))

    def _fields_from_data(self, data: dict) -> dict:
        """Data (lists, string keys) -> the keyword fields of `position`; games whose fields
        use tuples as keys override this."""
        return data

    def changed_options(self, options: dict) -> dict:
        """The options that differ from their defaults: what position data must keep."""
        return {name: value for name, value in options.items()
                if name not in self.options or self.options[name].default != value}

    def setup_data(self, state: State) -> dict:
        """What position data keeps of the set-up, last: the options changed from their
        defaults (if any) and the seed, from which the rest of the game draws."""
        chosen = self.changed_options(state.options)
        return {"options": chosen, "seed": state.seed} if chosen else {"seed": state.seed}

    def position_data(self, state: State) -> dict:
        """`state` as plain data (JSON-safe) that `position_from` builds back into the same
        position, so a position can be kept in a file. Each game says which positions it can
        write (a position between moves, with nothing hidden)."""
        raise NotImplementedError(f"{self.title} cannot write a position as data")

    def score_position(self, players: int, **fields):
        """Score any position (an ark, a village, an island) in one call, from readable names."""
        return self.position(players, **fields).score()

    def action_from_json(self, data: Any) -> Action:
        """An action from its JSON data (or JSON text); ValueError (TypeError or KeyError from
        a game's own reader) names the bad field, in a message of bounded length."""
        if isinstance(data, str):
            data = parse_json(data, "action", ValueError)
        if not isinstance(data, dict) or "type" not in data:
            raise ValueError(T("an action is a JSON object with a 'type', not {data}",
                               data=shown(data)))
        kind = data["type"]
        if not isinstance(kind, str):
            raise ValueError(T("action field 'type' must be a text naming the kind of action, "
                               "not {kind}", kind=shown(kind)))
        cls = self.action_types.get(kind)
        if cls is None:
            raise ValueError(T("unknown action type {kind} in field 'type'; {game} has: {kinds}",
                               kind=shown(kind), game=self.title,
                               kinds=tuple(sorted(self.action_types))))
        try:
            action = cls.from_json(data)
        except (ValueError, TypeError, KeyError) as exc:
            message = str(exc)
            if len(message) <= MESSAGE_LIMIT:
                raise
            raise ValueError(clipped(message)) from None
        # a field the action does not have is a mistake (a misspelt name), not something to drop
        fields = set(action.to_json()) - {"type"}
        unknown = sorted(set(data) - fields - {"type"}, key=str)
        if unknown:
            if not fields:
                raise ValueError(T("unknown field {name} in a {kind} action; its fields are: "
                                   "none", name=shown(unknown[0]), kind=repr(kind)))
            raise ValueError(T("unknown field {name} in a {kind} action; its fields are: "
                               "{known}", name=shown(unknown[0]), kind=repr(kind),
                               known=tuple(sorted(fields))))
        return action

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


# -- rule citations --------------------------------------------------------------------------
# The rule coverage counts a rule as enforced only if the engine cites it while the test suite
# plays (tests/rule_citations.py records it). Rules are cited in a few places only: an event
# narrated (`State._emit`), a refusal raised through `State.apply`, a score sheet made (its
# lines and tie-break) and a view that hides (the game's `view_rules`). While a recorder is set
# those methods are swapped for versions that report each rule; unset, the plain methods run,
# so play costs nothing extra.

_cite = None         # the recorder: called with each rule id cited, or None
_plain: dict = {}    # (class, name) -> the plain method, while the citing versions stand in


def _emit_citing(self, text: str, rule: str, player: int | None = None, **data) -> None:
    _cite(rule)
    _plain[State, "_emit"](self, text, rule, player, **data)


def _apply_citing(self, action: Action) -> "State":
    try:
        nxt = _plain[State, "apply"](self, action)
    except IllegalAction as exc:
        _cite(exc.rule)
        raise
    nxt.events       # an engine that narrates on read cites its rules when narrating: now
    return nxt


def _view_citing(self, player: int | None) -> "State":
    seen = _plain[State, "view"](self, player)
    if seen is not self:
        for rule in self.game.view_rules:
            _cite(rule)
    return seen


def _sheet_citing(self, *args, **kwargs) -> None:
    _plain[ScoreSheet, "__init__"](self, *args, **kwargs)
    for line in self.lines:
        _cite(line.rule)
    if self.tiebreak_rule:
        _cite(self.tiebreak_rule)


_CITING = {(State, "_emit"): _emit_citing, (State, "apply"): _apply_citing,
           (State, "view"): _view_citing, (ScoreSheet, "__init__"): _sheet_citing}


def cite(rule: str) -> None:
    """Tell the recorder (if any) that an engine applied `rule` outside an event, a refusal or
    a score sheet (a solo series' score); free when nothing records."""
    if _cite is not None:
        _cite(rule)


def record_citations(cite) -> Any:
    """Call `cite(rule_id)` for every rule the engines cite from now on; None stops. Returns
    the recorder this one replaces, so a caller can put it back."""
    global _cite
    previous, _cite = _cite, cite
    if cite is not None and not _plain:
        for (cls, name), citing in _CITING.items():
            _plain[cls, name] = cls.__dict__[name]
            setattr(cls, name, citing)
    elif cite is None and _plain:
        for (cls, name), plain in _plain.items():
            setattr(cls, name, plain)
        _plain.clear()
    return previous
