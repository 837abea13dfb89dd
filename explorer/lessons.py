"""Lessons: a rulebook's worked example as a replayable walk-through with a caption per step.

A lesson is a TOML (or JSON) file in its game's lessons folder (`explorer/<game>/lessons/`):

    title = "The rebuild for 8 gold"
    teaches = ["cacao.place.rebuild", ...]      # rule ids the lesson is about
    intro = "What the start position shows."   # caption of the start
    [start]                                    # a set-up ...
    players = 3
    seed = 7
    options = {}
    [start.position]                           # ... or a position (game.position_from)
    ...
    [[steps]]
    action = { type = "...", ... }             # exactly what game.action_from_json reads
    caption = "A few sentences."
    [steps.try]                                # optional: the learner must find the move
    prompt = "Where would you place ...?"
    accept = [{ ... }]                         # other moves accepted (besides `action`)
    cites = "cacao.scoring.temples"            # or: any move whose events cite this rule
    rule = "cacao.place.adjacent"              # the rule quoted when a try is wrong
    hint = "Why another move is not the one."
    [expect]                                   # the result the lesson reaches
    scores = { "0" = 43 }                      # totals of score() after the last step
    cites = ["..."]                            # rules some step cites
    over = false

Every lesson is checked on load: every action legal, every rule id known, every caption
present, the stated result reached. A broken file is refused with its name and step.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import rules as rule_index
from .core import Action, IllegalAction, PositionError, SetupError, State
from . import games
from .games import GAMES
from .untrusted import MESSAGE_LIMIT, clipped, counted_path, parse_json, parse_toml, read_file
from .messages import Message, T

_PLACE = counted_path("steps", "step")  # how a refusal names where in a lesson a value is
LESSON_KEYS = {"title", "teaches", "intro", "start", "steps", "expect"}
STEP_KEYS = {"action", "caption", "try"}
TRY_KEYS = {"prompt", "accept", "cites", "rule", "hint"}
EXPECT_KEYS = {"scores", "cites", "over"}


class LessonError(ValueError):
    """A lesson file that cannot be played; the message names the file and the step."""


@dataclass(frozen=True)
class Checkpoint:
    """A step the learner plays: any of `accept`, or any move whose events cite `cites`."""

    prompt: str
    accept: tuple[Action, ...]
    cites: str | None
    rule: str
    hint: str


@dataclass(frozen=True)
class Verdict:
    """The answer to a learner's try at a checkpoint."""

    right: bool
    text: str
    rule: str | None = None
    legal: bool = True      # False: the engine refused the move (text is its reason)


@dataclass(frozen=True)
class Step:
    action: Action
    caption: str
    checkpoint: Checkpoint | None = None


@dataclass(frozen=True)
class Lesson:
    name: str
    game: str
    title: str
    teaches: tuple[str, ...]
    intro: str
    start: dict
    steps: tuple[Step, ...]
    expect: dict = field(default_factory=dict)

    def start_state(self) -> State:
        return _start_state(GAMES[self.game], self.start)

    def states(self) -> list[State]:
        """The start, then the position after each step."""
        states = [self.start_state()]
        for step in self.steps:
            states.append(states[-1].apply(step.action))
        return states

    def captions(self) -> list[str]:
        """One caption per state of `states()`."""
        return [self.intro, *(step.caption for step in self.steps)]

    def judge(self, index: int, state: State, action: Action) -> Verdict:
        """Is `action`, tried in `state` at step `index`, an answer to that checkpoint?"""
        step = self.steps[index]
        check = step.checkpoint
        assert check is not None, f"step {index + 1} of {self.name} is not a checkpoint"
        try:
            after = state.apply(action)
        except IllegalAction as exc:
            return Verdict(False, exc.reason, exc.rule, legal=False)
        if _answers(check, step.action, action, after):
            return Verdict(True, T("Right."))
        return Verdict(False, T("Not this one. {hint}", hint=check.hint), check.rule)

    def to_json(self) -> dict:
        data: dict[str, Any] = {"title": self.title, "teaches": list(self.teaches),
                                "intro": self.intro, "start": self.start, "steps": []}
        for step in self.steps:
            entry: dict[str, Any] = {"action": step.action.to_json(), "caption": step.caption}
            if step.checkpoint:
                c = step.checkpoint
                entry["try"] = {"prompt": c.prompt, "rule": c.rule, "hint": c.hint,
                                "accept": [a.to_json() for a in c.accept]}
                if c.cites:
                    entry["try"]["cites"] = c.cites
            data["steps"].append(entry)
        if self.expect:
            data["expect"] = self.expect
        return data


def _answers(check: Checkpoint, scripted: Action, action: Action, after: State) -> bool:
    if action == scripted or action in check.accept:
        return True
    return check.cites is not None and any(e.rule == check.cites for e in after.events)


def _start_state(game, start: dict) -> State:
    if "position" in start:
        return game.position_from(start["position"])
    return game.setup(start.get("players", game.player_counts[0]), start.get("seed", 0),
                      **start.get("options", {}))


# --------------------------------------------------------------------------- reading

