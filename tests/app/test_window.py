"""The window scales the 1280×720 picture whole, its shape kept between bars, maps the mouse back onto it, and
F11 goes full screen and back to the window's old size."""

from __future__ import annotations

from collections.abc import Iterator

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest

from game.app.window import Window, fit, to_picture

PICTURE = (1280, 720)


@pytest.mark.parametrize(("window", "expected"), [
    ((1280, 720), (0, 0, 1280, 720)),
    ((1000, 700), (0, 69, 1000, 562)),  # narrower: bars above and below
    ((1600, 700), (178, 0, 1244, 700)),  # wider: bars at the sides
    ((1920, 1080), (0, 0, 1920, 1080)),
])
def test_the_picture_fits_whole_with_its_shape_kept_and_centred(window: tuple[int, int],
                                                               expected: tuple[int, int, int, int]) -> None:
    shown = fit(window, PICTURE)
    assert tuple(shown) == expected
    assert pygame.Rect((0, 0), window).contains(shown)


@pytest.mark.parametrize("window", [(1000, 700), (1600, 700), (1920, 1080), (640, 480)])
def test_a_window_point_maps_back_onto_the_picture(window: tuple[int, int]) -> None:
    shown = fit(window, PICTURE)
    assert to_picture(shown.center, window, PICTURE) == pytest.approx((640, 360), abs=2)
    assert to_picture(shown.topleft, window, PICTURE) == (0, 0)
    x, y = to_picture((shown.right - 1, shown.bottom - 1), window, PICTURE)
    assert 1276 <= x <= 1279 and 716 <= y <= 719
    if shown.x > 0:  # a click on a side bar is off the picture, so it presses nothing
        assert to_picture((shown.x // 2, shown.centery), window, PICTURE)[0] < 0


@pytest.fixture
def fresh_display() -> Iterator[None]:
    """A display of its own: an earlier test's window must not lend this one its flags."""
    pygame.display.quit()
    pygame.display.init()
    yield
    pygame.display.quit()
    pygame.display.init()


@pytest.mark.usefixtures("fresh_display")
def test_f11_twice_goes_full_screen_and_back_to_the_window() -> None:
    window = Window(PICTURE, headless=False)  # the dummy driver, but the real window's flags
    assert not window.display.get_flags() & pygame.FULLSCREEN
    assert window.display.get_flags() & pygame.RESIZABLE
    window.toggle_fullscreen()
    assert window.fullscreen and window.display.get_flags() & pygame.FULLSCREEN
    window.toggle_fullscreen()
    assert not window.fullscreen
    assert not window.display.get_flags() & pygame.FULLSCREEN and window.display.get_flags() & pygame.RESIZABLE
    assert window.window_size() == PICTURE


@pytest.mark.usefixtures("fresh_display")
def test_a_resized_window_shows_the_whole_picture_between_bars_and_maps_clicks() -> None:
    window = Window(PICTURE, headless=False)
    window.windowed_size = (1000, 700)
    window.display = pygame.display.set_mode((1000, 700), pygame.RESIZABLE)  # as a player's resize leaves it
    window.picture.fill((200, 30, 30))
    window.picture.fill((30, 30, 200), pygame.Rect(1270, 710, 10, 10))  # the picture's far corner
    shown = window.present()
    assert shown.get_at((500, 20))[:3] == (0, 0, 0)  # a bar above
    middle = shown.get_at((500, 350))[:3]
    assert middle[0] > 180 and middle[2] < 50  # the picture, smoothly scaled
    corner = shown.get_at((996, 69 + 558))[:3]
    assert corner[2] > 150 and corner[0] < 100  # the far corner is on the window, not cropped off
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 350), button=1)
    assert window.map_event(click).pos == pytest.approx((640, 358), abs=2)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert window.map_event(key) is key
