"""pygame.draw on a Canvas: shapes given in logical pixels, drawn at the Canvas's real pixels (widths, radii and
corners scaled, a line never thinner than one real pixel), so they stay sharp at any window size."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from . import word_overlaps
from .canvas import Canvas, ColourLike, RectLike, real_length

Point = Sequence[float]


def _target(surface: Canvas | pygame.Surface) -> tuple[pygame.Surface, float, tuple[int, int]]:
    if isinstance(surface, Canvas):
        return surface.real, surface.k, surface.origin
    return surface, 1.0, (0, 0)  # a plain Surface (tests draw on one) is drawn on as it is


def _point(pos: Point, k: float, origin: tuple[int, int]) -> Point:
    if k == 1.0 and origin == (0, 0):
        return pos  # at scale 1 pygame is given exactly what it always was: the pictures stay pixel-identical
    return origin[0] + round(pos[0] * k), origin[1] + round(pos[1] * k)


def _rect(rect: RectLike, k: float, origin: tuple[int, int]) -> RectLike:
    if k == 1.0 and origin == (0, 0):
        return rect
    x, y, w, h = pygame.FRect(rect)
    left, top = origin[0] + round(x * k), origin[1] + round(y * k)
    return pygame.Rect(left, top, origin[0] + round((x + w) * k) - left, origin[1] + round((y + h) * k) - top)


def _logical(drawn: pygame.Rect, k: float, origin: tuple[int, int]) -> pygame.Rect:
    if k == 1.0 and origin == (0, 0):
        return drawn
    x, y = (drawn.x - origin[0]) / k, (drawn.y - origin[1]) / k
    return pygame.Rect(int(x // 1), int(y // 1), round(drawn.width / k), round(drawn.height / k))


def rect(surface: Canvas | pygame.Surface, colour: ColourLike, area: RectLike, width: int = 0, *,
         border_radius: int = -1) -> pygame.Rect:
    """A rectangle, filled (`width` 0) or outlined, corners rounded by `border_radius`."""
    real, k, origin = _target(surface)
    radius = real_length(border_radius, k) if border_radius > 0 else border_radius
    drawn = pygame.draw.rect(real, colour, _rect(area, k, origin), real_length(width, k), border_radius=radius)
    if width <= 0 and word_overlaps.watching() and isinstance(surface, Canvas):  # drawn onto the picture, it hides
        word_overlaps.cover(surface, pygame.Rect(area))
    return _logical(drawn, k, origin)


def line(surface: Canvas | pygame.Surface, colour: ColourLike, start: Point, end: Point,
         width: int = 1) -> pygame.Rect:
    """A straight line `width` logical pixels thick."""
    real, k, origin = _target(surface)
    drawn = pygame.draw.line(real, colour, _point(start, k, origin), _point(end, k, origin), real_length(width, k))
    return _logical(drawn, k, origin)


def lines(surface: Canvas | pygame.Surface, colour: ColourLike, closed: bool, points: Sequence[Point],
          width: int = 1) -> pygame.Rect:
    """Connected straight lines through `points`."""
    real, k, origin = _target(surface)
    drawn = pygame.draw.lines(real, colour, closed, [_point(p, k, origin) for p in points], real_length(width, k))
    return _logical(drawn, k, origin)


def aaline(surface: Canvas | pygame.Surface, colour: ColourLike, start: Point, end: Point) -> pygame.Rect:
    """An antialiased hairline."""
    real, k, origin = _target(surface)
    drawn = pygame.draw.aaline(real, colour, _point(start, k, origin), _point(end, k, origin))
    return _logical(drawn, k, origin)


def aalines(surface: Canvas | pygame.Surface, colour: ColourLike, closed: bool,
            points: Sequence[Point]) -> pygame.Rect:
    """Connected antialiased hairlines."""
    real, k, origin = _target(surface)
    drawn = pygame.draw.aalines(real, colour, closed, [_point(p, k, origin) for p in points])
    return _logical(drawn, k, origin)


def circle(surface: Canvas | pygame.Surface, colour: ColourLike, center: Point, radius: float,
           width: int = 0) -> pygame.Rect:
    """A circle, filled (`width` 0) or a ring."""
    real, k, origin = _target(surface)
    drawn = pygame.draw.circle(real, colour, _point(center, k, origin), real_length(radius, k),
                               real_length(width, k))
    return _logical(drawn, k, origin)


def polygon(surface: Canvas | pygame.Surface, colour: ColourLike, points: Sequence[Point],
            width: int = 0) -> pygame.Rect:
    """A polygon, filled (`width` 0) or outlined."""
    real, k, origin = _target(surface)
    drawn = pygame.draw.polygon(real, colour, [_point(p, k, origin) for p in points], real_length(width, k))
    return _logical(drawn, k, origin)


def ellipse(surface: Canvas | pygame.Surface, colour: ColourLike, area: RectLike, width: int = 0) -> pygame.Rect:
    """An ellipse inside `area`, filled (`width` 0) or outlined."""
    real, k, origin = _target(surface)
    drawn = pygame.draw.ellipse(real, colour, _rect(area, k, origin), real_length(width, k))
    return _logical(drawn, k, origin)


def arc(surface: Canvas | pygame.Surface, colour: ColourLike, area: RectLike, start_angle: float,
        stop_angle: float, width: int = 1) -> pygame.Rect:
    """Part of the ellipse inside `area`, from `start_angle` to `stop_angle` radians."""
    real, k, origin = _target(surface)
    drawn = pygame.draw.arc(real, colour, _rect(area, k, origin), start_angle, stop_angle, real_length(width, k))
    return _logical(drawn, k, origin)
