"""`simulate`: one whole session with an AI in every seat, logged as JSONL (the event table of docs/rules.md)."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from contextlib import suppress
from pathlib import Path
from typing import IO, Any

from ..ai.registry import UnknownAgentError, introduce, make_agent, seat_agent_ids
from ..engine import Event, RulesError, RuleSet, SeatInfo, Session, play_session, to_json
from ..engine.events import BoodleWon, HandWon, SessionEnd
from ..engine.rules import MAX_PLAYERS, MIN_PLAYERS
from ..locale.shown import shown_name, shown_text
from .common import CHARMS_HELP, MAX_DEALS, MAX_SEED, charms_or_report, in_range, rules_or_report


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the simulate command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "simulate", help="play a whole session between AIs and write its event log",
        description="Play one session with an AI in every seat; print a summary and optionally write the "
                    "JSONL event log. The same arguments always give the same log, byte for byte.")
    parser.add_argument("--rules", default="classic", metavar="FILE",
                        help="a rules file, or the name of one in config/rules (default: classic)")
    parser.add_argument("--players", type=int, metavar="N", help=f"seats at the table, {MIN_PLAYERS} to "
                        f"{MAX_PLAYERS} (default: the rules file's players)")
    parser.add_argument("--deals", type=int, metavar="D",
                        help=f"deals to play, 0 to {MAX_DEALS}; 0 means until one player is left (default: the rules "
                             "file's deals)")
    parser.add_argument("--seed", type=int, default=1, metavar="S",
                        help=f"the random seed, 0 to {MAX_SEED} (default: 1)")
    parser.add_argument("--log", type=Path, metavar="FILE.jsonl", help="write the event log here")
    parser.add_argument("--ai", metavar="ID,ID,...",
                        help="AI for each seat, in seat order; one id fills every seat, a shorter list repeats "
                             "(default: lowest)")
    parser.add_argument("--charms", action="append", metavar="SEAT:ID,ID", help=CHARMS_HELP)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Play the session; 0 on success, 1 on a bad rules file, AI id, charm or log path."""
    rules = rules_or_report(args.rules)
    if rules is None:
        return 1
    players = args.players if args.players is not None else rules.players
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        print(f"--players: must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}", file=sys.stderr)
        return 1
    if not (in_range("--deals", args.deals, 0, MAX_DEALS) and in_range("--seed", args.seed, 0, MAX_SEED)):
        return 1
    if args.deals is not None:
        try:
            rules = dataclasses.replace(rules, deals=args.deals or None)
        except RulesError as error:
            print(f"--deals {args.deals}: {'; '.join(map(str, error.problems))}", file=sys.stderr)
            return 1
    try:
        ids = seat_agent_ids(args.ai, players)
    except UnknownAgentError as error:
        print(f"--ai: {error}", file=sys.stderr)
        return 1
    charms = charms_or_report(args.charms, players)
    if charms is None:
        return 1
    seats = [SeatInfo(f"Seat {seat} ({agent_id})", "ai", agent_id) for seat, agent_id in enumerate(ids)]
    session = Session(rules, seats, args.seed, charms)
    agents = [make_agent(agent_id, args.seed, seat) for seat, agent_id in enumerate(ids)]
    introduce(agents, ids, rules)
    tally = Tally(players)
    try:
        log = open(args.log, "w", encoding="utf-8", newline="\n") if args.log else None
    except OSError as error:
        return cannot_write(args.log, error)
    try:
        play_session(session, agents, tally.writer(log))
        if log is not None:
            log.close()
    except OSError as error:  # a full disk, a lost drive: only the log writes anything here
        if log is not None:
            with suppress(OSError):
                log.close()
        return cannot_write(args.log, error)
    print_summary(rules, seats, tally, session)
    return 0


def cannot_write(path: Path, error: OSError) -> int:
    """Say in one line why the log cannot be written; the exit code 1."""
    print(f"--log: cannot write the log {shown_name(path)}: {error.strerror or error}", file=sys.stderr)
    return 1


class Tally:
    """Running totals for the summary table, read off the events."""

    def __init__(self, players: int) -> None:
        self.deals_won = [0] * players
        self.boodle_won = [0] * players
        self.final: SessionEnd | None = None

    def writer(self, log: IO[str] | None) -> Any:
        """An event callback that counts, and writes each event as a JSON line when there is a log."""
        def on_event(event: Event) -> None:
            if isinstance(event, HandWon):
                self.deals_won[event.player] += 1
            elif isinstance(event, BoodleWon):
                self.boodle_won[event.player] += event.chips
            elif isinstance(event, SessionEnd):
                self.final = event
            if log is not None:
                log.write(to_json(event) + "\n")
        return on_event


def print_summary(rules: RuleSet, seats: list[SeatInfo], tally: Tally, session: Session) -> None:
    """A table of every seat's result."""
    final = tally.final
    assert final is not None
    print(f"{shown_text(rules.name)}: {session.deal_number} deals, seed {session.seed}")
    width = max(len(seat.name) for seat in seats)
    print(f"{'seat':<{width}}  {'chips':>5}  {'+/-':>5}  {'deals won':>9}  {'boodle won':>10}")
    for seat, info in enumerate(seats):
        chips = final.chips[seat]
        mark = "  winner" if seat in final.winners else ("  out" if not session.in_session[seat] else "")
        print(f"{info.name:<{width}}  {chips:>5}  {chips - rules.starting_chips:>+5}  "
              f"{tally.deals_won[seat]:>9}  {tally.boodle_won[seat]:>10}{mark}")
    left = session.pot + sum(session.boodle)
    if left:
        print(f"left on the table: {session.pot} in the pot, {sum(session.boodle)} on the boodle cards")
