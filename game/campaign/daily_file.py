"""The daily deal's best scores on disk: `<data>/daily_bests.json`, written atomically; a bad file is moved aside.

Nothing here raises on a bad file: `load_daily_bests` answers the bests it could use and a sentence saying
where the file as it was went, and `save_daily_bests` reports a failed write as a sentence
(`json_file.JsonKind`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..storage.json_file import JsonFileWords, JsonKind, check_header
from .daily import BESTS_FORMAT, BESTS_VERSION, DailyBests

DAILY_BESTS_FILE = "daily_bests.json"
WORDS = JsonFileWords(not_read="storage.daily.not_read", not_saved="storage.daily.not_saved", what="files.what.daily")


def daily_bests_path(folder: Path) -> Path:
    """The daily-deal bests file inside the data folder."""
    return Path(folder) / DAILY_BESTS_FILE


def _parse(data: Any) -> tuple[DailyBests, int]:
    fields = check_header(data, BESTS_FORMAT, BESTS_VERSION)
    bests, bad = DailyBests.read(fields.get("best"))
    return bests, bad + bests.read_hints(fields.get("hints")) + bests.read_charms(fields.get("charms"))


KIND: JsonKind[DailyBests] = JsonKind(DAILY_BESTS_FILE, _parse, DailyBests, DailyBests.to_json, WORDS)


def load_daily_bests(folder: Path) -> tuple[DailyBests, str | None]:
    """The bests (none when there is no file) and a sentence when a file could not be used (it is kept aside)."""
    return KIND.load(folder)


def save_daily_bests(folder: Path, bests: DailyBests) -> str | None:
    """Write the bests atomically; a sentence for the player (why not, or what was set aside on the way), or None."""
    return KIND.save(folder, bests)


def store_daily_bests(folder: Path, bests: DailyBests) -> tuple[str | None, bool]:
    """As `save_daily_bests`, and whether the bests are on disk."""
    return KIND.store(folder, bests)
