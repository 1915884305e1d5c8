"""What a table keeps on disk as it plays: the session after every decision of the player's and every deal (so a
crash loses at most the decision in hand), each finished deal's log for the replays, and, when the session ends,
the player's statistics and what the end means for its mode (a daily score, a campaign venue's result).

The session and the deal logs are written on a worker thread (`SessionKeeper`), so no frame waits on the disk.
A problem writing any of them never stops the game: it is told once (the app's notices, and stderr) and play
goes on. A finished session is forgotten only once its end is recorded whole (`campaign.session_end`); one whose
recording a full disk cut short is put by (`storage.unrecorded`), where the next table of its mode cannot write
over it, and the next start records it (`left_over.record_left_over`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...campaign.origin import DailyFinished, Finished, VenueFinished, deal_log_slot, finish, session_mode
from ...campaign.session_end import record_end
from ...campaign.trophies import held_trophies, record_deal_trophies, the_trophies
from ...stats.callouts import RecordWatch
from ...storage.keeper import SessionKeeper
from ...storage.saves import deal_log
from ...storage.statistics_file import load_statistics
from ..assets import warn
from .controller import HUMAN, TableController, snapshot_problem
from .left_over import record_left_over
from .trophy_moment import DealTrophies


class TableRecorder:
    """Keeps the session, its finished deals and, at its end, the player's statistics and the end's meaning."""

    def __init__(self, data_dir: Path, table: TableController, *, threaded: bool = True, keeps: bool = True,
                 tell: Callable[[str], None] = warn) -> None:
        """`tell` tells the player a problem with their files (the app's notices)."""
        self.data_dir = data_dir
        self.table = table
        self.keeps = keeps  # False: a lesson (the guided first deal), neither kept nor counted
        self.tell = tell
        self.keeper = SessionKeeper(data_dir, session_mode(table.origin), threaded=threaded, usable=self._replaceable,
                                     session_id=table.session_id)
        self._kept_deal_start = -1  # index in the log of the last deal_start whose deal was kept
        self.finished: Finished = None  # what the session's end meant, once recorded
        self.trophies: tuple[str, ...] = ()  # the trophies the session's end earned, once recorded
        self.whole = False  # the end is recorded whole: on disk, the kept session let go
        self._recorded = False
        if self.keeps_session and table.opening:  # a new table takes its mode's file: an ended session there first
            record_left_over(data_dir, tell, self.keeper.mode)

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
        found = load_statistics(self.data_dir)  # a damaged file is kept aside here, and the player told so
        if found.problem:
            self.tell(found.problem)
        watch = RecordWatch.from_statistics(found.statistics, HUMAN)
        if not self.table.opening:
            for event in self.table.log:
                watch.see(event)
        return watch

    def trophies_watch(self, say: Callable[[str], None]) -> DealTrophies | None:
        """The trophies the session's deals may earn the player, watched from here (kept as each is earned, a
        resumed session's deals so far followed quietly); None at a watched table, in a lesson, and once the
        player has taken back a decision (such a session earns no trophy)."""
        trophies, _ = the_trophies()
        if not self.keeps_session or not trophies or self.table.taken_back:
            return None
        held, problem = held_trophies(self.data_dir)  # a damaged file is kept aside here, and the player told so
        if problem:
            self.tell(problem)

        def keep(earned: tuple[str, ...]) -> str | None:
            return record_deal_trophies(self.data_dir, self.table.origin, earned)
        watch = DealTrophies(trophies, held, HUMAN, keep, self.tell, say)
        if not self.table.opening:
            watch.quietly(self.table.log)
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
        """Tell what the worker could not write (the notices tell each sentence once)."""
        for problem in self.keeper.problems():
            self.tell(problem)

    def session_over(self) -> Finished:
        """The session has ended: record what it means for its mode and add it to the player's statistics, then
        forget the kept session, once all of that is on disk (until then it is put by, and the next start records
        it; a crash before this leaves it in its mode's file, and the next start records it from there)."""
        if self._recorded:
            return self.finished
        self._recorded = True
        self.keeper.flush()
        if not self.keeps:  # a lesson: nothing recorded anywhere, nothing to forget
            return None
        chips = list(self.table.session.chips)
        if not self.keeps_session:  # a watched table: nobody's statistics, nothing to forget
            self.finished = finish(self.table.origin, self.data_dir, chips)
            if isinstance(self.finished, DailyFinished) and self.finished.problem:
                self.tell(self.finished.problem)
            return self.finished
        end = record_end(self.data_dir, self.table.origin, self.table.session_id, chips, self.table.log, HUMAN,
                         taken_back=self.table.taken_back, hints=self.table.hints)
        self.finished, self.whole, self.trophies = end.finished, end.whole, end.trophies
        for problem in end.problems:
            self.tell(problem)
        if end.whole:
            self.keeper.forget()
        elif not (isinstance(end.finished, VenueFinished) and not end.finished.recorded):  # the map says that one
            # put by, out of the way of the next table of its mode (a venue the road's save could not take stays
            # in its file, to be continued)
            self.tell(self.keeper.put_by(self.table.snapshot_text(), len(self.table.actions)))
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

