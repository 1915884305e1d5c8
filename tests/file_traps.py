"""Traps in place of a player's or a modder's file: a FIFO that no one ever writes, a folder without permission,
a link to a file outside the folder. Each is set up so that a test of it fails rather than hangs the suite when
the game falls in: the risky call runs on a worker thread given a time limit, and the FIFOs it may be waiting on
are then opened and closed for writing, which lets it go."""

from __future__ import annotations

import builtins
import errno
import io
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

T = TypeVar("T")
LIMIT = 30.0  # seconds: what never waits takes a fraction of one, even on a busy machine

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="this platform has no FIFOs")


def fifo(path: Path) -> Path:
    """A FIFO at `path` (its folder made), which nobody will ever write."""
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def finishes(work: Callable[[], T], *, fifos: tuple[Path, ...] = (), limit: float = LIMIT) -> T:
    """What `work` gives (or raises), run on a worker thread; the test fails if it is not done within `limit`
    seconds, after the `fifos` it may wait on were opened and closed for writing so that it stops waiting."""
    done: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(work())
        except BaseException as error:  # noqa: BLE001 - handed to the test's thread as it was
            failed.append(error)

    worker = threading.Thread(target=run, name="file-trap", daemon=True)
    worker.start()
    worker.join(limit)
    if worker.is_alive():
        for path in fifos:
            release(path)
        worker.join(limit)
        pytest.fail(f"still waiting after {limit:.0f} s: it fell into a FIFO or a device")
    if failed:
        raise failed[0]
    return done[0]


def release(path: Path) -> None:
    """Open and close the FIFO `path` for writing: a reader waiting on it reads its end."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        pass


def deny(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Make `folder` one without permission for this test, as `chmod 000` would for anyone but root (and the
    tests may run as root): the folder itself can be looked at, but listing it, or looking at, opening or
    making anything in it, raises PermissionError."""
    inside = os.path.abspath(folder) + os.sep

    def guarded(real: Callable[..., Any], listing: bool = False) -> Callable[..., Any]:
        def call(path: Any = ".", *args: Any, **kwargs: Any) -> Any:
            try:
                name = os.path.abspath(os.fsdecode(path)) + (os.sep if listing else "")
            except TypeError:  # a file descriptor
                return real(path, *args, **kwargs)
            if name.startswith(inside):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))
            return real(path, *args, **kwargs)
        return call

    for name in ("stat", "lstat", "open", "mkdir", "rename", "replace", "unlink"):
        monkeypatch.setattr(os, name, guarded(getattr(os, name)))
    for name in ("listdir", "scandir"):
        monkeypatch.setattr(os, name, guarded(getattr(os, name), listing=True))
    monkeypatch.setattr(builtins, "open", guarded(builtins.open))
    monkeypatch.setattr(io, "open", guarded(io.open))
