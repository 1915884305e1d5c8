"""The campaign's high-score table on disk: `<data>/high_scores.json`, written atomically; a bad file is moved aside.

Nothing here raises on a bad file: `load_high_scores` answers an empty table and a sentence saying where the
unreadable file went, and `save_high_scores` reports a failed write as a sentence.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..campaign.scores import HighScores
from .atomic import move_aside, write_atomically

HIGH_SCORES_FILE = "high_scores.json"


def high_scores_path(folder: Path) -> Path:
    """The high-score file inside the data folder."""
    return Path(folder) / HIGH_SCORES_FILE


def load_high_scores(folder: Path) -> tuple[HighScores, str | None]:
    """The table (empty when there is none) and a sentence when a file could not be used (it is kept aside)."""
    path = high_scores_path(folder)
    if not path.is_file():
        return HighScores(), None
    try:
        return HighScores.from_json(json.loads(path.read_bytes().decode("utf-8"))), None
    except OSError as error:
        return HighScores(), f"The high scores could not be read ({error.strerror or error})."
    except (UnicodeDecodeError, ValueError, RecursionError):
        pass
    try:
        moved = move_aside(path)
    except OSError:
        return HighScores(), "The high-score file is damaged and could not be moved aside."
    return HighScores(), f"The high-score file was damaged; it was kept as {moved.name} and a new table begins."


def save_high_scores(folder: Path, scores: HighScores) -> str | None:
    """Write the table atomically; None when written, else a sentence for the player."""
    text = json.dumps(scores.to_json(), ensure_ascii=False, indent=1) + "\n"
    try:
        write_atomically(high_scores_path(folder), text.encode("utf-8"))
    except OSError as error:
        return f"The high scores could not be saved ({error.strerror or error})."
    return None
