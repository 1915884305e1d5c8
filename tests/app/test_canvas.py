"""Sharp at any size: the Canvas takes logical 1280×720 coordinates and draws at the window's real pixels, text is
rasterised at the size it is shown, clicks at real window positions reach the right control, and a resize re-lays
the picture at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest

from game.ai.registry import load_character_by_id
from game.app import canvas, paint
from game.app.app import App, AppOptions
from game.app.canvas import Canvas
from game.app.scenes.common import felt_backdrop
from game.app.scenes.title import TitleScene
from game.app.table.scene import TableScene
from game.app.window import BACKDROP, BARS, Window
from game.cli.screenshots import window_size
from game.config import rules_by_name

PICTURE = (1280, 720)


@pytest.fixture(autouse=True)
def scale_one() -> Iterator[None]:
    """Every test here leaves the drawing scale as the other tests expect it: 1."""
    yield
    canvas.set_scale(1.0)


def sized_app(folder: Path, size: tuple[int, int]) -> App:
    """A headless English App whose window is `size` real pixels."""
    return App(AppOptions(data_dir=folder, headless=True, language="en", size=size))


def grey(surface: pygame.Surface, rect: pygame.Rect) -> list[list[int]]:
    """The brightness of every pixel of `rect`, row by row."""
    return [[sum(surface.get_at((x, y))[:3]) for x in range(rect.left, rect.right)]
            for y in range(rect.top, rect.bottom)]


def edge_energy(rows: list[list[int]]) -> int:
    """How much the brightness jumps between neighbouring pixels: high for crisp edges, low for a blur."""
    across = sum(abs(row[i + 1] - row[i]) ** 2 for row in rows for i in range(len(row) - 1))
    down = sum(abs(rows[j + 1][i] - rows[j][i]) ** 2 for j in range(len(rows) - 1) for i in range(len(rows[0])))
    return across + down


def test_a_canvas_answers_in_logical_pixels_and_draws_at_real_ones() -> None:
    canvas.set_scale(2.0)
    sheet = Canvas.new((100, 50))
    assert sheet.get_size() == (100, 50) and sheet.real.get_size() == (200, 100)
    sheet.fill((0, 0, 0))
    sheet.fill((255, 0, 0), (10, 10, 5, 5))
    assert sheet.real.get_at((20, 20))[:3] == (255, 0, 0) and sheet.real.get_at((29, 29))[:3] == (255, 0, 0)
    assert sheet.real.get_at((30, 30))[:3] == (0, 0, 0) and sheet.get_at((10, 10))[:3] == (255, 0, 0)
    dot = Canvas.new((4, 4))
    dot.fill((0, 255, 0))
    assert sheet.blit(dot, (50, 20)) == pygame.Rect(50, 20, 4, 4)
    assert sheet.real.get_at((100, 40))[:3] == (0, 255, 0) and sheet.real.get_at((107, 47))[:3] == (0, 255, 0)
    assert sheet.real.get_at((108, 48))[:3] == (0, 0, 0)
    paint.rect(sheet, (0, 0, 255), (60, 30, 20, 10), 1)  # a 1-logical-pixel frame is 2 real pixels thick
    assert sheet.real.get_at((121, 70))[:3] == (0, 0, 255) and sheet.real.get_at((122, 70))[:3] != (0, 0, 255)
    part = sheet.subsurface((10, 10, 20, 20))
    assert part.get_size() == (20, 20) and part.get_at((0, 0))[:3] == (255, 0, 0)
    assert sheet.scaled((50, 25)).real.get_size() == (100, 50)


def test_a_plain_surface_blitted_onto_a_scaled_canvas_still_shows_and_is_counted() -> None:
    canvas.set_scale(2.0)
    sheet = Canvas.new((20, 20))
    sheet.fill((0, 0, 0))
    plain = pygame.Surface((5, 5))
    plain.fill((255, 255, 255))
    before = canvas.STATS["plain_blits"]
    sheet.blit(plain, (0, 0))  # type: ignore[arg-type]  # what the typing forbids still works at run time
    assert canvas.STATS["plain_blits"] == before + 1
    assert sheet.real.get_at((9, 9))[:3] == (255, 255, 255) and sheet.real.get_at((11, 11))[:3] == (0, 0, 0)


def test_text_at_1440p_is_rasterised_sharp_not_an_upscale(tmp_path: Path) -> None:
    small = sized_app(tmp_path / "small", PICTURE)
    small.scenes.push(TitleScene(small))
    small.draw(small.screen)
    low = small.screen.real.copy()
    big = sized_app(tmp_path / "big", (2560, 1440))
    assert big.screen.get_size() == PICTURE and big.screen.k == 2.0
    big.scenes.push(TitleScene(big))
    big.draw(big.screen)
    high = big.screen.real
    assert high.get_size() == (2560, 1440)
    upscale = pygame.transform.smoothscale(low, (2560, 1440))
    title = pygame.Rect(200, 160, 900, 180)  # "Newmarket" in the title font: edges at 2560×1440 real pixels
    real_rows, upscaled_rows = grey(high, title), grey(upscale, title)
    assert real_rows != upscaled_rows
    assert edge_energy(real_rows) > 1.5 * edge_energy(upscaled_rows)
    # the same words as at 1280×720, drawn with a font twice the size
    assert big.text.real_font("title", 40).get_height() > 1.8 * small.text.font("title", 40).get_height()


def test_a_click_at_a_real_window_position_presses_the_control_under_it(tmp_path: Path) -> None:
    app = sized_app(tmp_path, (1920, 1080))
    title = TitleScene(app)
    app.scenes.push(title)
    app.step(1 / 60)
    target = next(b for b in title.menu.buttons if b.label == "Settings")
    real = (round(target.rect.centerx * 1.5), round(target.rect.centery * 1.5))
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=real, **extra))
    app.step(1 / 60)
    assert type(app.scenes.top).__name__ == "SettingsScene"


@pytest.mark.parametrize("scene", ["title", "table"])
def test_a_resize_rebuilds_the_picture_at_once_and_lets_the_old_words_go(tmp_path: Path, scene: str) -> None:
    app = sized_app(tmp_path, PICTURE)
    if scene == "title":
        app.scenes.push(TitleScene(app))
    else:
        seats = [("You", None)] + [(c.name, c) for c in map(load_character_by_id, ("maud", "bert"))]
        app.scenes.push(TableScene.seated(app, rules_by_name("classic"), seats, 3))
    app.step(1 / 60)
    assert len(app.text) > 0 and app.screen.k == 1.0
    pygame.display.set_mode((1920, 1080))  # as the player's resize leaves the display
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(960, 540), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert app.screen.real.get_size() == (1920, 1080) and app.screen.k == 1.5 and canvas.scale() == 1.5
    assert app.screen.get_size() == PICTURE  # the scenes lay out as ever
    assert all(key[-1] == 1.5 for key in app.text._surfaces if isinstance(key, tuple))  # the text size, then the scale
    blurred = dict(canvas.STATS)
    app.step(1 / 60)
    if isinstance(app.scenes.top, TableScene):  # the still picture is drawn anew (a card in flight may finish)
        painter = app.scenes.top.painter
        assert painter.background is not None and painter.background.k == 1.5
        assert all(face.k == 1.5 for face in painter.portraits)
    else:
        assert canvas.STATS == blurred  # nothing drawn for the old scale is stretched onto the new picture
    assert app.window.mouse_pos() == app.window.map_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pygame.mouse.get_pos(), rel=(0, 0))).pos


@pytest.mark.parametrize(("size", "bars"), [((1280, 1024), BACKDROP), ((2560, 720), BARS)])
def test_bars_are_the_backdrop_for_a_usual_screen_and_black_for_an_extreme_one(
        size: tuple[int, int], bars: tuple[int, int, int]) -> None:
    pygame.display.set_mode(size)
    window = Window(PICTURE, headless=True, real_size=size)
    assert window.picture.real.get_size() == size and window.picture.get_size() == PICTURE
    window.clear_bars()
    window.picture.fill((200, 30, 30), window.picture.get_rect())
    assert window.picture.real.get_at((2, 2))[:3] == bars
    left, top = window.picture.origin
    assert window.picture.real.get_at((left + 5, top + 5))[:3] == (200, 30, 30)
    assert window.map_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(left, top), button=1)).pos == (0, 0)
    felt_backdrop(window.picture)  # a menu's baize goes on into the bars of a usual screen, not of an extreme one
    corner = window.picture.real.get_at((2, 2))[:3]
    assert (corner == BARS) == (bars == BARS)
    assert corner[1] > corner[0] + 10 or bars == BARS  # green baize


def test_the_screenshots_size_option_reads_w_by_h() -> None:
    assert window_size("2560x1440") == (2560, 1440) and window_size("1920×1080") == (1920, 1080)
    with pytest.raises(Exception, match="2560x1440"):
        window_size("big")


def test_a_clip_given_back_as_it_was_found_leaves_the_bars_drawable() -> None:
    pygame.display.set_mode((1280, 1024))
    window = Window(PICTURE, headless=True, real_size=(1280, 1024))
    picture = window.picture
    found = picture.get_clip()
    picture.set_clip((100, 100, 50, 50))
    picture.fill((255, 255, 255))
    assert picture.get_at((100, 100))[:3] == (255, 255, 255) and picture.get_at((99, 99))[:3] != (255, 255, 255)
    picture.set_clip(found)
    picture.fill((0, 0, 200))
    assert picture.real.get_at((2, 2))[:3] == (0, 0, 200)  # a bar above the logical area
