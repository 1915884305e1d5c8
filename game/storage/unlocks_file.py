"""What the player has unlocked on any campaign road: `<data>/unlocks.json`, a sorted list like "look:green_baize".

Unlocks belong to the player, not to one save slot: a road that is deleted or started again keeps what
it won. Nothing here raises on a bad file: a damaged one is moved aside and the player is told.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .json_file import JsonFileWords, load_json_file, save_json_file

UNLOCKS_FILE = "unlocks.json"
WORDS = JsonFileWords(not_read="storage.unlocks.not_read", not_saved="storage.unlocks.not_saved",
                      damaged="storage.unlocks.damaged", stuck="storage.unlocks.stuck")


def unlocks_path(folder: Path) -> Path:
    """The unlocks file inside the data folder."""
    return Path(folder) / UNLOCKS_FILE


def _parse(data: Any) -> frozenset[str]:
    """The names in the file; ValueError when it is not a list of "kind:target" strings."""
    if not isinstance(data, list) or not all(isinstance(n, str) and ":" in n for n in data):
        raise ValueError("not a list of unlocks")
    return frozenset(data)


def load_unlocks(folder: Path) -> tuple[frozenset[str], str | None]:
    """Everything unlocked ("kind:target" names) and a sentence when the file could not be used."""
    return load_json_file(unlocks_path(folder), _parse, frozenset, WORDS)


def add_unlocks(folder: Path, names: Iterable[str]) -> str | None:
    """Remember `names` as unlocked along with what was before; None when written (or nothing new)."""
    known, problem = load_unlocks(folder)
    wanted = known | frozenset(names)
    if wanted == known and problem is None:
        return None
    return save_json_file(unlocks_path(folder), sorted(wanted), WORDS) or problem
