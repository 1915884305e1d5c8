"""The player hears of every file set aside (issue 23, item 8): what went to stderr alone now also waits in one
place in the window, a notice the player dismisses by a click, a key or a controller's button, shown over any
scene, and at the table as a small tab that covers no play."""

from __future__ import annotations

import dataclasses
import datetime as dt
import errno
import tempfile
from pathlib import Path
from typing import Any

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import click, crossings_of, key, large_print, make_app, top

from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.app.app import App
from game.app.form import Slider
from game.app.scenes.high_scores import HighScoresScene
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.replays import ReplaysScene
from game.app.scenes.results import ResultsScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.title import TitleScene
from game.app.table.scene import TableScene
from game.atomic import backup_path
from game.campaign.origin import DailyDeal, TableOrigin
from game.config import rules_by_name
from game.locale import LANGUAGES, set_language
from game.storage.recorded_file import RECORDED_FILE
from game.storage.saves import deal_logs, slot_path
from game.storage.statistics_file import statistics_path

DAMAGED = b'{"version": 1, "sessions": '  # cut short


def seats() -> list[SeatSpec]:
    """The player and two characters."""
    return [("You", None)] + [(cid, load_character_by_id(cid)) for cid in ("maud", "bert")]


def sit(app: App, seed: int = 31, origin: TableOrigin | None = None, deals: int = 2) -> TableScene:
    """A new table on top of the stack."""
    table = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), deals=deals), seats(), seed,
                              origin=origin)
    app.scenes.clear_to(table)
    return table


