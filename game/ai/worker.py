"""Work done on a worker thread while the table goes on drawing: a character's decision, the player's hint.

The expert's search takes tens of milliseconds; on the main thread that would stall frames. The work is
still one piece at a time, from its own seeded stream, so it comes out the same as it would headless.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar, cast

T = TypeVar("T")


class OnWorker(Generic[T]):
    """`work()` run on a daemon thread called `name` (or at once, when not `threaded`); its result, or what
    went wrong in it, handed back to whoever asks."""

    def __init__(self, work: Callable[[], T], *, name: str, threaded: bool = True) -> None:
        self._work = work
        self._done = False
        self._value: T | None = None
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._run, daemon=True, name=name)
            self._thread.start()
        else:
            self._run()

    def _run(self) -> None:
        try:
            self._value = self._work()
        except BaseException as error:  # noqa: BLE001 - handed to the thread that asks, which raises it
            self._error = error
        self._done = True

    @property
    def ready(self) -> bool:
        """True once the work is done (or failed)."""
        return self._done

    def wait(self) -> None:
        """Block until the work is done."""
        if self._thread is not None:
            self._thread.join()

    def result(self) -> T:
        """The work's result (waiting for it); re-raises what went wrong in it."""
        self.wait()
        if self._error is not None:
            raise self._error
        return cast(T, self._value)  # done without an error: the work's own value (None too, if T allows it)
