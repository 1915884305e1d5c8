"""What shows through what: a menu gives way to a page opened from it, and a covered scene shows no tooltip."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest
from app_helpers import make_app

from game.app.app import App
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.title import TitleScene


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = make_app(tmp_path)
    yield made
    made.scenes.close()


def test_settings_opened_from_the_pause_menu_draws_no_pause_menu(app: App) -> None:
    title = app.scenes.clear_to(TitleScene(app))
    app.scenes.push(PauseScene(app, None))
    settings = app.scenes.push(SettingsScene(app, over_table=True))
    assert app.scenes.visible() == [title, settings]


def test_a_question_over_the_pause_menu_leaves_the_menu_in_view(app: App) -> None:
    title = app.scenes.clear_to(TitleScene(app))
    pause = app.scenes.push(PauseScene(app, None))
    question = app.scenes.push(ConfirmScene(app, "Leave?", on_yes=lambda: None))
    assert app.scenes.visible() == [title, pause, question]
