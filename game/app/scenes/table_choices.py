"""What New game offers to choose from: every rules file with its problems, the characters that load, and
what the campaign road still keeps locked (a helper module: it holds no scene)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...ai.registry import character_ids, load_character_by_id
from ...config import ConfigError, list_rules_files, load_rules
from ...config.campaign_file import CAMPAIGN_FILE, load_campaign
from ...engine.rules import RuleSet
from ...locale import tr
from ...locale.texts import rules_name


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


def read_rules_files(folders: Sequence[Path]) -> list[RulesEntry]:
    """Every rules file in `folders`, loaded or with its problem lines (paths cut to the file name)."""
    entries: list[RulesEntry] = []
    for folder in folders:
        for path in list_rules_files(folder):
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
