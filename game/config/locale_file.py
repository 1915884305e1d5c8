"""Locale files (`config/locales/<lang>/<area>.yaml`) as check-config sees them: each checked against English.

A locale file is a mapping of keys to words (nested mappings add dots, a list of strings is a list of
lines). Every language but English is compared with the English file of the same area: a key English
lacks or has, placeholders (`{name}`) that differ, a list of lines of another length. The game reads
these files with `game.locale.Catalog`; both flatten a file with `game.locale.catalog.flatten`, so a file
this check passes is one the game takes.
"""

from __future__ import annotations

import hashlib
import string
from pathlib import Path

from ..locale.catalog import Entry, flatten
from ..locale.safe_yaml import YamlRefused, read_limited
from ..locale.shown import shown_name
from ..locale.words import Words
from .errors import ConfigError, Problem, why
from .kinds import ConfigKind, register_kind
from .yaml_lines import YamlDocument, describe, read_yaml_bytes, read_yaml_file

LOCALES_FOLDER = "locales"
ENGLISH = "en"

# Each file read in this run, by path and content: its document, words and problems, or the ConfigError it
# raised. English's file of an area, compared with every other language's, is so parsed once for all of them.
_Read = tuple[YamlDocument, dict[str, Entry], list[Problem]]
_READ: dict[tuple[str, bytes], _Read | ConfigError] = {}


def load_locale_file(path: str | Path) -> dict[str, Entry]:
    """Check one locale file (against English unless it is English); its words by dotted key, else ConfigError."""
    path = Path(path)
    doc, words, problems = _read(path)
    problems = list(problems)
    english_path = path.parent.parent / ENGLISH / path.name
    if path.parent.name != ENGLISH:
        if not english_path.is_file():
            english_name = f"{ENGLISH}/{shown_name(path.name)}"
            problems.append(Problem(doc.source, why("config.locale.no_english", file=english_name)))
        else:
            try:
                english_doc, english, _ = _read(english_path)
            except ConfigError:
                pass  # English's own check reports it; there is nothing to compare with
            else:
                problems += _compare(doc, words, english_doc, english, f"{ENGLISH}/{shown_name(path.name)}")
    if problems:
        raise ConfigError(problems)
    return dict(words)


def placeholders(text: str) -> frozenset[str]:
    """The whole field names of the `{placeholders}` in a format string, `{count[0]}` as `count[0]` (ValueError
    when it is not a format string)."""
    return frozenset(field for _, field, _, _ in string.Formatter().parse(text) if field is not None)


def _read(path: Path) -> _Read:
    """The file's document, its words and their problems, parsed once per content; ConfigError when it cannot
    be read or is not a mapping."""
    try:
        data: bytes | None = read_limited(path)
    except (OSError, YamlRefused):
        data = None  # read_yaml_file words why
    key = (str(path), hashlib.sha1(data).digest() if data is not None else b"")
    found = _READ.get(key) if data is not None else None
    if found is None:
        try:
            doc = (read_yaml_file(path, "config.locale.not_mapping") if data is None
                   else read_yaml_bytes(data, str(path), "config.locale.not_mapping"))
            words, problems = _words(doc)
            found = (doc, words, problems)
        except ConfigError as error:
            found = error
        if data is not None:
            _READ[key] = found
    if isinstance(found, ConfigError):
        raise ConfigError(found.details)
    return found


def _words(doc: YamlDocument) -> tuple[dict[str, Entry], list[Problem]]:
    """The file's words by dotted key (as the game reads them), and a problem for each part the game refuses
    and for each value that is not a format string."""
    words, refused = flatten(doc.data)
    problems: list[Problem] = list(doc.duplicates)
    for part in refused:
        wrong = (why("config.locale.bool_key") if part.bool_key
                 else why("config.locale.bad_value", what=describe(part.value)))
        problems.append(Problem(doc.source, wrong, doc.line_of(part.key), part.key))
    for key, value in words.items():
        for index, text in enumerate((value,) if isinstance(value, str) else value):
            try:
                placeholders(text)
            except ValueError as error:
                line = doc.line_of(key) if isinstance(value, str) else doc.item_line(key, index)
                problems.append(Problem(doc.source, why("config.locale.bad_format", error=str(error)), line, key))
    return words, problems


def _names(value: Entry) -> frozenset[str]:
    """Every placeholder in a value (all lines of a list together); none for a bad format string."""
    found: set[str] = set()
    for text in (value,) if isinstance(value, str) else value:
        try:
            found |= placeholders(text)
        except ValueError:
            pass  # reported as a bad format string already
    return frozenset(found)


def _shown(names: frozenset[str]) -> Words | str:
    """Placeholders as a reader writes them: {count}, {name}."""
    return ", ".join("{" + name + "}" for name in sorted(names)) or why("config.locale.no_placeholders")


def _compare(doc: YamlDocument, words: dict[str, Entry], english_doc: YamlDocument, english: dict[str, Entry],
             english_file: str) -> list[Problem]:
    """The ways a language's file differs from English's: missing and extra keys, placeholders, list lengths."""
    problems: list[Problem] = []
    for key, wanted in english.items():
        if key not in words:
            problems.append(Problem(doc.source, why("config.locale.missing", line=english_doc.line_of(key),
                                                   file=english_file), doc.line_of(key), key))
            continue
        found = words[key]
        line = doc.line_of(key)
        if isinstance(wanted, tuple) and not isinstance(found, tuple):
            problems.append(Problem(doc.source, why("config.locale.list_in_english", wanted=len(wanted)), line, key))
            continue
        if isinstance(found, tuple) and not isinstance(wanted, tuple):
            problems.append(Problem(doc.source, why("config.locale.words_in_english"), line, key))
            continue
        if isinstance(found, tuple) and isinstance(wanted, tuple) and len(found) != len(wanted):
            problems.append(Problem(doc.source, why("config.locale.lines", found=len(found), wanted=len(wanted)),
                                    line, key))
        if _names(found) != _names(wanted):
            problems.append(Problem(doc.source, why("config.locale.placeholders", found=_shown(_names(found)),
                                                   wanted=_shown(_names(wanted))), line, key))
    for key in words:
        if key not in english:
            problems.append(Problem(doc.source, why("config.locale.extra"), doc.line_of(key), key))
    return problems


LOCALE_KIND = register_kind(ConfigKind(name="locale", folders=(LOCALES_FOLDER,), keys=frozenset(),
                                       load=load_locale_file))
