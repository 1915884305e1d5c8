"""The pictures of the table's big moments: the boodle banner with its card, a record's rosette, a winner's lit
plate and the hold before the deal summary (drawn once and blitted, like the other passing pictures)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from .. import paint, theme
from ..canvas import Canvas
from ..card_art import ready
from ..text import TextCache, suit_runs
from .animation import Decoration, blit_faded
from .sprites import band

Colour = tuple[int, int, int]
CARD_BANNER_H = 112
CALLOUT_H = 40
CALLOUT_FILL = (24, 44, 34)


def make_card_banner(text: TextCache, face: Canvas, title: str, subtitle: str, width: int, accent: Colour,
                     suit_colours: Sequence[Colour]) -> Canvas:
    """A band with a card's face beside a big title and the line under it (suit symbols in `suit_colours`)."""
    surface = band(width, CARD_BANNER_H, accent)
    room = round(width * 2 / 3) - face.get_width() - 24  # the band fades over its outer sixths
    head_size = text.fit_size(title, "title", 38, room, 20)
    size = text.fit_size(subtitle, "bold", 24, room, 12)
    for words, role, at in ((title, "title", head_size), (subtitle, "bold", size)):
        if text.width(words, role, at) > room:
            text.overflows.add(words)
    head = text.render_shadowed(title, "title", head_size, accent, outline=1)
    line = text.render_runs(suit_runs(subtitle, theme.INK, suit_colours), "bold", size)
    words_w = max(head.get_width(), line.get_width())
    left = (width - (face.get_width() + 24 + words_w)) // 2
    surface.blit(face, face.get_rect(midleft=(left, CARD_BANNER_H // 2)))
    x = left + face.get_width() + 24
    surface.blit(head, head.get_rect(midleft=(x, 38)))
    surface.blit(line, line.get_rect(midleft=(x, 80)))
    return ready(surface)


def make_callout(text: TextCache, title: str, detail: str, max_width: int) -> Canvas:
    """A rosette-like label for a record broken: a star, the record in gold and its figure after it."""
    room = max_width - 60
    size = text.fit_size(f"{title} {detail}", "bold", 20, room, 12)
    if text.width(f"{title} {detail}", "bold", size) > room:
        text.overflows.add(title)
    head = text.render_shadowed(title, "bold", size, theme.GOLD, outline=1)
    tail = text.render_shadowed(detail, "bold", max(12, size - 3), theme.INK, outline=1)
    width = head.get_width() + tail.get_width() + 60
    surface = Canvas.new((width, CALLOUT_H), pygame.SRCALPHA)
    box = surface.get_rect()
    paint.rect(surface, (*CALLOUT_FILL, 235), box, border_radius=CALLOUT_H // 2)
    paint.rect(surface, theme.GOLD, box, 2, border_radius=CALLOUT_H // 2)
    _star(surface, (20, CALLOUT_H // 2), 9, theme.GOLD)
    surface.blit(head, head.get_rect(midleft=(36, CALLOUT_H // 2)))
    surface.blit(tail, tail.get_rect(midleft=(36 + head.get_width() + 10, CALLOUT_H // 2 + 1)))
    return ready(surface)


def _star(surface: Canvas, centre: tuple[int, int], radius: int, colour: Colour) -> None:
    """A five-pointed star (drawn, so no font needs the glyph)."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle)))
    paint.polygon(surface, colour, points)


def callout_places(sizes: Sequence[tuple[int, int]], area: pygame.Rect, gap: int = 10) -> list[pygame.Rect]:
    """Where callouts of `sizes` go: in rows centred across `area`, from its top down."""
    rects: list[pygame.Rect] = []
    row: list[pygame.Rect] = []
    y = area.y

    def close_row() -> None:
        total = sum(r.width for r in row) + gap * (len(row) - 1)
        x = area.centerx - total // 2
        for r in row:
            r.x = x
            x += r.width + gap
    for w, h in sizes:
        width = sum(r.width for r in row) + gap * len(row) + w
        if row and width > area.width:
            close_row()
            y += max(r.height for r in row) + gap
            row = []
        rect = pygame.Rect(0, y, min(w, area.width), h)
        row.append(rect)
        rects.append(rect)
    if row:
        close_row()
    return rects


class Still(Decoration):
    """A picture that fades in, stays, and fades out where it was put."""

    def __init__(self, image: Canvas, topleft: tuple[int, int], duration: float, delay: float = 0.0) -> None:
        super().__init__(duration, delay)
        self.image = image
        self.topleft = topleft

    def draw(self, surface: Canvas) -> None:
        """The picture, popping a little as it comes."""
        blit_faded(surface, self.image, self.topleft, self.alpha(0.08, 0.2))


class RecordLabel(Still):
    """A record's label: while a banner lies over its place it waits unseen, its time held, so it never lies on one."""

    def __init__(self, image: Canvas, topleft: tuple[int, int], duration: float, delay: float,
                 covered: Callable[[pygame.Rect], bool]) -> None:
        super().__init__(image, topleft, duration, delay)
        self.covered = covered

    @property
    def rect(self) -> pygame.Rect:
        """Where the label stands."""
        return self.image.get_rect(topleft=self.topleft)

    def step(self, dt: float) -> bool:
        """Advance, unless a banner covers the label's place."""
        return self.done if self.covered(self.rect) else super().step(dt)

    def draw(self, surface: Canvas) -> None:
        """The label, unless a banner covers its place."""
        if not self.covered(self.rect):
            super().draw(surface)


class PlateGlow(Decoration):
    """A winner's plate lit: a pulsing gold frame and halo around it while the moment lasts."""

    def __init__(self, plate: pygame.Rect, duration: float) -> None:
        super().__init__(duration)
        self.plate = plate.copy()

    def draw(self, surface: Canvas) -> None:
        """The frame, brighter as it pulses."""
        pulse = 0.5 + 0.5 * math.sin(self.clock * 6)
        alpha = self.alpha(0.1, 0.2)
        halo = Canvas.new(self.plate.inflate(28, 28).size, pygame.SRCALPHA)
        box = halo.get_rect()
        for i, spread in enumerate((14, 9, 4)):
            paint.rect(halo, (*theme.GOLD, round(alpha * (0.18 + 0.12 * i) * (0.6 + 0.4 * pulse))),
                             box.inflate(-2 * (14 - spread), -2 * (14 - spread)), 5, border_radius=16 + spread)
        paint.rect(halo, (255, 236, 170, alpha), box.inflate(-22, -22), 4, border_radius=16)
        surface.blit(halo, halo.get_rect(center=self.plate.center))


class HeldMoment(Decoration):
    """Nothing to see: the time a big moment is held before the deal summary covers it."""
