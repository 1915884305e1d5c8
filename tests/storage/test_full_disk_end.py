"""A full disk never loses a finished session (issue 23, item 6): with the writes refused for want of space at a
session's end, the session is put by until its end is recorded whole (out of its mode's file, where the next
table cannot write over it), the player is told in the window, and the next start records it, once, when there
is room again."""

from __future__ import annotations

import dataclasses
import datetime as dt
import errno
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest
from app_helpers import make_app

from game import atomic
from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.app.app import App
from game.app.table.scene import TableScene
from game.campaign.daily_file import load_daily_bests
from game.campaign.origin import CampaignRoad, DailyDeal, TableOrigin
from game.campaign.roads import SLOT, Road
from game.config import rules_by_name
from game.locale import tr
from game.storage import json_file
from game.storage.recorded_file import was_recorded
from game.storage.resume import DAILY, FREE, load_resume, resume_path, road_mode
from game.storage.statistics_file import load_statistics
from game.storage.unrecorded import is_put_by

DAY = dt.date(2026, 5, 4)


def put_by(folder: Path) -> list[Path]:
    """The finished sessions put by to be recorded, by name."""
    place = folder / "sessions"
    return sorted(path for path in place.iterdir() if is_put_by(path)) if place.is_dir() else []


def seats() -> list[SeatSpec]:
    """The player and two characters."""
    return [("You", None)] + [(cid, load_character_by_id(cid)) for cid in ("maud", "bert")]


