"""The shipped content's words in the current language: characters' names, bios and lines, rules files'
names and descriptions. A character or rules file the locale files do not know (a player's own) keeps
the words written in its YAML file.

A shipped character or rules file is recognised by its English words: a character whose name, bio or
lines equal the English catalog's `characters.<id>.*`, a RuleSet whose name equals an English
`rules_files.<stem>.name`. A player's file that reuses an id but says something else keeps its own words.
"""

from __future__ import annotations

from typing import Any

from . import FALLBACK, catalog, english, lines, tr

CHARACTERS = "characters"
RULES_FILES = "rules_files"




def character_name(character: Any) -> str:
    """The character's full name ("Professor Quist") in the current language."""
    key = f"characters.{character.id}.name"
    own = str(character.name)
    return tr(key) if english(key) == own else own


def character_short_name(character: Any) -> str | None:
    """What a shipped character's name tag says ("Tante Hetty", "Prof. Quist"); None for a player's own
    character (shorten its name yourself)."""
    if english(f"characters.{character.id}.name") != str(character.name):
        return None
    return tr(f"characters.{character.id}.short")


def character_bio(character: Any) -> str:
    """The character's two sentences about themselves."""
    key = f"characters.{character.id}.bio"
    own = str(character.bio)
    return tr(key) if english(key) == own else own


def character_lines(character: Any, moment: str) -> tuple[str, ...]:
    """What the character may say at `moment` ("stop", "boodle_win", "going_out", "big_loss", "win")."""
    own = tuple(character.lines.get(moment, ()))
    key = f"characters.{character.id}.lines.{moment}"
    if not own or english(key) != own:
        return own
    found = lines(key)
    # as many lines as in English, or the table's random stream would draw differently in this language
    return found if len(found) == len(own) else own


def _rules_stem(name: str) -> str | None:
    """The shipped rules file ("classic") whose English name is `name`, if any."""
    for key, value in catalog(FALLBACK).entries.items():
        if value == name and key.startswith(f"{RULES_FILES}.") and key.endswith(".name"):
            return key[len(RULES_FILES) + 1:-len(".name")]
    return None


def rules_name(rules: Any) -> str:
    """A RuleSet's name ("Classic Newmarket") in the current language; a plain English name works too."""
    name = rules if isinstance(rules, str) else str(rules.name)
    stem = _rules_stem(name)
    return tr(f"rules_files.{stem}.name") if stem is not None else name


def rules_description(rules: Any) -> str:
    """A RuleSet's one-line description in the current language ("" when it has none)."""
    own = str(rules.description or "")
    stem = _rules_stem(str(rules.name))
    if stem is None or not own:
        return own
    key = f"rules_files.{stem}.description"
    return tr(key) if english(key) == own else own
