"""A player file the game may not read, as a file of mode 000 is to anyone but root: the tests run as root, who
reads anything, so the refusal is made where files are opened (every way the game opens one to read it)."""

from __future__ import annotations

import builtins
import errno
import io
import os
from pathlib import Path
from typing import Any

import pytest


def refuse_reading(monkeypatch: pytest.MonkeyPatch, *refused: Path) -> None:
    """Opening any of `refused` meets Permission denied until monkeypatch undoes it (renaming still works, as it
    does for a file of mode 000 in a folder the player owns)."""
    shut = {Path(path).resolve() for path in refused}
    real_open, real_os_open = io.open, os.open

    def denied(file: Any) -> bool:
        return isinstance(file, (str, os.PathLike)) and Path(file).resolve() in shut

    def open_(file: Any, *args: Any, **kwargs: Any) -> Any:
        if denied(file):
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    def os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if denied(path):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_os_open(path, flags, *args, **kwargs)
    monkeypatch.setattr(builtins, "open", open_)
    monkeypatch.setattr(io, "open", open_)
    monkeypatch.setattr(os, "open", os_open)
