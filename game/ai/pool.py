"""Spreading many independent plays (a tournament's blocks, road-check's runs) over processes, one a core at most."""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def ignore_ctrl_c() -> None:
    """In a worker: Ctrl-C is the parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def spread(tasks: Sequence[T], jobs: int | None, play: Callable[[T], R], work: Callable[[T], R],
           start: Callable[..., None], start_args: tuple[Any, ...]) -> Iterator[R]:
    """Each task's result in task order: `play` here when one process will do, else `work` in a pool of `jobs`
    processes (default: every core, never more than cores or tasks) set up by `start(*start_args)`."""
    cores = os.cpu_count() or 1
    jobs = max(1, min(jobs or cores, cores, len(tasks)))  # more processes than cores only cost start-ups and memory
    if jobs == 1:
        yield from map(play, tasks)
        return
    # spawn, not fork: a process that has started pygame (the game, the test suite) holds SDL's threads and
    # locks, and a forked copy of it can wait forever on a lock no thread will release
    pool = multiprocessing.get_context("spawn").Pool(jobs, start, start_args)
    try:
        yield from pool.imap(work, tasks, chunksize=max(1, min(8, len(tasks) // (jobs * 4))))
        pool.close()  # the workers finish and leave by themselves
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