def pad_press(app: App, button: int) -> None:
    """Press and release one controller button, as SDL posts it, and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=button))
    app.step(1 / 60)


# --- what is told ---------------------------------------------------------------------------------------------

def test_a_damaged_statistics_file_set_aside_by_continue_is_told_at_the_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app = make_app(tmp_path)
    table = sit(app)
    assert table.fast_forward_until(lambda t: t.human.decision is not None, play_for_human=False)
    assert app.keep_session() is None
    app.scenes.close()
    statistics_path(tmp_path).write_bytes(DAMAGED)
    again = make_app(tmp_path)
    again.scenes.push(TitleScene(again))
    key(again, pygame.K_c)  # Continue
    resumed = top(again, TableScene)
    kept = list(tmp_path.glob("statistics.json.unreadable-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == DAMAGED
    assert kept[0].name in capsys.readouterr().err, "said on stderr"
    told = again.notices.words()
    assert "The statistics file could not be used" in told and kept[0].name in told, "and in the window"
    assert again.notices.tab(resumed) is not None and not again.notices.over(resumed), "a tab: play not covered"
    key(again, pygame.K_ESCAPE)  # the pause menu covers the table: the notice shows over it
    assert again.notices.over(top(again, PauseScene))
    again.scenes.close()


def test_a_damaged_list_of_sessions_recorded_is_told_when_a_session_ends(tmp_path: Path) -> None:
    (tmp_path / RECORDED_FILE).write_bytes(b"\x00\x01not json")
    app = make_app(tmp_path)
    table = sit(app)
    assert table.fast_forward_until(lambda t: t.results is not None)
    kept = list(tmp_path.glob(RECORDED_FILE + ".unreadable-*"))
    assert len(kept) == 1
    assert "The file of sessions already recorded could not be used" in app.notices.words()
    assert kept[0].name in app.notices.words()
    assert app.notices.over(top(app, ResultsScene)), "over the results"
    app.scenes.close()


def test_a_backup_the_game_cannot_use_is_told_when_it_is_kept_aside(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = sit(app, origin=DailyDeal(dt.date(2026, 5, 5)))
    assert table.fast_forward_until(lambda t: t.session.deal_number >= 2 and t.human.decision is not None)
    table.recorder.keeper.flush()  # the first deal kept: the slot is there
    backup_path(slot_path(tmp_path, "daily")).write_bytes(b"[1, 2")
    assert table.fast_forward_until(lambda t: t.results is not None)  # the next deal kept: the backup replaced
    table.recorder.keeper.flush()
    table.recorder.say_problems()
    assert list(slot_path(tmp_path, "daily").parent.glob("daily.json.bak.unreadable-*"))
    assert "The backup of the save 'daily' could not be used" in app.notices.words()
    app.scenes.close()


def test_a_damaged_save_of_the_daily_deals_is_told_and_the_deals_after_it_are_kept(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    path = slot_path(tmp_path, "daily")
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"format": "newmarket-save", "vers')
    table = sit(app, origin=DailyDeal(dt.date(2026, 5, 6)), deals=3)
    assert table.fast_forward_until(lambda t: t.results is not None)
    table.recorder.keeper.flush()
    table.recorder.say_problems()
    told = app.notices.words()
    assert "The save 'daily' could not be used" in told and "The deals are kept in a new save 'daily'" in told
    kept = list(path.parent.glob("daily.json.unreadable-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == b'{"format": "newmarket-save", "vers'
    daily = dict(deal_logs(tmp_path)).get("daily", ())
    assert len(daily) == 3, "every deal of the session kept for the replays"
    app.scenes.clear_to(ReplaysScene(app))
    assert any(row.deal is not None and row.deal.slot == "daily" for row in top(app, ReplaysScene).rows)
    app.scenes.close()


def test_a_session_that_cannot_be_saved_on_a_full_disk_is_told_at_the_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    table = sit(app)
    assert table.fast_forward_until(lambda t: t.human.decision is not None, play_for_human=False)

    def no_room(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(tempfile, "mkstemp", no_room)
    assert table.fast_forward_until(lambda t: t.session.deal_number >= 2)
    table.recorder.keeper.flush()
    app.step(1 / 60)
    assert "could not be saved" in app.notices.words() and "No space left on device" in app.notices.words()
    assert app.notices.words().count("No space left on device") == 1, "a disk that stays full is told once"
    assert app.notices.tab(table) is not None
    monkeypatch.undo()
    app.scenes.close()


# --- how it shows, and goes ---------------------------------------------------------------------------------

def test_the_notice_holds_the_scene_until_a_key_dismisses_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.scenes.push(TitleScene(app))
    app.notices.tell("The statistics could not be saved (No space left on device).")
    app.notices.tell("The statistics could not be saved (No space left on device).")  # told once
    assert len(app.notices.waiting) == 1
    key(app, pygame.K_n)
    assert isinstance(app.scenes.top, TitleScene), "no key reaches the scene under the notice"
    key(app, pygame.K_ESCAPE)
    assert not app.notices.waiting and isinstance(app.scenes.top, TitleScene)
    key(app, pygame.K_n)
    top(app, NewGameScene)
    app.scenes.close()


@pytest.mark.parametrize("button", [pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B])
def test_a_controllers_button_dismisses_the_notice(tmp_path: Path, button: int) -> None:
    app = make_app(tmp_path)
    app.scenes.push(TitleScene(app))
    app.notices.tell("Your settings could not be saved (No space left on device).")
    pad_press(app, button)
    assert not app.notices.waiting and isinstance(app.scenes.top, TitleScene), "dismissed, and nothing else"
    app.scenes.close()


def test_a_click_dismisses_the_notice_and_its_release_reaches_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    title = TitleScene(app)
    app.scenes.push(title)
    app.notices.tell("The unlocks could not be saved (No space left on device).")
    click(app, title.menu.buttons[0].rect.center)  # over New game: the click is the notice's
    assert not app.notices.waiting and app.scenes.top is title
    app.scenes.close()


def test_the_space_that_dismisses_the_notice_types_nothing_into_a_name(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scores = HighScoresScene(app, score=500)
    app.scenes.push(scores)
    assert scores.entering and scores.name == ""
    app.notices.tell("The statistics could not be saved (No space left on device).")
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44))
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=" "))  # SDL's text of the same key press
    assert not app.notices.waiting and scores.name == ""
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=4))
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="a"))
    assert scores.name == "a", "the next key types again"
    app.scenes.close()


def test_a_slider_dragged_when_a_notice_comes_still_lets_go(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.scenes.push("settings")
    slider = next(c for c in top(app, SettingsScene).form.controls if isinstance(c, Slider))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=slider.rect.center, button=1))
    app.step(1 / 60)
    assert slider.dragging
    app.notices.tell("Your settings could not be saved (No space left on device).")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=slider.rect.center, button=1))
    app.step(1 / 60)
    assert not slider.dragging and app.notices.waiting, "the release let go of the slider; the notice waits"
    app.scenes.close()


def test_at_the_table_the_tab_opens_the_notice_and_play_goes_on_under_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = sit(app)
    assert table.fast_forward_until(lambda t: t.human.decision is not None, play_for_human=False)
    app.notices.tell("The deal could not be kept in the save 'autosave' (No space left on device).")
    tab = app.notices.tab(table)
    assert tab is not None and not tab.colliderect(table.layout.hand)
    assert not any(tab.colliderect(place.region) for place in table.layout.seats), "clear of every seat"
    key(app, pygame.K_h)  # the player's keys still play: the hint
    assert table.human.decision is not None
    table.log_panel.toggle()
    assert app.notices.tab(table) is None, "no tab over the open deal log"
    table.log_panel.toggle()
    click(app, tab.center)
    assert app.notices.over(table) and app.scenes.top is table
    key(app, pygame.K_RETURN)
    assert not app.notices.waiting and table.human.decision is not None, "Enter read the notice, played nothing"
    app.scenes.close()


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_notice_and_its_tab_fit_in_every_language(tmp_path: Path, code: str) -> None:
    app = make_app(tmp_path, language=code)
    try:
        for size in (100, 150):
            large_print(app, size)
            app.scenes.clear_to(TitleScene(app))
            app.notices.waiting[:] = ["The statistics file could not be used: it is damaged or cut short (not valid "
                                      "JSON). It was kept as statistics.json.unreadable-20260504-101500.",
                                      "x " * 400]  # a long one, cut to the panel's room
            assert not crossings_of(lambda: app.draw(app.screen))
            sit(app)
            app.step(1 / 60)
            assert not crossings_of(lambda: app.draw(app.screen))
            app.notices.waiting.clear()
        assert not app.text.overflows, f"{code}: {sorted(app.text.overflows)}"
    finally:
        app.scenes.close()
        set_language("en")
