"""New game's remembered table: the choices of the last table started, as far as they can still be made, and
the table to remember when Start is pressed (a helper module: it holds no scene).

A remembered character that is no longer in the cast or is locked, or a rules file that is gone, no longer
loads or is locked, falls back to New game's own choice, and the player is told in a word.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ....locale import tr
from ....locale.names import seat_name
from ....storage.last_table_file import LENGTHS, LastTable, load_last_table
from .table_choices import RulesEntry

LENGTH_KEYS = ("new_game.length.deals", "new_game.length.last_one", "new_game.length.time")
DEAL_CHOICES = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50)
MINUTE_CHOICES = (5, 10, 15, 20, 30, 45, 60, 90)


@dataclass(frozen=True)
class Recalled:
    """The remembered choices that can be made (None: New game's own), and a sentence for each that cannot."""

    rules_index: int | None
    players: int
    chosen: tuple[int, ...]
    length: int
    deals_index: int
    minutes_index: int
    notes: tuple[str, ...]
    strength: str


def nearest(choices: Sequence[int], wanted: int) -> int:
    """The index of the choice nearest `wanted`."""
    return min(range(len(choices)), key=lambda i: abs(choices[i] - wanted))


def recall(last: LastTable, entries: Sequence[RulesEntry], folders: Sequence[Path], characters: Sequence[Any],
           rules_lock: Callable[[int], str], character_lock: Callable[[int], str]) -> Recalled:
    """The choices `last` remembers, checked against what New game offers now (`folders`: the game's rules
    folder first, then the player's)."""
    notes: list[str] = []
    rules_index = None
    if last.rules:
        folder = folders[-1] if last.rules_mine else folders[0]
        found = [i for i, entry in enumerate(entries) if entry.path.parent == folder and entry.path.name == last.rules]
        if not found:
            notes.append(tr("last_table.rules_gone", file=last.rules))
        elif entries[found[0]].rules is None:
            notes.append(tr("last_table.rules_broken", file=last.rules))
        elif rules_lock(found[0]):
            notes.append(tr("last_table.rules_locked", rules=entries[found[0]].title, venue=rules_lock(found[0])))
        else:
            rules_index = found[0]
    ids = [character.id for character in characters]
    chosen: list[int] = []
    for wanted in last.characters:
        if wanted not in ids:
            notes.append(tr("last_table.character_gone", name=wanted))
        elif character_lock(ids.index(wanted)):
            notes.append(tr("last_table.character_locked", name=seat_name(characters[ids.index(wanted)]),
                            venue=character_lock(ids.index(wanted))))
        elif ids.index(wanted) not in chosen:
            chosen.append(ids.index(wanted))
    return Recalled(rules_index, last.players, tuple(chosen[:last.players - 1]), LENGTHS.index(last.length),
                    nearest(DEAL_CHOICES, last.deals), nearest(MINUTE_CHOICES, last.minutes), tuple(notes),
                    last.strength)


def remembered(folder: Path, tell: Callable[[str], None]) -> LastTable | None:
    """The table last started in this data folder; what the player must be told about its file goes to `tell`."""
    last, problem = load_last_table(folder)
    if problem is not None:
        tell(str(problem))
    return last


def table_to_remember(players: int, chosen: Sequence[int], characters: Sequence[Any], entry: RulesEntry,
                      shipped: Path, length: tuple[int, int, int], strength: str,
                      charms: tuple[str, str] = ("none", "")) -> LastTable:
    """The table being started, as New game will remember it (`shipped`: the game's own rules folder; `length`:
    the length's, the deals' and the minutes' indexes; `strength`: the table strength's id, "" for none;
    `charms`: the Charms row's mode and the player's charm, "" when dealt)."""
    mode, deals_index, minutes_index = length
    return LastTable(players, tuple(characters[i].id for i in chosen), entry.path.name, entry.path.parent != shipped,
                     LENGTHS[mode], DEAL_CHOICES[deals_index], MINUTE_CHOICES[minutes_index], strength, *charms)
