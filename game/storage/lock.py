"""One running game per data folder: an advisory lock on `<data>/.lock`, held while the game runs.

The lock is the operating system's (fcntl.flock on POSIX, msvcrt.locking on Windows), so it dies with the
process that took it: a game killed outright leaves a `.lock` file behind but no lock, and the next start
takes it. The holder's process id is written in the file, only to name it in the second copy's message.

The lock file is never written through a symbolic link (one planted at `.lock` would have its target
truncated) nor opened onto a pipe: where something other than a file stands at that name, it is left alone and
the data folder itself is locked instead (POSIX), so every copy still takes the same lock; nothing is renamed,
which no second copy starting in the same instant could race. The same holds for a `.lock` the game may not
open at all (Permission denied): every copy then locks the folder. A `.lock` that is also another name of some
file (a hard link) is locked but never written: truncating it would truncate that file.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

from ..regular_file import open_regular

LOCK_FILE = ".lock"
_BUSY = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, errno.EDEADLK}
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # where the platform has it; the look before opening covers the rest
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_WINDOWS_LOCK_AT = 1 << 20  # Windows locks a byte range others cannot read: lock one far past the process id


class DataFolderLock:
    """The lock on one data folder; `acquire` takes it without waiting, `release` (or the process ending)
    gives it back."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_FILE
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock: False only when another running game holds it. A folder that can hold no lock at all
        or a file system without locks counts as free (the game must not refuse to start over a lock)."""
        if self._fd is not None:
            return True
        opened = self._open()
        if opened is None:
            return True
        fd, ours = opened
        try:
            _lock(fd)
        except OSError as error:
            os.close(fd)
            return error.errno not in _BUSY
        self._fd = fd
        if ours:
            self._write_pid(fd)
        return True

    def _open(self) -> tuple[int, bool] | None:
        """What to lock, and whether it is our own lock file to write: `.lock`, made or opened without following a
        link or waiting on a pipe; the data folder itself when something else stands at that name or no copy may
        open it; None when no lock can be made."""
        for flags in (os.O_RDWR | os.O_CREAT, os.O_RDONLY):  # one it may not write is still locked, unwritten
            if _something_else(self.path):
                break
            try:
                fd = os.open(self.path, flags | _NOFOLLOW | _NONBLOCK, 0o644)
            except OSError:
                continue
            found = os.fstat(fd)
            if stat.S_ISREG(found.st_mode):
                if _NONBLOCK:
                    os.set_blocking(fd, True)
                return fd, flags != os.O_RDONLY and found.st_nlink == 1  # a hard link's other name is never cut
            os.close(fd)
            break
        try:  # something else at that name, or a lock file that cannot be opened: every copy locks the folder
            return os.open(self.path.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)), False
        except OSError:  # Windows opens no folder: the game must not refuse to start over a lock
            return None

    def release(self) -> None:
        """Give the lock back (the file stays: removing it would race a copy opening it)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            _unlock(fd)
        except OSError:
            pass
        os.close(fd)

    def holder(self) -> int | None:
        """The process id the holder wrote in the lock file, if it can be read."""
        try:
            if _something_else(self.path) or os.lstat(self.path).st_nlink != 1:
                return None
            with open_regular(self.path) as handle:
                first = handle.read(32).split(b"\n", 1)[0].strip()
        except OSError:
            return None
        return int(first) if first.isdigit() else None

    def _write_pid(self, fd: int) -> None:
        """Put our process id at the start of the file, for the message a second copy shows."""
        try:
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        except OSError:
            pass  # a full disk: the lock holds all the same, the message just names no process

    def __enter__(self) -> DataFolderLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _something_else(path: Path) -> bool:
    """Whether something other than a regular file stands at `path`: a link (never followed), a pipe, a device
    or a folder; False when nothing is there or it cannot be looked at."""
    try:
        return not stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> None:
        """Lock one byte past the process id, failing at once if another process has it."""
        os.lseek(fd, _WINDOWS_LOCK_AT, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        """Unlock the byte `_lock` locked."""
        os.lseek(fd, _WINDOWS_LOCK_AT, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _lock(fd: int) -> None:
        """An exclusive flock, failing at once if another open file holds it."""
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        """Give the flock back."""
        fcntl.flock(fd, fcntl.LOCK_UN)
