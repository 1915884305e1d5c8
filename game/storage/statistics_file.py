"""The player's statistics on disk: `<data>/statistics.json`, written atomically; a bad file is moved aside, never lost.

Nothing here raises on a bad file: `load_statistics` answers the statistics it could read (fresh ones when
none) and a sentence saying where the file as it was went (`json_file.JsonKind`: the door's limits, every
value checked, the good parts kept and written back), and `record_finished_session` reports a failed write as a
sentence too, so the end of a session can never crash the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..stats import Statistics
from ..stats.statistics import STATS_VERSION
from .door import MAX_JSON_BYTES
from .json_file import JsonFileWords, JsonKind, check_header

STATISTICS_FILE = "statistics.json"
WORDS = JsonFileWords(not_read="storage.statistics.not_read", not_saved="storage.statistics.not_saved",
                      what="files.what.statistics")


@dataclass(frozen=True)
class StatisticsLoad:
    """What `load_statistics` found: the statistics (fresh when none could be read) and a sentence if one was bad."""

    statistics: Statistics
    problem: str | None = None
    moved_to: Path | None = None


def statistics_path(folder: Path) -> Path:
    """The statistics file inside the data folder."""
    return Path(folder) / STATISTICS_FILE


def _parse(data: Any) -> tuple[Statistics, int]:
    return Statistics.read(check_header(data, None, STATS_VERSION))


# the statistics grow with every deal (a chart point each): the door's larger limit
KIND: JsonKind[Statistics] = JsonKind(STATISTICS_FILE, _parse, Statistics, Statistics.to_dict, WORDS,
                                      max_bytes=MAX_JSON_BYTES, indent=None, sort_keys=True)


def load_statistics(folder: Path) -> StatisticsLoad:
    """The player's statistics; a missing file gives empty ones, an unreadable one is renamed aside and explained."""
    before = set(Path(folder).glob(STATISTICS_FILE + ".unreadable-*"))
    statistics, problem = KIND.load(folder)
    moved = sorted(set(Path(folder).glob(STATISTICS_FILE + ".unreadable-*")) - before)
    return StatisticsLoad(statistics, problem, moved[-1] if moved else None)


def save_statistics(folder: Path, statistics: Statistics) -> str | None:
    """Write the statistics atomically; what was set aside on the way, if anything (OSError if the folder cannot
    be written, or if a file there that the game cannot use could not be moved aside first)."""
    said, written = KIND.store(folder, statistics)
    if not written:
        raise OSError(said)
    return said


def record_finished_session(data_dir: Path, events: Iterable[Any], human_seat: int, *,
                            taken_back: int = 0) -> str | None:
    """Add one finished session's events (dicts, JSON lines or engine events) to the saved statistics (a session
    in which the player took back `taken_back` decisions is counted apart).

    Returns None when recorded, else one sentence for the player (a bad old file moved aside, or a failed
    write); it never raises for a file problem.
    """
    return count_session(data_dir, events, human_seat, taken_back=taken_back)[0]


def count_session(data_dir: Path, events: Iterable[Any], human_seat: int, *, taken_back: int = 0,
                  session_id: str | None = None) -> tuple[str | None, bool]:
    """As `record_finished_session`, a session named `session_id` counted once however often it comes: (a
    sentence for the player or None, whether the statistics with it counted are on disk)."""
    found = load_statistics(data_dir)
    statistics = found.statistics
    if not statistics.add_session(list(events), human_seat, taken_back=taken_back, session_id=session_id):
        return found.problem, True  # counted before: the file on disk has it
    said, written = KIND.store(data_dir, statistics)
    if written and said:  # the file that could not be read, kept aside: that sentence says all
        return said, True
    return " ".join(words for words in (found.problem, said) if words) or None, written
