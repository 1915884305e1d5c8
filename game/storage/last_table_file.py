"""The last table the player started from New game, remembered in `<data>/last_table.json` so New game opens
with it: the players, the characters they chose, the rules file, the length.

The file comes in through the door (`json_file.JsonKind`): every value is checked before it is used; one
that cannot be used takes its default while the others are kept, and a file that cannot be used at all is
set aside byte for byte with a sentence for the player. Whether a remembered character or rules file can
still be chosen is New game's business (`scenes/new_game/last_table.py`).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from ..engine.rules import MAX_PLAYERS, MIN_PLAYERS
from ..locale.words import Words
from .door import whole_number
from .json_file import JsonFileWords, JsonKind, read_fields

LAST_TABLE_FILE = "last_table.json"
LENGTHS = ("deals", "last_one", "time")
CHARM_MODES = ("none", "yours", "every")  # New game's Charms row: nobody, the player, or every seat
MAX_DEALS = 1000
MAX_MINUTES = 24 * 60
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_RULES_FILE = re.compile(r"[^/\\\x00]{1,200}\.ya?ml", re.IGNORECASE)


@dataclass(frozen=True)
class LastTable:
    """The table as it was started: characters by id in seat order, the rules file by name (`rules_mine`: in
    the player's own rules folder rather than the game's), the length and its amount, the table strength
    the characters were seated at ("": the player's own choice), and the charms (R31): who holds them and the
    player's charm ("": two dealt at random)."""

    players: int = 4
    characters: tuple[str, ...] = ()
    rules: str = ""
    rules_mine: bool = False
    length: str = "deals"
    deals: int = 10
    minutes: int = 20
    strength: str = ""
    charms: str = "none"
    charm: str = ""


def _check(name: str, value: Any) -> Any:
    """`value` if field `name` can hold it exactly as the file has it, else None."""
    if name == "players":
        return whole_number(value, MIN_PLAYERS, MAX_PLAYERS)
    if name == "characters":
        if not isinstance(value, list) or len(value) >= MAX_PLAYERS:
            return None
        return tuple(value) if all(isinstance(v, str) and _ID.fullmatch(v) for v in value) else None
    if name == "rules":
        return value if isinstance(value, str) and (value == "" or _RULES_FILE.fullmatch(value)) else None
    if name == "rules_mine":
        return value if isinstance(value, bool) else None
    if name == "length":
        return value if isinstance(value, str) and value in LENGTHS else None
    if name == "deals":
        return whole_number(value, 1, MAX_DEALS)
    if name == "minutes":
        return whole_number(value, 1, MAX_MINUTES)
    if name == "charms":
        return value if isinstance(value, str) and value in CHARM_MODES else None
    if name == "charm":  # which charms there are is New game's business, as for the strengths
        return value if isinstance(value, str) and (value == "" or _ID.fullmatch(value)) else None
    if name == "strength":  # which strengths there are is New game's business: one it does not know is its own
        return value if isinstance(value, str) and (value == "" or _ID.fullmatch(value)) else None
    return None


def _parse(data: Any) -> tuple[LastTable | None, int]:
    """The table a file holds and how many of its values could not be used (they take their defaults)."""
    return read_fields(data, LastTable, {f.name for f in fields(LastTable)}, _check)


def _dump(table: LastTable | None) -> dict[str, Any]:
    if table is None:
        return {}
    data = asdict(table)
    data["characters"] = list(table.characters)
    return data


WORDS = JsonFileWords(not_read="last_table.not_read", not_saved="last_table.not_saved", what="last_table.what")
KIND: JsonKind[LastTable | None] = JsonKind(LAST_TABLE_FILE, _parse, lambda: None, _dump, WORDS, indent=2,
                                              keeps_unknown=False)


def load_last_table(folder: Path) -> tuple[LastTable | None, Words | None]:
    """The table last started (None when none was, or the file could not be used at all) and, when the file
    was not wholly usable, words for the player."""
    return KIND.load_words(folder)


def save_last_table(folder: Path, table: LastTable) -> str | None:
    """Remember `table`; None when written, else a sentence saying why not."""
    return KIND.save(folder, table)
