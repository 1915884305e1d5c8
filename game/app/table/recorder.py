"""What a table keeps on disk as it plays: the session after every deal (so a crash loses at most the deal in
play), each finished deal's log for the replays, and the player's statistics when the session ends.

A problem writing any of them never stops the game: it is said once (`warn`) and play goes on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...campaign.origin import deal_log_slot
from ...locale import tr
from ...storage.resume import discard_resume, save_resume
from ...storage.saves import append_deal_log, deal_log
from ...storage.statistics_file import record_finished_session
from ..assets import warn
from .controller import TableController


def keep_snapshot(data_dir: Path, snapshot: dict[str, Any]) -> str | None:
    """Keep a session's snapshot for the next start: None when kept, else why not, in a sentence."""
    try:
        save_resume(data_dir, snapshot)
    except OSError as error:
        return tr("app.session.not_saved_in", folder=data_dir, why=error.strerror or error)
    except Exception as error:  # noqa: BLE001 - whatever went wrong, the player is asked rather than the game ending
        warn(f"the session could not be saved: {error!r}")
        return tr("app.session.not_saved")
    return None


class TableRecorder:
    """Keeps the session, its finished deals and, at its end, the player's statistics."""

    def __init__(self, data_dir: Path, table: TableController) -> None:
        self.data_dir = data_dir
        self.table = table
        self._kept_deal_start = -1  # index in the log of the last deal_start whose deal was kept

    def deal_settled(self) -> None:
        """A deal is settled: keep the session (or forget it when it is over) and the deal's log."""
        if self.table.over:
            discard_resume(self.data_dir)
        else:
            problem = keep_snapshot(self.data_dir, self.table.snapshot())
            if problem:
                warn(problem)
        self._keep_deal_log()

    def session_over(self) -> None:
        """The session has ended: add it to the player's statistics (a watched table has no player)."""
        if self.table.human_seat is None:
            return
        problem = record_finished_session(self.data_dir, self.table.log, self.table.human_seat)
        if problem:
            warn(problem)

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
        if self.table.human_seat is None:
            return
        found = self.finished_deal_log()
        if found is None:
            return
        self._kept_deal_start, log = found
        slot, create = deal_log_slot(self.table.origin)
        try:
            problem = append_deal_log(self.data_dir, slot, log, create=create)
        except Exception as error:  # noqa: BLE001 - a deal that cannot be kept must never stop the game
            problem = f"the deal's log could not be kept: {error!r}"
        if problem:
            warn(problem)
