"""Playing a table through at instant speed (or at its own pace), for tests, the screenshots and the benchmark:
deal summaries closed as they come, the human's decisions answered by a plain agent (lowest card, even stake)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...ai.simple import LowestAgent

if TYPE_CHECKING:
    from .scene import TableScene


def fast_forward(table: TableScene, predicate: Callable[[TableScene], bool], max_steps: int = 20_000, *,
                 play_for_human: bool = True, dt: float = 1 / 30) -> bool:
    """Run the table at instant speed until `predicate(table)` holds; True if it did within `max_steps`.

    Deal summaries are closed as they come unless the predicate is waiting for one; with `play_for_human`
    the human's decisions are answered by a plain agent, otherwise the run stops at the human's first one.
    """
    stand_in = LowestAgent()
    table.stage.hurrying = True
    try:
        for _ in range(max_steps):
            if predicate(table):
                return True
            if table.summary is not None:
                table.close_summary()
                continue
            if table.results is not None:
                return False
            decision = table.human.decision
            if decision is not None:
                if not play_for_human:
                    return False
                table.human.clear()
                table.submit(stand_in.decide(table.table.human_view(), decision))
                continue
            table.update(dt)
        return predicate(table)
    finally:
        table.stage.hurrying = False


def play_along(step: Callable[[float], None], table: TableScene, until: Callable[[], bool], frames: int,
               dt: float = 1 / 60) -> bool:
    """Run the app (`step` a frame of `dt`) at the table's own pace until `until()` holds, closing summaries and
    answering the human by a plain agent; True if it held within `frames` frames."""
    stand_in = LowestAgent()
    for _ in range(frames):
        if until():
            return True
        if table.summary is not None:
            table.close_summary()
        decision = table.human.decision
        if decision is not None:
            table.human.clear()
            table.submit(stand_in.decide(table.table.human_view(), decision))
        step(dt)
    return False
