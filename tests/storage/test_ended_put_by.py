"""A finished session that could not be recorded is never lost nor counted twice (review 1, findings 1 and 17):
it is put by, out of its mode's file, so the next table of that mode (Play again, the daily deal's Play, a new
table on a disk still full) cannot write over it; one a crash left in its mode's file is put by before a new table
takes the file; two may wait at once; a keeper only ever removes its own session's file; a crash between the
statistics and `recorded.json` counts nothing twice."""

from __future__ import annotations

import dataclasses
import errno
import json
from pathlib import Path
from typing import Any

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest
from app_helpers import make_app
from storage.test_full_disk_end import DAY, full_disk, no_room_for, play_to_the_end, put_by, seats

from game import atomic
from game.app.table.scene import TableScene
from game.campaign import session_end
from game.campaign.daily_file import load_daily_bests
from game.campaign.origin import CampaignRoad, DailyDeal
from game.campaign.roads import SLOT, Road
from game.cli.saves import survey
from game.config import rules_by_name
from game.locale import tr
from game.storage import keeper as keeper_module
from game.storage import resume, unrecorded
from game.storage.keeper import SessionKeeper
from game.storage.recorded_file import was_recorded
from game.storage.resume import DAILY, FREE, kept_sessions, load_resume, resume_path, road_mode, save_resume
from game.storage.statistics_file import load_statistics


def snapshot_of(folder: Path, path: Path) -> dict[str, Any]:
    """The snapshot a kept or put-by file holds."""
    document = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(document, dict)
    snapshot = document["snapshot"]
    assert isinstance(snapshot, dict)
    return snapshot


def kept_id(folder: Path, mode: str = FREE) -> object:
    """The id of the session kept in `mode`'s file (None when there is none)."""
    snapshot = load_resume(folder, mode).snapshot
    return None if snapshot is None else snapshot.get("session_id")


def test_play_again_while_the_disk_is_still_full_never_writes_over_the_ended_session(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    ended = play_to_the_end(app, disk=lambda: no_room_for(monkeypatch, "statistics.json"))
    ended.play_again()  # the statistics still cannot be written
    again = app.scenes.top
    assert isinstance(again, TableScene) and again is not ended
    again.recorder.keeper.flush()
    assert kept_id(tmp_path) == again.table.session_id, "the new table keeps its own session"
    waiting = put_by(tmp_path)
    assert [snapshot_of(tmp_path, path)["session_id"] for path in waiting] == [ended.table.session_id]
    assert f"it is kept aside as {waiting[0].name}" in app.notices.words(), "told in the window where it waits"
    assert survey(tmp_path)["waiting"] == [f"sessions/{waiting[0].name}"], "and `saves` lists it"
    app.scenes.close()
    monkeypatch.undo()
    make_app(tmp_path).scenes.close()
    assert load_statistics(tmp_path).statistics.sessions == 1 and was_recorded(tmp_path, ended.table.session_id)
    assert put_by(tmp_path) == [] and kept_id(tmp_path) == again.table.session_id, "the game in progress untouched"
    make_app(tmp_path).scenes.close()
    assert load_statistics(tmp_path).statistics.sessions == 1, "counted once"


def test_a_new_daily_table_on_a_full_disk_leaves_the_ended_daily_deal_put_by(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    ended = play_to_the_end(app, DailyDeal(DAY), disk=lambda: full_disk(monkeypatch))
    score = ended.session.chips[0]
    monkeypatch.undo()
    no_room_for(monkeypatch, "daily_bests.json")  # room for the kept session, still none for the day's best
    again = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), deals=2), seats(), 18,
                              origin=DailyDeal(DAY))
    app.scenes.clear_to(again)  # Daily deal -> Play
    again.recorder.keeper.flush()
    assert kept_id(tmp_path, DAILY) == again.table.session_id
    assert load_daily_bests(tmp_path)[0].best_for(DAY) is None
    assert [snapshot_of(tmp_path, p)["session_id"] for p in put_by(tmp_path)] == [ended.table.session_id]
    app.scenes.close()
    monkeypatch.undo()
    make_app(tmp_path).scenes.close()
    assert load_daily_bests(tmp_path)[0].best_for(DAY) == score and load_statistics(tmp_path).statistics.sessions == 1
    assert put_by(tmp_path) == [] and kept_id(tmp_path, DAILY) == again.table.session_id


