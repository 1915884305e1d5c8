"""The sessions in progress, one per mode of play, kept as they are played and offered again. No pygame here.

Each mode keeps its own file in `<data>/sessions/`: `free.json` (New game), `daily.json` (the daily deal) and
`road-<slot>.json` (a campaign road's venue). A file is `{"format": "newmarket-session", "version": 1,
"saved_at": <seconds>, "mode": "...", "snapshot": {...}}`, where the snapshot is the table's (JSON-ready data
it resumes from). A kept file is only ever replaced by a newer snapshot written beside it and swapped in
(`atomic.write_atomically`); it is removed only when its session is over. A file that cannot be read, is not
ours or has a version we do not know is moved aside (renamed, never deleted) with a sentence saying so.

`recover` runs at start: the one kept file of older versions (`<data>/session.json`) moves to its mode's
place, a temporary file left by a crash mid-write is swapped in when it holds a newer valid snapshot and
removed otherwise.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..atomic import move_aside, write_atomically
from ..locale import tr
from ..locale.shown import shown_name
from ..regular_file import is_regular, present
from .door import MAX_JSON_BYTES, PlayerFileError, keep_aside, read_json
from .folders import closed_to, closed_words, folder_closed

SESSIONS_FOLDER = "sessions"
LEGACY_FILE = "session.json"  # where versions before per-mode sessions kept their one session
FORMAT = "newmarket-session"
VERSION = 1
FREE = "free"
DAILY = "daily"
ROAD_PREFIX = "road-"
_MODE = re.compile(r"^(free|daily|road-[A-Za-z0-9][A-Za-z0-9_-]{0,31})$")
TEMPORARY_NAME = re.compile(r"^(?P<target>.+\.json(?:\.bak)?)\.[A-Za-z0-9_]+\.tmp$")  # atomic._replace's mkstemp names


READ_KEPT = 16  # kept sessions whose reading is remembered (a mode a file: free, daily, three roads)
_READ: dict[Path, tuple[tuple[int, int, int], tuple[dict[str, Any] | None, str, bool]]] = {}


@dataclass(frozen=True)
class Resumable:
    """What `load_resume` found: a snapshot to resume, and/or a sentence for the player."""

    snapshot: dict[str, Any] | None = None
    message: str | None = None
    mode: str = FREE
    saved_at: float = 0.0
    unread: str = ""  # why a kept file could not be read, when it is left where it is (after "could not be used:")
    replacing: str = ""  # what to say before a new session takes the place of one that could not be read


def is_mode(name: str) -> bool:
    """Whether `name` is a mode of play (the stem of a kept session's file)."""
    return _MODE.match(name) is not None


def road_mode(slot: str) -> str:
    """The mode of the campaign road kept in save slot `slot`."""
    return ROAD_PREFIX + slot


def sessions_dir(folder: Path) -> Path:
    """Where the kept sessions live."""
    return Path(folder) / SESSIONS_FOLDER


def resume_path(folder: Path, mode: str = FREE) -> Path:
    """Where the session of `mode` is kept."""
    if not is_mode(mode):
        raise ValueError(f"not a mode of play: {mode!r}")
    return sessions_dir(folder) / f"{mode}.json"


def has_resume(folder: Path, mode: str = FREE) -> bool:
    """True when a kept session file of `mode` exists (it may still turn out unreadable)."""
    return present(resume_path(folder, mode))


def document_text(snapshot: dict[str, Any] | str, mode: str = FREE, saved_at: float | None = None,
                  unknown: dict[str, Any] | None = None) -> str:
    """The kept file's text around a snapshot (data, or its JSON text already made), with the `unknown`
    top-level keys a newer version wrote in the file it replaces."""
    inner = snapshot if isinstance(snapshot, str) else json.dumps(snapshot, ensure_ascii=False,
                                                                    separators=(",", ":"))
    known = {"format": FORMAT, "version": VERSION,
             "saved_at": round(time.time() if saved_at is None else saved_at, 3), "mode": mode}
    head = json.dumps({**(unknown or {}), **known}, ensure_ascii=False, separators=(",", ":"))
    return f'{head[:-1]},"snapshot":{inner}}}\n'


DOCUMENT_KEYS = frozenset({"format", "version", "saved_at", "mode", "snapshot"})  # what this version writes


def unknown_keys(document: dict[str, Any]) -> dict[str, Any]:
    """A kept file's top-level keys this version does not write (a newer version's), to be kept."""
    return {key: value for key, value in document.items() if key not in DOCUMENT_KEYS}


def save_resume(folder: Path, snapshot: dict[str, Any] | str, mode: str = FREE, saved_at: float | None = None,
                unknown: dict[str, Any] | None = None) -> None:
    """Keep `snapshot` (taken at `saved_at`, else now) as `mode`'s session atomically, with the `unknown` keys
    of the file it replaces; OSError if it cannot be written, TypeError if not JSON-ready."""
    write_atomically(resume_path(folder, mode), document_text(snapshot, mode, saved_at, unknown).encode("utf-8"))


def discard_resume(folder: Path, mode: str = FREE) -> str | None:
    """Forget `mode`'s kept session (it is over); None when gone, else a sentence saying why it is still there."""
    try:
        resume_path(folder, mode).unlink()
    except FileNotFoundError:
        pass
    except OSError as error:
        return tr("storage.session.not_forgotten", error=error.strerror or error)
    return None


def retire_resume(folder: Path, mode: str, tag: str = "abandoned") -> Path | None:
    """Set `mode`'s kept session aside (its road was deleted or begun afresh): renamed, never erased; where."""
    path = resume_path(folder, mode)
    return keep_aside(path, tag)[0] if present(path) else None


def load_resume(folder: Path, mode: str = FREE) -> Resumable:
    """`mode`'s kept session; a file that cannot be used is moved aside and explained instead."""
    path = resume_path(folder, mode)
    if not present(path):  # a folder without permission reads on, and is said as a file that cannot be read
        return Resumable(mode=mode)
    document, why, damaged = read_document(path)
    if document is None:
        if damaged:
            return Resumable(message=set_aside(path, why), mode=mode)
        closed = closed_to(path)
        if closed is not None:  # the folder, not the file: what it holds is unknown, and only the folder is said
            return Resumable(message=closed_words(path.parent, closed), mode=mode,
                             replacing=tr("storage.session.replace_closed", folder=shown_name(path.parent),
                                          error=closed.strerror or closed))
        return Resumable(message=tr("storage.session.not_read", session=session_words(mode), why=why), mode=mode,
                         unread=why, replacing=tr("storage.session.replace_unread", session=session_words(mode),
                                                  why=why))
    return Resumable(snapshot=document["snapshot"], mode=mode, saved_at=saved_at_of(document))


def kept_sessions(folder: Path) -> tuple[list[Resumable], list[str]]:
    """Every mode's kept session, the most recently saved first, and a sentence for each that could not be used."""
    found = sessions_dir(folder)
    kept: list[Resumable] = []
    problems: list[str] = []
    if not found.is_dir():
        return kept, problems
    closed = folder_closed(found)
    if closed is not None:  # the sessions kept there cannot be looked at (a glob would say nothing)
        return kept, [closed]
    for path in sorted(found.glob("*.json")):
        if not is_mode(path.stem):
            continue
        loaded = load_resume(folder, path.stem)
        if loaded.snapshot is not None:
            kept.append(loaded)
        elif loaded.message:
            problems.append(loaded.message)
    kept.sort(key=lambda k: k.saved_at, reverse=True)
    return kept, problems


def read_document(path: Path) -> tuple[dict[str, Any] | None, str, bool]:
    """A kept session file's document, or (None, why not, whether the bytes themselves are unusable); a file
    read before and unchanged since (same size, time and inode) is not read again: the title, New game and
    the daily deal each look at the kept sessions whenever they open, and a long session's file is megabytes."""
    try:
        found = path.stat()
        stamp = (found.st_size, found.st_mtime_ns, found.st_ino)
    except OSError:
        stamp = None
    cached = _READ.get(path)
    if stamp is not None and cached is not None and cached[0] == stamp:
        return cached[1]
    try:
        document = read_json(path, MAX_JSON_BYTES)
    except PlayerFileError as error:
        return None, error.why, error.damaged
    problem = _problem(document)
    read: tuple[dict[str, Any] | None, str, bool] = (None, problem, True) if problem else (document, "", False)
    if stamp is not None:
        if len(_READ) >= READ_KEPT:
            _READ.pop(next(iter(_READ)))
        _READ[path] = (stamp, read)
    return read


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


def saved_at_of(document: dict[str, Any]) -> float:
    value = document.get("saved_at")
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


def mode_of_snapshot(snapshot: dict[str, Any]) -> str:
    """The mode a snapshot belongs to, from the origin it keeps (`campaign_slot`): free, daily or a road."""
    kept = snapshot.get("campaign_slot")
    if not isinstance(kept, str):
        return FREE
    if kept.startswith("daily:"):
        return DAILY
    mode = road_mode(kept)
    return mode if is_mode(mode) else FREE


def session_words(mode: str | None) -> str:
    """Which kept session, as a sentence begins ("Your daily deal in progress"); None: one of no known mode."""
    if mode == FREE or mode == DAILY:
        return tr(f"storage.session.which.{mode}")
    if mode is not None and mode.startswith(ROAD_PREFIX):
        slot = mode[len(ROAD_PREFIX):]
        numbered = re.match(r"^campaign(?:-(\d+))?$", slot)  # the roads' slots: campaign, campaign-2, ...
        return tr("storage.session.which.road", number=(numbered.group(1) or "1") if numbered else slot)
    return tr("storage.session.which.any")


def set_aside(path: Path, why: str) -> str:
    """Rename `path` out of the way (never delete it) and say so in one sentence for the player, naming the
    session by its mode (the file's name).

    `why` reads after "could not be used:" in the player's language (a `storage.why.*` text).
    """
    session = session_words(path.stem if is_mode(path.stem) else None)
    try:
        target = move_aside(path)
    except OSError as error:
        return tr("storage.session.unusable_stuck", session=session, why=why, error=error.strerror)
    return tr("storage.session.unusable", session=session, why=why, file=shown_name(target.name))


def set_aside_unresumable(path: Path, error: object) -> str:
    """Set aside a kept session whose snapshot the table could not resume from; the sentence for the player."""
    return set_aside(path, tr("storage.why.not_resumable", error=error))


# --- recovery at start ---------------------------------------------------------------------------

def recover(folder: Path) -> list[str]:
    """Put what a crash or an older version left in order; a sentence for each thing the player should know."""
    said: list[str] = []
    legacy = Path(folder) / LEGACY_FILE
    if present(legacy):
        said += _adopt_legacy(folder, legacy)
    for place in (Path(folder), sessions_dir(folder), Path(folder) / "saves"):
        if place.is_dir():
            said += _settle_temporaries(place)
    return said


def _adopt_legacy(folder: Path, legacy: Path) -> list[str]:
    """Move the single kept session of older versions to its mode's file (the newer of the two stays)."""
    document, why, damaged = read_document(legacy)
    if document is None:
        return [set_aside(legacy, why)] if damaged else []
    mode = mode_of_snapshot(document["snapshot"])
    target = resume_path(folder, mode)
    if present(target):
        current, _, _ = read_document(target)
        if current is not None and saved_at_of(current) >= saved_at_of(document):
            return [_moved_quietly(legacy, "older")]
        if current is not None:
            _moved_quietly(target, "older")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(legacy, target)
    except OSError as error:
        return [tr("storage.session.not_moved", error=error.strerror or error)]
    return []


def _settle_temporaries(place: Path) -> list[str]:
    """Swap in each leftover temporary file that holds a newer, usable version of its file (a file it replaces
    that cannot be used is set aside first); remove the rest. The old single session.json's leftovers are only
    set aside: that file is gone, so nothing says whether they are the session or one long finished."""
    closed = folder_closed(place)
    if closed is not None:  # nothing in it can be looked at, let alone settled: said, and left as it is
        return [closed]
    said: list[str] = []
    session = place.name == SESSIONS_FOLDER
    for temporary in sorted(place.glob("*.tmp")):
        matched = TEMPORARY_NAME.match(temporary.name)
        if matched is None:
            continue
        target = place / matched.group("target")
        try:
            if not is_regular(temporary):
                continue
            usable = _usable(temporary, session)
            whole = present(target) and _usable(target, session)  # the file it was meant to replace
            if target.name == LEGACY_FILE and usable:
                move_aside(temporary, "leftover")
            elif target.name != LEGACY_FILE and usable and (not whole or _newer(temporary, target, session)):
                if present(target) and not whole:
                    said.append(set_aside(target, tr("storage.why.damaged")))
                os.replace(temporary, target)
            else:
                temporary.unlink()
        except OSError as error:
            said.append(tr("storage.session.leftover_stuck", file=shown_name(temporary.name),
                           error=error.strerror or error))
    return said


def _usable(path: Path, session: bool) -> bool:
    """Whether a file reads whole: a kept session the game can use, or for other files, whole JSON."""
    if session:
        return read_document(path)[0] is not None
    try:
        read_json(path, MAX_JSON_BYTES)
    except PlayerFileError:
        return False
    return True


def _newer(temporary: Path, target: Path, session: bool) -> bool:
    """Whether a usable leftover temporary file is newer than the usable file it was meant to replace."""
    if session:
        return saved_at_of(read_document(temporary)[0] or {}) > saved_at_of(read_document(target)[0] or {})
    try:
        return temporary.stat().st_mtime_ns > target.stat().st_mtime_ns
    except OSError:
        return False


def _moved_quietly(path: Path, tag: str) -> str:
    """Move `path` aside with `tag`; the sentence saying where it went (or that it could not be moved)."""
    try:
        return tr("storage.session.older_kept", file=shown_name(move_aside(path, tag).name))
    except OSError as error:
        return tr("storage.session.unusable_stuck", session=session_words(None), why=tr("storage.why.damaged"),
                  error=error.strerror)
