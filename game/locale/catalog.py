"""A language's words: every `config/locales/<lang>/<area>.yaml` file read into one table of dotted keys.

A file's keys live under its name: `title.yaml` holding `new_game: New game` gives the key
`title.new_game`; nested mappings add more dots, and a list of strings (a character's lines) is kept
as a tuple. Values are Python format strings: `{name}` is filled in by `tr(..., name=...)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

import yaml  # type: ignore[import-untyped]

LOCALES_DIR = Path(__file__).resolve().parents[2] / "config" / "locales"
Entry = Union[str, tuple[str, ...]]
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class LocaleError(ValueError):
    """A locale file that cannot be used; the message names the file and why."""


@dataclass
class Catalog:
    """One language's table of keys to words (a string, or a tuple of strings for a list of lines)."""

    code: str
    entries: dict[str, Entry] = field(default_factory=dict)

    @classmethod
    def load(cls, code: str, folder: Path = LOCALES_DIR) -> "Catalog":
        """Every area file of language `code` in `folder`; LocaleError when a file is damaged."""
        catalog = cls(code)
        where = folder / code
        if not where.is_dir():
            raise LocaleError(f"there is no language folder {where}")
        for path in sorted(where.glob("*.yaml")):
            try:
                data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
            except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
                raise LocaleError(f"{path}: cannot be read ({error})") from error
            if not isinstance(data, dict):
                raise LocaleError(f"{path}: must be a mapping of keys to words")
            catalog._take(path.stem, data, path)
        return catalog

    def _take(self, prefix: str, data: dict[Any, Any], path: Path) -> None:
        """Flatten one mapping into dotted keys under `prefix`."""
        for key, value in data.items():
            if isinstance(key, bool):  # YAML reads a bare yes/no/on/off key as a boolean
                raise LocaleError(f"{path}: {prefix}.{key}: quote the key (a bare {key!r} reads as true/false)")
            name = f"{prefix}.{key}"
            if isinstance(value, dict):
                self._take(name, value, path)
            elif isinstance(value, str):
                self.entries[name] = value
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                self.entries[name] = str(value)
            elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                self.entries[name] = tuple(value)
            else:
                raise LocaleError(f"{path}: {name}: must be words, a list of words or a mapping")


def plural_form(code: str, count: int) -> str:
    """"one" or "other" for `count` in language `code` (French counts 0 as one: "0 carte")."""
    if code == "fr":
        return "one" if count in (0, 1) else "other"
    return "one" if count == 1 else "other"
