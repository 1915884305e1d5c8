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


def deny(monkeypatch: pytest.MonkeyPatch, folder: Path, mode: int = 0o000) -> None:
    """Make `folder` one whose permission bits are `mode` for this test, as they are for anyone but root (and the
    tests may run as root): 0o000, nothing in it can be listed, looked at, opened or made; 0o444 (r--), its names
    can be listed but nothing in it looked at or opened; 0o555 (r-x), everything in it reads, but nothing can be
    made, renamed or removed there. The folder itself can always be looked at. The owner's bits are the ones used."""
    inside = os.path.abspath(folder) + os.sep
    bits = (mode >> 6) & 7
    can_list, can_enter, can_write = bool(bits & 4), bool(bits & 1), bits & 3 == 3

    def where(path: Any) -> str | None:
        """How `path` stands to the folder: "in" something inside it, "at" the folder itself, None elsewhere
        (or a file descriptor)."""
        try:
            name = os.path.abspath(os.fsdecode(path))
        except TypeError:
            return None
        if name.startswith(inside):
            return "in"
        return "at" if name + os.sep == inside else None

    def refused(path: Any) -> PermissionError:
        return PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))

    def looking(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(path: Any, *args: Any, **kwargs: Any) -> Any:
            if where(path) == "in" and not can_enter:
                raise refused(path)
            return real(path, *args, **kwargs)
        return call

    def listing(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(path: Any = ".", *args: Any, **kwargs: Any) -> Any:
            if (where(path) == "at" and not can_list) or (where(path) == "in" and not can_enter):
                raise refused(path)
            return real(path, *args, **kwargs)
        return call

    def changing(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*paths: Any, **kwargs: Any) -> Any:
            for path in paths[:2]:  # a rename's two names
                if where(path) == "in" and not can_write:
                    raise refused(path)
            return real(*paths, **kwargs)
        return call

    def os_open(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(path: Any, flags: int, *args: Any, **kwargs: Any) -> Any:
            place = where(path)
            if (place == "in" and (not can_enter or (flags & os.O_CREAT and not can_write))) \
                    or (place == "at" and not can_list):
                raise refused(path)
            return real(path, flags, *args, **kwargs)
        return call

    def file_open(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
            if where(file) == "in" and (not can_enter or (any(flag in mode for flag in "wxa") and not can_write)):
                raise refused(file)
            return real(file, mode, *args, **kwargs)
        return call

    for name in ("stat", "lstat"):
        monkeypatch.setattr(os, name, looking(getattr(os, name)))
    for name in ("listdir", "scandir"):
        monkeypatch.setattr(os, name, listing(getattr(os, name)))
    for name in ("mkdir", "rename", "replace", "unlink", "remove", "rmdir"):
        monkeypatch.setattr(os, name, changing(getattr(os, name)))
    monkeypatch.setattr(os, "open", os_open(os.open))
    monkeypatch.setattr(builtins, "open", file_open(builtins.open))
    monkeypatch.setattr(io, "open", file_open(io.open))
