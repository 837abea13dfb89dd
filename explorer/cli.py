"""Command line: `python -m explorer simulate GAME ...` and `python -m explorer replay FILE`."""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from . import GAMES
from .bots import RandomBot, play
from .core import RecordError, SetupError
from .record import Record, replay


def _simulate(args) -> int:
    game = GAMES[args.game]
    totals, winners, lengths = [], [], []
    started = time.perf_counter()
    for i in range(args.games):
        state = game.setup(args.players, args.seed + i)
        _, actions = play(state, RandomBot(args.seed + i))
        sheet = _[-1].score()
        totals += sheet.totals.values()
        winners.append(len(sheet.winners))
        lengths.append(len(actions))
        if sys.stderr.isatty() or (i + 1) % max(1, args.games // 10) == 0 or i + 1 == args.games:
            print(f"\r{i + 1}/{args.games} games", end="" if sys.stderr.isatty() else "\n",
                  file=sys.stderr, flush=True)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    elapsed = time.perf_counter() - started
    print(f"{game.title}: {args.games} random games, {args.players} players, seeds "
          f"{args.seed}..{args.seed + args.games - 1}")
    print(f"speed: {args.games / elapsed:.1f} games/s ({1000 * elapsed / args.games:.1f} ms/game)")
    print(f"actions per game: mean {statistics.mean(lengths):.1f}, min {min(lengths)}, "
          f"max {max(lengths)}")
    print(f"score per player: mean {statistics.mean(totals):.1f}, min {min(totals)}, "
          f"max {max(totals)}")
    print(f"shared victories: {sum(1 for w in winners if w > 1)} of {args.games}")
    return 0


def narrate(record: Record) -> str:
    """The narrated log of a record (every event with its rule id), then the score sheet."""
    states = replay(record)
    out = []
    for step, state in enumerate(states):
        if step:
            action = record.actions[step - 1]
            data = action if isinstance(action, dict) else action.to_json()
            out.append(f"-- step {step}: {json.dumps(data, ensure_ascii=False)}")
        out += [f"  {event.text}  [{event.rule}]" for event in state.events]
    final = states[-1]
    if not final.is_over:
        out.append(f"(the record stops before the end: {final.game.title} is not over)")
    else:
        out += sheet_lines(final.score())
    return "\n".join(out) + "\n"


def sheet_lines(sheet) -> list[str]:
    out = ["Score sheet"]
    for player in sorted(sheet.totals):
        out.append(f" Player {player + 1}: {sheet.totals[player]} points")
        out += [f"   {line.points:>3}  {line.label}  [{line.rule}]"
                for line in sheet.lines_for(player)]
    names = ", ".join(f"Player {p + 1}" for p in sheet.winners)
    out.append(f" Winner: {names}" + (f" ({sheet.tiebreak})" if sheet.tiebreak else ""))
    return out


def _replay(args) -> int:
    sys.stdout.write(narrate(Record.load(args.record)))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m explorer",
                                     description="Rules engines of the tabletop rules explorer.")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games and print speed and score statistics")
    sim.add_argument("game", choices=sorted(GAMES))
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--seed", type=int, default=0)
    rep = sub.add_parser("replay", help="print the narrated log and score sheet of a record")
    rep.add_argument("record", help="a record JSON file")
    args = parser.parse_args(argv)
    try:
        if args.command == "simulate":
            if args.players is None:
                args.players = max(GAMES[args.game].player_counts)
            if args.games < 1:
                parser.error("--games must be at least 1")
            GAMES[args.game].check_setup(args.players, args.seed, {})
            return _simulate(args)
        return _replay(args)
    except (SetupError, RecordError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
