"""Finished sessions waiting to be recorded. No pygame here.

A session whose end could not be recorded whole (a full disk) is put by in a file of its own beside the kept
sessions, `<data>/sessions/ended-<mode>.<id>.json`: the kept file renamed (no room needed), or its snapshot written
there when the kept file does not hold its end. Out of its mode's file, it is never offered to Continue as a
session in progress, and the next table of that mode cannot write over it. The next start, and each new table of
its mode, records it (`app/table/left_over.py`); only then is its file let go. Two may wait at once, of one mode
or of several: each has its own file, and each session's end is recorded once (`recorded.json`).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..atomic import move_aside, write_atomically
from ..locale import tr
from ..locale.shown import shown_name
from .resume import document_text, read_document, resume_path, sessions_dir

PREFIX = "ended-"
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")  # a session's id as a file name: letters, digits, _ and - (no dot)


@dataclass(frozen=True)
class Waiting:
    """A finished session put by: its file, and its snapshot, or why it could not be read."""

    path: Path
    snapshot: dict[str, Any] | None
    why: str = ""
    damaged: bool = False  # the bytes themselves cannot be used (not merely unreadable just now)


def is_put_by(path: Path) -> bool:
    """Whether `path` names a finished session put by to be recorded."""
    return path.name.startswith(PREFIX) and path.suffix == ".json"


def put_by_path(folder: Path, mode: str, session_id: str) -> Path:
    """A free name for the session `session_id` of `mode` put by (never one already taken)."""
    safe = _UNSAFE.sub("_", session_id)[:80] or "session"
    place = sessions_dir(folder)
    target = place / f"{PREFIX}{mode}.{safe}.json"
    number = 1
    while os.path.lexists(target):
        number += 1
        target = place / f"{PREFIX}{mode}.{safe}-{number}.json"
    return target


def put_by_file(folder: Path, mode: str, session_id: str) -> Path:
    """Put by `mode`'s kept file, which holds the end of session `session_id`, renamed as it is; where it went
    (OSError if it cannot be)."""
    target = put_by_path(folder, mode, session_id)
    resume_path(folder, mode).rename(target)
    return target


def put_by_text(folder: Path, mode: str, session_id: str, snapshot_text: object) -> Path:
    """Put by the session `session_id` of `mode` written from its snapshot's JSON text (its kept file does not
    hold its end); where (OSError if it cannot be written)."""
    target = put_by_path(folder, mode, session_id)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(target, document_text(str(snapshot_text), mode).encode("utf-8"))
    return target


def waiting(folder: Path, mode: str | None = None) -> list[Waiting]:
    """The finished sessions put by (of `mode`, else of every mode), oldest name first, each read."""
    place = sessions_dir(folder)
    try:
        names = sorted(entry.name for entry in os.scandir(place))
    except OSError:  # no folder yet, or one that cannot be listed: the kept sessions say so
        return []
    found: list[Waiting] = []
    for name in names:
        path = place / name
        if not is_put_by(path) or (mode is not None and not name.startswith(f"{PREFIX}{mode}.")):
            continue
        document, why, damaged = read_document(path)
        found.append(Waiting(path, None if document is None else document["snapshot"], why, damaged))
    return found


def let_go(path: Path) -> str | None:
    """Remove a session put by, its end now recorded; None when gone, else a sentence saying why it is not."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as error:
        return tr("storage.session.not_forgotten", error=error.strerror or error)
    return None


def set_aside_waiting(path: Path, why: str) -> str:
    """Rename a session put by that can never be recorded out of the way (never deleted); the sentence."""
    session = tr("storage.session.which.ended")
    try:
        target = move_aside(path)
    except OSError as error:
        return tr("storage.session.unusable_stuck", session=session, why=why, error=error.strerror)
    return tr("storage.session.unusable", session=session, why=why, file=shown_name(target.name))
