"""Ends left over: sessions that ended but whose end could not be recorded whole then (a full disk), recorded at
the next start and before a new table takes its mode's file. No pygame here.

Such an end waits in one of two places: its mode's kept file (a crash came before it could be put by, or the
start before could not record it) or a file of its own, put by (`storage.unrecorded`). Each is recorded once
(`campaign.session_end`), then let go; one that still cannot be recorded is put by (or stays put by), and the
player is told where it waits. A kept file is only ever removed by its own session's id.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...campaign.origin import CampaignRoad, DailyFinished, FreePlay, VenueFinished
from ...campaign.session_end import record_end
from ...locale import tr
from ...locale.shown import shown_name
from ...storage.keeper import KEPT_FILES, forget_session, put_by_ended
from ...storage.recorded_file import was_recorded
from ...storage.resume import kept_sessions, load_resume
from ...storage.unrecorded import let_go, set_aside_waiting, waiting
from .controller import HUMAN, TableController


class _Outcome(enum.Enum):
    RECORDED = "recorded"  # on disk, now or before: its file may go
    WAITING = "waiting"  # still not recorded whole: to be put by (or left put by)
    ROAD = "road"  # a venue the road's save could not take: it stays where the map continues it
    UNUSABLE = "unusable"  # no table could be laid from it, or it did not end


def record_left_over(data_dir: Path, tell: Callable[[str], None], mode: str | None = None) -> None:
    """Record the end of each session (of `mode`, else of every mode) that ended but could not be recorded whole
    then, letting its file go once it is: at start, and before a new table takes its mode's file. One that still
    cannot be recorded is put by, never written over. A kept file that cannot be read or used is told of and left
    to Continue, which sets it aside saying why."""
    if mode is None:
        kept, problems = kept_sessions(data_dir)
    else:
        found = load_resume(data_dir, mode)
        kept, problems = [found], [found.message] if found.message else []
    for problem in problems:
        tell(problem)
    for found in kept:
        snapshot = found.snapshot
        if snapshot is None or snapshot.get("over") is not True:
            continue
        session_id = str(snapshot.get("session_id"))
        match _record(data_dir, snapshot, tell, put_by=False):
            case _Outcome.RECORDED, _:
                tell(forget_session(data_dir, found.mode, session_id) or "")
            case _Outcome.WAITING, _:
                tell(_put_by(data_dir, found.mode, session_id))
            case _Outcome.ROAD, _:
                tell(tr("campaign.venue_end_kept"))
    for put_by in waiting(data_dir, mode):
        if put_by.snapshot is None:
            why = put_by.why
            tell(set_aside_waiting(put_by.path, why) if put_by.damaged else
                 tr("storage.session.not_read", session=tr("storage.session.which.ended"), why=why))
            continue
        match _record(data_dir, put_by.snapshot, tell, put_by=True):
            case _Outcome.RECORDED, _:
                tell(let_go(put_by.path) or "")
            case _Outcome.WAITING | _Outcome.ROAD, _:
                tell(tr("storage.session.end_put_by", file=shown_name(put_by.path.name)))
            case _Outcome.UNUSABLE, why:
                tell(set_aside_waiting(put_by.path, why))


def _record(data_dir: Path, snapshot: dict[str, Any], tell: Callable[[str], None], *,
            put_by: bool) -> tuple[_Outcome, str]:
    """Record an ended session's end from its snapshot (`put_by`: from its own file), telling what the player
    must hear; how it went (and, when no end can be recorded from it, why, read after "could not be used:")."""
    if was_recorded(data_dir, str(snapshot.get("session_id"))):  # only its file was left
        return _Outcome.RECORDED, ""
    try:
        table = TableController.from_snapshot(snapshot)
    except ValueError as error:
        return _Outcome.UNUSABLE, tr("storage.why.not_resumable", error=error)
    if not table.over or table.human_seat is None:
        return _Outcome.UNUSABLE, tr("storage.why.not_an_end")
    origin = table.origin
    if put_by and isinstance(origin, CampaignRoad):
        # a venue is put by only once its road has taken its result (else it stays to be continued), and the
        # road may have moved on since (its next venue played, or begun afresh): only the statistics are left
        origin = FreePlay()
    end = record_end(data_dir, origin, table.session_id, list(table.session.chips), table.log, HUMAN,
                     taken_back=table.taken_back, hints=table.hints)
    for problem in end.problems:
        tell(problem)
    finished = end.finished
    if end.whole:
        said = finished.message if isinstance(finished, DailyFinished | VenueFinished) else ""
        tell(f"{tr('storage.session.recorded_late')} {said}".strip())
        return _Outcome.RECORDED, ""
    if isinstance(finished, VenueFinished) and not finished.recorded:
        return _Outcome.ROAD, ""
    return _Outcome.WAITING, ""


def _put_by(data_dir: Path, mode: str, session_id: str) -> str:
    """Put by the ended session kept in `mode`'s file (if still its own), renamed as it is; the sentence."""
    with KEPT_FILES:
        found = load_resume(data_dir, mode)
        if found.snapshot is None or found.snapshot.get("session_id") != session_id:
            return ""
        return put_by_ended(data_dir, mode, session_id)
