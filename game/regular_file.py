"""Reading a file only when it is a regular file: never a pipe, a device, a socket or a folder, opened without
blocking and read no further than a limit.

Every reader of a file that a player or a modder can put in place comes through here: the player's JSON files
(`storage/door.py`), config and language files (`locale/safe_yaml.py`), event logs (`replay/log.py`) and the
lock's holder. So a FIFO where a save should be, a campaign naming `rules: /dev/stdin` or a log that is
`/dev/zero` is refused at once, instead of hanging the game or filling its memory. Nothing here imports the game.

The kind is checked twice: by `os.stat` before opening (a device is never even opened), and by `os.fstat` on what
was opened (the path may have been swapped for a pipe in between). The open itself never waits: `O_NONBLOCK`
makes opening a FIFO return at once where the platform has it (a regular file reads the same with or without it).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # POSIX; Windows has no FIFOs in its file system to wait on
_OPEN_FLAGS = os.O_RDONLY | _NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


class NotRegularFile(OSError):
    """The path names a pipe, a device, a socket or a folder: nothing the game reads as a file."""

    def __init__(self, path: str | Path) -> None:
        super().__init__(errno.EINVAL, "not a regular file", os.fsdecode(path))


MEGABYTE = 1024 * 1024


class FileTooBig(ValueError):
    """A regular file larger than the reader's limit: `size` bytes (at least), `limit` allowed."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"{size} bytes; the limit is {limit}")
        self.size = size
        self.limit = limit

    def worded(self) -> tuple[str, str]:
        """The size and the limit in MB, with as many places as it takes to tell them apart (32.02 MB, not the
        limit's own 32.0 MB), in bytes when even three do not."""
        for places in (1, 2, 3):
            size, limit = (f"{value / MEGABYTE:.{places}f} MB" for value in (self.size, self.limit))
            if size != limit:
                return size, limit
        return f"{self.size:,} bytes", f"{self.limit:,} bytes"


def is_regular(path: str | Path) -> bool:
    """Whether `path` is a regular file (symbolic links followed); OSError when it cannot be looked at."""
    return stat.S_ISREG(os.stat(path).st_mode)


def present(path: str | Path) -> bool:
    """Whether there is a file at `path` to read: a regular file, or something that cannot even be looked at (in
    a folder without permission), which reading it then explains as it explains any file that cannot be read.
    False for nothing there, a folder, a pipe, a device or a name no file can have (one holding NUL); never raises
    (where `Path.is_file` raises PermissionError)."""
    try:
        return is_regular(path)
    except (FileNotFoundError, NotADirectoryError, ValueError):
        return False
    except OSError:
        return True


def open_regular(path: str | Path) -> BinaryIO:
    """`path` opened for reading in binary, never waiting; IsADirectoryError for a folder (as `open` says it),
    NotRegularFile for anything else that is not a regular file, another OSError when it cannot be opened."""
    _check_kind(os.stat(path).st_mode, path)
    return _opened(path)


def read_regular(path: str | Path, max_bytes: int) -> bytes:
    """The bytes of the regular file `path`, at most `max_bytes` of them: FileTooBig when it is larger (by its size
    before it is opened, or by what could be read), NotRegularFile or another OSError when it cannot be read."""
    looked = os.stat(path)
    _check_kind(looked.st_mode, path)
    if looked.st_size > max_bytes:
        raise FileTooBig(looked.st_size, max_bytes)
    with _opened(path) as handle:
        data = handle.read(max_bytes + 1)
        if len(data) > max_bytes:  # it grew since it was looked at: say how big it is now
            raise FileTooBig(max(os.fstat(handle.fileno()).st_size, len(data)), max_bytes)
    return data


def _opened(path: str | Path) -> BinaryIO:
    """`path`, looked at and found a regular file, opened without waiting, and checked again once open: it may
    have been swapped for a pipe in between."""
    fd = os.open(path, _OPEN_FLAGS)
    try:
        _check_kind(os.fstat(fd).st_mode, path)
        if _NONBLOCK:
            os.set_blocking(fd, True)  # a regular file: reads as any other from here on
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _check_kind(mode: int, path: str | Path) -> None:
    """Nothing when `mode` is a regular file's; else the error that says what is there instead."""
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fsdecode(path))
    raise NotRegularFile(path)
