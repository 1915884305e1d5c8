"""Issue 15 item 2, text size and card size: Settings' 100/125/150% are kept, the small print grows while headings
stay, and the watch the fit tests use sees words drawn over words."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import FRAME, key, make_app, settings_row

from game.app import paint, word_overlaps
from game.app.app import App
from game.app.canvas import Canvas
from game.app.comfort import card_size, text_size
from game.app.form import Choice
from game.app.scenes.confirm import DETAIL_SIZE, DETAIL_TOP, ConfirmScene
from game.app.scenes.new_game.tiles import bottom_row
from game.app.scenes.settings import SettingsScene
from game.app.text import LARGE_PRINT, grown
from game.locale import LANGUAGES, tr
from game.storage.settings import COMFORT_SIZES, Settings, load_settings


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = make_app(tmp_path / "data")
    yield made
    made.scenes.close()


@pytest.fixture
def watch() -> Iterator[set[str]]:
    crossings = word_overlaps.start()
    yield crossings
    word_overlaps.stop()


def size_row(app: App, label: str) -> Choice:
    return settings_row(app, label, Choice)


def test_text_and_card_size_are_chosen_on_the_comfort_page_take_effect_at_once_and_are_kept(app: App) -> None:
    app.scenes.clear_to(SettingsScene(app))
    app.step(FRAME)
    key(app, pygame.K_PAGEDOWN)
    row = size_row(app, "Text size")
    assert row.options == ["100%", "125%", "150%"]
    small = app.text.render("Stakes", "body", 14).get_height()
    row.on_change(2)
    size_row(app, "Card size").on_change(1)
    assert (app.settings.text_size, app.settings.card_size) == (150, 125)
    assert (text_size(), card_size()) == (1.5, 1.25)
    assert app.text.render("Stakes", "body", 14).get_height() > small * 1.3, "the words are redrawn larger at once"
    assert load_settings(app.data_dir)[0].text_size == 150
    saved = json.loads((app.data_dir / "settings.json").read_text(encoding="utf-8"))
    assert (saved["text_size"], saved["card_size"]) == (150, 125)


@pytest.mark.parametrize("written", [110, "150", 150.0, True, None, -1])
def test_a_size_the_settings_do_not_offer_is_read_as_the_designed_size(tmp_path: Path, written: object) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"text_size": written, "card_size": written}),
                                            encoding="utf-8")
    loaded, problem = load_settings(tmp_path)
    assert (loaded.text_size, loaded.card_size) == (100, 100) and problem
    assert Settings(text_size=125).clean().text_size == 125 and 125 in COMFORT_SIZES


def test_the_small_print_grows_by_the_factor_up_to_large_print_and_headings_stay(app: App) -> None:
    app.change_settings(dataclasses.replace(app.settings, text_size=150), remember=False)
    assert grown(12) == 18 and grown(16) == 24
    assert grown(20) == LARGE_PRINT and grown(34) == 34
    app.change_settings(dataclasses.replace(app.settings, text_size=125), remember=False)
    assert grown(16) == 20
    line = app.text.line_height("body", 16)
    app.change_settings(dataclasses.replace(app.settings, text_size=100), remember=False)
    assert grown(16) == 16 and app.text.line_height("body", 16) < line


def test_where_words_fit_only_at_their_designed_size_they_shrink_back_to_it(app: App) -> None:
    words = "A rather long line of words for a narrow place"
    width = app.text.width(words, "body", 16)
    app.change_settings(dataclasses.replace(app.settings, text_size=150), remember=False)
    fitted = app.text.fit_size(words, "body", 16, width)
    assert app.text.width(words, "body", fitted) <= width and fitted < 16
    assert words not in app.text.overflows


def test_the_watch_sees_words_over_words_and_a_panel_over_part_of_a_line(app: App, watch: set[str]) -> None:
    frame = Canvas.new((400, 200))
    word_overlaps.new_frame(frame)
    app.text.draw(frame, "Stakes", (10, 10), size=18)
    app.text.draw(frame, "Pot", (10, 60), size=18)
    assert not watch, "words apart are not noted"
    app.text.draw(frame, "Dead hand", (14, 16), size=18)
    assert any("'Dead hand' over 'Stakes'" in crossing for crossing in watch)
    watch.clear()
    paint.rect(frame, (20, 20, 20), pygame.Rect(0, 66, 400, 40))
    assert any("'Pot' cut by a panel" in crossing for crossing in watch)


def test_the_watch_lets_a_panel_or_a_backdrop_laid_over_whole_words_start_them_afresh(app: App,
                                                                                     watch: set[str]) -> None:
    frame = Canvas.new((400, 200))
    word_overlaps.new_frame(frame)
    app.text.draw(frame, "Stakes", (10, 10), size=18)
    paint.rect(frame, (20, 20, 20), pygame.Rect(0, 0, 200, 100))  # a panel over the whole line: another layer
    app.text.draw(frame, "Dead hand", (14, 16), size=18)
    backdrop = Canvas.new((400, 200))
    frame.blit(backdrop, (0, 0))  # the picture laid again
    app.text.draw(frame, "Pot", (14, 16), size=18)
    word_overlaps.new_frame(frame)  # and the next frame
    app.text.draw(frame, "Chips", (14, 16), size=18)
    assert not watch, sorted(watch)


def test_a_word_longer_than_a_line_is_carried_whole_onto_the_next_lines_and_is_no_overflow(app: App) -> None:
    path = "/dev/shm/pytest-of-root/pytest-118/popen-gw1/test_the_calm_screens_fit_in_e0/a"
    lines = app.text.wrap(f"Saved in {path}", "body", 16, 200)
    assert len(lines) > 2 and "".join(lines[1:]) == path, lines
    assert all(app.text.width(line, "body", 16) <= 200 for line in lines)
    assert not app.text.overflows


LANGS = tuple(LANGUAGES)


@pytest.mark.parametrize("code", LANGS)
def test_at_the_largest_text_a_question_s_detail_ends_above_its_buttons(app: App, code: str) -> None:
    app.set_language(code)
    app.change_settings(dataclasses.replace(app.settings, text_size=150), remember=False)
    question = ConfirmScene(app, tr("new_game.replace_title"), tr("new_game.replace_detail"),
                            yes=tr("new_game.replace_yes"), no=tr("new_game.replace_no"), on_yes=lambda: None)
    body = app.text.render_wrapped(question.detail, "body", DETAIL_SIZE, (0, 0, 0), question.panel.width - 60)
    words_end = question.panel.y + DETAIL_TOP + body.get_height()
    assert words_end <= min(button.rect.top for button in question.menu.buttons) - 8
    assert app.screen.get_rect().contains(question.panel)


@pytest.mark.parametrize("code", LANGS)
def test_at_the_largest_text_new_game_s_back_continue_and_start_share_the_row_whole(app: App, code: str) -> None:
    app.set_language(code)
    app.change_settings(dataclasses.replace(app.settings, text_size=150), remember=False)
    panel = pygame.Rect(700, 100, 540, 580)
    row = bottom_row(app.text, panel, lambda: None, (lambda: None, True, ""), (lambda: None, "4 deals"))
    canvas = Canvas.new((1280, 720))
    for button in row:
        button.draw(canvas, app.text, False, False)
    assert len(row) == 3 and not app.text.overflows, app.text.overflows
    assert all(panel.contains(button.rect) for button in row)
    assert all(a.rect.right < b.rect.left for a, b in zip(row, row[1:]))


def test_a_portrait_is_drawn_again_at_another_text_size(app: App) -> None:
    from game.ai.registry import load_character_by_id
    from game.app.scenes import common

    look = load_character_by_id("pip").look
    app.change_settings(dataclasses.replace(app.settings, text_size=150))
    large = common.portrait(look, 48, app.text, "pip")
    app.change_settings(dataclasses.replace(app.settings, text_size=100))
    again = common.portrait(look, 48, app.text, "pip")
    common._PORTRAITS.clear()
    fresh = common.portrait(look, 48, app.text, "pip")
    assert again is not large, "the initials drawn for 150% shown at 100%"
    assert pygame.image.tobytes(again.real, "RGBA") == pygame.image.tobytes(fresh.real, "RGBA")
