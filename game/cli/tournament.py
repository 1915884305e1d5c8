"""`tournament`: a duplicate tournament between AIs, with mean chips per deal and a 95% interval."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from ..ai.registry import UnknownAgentError, make_agent
from ..ai.tournament import Standing, TournamentError, check, run_tournament
from ..config import ConfigError, charms_by_id
from ..engine import CharmSpec
from ..locale.shown import shown_text
from .common import MAX_DEALS, MAX_JOBS, MAX_SEED, in_range, rules_or_report


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the tournament command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "tournament", help="a duplicate tournament between AIs: chips per deal with a 95%% interval",
        description="Play every deal once for each rotation of the AIs round the table (duplicate format), "
                    "each replay one deal from fresh stacks, and print each AI's mean chips per deal with a "
                    "95%% confidence interval over deals, and its share of deals won, then every pair's "
                    "difference in chips per deal with its own interval (narrower: both played the same "
                    "deals). The same arguments give "
                    "the same result for any --jobs.")
    parser.add_argument("--rules", default="classic", metavar="FILE",
                        help="a rules file, or the name of one in config/rules (default: classic)")
    parser.add_argument("--ai", required=True, metavar="ID,ID,...",
                        help="one AI id per seat (3 to 8); an id may appear more than once")
    parser.add_argument("--deals", type=int, default=100, metavar="N",
                        help=f"deals to play, 1 to {MAX_DEALS} (default: 100)")
    parser.add_argument("--seed", type=int, default=1, metavar="S",
                        help=f"the random seed, 0 to {MAX_SEED} (default: 1)")
    parser.add_argument("--jobs", type=int, metavar="J",
                        help=f"processes to use, 1 to {MAX_JOBS} (default: every core, {os.cpu_count()} here)")
    parser.add_argument("--json", action="store_true", help="end with one JSON object of the results")
    parser.add_argument("--charms", action="append", metavar="ID:CHARM,CHARM",
                        help="charms an AI id holds in every seat it takes (R31; the charms are the files of "
                             "config/charms); give it again for another id")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Play the tournament and print the standings; 1 on a bad rules file, AI id or count."""
    rules = rules_or_report(args.rules)
    if rules is None:
        return 1
    ids = [part.strip() for part in args.ai.split(",")]
    if any(not agent_id for agent_id in ids):
        print(f"--ai: an empty id in {args.ai!r}", file=sys.stderr)
        return 1
    tagless = [agent_id for agent_id in ids if agent_id.endswith("#") or agent_id.startswith("#")]
    if tagless:
        print(f"--ai: {tagless[0]!r}: write an agent and a tag, as expert#plain (the tag only names the seat)",
              file=sys.stderr)
        return 1
    if not (in_range("--deals", args.deals, 1, MAX_DEALS) and in_range("--seed", args.seed, 0, MAX_SEED)
            and in_range("--jobs", args.jobs, 1, MAX_JOBS)):
        return 1
    try:
        check(ids, args.deals)
    except TournamentError as error:
        flag = "--deals" if "deals" in str(error) else "--ai"
        print(f"{flag}: {error}", file=sys.stderr)
        return 1
    try:
        for agent_id in dict.fromkeys(ids):
            make_agent(agent_id, 0, 0)
    except UnknownAgentError as error:
        print(f"--ai: {error}", file=sys.stderr)
        return 1
    charms = charms_by_agent(args.charms, ids)
    if charms is None:
        return 1
    if charms:
        results = run_tournament(rules, ids, args.deals, args.seed, args.jobs, charms=charms)
    else:  # a tournament without charms is called as it always was
        results = run_tournament(rules, ids, args.deals, args.seed, args.jobs)
    print_table(rules.name, ids, args.deals, args.seed, results)
    if args.json:
        print(json.dumps({"deals": args.deals, "results": [s.to_dict() for s in results]}))
    return 0


def charms_by_agent(given: list[str] | None, ids: list[str]) -> dict[str, tuple[CharmSpec, ...]] | None:
    """The charms each id holds from `--charms ID:CHARM,CHARM`, or None after one line on stderr saying why not."""
    held: dict[str, tuple[CharmSpec, ...]] = {}
    for text in given or ():
        agent_id, _, names = text.partition(":")
        if agent_id not in ids:
            print(f"--charms {text}: {agent_id!r} is not one of the --ai ids (ID:CHARM,CHARM)", file=sys.stderr)
            return None
        try:
            specs = charms_by_id([name.strip() for name in names.split(",") if name.strip()])
        except ConfigError as error:
            print(f"--charms {text}: {error.problems[0]}", file=sys.stderr)
            return None
        held[agent_id] = held.get(agent_id, ()) + tuple(spec for spec in specs if spec not in held.get(agent_id, ()))
    return held


def print_table(rules_name: str, ids: list[str], deals: int, seed: int, results: list[Standing]) -> None:
    """The standings, best first."""
    print(f"{shown_text(rules_name)}: {len(ids)} seats, {deals} deals x {len(ids)} rotations, seed {seed}")
    width = max(len("id"), *(len(s.id) for s in results))
    print(f"{'id':<{width}}  {'chips/deal':>10}  {'95% CI':>7}  {'deals won':>9}")
    for s in results:
        ci = "n/a" if s.ci95 is None else f"±{s.ci95:.2f}"
        print(f"{s.id:<{width}}  {s.chips_per_deal:>+10.2f}  {ci:>7}  {s.deal_win_rate:>9.1%}")
    if len(results) > 1:
        print_pairs(results)


def print_pairs(results: list[Standing]) -> None:
    """The paired differences: row minus column in chips per deal, with the 95% interval over deals."""
    order = [s.id for s in results]
    cells = {s.id: {other: pair_cell(diff, ci) for other, (diff, ci) in s.vs.items()} for s in results}
    width = max(len(agent_id) for agent_id in order)
    cell = max(*(len(agent_id) for agent_id in order), *(len(text) for row in cells.values() for text in row.values()))
    print()
    print("paired: the row's chips per deal minus the column's, with the 95% interval of the difference")
    print(f"{'':<{width}}  " + "  ".join(f"{agent_id:>{cell}}" for agent_id in order))
    for agent_id in order:
        row = cells[agent_id]
        print(f"{agent_id:<{width}}  " + "  ".join(f"{row.get(other, '·'):>{cell}}" for other in order))


def pair_cell(diff: float, ci: float | None) -> str:
    """One cell of the paired matrix: "+1.23 ±0.40", or the difference alone with a single deal."""
    return f"{diff:+.2f}" if ci is None else f"{diff:+.2f} ±{ci:.2f}"
