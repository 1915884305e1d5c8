"""`road-check`: how often a proxy in the player's seat meets each venue's goal on the road."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..ai.oracle import ORACLE_ID
from ..ai.registry import UnknownAgentError, make_agent
from ..campaign.campaign_file import CAMPAIGN_FILE, load_campaign
from ..campaign.road_check import VenueShare, rises, road_check
from ..config import ConfigError
from ..locale.shown import shown_name
from .common import MAX_JOBS, in_range

MAX_RUNS = 100_000  # a hundred thousand sessions a venue already takes days


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the road-check command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "road-check", help="play every venue of the road many times with a proxy and print how often its goal is met",
        description="Play every venue of the road on its own, RUNS times, with the proxy in the player's seat: "
                    "the venue's rules, opponents and deals, and table stakes (everyone sits down with the "
                    "starting chips of the venue's rules file, as a player whose bankroll covers the stake). "
                    "Print, per venue, the share of runs that met its goal with a 95%% interval. A run's seed "
                    "comes from the venue's id and the run's number: the same arguments give the same shares "
                    "for any --jobs.")
    parser.add_argument("--proxy", default="expert", metavar="ID",
                        help="the character or AI in the player's seat (default: expert, who plays as the hint does)")
    parser.add_argument("--runs", type=int, default=100, metavar="N",
                        help=f"sessions to play at each venue, 1 to {MAX_RUNS} (default: 100)")
    parser.add_argument("--road", type=Path, default=CAMPAIGN_FILE, metavar="FILE",
                        help="a campaign file (default: the shipped road, config/campaign.yaml; the road with "
                             "charms is config/campaign_charms.yaml)")
    parser.add_argument("--venue", metavar="ID,ID,...",
                        help="play only these venues, by id (default: every venue of the road)")
    parser.add_argument("--jobs", type=int, metavar="J",
                        help=f"processes to use, 1 to {MAX_JOBS} (default: every core, {os.cpu_count()} here)")
    parser.add_argument("--json", action="store_true", help="end with one JSON object of the shares")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Play the runs and print the shares; 1 on a bad proxy, count or campaign file."""
    if not (in_range("--runs", args.runs, 1, MAX_RUNS) and in_range("--jobs", args.jobs, 1, MAX_JOBS)):
        return 1
    if args.proxy == ORACLE_ID:
        print("--proxy: the oracle sees every hand, so it plays only in tournaments", file=sys.stderr)
        return 1
    try:
        make_agent(args.proxy, 0, 0)
    except UnknownAgentError as error:
        print(f"--proxy: {error}", file=sys.stderr)
        return 1
    try:
        campaign = load_campaign(args.road)
    except ConfigError as error:
        for line in error.problems:
            print(line, file=sys.stderr)
        return 1
    numbers = {venue.id: number for number, venue in enumerate(campaign.venues, start=1)}
    goals = {venue.id: venue.goal.describe() for venue in campaign.venues}
    if args.venue is not None:
        wanted = [part.strip() for part in args.venue.split(",") if part.strip()]
        known = [venue.id for venue in campaign.venues]
        unknown = [venue_id for venue_id in wanted if venue_id not in known]
        if unknown or not wanted:
            print(f"--venue: no venue {', '.join(map(repr, unknown)) or 'given'} on this road; "
                  f"its venues are {', '.join(known)}", file=sys.stderr)
            return 1
    found = road_check(campaign, args.proxy, args.runs, args.jobs,
                       only=None if args.venue is None else set(wanted))
    print(f"{campaign.title()} ({shown_name(args.road)}): {args.proxy} in the player's seat, "
          f"{args.runs} runs a venue")
    print_shares(found, numbers, goals)
    if args.json:
        print(json.dumps({"road": campaign.name, "proxy": args.proxy, "runs": args.runs,
                          "venues": [share.to_dict() for share in found]}))
    return 0


def print_shares(found: list[VenueShare], numbers: dict[str, int], goals: dict[str, str]) -> None:
    """One line a venue: its number on the road, its goal, the share of runs that met it and the 95% interval;
    then any venue clearly easier than the one before it."""
    width = max(len("venue"), *(len(share.venue_id) for share in found))
    goal_width = max(len("goal"), *(len(goals.get(share.venue_id, "")) for share in found))
    print(f"{'#':>2}  {'venue':<{width}}  {'goal':<{goal_width}}  {'met':>6}  {'95% CI':>13}")
    for share in found:
        low, high = share.interval
        goal = goals.get(share.venue_id, "")
        print(f"{numbers.get(share.venue_id, 0):>2}  {share.venue_id:<{width}}  {goal:<{goal_width}}  "
              f"{share.share:>6.1%}  {low:>5.1%}-{high:<6.1%}")
    easier = rises(found)
    if easier:
        print("clearly easier than the venue before: " + ", ".join(f"{later} (after {earlier})"
                                                                   for earlier, later in easier))
    else:
        print("no venue is clearly easier than the one before it")
