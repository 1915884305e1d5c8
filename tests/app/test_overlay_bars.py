"""A playtest at odd window shapes: an overlay dims the bars round the logical area as it dims the rest (a bright band
was left at the sides of a wider window), and a held F11 switches full screen once, not over and over."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from app_helpers import FRAME

from game.app import canvas
from game.app.app import App, AppOptions
from game.app.scenes.pause import PauseScene
from game.app.scenes.title import TitleScene


@pytest.fixture
def wide(tmp_path: Path) -> Iterator[App]:
    made = App(AppOptions(data_dir=tmp_path, headless=True, language="en", size=(1600, 720)))  # bars at the sides
    yield made
    made.scenes.close()
    canvas.set_scale(1.0)


def bar_pixel(app: App) -> tuple[int, int, int]:
    real = app.screen.real
    colour = real.get_at((8, real.get_height() // 2))
    return colour.r, colour.g, colour.b


def test_the_pause_menu_dims_the_bars_too(wide: App) -> None:
    wide.scenes.clear_to(TitleScene(wide))
    wide.step(FRAME)
    wide.draw(wide.screen)
    plain = bar_pixel(wide)
    wide.scenes.push(PauseScene(wide))
    wide.step(FRAME)
    wide.draw(wide.screen)
    dimmed = bar_pixel(wide)
    assert sum(dimmed) < sum(plain) * 0.6, (plain, dimmed)


def test_a_held_f11_switches_full_screen_once_a_press(wide: App, monkeypatch: pytest.MonkeyPatch) -> None:
    switched: list[int] = []
    monkeypatch.setattr(wide, "options", dataclasses.replace(wide.options, headless=False))
    monkeypatch.setattr(wide.window, "toggle_fullscreen", lambda: switched.append(1))
    for _ in range(4):  # the key held: the first press, then its repeats
        wide.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert len(switched) == 1
    wide.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0))
    wide.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert len(switched) == 2
