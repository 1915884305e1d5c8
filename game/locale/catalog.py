"""A language's words: every `config/locales/<lang>/<area>.yaml` file read into one table of dotted keys.

A file's keys live under its name: `title.yaml` holding `new_game: New game` gives the key
`title.new_game`; nested mappings add more dots, and a list of strings (a character's lines) is kept
as a tuple. Values are Python format strings: `{name}` is filled in by `tr(..., name=...)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from ..bundle import CONFIG_DIR
from .safe_yaml import MAX_YAML_BYTES, MAX_YAML_DEPTH, YamlRefused, read_limited, safe_load

LOCALES_DIR = CONFIG_DIR / "locales"
Entry = str | tuple[str, ...]
# Why a file was refused before it was read, in English (the catalog's own messages are English: the words of
# the language that failed cannot be trusted to say it).
_REFUSED = {"too_big": f"it is larger than {MAX_YAML_BYTES // (1024 * 1024)} MB",
            "too_deep": f"it nests deeper than {MAX_YAML_DEPTH} levels",
            "too_many": "its aliases repeat too much", "alias_loop": "an alias is used inside the part it names"}


class LocaleError(ValueError):
    """A locale file that cannot be used; the message names the file and why."""


@dataclass
class Catalog:
    """One language's table of keys to words (a string, or a tuple of strings for a list of lines)."""

    code: str
    entries: dict[str, Entry] = field(default_factory=dict)

    @classmethod
    def load(cls, code: str, folder: Path = LOCALES_DIR) -> Catalog:
        """Every area file of language `code` in `folder`; LocaleError when a file is damaged."""
        catalog = cls(code)
        where = folder / code
        if not where.is_dir():
            raise LocaleError(f"there is no language folder {where}")
        for path in sorted(where.glob("*.yaml")):
            try:
                data = safe_load(read_limited(path).decode("utf-8-sig"))
            except YamlRefused as refusal:
                raise LocaleError(f"{path}: cannot be read ({_REFUSED.get(refusal.code, refusal.code)})") from None
            except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
                raise LocaleError(f"{path}: cannot be read ({error})") from error
            if not isinstance(data, dict):
                raise LocaleError(f"{path}: must be a mapping of keys to words")
            entries, refused = flatten(data, f"{path.stem}.")
            if refused:
                raise LocaleError(f"{path}: {refused[0].words()}")
            catalog.entries.update(entries)
        return catalog


class Refused(NamedTuple):
    """A part of a locale file the game cannot use: a key that YAML reads as true/false, or a value that is not
    words, a list of words or a mapping."""

    key: str  # dotted, as `flatten` spells it
    value: Any  # what the file holds there (for a true/false key, its mapping)
    bool_key: bool  # the key itself is the trouble: a bare yes, no, on or off reads as true/false

    def words(self) -> str:
        """Why, in English (the catalog's own message; check-config words it in the current language)."""
        if self.bool_key:
            return f"{self.key}: quote the key (a bare yes/no/on/off reads as true/false)"
        return f"{self.key}: must be words, a list of words or a mapping"


def key_part(key: object) -> str:
    """One part of a dotted key as the file means it: `null`, `true`, `12`, `title`."""
    if key is None:
        return "null"
    if isinstance(key, bool):
        return "true" if key else "false"
    return str(key)


def flatten(data: dict[Any, Any], prefix: str = "") -> tuple[dict[str, Entry], list[Refused]]:
    """A locale file's mapping as dotted keys under `prefix` (nested mappings add dots, numbers become words,
    a list of strings a tuple), and every part of it that cannot be used. The game and check-config both
    read locale files through this, so they agree on what a file means."""
    entries: dict[str, Entry] = {}
    refused: list[Refused] = []

    def take(prefix: str, data: dict[Any, Any]) -> None:
        for key, value in data.items():
            name = prefix + key_part(key)
            if isinstance(key, bool):  # YAML reads a bare yes/no/on/off key as a boolean
                refused.append(Refused(name, value, True))
            elif isinstance(value, dict):
                take(name + ".", value)
            elif isinstance(value, str):
                entries[name] = value
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                entries[name] = str(value)
            elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                entries[name] = tuple(value)
            else:
                refused.append(Refused(name, value, False))

    take(prefix, data)
    return entries, refused


def plural_form(code: str, count: int) -> str:
    """"one" or "other" for `count` in language `code` (French counts 0 as one: "0 carte")."""
    if code == "fr":
        return "one" if count in (0, 1) else "other"
    return "one" if count == 1 else "other"
