"""`bench`: speed figures; `--json` puts them on the last line as one object."""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from collections.abc import Callable
from typing import Any

from ..ai.simple import FirstOptionAgent
from ..ai.timing import ai_decision_ms
from ..engine import RuleSet, SeatInfo, Session, play_session
from .bench_app import frame_memory_growth_kb, frame_ms, long_session, startup_s
from .common import in_range

ROUNDS = 5
MIN_SECONDS = 0.3  # less measures nothing steady
MAX_SECONDS = 600.0


def engine_deals_per_second(budget: float) -> float:
    """Whole deals a second (antes, shuffle, deal, play, settlement) at a 5-seat classic table with the
    simplest agents, no log: the best of five rounds (as timeit's repeats), so a busy moment on the machine
    does not count."""
    rules = dataclasses.replace(RuleSet(), starting_chips=1000, deals=50)  # long sessions: deals, not set-ups
    seats = [SeatInfo(f"Seat {seat}") for seat in range(5)]
    agents = [FirstOptionAgent() for _ in seats]
    best = 0.0
    seed = 0
    for _ in range(ROUNDS):
        deals = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget / ROUNDS:
            session = Session(rules, seats, seed)
            seed += 1
            play_session(session, agents)
            deals += session.deal_number
        best = max(best, deals / (time.perf_counter() - start))
    return round(best)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the bench command."""
    parser: argparse.ArgumentParser = subparsers.add_parser("bench", help="measure the game's speed",
                                   description="Measure speed: " + ", ".join(MEASUREMENTS) + ".")
    parser.add_argument("--json", action="store_true", help="end with one JSON object of all figures")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help=f"time for each measurement, {MIN_SECONDS} to {MAX_SECONDS:.0f} (default 3)")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Take every measurement and print it; 1 with one line when --seconds is out of range."""
    if not in_range("--seconds", args.seconds, MIN_SECONDS, MAX_SECONDS, "seconds"):
        return 1
    figures: dict[str, Any] = {}
    for name, take in MEASUREMENTS.items():
        figures[name] = take(args.seconds)
        print(f"{name}: {figures[name]}")
    if args.json:
        print(json.dumps(figures))
    return 0


# every figure by name, each a measurement taking a time budget in seconds (the game's load pygame only as they run)
MEASUREMENTS: dict[str, Callable[[float], Any]] = {
    "engine_deals_per_s": engine_deals_per_second,
    "ai_decision_ms": ai_decision_ms,
    "frame_ms": frame_ms,
    "startup_s": startup_s,
    "frame_memory_growth_kb": frame_memory_growth_kb,
    "long_session": long_session,
}
