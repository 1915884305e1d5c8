"""The daily deal's best scores on disk: `<data>/daily_bests.json`, written atomically; a bad file is moved aside.

Nothing here raises on a bad file: `load_daily_bests` answers no bests and a sentence saying where the
unreadable file went, and `save_daily_bests` reports a failed write as a sentence.
"""

from __future__ import annotations

from pathlib import Path

from ..campaign.daily import DailyBests
from .json_file import JsonFileWords, load_json_file, save_json_file

DAILY_BESTS_FILE = "daily_bests.json"
WORDS = JsonFileWords(not_read="storage.daily.not_read", not_saved="storage.daily.not_saved",
                      damaged="storage.daily.damaged", stuck="storage.daily.stuck")


def daily_bests_path(folder: Path) -> Path:
    """The daily-deal bests file inside the data folder."""
    return Path(folder) / DAILY_BESTS_FILE


def load_daily_bests(folder: Path) -> tuple[DailyBests, str | None]:
    """The bests (none when there is no file) and a sentence when a file could not be used (it is kept aside)."""
    return load_json_file(daily_bests_path(folder), DailyBests.from_json, DailyBests, WORDS)


def save_daily_bests(folder: Path, bests: DailyBests) -> str | None:
    """Write the bests atomically; None when written, else a sentence for the player."""
    return save_json_file(daily_bests_path(folder), bests.to_json(), WORDS)
