"""A folder of the data folder the game may not read (`sessions/`, `saves/`, `rules/` without permission): New
game, the daily deal and the campaign's roads open as ever, and what is in the folder is said as a file that cannot
be read, never the crash screen (`Path.is_file` raises PermissionError there, where it says False for a file
that is missing).

As root nothing is refused, and the tests may run as root: the refusal is simulated (`file_traps.deny`), and one
test does it for real with `chmod`, skipped under root."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from app_helpers import frames, make_app, top
from file_traps import deny

from game.app.app import App
from game.app.scene import Scene, SceneName
from game.app.scenes.campaign_slots import CampaignSlotsScene
from game.app.scenes.daily import DailyScene
from game.app.scenes.new_game import NewGameScene
from game.app.scenes.table_choices import read_rules_files
from game.campaign.roads import SLOTS, read_road
from game.config import RULES_DIR
from game.locale import tr
from game.storage.resume import DAILY, FREE, has_resume, load_resume, sessions_dir
from game.storage.saves import saves_dir

PERMISSION = os.strerror(13)  # "Permission denied", as this system words EACCES
SCENES: tuple[tuple[SceneName, type[Scene]], ...] = (("new_game", NewGameScene), ("daily", DailyScene),
                                                     ("campaign_roads", CampaignSlotsScene))


def denied_app(folder: Path, name: str, monkeypatch: pytest.MonkeyPatch) -> App:
    """An app on `folder` whose sub-folder `name` exists and may not be read, from before the start."""
    (folder / name).mkdir(parents=True)
    deny(monkeypatch, folder / name)
    return make_app(folder)


def test_a_kept_session_in_a_folder_without_permission_is_said_as_a_file_that_cannot_be_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sessions_dir(tmp_path).mkdir()
    deny(monkeypatch, sessions_dir(tmp_path))
    found = load_resume(tmp_path, DAILY)
    assert found.snapshot is None and found.unread == tr("storage.why.unreadable", error=PERMISSION)
    assert found.message is not None and "daily deal" in found.message and PERMISSION in found.message
    assert has_resume(tmp_path, FREE)  # there may be one: starting afresh asks before it could replace it


def test_a_save_in_a_folder_without_permission_is_a_road_that_cannot_be_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saves_dir(tmp_path).mkdir()
    deny(monkeypatch, saves_dir(tmp_path))
    card = read_road(tmp_path, SLOTS[0])
    assert card.trouble is not None and PERMISSION in str(card.trouble)


def test_a_rules_folder_without_permission_is_listed_with_its_sentence(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "rules").mkdir()
    deny(monkeypatch, tmp_path / "rules")
    entries = read_rules_files([RULES_DIR, tmp_path / "rules"])
    assert [entry.path.stem for entry in entries if entry.rules is None] == ["rules"]
    assert entries[-1].problems == (tr("new_game.unreadable", file="rules", error=PERMISSION),)
    assert any(entry.path.stem == "classic" and entry.rules is not None for entry in entries)


@pytest.mark.parametrize("name", ["sessions", "saves", "rules"])
def test_new_game_the_daily_deal_and_the_roads_open_over_a_folder_without_permission(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = denied_app(tmp_path, name, monkeypatch)
    app.scenes.push("title")
    for scene, kind in SCENES:
        app.scenes.push(scene)
        frames(app, 2)
        top(app, kind)
        app.scenes.pop()
    if name == "sessions":
        app.scenes.push("daily")
        assert PERMISSION in top(app, DailyScene).message + app.notices.words()
    if name == "saves":
        app.scenes.push("campaign_roads")
        assert all(PERMISSION in str(card.trouble) for card in top(app, CampaignSlotsScene).cards)


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0,
                    reason="root reads every folder, whatever its mode; Windows has no chmod 000")
def test_a_folder_really_without_permission_opens_the_scenes_all_the_same(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    for name in ("sessions", "saves", "rules"):
        (tmp_path / name).mkdir()
        (tmp_path / name).chmod(0)
    try:
        app.scenes.push("title")
        for scene, kind in SCENES:
            app.scenes.push(scene)
            frames(app, 2)
            top(app, kind)
            app.scenes.pop()
    finally:
        for name in ("sessions", "saves", "rules"):
            (tmp_path / name).chmod(0o755)
