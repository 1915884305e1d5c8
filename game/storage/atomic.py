"""Writing a file so that a crash half way leaves the old one whole."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: bytes, keep_backup: bool = False) -> None:
    """Write `data` to `path` through a synced temporary file in the same folder, then swap it in.

    With `keep_backup`, the file being replaced is kept as `path` + ".bak".
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if keep_backup and path.exists():
            _copy_atomically(path, backup_path(path))  # `path` itself stays in place until the swap
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise


def backup_path(path: Path) -> Path:
    """Where the previous version of `path` is kept."""
    return path.with_name(path.name + ".bak")


def _copy_atomically(source: Path, target: Path) -> None:
    """Copy `source` over `target` so that `target` is always either the old or the new copy."""
    handle, temporary = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(source.read_bytes())
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
