"""docs/modding.md's table of rules keys and house.yaml's comments, written from the keys' declarations
(game/engine/rules_keys.py); `python tools/rules_keys.py --write` puts them in the files."""

from __future__ import annotations

import re
from pathlib import Path

from game.engine.rules_keys import RULES_KEYS, RULES_SECTIONS, SECTION_KEYS, RulesKey, written

from .rules_file import CONFIG_DIR, RULES_DIR

MODDING = CONFIG_DIR.parent / "docs" / "modding.md"
HOUSE = RULES_DIR / "house.yaml"
WRITE_COMMAND = "python tools/rules_keys.py --write"
_TABLE_HEAD = "| key | meaning | type | default |\n|---|---|---|---|\n"
_COMMENT_WIDTH = 80  # a `classic:` note goes at the end of a comment's last line when it fits
_TOP_KEY = re.compile(r"([a-z_]+):")


def _meaning(key: RulesKey) -> str:
    """The table's meaning column: the meaning, the rule id, then any detail."""
    rule = f" ({key.rule})" if key.rule else ""
    return key.meaning + rule + (f": {key.detail}" if key.detail else "")


def _values(key: RulesKey) -> str:
    """The table's type column: what the key takes."""
    if key.values:
        said = key.values
    elif key.kind == "line":
        said = "one line of text" if key.blank_ok else "one line of text, not blank"
        said += f", at most {key.high} characters" if key.high is not None else ""
    elif key.kind == "cards":
        said = f"list of {key.low} to {key.high} different cards, rank then suit: `AS`, `10H`, `QC`"
    elif key.kind == "whole":
        span = f"{key.low} to {key.high}" if key.high is not None else f"{key.low} or more"
        said = f"whole number, {span}" + (", or `null` for no limit" if key.or_null else "")
    elif key.kind == "flag":
        said = "`true` or `false`"
    else:
        said = " or ".join(f"`{choice}`" for choice in key.choices)
    return f"{said} {key.note}" if key.note else said


def keys_table() -> str:
    """docs/modding.md's table of every rules key: its meaning, type and default."""
    rows = []
    for key in RULES_KEYS:
        shown = written(key.default)
        rows.append(f"| `{key.name}` | {_meaning(key)} | {_values(key)} | {f'`{shown}`' if shown else 'empty'} |\n")
    return _TABLE_HEAD + "".join(rows)


def doc_with_table(text: str) -> str:
    """docs/modding.md's text with the table of rules keys (between the rules markers) written afresh."""
    before, begin, rest = text.partition("<!-- rules:begin -->")
    section, end, after = rest.partition("<!-- rules:end -->")
    start = section.find(_TABLE_HEAD)
    if not begin or not end or start < 0:
        raise ValueError("docs/modding.md has no rules-key table between <!-- rules:begin --> and <!-- rules:end -->")
    stop = start + len(_TABLE_HEAD)
    while section.startswith("|", stop):
        stop = section.index("\n", stop) + 1
    return before + begin + section[:start] + keys_table() + section[stop:] + end + after


def _comment(text: str) -> list[str]:
    """Lines of a YAML comment."""
    return [f"# {line}".rstrip() for line in text.split("\n")]


def _with_classic(lines: list[str], key: RulesKey) -> list[str]:
    """A comment ending with the classic game's value: on its last line when that reads as a sentence and fits."""
    classic = f"classic: {written(key.default)}"
    if lines[-1].endswith(".") and len(lines[-1]) + 1 + len(classic) <= _COMMENT_WIDTH:
        return [*lines[:-1], f"{lines[-1]} {classic}"]
    return [*lines, f"# {classic}"]


def key_comment(name: str) -> list[str]:
    """house.yaml's comment above a top-level key or section."""
    for section in RULES_SECTIONS:
        if section.name == name:
            keys = SECTION_KEYS[name]
            width = max(len(key.leaf) for key in keys)
            lines = _comment(section.comment)
            for key in keys:
                lines += _with_classic([f"#   {key.leaf.ljust(width)}  {key.comment}"], key)
            return lines
    key = next(key for key in RULES_KEYS if key.name == name)
    lines = _comment(key.comment)
    return lines if key.kind == "line" else _with_classic(lines, key)


def house_with_comments(text: str) -> str:
    """house.yaml's text with the comment right above each top-level key written afresh (the rest kept)."""
    lines = text.split("\n")
    out: list[str] = []
    top = {key.name.split(".")[0] for key in RULES_KEYS}
    for line in lines:
        found = _TOP_KEY.match(line)
        if found and found.group(1) in top:
            while out and out[-1].startswith("#"):
                out.pop()
            out += key_comment(found.group(1))
        out.append(line)
    return "\n".join(out)


def stale_files() -> list[Path]:
    """The files whose words differ from what the declarations write."""
    found = []
    if doc_with_table(MODDING.read_text(encoding="utf-8")) != MODDING.read_text(encoding="utf-8"):
        found.append(MODDING)
    if house_with_comments(HOUSE.read_text(encoding="utf-8")) != HOUSE.read_text(encoding="utf-8"):
        found.append(HOUSE)
    return found


def write_files() -> list[Path]:
    """Write the table and the comments into docs/modding.md and house.yaml; the files changed."""
    changed = stale_files()
    for path, write in ((MODDING, doc_with_table), (HOUSE, house_with_comments)):
        if path in changed:
            path.write_text(write(path.read_text(encoding="utf-8")), encoding="utf-8")
    return changed
