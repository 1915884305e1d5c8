"""`session_start` checked as the game would check it: its rules as a rules file is (the same problems, in the
same words), its table of 3 to 8 players, and every player's starting chips."""

from __future__ import annotations

from typing import Any

from ..config import ConfigError, YamlDocument, rules_from_document
from ..engine.events import SessionStart
from ..engine.rules import MAX_PLAYERS, MIN_PLAYERS, RuleSet
from ..engine.rules_keys import RULES_KEYS, unwritten

SOURCE = "session_start"


def session_start_problems(event: SessionStart) -> tuple[RuleSet | None, list[str]]:
    """The rules `event` names (None when they are unusable), and one sentence for each problem it has."""
    problems: list[str] = []
    seats = len(event.players)
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        problems.append(f"session_start seats {seats} players, but a table has {MIN_PLAYERS} to {MAX_PLAYERS}")
    rules, rules_problems = check_rules(event.rules)
    problems += rules_problems
    if rules is not None and any(chips != rules.starting_chips for chips in event.chips):
        problems.append(f"session_start gives the players {', '.join(map(str, event.chips))} chips, but its rules "
                        f"start every player with {rules.starting_chips}")
    return rules, problems


def check_rules(settings: dict[str, Any]) -> tuple[RuleSet | None, list[str]]:
    """The RuleSet of a log's rules, read as a rules file is read, or None and a sentence for each problem; a key
    the log leaves out means what it meant before the key existed (a log from before boodle_at_end: stay)."""
    settings = {**{key.name: unwritten(key.name) for key in RULES_KEYS
                   if key.before is not None and not key.section and key.name not in settings}, **settings}
    keys = {str(name): 0 for name in settings}
    for name, value in settings.items():
        if isinstance(value, dict):  # a section such as buy_dead_hand: its keys are dotted
            keys.update({f"{name}.{leaf}": 0 for leaf in value})
    document = YamlDocument(SOURCE, settings, 0, keys, {}, ())
    try:
        return rules_from_document(document), []
    except ConfigError as error:
        return None, [f"session_start's rules: {problem.key}: {problem.message}" if problem.key
                      else f"session_start's rules: {problem.message}" for problem in error.details]
    except (ValueError, TypeError, KeyError, RecursionError):  # what no rules file could hold
        return None, ["session_start's rules cannot be read as rules"]
