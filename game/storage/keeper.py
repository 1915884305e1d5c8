"""Writing a table's files on a worker thread: its kept session (the newest snapshot wins) and its finished deals'
logs, in the order they were asked for, so a frame never waits on the disk. No pygame here.

A problem writing is never raised: it becomes a sentence the table collects (`problems`) and says. A keeper only
ever removes or puts by its own session's file (by the session's id): the table that ends may still be letting
its file go while the next table of its mode writes its first snapshot, so every change to a kept file is made
under one lock. A finished session that is not yet recorded is never written over: it is put by first.
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..locale import tr
from ..locale.shown import shown_name
from .recorded_file import was_recorded
from .resume import discard_resume, read_document, resume_path, save_resume, set_aside, unknown_keys
from .saves import append_deal_log
from .unrecorded import put_by_file, put_by_text

IDLE_S = 2.0  # a worker with nothing to write for this long leaves
KEPT_FILES = threading.RLock()  # one change at a time to the kept sessions' files, whichever table makes it


@dataclass(frozen=True)
class _Snapshot:
    text: object  # its str() is the snapshot's JSON text, put together on the worker
    at: float  # when it was taken: the kept file says so, whenever the worker gets to write it


@dataclass(frozen=True)
class _DealLog:
    slot: str
    log: str
    create: bool


@dataclass(frozen=True)
class _Forget:
    session_id: str | None  # the file is removed only if it holds this session (None: whatever it holds)


_Job = _Snapshot | _DealLog | _Forget


class SessionKeeper:
    """Keeps one mode's session and its deals in the data folder, written in order on a worker thread."""

    def __init__(self, data_dir: Path, mode: str, *, threaded: bool = True,
                 usable: Callable[[dict[str, Any]], str | None] | None = None, session_id: str | None = None) -> None:
        """`usable` says why a kept snapshot (of whatever session was kept in this mode before) may not be
        written over, None when it may; `session_id` names the session kept, whose kept file's top-level keys
        of a newer version are written back with it."""
        self.data_dir = data_dir
        self.mode = mode
        self.usable = usable
        self.session_id = session_id
        self._unknown: dict[str, Any] = {}
        self.threaded = threaded
        self._jobs: deque[_Job] = deque()
        self._busy = False
        self._said: list[str] = []
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None
        self._written: tuple[int, int] | None = None  # the kept file's size and time as this keeper last wrote it

    # --- what the table asks -----------------------------------------------------------------------

    def keep(self, snapshot_text: object) -> None:
        """Keep this snapshot (whose str() is its JSON text) as the session; one still waiting is dropped."""
        with self._lock:
            if self._jobs and isinstance(self._jobs[-1], _Snapshot):
                self._jobs.pop()
            self._jobs.append(_Snapshot(snapshot_text, time.time()))
        self._start()

    def keep_deal(self, slot: str, log: str, create: bool) -> None:
        """Append a finished deal's log to save slot `slot` (created when missing only if `create`)."""
        with self._lock:
            self._jobs.append(_DealLog(slot, log, create))
        self._start()

    def forget(self) -> None:
        """The session is over and recorded: remove its kept file once everything before is written (only if
        it still holds this session: the next table of the mode may have taken its place)."""
        with self._lock:
            self._jobs.append(_Forget(self.session_id))
        self._start()

    def put_by(self, snapshot_text: object, actions: int) -> str:
        """The session ended but its end could not be recorded whole: put it by for the next start to record,
        out of its mode's file (the kept file renamed when it holds the end, its `actions` all applied; else the
        snapshot written); the sentence for the player."""
        self.flush()
        if self.session_id is None:
            return ""
        with KEPT_FILES:
            document, _, _ = read_document(resume_path(self.data_dir, self.mode))
            kept = None if document is None else document["snapshot"]
            kept_actions = None if kept is None else kept.get("actions")
            if kept is not None and holds_end(kept, self.session_id) and isinstance(kept_actions, list) \
                    and len(kept_actions) == actions:
                return put_by_ended(self.data_dir, self.mode, self.session_id)
            try:
                target = put_by_text(self.data_dir, self.mode, self.session_id, snapshot_text)
            except OSError as error:
                return tr("storage.session.end_not_put_by", error=error.strerror or error)
            # the kept file held this session before its end (the end's snapshot found no room): superseded
            forget_session(self.data_dir, self.mode, self.session_id)
            return tr("storage.session.end_put_by", file=shown_name(target.name))

    def keep_now(self, snapshot_text: object) -> str | None:
        """Write this snapshot before returning (the window is closing): None when kept, else why not."""
        self.flush()
        return self._write(_Snapshot(snapshot_text, time.time()))

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything asked so far is written; False if `timeout` ran out first."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._jobs and not self._busy, timeout)

    def problems(self) -> list[str]:
        """The sentences of the writes that failed since last asked."""
        with self._lock:
            said, self._said = self._said, []
        return said

    # --- the worker --------------------------------------------------------------------------------

    def _start(self) -> None:
        if not self.threaded:
            self._work(idle=None)
            return
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="newmarket-keeper", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def _work(self, idle: float | None = IDLE_S) -> None:
        """Write jobs as they come; on the worker thread, leave after `idle` quiet seconds (the next job starts
        another); with `idle` None, write what is waiting on this thread and return."""
        while True:
            with self._lock:
                if not self._jobs and idle is not None:
                    self._lock.wait_for(lambda: bool(self._jobs), timeout=idle)
                if not self._jobs:
                    if idle is not None:
                        self._thread = None
                    return
                job = self._jobs.popleft()
                self._busy = True
            self._done(self._write(job))

    def _done(self, problem: str | None) -> None:
        with self._lock:
            if problem:
                self._said.append(problem)
            self._busy = False
            self._lock.notify_all()

    def _write(self, job: _Job) -> str | None:
        """Do one job; None when done, else a sentence saying what could not be written."""
        try:
            match job:
                case _Snapshot(text=text, at=at):
                    return self._save(str(text), at)
                case _DealLog(slot=slot, log=log, create=create):
                    return append_deal_log(self.data_dir, slot, log, create=create)
                case _Forget(session_id=session_id):
                    return forget_session(self.data_dir, self.mode, session_id)
        except OSError as error:
            return tr("app.session.not_saved_in", folder=self.data_dir, why=error.strerror or error)
        except Exception as error:  # noqa: BLE001 - a file that cannot be written must never stop the game
            return tr("app.session.not_saved") + f" ({error!r})"

    def _save(self, text: str, at: float) -> str | None:
        """Write the kept file (anything there that is not ours to write over set aside first; when it cannot
        be, nothing is written over it)."""
        with KEPT_FILES:
            said = self._keep_aside_what_is_not_ours()
            path = resume_path(self.data_dir, self.mode)
            if said and os.path.lexists(path):
                return said  # what was there could not be moved aside: this session is not kept rather than it lost
            save_resume(self.data_dir, text, self.mode, saved_at=at, unknown=self._unknown)
            try:
                found = path.stat()
                self._written = (found.st_size, found.st_mtime_ns)
            except OSError:
                self._written = None
            return said

    def _keep_aside_what_is_not_ours(self) -> str | None:
        """Before the kept file is written over: if it is not what this keeper last wrote (changed by someone
        else) or, the first time, if it is a file that cannot be used, move it aside rather than lose it."""
        path = resume_path(self.data_dir, self.mode)
        try:
            found = path.stat()
        except OSError:
            return None
        if self._written is None:
            document, why, damaged = read_document(path)
            if document is not None and self.session_id is not None \
                    and document["snapshot"].get("session_id") == self.session_id:
                self._unknown = unknown_keys(document)  # this session's file, as a newer version kept it
            elif document is not None and _ended_unrecorded(self.data_dir, document["snapshot"]):
                return put_by_ended(self.data_dir, self.mode, str(document["snapshot"]["session_id"]),
                                    "storage.session.end_in_the_way")
            if document is not None and self.usable is not None:
                why = self.usable(document["snapshot"]) or ""
                damaged = bool(why)
            if document is not None and not damaged:
                return None  # the session this table continues, or the one the player chose to replace
            # one that could not even be read (Permission denied) is not written over either: it is kept aside
        elif self._written == (found.st_size, found.st_mtime_ns):
            return None
        else:
            why = tr("storage.why.changed_meanwhile")
        return set_aside(path, why)


