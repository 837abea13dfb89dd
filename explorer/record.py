"""Records: (game, players, seed, options, actions) -> every state, exactly."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .core import IllegalAction, RecordError, SetupError, State


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
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise RecordError(f"record is not valid JSON: {exc}") from None
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object with game, players, seed, options, actions")
        for name, kind in (("game", str), ("players", int), ("seed", int), ("options", dict),
                           ("actions", list)):
            if name not in data:
                raise RecordError(f"record field {name!r} is missing")
            if not isinstance(data[name], kind) or isinstance(data[name], bool):
                raise RecordError(f"record field {name!r} must be {kind.__name__}, "
                                  f"not {type(data[name]).__name__}")
        extra = sorted(set(data) - {"game", "players", "seed", "options", "actions"})
        if extra:
            raise RecordError(f"record has unknown field {extra[0]!r}")
        return cls(data["game"], data["players"], data["seed"], data["options"], data["actions"])

    @classmethod
    def load(cls, path: str | Path) -> "Record":
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {path}: {exc.strerror}") from None
        return cls.from_json(text)

    @classmethod
    def of(cls, states: list[State], actions: list) -> "Record":
        first = states[0]
        return cls(first.game.name, first.players, first.seed, dict(first.options), list(actions))


def replay(record: Record | dict | str) -> list[State]:
    """Every state of a record: the position after set-up, then one per action."""
    from . import GAMES

    if not isinstance(record, Record):
        record = Record.from_json(record)
    game = GAMES.get(record.game)
    if game is None:
        raise RecordError(f"record field 'game': unknown game {record.game!r}; "
                          f"games: {', '.join(sorted(GAMES))}")
    try:
        state = game.setup(record.players, record.seed, **record.options)
    except SetupError as exc:
        raise RecordError(f"record set-up: {exc}") from None
    states = [state]
    for step, raw in enumerate(record.actions, start=1):
        try:
            action = raw if not isinstance(raw, (dict, str)) else game.action_from_json(raw)
        except (ValueError, TypeError) as exc:
            raise RecordError(f"record action {step}: {exc}") from None
        try:
            state = state.apply(action)
        except IllegalAction as exc:
            raise RecordError(f"record action {step} ({action.describe()}) is illegal: "
                              f"{exc.reason} [{exc.rule}]") from None
        states.append(state)
    return states
