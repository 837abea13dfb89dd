"""Records: (game, players, seed, options, actions) -> every state, exactly."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .core import Action, IllegalAction, RecordError, SetupError, State
from .games import GAMES
from .messages import Message, T
from .untrusted import (MESSAGE_LIMIT, check_data, clipped, counted_path, decode, parse_json,
                        read_file, shown)

FIELDS = {"game": str, "players": int, "seed": int, "options": dict, "actions": list}
_where = counted_path("actions", "action")  # how a refusal names where in a record a value is


@dataclass
class Record:
    game: str
    players: int
    seed: int = 0
    options: dict = field(default_factory=dict)
    actions: list = field(default_factory=list)  # Action objects or their JSON dicts

    def to_json(self) -> dict:
        return {"game": self.game, "players": self.players, "seed": self.seed,
                "options": dict(self.options),
                "actions": [a if isinstance(a, dict) else a.to_json() for a in self.actions]}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, data) -> "Record":
        """A Record from its JSON data, or JSON text or UTF-8 bytes (read within the size,
        nesting and number limits of `explorer.untrusted`); RecordError names the bad field."""
        if isinstance(data, (bytes, bytearray)):
            data = decode(bytes(data), "record", RecordError)
        if isinstance(data, str):
            data = parse_json(data, "record", RecordError, _where)
        else:
            check_data(data, "record", RecordError, _where)
        if not isinstance(data, dict):
            raise RecordError(T("a record is a JSON object with game, players, seed, options, "
                                "actions, not {data}", data=shown(data)))
        _check_fields(data)
        return cls(data["game"], data["players"], data["seed"], data["options"], data["actions"])

    @classmethod
    def load(cls, path: str | Path) -> "Record":
        """A record file: UTF-8 JSON of at most MAX_TEXT_BYTES bytes."""
        return cls.from_json(read_file(path, "record", RecordError))

    @classmethod
    def of(cls, states: list[State], actions: list) -> "Record":
        first = states[0]
        return cls(first.game.name, first.players, first.seed, dict(first.options), list(actions))


def _check_fields(data: dict) -> None:
    for name, kind in FIELDS.items():
        if name not in data:
            raise RecordError(T("record field {name} is missing", name=repr(name)))
        if not isinstance(data[name], kind) or isinstance(data[name], bool):
            raise RecordError(T("record field {name} must be {kind}, not {other} ({value})",
                                name=repr(name), kind=kind.__name__,
                                other=type(data[name]).__name__, value=shown(data[name])))
    extra = sorted(map(str, set(data) - set(FIELDS)))
    if extra:
        raise RecordError(T("record has unknown field {name}", name=shown(extra[0])))
    for name in data["options"]:
        if not isinstance(name, str):
            raise RecordError(T("record field 'options': option names are text, not {name}",
                                name=shown(name)))


def replay(record: Record | dict | str) -> list[State]:
    """Every state of a record: the position after set-up, then one per action.
    RecordError names the field or the action (counted from 1) that cannot be replayed."""
    if isinstance(record, Record):
        _check_fields(vars(record))
        check_data(vars(record), "record", RecordError, _where)
    else:
        record = Record.from_json(record)
    game = GAMES.get(record.game)
    if game is None:
        raise RecordError(T("record field 'game': unknown game {name}; games: {games}",
                            name=shown(record.game), games=tuple(sorted(GAMES))))
    try:
        state = game.setup(record.players, record.seed, **record.options)
    except SetupError as exc:
        raise RecordError(_short(T("record set-up: {reason}", reason=_said(exc)))) from None
    states = [state]
    for step, raw in enumerate(record.actions, start=1):
        if isinstance(raw, Action):
            action = raw
        elif not isinstance(raw, dict):
            raise RecordError(T("record action {step} is not an object: {value}", step=step,
                                value=shown(raw)))
        else:
            try:
                action = game.action_from_json(raw)
            except (ValueError, TypeError, KeyError) as exc:
                raise RecordError(_short(T("record action {step}: {reason}", step=step,
                                           reason=_said(exc)))) from None
        try:
            state = state.apply(action)
        except IllegalAction as exc:
            described = action.describe()
            if len(described) > 120:
                described = clipped(described, 120)
            raise RecordError(_short(T("record action {step} ({action}) is illegal: {reason} "
                                       "[{rule}]", step=step, action=described,
                                       reason=exc.reason, rule=exc.rule))) from None
        states.append(state)
    return states


def _said(exc: Exception):
    """What an error says: its message as given (a template a page can translate), else its
    text."""
    said = exc.args[0] if len(exc.args) == 1 else None
    return said if isinstance(said, Message) else str(exc)


def _short(message):
    """`message` as it is (keeping its template) if it is short enough, else clipped text."""
    return message if len(message) <= MESSAGE_LIMIT else clipped(message)
