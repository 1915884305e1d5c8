"""A rules file written from rules made in the game (the rules editor): every key with house.yaml's comment above
it, checked by the rules files' own reader before a byte is written, and written atomically."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from game.engine.rules import RuleSet
from game.engine.rules_keys import KEYS, SECTION_KEYS, TOP_KEYS, written

from ..atomic import write_atomically
from ..locale.words import Words
from .errors import ConfigError
from .rules_doc import house_with_comments
from .rules_file import load_rules_text

STEM = re.compile(r"[\w-]{1,40}")  # a file name a player can type and every system can keep
# the names Windows keeps for its devices, in any case (COM¹ to COM³ too); "nul.yaml" is the device too, since
# Windows ignores what follows the dot
RESERVED = re.compile(r"con|prn|aux|nul|(?:com|lpt)[0-9\u00b9\u00b2\u00b3]", re.IGNORECASE)
HEADER = ("# Rules made in the game's rules editor. Each key has what it means above it;\n"
          "# a key left out takes the classic game's value.\n")


def _line_value(text: str) -> str:
    """One line of text as YAML reads it back: plain when it can be, else in YAML's double quotes (escaping what a
    file may not hold as it is)."""
    try:
        plain_ok = yaml.safe_load(f"key: {text}") == {"key": text}
    except yaml.YAMLError:
        plain_ok = False
    if plain_ok and text == text.strip() and text:
        return text
    quoted: str = yaml.safe_dump(text, default_style='"', allow_unicode=True, width=10**6)
    return quoted.rstrip("\n")


def _value(name: str, plain: Any) -> str:
    """A leaf's value as the file writes it: the rules files' own spelling for the kinds the game knows, YAML's
    flow style for anything else (a list of mappings)."""
    key = KEYS[name]
    if key.kind == "line":
        return _line_value(str(plain))
    if key.kind in ("whole", "flag", "word", "lead"):
        return written(plain)
    if key.kind == "cards":
        return "[" + ", ".join(plain) + "]"
    return flow_text(plain)


def flow_text(plain: Any) -> str:
    """Plain data in YAML's flow style, on one line: [{name: Matrimony, cards: [KH, QH]}]."""
    try:
        dumped: str = yaml.safe_dump(plain, default_flow_style=True, allow_unicode=True, width=10**6,
                                     sort_keys=False)
    except yaml.YAMLError:  # a value of a kind YAML has no plain form for: shown as Python writes it
        return str(plain)
    return dumped.strip().removesuffix("...").strip()


def rules_text(rules: RuleSet) -> str:
    """The commented text of a rules file that loads back to `rules`, keys in the order files list them."""
    plain = {"name": rules.name, "description": rules.description, **rules.settings(every=True)}
    blocks: list[str] = []
    for top in TOP_KEYS:
        if top in SECTION_KEYS:
            leaves = "".join(f"\n  {key.leaf}: {_value(key.name, plain[top][key.leaf])}" for key in SECTION_KEYS[top])
            blocks.append(f"{top}:{leaves}")
        else:
            blocks.append(f"{top}: {_value(top, plain[top])}")
    body = house_with_comments("\n\n".join(blocks) + "\n")
    return HEADER + "\n" + body


def stem_problem(stem: str) -> Words | None:
    """Why `stem` cannot name a rules file (None when it can): letters, digits, - and _, up to 40, and not a name
    Windows keeps for a device (CON, NUL, COM1, ...: "nul.yaml" there is no file at all)."""
    if not STEM.fullmatch(stem):
        return Words.of("rules_editor.bad_file_name")
    if RESERVED.fullmatch(stem):
        return Words.of("rules_editor.reserved_file_name", name=stem)
    return None


def rules_file_path(folder: Path, stem: str) -> Path:
    """Where the rules file called `stem` goes in `folder`."""
    return folder / f"{stem}.yaml"


def save_rules_file(path: Path, rules: RuleSet) -> RuleSet:
    """Write `rules` to `path` once the rules files' reader has read the text back to the same rules; the rules
    read back. ConfigError (nothing written) when it does not."""
    text = rules_text(rules)
    read = load_rules_text(text, path.name)
    if read != rules:
        raise ConfigError.single(path.name, Words.of("rules_editor.not_the_same"))
    write_atomically(path, text.encode("utf-8"))
    return read


