"""The campaign's high-score table on disk: `<data>/high_scores.json`, written atomically; a bad file is moved aside.

Nothing here raises on a bad file: `load_high_scores` answers an empty table and a sentence saying where the
unreadable file went, and `save_high_scores` reports a failed write as a sentence.
"""

from __future__ import annotations

from pathlib import Path

from ..campaign.scores import HighScores
from .json_file import JsonFileWords, load_json_file, save_json_file

HIGH_SCORES_FILE = "high_scores.json"
WORDS = JsonFileWords(not_read="storage.high_scores.not_read", not_saved="storage.high_scores.not_saved",
                      damaged="storage.high_scores.damaged", stuck="storage.high_scores.stuck")


def high_scores_path(folder: Path) -> Path:
    """The high-score file inside the data folder."""
    return Path(folder) / HIGH_SCORES_FILE


def load_high_scores(folder: Path) -> tuple[HighScores, str | None]:
    """The table (empty when there is none) and a sentence when a file could not be used (it is kept aside)."""
    return load_json_file(high_scores_path(folder), HighScores.from_json, HighScores, WORDS)


def save_high_scores(folder: Path, scores: HighScores) -> str | None:
    """Write the table atomically; None when written, else a sentence for the player."""
    return save_json_file(high_scores_path(folder), scores.to_json(), WORDS)
