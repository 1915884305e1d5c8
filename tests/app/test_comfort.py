"""Issue 15 item 2, Settings' Comfort page: high contrast (brighter ink, solid panels, a darker felt) and reduced
motion (cards and chips placed rather than flown, no confetti, nothing swaying), remembered like every setting."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from app.table.test_big_moments import finished, seated
from app_helpers import FRAME, key, large_print, make_app, settings_row, top

from game.app import theme
from game.app.app import App
from game.app.canvas import Canvas
from game.app.comfort import reduced_motion, swaying
from game.app.form import Toggle
from game.app.scenes.settings import SettingsScene
from game.app.table.animation import Confetti
from game.app.table.looks import TableLook
from game.app.text import grown
from game.app.widgets import Button, draw_panel
from game.engine.cards import Card
from game.engine.events import Play
from game.locale import LANGUAGES
from game.storage.settings import Settings, load_settings, save_settings

LANGS = tuple(LANGUAGES)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = make_app(tmp_path / "data")
    yield made
    made.scenes.close()
    theme.use_high_contrast(False)


def comfort_row(app: App, label: str) -> Toggle:
    return settings_row(app, label, Toggle)


def test_the_settings_come_on_two_pages_and_page_down_reaches_comfort(app: App) -> None:
    app.scenes.clear_to(SettingsScene(app))
    app.step(FRAME)
    settings = top(app, SettingsScene)
    labels = [getattr(c, "label", "") for c in settings.form.controls]
    assert "Master volume" in labels and "High contrast" not in labels
    assert getattr(settings.form.focused, "label", "") == "Master volume"
    key(app, pygame.K_PAGEDOWN)
    labels = [getattr(c, "label", "") for c in settings.form.controls]
    assert {"Four-colour deck", "High contrast", "Reduced motion", "Pause after each stop"} <= set(labels)
    assert "Master volume" not in labels
    key(app, pygame.K_PAGEUP)
    assert "Master volume" in [getattr(c, "label", "") for c in settings.form.controls]


def test_high_contrast_brightens_the_words_makes_panels_solid_and_is_remembered(app: App) -> None:
    usual_ink, usual_gold = theme.INK, theme.GOLD
    settings = SettingsScene(app)
    app.scenes.clear_to(settings)
    settings.show_page(1)
    comfort_row(app, "High contrast").activate()
    assert app.settings.high_contrast and theme.high_contrast()
    assert theme.INK == (255, 255, 255) and theme.GOLD != usual_gold and theme.PANEL_ALPHA_FLOOR >= 240
    saved = json.loads((app.data_dir / "settings.json").read_text(encoding="utf-8"))
    assert saved["high_contrast"] is True
    panel = Canvas.new((100, 100))
    panel.fill((255, 255, 255))
    draw_panel(panel, pygame.Rect(0, 0, 100, 100), alpha=120)  # asked for see-through: solid all the same
    assert max(panel.real.get_at((50, 50))[:3]) < 30
    comfort_row(app, "High contrast").activate()
    assert not theme.high_contrast() and (theme.INK, theme.GOLD) == (usual_ink, usual_gold)


def test_high_contrast_darkens_the_tables_felt_and_makes_its_plates_solid(app: App) -> None:
    scene = seated(app)
    app.step(FRAME)
    plain = scene.painter._built_for
    assert plain is not None
    app.change_settings(dataclasses.replace(app.settings, high_contrast=True), remember=False)
    app.step(FRAME)
    dark = scene.painter._built_for
    assert dark is not None and isinstance(dark[2], TableLook) and isinstance(plain[2], TableLook)
    assert sum(dark[2].felt) < sum(plain[2].felt) * 0.7 and dark[2].plate == theme.PANEL


def test_a_saved_file_with_a_bad_comfort_value_keeps_the_default(tmp_path: Path) -> None:
    save_settings(tmp_path, Settings(high_contrast=True, reduced_motion=True))
    assert load_settings(tmp_path)[0] == Settings(high_contrast=True, reduced_motion=True)
    (tmp_path / "settings.json").write_text(json.dumps({"high_contrast": "yes", "reduced_motion": 1}),
                                            encoding="utf-8")
    loaded, problem = load_settings(tmp_path)
    assert (loaded.high_contrast, loaded.reduced_motion) == (False, False) and problem


def test_reduced_motion_places_a_card_at_once_but_keeps_the_tables_pace(app: App) -> None:
    scene = seated(app)
    director = scene.director
    director.speed = 1.0
    director.present(Play(1, Card.parse("5S"), True))
    assert director.motion.busy  # flown at the usual setting
    director.fast_forward()
    app.change_settings(dataclasses.replace(app.settings, reduced_motion=True), remember=False)
    assert reduced_motion()
    director.hold = 0.0
    director.present(Play(1, Card.parse("6S"), False))
    director.update(FRAME)
    assert not director.motion.busy  # placed in the frame it was played
    assert director.hold > 0  # the rest after a card is still given: play is as easy to follow
    assert swaying(12.5) == 0.0


def test_reduced_motion_drops_the_confetti_of_a_won_session(app: App) -> None:
    app.change_settings(dataclasses.replace(app.settings, reduced_motion=True), remember=False)
    _, results = finished(app, 20254)
    assert results.won and not any(isinstance(a, Confetti) for a in results.party.anims)


@pytest.mark.slow
@pytest.mark.parametrize("code", LANGS)
def test_both_settings_pages_fit_in_every_language_in_high_contrast(app: App, code: str) -> None:
    """Every row's words and its help in the box beside the rows (the scene's tooltips), on both pages."""
    app.set_language(code)
    app.change_settings(dataclasses.replace(app.settings, high_contrast=True), remember=False)
    settings = SettingsScene(app)
    app.scenes.clear_to(settings)
    for page in (0, 1):
        settings.show_page(page)
        for focus in range(len(settings.form.controls)):
            settings.form.focus, settings.form.keyboard = focus, True
            app.text.overflows.clear()
            app.draw(app.screen)
            assert not app.text.overflows, (code, page, focus, app.text.overflows)


def test_at_150_percent_a_size_given_back_stops_at_its_100_percent_look_and_fits_a_height(app: App) -> None:
    text = app.text
    assert text.sizes_down(18) == [18] and text.growth("body", 18) == 0  # at 100% nothing to give back
    at_100 = text.font("body", 18).get_height()
    large_print(app)
    sizes = text.sizes_down(18)
    assert sizes[0] == 18 and sizes[-1] < 18 and round(grown(sizes[-1])) <= 18 < round(grown(sizes[-2]))
    assert text.growth("body", 18) == text.font("body", 18).get_height() - at_100 > 0
    assert text.font("body", text.fit_height("body", 18, at_100 + 4)).get_height() <= at_100 + 4
    words = "A long note on the deck's colours, wrapped to a narrow box beside the cards. " * 2
    room = text.block_height(words, "body", sizes[-1], 250)
    size = text.fit_block(words, "body", 18, 250, room)
    assert text.block_height(words, "body", size, 250) <= room < text.block_height(words, "body", size + 1, 250)


def test_at_150_percent_a_low_buttons_label_fits_its_height(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    large_print(app)
    button = Button(pygame.Rect(0, 0, 240, 30), "Edit rules…", lambda: None, size=18)
    surface = Canvas.new((240, 40), pygame.SRCALPHA)
    drawn: list[Canvas] = []
    real = app.text.fit

    def fit(*args: Any, **kwargs: Any) -> Canvas:
        drawn.append(real(*args, **kwargs))
        return drawn[-1]
    monkeypatch.setattr(app.text, "fit", fit)
    button.draw(surface, app.text, False, False)
    assert drawn and drawn[0].get_height() <= button.rect.height - 4
    assert app.text.font("bold", 18).get_height() > button.rect.height  # as designed it would not have fitted
