"""Reading an event log (JSONL, the event table of docs/rules.md) and checking every line, one sentence a problem."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..engine.events import Event, EventDataError, event_from_data
from ..locale.shown import shown_name
from ..regular_file import FileTooBig, NotRegularFile, read_regular

# The longest log read: 32 MB is some 12,000 deals at eight players (a 700-deal session logs 2.6 MB), and a
# replay keeps the table after every event, about 17 times the log's size in memory.
MAX_LOG_BYTES = 32 * 1024 * 1024


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


def parse_lines(lines: list[str]) -> tuple[list[tuple[int, Event]], list[LogProblem]]:
    """Every event of a log's lines with its line number, and a problem for every bad line (blank lines skipped)."""
    events: list[tuple[int, Event]] = []
    problems: list[LogProblem] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            # json's messages can end "... starting at": the column finishes the sentence
            problems.append(LogProblem(number, f"not JSON ({error.msg.removesuffix(' at').lower()} at column "
                                               f"{error.colno})"))
            continue
        except (ValueError, RecursionError):
            problems.append(LogProblem(number, "not JSON"))
            continue
        try:
            events.append((number, event_from_data(data)))
        except EventDataError as error:
            problems.append(LogProblem(number, str(error)))
    return events, problems


def read_log_text(path: Path, max_bytes: int = MAX_LOG_BYTES) -> str:
    """A log file's text; LogError with one sentence if it cannot be read, is not a regular file (a pipe or
    `/dev/zero` is never read) or is larger than `max_bytes` (refused before it is read, not after)."""
    try:
        return read_regular(path, max_bytes).decode("utf-8")
    except FileTooBig as big:
        size, limit = big.worded()
        why = f"is too big ({size}; the longest log read is {limit})"
    except NotRegularFile:
        why = "is not a file (a pipe or a device): only a log file is read"
    except OSError as error:
        why = f"cannot be read ({error.strerror or error})"
    except UnicodeDecodeError:
        why = "is not text (UTF-8)"
    raise LogError([LogProblem(0, why)], shown_name(path))


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
