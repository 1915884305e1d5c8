"""A small JSON file of the player's in the data folder (settings, unlocks, high scores, daily bests,
statistics), read through the door without ever raising and written atomically without ever writing over a
file the game could not use.

Reading: the door (`door.read_json`: a size and a depth limit before parsing, impossible numbers marked) and
then the kind's `parse`, which checks every value before using it and answers what it could use and how many
parts it could not. A file with anything unusable in it is moved aside byte for byte (never deleted); what
could be used is written back at once, so the game goes on with it now and at the next start; the player is
told in one sentence. Writing: a file already there that cannot be used as a whole is moved aside first, and
when it cannot be moved nothing is written. The sentences are whole ones from the `storage` and `files`
locale areas, one set per file (`JsonFileWords`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from ..atomic import write_atomically
from ..locale import tr, trn
from ..locale.words import Words
from ..regular_file import present
from .door import MAX_SMALL_JSON_BYTES, PlayerFileError, Unusable, keep_aside, read_json

T = TypeVar("T")


@dataclass(frozen=True)
class JsonFileWords:
    """The locale keys of one file's sentences: could not be read ({error}), could not be saved ({error}), and
    `what` naming the file as a sentence starts (`files.what.*`) in the sentences every file shares: set aside
    (`files.damaged`), partly usable (`files.partly`), stuck where it is (`files.stuck`)."""

    not_read: str
    not_saved: str
    what: str


class Unfit(ValueError):
    """A file's data as a whole is not what the game keeps there; the message is why, in words that read
    after "could not be used:" (a `files.why` or `storage.why` text)."""


def system_words(error: PlayerFileError) -> str:
    """What the system said when a file could not be read (Permission denied), for a sentence that already says
    it could not be read; the door's own words when the system said nothing."""
    cause = error.__cause__
    if isinstance(cause, OSError):
        return str(cause.strerror or cause)
    return error.why


def parts_why(count: int) -> str:
    """Why a file is partly unusable: so many of its parts could not be used."""
    return trn("files.why.parts", count)