def parse(data: dict, game_name: str, name: str, where: str = "") -> Lesson:
    """A checked Lesson from file data; LessonError names `where` (the file) and the step."""
    where = where or name
    game = GAMES.get(game_name)

    def fail(msg):
        raise LessonError(T("{where}: {problem}", where=where, problem=msg))

    if game is None:
        fail(T("unknown game {name}", name=repr(game_name)))
    if not isinstance(data, dict):
        fail(T("a lesson is a table with title, teaches, start and steps"))
    _only_keys(data, LESSON_KEYS, fail)
    for key in ("title", "teaches", "start", "steps"):
        if key not in data:
            fail(T("{key} is missing", key=repr(key)))
    title, intro = data["title"], data.get("intro", "")
    if not isinstance(title, str) or not title.strip():
        fail(T("'title' must be a non-empty text"))
    if not isinstance(intro, str):
        fail(T("'intro' must be a text"))
    teaches = data["teaches"]
    if not isinstance(teaches, list) or not teaches:
        fail(T("'teaches' must list the rule ids the lesson is about"))
    for rule in teaches:
        _known_rule(rule, game_name, "teaches", fail)
    start = data["start"]
    if not isinstance(start, dict):
        fail(T("'start' must be a table: players, seed, options, or a position"))
    try:
        state = _start_state(game, start)
    except (SetupError, PositionError, TypeError) as exc:
        fail(T("start: {reason}", reason=_said(exc)))
    if not isinstance(data["steps"], list) or not data["steps"]:
        fail(T("'steps' must list at least one step"))
    steps = []
    cited: set[str] = {e.rule for e in state.events}
    for number, raw in enumerate(data["steps"], start=1):
        here = T("step {number}", number=number)
        if not isinstance(raw, dict):
            fail(T("{here}: a step is a table with action and caption", here=here))
        _only_keys(raw, STEP_KEYS, fail, here)
        caption = raw.get("caption")
        if not isinstance(caption, str) or not caption.strip():
            fail(T("{here}: the caption is missing", here=here))
        action = _action(game, raw.get("action"), T("{here}: action", here=here), fail)
        checkpoint = None
        if "try" in raw:
            checkpoint = _checkpoint(game, raw["try"], game_name, T("{here}: try", here=here),
                                     fail)
        try:
            after = state.apply(action)
        except IllegalAction as exc:
            fail(T("{here}: the action is not legal here: {reason} [{rule}]", here=here,
                   reason=exc.reason, rule=exc.rule))
        if checkpoint:
            legal = state.legal_actions()
            for other in checkpoint.accept:
                if other not in legal:
                    fail(T("{here}: try: accepted move {move} is not legal here", here=here,
                           move=str(other.to_json())))
            if checkpoint.cites and not any(e.rule == checkpoint.cites for e in after.events):
                fail(T("{here}: try: the step's own action does not cite {rule}", here=here,
                       rule=checkpoint.cites))
        steps.append(Step(action, T(caption.strip()), checkpoint))
        cited |= {e.rule for e in after.events}
        state = after
    expect = data.get("expect", {})
    _check_expect(expect, state, cited, game_name, fail)
    return Lesson(name, game_name, T(title.strip()), tuple(teaches), T(intro.strip()), start,
                  tuple(steps), expect)


def _only_keys(table: dict, known, fail, where=None) -> None:
    """Refuse a key the lesson format does not know, naming the ones it does."""
    extra = sorted(set(table) - known, key=str)
    if extra:
        problem = T("unknown key {key}; keys: {keys}", key=repr(extra[0]),
                    keys=tuple(sorted(known)))
        fail(problem if where is None else T("{where}: {problem}", where=where, problem=problem))


def _said(exc: Exception):
    """What an error says: its message as given (a template), else its text."""
    said = exc.args[0] if len(exc.args) == 1 else None
    return said if isinstance(said, Message) else str(exc)


def _known_rule(rule, game_name: str, field_name, fail) -> None:
    if not isinstance(rule, str) or not rule.startswith(game_name + "."):
        fail(T("{where}: {rule} is not a rule id of {game}", where=field_name, rule=repr(rule),
               game=game_name))
    if not rule_index.exists(rule):
        fail(T("{where}: unknown rule id {rule}", where=field_name, rule=repr(rule)))


def _action(game, raw, where, fail) -> Action:
    if raw is None:
        fail(T("{where} is missing", where=where))
    try:
        return game.action_from_json(raw)
    except (ValueError, TypeError, KeyError) as exc:
        fail(T("{where}: {reason}", where=where, reason=_said(exc)))