def test_an_ended_session_a_crash_left_in_its_mode_file_is_put_by_at_the_start_not_offered_to_continue(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    ended = play_to_the_end(app)
    app.scenes.close()
    ids = json.loads((tmp_path / "recorded.json").read_text(encoding="utf-8"))
    (tmp_path / "recorded.json").write_text("[]", encoding="utf-8")
    (tmp_path / "statistics.json").unlink()
    save_resume(tmp_path, ended.table.snapshot(), FREE)  # as a crash before its end was recorded leaves it
    assert ids == [ended.table.session_id]
    no_room_for(monkeypatch, "statistics.json")
    started = make_app(tmp_path)
    assert kept_sessions(tmp_path) == ([], []), "the title offers no Continue of a session already over"
    assert len(put_by(tmp_path)) == 1 and not resume_path(tmp_path, FREE).exists()
    assert "it is kept aside as" in started.notices.words()
    started.scenes.close()
    monkeypatch.undo()
    make_app(tmp_path).scenes.close()
    assert load_statistics(tmp_path).statistics.sessions == 1 and put_by(tmp_path) == []


def test_two_sessions_ended_on_a_full_disk_both_wait_and_are_each_recorded_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    first = play_to_the_end(app, disk=lambda: no_room_for(monkeypatch, "statistics.json"))
    first.play_again()
    second = app.scenes.top
    assert isinstance(second, TableScene)
    assert second.fast_forward_until(lambda t: t.results is not None)
    second.recorder.keeper.flush()
    waiting = put_by(tmp_path)
    assert sorted(snapshot_of(tmp_path, p)["session_id"] for p in waiting) == sorted(
        [first.table.session_id, second.table.session_id])
    assert not resume_path(tmp_path, FREE).exists()
    app.scenes.close()
    monkeypatch.undo()
    make_app(tmp_path).scenes.close()
    make_app(tmp_path).scenes.close()
    assert load_statistics(tmp_path).statistics.sessions == 2 and put_by(tmp_path) == []
    assert was_recorded(tmp_path, first.table.session_id) and was_recorded(tmp_path, second.table.session_id)


def test_a_venue_put_by_is_recorded_on_its_road_once_even_after_the_road_moved_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    play_to_the_end(app, CampaignRoad(SLOT), disk=lambda: no_room_for(monkeypatch, "statistics.json"))
    assert len(put_by(tmp_path)) == 1 and not resume_path(tmp_path, road_mode(SLOT)).exists()
    play_to_the_end(app, CampaignRoad(SLOT))  # the road's next venue, on a disk still full for the statistics
    progress = Road.load(tmp_path, SLOT).progress
    assert progress is not None and len(progress.results) == 2 and len(put_by(tmp_path)) == 2
    app.scenes.close()
    monkeypatch.undo()
    make_app(tmp_path).scenes.close()
    progress = Road.load(tmp_path, SLOT).progress
    assert progress is not None and len(progress.results) == 2, "each venue's result on the road once"
    assert load_statistics(tmp_path).statistics.sessions == 2 and put_by(tmp_path) == []


def refuse(monkeypatch: pytest.MonkeyPatch, module: Any, names: tuple[str, ...]) -> None:
    """`module`'s atomic writes of files whose name starts with one of `names` meet a full disk."""
    real = atomic.write_atomically

    def write(path: Path, data: bytes, keep_backup: bool = False) -> None:
        if path.name.startswith(names):
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, data, keep_backup)
    monkeypatch.setattr(module, "write_atomically", write)


def end_with_no_room_for_its_last_snapshot(folder: Path, monkeypatch: pytest.MonkeyPatch,
                                           put_by_has_room: bool) -> TableScene:
    """A two-deal session whose kept file and statistics find no room from its second deal on (the put-by
    file too, unless `put_by_has_room`), played to its results."""
    app = make_app(folder)
    table = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), deals=2), seats(), 41)
    app.scenes.clear_to(table)
    assert table.fast_forward_until(lambda t: t.session.deal_number == 2)
    table.recorder.keeper.flush()
    refuse(monkeypatch, resume, ("free.json",))
    refuse(monkeypatch, unrecorded, () if put_by_has_room else ("ended-",))
    no_room_for(monkeypatch, "statistics.json")
    assert table.fast_forward_until(lambda t: t.results is not None)
    table.recorder.keeper.flush()
    return table


