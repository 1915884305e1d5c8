"""Cached text: every label is rendered once and then costs a dict lookup per frame.

The cache is a bounded LRU (by entries and by pixels), so text that changes every frame (a clock,
a counting score) cannot grow memory without end. Helpers fit text into a width (shrink the font,
then ellipsize), wrap it into lines, and draw it with a soft shadow or an outline so that it reads
on the felt.
"""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

import pygame

from .assets import Assets
from .canvas import Canvas, scale
from .comfort import text_size
from .word_overlaps import watching, words_canvas

Colour = tuple[int, int, int]
Run = tuple[str, Colour]
ELLIPSIS = "…"
LARGE_PRINT = 26  # logical px: a larger text size grows small print up to this, and leaves larger words as they are
SUITS = "♠♥♦♣"
T = TypeVar("T")
READABLE_PX = 12  # a line the player must read is never drawn smaller than this, in real pixels
REPLACEMENT = "\ufffd"
_UNDRAWABLE = re.compile("[\x00\ud800-\udfff]")


def drawable(text: str) -> str:
    """`text` as the font can draw it: a NUL (which pygame refuses to render) or half a character (a lone
    surrogate, which it cannot encode) shown as the replacement character, so no words ever stop a frame."""
    if text.isascii() and "\0" not in text:
        return text
    return _UNDRAWABLE.sub(REPLACEMENT, text)


def scaled_key(key: Hashable) -> Hashable:
    """`key` with the scale and the text size it is drawn at last (a tuple stays a tuple, read as before)."""
    return (*key, text_size(), scale()) if isinstance(key, tuple) else (key, text_size(), scale())


def _words_of(key: Hashable) -> str:
    """The words a cache key renders (its second item: the text, or a line's coloured runs)."""
    if not isinstance(key, tuple) or len(key) < 2:
        return ""
    words = key[1]
    if isinstance(words, tuple):
        return "".join(str(run[0]) for run in words if isinstance(run, tuple) and run)
    return str(words)


def grown(size: int) -> float:
    """The size words designed at `size` are drawn at under the player's text size: small print grows by the
    factor up to LARGE_PRINT, and words already that large (headings, big numbers) stay as designed."""
    factor = text_size()
    if factor == 1.0 or size >= LARGE_PRINT:
        return float(size)
    return min(size * factor, float(LARGE_PRINT))


def readable_size(size: int) -> int:
    """`size`, or larger where the window draws the picture small: the logical size drawn at READABLE_PX."""
    return max(size, math.ceil(READABLE_PX / (scale() * text_size()) - 1e-9))


