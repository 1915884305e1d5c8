"""The daily deal's scene driven headless: reach from the title, the same table for the same date, a session
played through to a best score, a damaged bests file, random input."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import fuzz, key, opponent_ids

from game.app.app import App, AppOptions
from game.app.scenes import daily as daily_scene
from game.app.scenes.daily import DailyScene
from game.app.scenes.title import TitleScene
from game.app.table.ending import go_on_from
from game.app.table.scene import TableScene
from game.campaign.daily import daily_table
from game.campaign.daily_file import daily_bests_path, load_daily_bests
from game.campaign.origin import DailyDeal, finish
from game.storage.resume import has_resume

DAY = dt.date(2026, 11, 29)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setattr(daily_scene, "today", lambda: DAY)
    made = App(AppOptions(data_dir=tmp_path, headless=True))
    yield made
    made.scenes.close()


def labels(scene: DailyScene) -> list[str]:
    return [button.label for button in scene.menu.buttons]


def test_the_daily_deal_opens_from_the_title_by_keyboard(app: App) -> None:
    app.scenes.push(TitleScene(app))
    app.step(0.0)
    for _ in range(2):  # New game, Campaign, then Daily deal
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, DailyScene)
    assert scene.day == DAY and scene.table is not None and scene.best is None
    assert labels(scene) == ["Play", "Back"]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TitleScene)
    key(app, pygame.K_d)  # and by its letter
    assert isinstance(app.scenes.top, DailyScene)


def test_the_same_date_shows_the_same_table(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = DailyScene(app), DailyScene(app)
    assert first.table is not None and second.table is not None
    assert first.table == second.table == daily_table("2026-11-29")
    other = dt.date(2026, 11, 30)
    monkeypatch.setattr(daily_scene, "today", lambda: other)
    third = DailyScene(app)
    assert third.day == other and third.table == daily_table(other)
    assert third.table != first.table


@pytest.mark.slow
def test_playing_the_day_records_a_best_score(app: App) -> None:
    app.scenes.push(TitleScene(app))
    key(app, pygame.K_d)
    scene = app.scenes.top
    assert isinstance(scene, DailyScene) and scene.table is not None
    key(app, pygame.K_p)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    day = daily_table(DAY)
    assert table.seed == day.session_seed and table.rules == day.rules
    assert table.seats[0][1] is None
    assert opponent_ids(table) == list(day.opponents)
    assert table.fast_forward_until(lambda t: t.results is not None, play_for_human=True)
    chips = list(table.session.chips)
    for _ in range(40):  # the results take a key only after their first half second
        app.step(1 / 60)
    key(app, pygame.K_RETURN)  # the results' button: back to the daily deal
    back = app.scenes.top
    assert isinstance(back, DailyScene) and back is not scene
    assert back.new_best and back.best == chips[0]
    bests, problem = load_daily_bests(app.data_dir)
    assert problem is None and bests.best_for(DAY) == chips[0]
    assert json.loads(daily_bests_path(app.data_dir).read_text("utf-8"))["best"] == {"2026-11-29": chips[0]}
    assert not has_resume(app.data_dir)
    # a worse score keeps the best and says so
    go_on_from(app, finish(DailyDeal(DAY), app.data_dir, [max(0, chips[0] - 1), 1, 1]))
    again = app.scenes.top
    assert isinstance(again, DailyScene) and not again.new_best and again.best == chips[0]
    assert f"best is {chips[0]}" in again.message or chips[0] == 0
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TitleScene)


@pytest.mark.slow
def test_a_kept_daily_session_resumed_from_the_title_still_records(app: App) -> None:
    scene = DailyScene(app)
    app.scenes.push(scene)
    scene.play()
    table = app.scenes.top
    assert isinstance(table, TableScene)
    snapshot = table.snapshot()
    assert snapshot["campaign_slot"] == "daily:2026-11-29"
    resumed = TableScene.from_snapshot(app, snapshot)
    app.scenes.clear_to(resumed)
    assert resumed.fast_forward_until(lambda t: t.results is not None, play_for_human=True)
    resumed.leave_table()
    back = app.scenes.top
    assert isinstance(back, DailyScene) and back.best == resumed.session.chips[0]


def test_a_damaged_daily_file_is_moved_aside(app: App) -> None:
    path = daily_bests_path(app.data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"format": "newmarket-daily-bests", "version": 1, "best": {"2026-11-29": "lots"')
    scene = DailyScene(app)
    assert scene.best is None and "damaged" in app.notices.words()  # told in the window's notice
    kept = list(path.parent.glob("daily_bests.json.unreadable-*"))
    assert len(kept) == 1 and not path.exists()
    app.scenes.push(scene)
    app.step(1 / 60)  # it draws with the message
    go_on_from(app, finish(DailyDeal(DAY), app.data_dir, [12, 30, 30]))  # and a score is kept in a new file
    assert load_daily_bests(app.data_dir) == (load_daily_bests(app.data_dir)[0], None)
    assert load_daily_bests(app.data_dir)[0].best_for(DAY) == 12
    for bad in (b"", b"[]", b"\xff\xfe", b'{"format": "newmarket-daily-bests", "version": 99, "best": {}}'):
        path.write_bytes(bad)
        bests, problem = load_daily_bests(app.data_dir)
        assert bests.best == {} and problem and "kept as" in problem


@pytest.mark.slow
def test_the_daily_deal_survives_random_input(app: App) -> None:
    def start() -> DailyScene:
        app.scenes.clear_to(TitleScene(app))
        scene = DailyScene(app)
        app.scenes.push(scene)
        return scene
    seen = fuzz(app, start, 2000, seed=15)
    assert seen.get("DailyScene", 0) > 100
