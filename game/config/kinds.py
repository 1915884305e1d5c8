"""The kinds of config file `check-config` knows, each with the loader that validates it.

Rules files register themselves here; personalities and campaigns are meant to
register their own kind the same way (`register_kind(ConfigKind(...))` when their
module is imported), so the checker never needs to know them by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .yaml_lines import YamlDocument


@dataclass(frozen=True)
class ConfigKind:
    """One kind of config file: its name, the folders that hold it, its top-level keys and its loader."""

    name: str
    folders: tuple[str, ...]
    keys: frozenset[str]  # top-level keys that mark a file as this kind (not generic ones such as name)
    load: Callable[[Path], Any]  # validates a file, raising ConfigError with every problem
    name_words: tuple[str, ...] = ()  # a file whose name holds one of these (my-campaign.yaml) is this kind


_KINDS: dict[str, ConfigKind] = {}
_FOLDER_DEPTH = 3
# The folders the project lays out for each kind, known here even before a kind's checker is
# registered, so that a personality is reported as "not checkable yet", not mistaken for rules.
PLANNED_FOLDERS: dict[str, str] = {
    "rules": "rules", "personalities": "personalities", "campaign": "campaign", "campaigns": "campaign"}


def register_kind(kind: ConfigKind) -> ConfigKind:
    """Make a kind of config file known (registering the same name again replaces it)."""
    _KINDS[kind.name] = kind
    return kind


def config_kinds() -> tuple[ConfigKind, ...]:
    """Every registered kind, in the order they were registered."""
    return tuple(_KINDS.values())


def kind_named(name: str) -> ConfigKind | None:
    """The registered kind called `name`, if any."""
    return _KINDS.get(name)


def kind_name_for_path(path: Path) -> str | None:
    """The name of the kind whose folder holds `path` (registered or planned), else whose word is in its name."""
    # only the closest folders count, so a checkout that happens to sit under a folder called
    # "rules" does not make every file in it a rules file
    for folder in reversed(path.resolve().parent.parts[-_FOLDER_DEPTH:]):
        folder = folder.lower()
        for kind in _KINDS.values():
            if folder in kind.folders:
                return kind.name
        if folder in PLANNED_FOLDERS:
            return PLANNED_FOLDERS[folder]
    # the file's name counts only outside the kinds' folders, so rules/campaign-night.yaml stays a rules file;
    # the word that comes first in it names the kind (campaign_charms.yaml is a campaign with charms)
    stem = path.stem.lower()
    found = [(stem.find(word), order, kind.name) for order, kind in enumerate(_KINDS.values())
             for word in kind.name_words if word in stem]
    return min(found)[2] if found else None


def kind_for_content(doc: YamlDocument) -> ConfigKind | None:
    """The kind sharing the most marking keys with a parsed file, if any shares one and none ties with it."""
    scores = sorted(((len(kind.keys & {k for k in doc.data if isinstance(k, str)}), kind)
                     for kind in _KINDS.values()), key=lambda pair: -pair[0])
    if not scores or scores[0][0] == 0 or (len(scores) > 1 and scores[1][0] == scores[0][0]):
        return None
    return scores[0][1]