class TextCache:
    """Renders text through an Assets' fonts and keeps the surfaces in a bounded LRU."""

    def __init__(self, assets: Assets, capacity: int = 768, max_pixels: int = 6_000_000) -> None:
        self.assets = assets
        self.capacity = capacity
        self.max_pixels = max_pixels
        self.pixels = 0
        self.hits = 0
        self.misses = 0
        self._surfaces: OrderedDict[Hashable, Canvas] = OrderedDict()
        self._measures: OrderedDict[Hashable, Any] = OrderedDict()
        # words that did not fit their room even at the smallest size and were cut, or went off the target:
        # the languages' tests read this, so a long translation shows up as a failure, not a clipped label
        self.overflows: set[str] = set()

    def __len__(self) -> int:
        return len(self._surfaces)

    def clear(self) -> None:
        """Forget every cached surface and measurement."""
        self._surfaces.clear()
        self._measures.clear()
        self.pixels = 0

    # --- the cache itself -----------------------------------------------------------------------

    def _get(self, key: Hashable) -> Canvas | None:
        key = scaled_key(key)  # the same words are another picture at another scale
        found = self._surfaces.get(key)
        if found is not None:
            self._surfaces.move_to_end(key)
            self.hits += 1
        else:
            self.misses += 1
        return found

    def _put(self, key: Hashable, surface: Canvas) -> Canvas:
        key = scaled_key(key)
        if pygame.display.get_surface() is not None:
            surface = surface.convert_alpha()
        words_canvas(surface, _words_of(key))
        self._surfaces[key] = surface
        self.pixels += surface.real.get_width() * surface.real.get_height()
        budget = self.max_pixels * max(1.0, scale()) ** 2  # the same words take k² as many real pixels
        while len(self._surfaces) > self.capacity or (self.pixels > budget and len(self._surfaces) > 1):
            _, old = self._surfaces.popitem(last=False)
            self.pixels -= old.real.get_width() * old.real.get_height()
        return surface

    def _measure(self, key: Hashable, compute: Callable[[], T]) -> T:
        key = scaled_key(key)
        found = self._measures.get(key)
        if found is None:
            found = compute()
            self._measures[key] = found
            if len(self._measures) > self.capacity:
                self._measures.popitem(last=False)
        else:
            self._measures.move_to_end(key)
        return found

    # --- rendering ------------------------------------------------------------------------------

    def font(self, role: str, size: int) -> pygame.font.Font:
        """The font for `role` at `size` (from the Assets' font cache)."""
        return self.assets.font(role, max(1, round(grown(size))))

    def line_height(self, role: str, size: int, spacing: float = 1.0) -> int:
        """The logical height from one line of `role` at `size` to the next, as drawn now (`spacing` times the
        font's own line size): lay lines out with this, not a fixed step, and larger text keeps its room."""
        return round(self.font(role, size).get_linesize() * spacing)

    def grown_step(self, step: int, role: str, size: int) -> int:
        """A step `step` designed between lines of `role` at `size`, plus what such a line has grown by at the
        text size now: the same step at 100%, and the same gap between larger lines."""
        return step + self.line_height(role, size) - self.assets.font(role, size).get_linesize()

    def real_font(self, role: str, size: int) -> pygame.font.Font:
        """The font that draws `role` at logical `size` in real pixels (rasterised at the size it is shown)."""
        return self.assets.font(role, max(1, round(grown(size) * scale())))

    @staticmethod
    def _wrap(real: pygame.Surface) -> Canvas:
        return Canvas(real, scale())

    def render(self, text: str, role: str = "body", size: int = 18,
               colour: Colour = (245, 240, 225)) -> Canvas:
        """The antialiased text on a transparent surface; the same request gives the same Surface."""
        key = ("plain", text, role, size, colour)
        found = self._get(key)
        if found is None:
            found = self._put(key, self._wrap(self.real_font(role, size).render(drawable(text), True, colour)))
        return found

    def render_runs(self, runs: Sequence[Run], role: str = "body", size: int = 18) -> Canvas:
        """Pieces of text in different colours on one line (for example suits in their colours)."""
        key = ("runs", tuple(runs), role, size)
        found = self._get(key)
        if found is None:
            font = self.real_font(role, size)
            pieces = [font.render(drawable(text), True, colour) for text, colour in runs if text]
            width = sum(piece.get_width() for piece in pieces)
            surface = pygame.Surface((max(1, width), font.get_height()), pygame.SRCALPHA)
            x = 0
            for piece in pieces:
                surface.blit(piece, (x, 0))
                x += piece.get_width()
            found = self._put(key, self._wrap(surface))
        return found

    def render_shadowed(self, text: str, role: str = "body", size: int = 18,
                        colour: Colour = (245, 240, 225), *, shadow: Colour = (0, 0, 0),
                        offset: tuple[int, int] = (1, 2), blur: int = 2, strength: int = 190,
                        outline: int = 0) -> Canvas:
        """The text over a soft drop shadow (and an `outline` px ring in the shadow colour, if asked).

        The surface is padded by `shadow_pad(...)` pixels on every side, so centring it centres the text.
        """
        key = ("shadow", text, role, size, colour, shadow, offset, blur, strength, outline)
        found = self._get(key)
        if found is None:
            found = self._put(key, self._draw_shadowed(text, role, size, colour, shadow, offset, blur,
                                                       strength, outline))
            if watching():  # the letters, not their shadow, are what must not cross other words
                pad = self.shadow_pad(offset, blur, outline)
                plain = self.render(text, role, size, colour)
                ink = plain.real.get_bounding_rect()
                words_canvas(found, text, pygame.Rect(round(ink.x / plain.k) + pad, round(ink.y / plain.k) + pad,
                                                      round(ink.width / plain.k), round(ink.height / plain.k)))
        return found

    @staticmethod
    def shadow_pad(offset: tuple[int, int] = (1, 2), blur: int = 2, outline: int = 0) -> int:
        """How far a shadowed surface extends beyond its text on each side."""
        return max(abs(offset[0]), abs(offset[1])) + blur * 2 + outline

    def _draw_shadowed(self, text: str, role: str, size: int, colour: Colour, shadow: Colour,
                       offset: tuple[int, int], blur: int, strength: int, outline: int) -> Canvas:
        k = scale()
        font = self.real_font(role, size)
        face = font.render(drawable(text), True, colour)
        dark = font.render(drawable(text), True, shadow)
        pad = self.shadow_pad(offset, blur, outline)
        real_pad, real_outline = round(pad * k), round(outline * k)
        shift = (round(offset[0] * k), round(offset[1] * k))
        w, h = face.get_width() + 2 * real_pad, face.get_height() + 2 * real_pad
        soft = pygame.Surface((w, h), pygame.SRCALPHA)
        soft.blit(dark, (real_pad + shift[0], real_pad + shift[1]))
        if blur > 0:
            soft = pygame.transform.gaussian_blur(soft, max(1, round(blur * k)))
        soft.fill((255, 255, 255, strength), special_flags=pygame.BLEND_RGBA_MULT)
        if real_outline > 0:
            ring = pygame.Surface((w, h), pygame.SRCALPHA)
            for dx in range(-real_outline, real_outline + 1):
                for dy in range(-real_outline, real_outline + 1):
                    if (dx or dy) and dx * dx + dy * dy <= real_outline * real_outline + real_outline:
                        ring.blit(dark, (real_pad + dx, real_pad + dy))
            soft.blit(ring, (0, 0))
        soft.blit(face, (real_pad, real_pad))
        # the logical size keeps exactly `pad` around the text's logical size, so centring still centres the text
        logical = (max(1, round(face.get_width() / k)) + 2 * pad, max(1, round(face.get_height() / k)) + 2 * pad)
        return Canvas(soft, k, logical)

    # --- fitting and wrapping -------------------------------------------------------------------

    def width(self, text: str, role: str, size: int) -> int:
        """The width in pixels of `text` in `role` at `size`."""
        def compute() -> int:
            real = self.real_font(role, size).size(drawable(text))[0]
            return real if scale() == 1.0 else round(real / scale())
        return self._measure(("w", text, role, size), compute)

    def fit_size(self, text: str, role: str, size: int, max_width: int, min_size: int = 10) -> int:
        """The largest size from `size` down to `min_size` at which `text` fits `max_width` (below it when the
        words are drawn larger than designed: where words fit at their designed size, they fit larger)."""
        min_size = max(1, min(min_size, int(min_size / text_size())))

        def compute() -> int:
            low, high = min_size, size
            if self.width(text, role, high) <= max_width or high <= low:
                return high
            while low < high:  # the largest size that fits, by bisection (width grows with size)
                middle = (low + high + 1) // 2
                if self.width(text, role, middle) <= max_width:
                    low = middle
                else:
                    high = middle - 1
            return low
        return self._measure(("fit", text, role, size, max_width, min_size), compute)

    def sizes_down(self, size: int) -> list[int]:
        """The sizes from `size` down to the first drawn no larger than `size` is at 100% (a larger text size may
        give back its growth where there is no room, and no more but a pixel of rounding)."""
        sizes = [size]
        while sizes[-1] > 1 and round(grown(sizes[-1])) > size:
            sizes.append(sizes[-1] - 1)
        return sizes

    def growth(self, role: str, size: int) -> int:
        """How much taller a line of `role` at `size` is drawn now than at 100% text size (0 at 100%)."""
        return self.font(role, size).get_height() - self.font(role, self.sizes_down(size)[-1]).get_height()

    def fit_height(self, role: str, size: int, room: int) -> int:
        """The largest size from `size` down (to its 100% look) whose line is at most `room` tall."""
        sizes = self.sizes_down(size)
        return next((s for s in sizes if self.font(role, s).get_height() <= room), sizes[-1])

    def block_height(self, text: str, role: str, size: int, max_width: int, line_spacing: float = 1.15) -> int:
        """The logical height `render_wrapped` gives `text` wrapped to `max_width`."""
        lines = len(self.wrap(text, role, size, max_width))
        return self.line_height(role, size, line_spacing) * (lines - 1) + self.font(role, size).get_height()

    def fit_block(self, text: str, role: str, size: int, max_width: int, room: int,
                  line_spacing: float = 1.15) -> int:
        """The largest size from `size` down (to its 100% look) at which `text` wrapped to `max_width` is at
        most `room` tall."""
        sizes = self.sizes_down(size)
        return next((s for s in sizes if self.block_height(text, role, s, max_width, line_spacing) <= room),
                    sizes[-1])

    def ellipsize(self, text: str, role: str, size: int, max_width: int) -> str:
        """`text` cut short with an ellipsis so that it fits `max_width` (unchanged when it fits)."""
        cut = self._shortened(text, role, size, max_width)
        if cut != text:  # recorded on every cut, not only the first (the cut itself is cached)
            self.overflows.add(text)
        return cut

    def _shortened(self, text: str, role: str, size: int, max_width: int) -> str:
        """`text` cut short with an ellipsis to fit `max_width`, not recorded as an overflow (a word too long for
        a line is carried on to the next by `wrap`, whole)."""
        def compute() -> str:
            if self.width(text, role, size) <= max_width:
                return text
            low, high = 0, len(text)
            while low < high:
                middle = (low + high + 1) // 2
                if self.width(text[:middle].rstrip() + ELLIPSIS, role, size) <= max_width:
                    low = middle
                else:
                    high = middle - 1
            return text[:low].rstrip() + ELLIPSIS if low else ELLIPSIS
        return self._measure(("ellipsize", text, role, size, max_width), compute)

    def fit(self, text: str, role: str, size: int, colour: Colour, max_width: int,
            min_size: int = 10) -> Canvas:
        """`text` rendered at the largest size that fits `max_width`; ellipsized if even `min_size` is too big."""
        fitted = self.fit_size(text, role, size, max_width, min_size)
        return self.render(self.ellipsize(text, role, fitted, max_width), role, fitted, colour)

    def wrap(self, text: str, role: str, size: int, max_width: int) -> list[str]:
        """`text` broken into lines no wider than `max_width`, at spaces where possible and at newlines always."""
        def compute() -> tuple[str, ...]:
            lines: list[str] = []
            for paragraph in text.split("\n"):
                line = ""
                for word in paragraph.split(" "):
                    candidate = f"{line} {word}" if line else word
                    if self.width(candidate, role, size) <= max_width:
                        line = candidate
                        continue
                    if line:
                        lines.append(line)
                    while word and self.width(word, role, size) > max_width:  # a word wider than a line
                        cut = max(1, len(self._shortened(word, role, size, max_width)) - 1)
                        lines.append(word[:cut])
                        word = word[cut:]
                    line = word
                lines.append(line)
            return tuple(lines)
        return list(self._measure(("wrap", text, role, size, max_width), compute))

    def render_wrapped(self, text: str, role: str, size: int, colour: Colour, max_width: int, *,
                       align: str = "left", line_spacing: float = 1.15) -> Canvas:
        """`text` wrapped to `max_width` as one surface; `align` is "left", "center" or "right"."""
        key = ("wrapped", text, role, size, colour, max_width, align, line_spacing)
        found = self._get(key)
        if found is None:
            font = self.real_font(role, size)
            lines = self.wrap(text, role, size, max_width)
            step = round(font.get_linesize() * line_spacing)
            pieces = [font.render(drawable(line), True, colour) for line in lines]
            width = max((piece.get_width() for piece in pieces), default=1)
            surface = pygame.Surface((max(1, width), max(1, step * (len(lines) - 1) + font.get_height())),
                                     pygame.SRCALPHA)
            for row, piece in enumerate(pieces):
                x = {"left": 0, "center": (width - piece.get_width()) // 2}.get(align, width - piece.get_width())
                surface.blit(piece, (x, row * step))
            found = self._put(key, self._wrap(surface))
        return found

    def wrapped_size(self, text: str, role: str, size: int, max_width: int, max_height: int, *,
                     line_spacing: float = 1.15, floor: int = 13) -> int:
        """The largest size up to `size` at which `text` wrapped to `max_width` is at most `max_height` tall (as
        `render_wrapped` draws it), its lines no shorter than `floor` logical px: the smallest tried if none fits."""
        def height(at: int) -> int:
            font = self.font(role, at)
            lines = len(self.wrap(text, role, at, max_width))
            return round(font.get_linesize() * line_spacing) * (lines - 1) + font.get_height()
        found = size
        while found > 1 and height(found) > max_height and self.line_height(role, found - 1) >= floor:
            found -= 1
        return found

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, target: Canvas, text: str, pos: tuple[int, int], *, role: str = "body",
             size: int = 18, colour: Colour = (245, 240, 225), anchor: str = "topleft",
             shadow: bool = False, outline: int = 0, max_width: int | None = None,
             min_size: int = 10) -> pygame.Rect:
        """Blit `text` with its `anchor` ("topleft", "center", "midright", ...) at `pos`; return the text's rect.

        With `max_width` the text shrinks (to `min_size`) and then ellipsizes to fit.
        """
        if max_width is not None:
            size = self.fit_size(text, role, size, max_width, min_size)
            text = self.ellipsize(text, role, size, max_width)
        if shadow or outline:
            surface = self.render_shadowed(text, role, size, colour, outline=outline)
            pad = self.shadow_pad(outline=outline)
        else:
            surface = self.render(text, role, size, colour)
            pad = 0
        rect = pygame.Rect(0, 0, surface.get_width() - 2 * pad, surface.get_height() - 2 * pad)
        setattr(rect, anchor, pos)
        if not target.get_rect().contains(rect) and rect.width <= target.get_width():
            self.overflows.add(text)
        target.blit(surface, (rect.x - pad, rect.y - pad))
        return rect


def suit_runs(text: str, colour: Colour, suit_colours: Sequence[Colour]) -> list[Run]:
    """Split `text` into runs so that each suit symbol takes its colour from `suit_colours` (♠♥♦♣ order)."""
    runs: list[Run] = []
    current = ""
    for char in text:
        index = SUITS.find(char)
        if index < 0:
            current += char
            continue
        if current:
            runs.append((current, colour))
            current = ""
        runs.append((char, suit_colours[index]))
    if current:
        runs.append((current, colour))
    return runs
