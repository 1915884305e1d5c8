"""The window: a picture as large as the window itself, drawn at its real pixels, on which the scenes lay out in
the game's 1280×720 logical coordinates (scaled by k = min(W/1280, H/720), centred), and the mouse mapped back.

Every scene draws straight at the window's resolution (see canvas.py): text, cards and shapes are rasterised at
the size they are shown, so a 1440p or 4K window is sharp rather than a blurred enlargement. The logical area is
centred; a scene's full-screen fill reaches into the bars, and the bars are painted in the backdrop colour for
the usual shapes of screen (black only for extreme ones).

The game sizes the picture itself rather than leaving it to SDL's SCALED mode: under SCALED a window made
smaller than the picture (a window manager that ignores the minimum size, or none at all) showed a cropped
middle, and toggling full screen without a window manager left the picture shifted off the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from . import canvas
from .canvas import Canvas

Size = tuple[int, int]
BARS = (0, 0, 0)
BACKDROP = (10, 30, 22)  # the bars of a modestly wider or taller window: the table's room, not a black frame
TITLE_REACH = 100  # so much of a remembered window's top-left stays on a desktop, to grab it by
EXTREME_ASPECT = 1.5  # a window more than this much wider or taller than 16:9 gets black bars


def fit(window: Size, picture: Size) -> pygame.Rect:
    """Where the picture goes in a `window`-sized window: as large as fits with its shape kept, centred."""
    ww, wh = max(1, window[0]), max(1, window[1])
    scale = min(ww / picture[0], wh / picture[1])
    w, h = max(1, round(picture[0] * scale)), max(1, round(picture[1] * scale))
    return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)


def to_picture(pos: tuple[float, float], window: Size, picture: Size) -> tuple[int, int]:
    """The logical point under window point `pos` (outside the logical area when on a bar)."""
    shown = fit(window, picture)
    x = (pos[0] - shown.x) * picture[0] / shown.width
    y = (pos[1] - shown.y) * picture[1] / shown.height
    return int(x // 1), int(y // 1)


def extreme(window: Size, picture: Size) -> bool:
    """True when `window`'s shape is far enough from the picture's for black bars rather than the backdrop."""
    ratio = (window[0] / max(1, window[1])) / (picture[0] / picture[1])
    return ratio > EXTREME_ASPECT or ratio < 1 / EXTREME_ASPECT


def picture_for(real: Size, logical: Size) -> Canvas:
    """A Canvas of the window's `real` size showing `logical` pixels scaled whole and centred in it."""
    shown = fit(real, logical)
    k = min(max(1, real[0]) / logical[0], max(1, real[1]) / logical[1])
    surface = pygame.Surface((max(1, real[0]), max(1, real[1])))
    if pygame.display.get_surface() is not None:
        surface = surface.convert()
    picture = Canvas(surface, k, logical, shown.topleft)
    picture.bleeds = not extreme(real, logical)  # an extreme shape of window keeps black bars
    return picture


@dataclass(frozen=True)
class Placement:
    """Where and how the window was when the game was last closed: its size, its corner, full screen or not."""

    size: Size | None = None
    position: Size | None = None
    fullscreen: bool = False


def usable(placement: Placement, desktops: Sequence[Size]) -> Placement:
    """`placement` made safe for these desktops: a size no larger than the largest desktop, and a corner kept only
    where the window's title bar would be on a desktop (a screen unplugged since would leave it out of reach)."""
    if not desktops:
        return Placement(fullscreen=placement.fullscreen)
    wide, high = sum(w for w, _ in desktops), max(h for _, h in desktops)
    size = placement.size
    if size is not None:
        biggest = max(desktops, key=lambda d: d[0] * d[1])
        size = (min(size[0], biggest[0]), min(size[1], biggest[1]))
    position = placement.position
    if position is not None and size is not None and not (
            -size[0] + TITLE_REACH <= position[0] <= wide - TITLE_REACH and 0 <= position[1] <= high - TITLE_REACH):
        position = None
    return Placement(size, position if size is not None else None, placement.fullscreen)


class Window:
    """The display and the picture drawn for it: windowed (resizable) or full screen."""

    def __init__(self, size: Size, headless: bool, real_size: Size | None = None,
                 remembered: Placement = Placement()) -> None:
        self.size = size  # the logical size every scene lays out in
        self.headless = headless
        place = Placement() if headless or real_size else usable(remembered, pygame.display.get_desktop_sizes())
        self.fullscreen = place.fullscreen
        self.windowed_size = real_size or place.size or size  # the window's size before full screen, given back
        self.position = place.position
        self.on_rescale: list[Callable[[], None]] = []  # told when the picture changes scale (caches to clear)
        self.display = self._open()
        self.picture = self._rebuild(self.window_size())

    def placement(self) -> Placement:
        """Where and how the window is now, to open it so at the next start."""
        if self.headless:
            return Placement()
        if not self.fullscreen:
            self.windowed_size = pygame.display.get_window_size()
            self.position = pygame.display.get_window_position()
        return Placement(self.windowed_size, self.position, self.fullscreen)

    def _open(self) -> pygame.Surface:
        if self.headless:
            return pygame.display.set_mode(self.windowed_size, 0)
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        shown = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        if self.position is not None:  # back from full screen, where it was
            pygame.display.set_window_position(self.position)
        return shown

    def _rebuild(self, real: Size) -> Canvas:
        picture = picture_for(real, self.size)
        changed = abs(picture.k - canvas.scale()) > 1e-9
        canvas.set_scale(picture.k)
        if changed:
            for listener in self.on_rescale:
                listener()
        return picture

    @property
    def scale(self) -> float:
        """Real pixels per logical pixel now."""
        return self.picture.k

    def toggle_fullscreen(self) -> None:
        """F11: full screen on or off, the picture redrawn at the new size either way."""
        if not self.fullscreen:
            self.windowed_size = pygame.display.get_window_size()
            self.position = pygame.display.get_window_position()
        self.fullscreen = not self.fullscreen
        self.display = self._open()
        self.sync()

    def window_size(self) -> Size:
        """The window's size now (it changes when the player resizes it)."""
        display = pygame.display.get_surface()
        return display.get_size() if display is not None else self.windowed_size

    def sync(self) -> bool:
        """Rebuild the picture if the window's size changed (a resize, full screen); True when it did."""
        real = self.window_size()
        if real == self.picture.real.get_size():
            return False
        self.picture = self._rebuild(real)
        return True

    def clear_bars(self) -> None:
        """Paint the bars round the logical area: the backdrop, or black for an extreme shape of window."""
        real = self.picture.real.get_size()
        if fit(real, self.size).size == real:
            return
        self.picture.real.fill(BARS if extreme(self.picture.real.get_size(), self.size) else BACKDROP)

    def present(self) -> pygame.Surface:
        """Put the picture on the display; the display surface."""
        display = pygame.display.get_surface() or self.display
        if display.get_size() == self.picture.real.get_size():
            display.blit(self.picture.real, (0, 0))
            return display
        shown = fit(display.get_size(), self.picture.real.get_size())  # a frame before the resize is seen
        display.fill(BARS)
        display.blit(pygame.transform.smoothscale(self.picture.real, shown.size), shown)
        return display

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """The event with a mouse position moved from the window's real pixels onto the logical picture."""
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
        """Where the mouse is on the logical picture."""
        return to_picture(pygame.mouse.get_pos(), self.window_size(), self.size)
