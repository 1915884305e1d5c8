"""Kept sessions (issue 11, items 1, 2 and 6): one per mode, kept after every decision of the player's, never
deleted by Continue, recovered from what a crash leaves, and listed by `saves` without changing anything."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import key, make_app, top
from file_traps import fifo, finishes, needs_fifo

from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.app.app import App
from game.app.scenes.campaign_map import CampaignMapScene
from game.app.scenes.campaign_slots import CampaignSlotsScene
from game.app.scenes.daily import DailyScene
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.title import TitleScene
from game.app.table.scene import TableScene
from game.campaign.origin import CampaignRoad, DailyDeal
from game.campaign.roads import SLOT
from game.config import rules_by_name
from game.locale import tr
from game.storage.resume import (
    DAILY,
    FREE,
    document_text,
    kept_sessions,
    load_resume,
    recover,
    resume_path,
    road_mode,
    save_resume,
)
from game.storage.saves import restore_backup, slot_path

ROOT = Path(__file__).resolve().parents[2]
OPPONENTS = ("maud", "bert", "vera")


def seats() -> list[SeatSpec]:
    """The player and three characters."""
    return [("You", None)] + [(cid, load_character_by_id(cid)) for cid in OPPONENTS]


def sit(app: App, seed: int, **options: object) -> TableScene:
    """A new table on top of the stack."""
    table = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), deals=3), seats(), seed,
                              **options)  # type: ignore[arg-type]
    app.scenes.clear_to(table)
    return table


def leave_a_venue(app: App) -> CampaignMapScene:
    """Sit down at the first road's venue, play into its second deal, quit, and come back to the road's map."""
    app.scenes.clear_to("campaign_map", slot=SLOT)
    top(app, CampaignMapScene).play()
    assert top(app, TableScene).fast_forward_until(lambda t: t.session.deal_number >= 2)
    assert app.keep_session() is None
    app.scenes.clear_to("campaign_map", slot=SLOT)
    return top(app, CampaignMapScene)


def kept_actions(folder: Path, mode: str = FREE) -> int:
    """How many actions the kept snapshot of `mode` holds."""
    snapshot = load_resume(folder, mode).snapshot
    assert snapshot is not None, f"no {mode} session kept"
    return len(snapshot["actions"])


def test_every_decision_of_the_players_is_kept_at_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = sit(app, 5)
    for _ in range(4):
        assert table.fast_forward_until(lambda t: t.human.decision is not None, play_for_human=False)
        assert table.fast_forward_until(lambda t: t.human.decision is None)  # the stand-in answers once
        table.recorder.keeper.flush()
        assert kept_actions(tmp_path) == len(table.actions), "the kept file holds the decision just made"
    assert TableScene.from_snapshot(app, table.snapshot()).actions == table.actions
    app.scenes.close()


def test_each_mode_keeps_its_own_session_and_the_title_offers_the_latest(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    sit(app, 3).fast_forward_until(lambda t: t.session.deal_number >= 2)
    sit(app, 4, origin=DailyDeal(dt.date(2026, 12, 1))).fast_forward_until(lambda t: t.human.decision is not None,
                                                                           play_for_human=False)
    app.scenes.close()
    free, daily = load_resume(tmp_path, FREE), load_resume(tmp_path, DAILY)
    assert free.snapshot is not None and daily.snapshot is not None, "starting the daily deal kept the free game"
    assert daily.saved_at >= free.saved_at
    title = TitleScene(app)
    app.scenes.push(title)
    assert [b.label for b in title.menu.buttons][1] == "Continue: daily deal"
    key(app, pygame.K_c)
    assert top(app, TableScene).table.origin == DailyDeal(dt.date(2026, 12, 1))
    assert resume_path(tmp_path, DAILY).is_file(), "Continue never removes the only copy"
    app.scenes.close()


def test_new_game_and_the_daily_deal_continue_their_own(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = sit(app, 6)
    table.fast_forward_until(lambda t: t.session.deal_number >= 2)
    before = list(table.actions)
    app.scenes.clear_to("new_game")
    scene = top(app, NewGameScene)
    assert any(getattr(c, "label", "") == "Continue" for c in scene.form.controls)
    key(app, pygame.K_c)
    assert top(app, TableScene).actions == before
    app.scenes.clear_to("daily", day=dt.date(2026, 12, 2))
    daily = top(app, DailyScene)
    assert [b.label for b in daily.menu.buttons][0] == "Play", "no daily deal was left mid-session"
    app.scenes.close()


def test_a_campaign_venue_left_mid_session_can_only_be_continued(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.scenes.clear_to("campaign_map", slot=SLOT)
    road = top(app, CampaignMapScene)
    road.play()
    table = top(app, TableScene)
    assert table.table.origin == CampaignRoad(SLOT)
    table.fast_forward_until(lambda t: t.session.deal_number >= 2)
    before = list(table.actions)
    assert app.keep_session() is None
    app.scenes.clear_to("campaign_map", slot=SLOT)
    road = top(app, CampaignMapScene)
    labels = [b.label for b in road.menu.buttons]
    assert "Continue this venue" in labels and "Play this venue" not in labels
    from game.campaign.roads import read_road
    assert read_road(tmp_path, SLOT).in_play and "(in play)" in read_road(tmp_path, SLOT).where
    road.play()  # even asked to play, the venue goes on as it stood: no second try at a losing venue
    assert top(app, TableScene).actions == before
    assert load_resume(tmp_path, road_mode(SLOT)).snapshot is not None
    app.scenes.close()


def test_a_finished_session_is_forgotten_only_once_recorded(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = sit(app, 8)
    assert table.fast_forward_until(lambda t: t.session.over and t.summary is not None)
    table.recorder.keeper.flush()
    assert resume_path(tmp_path, FREE).is_file(), "a crash now would still leave the end to be recorded"
    assert table.fast_forward_until(lambda t: t.results is not None)
    table.recorder.keeper.flush()
    assert not resume_path(tmp_path, FREE).exists()
    app.scenes.close()


def test_a_leftover_temporary_file_is_swapped_in_when_newer_and_removed_otherwise(tmp_path: Path) -> None:
    save_resume(tmp_path, {"version": 1, "deal": 1, "actions": []}, FREE)
    sessions = resume_path(tmp_path, FREE).parent
    newer = sessions / "free.json.abc123.tmp"
    newer.write_text(document_text({"version": 1, "deal": 2, "actions": [1]}, FREE, saved_at=4e9))
    cut_short = sessions / "daily.json.zz9_x.tmp"
    cut_short.write_text(document_text({"version": 1, "deal": 9}, DAILY)[:40])
    older = tmp_path / "settings.json.q1w2e3.tmp"
    older.write_text("{}")
    assert recover(tmp_path) == []
    assert load_resume(tmp_path, FREE).snapshot == {"version": 1, "deal": 2, "actions": [1]}
    assert not newer.exists() and not cut_short.exists() and not older.exists()
    stale = sessions / "free.json.old000.tmp"
    stale.write_text(document_text({"version": 1, "deal": 1}, FREE, saved_at=1.0))
    recover(tmp_path)
    assert load_resume(tmp_path, FREE).snapshot == {"version": 1, "deal": 2, "actions": [1]}, "older: removed"
    assert not stale.exists()


def test_recovery_keeps_a_damaged_file_it_replaces_and_never_revives_the_old_files_leftovers(tmp_path: Path) -> None:
    sessions = resume_path(tmp_path, FREE).parent
    sessions.mkdir()
    resume_path(tmp_path, FREE).write_bytes(b'{"format": "newmarket-session", "ver')  # cut short
    (sessions / "free.json.aaa111.tmp").write_text(document_text({"version": 1, "deal": 5}, FREE, saved_at=9.0))
    orphan = tmp_path / "session.json.bbb222.tmp"
    orphan.write_text(json.dumps({"format": "newmarket-session", "version": 1, "snapshot": {"deal": 7}}))
    said = recover(tmp_path)
    assert load_resume(tmp_path, FREE).snapshot == {"version": 1, "deal": 5}
    damaged = b'{"format": "newmarket-session", "ver'
    assert [p.read_bytes() for p in sessions.glob("free.json.unreadable-*")] == [damaged]
    assert said and "free.json.unreadable-" in said[0]
    assert not orphan.exists() and not (tmp_path / "session.json").exists(), "the old file's leftover is not revived"
    assert len(list(tmp_path.glob("session.json.bbb222.tmp.leftover-*"))) == 1, "but kept aside"


def test_the_one_session_of_older_versions_moves_to_its_mode(tmp_path: Path) -> None:
    snapshot = {"version": 1, "deal": 4, "campaign_slot": "daily:2026-11-30"}
    (tmp_path / "session.json").write_text(json.dumps({"format": "newmarket-session", "version": 1,
                                                       "saved_at": 1, "snapshot": snapshot}))
    recover(tmp_path)
    assert not (tmp_path / "session.json").exists()
    assert load_resume(tmp_path, DAILY).snapshot == snapshot
    kept, problems = kept_sessions(tmp_path)
    assert [k.mode for k in kept] == [DAILY] and problems == []


def _saves(folder: Path, *order: str) -> tuple[int, list[str]]:
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), *order], capture_output=True, text=True,
                            timeout=120, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return result.returncode, result.stdout.splitlines()


def _listing(folder: Path) -> list[tuple[str, int, int]]:
    return sorted((str(p.relative_to(folder)), p.stat().st_mtime_ns, p.stat().st_size)
                  for p in folder.rglob("*") if p.is_file())


@pytest.mark.slow
def test_saves_lists_everything_and_changes_nothing_either_way_round(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    sit(app, 3).fast_forward_until(lambda t: t.session.deal_number >= 2)
    app.scenes.close()
    save_resume(tmp_path, {"version": 1, "deal": 1}, road_mode(SLOT))
    (resume_path(tmp_path, DAILY)).write_bytes(b"[" * 5000)
    (resume_path(tmp_path, FREE).parent / "free.json.zzz111.tmp").write_text("{")
    before = _listing(tmp_path)
    for order in (("--data-dir", str(tmp_path), "saves", "--json"), ("saves", "--data-dir", str(tmp_path), "--json")):
        code, lines = _saves(tmp_path, *order)
        assert code == 0
        report = json.loads(lines[-1])
        assert report["data_dir"] == str(tmp_path)
        assert {(r["mode"], r["deal"]) for r in report["resumable"]} == {(FREE, 2), (road_mode(SLOT), 1)}
        assert [u["file"] for u in report["unusable"]] == ["sessions/daily.json"]
        assert report["leftovers"] == ["sessions/free.json.zzz111.tmp"]
        assert all(s["readable"] for s in report["slots"])
        assert _listing(tmp_path) == before, "saves changed nothing"
    code, lines = _saves(tmp_path, "saves", "--data-dir", str(tmp_path), "--recover", "--json")
    assert code == 0 and json.loads(lines[-1])["leftovers"] == []


@needs_fifo
def test_saves_lists_a_folder_with_fifos_for_files_without_waiting(tmp_path: Path) -> None:
    for path in (resume_path(tmp_path, FREE), resume_path(tmp_path, DAILY), slot_path(tmp_path, SLOT),
                 tmp_path / "statistics.json"):
        fifo(path)
    code, lines = finishes(lambda: _saves(tmp_path, "saves", "--data-dir", str(tmp_path), "--json"))
    assert code == 0
    report = json.loads(lines[-1])
    assert report["resumable"] == [] and {u["file"] for u in report["unusable"]} == {"sessions/daily.json",
                                                                                    "sessions/free.json"}
    assert all(u["why"] == tr("storage.why.not_regular") for u in report["unusable"])


def test_a_deleted_road_takes_its_backup_and_its_venue_in_play_with_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    leave_a_venue(app).save()  # a second save: the first becomes the backup
    assert slot_path(tmp_path, SLOT).with_name(f"{SLOT}.json.bak").is_file()
    app.scenes.clear_to("campaign_roads")
    top(app, CampaignSlotsScene).delete(SLOT)
    assert restore_backup(tmp_path, SLOT).problem, "a road deleted on purpose offers no backup to play again"
    assert not resume_path(tmp_path, road_mode(SLOT)).exists()
    aside = [p.name for p in tmp_path.rglob("*.deleted-*")]
    assert len(aside) == 3, f"the slot, its backup and its venue in play are set aside, not erased: {aside}"
    app.scenes.close()


def test_an_end_recorded_once_is_never_counted_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.app.scenes.unlocked import UnlockedScene
    from game.campaign.roads import Road
    from game.storage.keeper import SessionKeeper
    from game.storage.statistics_file import load_statistics

    app = make_app(tmp_path)
    app.scenes.clear_to("campaign_map", slot=SLOT)
    top(app, CampaignMapScene).play()
    table = top(app, TableScene)
    monkeypatch.setattr(SessionKeeper, "forget", lambda self: None)  # the kept file outlives the recording
    assert table.fast_forward_until(lambda t: t.results is not None)
    table.leave_table()
    road = Road.load(tmp_path, SLOT).progress
    assert road is not None and len(road.results) == 1
    assert load_statistics(tmp_path).statistics.sessions == 1
    if isinstance(app.scenes.top, UnlockedScene):  # the venue was cleared: its unlock's moment first
        app.scenes.top.close()
    map_ = top(app, CampaignMapScene)
    assert map_.venue_in_play, "the finished venue's file is still there"
    monkeypatch.undo()
    map_.continue_venue()  # it comes back over, at its end
    again = top(app, TableScene)
    assert again.fast_forward_until(lambda t: t.results is not None)
    again.leave_table()
    road = Road.load(tmp_path, SLOT).progress
    assert road is not None and len(road.results) == 1, "the venue's result is not recorded twice"
    assert load_statistics(tmp_path).statistics.sessions == 1, "nor the statistics"
    assert not resume_path(tmp_path, road_mode(SLOT)).exists(), "and the file is forgotten at last"
    app.scenes.close()


def test_a_kept_file_unchanged_since_it_was_read_is_not_read_again(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import game.storage.resume as resume
    from game.storage.door import read_json

    save_resume(tmp_path, {"version": 1, "deal": 2}, FREE)
    reads: list[Path] = []
    real = read_json

    def counting(path: Path, *args: object, **kwargs: object) -> object:
        reads.append(path)
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(resume, "read_json", counting)
    for _ in range(3):
        assert load_resume(tmp_path, FREE).snapshot == {"version": 1, "deal": 2}
    assert len(reads) == 1
    save_resume(tmp_path, {"version": 1, "deal": 3}, FREE)  # a new file (swapped in): read anew
    assert load_resume(tmp_path, FREE).snapshot == {"version": 1, "deal": 3} and len(reads) == 2


def test_a_venue_whose_road_cannot_take_its_end_is_kept_until_it_can(tmp_path: Path) -> None:
    from game.campaign.roads import Road
    from game.storage.statistics_file import load_statistics

    app = make_app(tmp_path)
    app.scenes.clear_to("campaign_map", slot=SLOT)
    top(app, CampaignMapScene).save()  # the save before the venue: the backup to come
    top(app, CampaignMapScene).play()
    table = top(app, TableScene)
    slot_path(tmp_path, SLOT).write_bytes(b'{"format": "newmarket-save", "vers')  # damaged mid-venue
    assert table.fast_forward_until(lambda t: t.results is not None)
    table.leave_table()
    assert "restore its backup" in top(app, CampaignMapScene).message
    assert resume_path(tmp_path, road_mode(SLOT)).exists(), "the venue's end is kept, not lost"
    road = top(app, CampaignMapScene)
    road.restore()
    assert road.venue_in_play and [b.label for b in road.menu.buttons][0] == "Continue this venue"
    road.continue_venue()
    again = top(app, TableScene)
    assert again.fast_forward_until(lambda t: t.results is not None)
    again.leave_table()
    progress = Road.load(tmp_path, SLOT).progress
    assert progress is not None and len(progress.results) == 1, "recorded once, on the restored road"
    assert load_statistics(tmp_path).statistics.sessions == 1, "and counted once in the statistics"
    assert not resume_path(tmp_path, road_mode(SLOT)).exists()
    app.scenes.close()


def test_starting_a_road_afresh_asks_first_when_a_venue_is_in_play(tmp_path: Path) -> None:
    from game.app.scenes.confirm import ConfirmScene

    app = make_app(tmp_path)
    road = leave_a_venue(app)
    road.fresh_start()
    assert isinstance(app.scenes.top, ConfirmScene), "the venue in play would end: asked first"
    key(app, pygame.K_ESCAPE)
    assert top(app, CampaignMapScene) is road and road.venue_in_play
    road.fresh_start()
    key(app, pygame.K_y)
    assert not road.venue_in_play and list(resume_path(tmp_path, FREE).parent.glob("road-campaign.json.abandoned-*"))
    app.scenes.close()


def test_a_damaged_unlocks_file_is_said_on_the_title(tmp_path: Path) -> None:
    (tmp_path / "unlocks.json").write_bytes(b"\x00" * 40)
    app = make_app(tmp_path)
    app.scenes.push(TitleScene(app))
    assert "unlocks" in app.notices.words().lower() and list(tmp_path.glob("unlocks.json.unreadable-*"))
    app.scenes.close()
