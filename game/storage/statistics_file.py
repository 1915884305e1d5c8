"""The player's statistics on disk: `<data>/statistics.json`, written atomically; a bad file is moved aside, never lost.

Nothing here raises on a bad file: `load_statistics` answers fresh statistics and a sentence saying where the
unreadable file went, and `record_finished_session` reports a failed write as a sentence too, so the end of a
session can never crash the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..locale import tr
from ..stats import Statistics
from .atomic import move_aside, write_atomically

STATISTICS_FILE = "statistics.json"


@dataclass(frozen=True)
class StatisticsLoad:
    """What `load_statistics` found: the statistics (fresh when none could be read) and a sentence if one was bad."""

    statistics: Statistics
    problem: str | None = None
    moved_to: Path | None = None


def statistics_path(folder: Path) -> Path:
    """The statistics file inside the data folder."""
    return Path(folder) / STATISTICS_FILE


def load_statistics(folder: Path) -> StatisticsLoad:
    """The player's statistics; a missing file gives empty ones, an unreadable one is renamed aside and explained."""
    path = statistics_path(folder)
    if not path.is_file():
        return StatisticsLoad(Statistics())
    try:
        text = path.read_bytes().decode("utf-8")
        return StatisticsLoad(Statistics.from_json(text))
    except OSError as error:
        return StatisticsLoad(Statistics(), tr("storage.statistics.not_read", error=error.strerror or error))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        why = (tr("storage.statistics.why_not_text") if isinstance(error, UnicodeDecodeError)
               else tr("storage.statistics.why_damaged"))
    try:
        moved = move_aside(path)
    except OSError:
        return StatisticsLoad(Statistics(), tr("storage.statistics.stuck", why=why))
    return StatisticsLoad(Statistics(), tr("storage.statistics.damaged", why=why, file=moved.name), moved)


def save_statistics(folder: Path, statistics: Statistics) -> None:
    """Write the statistics atomically (OSError if the folder cannot be written)."""
    write_atomically(statistics_path(folder), (statistics.to_json() + "\n").encode("utf-8"))


def record_finished_session(data_dir: Path, events: Iterable[Any], human_seat: int) -> str | None:
    """Add one finished session's events (dicts, JSON lines or engine events) to the saved statistics.

    Returns None when recorded, else one sentence for the player (a bad old file moved aside, or a failed
    write); it never raises for a file problem.
    """
    found = load_statistics(data_dir)
    statistics = found.statistics
    statistics.add_session(list(events), human_seat)
    try:
        save_statistics(data_dir, statistics)
    except OSError as error:
        return tr("storage.statistics.not_saved", error=error.strerror or error)
    return found.problem

