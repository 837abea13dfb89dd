"""The annotated rulebook: the seed texts split at the rule references, where each rule can be
seen at work, and how well each rule is covered.

A reader goes from a passage of the rulebook to the place where the rule acts: a shipped lesson,
a seeded bot game, or a position where the engine refuses a move because of that rule. All three
are found by playing, never written down, so they follow the engines as they change.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from . import citations
from . import lessons as lesson_files
from . import rules as rule_index
from .bots import make_bot, play
from .core import IllegalAction, SetupError
from .games import GAMES
from .messages import T

# How far the search for demonstrations goes (fixed, so every run finds the same demos).
GAMES_PER_COUNT = {"random": 20, "greedy": 1}   # seeds tried per player count, at most
PATIENCE = 4          # rounds (one game per player count) without a new rule before a bot stops
REFUSAL_GAMES = 12        # games searched for refused moves
POSITIONS_PER_GAME = 24   # positions of each game where refused moves are tried
TRIES_PER_POSITION = 100   # candidate moves tried at one position
VALUES_PER_FIELD = 8      # other values tried for one field of an action
NEARBY_MOVES = 6          # legal moves of each kind tried from each neighbouring position


def _game(game: str):
    if game not in GAMES:
        raise KeyError(f"unknown game {game!r}; games: {', '.join(sorted(GAMES))}")
    return GAMES[game]


def _rule(game: str, rule_id: str) -> rule_index.Rule:
    rule = rule_index.get(rule_id)
    if rule.game != game:
        raise rule_index.UnknownRule(f"{rule_id!r} is not a rule of {game}")
    return rule


# --------------------------------------------------------------------------- passages

def sources(game: str) -> list[str]:
    """The seed files the game's index cites: main sources first (index order), then the files
    only cited by `also` references (a second language, a summary)."""
    _game(game)
    index = rule_index.for_game(game)
    main = dict.fromkeys(rule.source for rule in index)
    also = dict.fromkeys(ref.source for rule in index for ref in rule.also)
    return list(main) + [source for source in also if source not in main]


@dataclass(frozen=True)
class Passage:
    """Consecutive lines of a seed text that the same rules cite (none: plain text)."""

    source: str
    first: int
    last: int
    lines: tuple[str, ...]
    rules: tuple[str, ...]


def passages(game: str, source: str) -> list[Passage]:
    """The whole of `source`, in order, every line in exactly one passage. A passage ends where
    any reference starts or ends, so overlapping references give pieces that list every rule
    covering them."""
    _game(game)
    text = rule_index.seed_lines(source)
    refs = [(rule.id, ref.lines) for rule in rule_index.for_game(game)
            for ref in rule.references if ref.source == source]
    cuts = {1, len(text) + 1}
    for _, (first, last) in refs:
        cuts |= {max(1, first), min(len(text), last) + 1}
    bounds = sorted(cut for cut in cuts if 1 <= cut <= len(text) + 1)
    out = []
    for start, end in zip(bounds, bounds[1:]):
        ids = tuple(dict.fromkeys(rule for rule, (first, last) in refs
                                  if first <= start and end - 1 <= last))
        out.append(Passage(source, start, end - 1, tuple(text[start - 1:end - 1]), ids))
    return out


# --------------------------------------------------------------------------- demonstrations

@dataclass(frozen=True)
class Demo:
    """Where a rule can be seen.

    how == "lesson": `frame` indexes `lessons.get(game, lesson).states()`.
    how == "game" or "refusal": a seeded game replayed from `game.setup_steps(players, seed,
    **options)`; `frame` indexes the app's timeline, whose first frames are the set-up steps
    (frame i shows set-up step i), then one frame per action (frame len(setup_steps) - 1 + k
    shows the position after k actions), then "Scoring" once the game is over. `actions` lead
    to the frame; for "refusal", `refused` is tried at the position they reach.
    """

    rule: str
    how: str
    lesson: str | None = None
    frame: int = 0
    players: int = 0
    seed: int = 0
    options: dict = field(default_factory=dict)
    actions: tuple = ()
    refused: dict | None = None
    reason: str = ""


PLAYERS = "players"     # in `demo`'s options: show the rule in games of this many players


def demo(game: str, rule_id: str, options: dict | None = None) -> Demo | None:
    """Where `rule_id` can be seen: a shipped lesson, else a seeded bot game, else a refused
    move; None if none of these shows it. With `options`, only lessons started with those
    options and games played with them count (to show one reading of a variant rule).
    `options` may also give "players", a player count of the game: then only lessons and
    games of that many players count (`?players=1&rule=<id>` shows a rule in the solo game)."""
    _rule(game, rule_id)
    return _demos(game, _options_key(game, options)).get(rule_id)


def variants(game: str, rule_id: str) -> list[tuple[str, object]]:
    """The (option, value) pairs that choose between readings of `rule_id`."""
    _rule(game, rule_id)
    out = []
    for name, option in _game(game).options.items():
        if rule_id not in option.rules:
            continue
        if option.choices is not None:
            values = list(option.choices)
        elif isinstance(option.default, bool):
            values = [True, False]
        else:   # a free value (e.g. a list of names): only its default can be named here
            values = [option.default]
        out += [(name, value) for value in values]
    return out


def _options_key(game: str, options: dict | None) -> str | None:
    """A hashable spelling of `options` for the cache, after checking names and choices."""
    if options is None:
        return None
    g = _game(game)
    known = g.options
    for name, value in options.items():
        if name == PLAYERS:
            if isinstance(value, bool) or value not in g.player_counts:
                raise SetupError(T("{game} is played by {allowed} players, not {players}",
                                   game=g.title, allowed=tuple(map(str, g.player_counts)),
                                   players=repr(value)))
            continue
        if name not in known:
            if not known:
                raise SetupError(T("unknown option {name} for {game}; options: none",
                                   name=repr(name), game=game))
            raise SetupError(T("unknown option {name} for {game}; options: {known}",
                               name=repr(name), game=game, known=tuple(sorted(known))))
        choices = known[name].choices
        if choices is not None and value not in choices:
            raise SetupError(T("option {name}={value} is not allowed; choose one of "
                               "{allowed}", name=name, value=repr(value),
                               allowed=tuple(map(repr, choices))))
    return json.dumps(options, sort_keys=True)


@lru_cache(maxsize=None)
def _demos(game: str, options_key: str | None) -> dict[str, Demo]:
    """Every rule's demonstration for one game and one choice of options, found in one pass:
    lessons first, then the same seeded games for every rule, then refusals in those games."""
    options = None if options_key is None else json.loads(options_key)
    players = options.pop(PLAYERS, None) if options else None
    wanted = [rule.id for rule in rule_index.for_game(game)]
    found: dict[str, Demo] = {}
    _lesson_demos(game, options, wanted, found, players)
    played = _game_demos(game, options or {}, wanted, found, players)
    _refusal_demos(played, wanted, found)
    return found


def _lesson_demos(game: str, options: dict | None, wanted: list[str],
                  found: dict[str, Demo], players: int | None = None) -> None:
    """The first frame of a shipped lesson whose events cite a rule (lessons that teach the rule
    first), else the checkpoint that quotes the rule when a wrong move is tried. With `players`,
    only lessons of that many players."""
    runs = []
    for lesson in lesson_files.shipped(game):
        states = lesson.states()
        start = states[0]
        if options and any(start.options.get(k) != v for k, v in options.items()):
            continue
        if players is not None and start.players != players:
            continue
        runs.append((lesson, states))
    for rule in wanted:
        ordered = sorted(runs, key=lambda run: rule not in run[0].teaches)  # stable
        hit = next(((lesson, states, i) for lesson, states in ordered
                    for i, state in enumerate(states)
                    if any(e.rule == rule for e in state.events)), None)
        if hit is None:
            hit = next(((lesson, states, i) for lesson, states in ordered
                        for i, step in enumerate(lesson.steps)
                        if step.checkpoint and step.checkpoint.rule == rule
                        and _wrong_try(lesson, i, states[i]) is not None), None)
        if hit:
            lesson, states, i = hit
            start = states[0]
            found[rule] = Demo(rule, "lesson", lesson.name, i, start.players,
                               lesson.start.get("seed", 0), _chosen(game, start.options))


def _chosen(game: str, options: dict) -> dict:
    """The options that differ from the game's defaults (how a lesson's start was set up, also
    when it starts from a position)."""
    defaults = {name: option.default for name, option in _game(game).options.items()}
    return {name: value for name, value in options.items()
            if name in defaults and value != defaults[name]}


def _wrong_try(lesson, index: int, state):
    """A legal move at checkpoint `index` that the lesson judges wrong (so it quotes the
    checkpoint's rule), or None."""
    for action in state.legal_actions():
        verdict = lesson.judge(index, state, action)
        if not verdict.right and verdict.rule == lesson.steps[index].checkpoint.rule:
            return action
    return None


@dataclass
class _Played:
    """One seeded bot game, kept for the refusal search."""

    bot: str
    players: int
    seed: int
    options: dict
    setup: list          # game.setup_steps(...)
    states: list         # states[0] = the last set-up step, states[k] after k actions
    actions: list


def _game_demos(game: str, options: dict, wanted: list[str],
                found: dict[str, Demo], only: int | None = None) -> list[_Played]:
    """Play seeded games (random bots, then greedy ones), each player count in turn (only
    `only`, if given), and note the first frame citing each rule not yet found. A bot stops
    after `GAMES_PER_COUNT` seeds or `PATIENCE` rounds that found nothing new."""
    g = _game(game)
    counts = []
    for players in g.player_counts if only is None else (only,):
        try:
            g.check_setup(players, 0, options)
            counts.append(players)
        except SetupError:
            continue   # e.g. a start player beyond this player count
    played = []
    for bot in GAMES_PER_COUNT:
        idle = 0
        for seed in range(GAMES_PER_COUNT[bot]):
            if idle >= PATIENCE or all(rule in found for rule in wanted):
                break
            new = False
            for players in counts:
                run = _play(g, players, seed, options, bot)
                played.append(run)
                new |= _note_citations(run, wanted, found)
            idle = 0 if new else idle + 1
    return played


def _play(g, players: int, seed: int, options: dict, bot: str) -> _Played:
    setup = g.setup_steps(players, seed, **options)
    states, actions = play(setup[-1], make_bot(bot, seed))
    return _Played(bot, players, seed, dict(options), setup, states, actions)


def _note_citations(run: _Played, wanted: list[str], found: dict[str, Demo]) -> bool:
    """Add a "game" demo for each wanted rule this game cites first; True if any was added."""
    before = len(found)
    setup_count = len(run.setup)

    def note(rules, frame: int, actions: int) -> None:
        for rule in rules:
            if rule in wanted and rule not in found:
                found[rule] = Demo(rule, "game", None, frame, run.players, run.seed,
                                   dict(run.options),
                                   tuple(a.to_json() for a in run.actions[:actions]))

    for i, step in enumerate(run.setup):
        note([e.rule for e in step.events], i, 0)
    for k, state in enumerate(run.states[1:], start=1):
        note([e.rule for e in state.events], setup_count - 1 + k, k)
    if run.states[-1].is_over:
        note(_sheet_rules(run.states[-1].score()), setup_count + len(run.actions),
             len(run.actions))
    return len(found) > before


def _sheet_rules(sheet) -> list[str]:
    """The rules a final score sheet cites (its lines and the tie-break)."""
    return [line.rule for line in sheet.lines] + \
        ([sheet.tiebreak_rule] if sheet.tiebreak_rule else [])


def _refusal_demos(played: list[_Played], wanted: list[str], found: dict[str, Demo]) -> None:
    """For rules still unseen, try moves that do not fit at positions of the played games:
    moves legal at the neighbouring positions, moves made elsewhere in the same game, and moves
    with one field changed to a value that field (or one of the same shape) takes elsewhere.
    The first refusal citing a rule is kept. Greedy games come first: they reach the crowded
    positions (temples, towers, full boards) that random play rarely builds."""
    ordered = [run for run in played if run.bot == "greedy"] + \
        [run for run in played if run.bot != "greedy"]
    for run in ordered[:REFUSAL_GAMES]:
        g = run.states[0].game
        made = [a.to_json() for a in run.actions]
        values = _values_by_shape(made)
        stride = max(1, len(run.states) // POSITIONS_PER_GAME)
        for k in range(0, len(run.states), stride):
            if all(rule in found for rule in wanted):
                return
            state = run.states[k]
            nearby = [a.to_json() for i in (k - 1, k + 1) if 0 <= i < len(run.states)
                      for a in _by_kind(run.states[i].legal_actions(), NEARBY_MOVES)]
            for raw in _candidates(made, k, values, nearby):
                try:
                    action = g.action_from_json(raw)
                except (ValueError, TypeError, KeyError):
                    continue
                try:
                    state.apply(action)
                except IllegalAction as exc:
                    if exc.rule in wanted and exc.rule not in found:
                        found[exc.rule] = Demo(
                            exc.rule, "refusal", None, len(run.setup) - 1 + k, run.players,
                            run.seed, dict(run.options), tuple(made[:k]), action.to_json(),
                            exc.reason)


def _shape(value) -> str:
    """Values of one shape can stand in for each other (a hex for a hex, a name for a name)."""
    if isinstance(value, (list, tuple)):
        return f"list{len(value)}:" + ",".join(type(v).__name__ for v in value[:3])
    return type(value).__name__


def _values_by_shape(made: list[dict]) -> dict[str, list]:
    values: dict[str, dict[str, object]] = {}
    for raw in made:
        for name, value in raw.items():
            if name != "type":
                values.setdefault(_shape(value), {}).setdefault(json.dumps(value), value)
            else:
                values.setdefault("type", {}).setdefault(value, value)
    return {shape: list(seen.values()) for shape, seen in values.items()}


def _candidates(made: list[dict], k: int, values: dict[str, list],
                nearby: list[dict]) -> list[dict]:
    """Moves to try at position k, taken in turn from three kinds so that each gets its share
    of TRIES_PER_POSITION: the moves made next to it with one field changed, moves legal just
    before or after it, and moves made elsewhere in the game (spread over the whole game)."""
    changed = []
    for base in made[max(0, k - 1):k + 2]:
        for name, value in base.items():
            pool = values["type"] if name == "type" else values.get(_shape(value), [])
            for other in _spread(pool, VALUES_PER_FIELD):
                if other != value:
                    changed.append({**base, name: other})
    kinds = [changed, nearby, _spread(made, TRIES_PER_POSITION)]
    out: dict[str, dict] = {}
    for turn in range(max(map(len, kinds))):
        for kind in kinds:
            if turn < len(kind):
                out.setdefault(json.dumps(kind[turn], sort_keys=True), kind[turn])
    return list(out.values())[:TRIES_PER_POSITION]


def _by_kind(actions: list, n: int) -> list:
    """At most n actions of each kind, spread over the list (a few takes among 8000 splits)."""
    kinds: dict[str, list] = {}
    for action in actions:
        kinds.setdefault(action.kind, []).append(action)
    return [a for same in kinds.values() for a in _spread(same, n)]


def _spread(items: list, n: int) -> list:
    """At most n items, evenly spread over the list (deterministic)."""
    if n <= 0:
        return []
    if len(items) <= n:
        return list(items)
    return [items[i * len(items) // n] for i in range(n)]


# --------------------------------------------------------------------------- coverage

@dataclass(frozen=True)
class Coverage:
    """Is a rule enforced (the engine cited it while the test suite played), tested (a passing
    test that declares it cited it), shown by a demonstration? enforced and tested are None
    when there is no record of the test suite's citations."""

    rule: str
    enforced: bool | None
    tested: bool | None
    shown: bool


LAST_RUNS = "last runs"     # `coverage`'s default record: the one the test runs left, if any


def coverage(game: str, record: citations.Record | None | str = LAST_RUNS) -> list[Coverage]:
    """One entry per rule of the game's index, in index order. `record` defaults to the one
    the last test runs left (citations.RECORD); None: no record, enforced and tested unknown."""
    _game(game)
    if record == LAST_RUNS:
        record = _record()
    cited = None if record is None else record.cited()
    tested = None if record is None else record.tested()
    return [Coverage(rule.id, None if cited is None else rule.id in cited,
                     None if tested is None else rule.id in tested,
                     demo(game, rule.id) is not None)
            for rule in rule_index.for_game(game)]


def summary(game: str, record: citations.Record | None | str = LAST_RUNS) -> dict:
    """Counts for the rulebook's header: rule passages, rules, and how many are enforced,
    tested (both None without a record of the test suite's citations) and shown."""
    entries = coverage(game, record)
    enforced = [c.enforced for c in entries]
    tested = [c.tested for c in entries]
    return {
        "passages": sum(1 for source in sources(game) for p in passages(game, source) if p.rules),
        "rules": len(entries),
        "enforced": None if None in enforced else sum(enforced),
        "tested": None if None in tested else sum(tested),
        "shown": sum(c.shown for c in entries),
    }


def _record() -> citations.Record | None:
    """The record at citations.RECORD, read again only when the file changes; None if there
    is none (an installed package, a checkout whose tests never ran)."""
    try:
        stamp = citations.RECORD.stat().st_mtime_ns
    except OSError:
        return None
    return _record_at(str(citations.RECORD), stamp)


@lru_cache(maxsize=2)
def _record_at(path: str, stamp: int) -> citations.Record | None:
    try:
        return citations.load(Path(path))
    except citations.RecordError:
        return None
