"""Writing a file so that a crash half way leaves the old one whole."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from .regular_file import NotRegularFile, open_regular


def write_atomically(path: Path, data: bytes, keep_backup: bool = False) -> None:
    """Write `data` to `path` through a synced temporary file in the same folder, then swap it in.

    With `keep_backup`, the file being replaced is first copied, just as safely, to `path` + ".bak";
    `path` itself stays in place until the final swap. The swap is a rename, so a symbolic link at `path` is
    replaced, never written through.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    if keep_backup:
        current = _current(path)
        if current is not None:
            _replace(backup_path(path), current)
    _replace(path, data)


def _current(path: Path) -> bytes | None:
    """The bytes of the file at `path` to back up, None when there is none: nothing there, or something that is
    no file (a pipe or a device is never read, so never waited on; the swap then replaces it, not what a link
    there names)."""
    try:
        with open_regular(path) as handle:
            return handle.read()
    except (FileNotFoundError, NotRegularFile):
        return None


def move_aside(path: Path, tag: str = "unreadable") -> Path:
    """Rename `path` out of the way with a time stamp, never deleting it; where it went (OSError if it cannot)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{tag}-{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.{tag}-{stamp}-{number}")
    path.rename(target)
    return target


def backup_path(path: Path) -> Path:
    """Where the previous version of `path` is kept."""
    return path.with_name(path.name + ".bak")


def _replace(path: Path, data: bytes) -> None:
    """Put `data` at `path` in one step: a flushed, synced temporary file renamed over it."""
    handle, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
