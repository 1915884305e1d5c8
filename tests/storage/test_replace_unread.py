"""Nothing is overwritten without asking (issue 23, item 7): a kept session the game could not read is named in
the notice, every mode asks before a new table takes its place, and when the player says yes it is kept aside,
never written over. A small file of the player's that could not be read is kept aside before a new one is
written, and the player told where it was kept."""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Callable
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import crossings_of, key, large_print, make_app, top
from unreadable import refuse_reading

from game.app.app import App
from game.app.scenes.campaign_map import CampaignMapScene
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.daily import DailyScene
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.title import TitleScene
from game.app.table.scene import TableScene
from game.campaign.daily import DailyBests
from game.campaign.daily_file import store_daily_bests
from game.campaign.high_scores_file import save_high_scores
from game.campaign.roads import SLOT
from game.campaign.scores import HighScores
from game.locale import LANGUAGES, set_language, tr
from game.shots.extra import sample_session
from game.storage.last_table_file import LastTable, save_last_table
from game.storage.recorded_file import mark_recorded
from game.storage.resume import DAILY, FREE, document_text, load_resume, resume_path, road_mode
from game.storage.settings import Settings, save_settings
from game.storage.statistics_file import count_session
from game.storage.unlocks_file import add_unlocks

KEPT = {"version": 1, "session_id": "kept-1", "deal": 3, "campaign_slot": "daily:2026-05-01"}


def kept_file(folder: Path, mode: str) -> Path:
    """A kept session of `mode` on disk (its bytes are what must not be lost)."""
    path = resume_path(folder, mode)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(document_text(KEPT, mode, 100.0), encoding="utf-8")
    return path


def aside(path: Path) -> list[Path]:
    """Where `path` was kept aside."""
    return sorted(path.parent.glob(path.name + ".unreadable-*"))


def dismiss_notices(app: App) -> None:
    """Read and dismiss whatever the window tells."""
    notices = getattr(app, "notices", None)  # (a game without notices said it on stderr alone)
    while notices is not None and notices.over(app.scenes.top):
        key(app, pygame.K_RETURN)


def test_the_notice_names_the_session_it_could_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_reading(monkeypatch, kept_file(tmp_path, DAILY), kept_file(tmp_path, road_mode("campaign-2")))
    app = make_app(tmp_path)
    app.scenes.push(TitleScene(app))
    told = app.notices.words()
    assert "Your daily deal in progress was left where it is: it could not be read (Permission denied)." \
        in told
    assert "Your venue in play on road 2 was left where it is" in told
    assert told.count("could not be read") == 2, "said once each, in one sentence"
    app.scenes.close()


