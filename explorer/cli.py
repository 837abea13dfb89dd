"""Command line: `python -m explorer simulate GAME ...`, `python -m explorer replay FILE`,
`python -m explorer rules coverage GAME` and `python -m explorer rules where ID`."""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

from . import i18n
from .bots import BOTS, RandomBot, make_bot, play, play_seats
from .core import RecordError, SetupError
from .games import GAMES
from .record import Record, replay
from .messages import T
from .untrusted import clipped

LANGS = ("en", "ko", "hu")      # --lang: the language of what the commands print for a person
GROUPS = {"index": T("index"), "engine": T("engine"), "view": T("view"), "tests": T("tests"),
          "lessons": T("lessons")}     # the groups of `rules where`, as a person reads them
HOW = {"lesson": lambda n: T("lesson {count}", count=n), "game": lambda n: T("game {count}", count=n),
       "refusal": lambda n: T("refusal {count}", count=n)}


def _simulate(args) -> int:
    game = GAMES[args.game]
    seats = args.bots
    totals, winners, lengths = [], [], []
    seat_points = [[] for _ in seats or ()]
    seat_wins = [0 for _ in seats or ()]
    started = time.perf_counter()
    for i in range(args.games):
        state = game.setup(args.players, args.seed + i)
        if seats is None:
            states, actions = play(state, RandomBot(args.seed + i))
        else:
            bots = [make_bot(name, (args.seed + i) * len(seats) + seat)
                    for seat, name in enumerate(seats)]
            states, actions = play_seats(state, bots)
        sheet = states[-1].score()
        totals += sheet.totals.values()
        winners.append(len(sheet.winners))
        lengths.append(len(actions))
        for seat in range(len(seat_points)):
            seat_points[seat].append(sheet.totals[seat])
            seat_wins[seat] += seat in sheet.winners
        if sys.stderr.isatty() or (i + 1) % max(1, args.games // 10) == 0 or i + 1 == args.games:
            print(f"\r{i + 1}/{args.games} games", end="" if sys.stderr.isatty() else "\n",
                  file=sys.stderr, flush=True)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    elapsed = time.perf_counter() - started
    kind = "random games" if seats is None else f"games (bots: {', '.join(seats)})"
    print(f"{game.title}: {args.games} {kind}, {args.players} players, seeds "
          f"{args.seed}..{args.seed + args.games - 1}")
    print(f"speed: {args.games / elapsed:.1f} games/s ({1000 * elapsed / args.games:.1f} ms/game)")
    print(f"actions per game: mean {statistics.mean(lengths):.1f}, min {min(lengths)}, "
          f"max {max(lengths)}")
    print(f"score per player: mean {statistics.mean(totals):.1f}, min {min(totals)}, "
          f"max {max(totals)}")
    print(f"shared victories: {sum(1 for w in winners if w > 1)} of {args.games}")
    for seat, name in enumerate(seats or ()):
        print(f"seat {seat + 1} ({name}): mean score {statistics.mean(seat_points[seat]):.1f}, "
              f"wins {seat_wins[seat]} of {args.games}")
    return 0


class BotsError(ValueError):
    """A --bots value that names an unknown bot or the wrong number of seats."""


def parse_bots(text: str, players: int) -> list[str]:
    """One bot name per seat from "greedy,random,..."; a single name sits in every seat."""
    names = [name.strip() for name in text.split(",")]
    unknown = [name for name in names if name not in BOTS]
    if unknown:
        raise BotsError(f"unknown bot {unknown[0]!r} in --bots; bots: {', '.join(BOTS)}")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise BotsError(f"--bots names {len(names)} bots for {players} players; give one "
                        "name per seat or a single name for every seat")
    return names


def narrate(record: Record, lang: str = "en") -> str:
    """The narrated log of a record (every event with its rule id), then the score sheet, in
    `lang`."""
    states = replay(record)
    game = states[0].game.name

    def say(text) -> str:
        return i18n.render(text, lang, game)
    out = []
    for step, state in enumerate(states):
        if step:
            action = record.actions[step - 1]
            data = action if isinstance(action, dict) else action.to_json()
            out.append("-- " + say(T("step {step}: {move}", step=step,
                                     move=json.dumps(data, ensure_ascii=False))))
        out += [f"  {say(event.text)}  [{event.rule}]" for event in state.events]
    final = states[-1]
    if not final.is_over:
        out.append(say(T("(the record stops before the end: {game} is not over)",
                         game=final.game.title)))
    else:
        out += sheet_lines(final.score(), say)
    return "\n".join(out) + "\n"


def sheet_lines(sheet, say=str) -> list[str]:
    out = [say(T("Score sheet"))]
    for player in sorted(sheet.totals):
        out.append(" " + say(T("Player {number}: {points} points", number=player + 1,
                               points=sheet.totals[player])))
        out += [f"   {line.points:>3}  {say(line.label)}  [{line.rule}]"
                for line in sheet.lines_for(player)]
    names = tuple(T("Player {number}", number=p + 1) for p in sheet.winners)
    out.append(" " + say(T("Winner: {names} ({tiebreak})", names=names, tiebreak=sheet.tiebreak)
                         if sheet.tiebreak else T("Winner: {names}", names=names)))
    return out


def _replay(args) -> int:
    record = Record.load(args.record)
    try:
        text = narrate(record, args.lang)
    except (RecordError, SetupError):
        raise
    except Exception as exc:  # a record the engine cannot even judge: refuse it, never crash
        raise RecordError(T("the record cannot be replayed ({error})",
                            error=type(exc).__name__)) from None
    sys.stdout.write(text)
    return 0


def _error(exc: Exception, lang: str = "en") -> int:
    """One line on stderr, `error: ...`, of bounded length, in `lang`; exit status 2."""
    said = exc.args[0] if len(exc.args) == 1 else str(exc)
    print(f"error: {clipped(' '.join(i18n.render(said, lang).split()))}", file=sys.stderr)
    return 2


def _coverage(args) -> int:
    """One line per rule (enforced, tested, shown and how, passage lines), then the counts.
    Enforced and tested come from the record of the test suite's runs: without one the command
    says how to make it and exits 2; an out-of-date record is named on stderr. Exit status 1
    if a rule is neither enforced nor shown: it would be a dead entry."""
    from . import citations, rulebook, rules

    def say(text) -> str:
        return i18n.render(text, args.lang, args.game)

    def mark(value) -> str:
        return "?" if value is None else say(T("yes") if value else T("no"))

    try:
        record = citations.load(args.record)
    except citations.RecordError as exc:
        record, missing = None, exc
    else:
        missing = None
    entries = rulebook.coverage(args.game, record)
    width = max(len(c.rule) for c in entries)
    print(f"{say(T('rule')):<{width}}  {say(T('enforced')):<8}  {say(T('tested')):<6}  "
          f"{say(T('shown')):<13}  {say(T('passage'))}")
    how = {}
    for c in entries:
        demo = rulebook.demo(args.game, c.rule) if c.shown else None
        shown = demo.how if demo else say(T("no"))
        if demo:
            how[demo.how] = how.get(demo.how, 0) + 1
        rule = rules.get(c.rule)
        first, last = rule.lines
        where = f"{rule.source}:{first}" + (f"-{last}" if last != first else "")
        if rule.also:
            where += " " + say(T("(+{count} more)", count=len(rule.also)))
        print(f"{c.rule:<{width}}  {mark(c.enforced):<8}  {mark(c.tested):<6}  {shown:<13}  {where}")
    counts = rulebook.summary(args.game, record)
    by_how = tuple(HOW[kind](how.get(kind, 0)) for kind in ("lesson", "game", "refusal"))
    known = {key: "?" if counts[key] is None else counts[key] for key in ("enforced", "tested")}
    line = T("{game}: {rules} rules in {passages} rule passages; enforced {enforced}, tested "
             "{tested}, shown {shown} ({by_how})", game=args.game, rules=counts["rules"],
             passages=counts["passages"], enforced=known["enforced"], tested=known["tested"],
             shown=counts["shown"], by_how=by_how)
    if missing is not None:
        print(say(line))
        return _error(missing, args.lang)
    unsupported = [c.rule for c in entries if not c.enforced and not c.shown]
    print(say(T("{summary}; neither enforced nor shown {count}", summary=line,
                count=len(unsupported))))
    first, last = record.recorded()
    print(say(T("enforced and tested as recorded by {tests} tests, {first} to {last} ({file})",
                tests=len(record.tests), first=_when(first), last=_when(last),
                file=record.path.name)))
    newer = record.newer_sources()
    if newer:
        said = dict(file=citations._shown(newer[0]), more=len(newer) - 1)
        print("warning: " + say(
            T("the record of rule citations is out of date: {file} and {more} more files "
              "changed after it was made; run the tests again", **said) if len(newer) > 1 else
            T("the record of rule citations is out of date: {file} changed after it was made; "
              "run the tests again", **said)), file=sys.stderr)
    for rule_id in unsupported:
        print(say(T("neither enforced nor shown: {rule}", rule=rule_id)), file=sys.stderr)
    return 1 if unsupported else 0


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


def _where(args) -> int:
    """Each file:line naming the rule id in full, grouped: index, engine, view, tests, lessons."""
    from . import citations, rules
    try:
        found = citations.where(args.rule)
    except rules.UnknownRule as exc:
        return _error(ValueError(T("{reason}; `python -m explorer rules coverage GAME` lists "
                                   "the rules of a game", reason=exc.args[0])), args.lang)
    for group, hits in found.items():
        print(i18n.render(T("{group} ({count})", group=GROUPS.get(group, group),
                            count=len(hits)), args.lang))
        for hit in hits:
            print(f"  {hit}")
    return 0


def _i18n(args) -> int:
    from . import i18n

    if args.i18n_command == "update":
        for domain, size in i18n.update().items():
            print(f"{domain}: {size} messages")
        return 0
    found = [p for d in i18n.domains() for lang in i18n.languages_of(d)
             for p in i18n.problems(lang, d)]
    print("\n".join(found) or "every message is translated")
    return 1 if found else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m explorer",
                                     description="Rules engines of the tabletop rules explorer.")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate",
                         help="play games with bots (random by default), print speed and scores")
    sim.add_argument("game", choices=sorted(GAMES))
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--bots", default=None,
                     help=f"bot per seat, comma-separated ({', '.join(BOTS)}); one name for "
                          "every seat (default: random everywhere)")
    rep = sub.add_parser("replay", help="print the narrated log and score sheet of a record")
    rep.add_argument("record", help="a record JSON file")
    rep.add_argument("--lang", choices=LANGS, default="en",
                     help="the language of the narration and the score sheet")
    rules_cmd = sub.add_parser("rules", help="the rule index: how well each rule is covered, "
                                             "where a rule is cited")
    rules_sub = rules_cmd.add_subparsers(dest="rules_command", required=True)
    cov = rules_sub.add_parser("coverage",
                               help="per rule: cited by the engine while the tests played, "
                                    "declared and cited by a passing test, shown by a lesson, "
                                    "game or refused move; exit 1 if a rule is neither "
                                    "enforced nor shown, 2 without a record of the tests")
    cov.add_argument("game", choices=sorted(GAMES))
    cov.add_argument("--lang", choices=LANGS, default="en", help="the language of the report")
    cov.add_argument("--record", default=None,
                     help="the record of rule citations the test suite wrote (default: "
                          ".rule-citations.json in the checkout)")
    where = rules_sub.add_parser("where", help="each file:line that names a rule id in full: "
                                               "index, engine, view, tests, lessons")
    where.add_argument("rule", help="a full rule id: <game>.<area>.<rule>")
    where.add_argument("--lang", choices=LANGS, default="en", help="the language of the report")
    words = sub.add_parser("i18n", help="the translation catalogues: extract the words into "
                                          "explorer/locale and merge them into the .po files "
                                          "(update), or list what is untranslated (check)")
    words.add_argument("i18n_command", choices=("update", "check"))
    args = parser.parse_args(argv)
    try:
        if args.command == "i18n":
            return _i18n(args)
        if args.command == "simulate":
            if args.players is None:
                args.players = max(GAMES[args.game].player_counts)
            if args.games < 1:
                parser.error("--games must be at least 1")
            GAMES[args.game].check_setup(args.players, args.seed, {})
            if args.bots is not None:
                args.bots = parse_bots(args.bots, args.players)
            return _simulate(args)
        if args.command == "rules":
            return _where(args) if args.rules_command == "where" else _coverage(args)
        return _replay(args)
    except (SetupError, RecordError, BotsError) as exc:
        return _error(exc, getattr(args, "lang", "en"))
    except BrokenPipeError:  # the reader of the output stopped early (`| head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 1
