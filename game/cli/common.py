"""What several commands share: reading the rules a command was given, or saying why not; and the ranges of
their numbers, each refused in one line when out of range."""

from __future__ import annotations

import math
import sys

from ..config import ConfigError, charms_by_id, rules_by_name
from ..engine import CharmSpec, RuleSet

MAX_SEED = 2**64 - 1  # the daily deal's seeds are 64 bits; a negative seed would play as its opposite
MAX_DEALS = 1_000_000  # a session or a tournament this long already takes hours
MAX_JOBS = 256


def rules_or_report(name_or_path: str) -> RuleSet | None:
    """The rules file's settings, or None after printing each of its problems on a line of stderr."""
    try:
        return rules_by_name(name_or_path)
    except ConfigError as error:
        for line in error.problems:
            print(line, file=sys.stderr)
        return None


def in_range(flag: str, value: float | None, low: float, high: float, what: str = "") -> bool:
    """True when `value` (None: not given) is a finite number from `low` to `high`; else False, after one line on
    stderr saying so (`what` names the unit: "seconds")."""
    if value is None or (math.isfinite(value) and low <= value <= high):
        return True
    unit = f" {what}" if what else ""
    print(f"{flag}: must be {low} to {high}{unit}, got {value}", file=sys.stderr)
    return False


CHARMS_HELP = ("charms a seat holds (R31): SEAT:ID,ID for one seat, or ID,ID for every seat; give it again for "
               "another seat (the ids are the files of config/charms)")


def charms_or_report(given: list[str] | None, players: int) -> tuple[tuple[CharmSpec, ...], ...] | None:
    """Each seat's charms from `--charms` (none when not given), or None after one line on stderr saying why not."""
    seats: list[tuple[CharmSpec, ...]] = [() for _ in range(players)]
    for text in given or ():
        where, _, ids_text = text.rpartition(":")
        ids = [part.strip() for part in ids_text.split(",") if part.strip()]
        try:
            which = [int(where)] if where else list(range(players))
        except ValueError:
            which = []
        if not which or not all(0 <= seat < players for seat in which):
            print(f"--charms {text}: the seat must be 0 to {players - 1} (SEAT:ID,ID)", file=sys.stderr)
            return None
        try:
            specs = charms_by_id(ids)
        except ConfigError as error:
            print(f"--charms {text}: {error.problems[0]}", file=sys.stderr)
            return None
        for seat in which:
            held = seats[seat] + tuple(spec for spec in specs if spec not in seats[seat])
            seats[seat] = held
    return tuple(seats)
