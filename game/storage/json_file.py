"""A small JSON file in the data folder, read without ever raising and written atomically.

A file that cannot be parsed is moved aside (never deleted) and an empty value is answered
with a sentence for the player saying where the file went; a failed write is a sentence too.
The sentences are whole ones from the `storage` locale area, one set per file (`JsonFileWords`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from ..locale import tr
from .atomic import move_aside, write_atomically

T = TypeVar("T")


@dataclass(frozen=True)
class JsonFileWords:
    """The locale keys of one file's sentences: could not be read ({error}), could not be saved ({error}),
    damaged and kept as {file}, damaged and stuck where it is."""

    not_read: str
    not_saved: str
    damaged: str
    stuck: str


def load_json_file(path: Path, parse: Callable[[Any], T], empty: Callable[[], T],
                   words: JsonFileWords) -> tuple[T, str | None]:
    """`parse` of the file's JSON (`empty()` when there is none) and a sentence when it could not be used."""
    if not path.is_file():
        return empty(), None
    try:
        return parse(json.loads(path.read_bytes().decode("utf-8"))), None
    except OSError as error:
        return empty(), tr(words.not_read, error=error.strerror or error)
    except (UnicodeDecodeError, ValueError, TypeError, KeyError, RecursionError):
        pass
    try:
        moved = move_aside(path)
    except OSError:
        return empty(), tr(words.stuck)
    return empty(), tr(words.damaged, file=moved.name)


def save_json_file(path: Path, data: Any, words: JsonFileWords) -> str | None:
    """Write `data` as JSON atomically; None when written, else a sentence for the player."""
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    try:
        write_atomically(path, text.encode("utf-8"))
    except OSError as error:
        return tr(words.not_saved, error=error.strerror or error)
    return None
