"""The one door every player file comes in through: a size limit and a depth limit checked before parsing,
numbers checked to be finite, and every failure a `PlayerFileError` whose `why` is a sentence for the player.

`read_json` is for the files the game writes (settings, kept sessions, saves, statistics, ...). Nothing
here moves or writes a file: the caller decides to set a damaged file aside (`atomic.move_aside`), and
`keep_aside` does it without ever raising. With `mark_unusable=True`, a number no value can be (1e400, NaN, an
integer of more than `MAX_INT_DIGITS` digits) is read as an `Unusable` marker instead of refusing the whole file,
so a reader that checks each value (settings, statistics) keeps the good ones and refuses only that one.

The YAML side (rules, characters, campaigns and language files) is `game.locale.safe_yaml`, below the config
layer that reads it: the same kind of limits (`MAX_YAML_BYTES`, `MAX_YAML_DEPTH`), the C loader, aliases
bounded; `read_yaml` here reads one through it for a caller of the storage layer.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from ..atomic import move_aside
from ..locale import tr
from ..regular_file import FileTooBig, NotRegularFile, read_regular

MAX_JSON_BYTES = 32 * 1024 * 1024  # a save with 150 kept deals is about 1 MB; a kept session of 500 deals 2 MB
MAX_SMALL_JSON_BYTES = 1024 * 1024  # settings, unlocks, high scores, daily bests
MAX_DEPTH = 64  # no file of ours nests deeper than a dozen levels
MAX_INT_DIGITS = 30  # seeds and random states are at most 20 digits; more cannot be ours (and float() would fail)
_BRACKETS = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class PlayerFileError(Exception):
    """A player file that cannot be used; `why` reads after "could not be used:", `damaged` is False when
    the file could not even be read (it is then left where it is), True when what it holds is unusable."""

    def __init__(self, why: str, damaged: bool = True) -> None:
        super().__init__(why)
        self.why = why
        self.damaged = damaged


def read_bytes(path: Path, max_bytes: int) -> bytes:
    """The file's bytes, refused before reading when larger than `max_bytes`; only a regular file is opened, and
    never waited on (`regular_file.read_regular`: a pipe or a device in its place is refused at once)."""
    try:
        return read_regular(path, max_bytes)
    except FileTooBig as big:
        size, limit = big.worded()
        raise PlayerFileError(tr("storage.why.too_big", size=size, limit=limit)) from None
    except NotRegularFile:
        raise PlayerFileError(tr("storage.why.not_regular"), damaged=False) from None
    except OSError as error:
        raise PlayerFileError(tr("storage.why.unreadable", error=error.strerror or error), damaged=False) from error


def nesting_depth(data: bytes, limit: int | None = None) -> int:
    """How deep the brackets of a JSON text nest, strings skipped (counted before parsing, without recursion);
    with `limit`, the count stops at the first bracket deeper than it (so a 100,000-deep file is refused at once)."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(data):
        token = match.group()
        if token in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
            if limit is not None and deepest > limit:
                break
        elif token in (b"]", b"}"):
            depth -= 1
    return deepest


def parse_json(data: bytes, max_depth: int = MAX_DEPTH, *, mark_unusable: bool = False) -> Any:
    """JSON bytes as Python data: refused when empty, not UTF-8, nested too deep, not JSON or holding a
    number that is not finite (1e400, NaN, Infinity) or an integer of more than `MAX_INT_DIGITS` digits; with
    `mark_unusable`, such a number is read as an `Unusable` marker instead (see the module's words)."""
    if not data.strip():
        raise PlayerFileError(tr("storage.why.empty"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise PlayerFileError(tr("storage.why.not_text")) from error
    if nesting_depth(data, max_depth) > max_depth:
        raise PlayerFileError(tr("storage.why.too_deep", limit=max_depth))
    numbers: dict[str, Any] = ({"parse_float": _marked_float, "parse_constant": Unusable, "parse_int": _marked_int}
                               if mark_unusable else
                               {"parse_float": _finite_float, "parse_constant": _refuse_constant,
                                "parse_int": _bounded_int})
    try:
        return json.loads(text, **numbers)
    except _NotFinite as error:
        raise PlayerFileError(tr("storage.why.not_finite")) from error
    except (ValueError, RecursionError) as error:
        raise PlayerFileError(tr("storage.why.not_json")) from error


def read_json(path: Path, max_bytes: int = MAX_JSON_BYTES, max_depth: int = MAX_DEPTH, *,
              mark_unusable: bool = False) -> Any:
    """A player's JSON file through the door: its data, or `PlayerFileError` saying why not."""
    return parse_json(read_bytes(path, max_bytes), max_depth, mark_unusable=mark_unusable)


class Unusable:
    """A number in a file that no value can be (1e400, NaN, a 5,000-digit integer), kept as its text: no
    check of a value accepts it (it is not an int or a float), so only that value is refused."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text[:40]

    def __repr__(self) -> str:
        return f"Unusable({self.text!r})"


def keep_aside(path: Path, tag: str = "unreadable") -> tuple[Path | None, str]:
    """Move a damaged file out of the way, byte for byte, never deleting it (`atomic.move_aside`): where it
    went, or None and why not (then it must not be written over)."""
    try:
        return move_aside(path, tag), ""
    except OSError as error:
        return None, str(error.strerror or error)


def whole_number(value: Any, low: int | None = None, high: int | None = None) -> int | None:
    """`value` if it is a whole number (not a bool, not a float) within `low`..`high`, else None: checked
    before the game does any arithmetic with it."""
    if type(value) is not int:
        return None
    if (low is not None and value < low) or (high is not None and value > high):
        return None
    return value


def finite_number(value: Any, low: float, high: float) -> float | None:
    """`value` as a float if it is a finite number (not a bool) from `low` to `high`, else None; compared before
    it is converted, so no integer is too big for it."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return float(value) if low <= value <= high else None


class _NotFinite(ValueError):
    """A number in a file that is not finite."""


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text)
    return value


def _refuse_constant(text: str) -> float:
    raise _NotFinite(text)


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _NotFinite(text)
    return int(text)


def _marked_float(text: str) -> float | Unusable:
    value = float(text)
    return value if math.isfinite(value) else Unusable(text)


def _marked_int(text: str) -> int | Unusable:
    return Unusable(text) if len(text.lstrip("-")) > MAX_INT_DIGITS else int(text)