def holds_end(snapshot: dict[str, Any], session_id: str) -> bool:
    """Whether a kept snapshot is the ended session `session_id`."""
    return snapshot.get("session_id") == session_id and snapshot.get("over") is True


def _ended_unrecorded(data_dir: Path, snapshot: dict[str, Any]) -> bool:
    """Whether a kept snapshot is a session that ended but whose end is not recorded (never to be written over)."""
    named = snapshot.get("session_id")
    return snapshot.get("over") is True and isinstance(named, str) and not was_recorded(data_dir, named)


def put_by_ended(data_dir: Path, mode: str, session_id: str, stuck: str = "storage.session.end_kept") -> str:
    """Put by the ended, unrecorded session `session_id` kept in `mode`'s file, renamed as it is; the sentence for
    the player (`stuck`'s, given the error, when it cannot be moved: it stays, and no table writes over it)."""
    with KEPT_FILES:
        try:
            target = put_by_file(data_dir, mode, session_id)
        except OSError as error:
            return tr(stuck, error=error.strerror or error)
    return tr("storage.session.end_put_by", file=shown_name(target.name))


def forget_session(data_dir: Path, mode: str, session_id: str | None) -> str | None:
    """Remove `mode`'s kept file if it holds the session `session_id` (None: whatever it holds); None when it is
    gone or is another's, else a sentence saying why it is still there."""
    with KEPT_FILES:
        if session_id is not None:
            document, _, _ = read_document(resume_path(data_dir, mode))
            if document is None or document["snapshot"].get("session_id") != session_id:
                return None  # gone already, or the next table's: not ours to remove
        return discard_resume(data_dir, mode)
