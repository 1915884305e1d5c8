"""The campaign's high-score table on disk: `<data>/high_scores.json`, written atomically; a bad file is moved aside.

Nothing here raises on a bad file: `load_high_scores` answers the entries it could use (an empty table when
none) and a sentence saying where the file as it was went, and `save_high_scores` reports a failed write as a
sentence (`json_file.JsonKind`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..storage.json_file import JsonFileWords, JsonKind, check_header
from .scores import SCORES_FORMAT, SCORES_VERSION, HighScores

HIGH_SCORES_FILE = "high_scores.json"
WORDS = JsonFileWords(not_read="storage.high_scores.not_read", not_saved="storage.high_scores.not_saved",
                      what="files.what.high_scores")


def high_scores_path(folder: Path) -> Path:
    """The high-score file inside the data folder."""
    return Path(folder) / HIGH_SCORES_FILE


def _parse(data: Any) -> tuple[HighScores, int]:
    return HighScores.read(check_header(data, SCORES_FORMAT, SCORES_VERSION).get("entries"))


KIND: JsonKind[HighScores] = JsonKind(HIGH_SCORES_FILE, _parse, HighScores, HighScores.to_json, WORDS)


def load_high_scores(folder: Path) -> tuple[HighScores, str | None]:
    """The table (empty when there is none) and a sentence when a file could not be used (it is kept aside)."""
    return KIND.load(folder)


def save_high_scores(folder: Path, scores: HighScores) -> str | None:
    """Write the table atomically; None when written, else a sentence for the player."""
    return KIND.save(folder, scores)
