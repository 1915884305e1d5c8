"""What New game offers to choose from: every rules file with its problems, the characters that load, what the
campaign road still keeps locked, and a finished table laid again (a helper module: it holds no scene)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ....ai.registry import character_ids, load_character_by_id
from ....ai.seats import SeatSpec
from ....campaign.campaign_file import CAMPAIGN_FILE, load_campaign
from ....config import ConfigError, list_rules_files, load_rules
from ....engine.rules import RulesError, RuleSet
from ....locale import tr
from ....locale.texts import rules_name
from ....storage.folders import folder_closed
from ....storage.last_table_file import load_last_table
from .defaults import default_table
from .table_strength import strength_index

if TYPE_CHECKING:
    from .scene import NewGameScene



@dataclass(frozen=True)
class RulesEntry:
    """One rules file as the list shows it: its rules, or why it cannot be used."""

    path: Path
    rules: RuleSet | None
    problems: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        """The rules' name in the current language, or the file's when it will not load."""
        return rules_name(self.rules) if self.rules is not None else self.path.name


def read_rules_files(folders: Sequence[Path], tell: Callable[[str | None], None] | None = None) -> list[RulesEntry]:
    """Every rules file in `folders`, loaded or with its problem lines (paths cut to the file name); a folder closed
    to the game is one entry with its sentence, also told to `tell` (the app's notices)."""
    entries: list[RulesEntry] = []
    for folder in folders:
        closed = folder_closed(folder)
        if closed is not None:  # its files cannot even be looked at: the folder is said, not each file
            entries.append(RulesEntry(folder, None, (closed,)))
            if tell is not None:
                tell(closed)
            continue
        try:
            paths = list_rules_files(folder)
        except OSError as error:  # a folder without permission: said as a file that cannot be read
            entries.append(RulesEntry(folder, None, (tr("new_game.unreadable", file=folder.name,
                                                        error=error.strerror or error),)))
            continue
        for path in paths:
            try:
                entries.append(RulesEntry(path, load_rules(path)))
            except ConfigError as error:
                entries.append(RulesEntry(path, None, tuple(_short_problem(line, path) for line in error.problems)))
            except Exception as error:  # noqa: BLE001 - whatever a strange file does, it must not stop the game
                entries.append(RulesEntry(path, None, (tr("new_game.unreadable", file=path.name, error=error),)))
    return entries


def _short_problem(line: str, path: Path) -> str:
    """A problem line as the file's reader wants it: "line 2: ante_boodle: ..." (the path is said once above)."""
    for prefix in (str(path), path.name):
        if line.startswith(prefix + ":"):
            rest = line[len(prefix) + 1:]
            number, _, message = rest.partition(": ")
            return tr("new_game.problem_line", number=number, message=message) if number.isdigit() \
                else rest.lstrip()
    return line


def campaign_locks(unlocked: frozenset[str]) -> dict[str, str]:
    """What the shipped campaign road still keeps locked ("character:bert", "rules:house"), each with the name
    of the venue that unlocks it; nothing is locked when the campaign file cannot be read."""
    try:
        campaign = load_campaign(CAMPAIGN_FILE)
    except Exception:  # noqa: BLE001 - a broken campaign file must not stop free play, nor lock anything away
        return {}
    return {name: venue.title() for name, venue in campaign.locks(unlocked).items()}


def load_opponents() -> list[Any]:
    """Every character that loads, by id."""
    out = []
    for character_id in character_ids():
        try:
            out.append(load_character_by_id(character_id))
        except Exception:  # noqa: BLE001 - the registry already keeps broken files out; be sure one cannot stop the scene
            continue
    return out


def fresh_seed(old: int | None = None) -> int:
    """A new session's seed, from the system's randomness (never `old`: Play again deals a new game)."""
    source = random.SystemRandom()
    seed = source.randrange(1, 2**31)
    while seed == old:
        seed = source.randrange(1, 2**31)
    return seed


@dataclass(frozen=True)
class LaidTable:
    """A table as New game lays it: the rules (their players and deals set), who sits where, the time limit."""

    rules: RuleSet
    seats: tuple[SeatSpec, ...]
    time_limit_s: float | None = None


def lay_again(scene: NewGameScene, laid: LaidTable, lengths: Sequence[str], deal_choices: Sequence[int],
              minute_choices: Sequence[int]) -> None:
    """Choose in New game the rules file, the length (among New game's `lengths`, deal and minute choices), the
    players and the characters of `laid` (Change table); a character now locked is left to be filled at random."""
    rules = laid.rules
    usable = [i for i, entry in enumerate(scene.entries) if entry.rules is not None and not scene.rules_lock(i)
              and entry.rules.name == rules.name]
    same = [i for i in usable if _as_played(scene.entries[i].rules, rules) == rules]
    if same or usable:
        scene.rules_index = (same or usable)[0]
    scene.players = len(laid.seats)
    if laid.time_limit_s is not None:
        minutes = laid.time_limit_s / 60
        scene.length = lengths.index("time")
        scene.minutes_index = min(range(len(minute_choices)), key=lambda i: abs(minute_choices[i] - minutes))
    elif rules.deals is None:
        scene.length = lengths.index("last_one")
    else:
        deals = rules.deals
        scene.length = lengths.index("deals")
        scene.deals_index = min(range(len(deal_choices)), key=lambda i: abs(deal_choices[i] - deals))
    seatable = scene.seatable()
    chosen: list[int] = []
    for _, character in laid.seats[1:]:
        found = [i for i in seatable if character is not None and scene.characters[i].id == character.id
                 and i not in chosen]
        chosen.extend(found[:1])
    scene.chosen = chosen[:scene.players - 1]
    last, _ = load_last_table(scene.app.data_dir)  # the strength it was started at (New game checks it still is)
    scene.strength = strength_index(last.strength) if last is not None else None


def default_choices(entries: Sequence[RulesEntry], characters: Sequence[Any], rules_lock: Callable[[int], str],
                    character_lock: Callable[[int], str]) -> tuple[int | None, int, list[int], int | None]:
    """New game's default table as far as it can be chosen: the rules file (else the first usable one), the
    players, the opponents (those the road does not keep locked) and the table strength."""
    table = default_table()
    usable = [i for i, entry in enumerate(entries) if entry.rules is not None and not rules_lock(i)]
    named = [i for i in usable if entries[i].path.stem == table.rules]
    ids = [character.id for character in characters]
    chosen = [ids.index(who) for who in table.opponents if who in ids and not character_lock(ids.index(who))]
    rules_index = (named or usable)[0] if usable else None
    return rules_index, table.players, chosen[:table.players - 1], strength_index(table.strength)


def _as_played(file_rules: RuleSet | None, played: RuleSet) -> RuleSet | None:
    """A file's rules with the players and deals of a table played under them (None when they cannot be)."""
    if file_rules is None:
        return None
    try:
        return dataclasses.replace(file_rules, players=played.players, deals=played.deals)
    except RulesError:
        return None
