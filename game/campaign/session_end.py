"""A finished session's end, recorded once and whole: what it means for the table's origin (a daily score, a
venue's result), the player's statistics, the trophies it earned, and the list of ends recorded
(`recorded.json`). No pygame here.

Each part may be recorded again without counting twice (the day keeps its best, the road and the statistics
know the sessions they hold, the list holds ids), so an end whose recording was cut short (a full disk) is
recorded whole when it is tried again; the kept session is forgotten only once all of it is on disk.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..storage.recorded_file import mark_recorded, recorded
from ..storage.statistics_file import count_session
from .model import WON
from .origin import DailyFinished, Finished, TableOrigin, VenueFinished, already_finished, finish
from .trophies import record_trophies


@dataclass(frozen=True)
class EndRecorded:
    """What recording an end did: where the table leads, sentences for the player, and whether all of it is on
    disk (only then may the kept session be forgotten)."""

    finished: Finished
    problems: tuple[str, ...] = ()
    whole: bool = True
    trophies: tuple[str, ...] = ()  # the trophies the session's end earned (its deals' were said at the table)


def record_end(data_dir: Path, origin: TableOrigin, session_id: str, chips: list[int], events: list[Any],
               human_seat: int, *, taken_back: int = 0, hints: int = 0) -> EndRecorded:
    """Record the end of the session `session_id` (its final `chips`, the player's first, its `events` seen from
    `human_seat`, and the `hints` the player asked) for its origin, in the statistics and in the list of ends
    recorded."""
    said: list[str] = []
    done, problem = recorded(data_dir, session_id)
    said += [problem] if problem else []
    if done:
        return EndRecorded(already_finished(origin, data_dir), tuple(said))
    finished = finish(origin, data_dir, chips, session_id, hints)
    whole = True
    match finished:
        case VenueFinished(road=road, recorded=False):  # the road's save could not take it: kept to be played on
            return EndRecorded(finished, (*said, *road.set_aside), whole=False)
        case VenueFinished(road=road):
            said += road.set_aside
        case DailyFinished(problem=trouble, recorded=kept):
            said += [trouble] if trouble else []
            whole = kept
    problem, counted = count_session(data_dir, events, human_seat, taken_back=taken_back, session_id=session_id)
    said += [problem] if problem else []
    venue = finished.road.progress if isinstance(finished, VenueFinished) else None
    cleared = venue is not None and bool(venue.results) and venue.results[-1].goal_met
    earned = record_trophies(data_dir, origin, events, human_seat, hints=hints, taken_back=taken_back,
                             venue_cleared=cleared, road_cleared=cleared and venue is not None and venue.status == WON,
                             road_hints=venue.hints if venue is not None else 0)
    said += [earned.problem] if earned.problem else []
    if not (whole and counted and earned.written):  # not marked as recorded: the next try records what is missing
        return EndRecorded(finished, tuple(said), whole=False, trophies=earned.at_end)
    problem, marked = mark_recorded(data_dir, session_id)
    said += [problem] if problem else []
    return EndRecorded(finished, tuple(said), marked, earned.at_end)
