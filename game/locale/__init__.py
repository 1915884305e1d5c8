"""The words the player reads, in their language: `tr("title.new_game")`, from `config/locales/<lang>/`.

One language is current at a time (`set_language`); a key missing from it falls back to English, and a
key missing from English shows itself, so a gap is visible rather than fatal. A language whose files
cannot be read is never fatal either: it is an empty catalog with its problem kept (`load_problem`), and
`set_language` speaks English instead. No pygame here: the storage and config layers word their messages
with it too.
"""

from __future__ import annotations

from .catalog import LOCALES_DIR, Catalog, Entry, LocaleError, plural_form
from .system import system_language

LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "it": "Italiano", "pt": "Português",
                             "nl": "Nederlands"}
FALLBACK = "en"

_catalogs: dict[str, Catalog] = {}
_problems: dict[str, str] = {}
_current = FALLBACK


def catalog(code: str) -> Catalog:
    """The catalog of language `code`, read once; an empty one when its files cannot be read (the reason is
    kept for `load_problem`, and the files are not read again)."""
    found = _catalogs.get(code)
    if found is None:
        try:
            found = Catalog.load(code)
        except LocaleError as error:
            found, _problems[code] = Catalog(code), str(error)
        _catalogs[code] = found
    return found


def load_problem(code: str) -> str | None:
    """Why language `code`'s files could not be read, or None when they were."""
    catalog(code)
    return _problems.get(code)


def set_language(code: str) -> str:
    """Make `code` current ("" or unknown: the system's language; one whose files cannot be read: English);
    the code now current."""
    global _current
    if code not in LANGUAGES:
        code = system_language(tuple(LANGUAGES))
    if load_problem(code) is not None:
        code = FALLBACK
    _current = code
    return code


def language() -> str:
    """The current language's code."""
    return _current


def lookup(key: str) -> Entry | None:
    """The current language's entry for `key`, else English's, else None."""
    found = catalog(_current).entries.get(key)
    return found if found is not None else english(key)


def english(key: str) -> Entry | None:
    """The English entry for `key` (None when English has none): what shipped content is recognised by."""
    return catalog(FALLBACK).entries.get(key)


def has(key: str) -> bool:
    """True when `key` has words (in the current language or English)."""
    return lookup(key) is not None


def tr(key: str, **params: object) -> str:
    """The words of `key` with `params` filled in; the key itself when it has none."""
    found = lookup(key)
    if not isinstance(found, str):
        return key
    if not params:
        return found
    try:
        return found.format(**params)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):  # a bad placeholder shows, never crashes
        return found


def decimal(value: float, spec: str = "g") -> str:
    """`value` formatted by `spec` with the current language's decimal point ("0,5" in French)."""
    return format(value, spec).replace(".", tr("meta.decimal_point"))


def percent(value: int) -> str:
    """A whole percentage as the current language writes it ("42%", "42 %" in French)."""
    return tr("table.hint.percent", percent=value)


def trn(key: str, count: int, **params: object) -> str:
    """`key.one` or `key.other` as the current language counts `count`, with `count` among the params."""
    return tr(f"{key}.{plural_form(_current, count)}", count=count, **params)


def lines(key: str) -> tuple[str, ...]:
    """A list of lines (a character's sayings), empty when there is none."""
    found = lookup(key)
    if isinstance(found, tuple):
        return found
    return (found,) if isinstance(found, str) else ()


__all__ = ["FALLBACK", "LANGUAGES", "LOCALES_DIR", "Catalog", "Entry", "LocaleError", "catalog", "decimal", "english",
           "has", "language", "lines", "load_problem", "lookup", "percent", "plural_form", "set_language",
           "system_language", "tr", "trn"]
