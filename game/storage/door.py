"""The one door every player file comes in through: a size limit and a depth limit checked before parsing,
numbers checked to be finite, and every failure a `PlayerFileError` whose `why` is a sentence for the player.

`read_json` is for the files the game writes (settings, kept sessions, saves, statistics, ...). Nothing
here moves or writes a file: the caller decides to set a damaged file aside (`atomic.move_aside`).
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from ..locale import tr

MAX_JSON_BYTES = 32 * 1024 * 1024  # a save with 150 kept deals is about 1 MB; a kept session of 500 deals 2 MB
MAX_SMALL_JSON_BYTES = 1024 * 1024  # settings, unlocks, high scores, daily bests
MAX_DEPTH = 64  # no file of ours nests deeper than a dozen levels
_BRACKETS = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class PlayerFileError(Exception):
    """A player file that cannot be used; `why` reads after "could not be used:", `damaged` is False when
    the file could not even be read (it is then left where it is), True when what it holds is unusable."""

    def __init__(self, why: str, damaged: bool = True) -> None:
        super().__init__(why)
        self.why = why
        self.damaged = damaged


def read_bytes(path: Path, max_bytes: int) -> bytes:
    """The file's bytes, refused before reading when larger than `max_bytes`."""
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise PlayerFileError(tr("storage.why.too_big", size=_megabytes(size), limit=_megabytes(max_bytes)))
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as error:
        raise PlayerFileError(tr("storage.why.unreadable", error=error.strerror or error), damaged=False) from error
    if len(data) > max_bytes:  # it grew while we looked
        raise PlayerFileError(tr("storage.why.too_big", size=_megabytes(len(data)), limit=_megabytes(max_bytes)))
    return data


def nesting_depth(data: bytes) -> int:
    """How deep the brackets of a JSON text nest, strings skipped (counted before parsing, without recursion)."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(data):
        token = match.group()
        if token in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in (b"]", b"}"):
            depth -= 1
    return deepest


def parse_json(data: bytes, max_depth: int = MAX_DEPTH) -> Any:
    """JSON bytes as Python data: refused when empty, not UTF-8, nested too deep, not JSON or holding a
    number that is not finite (1e400, NaN, Infinity)."""
    if not data.strip():
        raise PlayerFileError(tr("storage.why.empty"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise PlayerFileError(tr("storage.why.not_text")) from error
    if nesting_depth(data) > max_depth:
        raise PlayerFileError(tr("storage.why.too_deep", limit=max_depth))
    try:
        return json.loads(text, parse_float=_finite_float, parse_constant=_refuse_constant)
    except _NotFinite as error:
        raise PlayerFileError(tr("storage.why.not_finite")) from error
    except (ValueError, RecursionError) as error:
        raise PlayerFileError(tr("storage.why.not_json")) from error


def read_json(path: Path, max_bytes: int = MAX_JSON_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """A player's JSON file through the door: its data, or `PlayerFileError` saying why not."""
    return parse_json(read_bytes(path, max_bytes), max_depth)


class _NotFinite(ValueError):
    """A number in a file that is not finite."""


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text)
    return value


def _refuse_constant(text: str) -> float:
    raise _NotFinite(text)


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"
