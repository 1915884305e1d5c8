"""The session in progress, kept when the window closes and offered at the next start. No pygame here.

One small JSON file, `session.json`, in the data folder: `{"format": "newmarket-session", "version": 1,
"snapshot": {...}}`, where the snapshot is whatever the table scene's `snapshot()` returns (JSON-ready
data it can resume from). The campaign's save format (issue 5) is meant to absorb this file: it is
versioned and holds one opaque snapshot, so a migration only has to wrap it. A file that cannot be read,
is not ours or has a version we do not know is moved aside (renamed, never deleted) with a sentence
saying so, and the game goes on as if there were none.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..locale import tr
from .atomic import move_aside, write_atomically
from .json_text import dumps

RESUME_FILE = "session.json"
FORMAT = "newmarket-session"
VERSION = 1


@dataclass(frozen=True)
class Resumable:
    """What `load_resume` found: a snapshot to resume, and/or a sentence for the player."""

    snapshot: dict[str, Any] | None = None
    message: str | None = None


def resume_path(folder: Path) -> Path:
    """Where the session in progress is kept."""
    return folder / RESUME_FILE


def has_resume(folder: Path) -> bool:
    """True when a kept session file exists (it may still turn out unreadable)."""
    return resume_path(folder).is_file()


def save_resume(folder: Path, snapshot: dict[str, Any]) -> None:
    """Keep `snapshot` atomically; raises OSError if it cannot be written and TypeError if not JSON-ready."""
    document = {"format": FORMAT, "version": VERSION, "saved_at": round(time.time()), "snapshot": snapshot}
    text = dumps(document) + "\n"  # the actions, encoded as they were taken, are joined rather than encoded again
    write_atomically(resume_path(folder), text.encode("utf-8"))


def discard_resume(folder: Path) -> None:
    """Forget the kept session (it was finished, or replaced by a new one)."""
    try:
        resume_path(folder).unlink()
    except FileNotFoundError:
        pass


def load_resume(folder: Path) -> Resumable:
    """The kept session's snapshot; a file that cannot be used is moved aside and explained instead."""
    path = resume_path(folder)
    if not path.is_file():
        return Resumable()
    try:
        data = path.read_bytes()
    except OSError as error:
        return Resumable(message=set_aside(path, tr("storage.why.unreadable", error=error.strerror or error)))
    try:
        document = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        return Resumable(message=set_aside(path, tr("storage.why.not_text")))
    except ValueError:
        return Resumable(message=set_aside(path, tr("storage.why.empty") if not data.strip()
                                           else tr("storage.why.damaged")))
    problem = _problem(document)
    if problem:
        return Resumable(message=set_aside(path, problem))
    return Resumable(snapshot=document["snapshot"])


def _problem(document: Any) -> str | None:
    """Why `document` is not a kept session we can use, or None."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        return tr("storage.why.not_a_session")
    version = document.get("version")
    if type(version) is not int:
        return tr("storage.why.no_version")
    if version > VERSION:
        return tr("storage.why.newer_session", version=version, newest=VERSION)
    if version < 1:
        return tr("storage.why.unknown_format", version=version)
    if not isinstance(document.get("snapshot"), dict):
        return tr("storage.why.no_session")
    return None


def set_aside(path: Path, why: str) -> str:
    """Rename `path` out of the way (never delete it) and say so in one sentence for the player.

    `why` reads after "could not be used:" in the player's language (a `storage.why.*` text).
    """
    try:
        target = move_aside(path)
    except OSError as error:
        return tr("storage.session.unusable_stuck", why=why, error=error.strerror)
    return tr("storage.session.unusable", why=why, file=target.name)


def set_aside_unresumable(path: Path, error: object) -> str:
    """Set aside a kept session whose snapshot the table could not resume from; the sentence for the player."""
    return set_aside(path, tr("storage.why.not_resumable", error=error))