def _checkpoint(game, raw, game_name: str, where, fail) -> Checkpoint:
    if not isinstance(raw, dict):
        fail(T("{where} must be a table: prompt, rule, hint, accept or cites", where=where))
    _only_keys(raw, TRY_KEYS, fail, where)
    for key in ("prompt", "rule", "hint"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            fail(T("{where}: {key} is missing", where=where, key=repr(key)))
    _known_rule(raw["rule"], game_name, T("{where}: rule", where=where), fail)
    cites = raw.get("cites")
    if cites is not None:
        _known_rule(cites, game_name, T("{where}: cites", where=where), fail)
    accept = raw.get("accept", [])
    if not isinstance(accept, list):
        fail(T("{where}: 'accept' must list actions", where=where))
    moves = tuple(_action(game, a, T("{where}: accept", where=where), fail) for a in accept)
    return Checkpoint(T(raw["prompt"].strip()), moves, cites, raw["rule"], T(raw["hint"].strip()))


def _check_expect(expect, final: State, cited: set[str], game_name: str, fail) -> None:
    if not isinstance(expect, dict):
        fail(T("'expect' must be a table: scores, cites, over"))
    _only_keys(expect, EXPECT_KEYS, fail, "expect")
    if "over" in expect and bool(expect["over"]) != final.is_over:
        fail(T("expect: the game is over after the last step") if final.is_over else
             T("expect: the game is not over after the last step"))
    cites = expect.get("cites", [])
    if isinstance(cites, str):
        cites = [cites]
    if not isinstance(cites, list):
        fail(T("expect: 'cites' is a list of rule ids, not {value}", value=clipped(repr(cites))))
    for rule in cites:
        _known_rule(rule, game_name, "expect: cites", fail)
        if rule not in cited:
            fail(T("expect: no step cites {rule}", rule=rule))
    if "scores" in expect:
        wanted = expect["scores"]
        if not isinstance(wanted, dict):
            fail(T("expect: 'scores' is a table player -> points"))
        totals = final.score().totals
        for player, points in wanted.items():
            try:
                got = totals[int(player)]
            except (ValueError, KeyError):
                fail(T("expect: scores: no player {player}", player=repr(player)))
            if got != points:
                fail(T("expect: scores: player {player} ends with {got} points, not {points}",
                       player=str(player), got=got, points=points))


def read(path: str | Path, game_name: str) -> Lesson:
    """Read and check one lesson file (.toml or .json): UTF-8, at most MAX_TEXT_BYTES bytes."""
    path = Path(path)
    where = clipped(path.name, 80)
    text = read_file(path, "lesson",
                     lambda message: LessonError(T("{where}: {problem}", where=where,
                                                   problem=message)))
    return loads(text, game_name, path.stem, path.name, toml=path.suffix == ".toml")


def loads(text: str, game_name: str, name: str, where: str = "", toml: bool | None = None) -> Lesson:
    """A checked Lesson from TOML or JSON text (e.g. an uploaded file), read within the size,
    nesting and number limits of `explorer.untrusted`. With `toml` None, text starting with
    "{" is read as JSON (a lesson is an object), any other as TOML."""
    where = clipped(where or name, 80)

    def refuse(message) -> LessonError:
        said = T("{where}: {problem}", where=where, problem=message)
        return LessonError(said if len(said) <= MESSAGE_LIMIT else clipped(said))

    if not isinstance(text, str):
        raise refuse(T("a lesson is TOML or JSON text"))
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    if toml is None:
        toml = not text.lstrip().startswith("{")
    if toml:
        data = parse_toml(text, "lesson", refuse, _PLACE)
    else:
        data = parse_json(text, "lesson", refuse, _PLACE)
    try:
        return parse(data, game_name, name, where)
    except LessonError as exc:
        if len(str(exc)) <= MESSAGE_LIMIT:
            raise
        raise LessonError(clipped(str(exc))) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        # a value of a type the checks did not foresee: still a refusal, never a crash
        raise refuse(T("cannot be read ({error}: {reason})", error=type(exc).__name__,
                       reason=clipped(str(exc), 200))) from None


@lru_cache(maxsize=None)
def shipped(game_name: str) -> tuple[Lesson, ...]:
    """The lessons that come with a game, in file-name order (checked; cached)."""
    if game_name not in GAMES:
        return ()
    folder = games.plugin(game_name).lessons
    if not folder.is_dir():
        return ()
    out = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith((".toml", ".json")):
            out.append(read(Path(str(entry)), game_name))
    return tuple(out)


def get(game_name: str, name: str) -> Lesson:
    """A shipped lesson by its name (the file name without extension)."""
    for lesson in shipped(game_name):
        if lesson.name == name:
            return lesson
    names = tuple(lesson.name for lesson in shipped(game_name))
    if not names:
        raise LessonError(T("{game} has no lesson {name}; lessons: none", game=game_name,
                            name=repr(name)))
    raise LessonError(T("{game} has no lesson {name}; lessons: {names}", game=game_name,
                        name=repr(name), names=names))


def draft(start: dict, actions: list[Action], states: list[State], title: str) -> dict:
    """A game so far as lesson data, for a teacher to edit and share: `start` as a lesson's
    start table, one step per action (`states[i]` is the position after `actions[i]`), each
    with the narration as a first caption to rewrite."""
    teaches = sorted({e.rule for s in states for e in s.events})
    steps = [{"action": a.to_json(),
              "caption": " ".join(e.text for e in s.events) or "(write a caption)"}
             for a, s in zip(actions, states)]
    return {"title": title, "teaches": teaches,
            "intro": "(write what the start position shows)", "start": start, "steps": steps}
