"""The daily deal's charm (issue 25 item 5): drawn from the date (the same for a date, none before the first
day with one), given to the player at the table, and kept with the day's best; old bests files still load."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest
from app_helpers import make_app

from game.app.app import App
from game.app.scenes.daily import DailyScene
from game.app.table.scene import TableScene
from game.campaign.daily import CHARMS_FROM, DAILY_CHARMS, DailyBests, daily_charm, daily_table
from game.campaign.daily_file import daily_bests_path, load_daily_bests
from game.campaign.origin import record_daily_score
from game.config.charm_file import load_charms

DAY = CHARMS_FROM + dt.timedelta(days=3)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = make_app(tmp_path / "data")
    yield made
    made.scenes.close()


def test_the_days_charm_is_drawn_from_the_date() -> None:
    assert daily_charm(DAY) == daily_charm(DAY.isoformat()) == daily_table(DAY).charm
    assert daily_charm(DAY) in DAILY_CHARMS and set(DAILY_CHARMS) <= set(load_charms())
    month = {daily_charm(CHARMS_FROM + dt.timedelta(days=n)) for n in range(40)}
    assert len(month) >= 5  # the days do not all give the same charm
    before = CHARMS_FROM - dt.timedelta(days=1)
    assert daily_charm(before) is None and daily_table(before).charm is None


def test_the_best_keeps_the_charm_it_was_played_with(tmp_path: Path) -> None:
    new_best, _ = record_daily_score(tmp_path, DAY, 50, 0)
    bests, problem = load_daily_bests(tmp_path)
    assert new_best and problem is None and bests.charm_for(DAY) == daily_charm(DAY)
    record_daily_score(tmp_path, CHARMS_FROM - dt.timedelta(days=1), 30, 0)
    bests, _ = load_daily_bests(tmp_path)
    assert bests.charm_for(CHARMS_FROM - dt.timedelta(days=1)) is None
    assert DailyBests.from_json(bests.to_json()).charms == bests.charms


def test_an_old_bests_file_still_loads(tmp_path: Path) -> None:
    old = {"format": "newmarket-daily-bests", "version": 1, "best": {"2026-11-29": 44}, "hints": {"2026-11-29": 0}}
    daily_bests_path(tmp_path).write_text(json.dumps(old), encoding="utf-8")
    bests, problem = load_daily_bests(tmp_path)
    assert problem is None and bests.best_for("2026-11-29") == 44 and bests.charm_for("2026-11-29") is None
    assert "charms" not in bests.to_json()  # a file without charms is written back as it was
    damaged = {**old, "charms": {"2026-11-29": "NOT A CHARM", "bad-date": "lock"}}
    daily_bests_path(tmp_path).write_text(json.dumps(damaged), encoding="utf-8")
    bests, problem = load_daily_bests(tmp_path)
    assert bests.best_for("2026-11-29") == 44 and problem  # the best stands; what could not be used is said
    with pytest.raises(ValueError):
        DailyBests.from_json(damaged)


def test_the_day_gives_the_player_its_charm(app: App) -> None:
    scene = DailyScene(app, DAY)
    app.scenes.clear_to(scene)
    scene.play()
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.table.charms is not None
    assert [spec.id for spec in table.table.charms[0]] == [daily_charm(DAY)]
    assert not any(table.table.charms[1:])


def test_the_day_never_gives_a_block_at_a_table_of_optional_following() -> None:
    tables = [daily_table(CHARMS_FROM + dt.timedelta(days=n)) for n in range(120)]
    assert all(table.charm != "dam" for table in tables if table.rules.follow == "optional")
    assert {table.charm for table in tables} - {"dam"} == set(DAILY_CHARMS) - {"dam"}  # every other charm comes