def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file the game writes (each goes through a temporary file beside it) meets a full disk."""
    def no_room(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(tempfile, "mkstemp", no_room)


def no_room_for(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """The disk fills just as the file `name` is written (the ones before it found room)."""
    real = atomic.write_atomically

    def write(path: Path, data: bytes, keep_backup: bool = False) -> None:
        if path.name == name:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, data, keep_backup)
    monkeypatch.setattr(json_file, "write_atomically", write)


def play_to_the_end(app: App, origin: TableOrigin | None = None, *,
                    disk: Callable[[], None] = lambda: None) -> TableScene:
    """A two-deal session played to its last deal's summary with room on the disk, then, the `disk` failing as
    it says, to its results."""
    if isinstance(origin, CampaignRoad):
        app.scenes.clear_to("campaign_map", slot=origin.slot)
        app.scenes.top.play()  # type: ignore[union-attr]
        table = app.scenes.top
        assert isinstance(table, TableScene)
    else:
        table = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), deals=2), seats(), 17,
                                  origin=origin)
        app.scenes.clear_to(table)
    assert table.fast_forward_until(lambda t: t.session.over and t.summary is not None)
    table.recorder.keeper.flush()
    disk()
    assert table.fast_forward_until(lambda t: t.results is not None)
    table.recorder.keeper.flush()
    return table


def test_a_free_game_ended_on_a_full_disk_is_kept_told_and_recorded_at_the_next_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    table = play_to_the_end(app, disk=lambda: full_disk(monkeypatch))
    assert len(put_by(tmp_path)) == 1, "the finished session is put by until its end is recorded"
    assert not resume_path(tmp_path, FREE).exists(), "not offered to Continue as a game in progress"
    assert load_statistics(tmp_path).statistics.sessions == 0
    told = app.notices.words()
    assert "The statistics could not be saved (No space left on device)." in told
    assert f"it is kept aside as {put_by(tmp_path)[0].name}" in told
    assert app.notices.over(app.scenes.top), "told in the window, over the results"
    table.leave_table()
    app.scenes.close()
    monkeypatch.undo()  # room again
    again = make_app(tmp_path)
    assert load_statistics(tmp_path).statistics.sessions == 1, "the next start recorded it"
    assert put_by(tmp_path) == [], "and let it go once it was"
    assert was_recorded(tmp_path, table.table.session_id)
    assert tr("storage.session.recorded_late") in again.notices.words()
    again.scenes.close()
    make_app(tmp_path).scenes.close()
    assert load_statistics(tmp_path).statistics.sessions == 1, "counted once"


def test_a_daily_deal_ended_on_a_full_disk_keeps_its_score_for_the_next_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    table = play_to_the_end(app, DailyDeal(DAY), disk=lambda: full_disk(monkeypatch))
    score = table.session.chips[0]
    assert load_daily_bests(tmp_path)[0].best_for(DAY) is None
    assert "The daily-deal best scores could not be saved (No space left on device)." in app.notices.words()
    assert [path.name.startswith("ended-daily.") for path in put_by(tmp_path)] == [True]
    app.scenes.close()
    monkeypatch.undo()
    again = make_app(tmp_path)
    assert load_daily_bests(tmp_path)[0].best_for(DAY) == score and load_statistics(tmp_path).statistics.sessions == 1
    assert load_resume(tmp_path, DAILY).snapshot is None and put_by(tmp_path) == []
    again.scenes.close()


def test_an_end_cut_short_after_the_statistics_is_not_counted_twice(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    table = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), deals=2), seats(), 23)
    app.scenes.clear_to(table)
    no_room_for(monkeypatch, "recorded.json")
    assert table.fast_forward_until(lambda t: t.results is not None)
    assert load_statistics(tmp_path).statistics.sessions == 1
    assert len(put_by(tmp_path)) == 1, "not forgotten: the list does not say it is recorded"
    app.scenes.close()
    monkeypatch.undo()
    make_app(tmp_path).scenes.close()
    assert load_statistics(tmp_path).statistics.sessions == 1, "the statistics knew the session already"
    assert was_recorded(tmp_path, table.table.session_id) and put_by(tmp_path) == []


def test_a_venue_ended_on_a_full_disk_after_its_road_took_it_is_recorded_on_the_road_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    play_to_the_end(app, CampaignRoad(SLOT), disk=lambda: no_room_for(monkeypatch, "statistics.json"))
    progress = Road.load(tmp_path, SLOT).progress
    assert progress is not None and len(progress.results) == 1, "the road took the venue's end"
    assert [path.name.startswith(f"ended-{road_mode(SLOT)}.") for path in put_by(tmp_path)] == [True]
    app.scenes.close()
    monkeypatch.undo()
    make_app(tmp_path).scenes.close()
    progress = Road.load(tmp_path, SLOT).progress
    assert progress is not None and len(progress.results) == 1, "and not a second time at the next start"
    assert load_statistics(tmp_path).statistics.sessions == 1
    assert not resume_path(tmp_path, road_mode(SLOT)).exists() and put_by(tmp_path) == []


def test_a_new_table_records_an_ended_session_left_in_its_place_before_taking_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    ended = play_to_the_end(app, DailyDeal(DAY), disk=lambda: full_disk(monkeypatch))
    score = ended.session.chips[0]
    monkeypatch.undo()  # room again, in the same run: the player plays the daily deal again at once
    again = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), deals=2), seats(), 18,
                              origin=DailyDeal(DAY))
    app.scenes.clear_to(again)
    again.recorder.keeper.flush()
    assert load_daily_bests(tmp_path)[0].best_for(DAY) == score and load_statistics(tmp_path).statistics.sessions == 1
    assert was_recorded(tmp_path, ended.table.session_id)
    kept = load_resume(tmp_path, DAILY).snapshot
    assert kept is not None and kept["session_id"] == again.table.session_id, "then the new table took its place"
    app.scenes.close()


def test_play_again_after_an_end_recorded_whole_records_nothing_twice_and_tells_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = play_to_the_end(app)
    assert app.notices.words() == ""
    table.play_again()  # the new table is made while the ended one may still be letting its file go
    again = app.scenes.top
    assert isinstance(again, TableScene) and again is not table
    again.recorder.keeper.flush()
    assert load_statistics(tmp_path).statistics.sessions == 1 and app.notices.words() == ""
    kept = load_resume(tmp_path, FREE).snapshot
    assert kept is not None and kept["session_id"] == again.table.session_id
    app.scenes.close()
