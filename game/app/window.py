"""The window: the game's 1280×720 picture scaled whole into whatever size the window has, its shape kept,
centred between bars, and the mouse mapped back onto the picture.

The game scales the picture itself rather than leaving it to SDL's SCALED mode: under SCALED a window made
smaller than the picture (a window manager that ignores the minimum size, or none at all) showed a cropped
middle, and toggling full screen without a window manager left the picture shifted off the screen.
"""

from __future__ import annotations

import pygame

Size = tuple[int, int]
BARS = (0, 0, 0)


def fit(window: Size, picture: Size) -> pygame.Rect:
    """Where the picture goes in a `window`-sized window: as large as fits with its shape kept, centred."""
    ww, wh = max(1, window[0]), max(1, window[1])
    scale = min(ww / picture[0], wh / picture[1])
    w, h = max(1, round(picture[0] * scale)), max(1, round(picture[1] * scale))
    return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)


def to_picture(pos: tuple[float, float], window: Size, picture: Size) -> tuple[int, int]:
    """The point of the picture under window point `pos` (outside the picture when on a bar)."""
    shown = fit(window, picture)
    x = (pos[0] - shown.x) * picture[0] / shown.width
    y = (pos[1] - shown.y) * picture[1] / shown.height
    return int(x // 1), int(y // 1)


class Window:
    """The display and the picture drawn for it: windowed (resizable) or full screen."""

    def __init__(self, size: Size, headless: bool) -> None:
        self.size = size
        self.headless = headless
        self.fullscreen = False
        self.windowed_size = size  # the window's size before full screen, given back after it
        self.picture = pygame.Surface(size)
        self._scaled: pygame.Surface | None = None
        self.display = self._open()
        self.picture = self.picture.convert()

    def _open(self) -> pygame.Surface:
        if self.headless:
            return pygame.display.set_mode(self.size, 0)
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        """F11: full screen on or off, the picture scaled whole either way."""
        if not self.fullscreen:
            self.windowed_size = pygame.display.get_window_size()
        self.fullscreen = not self.fullscreen
        self.display = self._open()
        self._scaled = None

    def window_size(self) -> Size:
        """The window's size now (it changes when the player resizes it)."""
        display = pygame.display.get_surface()
        return display.get_size() if display is not None else self.size

    def present(self) -> pygame.Surface:
        """Draw the picture on the display, scaled whole between bars; the display surface."""
        display = pygame.display.get_surface() or self.display
        shown = fit(display.get_size(), self.size)
        if shown.size == self.size:
            if shown.topleft != (0, 0):
                display.fill(BARS)
            display.blit(self.picture, shown)
            return display
        if self._scaled is None or self._scaled.get_size() != shown.size:
            self._scaled = pygame.Surface(shown.size, 0, self.picture)
        pygame.transform.smoothscale(self.picture, shown.size, self._scaled)
        display.fill(BARS)
        display.blit(self._scaled, shown)
        return display

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """The event with a mouse position moved from the window onto the picture."""
        if "pos" not in event.dict or event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN,
                                                         pygame.MOUSEBUTTONUP):
            return event
        window = self.window_size()
        if window == self.size:
            return event
        attributes = dict(event.dict)
        attributes["pos"] = to_picture(event.pos, window, self.size)
        if "rel" in attributes:
            shown = fit(window, self.size)
            attributes["rel"] = (round(event.rel[0] * self.size[0] / shown.width),
                                 round(event.rel[1] * self.size[1] / shown.height))
        return pygame.event.Event(event.type, attributes)

    def mouse_pos(self) -> tuple[int, int]:
        """Where the mouse is on the picture."""
        return to_picture(pygame.mouse.get_pos(), self.window_size(), self.size)