def test_the_daily_deal_asks_before_replacing_a_kept_one_it_could_not_read(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = kept_file(tmp_path, DAILY)
    before = path.read_bytes()
    refuse_reading(monkeypatch, path)
    app = make_app(tmp_path)
    app.scenes.push(TitleScene(app))
    dismiss_notices(app)
    app.scenes.push(DailyScene(app, day=dt.date(2026, 5, 2)))
    key(app, pygame.K_p)
    question = top(app, ConfirmScene)
    assert "could not be read (Permission denied)" in question.detail and "kept" in question.detail
    key(app, pygame.K_n)
    top(app, DailyScene)
    assert path.is_file() and not aside(path), "no: nothing changed"
    key(app, pygame.K_p)
    key(app, pygame.K_y)
    top(app, TableScene).recorder.keeper.flush()
    monkeypatch.undo()
    kept = aside(path)
    assert len(kept) == 1 and kept[0].read_bytes() == before, "yes: the old file kept aside, byte for byte"
    assert load_resume(tmp_path, DAILY).snapshot is not None, "and the new table kept in its place"
    assert "Your daily deal in progress could not be used" in app.notices.words()  # and said where it went
    app.scenes.close()


def test_new_game_asks_before_replacing_a_kept_free_game_it_could_not_read(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = kept_file(tmp_path, FREE)
    before = path.read_bytes()
    refuse_reading(monkeypatch, path)
    app = make_app(tmp_path)
    app.scenes.push(TitleScene(app))
    dismiss_notices(app)
    key(app, pygame.K_n)
    scene = top(app, NewGameScene)
    scene.start()
    question = top(app, ConfirmScene)
    assert "Your free game in progress could not be used" in question.detail
    key(app, pygame.K_y)
    top(app, TableScene).recorder.keeper.flush()
    monkeypatch.undo()
    kept = aside(path)
    assert len(kept) == 1 and kept[0].read_bytes() == before
    app.scenes.close()


def test_a_road_never_replaces_a_venue_in_play_it_could_not_read(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = kept_file(tmp_path, road_mode(SLOT))
    before = path.read_bytes()
    refuse_reading(monkeypatch, path)
    app = make_app(tmp_path)
    app.scenes.clear_to("campaign_map", slot=SLOT)
    dismiss_notices(app)
    road = top(app, CampaignMapScene)
    assert "Play this venue" not in [button.label for button in road.menu.buttons]
    road.play()  # asked to play, it only tries to continue, and says why it cannot
    road = top(app, CampaignMapScene)
    assert "could not be read" in road.message
    road.fresh_start()
    top(app, ConfirmScene)  # a fresh start asks first
    key(app, pygame.K_n)
    monkeypatch.undo()
    assert path.read_bytes() == before and json.loads(before)["snapshot"]["session_id"] == "kept-1"
    app.scenes.close()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads a file of mode 000")
def test_a_daily_deal_of_mode_000_is_asked_about_too(tmp_path: Path) -> None:
    path = kept_file(tmp_path, DAILY)
    path.chmod(0)
    try:
        app = make_app(tmp_path)
        app.scenes.clear_to(DailyScene(app, day=dt.date(2026, 5, 2)))
        dismiss_notices(app)
        key(app, pygame.K_p)
        assert "could not be read" in top(app, ConfirmScene).detail
        app.scenes.close()
    finally:
        path.chmod(0o600)


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_question_fits_in_every_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    refuse_reading(monkeypatch, kept_file(tmp_path, DAILY))
    app = make_app(tmp_path, language=code)
    try:
        for size in (100, 150):
            large_print(app, size)
            app.scenes.clear_to(DailyScene(app, day=dt.date(2026, 5, 2)))
            app.notices.waiting.clear()
            app.scenes.top.play()  # type: ignore[union-attr]
            question = top(app, ConfirmScene)
            assert "(Permission denied)" in question.detail
            assert not crossings_of(lambda: app.draw(app.screen)), code
        assert not app.text.overflows, f"{code}: {sorted(app.text.overflows)}"
    finally:
        app.scenes.close()
        set_language("en")


# --- a player's file that alone cannot be read, set aside before a new one is written (review finding 5) ------------

SMALL_FILES: dict[str, tuple[str, str, Callable[[Path], tuple[str | None, bool]]]] = {
    "statistics": ("statistics.json", "files.what.statistics",
                   lambda folder: count_session(folder, sample_session(3), 0, session_id="s-1")),
    "recorded": ("recorded.json", "files.what.recorded", lambda folder: mark_recorded(folder, "s-1")),
    "daily bests": ("daily_bests.json", "files.what.daily",
                    lambda folder: store_daily_bests(folder, DailyBests({"2026-05-01": 40}))),
    "unlocks": ("unlocks.json", "files.what.unlocks",
                lambda folder: (add_unlocks(folder, ["look:green_baize"]), True)),
    "high scores": ("high_scores.json", "files.what.high_scores",
                    lambda folder: (save_high_scores(folder, HighScores()), True)),
    "settings": ("settings.json", "files.what.settings", lambda folder: (save_settings(folder, Settings()), True)),
    "last table": ("last_table.json", "last_table.what",
                   lambda folder: (save_last_table(folder, LastTable(3, ("maud", "bert"), "classic.yaml")), True)),
}


@pytest.mark.parametrize("kind", SMALL_FILES)
def test_a_file_that_cannot_be_read_is_kept_aside_and_said_before_a_new_one_is_written(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name, what, write = SMALL_FILES[kind]
    path = tmp_path / name
    path.write_bytes(b'{"the player\'s": "five sessions"}')
    refuse_reading(monkeypatch, path)
    said, written = write(tmp_path)
    monkeypatch.undo()
    [kept] = aside(path)
    assert written and said == tr("files.unread_replaced", what=tr(what), error="Permission denied", file=kept.name)
    assert kept.read_bytes() == b'{"the player\'s": "five sessions"}' and path.exists()
