"""Locale files (`config/locales/<lang>/<area>.yaml`) as check-config sees them: each checked against English.

A locale file is a mapping of keys to words (nested mappings add dots, a list of strings is a list of
lines). Every language but English is compared with the English file of the same area: a key English
lacks or has, placeholders (`{name}`) that differ, a list of lines of another length. The game itself
reads these files with `game.locale.Catalog`; this module only checks them.
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any, Union

import yaml  # type: ignore[import-untyped]

from ..locale import tr
from .errors import ConfigError, Problem
from .kinds import ConfigKind, register_kind
from .yaml_lines import YamlDocument, describe, key_name, read_yaml_file

LOCALES_FOLDER = "locales"
ENGLISH = "en"

Words = Union[str, tuple[str, ...]]


def load_locale_file(path: str | Path) -> dict[str, Words]:
    """Check one locale file (against English unless it is English); its words by dotted key, else ConfigError."""
    path = Path(path)
    doc = _read(path)
    words, problems = _words(doc)
    english_path = path.parent.parent / ENGLISH / path.name
    if path.parent.name != ENGLISH:
        if not english_path.is_file():
            problems.append(Problem(doc.source, tr("config.locale.no_english", file=f"{ENGLISH}/{path.name}")))
        else:
            try:
                english_doc = _read(english_path)
            except ConfigError:
                english_doc = None  # English's own check reports it; there is nothing to compare with
            if english_doc is not None:
                english, _ = _words(english_doc)
                problems += _compare(doc, words, english_doc, english, f"{ENGLISH}/{path.name}")
    if problems:
        raise ConfigError(problems)
    return words


def placeholders(text: str) -> frozenset[str]:
    """The names of the `{placeholders}` in a format string (ValueError when it is not one)."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(text):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return frozenset(names)


def _read(path: Path) -> YamlDocument:
    """The file's document; ConfigError when it cannot be read or is not a mapping of words."""
    try:
        raw: Any = yaml.load(path.read_bytes(), Loader=yaml.SafeLoader)
    except Exception:  # noqa: BLE001 - read_yaml_file below words every way of failing, with its line
        raw = {}
    if not isinstance(raw, dict):
        raise ConfigError.single(str(path), tr("config.locale.not_mapping", what=describe(raw)), 1)
    return read_yaml_file(path)


def _words(doc: YamlDocument) -> tuple[dict[str, Words], list[Problem]]:
    """The file's words by dotted key, and a problem for each value that is not words or not a format string."""
    words: dict[str, Words] = {}
    problems: list[Problem] = list(doc.duplicates)

    def take(prefix: str, data: dict[Any, Any]) -> None:
        for raw_key, value in data.items():
            key = prefix + key_name(raw_key)
            if isinstance(value, dict):
                take(key + ".", value)
                continue
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                value = str(value)
            if isinstance(value, list) and all(isinstance(item, str) for item in value):
                value = tuple(value)
            if not isinstance(value, (str, tuple)):
                problems.append(Problem(doc.source, tr("config.locale.bad_value", what=describe(value)),
                                        doc.line_of(key), key))
                continue
            for index, text in enumerate((value,) if isinstance(value, str) else value):
                try:
                    placeholders(text)
                except ValueError as error:
                    line = doc.line_of(key) if isinstance(value, str) else doc.item_line(key, index)
                    problems.append(Problem(doc.source, tr("config.locale.bad_format", error=error), line, key))
            words[key] = value

    take("", doc.data)
    return words, problems


def _names(value: Words) -> frozenset[str]:
    """Every placeholder in a value (all lines of a list together); none for a bad format string."""
    found: set[str] = set()
    for text in (value,) if isinstance(value, str) else value:
        try:
            found |= placeholders(text)
        except ValueError:
            pass  # reported as a bad format string already
    return frozenset(found)


def _shown(names: frozenset[str]) -> str:
    """Placeholders as a reader writes them: {count}, {name}."""
    return ", ".join("{" + name + "}" for name in sorted(names)) or tr("config.locale.no_placeholders")


def _compare(doc: YamlDocument, words: dict[str, Words], english_doc: YamlDocument, english: dict[str, Words],
             english_file: str) -> list[Problem]:
    """The ways a language's file differs from English's: missing and extra keys, placeholders, list lengths."""
    problems: list[Problem] = []
    for key, wanted in english.items():
        if key not in words:
            problems.append(Problem(doc.source, tr("config.locale.missing", line=english_doc.line_of(key),
                                                   file=english_file), doc.line_of(key), key))
            continue
        found = words[key]
        line = doc.line_of(key)
        if isinstance(wanted, tuple) and not isinstance(found, tuple):
            problems.append(Problem(doc.source, tr("config.locale.list_in_english", wanted=len(wanted)), line, key))
            continue
        if isinstance(found, tuple) and not isinstance(wanted, tuple):
            problems.append(Problem(doc.source, tr("config.locale.words_in_english"), line, key))
            continue
        if isinstance(found, tuple) and isinstance(wanted, tuple) and len(found) != len(wanted):
            problems.append(Problem(doc.source, tr("config.locale.lines", found=len(found), wanted=len(wanted)),
                                    line, key))
        if _names(found) != _names(wanted):
            problems.append(Problem(doc.source, tr("config.locale.placeholders", found=_shown(_names(found)),
                                                   wanted=_shown(_names(wanted))), line, key))
    for key in words:
        if key not in english:
            problems.append(Problem(doc.source, tr("config.locale.extra"), doc.line_of(key), key))
    return problems


LOCALE_KIND = register_kind(ConfigKind(name="locale", folders=(LOCALES_FOLDER,), keys=frozenset(),
                                       load=load_locale_file))
