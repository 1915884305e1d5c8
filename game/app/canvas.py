"""A picture in logical pixels over a real one: scenes lay out in the game's 1280×720 coordinates and the Canvas
scales every blit, fill and clip to the real pixels under it, so text and shapes are drawn at the size they are shown.

Canvas is deliberately not a pygame.Surface: mypy then points at every place that still hands a logical-size
Surface to real-pixel code, or the other way round. A plain Surface blitted onto a scaled Canvas still works (it is
scaled up once and kept), but every such blit is counted in `STATS`, because it is a blurred picture on screen.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Union

import pygame

RectLike = Union[pygame.Rect, pygame.FRect, Sequence[float]]  # noqa: UP007 (pygame types in a runtime alias)
ColourLike = Union[pygame.Color, Sequence[int], str]  # noqa: UP007

_scale = 1.0
# blits of a plain Surface onto a scaled Canvas, and of a Canvas drawn at another scale: each is a blurred picture
STATS = {"plain_blits": 0, "rescaled_blits": 0}
_upscaled: weakref.WeakKeyDictionary[pygame.Surface, tuple[float, pygame.Surface]] = weakref.WeakKeyDictionary()
# told of every blit while something watches the picture (game.app.word_overlaps): target, source, logical dest
BLIT_WATCHERS: list[Callable[[Canvas, object, tuple[float, float]], None]] = []
FILL_WATCHERS: list[Callable[[Canvas, pygame.Rect], None]] = []  # and of every fill: target, logical rect


def scale() -> float:
    """Real pixels per logical pixel for everything drawn now."""
    return _scale


def set_scale(k: float) -> None:
    """Draw from now on at `k` real pixels per logical pixel."""
    global _scale
    _scale = max(1e-4, float(k))
    _upscaled.clear()


def real_length(length: float, k: float | None = None) -> int:
    """`length` logical pixels in real pixels (a positive length stays at least 1)."""
    k = _scale if k is None else k
    return max(1, round(length * k)) if length > 0 else round(length * k)


def real_rect(rect: RectLike, k: float, origin: tuple[int, int] = (0, 0)) -> pygame.Rect:
    """A logical rect in real pixels: edges rounded, so rects that touch in logical pixels touch in real ones."""
    x, y, w, h = pygame.FRect(rect)
    left, top = origin[0] + round(x * k), origin[1] + round(y * k)
    return pygame.Rect(left, top, origin[0] + round((x + w) * k) - left, origin[1] + round((y + h) * k) - top)


def logical_rect(rect: pygame.Rect, k: float, origin: tuple[int, int] = (0, 0)) -> pygame.Rect:
    """A real rect in logical pixels (the smallest logical rect that covers it)."""
    left, top = (rect.x - origin[0]) / k, (rect.y - origin[1]) / k
    right, bottom = (rect.right - origin[0]) / k, (rect.bottom - origin[1]) / k
    x, y = int(left // 1), int(top // 1)
    return pygame.Rect(x, y, max(0, -int(-right // 1) - x), max(0, -int(-bottom // 1) - y))


class Canvas:
    """A real pygame Surface seen in logical pixels: `k` real pixels per logical one, logical (0, 0) at `origin`."""

    __slots__ = ("real", "k", "size", "origin", "_clip", "bleeds", "__weakref__")

    def __init__(self, real: pygame.Surface, k: float | None = None, size: tuple[int, int] | None = None,
                 origin: tuple[int, int] = (0, 0)) -> None:
        self.real = real
        self.k = _scale if k is None else k
        if size is None:
            size = (max(1, round(real.get_width() / self.k)), max(1, round(real.get_height() / self.k)))
        self.size = (int(size[0]), int(size[1]))
        self.origin = origin
        self._clip: pygame.Rect | None = None
        self.bleeds = True  # a backdrop may reach past the logical area into the real picture's bars

    def bleed(self) -> pygame.Rect:
        """The logical rect a backdrop covers: the whole real picture (bars too), or the logical area alone."""
        if not self.bleeds:
            return self.get_rect()
        return logical_rect(self.real.get_rect(), self.k, self.origin).union(self.get_rect())

    @classmethod
    def new(cls, size: Iterable[float], flags: int = 0, like: Canvas | None = None) -> Canvas:
        """A new Canvas of logical `size` at the current scale (`flags` as pygame.Surface's; `like`'s format)."""
        w, h = (int(n) for n in size)
        k = _scale if like is None else like.k
        real_size = (max(0, round(w * k)), max(0, round(h * k)))
        real = pygame.Surface(real_size, flags, like.real) if like is not None else pygame.Surface(real_size, flags)
        return cls(real, k, (w, h))

    # --- sizes, in logical pixels ---------------------------------------------------------------

    def get_size(self) -> tuple[int, int]:
        """The logical size."""
        return self.size

    def get_width(self) -> int:
        """The logical width."""
        return self.size[0]

    def get_height(self) -> int:
        """The logical height."""
        return self.size[1]

    def get_rect(self, **where: Any) -> pygame.Rect:
        """The logical rect at (0, 0), moved by keyword anchors as pygame's get_rect."""
        rect = pygame.Rect((0, 0), self.size)
        for name, value in where.items():
            setattr(rect, name, value)
        return rect

    def to_real(self, rect: RectLike) -> pygame.Rect:
        """A logical rect on this Canvas in its real pixels."""
        return real_rect(rect, self.k, self.origin)

    def to_real_point(self, pos: Sequence[float]) -> tuple[int, int]:
        """A logical point on this Canvas in its real pixels."""
        return self.origin[0] + round(pos[0] * self.k), self.origin[1] + round(pos[1] * self.k)

    # --- drawing --------------------------------------------------------------------------------

    def _source(self, source: Canvas | pygame.Surface) -> pygame.Surface:
        if isinstance(source, Canvas):
            if abs(source.k - self.k) < 1e-9:
                return source.real
            STATS["rescaled_blits"] += 1
            return self._rescaled(source.real, source.get_size())
        if abs(self.k - 1.0) < 1e-9:
            return source
        STATS["plain_blits"] += 1
        return self._rescaled(source, source.get_size())

    def _rescaled(self, surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        found = _upscaled.get(surface)
        if found is None or abs(found[0] - self.k) > 1e-9:
            real = (max(1, round(size[0] * self.k)), max(1, round(size[1] * self.k)))
            scaled = pygame.transform.smoothscale(surface, real) if surface.get_bitsize() >= 24 else \
                pygame.transform.scale(surface, real)
            found = _upscaled[surface] = (self.k, scaled)
        return found[1]

    def blit(self, source: Canvas, dest: Sequence[float] | pygame.Rect | pygame.FRect,
             area: RectLike | None = None, special_flags: int = 0) -> pygame.Rect:
        """Draw `source` with its top-left at logical `dest` (only its logical `area`, if given).

        Typed for Canvases only, so that mypy finds a plain Surface handed in; one still works (tests pass them).
        """
        real = self._source(source)
        if BLIT_WATCHERS and area is None:
            for watcher in BLIT_WATCHERS:
                watcher(self, source, (dest[0], dest[1]))
        if self.k == 1.0 and self.origin == (0, 0):  # pygame given exactly what it always was
            return self.real.blit(real, dest, area, special_flags)
        x, y = self.to_real_point((dest[0], dest[1]))
        real_area = real_rect(area, self.k) if area is not None else None
        drawn = self.real.blit(real, (x, y), real_area, special_flags)
        return logical_rect(drawn, self.k, self.origin)

    def fill(self, colour: ColourLike, rect: RectLike | None = None, special_flags: int = 0) -> pygame.Rect:
        """Fill the logical `rect` (the whole real picture, bars too, when None)."""
        for watcher in FILL_WATCHERS:
            watcher(self, pygame.Rect(rect) if rect is not None else self.bleed())
        if self.k == 1.0 and self.origin == (0, 0):
            return self.real.fill(colour, rect, special_flags)
        real = self.real.fill(colour, self.to_real(rect) if rect is not None else None, special_flags)
        return logical_rect(real, self.k, self.origin)

    def set_clip(self, rect: RectLike | None) -> None:
        """Clip drawing to the logical `rect` (None: no clip)."""
        if rect is not None and pygame.Rect(rect).contains(self.bleed()):
            rect = None  # a clip given back as get_clip found it: no clip, so the bars stay drawable
        self._clip = pygame.Rect(rect) if rect is not None else None
        if self.k == 1.0 and self.origin == (0, 0):
            self.real.set_clip(rect)
        else:
            self.real.set_clip(self.to_real(rect) if rect is not None else None)

    def get_clip(self) -> pygame.Rect:
        """The logical clip rect (the whole picture, bars too, when none is set)."""
        return self._clip.copy() if self._clip is not None else self.bleed()

    def subsurface(self, rect: RectLike) -> Canvas:
        """The logical `rect` of this Canvas as a Canvas sharing its pixels."""
        logical = pygame.Rect(rect)
        return Canvas(self.real.subsurface(self.to_real(logical)), self.k, logical.size)

    def copy(self) -> Canvas:
        """A Canvas with a copy of the pixels."""
        return Canvas(self.real.copy(), self.k, self.size, self.origin)

    def convert(self) -> Canvas:
        """This Canvas in the display's format, opaque."""
        return Canvas(self.real.convert(), self.k, self.size, self.origin)

    def convert_alpha(self) -> Canvas:
        """This Canvas in the display's format with per-pixel alpha."""
        return Canvas(self.real.convert_alpha(), self.k, self.size, self.origin)

    def set_alpha(self, alpha: int | None, flags: int = 0) -> None:
        """The whole Canvas's opacity."""
        if alpha is None:
            self.real.set_alpha(None)
        else:
            self.real.set_alpha(alpha, flags)

    def get_bitsize(self) -> int:
        """Bits per real pixel."""
        return self.real.get_bitsize()

    def get_flags(self) -> int:
        """The real Surface's flags."""
        return self.real.get_flags()

    def get_at(self, pos: Sequence[float]) -> pygame.Color:
        """The colour at logical `pos`."""
        return self.real.get_at(self.to_real_point(pos))

    def get_bounding_rect(self, min_alpha: int = 1) -> pygame.Rect:
        """The logical rect around the pixels at least `min_alpha` opaque."""
        return logical_rect(self.real.get_bounding_rect(min_alpha), self.k, self.origin)

    # --- transforms: new Canvases ---------------------------------------------------------------

    def scaled(self, size: Sequence[float]) -> Canvas:
        """This picture smooth-scaled to logical `size`, resampled at real pixels."""
        w, h = max(0, int(size[0])), max(0, int(size[1]))
        real = (max(1, round(w * self.k)), max(1, round(h * self.k)))
        if self.real.get_bitsize() < 24:
            return Canvas(pygame.transform.scale(self.real, real), self.k, (w, h))
        return Canvas(pygame.transform.smoothscale(self.real, real), self.k, (w, h))

    def rotated(self, angle: float) -> Canvas:
        """This picture turned `angle` degrees anticlockwise (its logical size grows to hold it)."""
        return Canvas(pygame.transform.rotate(self.real, angle), self.k)

    def rotozoomed(self, angle: float, zoom: float) -> Canvas:
        """This picture turned `angle` degrees and zoomed by `zoom`, filtered."""
        return Canvas(pygame.transform.rotozoom(self.real, angle, zoom), self.k)

    def flipped(self, x: bool, y: bool) -> Canvas:
        """This picture mirrored across x and/or y."""
        return Canvas(pygame.transform.flip(self.real, x, y), self.k, self.size)

    def blurred(self, radius: float) -> Canvas:
        """This picture with a gaussian blur of logical `radius`."""
        return Canvas(pygame.transform.gaussian_blur(self.real, real_length(radius, self.k)), self.k, self.size)

