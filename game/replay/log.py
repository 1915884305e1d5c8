"""Reading an event log (JSONL, the event table of docs/rules.md) and checking every line, one sentence a problem."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.cards import Card

STOP_REASONS = ("king", "dead_hand", "already_played", "declined", "no_follow")

Checker = Callable[[Any], str | None]


def _int(value: Any) -> str | None:
    return None if type(value) is int else "a whole number"


def _seat(value: Any) -> str | None:
    return None if type(value) is int and value >= 0 else "a seat number"


def _seat_or_null(value: Any) -> str | None:
    return None if value is None or (type(value) is int and value >= 0) else "a seat number (null for a tied cut)"


def _bool(value: Any) -> str | None:
    return None if isinstance(value, bool) else "true or false"


def _dict(value: Any) -> str | None:
    return None if isinstance(value, dict) else "an object"


def _list(value: Any) -> str | None:
    return None if isinstance(value, list) else "a list"


def _ints(value: Any) -> str | None:
    return None if isinstance(value, list) and all(type(v) is int for v in value) else "a list of whole numbers"


def _card(value: Any) -> str | None:
    return None if is_card(value) else "a card (rank then suit: AS, 10H, QC)"


def _cards(value: Any) -> str | None:
    return None if isinstance(value, list) and all(is_card(v) for v in value) else "a list of cards"


def _card_or_null_list(value: Any) -> str | None:
    ok = isinstance(value, list) and all(v is None or is_card(v) for v in value)
    return None if ok else "a list of cards (null for seats not cutting)"


def _hands(value: Any) -> str | None:
    ok = isinstance(value, list) and all(isinstance(h, list) and all(is_card(c) for c in h) for h in value)
    return None if ok else "a list of hands (lists of cards)"


def _card_chips(value: Any) -> str | None:
    ok = isinstance(value, dict) and all(is_card(k) and type(v) is int and v >= 0 for k, v in value.items())
    return None if ok else "an object of card -> chips"


def _payments(value: Any) -> str | None:
    ok = isinstance(value, list) and all(isinstance(p, dict) and _seat(p.get("from")) is None
                                         and type(p.get("chips")) is int for p in value)
    return None if ok else "a list of {from, chips}"


def _reason(value: Any) -> str | None:
    return None if value in STOP_REASONS else f"one of {', '.join(STOP_REASONS)}"


def _players(value: Any) -> str | None:
    ok = isinstance(value, list) and all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in value)
    return None if ok else "a list of {name, kind, personality}"


# the event table of docs/rules.md: the fields every event type must have, and what each must be
FIELDS: dict[str, dict[str, Checker]] = {
    "session_start": {"seed": lambda v: None, "rules": _dict, "players": _players, "chips": _ints},
    "cut": {"cards": _card_or_null_list, "dealer": _seat_or_null},
    "deal_start": {"deal": _int, "dealer": _seat},
    "stake": {"player": _seat, "pot": _int, "boodle": _card_chips},
    "deal": {"hands": _hands, "dead": _cards},
    "buy_dead": {"player": _seat, "fee": _int},
    "play": {"player": _seat, "card": _card, "lead": _bool},
    "boodle_won": {"player": _seat, "card": _card, "chips": _int},
    "stop": {"after": _card, "reason": _reason},
    "hand_won": {"player": _seat, "pot": _int, "payments": _payments},
    "deal_end": {"chips": _ints, "boodle": _card_chips},
    "player_out": {"player": _seat},
    "session_end": {"chips": _ints, "winners": _ints},
}


def is_card(value: Any) -> bool:
    """True for a card written the log's way (rank then suit letter: AS, 10H)."""
    if not isinstance(value, str):
        return False
    try:
        return str(Card.parse(value)) == value
    except ValueError:
        return False


@dataclass(frozen=True)
class LogProblem:
    """One bad line of a log."""

    line: int  # 1-based
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


class LogError(ValueError):
    """A log that cannot be replayed, with every problem found."""

    def __init__(self, problems: list[LogProblem], source: str = "the log") -> None:
        self.problems = problems
        self.source = source
        super().__init__(f"{source}: " + "; ".join(str(p) for p in problems[:3])
                         + (f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""))


def check_event(event: Any) -> str | None:
    """Why one parsed line is not an event of the log, or None."""
    if not isinstance(event, dict):
        return "not a JSON object"
    kind = event.get("type")
    if not isinstance(kind, str):
        return "has no event type"
    fields = FIELDS.get(kind)
    if fields is None:
        return f"unknown event type {kind!r}"
    missing = [name for name in fields if name not in event]
    if missing:
        return f"{kind} is missing {', '.join(missing)}"
    for name, check in fields.items():
        wanted = check(event[name])
        if wanted is not None:
            what = "an impossible card" if "card" in wanted and "cards" not in wanted and "->" not in wanted \
                else "a bad value"
            return f"{kind} has {what} in {name}: {json.dumps(event[name])[:60]} (should be {wanted})"
    return None


def parse_lines(lines: list[str]) -> tuple[list[tuple[int, dict[str, Any]]], list[LogProblem]]:
    """Every event of a log's lines with its line number, and a problem for every bad line (blank lines skipped)."""
    events: list[tuple[int, dict[str, Any]]] = []
    problems: list[LogProblem] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(LogProblem(number, f"not JSON ({error.msg})"))
            continue
        except (ValueError, RecursionError):
            problems.append(LogProblem(number, "not JSON"))
            continue
        why = check_event(event)
        if why is not None:
            problems.append(LogProblem(number, why))
        else:
            events.append((number, event))
    return events, problems


def read_log_text(path: Path) -> str:
    """A log file's text; LogError with one sentence if it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise LogError([LogProblem(0, f"cannot be read ({error.strerror or error})")], str(path)) from None
    except UnicodeDecodeError:
        raise LogError([LogProblem(0, "is not text (UTF-8)")], str(path)) from None


def split_deals(lines: list[str]) -> list[str]:
    """A whole session's log cut into one replayable log per deal (JSONL text each), as a save keeps them.

    Each deal's log starts with the session's `session_start` and then what the table looked like before the
    deal: the `cut` for the first deal, the previous `deal_end` (chips and boodle carried over) for the others.
    Events after the last `deal_end` (players out, `session_end`) go with the last deal.
    """
    events = [line.rstrip("\n") for line in lines if line.strip()]
    kinds = [json.loads(line).get("type") for line in events]
    start = next((line for line, kind in zip(events, kinds) if kind == "session_start"), None)
    if start is None:
        return []
    deals: list[list[str]] = []
    context = ""
    current: list[str] | None = None
    for line, kind in zip(events, kinds):
        if kind == "cut":
            context = line
        elif kind == "deal_start":
            current = [start] + ([context] if context else []) + [line]
            deals.append(current)
        elif current is not None:
            current.append(line)
            if kind == "deal_end":
                context = line
    return ["".join(line + "\n" for line in deal) for deal in deals]
