"""What a table keeps on disk as it plays: the session after every decision of the player's and every deal (so a
crash loses at most the decision in hand), each finished deal's log for the replays, and, when the session ends,
the player's statistics and what the end means for its mode (a daily score, a campaign venue's result).

The session and the deal logs are written on a worker thread (`SessionKeeper`), so no frame waits on the disk.
A problem writing any of them never stops the game: it is said once (`warn`) and play goes on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...campaign.origin import Finished, VenueFinished, already_finished, deal_log_slot, finish, session_mode
from ...stats.callouts import RecordWatch
from ...storage.keeper import SessionKeeper
from ...storage.recorded_file import mark_recorded, was_recorded
from ...storage.saves import deal_log
from ...storage.statistics_file import load_statistics, record_finished_session
from ..assets import warn
from .controller import HUMAN, TableController, snapshot_problem


class TableRecorder:
    """Keeps the session, its finished deals and, at its end, the player's statistics and the end's meaning."""

    def __init__(self, data_dir: Path, table: TableController, *, threaded: bool = True, keeps: bool = True) -> None:
        self.data_dir = data_dir
        self.table = table
        self.keeps = keeps  # False: a lesson (the guided first deal), neither kept nor counted
        self.keeper = SessionKeeper(data_dir, session_mode(table.origin), threaded=threaded, usable=self._replaceable,
                                     session_id=table.session_id)
        self._kept_deal_start = -1  # index in the log of the last deal_start whose deal was kept
        self.finished: Finished = None  # what the session's end meant, once recorded
        self._recorded = False
        self._said: set[str] = set()  # a disk that stays full is said once, not at every decision

    def _replaceable(self, snapshot: dict[str, Any]) -> str | None:
        """Why the session kept in this mode's file may not simply be written over (None when it may): this
        table's own session is (a newer snapshot supersedes it); another must resume, or it is set aside first."""
        return None if snapshot.get("session_id") == self.table.session_id else snapshot_problem(snapshot)

    @property
    def keeps_session(self) -> bool:
        """Whether the session is the player's to keep (a watched table, with nobody's seat, is a show)."""
        return self.keeps and self.table.human_seat is not None

    def records_watch(self) -> RecordWatch | None:
        """The player's records as their statistics keep them, to be watched from here (a resumed session's
        events so far counted quietly); None at a watched table, which breaks nobody's records."""
        if not self.keeps_session:
            return None
        watch = RecordWatch.from_statistics(load_statistics(self.data_dir).statistics, HUMAN)
        if not self.table.opening:
            for event in self.table.log:
                watch.see(event)
        return watch

    def decision_made(self) -> None:
        """The player has decided (or sat down at a new table): keep the session as it now stands."""
        if self.keeps_session:
            self.keeper.keep(self.table.snapshot_text())

    def deal_settled(self) -> None:
        """A deal is settled: keep the session (even a finished one, until its end is recorded) and the deal's log."""
        if self.keeps_session:
            self.keeper.keep(self.table.snapshot_text())
        self._keep_deal_log()

    def keep_now(self) -> str | None:
        """Keep the session before returning (the window is closing): None when kept, else why not."""
        return self.keeper.keep_now(self.table.snapshot_text()) if self.keeps_session else None

    def say_problems(self) -> None:
        """Say what the worker could not write (once each)."""
        for problem in self.keeper.problems():
            if problem not in self._said:
                self._said.add(problem)
                warn(problem)

    def session_over(self) -> Finished:
        """The session has ended: add it to the player's statistics, record what it means for its mode, then
        forget the kept session (a crash before this leaves it to be continued and recorded then)."""
        if self._recorded:
            return self.finished
        self._recorded = True
        self.keeper.flush()
        if not self.keeps:  # a lesson: nothing recorded anywhere, nothing to forget
            return None
        if not self.keeps_session:  # a watched table: nobody's statistics, nothing to forget
            self.finished = finish(self.table.origin, self.data_dir, list(self.table.session.chips))
            return self.finished
        if was_recorded(self.data_dir, self.table.session_id):
            self.finished = already_finished(self.table.origin, self.data_dir)
        else:
            self.finished = finish(self.table.origin, self.data_dir, list(self.table.session.chips))
            if isinstance(self.finished, VenueFinished) and not self.finished.recorded:
                return self.finished  # kept, to be continued to its end (and counted) once the road's save is whole
            for problem in (record_finished_session(self.data_dir, self.table.log, HUMAN,
                                                                    taken_back=self.table.taken_back),
                            mark_recorded(self.data_dir, self.table.session_id)):
                if problem:
                    warn(problem)
        self.keeper.forget()
        return self.finished

    def finished_deal_log(self) -> tuple[int, str] | None:
        """The deal just settled as a save keeps it (cut as `replay.split_deals` cuts), and its deal_start index."""
        # the log ends with the batch that settled the deal (the engine waits on the table), so its last
        # deal_end is this deal's; a resumed table rebuilt `log` in full, so no index needs carrying over
        log = self.table.log
        end = next((i for i in range(len(log) - 1, -1, -1) if log[i].type == "deal_end"), None)
        start = None if end is None else next((i for i in range(end, -1, -1) if log[i].type == "deal_start"), None)
        if end is None or start is None or start <= self._kept_deal_start:
            return None
        context = next((i for i in range(start - 1, -1, -1) if log[i].type in ("deal_end", "cut")), None)
        after = next((i for i in range(end + 1, len(log)) if log[i].type == "deal_start"), len(log))
        events = [log[0]] + ([log[context]] if context is not None else []) + log[start:after]
        return start, deal_log([event.to_json() for event in events])

    def _keep_deal_log(self) -> None:
        """Keep the finished deal's log for the replays, in the save slot the table's origin names."""
        # a watched table is a show: its deals would push the player's own past the keep limit
        if not self.keeps_session:
            return
        found = self.finished_deal_log()
        if found is None:
            return
        self._kept_deal_start, log = found
        slot, create = deal_log_slot(self.table.origin)
        self.keeper.keep_deal(slot, log, create)