@dataclass(frozen=True)
class JsonKind(Generic[T]):
    """One kind of small JSON file: its name in the data folder, how its data is read (`parse` answers the
    value and how many parts of the data it could not use; it raises Unfit, ValueError, TypeError, KeyError
    when nothing is usable), what a missing file means (`empty`), how a value is written (`dump`, JSON-ready
    data), and its sentences. An object's top-level keys that `dump` does not write (a newer version's) are
    written back as they were, unless the kind counts them as parts it cannot use (`keeps_unknown`)."""

    name: str
    parse: Callable[[Any], tuple[T, int]]
    empty: Callable[[], T]
    dump: Callable[[T], Any]
    words: JsonFileWords
    max_bytes: int = MAX_SMALL_JSON_BYTES
    indent: int | None = 1
    sort_keys: bool = False
    keeps_unknown: bool = True  # False: a key it does not know is a part it cannot use (`read_fields`)

    def path(self, folder: Path) -> Path:
        """The file inside the data folder."""
        return Path(folder) / self.name

    def read(self, path: Path) -> tuple[T, int]:
        """The value in `path` and how many parts could not be used; PlayerFileError when none of it can be."""
        value, bad, _ = self.read_whole(path)
        return value, bad

    def read_whole(self, path: Path) -> tuple[T, int, dict[str, Any]]:
        """As `read`, with the file's top-level keys this version does not write (a newer version's), to be
        written back with the value; one holding a number no value can be counts among the parts not used."""
        data = read_json(path, self.max_bytes, mark_unusable=True)
        try:
            value, bad = self.parse(data)
        except Unfit as error:
            raise PlayerFileError(str(error)) from None
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError) as error:
            raise PlayerFileError(tr("files.why.not_ours")) from error
        # the keys this version writes are those of an empty value's (cheap to make, whatever the file holds)
        kept = self.dump(self.empty()) if self.keeps_unknown and isinstance(data, dict) else None
        unknown = {key: item for key, item in data.items() if key not in kept} if isinstance(kept, dict) else {}
        carried = {key: item for key, item in unknown.items() if writable(item)}
        return value, bad + len(unknown) - len(carried), carried

    def load(self, folder: Path) -> tuple[T, str | None]:
        """The value (`empty()` when there is no file) and a sentence when the file was not wholly usable. What
        could not be used is kept aside as it was; what could is written back (the sentence says so)."""
        value, words = self.load_words(folder)
        return value, None if words is None else str(words)

    def load_words(self, folder: Path) -> tuple[T, Words | None]:
        """As `load`, the sentence kept as words, worded in the language current when it is shown (settings are
        read before the language they choose is spoken)."""
        path = self.path(folder)
        if not present(path):
            return self.empty(), None
        try:
            value, bad, unknown = self.read_whole(path)
        except PlayerFileError as error:
            if not error.damaged:
                return self.empty(), Words.of(self.words.not_read, error=system_words(error))
            return self.empty(), self._set_aside(path, error.why, None)
        if bad == 0:
            return value, None
        return value, self._set_aside(path, Words.of("files.why.parts", bad), value, unknown)

    def save(self, folder: Path, value: T) -> str | None:
        """As `store`, the sentence alone: why `value` was not written, or what was set aside on the way; None when
        it was written with nothing to say."""
        return self.store(folder, value)[0]

    def store(self, folder: Path, value: T) -> tuple[str | None, bool]:
        """Write `value` atomically: (a sentence for the player or None, whether it was written). A file there that
        the game cannot wholly use (or read at all) is moved aside first, and the sentence says where it was kept
        and that a new one started; if it cannot be moved, nothing is written over it. The file's top-level keys
        this version does not know (a newer version's) are written back as they were."""
        path = self.path(folder)
        problem, kept, unknown = self._clear_the_way(path)
        if problem is not None:
            return problem, False
        failed = self._write(path, value, unknown)
        return " ".join(said for said in (kept, failed) if said) or None, failed is None

    def _write(self, path: Path, value: T, unknown: dict[str, Any] | None = None) -> str | None:
        data = self.dump(value)
        if unknown and isinstance(data, dict):
            data = {**unknown, **data}
        text = json.dumps(data, ensure_ascii=False, indent=self.indent, sort_keys=self.sort_keys,
                          allow_nan=False) + "\n"
        try:
            write_atomically(path, text.encode("utf-8"))
        except (OSError, ValueError) as error:
            return tr(self.words.not_saved, error=getattr(error, "strerror", None) or error)
        return None

    def _clear_the_way(self, path: Path) -> tuple[str | None, str | None, dict[str, Any]]:
        """(None, what was kept aside or None, the keys to carry) when `path` may be written: there is nothing
        there, or a file the game can wholly use (read again now: these files are small, and a file changed since
        it was read must not be lost), whose unknown top-level keys are carried; a file it cannot wholly use, or
        read at all, is moved aside first and said. (Its sentence, None, {}) when it cannot be moved."""
        unknown: dict[str, Any] = {}
        if not os.path.lexists(path):  # anything there, even a pipe or a link, is kept aside, never written over
            return None, None, unknown
        unread: str | None = None
        try:
            _, bad, unknown = self.read_whole(path)
            why = parts_why(bad) if bad else None
        except PlayerFileError as error:
            why, unread = error.why, None if error.damaged else system_words(error)
        if why is None:
            return None, None, unknown
        moved, error_text = keep_aside(path)
        if moved is None:
            return str(self._stuck(why, error_text)), None, {}
        what = tr(self.words.what) if self.words.what else ""
        if unread is not None:
            return None, tr("files.unread_replaced", what=what, error=unread, file=moved.name), unknown
        return None, tr("files.damaged_replaced", what=what, why=why, file=moved.name), unknown

    def _set_aside(self, path: Path, why: str | Words, usable: T | None,
                   unknown: dict[str, Any] | None = None) -> Words:
        """Move the file aside (kept byte for byte) and say so; with `usable`, write back what could be used
        (with the `unknown` keys it carried)."""
        moved, error_text = keep_aside(path)
        if moved is None:
            return self._stuck(why, error_text)
        what = Words.of(self.words.what) if self.words.what else ""
        if usable is None:
            return Words.of("files.damaged", what=what, why=why, file=moved.name)
        failed = self._write(path, usable, unknown)
        said = Words.of("files.partly", what=what, why=why, file=moved.name)
        return said.and_then(" ", failed) if failed else said

    def _stuck(self, why: str | Words, error_text: str) -> Words:
        what = Words.of(self.words.what) if self.words.what else ""
        return Words.of("files.stuck", what=what, why=why, error=error_text)


def writable(data: Any) -> bool:
    """Whether data read from a file can be written back as it was (it holds no `Unusable` number)."""
    if isinstance(data, Unusable):
        return False
    if isinstance(data, dict):
        return all(writable(item) for item in data.values())
    if isinstance(data, list):
        return all(writable(item) for item in data)
    return True


def check_header(data: Any, file_format: str | None, version: int) -> dict[str, Any]:
    """`data` if it is an object of `file_format` (None: any) at `version`; Unfit saying why not otherwise."""
    if not isinstance(data, dict) or (file_format is not None and data.get("format") != file_format):
        raise Unfit(tr("files.why.not_ours"))
    found = data.get("version")
    if type(found) is not int:
        raise Unfit(tr("storage.why.no_version"))
    if found > version:
        raise Unfit(tr("files.why.newer", version=found, newest=version))
    if found != version:
        raise Unfit(tr("storage.why.unknown_format", version=found))
    return data


def read_fields(data: Any, made: Callable[..., T], names: set[str], check: Callable[[str, Any], Any]) -> tuple[T, int]:
    """`made(**values)` from a file's object, each of `names` kept when `check(name, value)` can use it (not None),
    and how many keys could not be used (they take their defaults); Unfit when it is not an object at all."""
    if not isinstance(data, dict):
        raise Unfit(tr("files.why.not_ours"))
    found: dict[str, Any] = {}
    bad = 0
    for key, value in data.items():
        checked = check(key, value) if key in names else None
        if checked is None:
            bad += 1
        else:
            found[key] = checked
    return made(**found), bad
