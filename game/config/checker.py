"""What the character and campaign files' checkers share: reading a document part by part, a problem for every
mistake, each kept as values (area `personality_file` for the words the two share) and worded when shown."""

from __future__ import annotations

import difflib
import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..locale.words import Words
from .errors import Problem, why
from .rules_file import text_problem, trimmed_line, unknown_key
from .yaml_lines import YamlDocument, describe, key_name, shorten


class Checker:
    """Reads a document part by part, collecting a problem for every mistake."""

    def __init__(self, doc: YamlDocument, examples: Mapping[str, Words | str]) -> None:
        self.doc = doc
        self.examples = examples  # a line to add for a missing (dotted) key
        self.problems: list[Problem] = list(doc.duplicates)

    def add(self, key: str, wrong: Words, line: int | None = None) -> None:
        """Record a problem at `line`, else at the line of `key` (or of the nearest enclosing key)."""
        if line is None:
            line = self.doc.line_of(key) if key else None
        if line is None:
            line = self.doc.line
        self.problems.append(Problem(self.doc.source, wrong, line, key or None))

    def mapping(self, key: str, raw: Any, known: tuple[str, ...], required: Sequence[str],
                example: str = "", hints: Mapping[str, Words] | None = None) -> dict[str, Any]:
        """The known keys of a mapping value; unknown and missing keys are problems."""
        prefix = f"{key}." if key else ""
        if not isinstance(raw, dict):
            if example:
                self.add(key, why("personality_file.not_mapping_like", example=example, got=describe(raw)))
            else:
                self.add(key, why("personality_file.not_mapping", got=describe(raw)))
            return {}
        found: dict[str, Any] = {}
        suggested: set[str] = set()  # a misspelt key is reported once, not again as a missing one
        for raw_key, value in raw.items():
            name = key_name(raw_key)
            if not isinstance(raw_key, str) or name not in known:
                wrong, near = unknown_key(name, known)
                if near is not None and difflib.SequenceMatcher(None, name.lower(), near).ratio() >= 0.75:
                    suggested.add(near)
                self.add(prefix + name, wrong)
            else:
                found[name] = value
        for name in required:
            if name not in found and name not in suggested:
                where = self.doc.line_of(key) if key else self.doc.line
                example_line = self.examples.get(prefix + name)
                if hints and name in hints:
                    self.add(prefix + name, why("personality_file.missing_hint", hint=hints[name]), where)
                elif example_line:
                    self.add(prefix + name, why("personality_file.missing_example", example=example_line), where)
                else:
                    self.add(prefix + name, why("personality_file.missing"), where)
        return {name: found[name] for name in known if name in found}

    def one_line(self, key: str, raw: Any, limit: int, item: int | None = None) -> str | None:
        """One line of text, not blank, at most `limit` characters (item `item` of the list under `key`)."""
        line = None if item is None else self.doc.item_line(key, item)
        text = trimmed_line(raw) if isinstance(raw, str) else ""
        wrong = text_problem(raw)
        if wrong is None and len(text) > limit:
            wrong = why("personality_file.too_long", limit=limit, count=len(text))
        if wrong is not None:
            self.add(key, wrong if item is None else why("personality_file.item", number=item + 1, why=wrong), line)
            return None
        return text

    def number(self, key: str, raw: Any, whole: bool, line: int | None = None) -> float | int | None:
        """A number (a whole one when `whole`); bools, text and infinities are refused."""
        if isinstance(raw, bool) or not isinstance(raw, (int, float)) or (whole and not isinstance(raw, int)):
            quoted = False
            if isinstance(raw, str):
                try:
                    float(raw.strip())
                    quoted = True
                except ValueError:
                    pass
            wanted = ("whole_number" if whole else "number") + ("_quoted" if quoted else "")
            self.add(key, why(f"personality_file.{wanted}", got=describe(raw)), line)
            return None
        if isinstance(raw, float) and not math.isfinite(raw):
            self.add(key, why("personality_file.finite", got=describe(raw)), line)
            return None
        return raw

    def fraction(self, key: str, raw: Any) -> float | None:
        """A number from 0 to 1."""
        value = self.number(key, raw, whole=False)
        if value is None:
            return None
        if not 0 <= value <= 1:
            self.add(key, why("personality_file.between", low=0, high=1, got=shown_number(value)))
            return None
        return float(value)


def nearest(raw: Any, known: Sequence[str]) -> str | None:
    """The known word closest to `raw`, if one is close."""
    if not isinstance(raw, str):
        return None
    close = difflib.get_close_matches(raw.strip().lower(), list(known), n=1, cutoff=0.6)
    return close[0] if close else None


def with_near(key: str, near: str | None, **params: object) -> Words:
    """The words of `key`, or of `key_near` naming the closest known word when there is one."""
    return why(f"{key}_near", near=near, **params) if near is not None else why(key, **params)


def shown_number(value: float | None) -> str:
    """A number as a file would write it: 1 rather than 1.0."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return shorten(repr(value))
