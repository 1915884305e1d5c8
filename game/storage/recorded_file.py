"""The sessions whose end is already recorded: `<data>/recorded.json`, the ids of the latest few hundred.

A finished session is recorded once (statistics, a daily score, a campaign venue's result) and only then is its
kept file forgotten; if that file outlives the recording (a crash in between, or a file the system will not
let go), the session comes back over, and this list is what stops it being counted twice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..locale import tr
from .json_file import JsonFileWords, JsonKind, Unfit

RECORDED_FILE = "recorded.json"
KEPT = 300  # far more sessions than could be left over at once
MAX_ID = 80
WORDS = JsonFileWords(not_read="storage.recorded.not_read", not_saved="storage.recorded.not_saved",
                      what="files.what.recorded")


def _parse(data: Any) -> tuple[tuple[str, ...], int]:
    """The ids in the file, oldest first, and how many items are not one; Unfit when it is not a list."""
    if not isinstance(data, list):
        raise Unfit(tr("files.why.not_ours"))
    ids = tuple(item for item in data if isinstance(item, str) and 0 < len(item) <= MAX_ID)
    return ids, len(data) - len(ids)


KIND: JsonKind[tuple[str, ...]] = JsonKind(RECORDED_FILE, _parse, tuple, list, WORDS)


def was_recorded(folder: Path, session_id: str) -> bool:
    """Whether the session `session_id` has had its end recorded already."""
    return recorded(folder, session_id)[0]


def recorded(folder: Path, session_id: str) -> tuple[bool, str | None]:
    """Whether the session `session_id` has had its end recorded already, and a sentence when the file was not
    wholly usable (what could not be used is kept aside)."""
    ids, problem = KIND.load(folder)
    return session_id in ids, problem


def mark_recorded(folder: Path, session_id: str) -> tuple[str | None, bool]:
    """Remember that the session's end is recorded: (a sentence for the player or None, whether it is on disk)."""
    ids, problem = KIND.load(folder)
    if session_id in ids:
        return problem, True
    said, written = KIND.store(folder, (*ids, session_id)[-KEPT:])
    if written and said:  # the file that could not be read, kept aside: that sentence says all
        return said, True
    return " ".join(words for words in (problem, said) if words) or None, written
