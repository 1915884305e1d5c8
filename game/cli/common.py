"""What several commands share: reading the rules a command was given, or saying why not."""

from __future__ import annotations

import sys

from ..config import ConfigError, rules_by_name
from ..engine import RuleSet


def rules_or_report(name_or_path: str) -> RuleSet | None:
    """The rules file's settings, or None after printing each of its problems on a line of stderr."""
    try:
        return rules_by_name(name_or_path)
    except ConfigError as error:
        for line in error.problems:
            print(line, file=sys.stderr)
        return None
