"""What the player has unlocked on any campaign road: `<data>/unlocks.json`, a sorted list like "look:green_baize".

Unlocks belong to the player, not to one save slot: a road that is deleted or started again keeps what
it won. Nothing here raises on a bad file: a damaged one is moved aside, what could be read of it is kept,
and the player is told (`json_file.JsonKind`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..locale import tr
from .json_file import JsonFileWords, JsonKind, Unfit

UNLOCKS_FILE = "unlocks.json"
MAX_NAME = 100  # "character:bert", "look:pope_joan_board": never near this
WORDS = JsonFileWords(not_read="storage.unlocks.not_read", not_saved="storage.unlocks.not_saved",
                      what="files.what.unlocks")


def unlocks_path(folder: Path) -> Path:
    """The unlocks file inside the data folder."""
    return Path(folder) / UNLOCKS_FILE


def _parse(data: Any) -> tuple[frozenset[str], int]:
    """The "kind:target" names in the file and how many items are not one; Unfit when it is not a list."""
    if not isinstance(data, list):
        raise Unfit(tr("files.why.not_ours"))
    names = [item for item in data if isinstance(item, str) and ":" in item and len(item) <= MAX_NAME]
    return frozenset(names), len(data) - len(names)


KIND: JsonKind[frozenset[str]] = JsonKind(UNLOCKS_FILE, _parse, frozenset, sorted, WORDS)


def load_unlocks(folder: Path) -> tuple[frozenset[str], str | None]:
    """Everything unlocked ("kind:target" names) and a sentence when the file could not be used."""
    return KIND.load(folder)


def add_unlocks(folder: Path, names: Iterable[str]) -> str | None:
    """Remember `names` as unlocked along with what was before; None when written (or nothing new)."""
    known, problem = load_unlocks(folder)
    wanted = known | frozenset(names)
    if wanted == known and problem is None:
        return None
    return KIND.save(folder, wanted) or problem
