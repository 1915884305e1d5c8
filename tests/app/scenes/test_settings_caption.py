"""The deck's caption in Settings breaks only where its lines do: no suit is parted from its colour."""

from __future__ import annotations

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest

import game.locale
from game.app.app import App
from game.app.scenes.settings import SettingsScene
from game.locale import LANGUAGES, tr


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_each_line_of_the_deck_caption_fits_whole(app: App, code: str) -> None:
    scene = SettingsScene(app)
    room = scene.panel.right - 30 - (scene.panel.x + 30 + 640 + 30)
    game.locale.set_language(code)
    for key in ("settings.four_colours", "settings.two_colours"):
        for line in tr(key).split("\n"):
            assert app.text.wrap(line, "body", 16, room) == [line], (code, key)