def test_an_end_whose_last_snapshot_found_no_room_is_put_by_from_the_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = end_with_no_room_for_its_last_snapshot(tmp_path, monkeypatch, put_by_has_room=True)
    waiting = put_by(tmp_path)
    assert len(waiting) == 1 and snapshot_of(tmp_path, waiting[0])["over"] is True
    assert len(snapshot_of(tmp_path, waiting[0])["actions"]) == len(table.table.actions)
    assert not resume_path(tmp_path, FREE).exists(), "its kept file of before its end is not left to Continue"
    table.app.scenes.close()
    monkeypatch.undo()
    make_app(tmp_path).scenes.close()
    assert load_statistics(tmp_path).statistics.sessions == 1 and put_by(tmp_path) == []


def test_an_end_that_can_be_neither_recorded_nor_put_by_is_said_and_the_session_left_to_continue(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = end_with_no_room_for_its_last_snapshot(tmp_path, monkeypatch, put_by_has_room=False)
    told = table.app.notices.words()
    assert tr("storage.session.end_not_put_by", error="No space left on device") in told
    assert put_by(tmp_path) == [] and kept_id(tmp_path) == table.table.session_id, "as it was last kept"
    table.app.scenes.close()


class Crash(BaseException):
    """The game killed at that very moment."""


def test_a_crash_between_the_statistics_and_the_list_of_ends_recorded_counts_the_session_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)

    def crash(*args: Any) -> Any:
        raise Crash
    table = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), deals=2), seats(), 29)
    app.scenes.clear_to(table)
    assert table.fast_forward_until(lambda t: t.session.over and t.summary is not None)
    table.recorder.keeper.flush()
    monkeypatch.setattr(session_end, "mark_recorded", crash)
    with pytest.raises(Crash):
        table.fast_forward_until(lambda t: t.results is not None)
    assert load_statistics(tmp_path).statistics.sessions == 1, "the statistics were written"
    assert kept_id(tmp_path) == table.table.session_id, "the ended session still in its file"
    monkeypatch.undo()
    make_app(tmp_path).scenes.close()
    assert load_statistics(tmp_path).statistics.sessions == 1, "not counted twice"
    assert was_recorded(tmp_path, table.table.session_id)
    assert not resume_path(tmp_path, FREE).exists() and put_by(tmp_path) == []


# --- the keeper ---------------------------------------------------------------------------------------------------

def ended_snapshot(session_id: str) -> dict[str, Any]:
    """A kept snapshot of a session that ended (enough for the keeper, which reads only its id and its end)."""
    return {"session_id": session_id, "over": True, "actions": []}


def test_a_keeper_puts_by_an_ended_unrecorded_session_before_writing_its_own(tmp_path: Path) -> None:
    save_resume(tmp_path, ended_snapshot("ended-1"), FREE)
    keeper = SessionKeeper(tmp_path, FREE, threaded=False, usable=lambda _: None, session_id="new-1")
    keeper.keep(json.dumps({"session_id": "new-1"}))
    assert kept_id(tmp_path) == "new-1"
    assert [snapshot_of(tmp_path, p)["session_id"] for p in put_by(tmp_path)] == ["ended-1"]
    assert any("it is kept aside as" in said for said in keeper.problems())


def test_a_keeper_writes_nothing_over_an_ended_session_it_cannot_put_by(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save_resume(tmp_path, ended_snapshot("ended-1"), FREE)

    def stuck(*args: Any) -> Path:
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(keeper_module, "put_by_file", stuck)
    keeper = SessionKeeper(tmp_path, FREE, threaded=False, usable=lambda _: None, session_id="new-1")
    keeper.keep(json.dumps({"session_id": "new-1"}))
    assert kept_id(tmp_path) == "ended-1", "not written over"
    assert keeper.problems() == [tr("storage.session.end_in_the_way", error="Permission denied")]


def test_a_keeper_forgets_only_its_own_session_not_the_next_tables(tmp_path: Path) -> None:
    ended = SessionKeeper(tmp_path, FREE, threaded=False, session_id="old-1")
    ended.keep(json.dumps({"session_id": "old-1"}))
    following = SessionKeeper(tmp_path, FREE, threaded=False, usable=lambda _: None, session_id="new-1")
    following.keep(json.dumps({"session_id": "new-1"}))  # Play again: the next table writes first
    ended.forget()  # then the ended table lets its file go
    assert kept_id(tmp_path) == "new-1", "the next table's session is not removed"
    ended_again = SessionKeeper(tmp_path, FREE, threaded=False, session_id="new-1")
    ended_again.forget()
    assert not resume_path(tmp_path, FREE).exists(), "its own is"
