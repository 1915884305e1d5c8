"""What several commands share: reading the rules a command was given, or saying why not; and the ranges of
their numbers, each refused in one line when out of range."""

from __future__ import annotations

import math
import sys

from ..config import ConfigError, rules_by_name
from ..engine import RuleSet

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
