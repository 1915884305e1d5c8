"""A crash report: what went wrong, written to a file in the data folder so the player never reads a traceback.

The report holds the traceback, the game's version, the platform, Python's and pygame's versions and whatever
the caller knows (the scenes on the stack, whether the session was kept). It is written with plain file calls,
in the data folder if it can be, else in the system's temporary folder; nothing here raises.
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

GAME_VERSION = "1.0"  # the game's version, named in every report; raise it with each release
REPORT_PREFIX = "crash-"


def report_text(error: BaseException, details: Mapping[str, str] | None = None) -> str:
    """The report's words: a header of facts, the caller's details, then the full traceback."""
    pygame = sys.modules.get("pygame")  # named only if the game had loaded it: a report must not load pygame
    pygame_version = getattr(getattr(pygame, "version", None), "ver", None) if pygame is not None else None
    lines = [
        "Newmarket crash report",
        f"when: {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"version: {GAME_VERSION}",
        f"platform: {platform.platform()}",
        f"python: {sys.version.split()[0]} ({platform.python_implementation()})",
        f"pygame-ce: {pygame_version or 'not loaded'}",
    ]
    lines += [f"{name}: {value}" for name, value in (details or {}).items()]
    lines += ["", "".join(traceback.format_exception(type(error), error, error.__traceback__)).rstrip(), ""]
    return "\n".join(lines)


def write_crash_report(folder: Path | None, error: BaseException,
                       details: Mapping[str, str] | None = None) -> Path | None:
    """Write a report on `error` to a new `crash-<stamp>.txt` in `folder` (else the temporary folder); the
    file written, or None when no folder would take it."""
    try:
        text = report_text(error, details)
    except Exception as failure:  # noqa: BLE001 - a report that cannot describe the error still names it
        text = f"Newmarket crash report\nversion: {GAME_VERSION}\n{error!r}\n(the report failed: {failure!r})\n"
    places = [folder] if folder is not None else []
    try:
        places.append(Path(tempfile.gettempdir()))
    except Exception:  # noqa: BLE001 - no temporary folder at all: the data folder was the only chance
        pass
    for place in places:
        written = _write_new(place, text)
        if written is not None:
            return written
    return None


@contextmanager
def thread_crashes_reported(folder: Path | None) -> Iterator[None]:
    """While inside, an exception that ends a thread is written to a report in `folder` with one line on
    stderr, instead of Python's traceback on the terminal."""
    def report(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None or isinstance(args.exc_value, SystemExit):
            return
        thread = args.thread.name if args.thread is not None else "unknown"
        written = write_crash_report(folder, args.exc_value, {"thread": thread})
        try:
            print(f"newmarket: warning: the {thread} thread stopped ({type(args.exc_value).__name__}); "
                  f"a crash report is at {written or 'nowhere: it could not be written'}", file=sys.stderr)
        except (OSError, ValueError):
            pass
    before, threading.excepthook = threading.excepthook, report
    try:
        yield
    finally:
        threading.excepthook = before


def _write_new(folder: Path, text: str) -> Path | None:
    """`text` in a file of `folder` no other report uses (never overwriting one); None if it cannot be written."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for number in range(1, 100):
        path = folder / f"{REPORT_PREFIX}{stamp}{'' if number == 1 else f'-{number}'}.txt"
        try:
            with open(path, "x", encoding="utf-8", errors="backslashreplace") as out:
                out.write(text)
        except FileExistsError:
            continue
        except Exception:  # noqa: BLE001 - a full disk, a read-only folder, a bad path: try the next place
            _remove_quietly(path)
            return None
        return path
    return None


def _remove_quietly(path: Path) -> None:
    """Remove a half-written report, if there is one and it can be."""
    try:
        os.unlink(path)
    except OSError:
        pass
