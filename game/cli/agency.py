"""`agency`: how much the player decides at a table, and how long they watch between decisions (issue 24)."""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
import sys
from typing import Any

from ..ai.agency import KINDS, Agency, Watch
from ..engine import RulesError, RuleSet
from ..engine.rules import MAX_PLAYERS, MIN_PLAYERS
from ..locale.shown import shown_text
from .agency_tables import (
    DAILY_DATES,
    MeasuredTable,
    daily_tables,
    given_tables,
    new_game_tables,
    road_tables,
)
from .common import MAX_DEALS, MAX_SEED, in_range, rules_or_report

MODES = ("new-game", "road", "daily")
DEFAULT_DEALS = {"new-game": 100, "road": 30, None: 40}  # the daily plays each day's own session


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the agency command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "agency", help="how often the player has a real choice, and how long they watch between choices",
        description="Seat the expert in the player's seat against the cast and count, per table: real choices a "
                    "deal after the stake (two or more lawful answers), by kind; weighty choices a deal (the "
                    "expert's best and worst answers 0.5 chips apart or more); the share of deals with no real "
                    "choice; and seconds watched per real choice at Normal speed, in the table's own game time. "
                    "The same arguments give the same figures.")
    parser.add_argument("--mode", choices=MODES,
                        help="measure what a mode seats: New game's default table, every venue of the road, or "
                             f"the daily deal over {DAILY_DATES} dates (default: the rules and seats given)")
    parser.add_argument("--rules", action="append", metavar="FILE",
                        help="a rules file, or the name of one in config/rules; may be repeated (default: classic)")
    parser.add_argument("--players", action="append", type=int, metavar="N",
                        help=f"seats at the table, {MIN_PLAYERS} to {MAX_PLAYERS}; may be repeated (default: the "
                             "rules file's players)")
    parser.add_argument("--deals", type=int, metavar="D",
                        help=f"deals to count at each table, 1 to {MAX_DEALS} (default: 40; New game 100, each venue "
                             "30, each daily date its own session)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help=f"the random seed, 0 to {MAX_SEED} "
                                                                         "(default: 1)")
    parser.add_argument("--from", dest="first", metavar="YYYY-MM-DD",
                        help="--mode daily: the first date (default: today)")
    parser.add_argument("--no-weighty", action="store_true", help="skip weighing each choice (much quicker)")
    parser.add_argument("--no-seconds", action="store_true", help="skip timing the table (no pygame needed)")
    parser.add_argument("--json", action="store_true", help="end with one JSON object of the figures")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Measure the tables asked for and print their figures; 1 on a bad argument."""
    tables = tables_asked(args)
    if tables is None:
        return 1
    watch = None if args.no_seconds else table_watch()
    results = []
    for table in tables:
        agency = table.measure(weighty=not args.no_weighty, watch=watch)
        results.append((table, agency))
        print_line(table, agency)
        sys.stdout.flush()
    total = pooled([agency for _, agency in results])
    if len(results) > 1:
        print_line(None, total)
    if args.json:
        print(json.dumps({"mode": args.mode, "seed": args.seed,
                          "tables": [{"table": table.label, "seats": table.seats, "cast": list(table.cast),
                                      **agency.to_dict()} for table, agency in results],
                          "all": total.to_dict()}))
    return 0


def table_watch() -> Watch:
    """The table's director on a virtual clock at Normal speed."""
    from ..app.table.watched import normal_watch  # lazy: the command's other figures need no pygame
    return normal_watch


def tables_asked(args: argparse.Namespace) -> list[MeasuredTable] | None:
    """The tables the arguments ask for, or None after saying on stderr what is wrong with them."""
    players = args.players or []
    if not (in_range("--deals", args.deals, 1, MAX_DEALS) and in_range("--seed", args.seed, 0, MAX_SEED)
            and all(in_range("--players", n, MIN_PLAYERS, MAX_PLAYERS) for n in players)):
        return None
    if args.mode is not None and (args.rules or args.players):
        print(f"--mode {args.mode}: the mode seats its own tables; leave out --rules and --players", file=sys.stderr)
        return None
    if args.first is not None and args.mode != "daily":
        print("--from: only with --mode daily", file=sys.stderr)
        return None
    deals = args.deals or DEFAULT_DEALS.get(args.mode, 40)
    if args.mode == "new-game":
        return new_game_tables(deals, args.seed)
    if args.mode == "road":
        return road_tables(deals, args.seed)
    if args.mode == "daily":
        try:
            first = dt.date.fromisoformat(args.first) if args.first is not None else dt.date.today()
        except ValueError:
            print(f"--from: not a date like 2026-12-03: {args.first!r}", file=sys.stderr)
            return None
        return daily_tables(first, deals=args.deals)
    named: list[tuple[str, RuleSet]] = []
    for name in args.rules or ["classic"]:
        rules = rules_or_report(name)
        if rules is None:
            return None
        for seats in players:
            try:
                dataclasses.replace(rules, players=seats)
            except RulesError as error:
                print(f"--players {seats}: {'; '.join(map(str, error.problems))}", file=sys.stderr)
                return None
        named.append((name, rules))
    return given_tables(named, players or None, deals, args.seed)


def pooled(agencies: list[Agency]) -> Agency:
    """Every table's deals pooled."""
    total = agencies[0]
    for agency in agencies[1:]:
        total = total.merge(agency)
    return total


def print_line(table: MeasuredTable | None, agency: Agency) -> None:
    """One table's figures on a line (None: every table pooled)."""
    label = "all tables" if table is None else f"{shown_text(table.label)}, {table.seats} seats"
    kinds = " ".join(f"{kind} {agency.by_kind[kind]:.2f}" for kind in KINDS if agency.kinds.get(kind))
    seconds = agency.seconds_per_choice
    watched = "-" if seconds is None else f"{seconds:.1f} s"
    print(f"{label}: {agency.deals} deals; choices/deal {agency.choices_per_deal:.2f} ({kinds or 'none'}); "
          f"weighty/deal {agency.weighty_per_deal:.2f}; no choice {agency.no_choice_share:.0%}; "
          f"watched/choice {watched}")
