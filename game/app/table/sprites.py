"""The table's passing pictures: speech bubbles and banners, drawn once and kept in a small bounded cache, and
the decks the table draws its cards from, so a frame is a series of blits."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from .. import paint, theme
from ..artwork import Artwork
from ..canvas import Canvas
from ..card_art import Deck, ready
from ..text import TextCache, suit_runs
from . import layout as geometry

Colour = tuple[int, int, int]


class BoundedCache:
    """A small LRU of drawn art, so transient art (bubbles, banners) cannot grow without end."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._items: OrderedDict[Hashable, Any] = OrderedDict()

    def get(self, key: Hashable) -> Any:
        """The cached surface for `key`, if any."""
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def put(self, key: Hashable, surface: Any) -> Any:
        """Keep `surface` under `key`, forgetting the oldest beyond capacity."""
        self._items[key] = surface
        while len(self._items) > self.capacity:
            self._items.popitem(last=False)
        return surface

    def __len__(self) -> int:
        return len(self._items)


# --- portraits ------------------------------------------------------------------------------------


# --- the background -------------------------------------------------------------------------------


class TableDecks:
    """The decks the table uses, by role, for one colour scheme."""

    def __init__(self, art: Artwork, layout: geometry.TableLayout, four_colour: bool) -> None:
        self.hand: Deck = art.deck(layout.hand_card_w, four_colour)  # drawn at their size, to stay sharp
        self.board: Deck = art.deck(geometry.BOARD_CARD_W, four_colour)
        self.boodle: Deck = art.deck(layout.boodle_card_w, four_colour)
        self.fan: Deck = art.deck(geometry.FAN_CARD_W, four_colour)
        self.flight: Deck = art.deck(48, four_colour)
        self.four_colour = four_colour


# --- bubbles, banners, pop-ups --------------------------------------------------------------------

BUBBLE_FILL = (252, 248, 236)
BUBBLE_INK = (34, 30, 28)


def make_bubble(text: TextCache, words: str, side: str, max_width: int = 230,
                tip: float | None = None, size: int = 15) -> tuple[Canvas, pygame.Vector2]:
    """A speech bubble for `words` with its tail towards a seat on `side`, the tail `tip` of the way along its
    edge (None: the middle, or a third for the player's own), the words at `size`; and the tail tip's offset."""
    body = text.render_wrapped(words, "body", size, BUBBLE_INK, max_width - 24, align="center")
    bw, bh = body.get_width() + 24, body.get_height() + 14
    tail = 12
    along = (1 / 3 if side == "bottom" else 0.5) if tip is None else tip
    tx = min(max(round(bw * along), 18), bw - 18)  # the tail stays clear of the rounded corners
    ty = min(max(round(bh * along), 14), bh - 14)
    if side == "top":
        shape, box, point = (bw, bh + tail), pygame.Rect(0, tail, bw, bh), pygame.Vector2(tx, 0)
        points = [(tx - 9, tail + 1), (tx, 0), (tx + 9, tail + 1)]
    elif side == "left":
        shape, box, point = (bw + tail, bh), pygame.Rect(tail, 0, bw, bh), pygame.Vector2(0, ty)
        points = [(tail + 1, ty - 8), (0, ty), (tail + 1, ty + 8)]
    elif side == "right":
        shape, box, point = (bw + tail, bh), pygame.Rect(0, 0, bw, bh), pygame.Vector2(bw + tail, ty)
        points = [(bw - 1, ty - 8), (bw + tail, ty), (bw - 1, ty + 8)]
    else:  # above a plate, tail down
        shape, box, point = (bw, bh + tail), pygame.Rect(0, 0, bw, bh), pygame.Vector2(tx, bh + tail)
        points = [(tx - 9, bh - 1), (tx, bh + tail), (tx + 9, bh - 1)]
    surface = Canvas.new(shape, pygame.SRCALPHA)
    paint.rect(surface, (0, 0, 0, 70), box.move(0, 3), border_radius=12)
    paint.rect(surface, BUBBLE_FILL, box, border_radius=12)
    paint.rect(surface, (150, 140, 120), box, 1, border_radius=12)
    paint.polygon(surface, BUBBLE_FILL, points)
    surface.blit(body, body.get_rect(center=box.center))
    return ready(surface), point


def band(width: int, height: int, accent: Colour) -> Canvas:
    """A dark band that fades out at both ends, with an accent line along its top and bottom."""
    surface = Canvas.new((width, height), pygame.SRCALPHA)
    band = Canvas.new((width, height), pygame.SRCALPHA)
    band.fill((8, 20, 14, 214))
    edge = Canvas.new((width // 6, height), pygame.SRCALPHA)
    for x in range(edge.get_width()):
        alpha = round(255 * (x / edge.get_width()))
        paint.line(edge, (255, 255, 255, alpha), (x, 0), (x, height))
    band.blit(edge, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    band.blit(edge.flipped(True, False), (width - edge.get_width(), 0),
              special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(band, (0, 0))
    paint.line(surface, accent, (width // 8, 2), (width - width // 8, 2), 2)
    paint.line(surface, accent, (width // 8, height - 3), (width - width // 8, height - 3), 2)
    return surface


def make_banner(text: TextCache, title: str, subtitle: str, width: int, accent: Colour,
                suit_colours: Sequence[Colour]) -> Canvas:
    """A band with a big title and a line under it; suit symbols in the subtitle take `suit_colours`, which
    must read on the dark band (`theme.suits_on_dark`)."""
    grew = text.grown_step(0, "bold", 20) if subtitle else 0  # the subtitle's larger words get their room
    height = 92 + grew if subtitle else 64
    surface = band(width, height, accent)
    room = width - 80
    head_size = text.fit_size(title, "title", 38, room, 20)
    if text.width(title, "title", head_size) > room:
        text.overflows.add(title)
    head = text.render_shadowed(title, "title", head_size, accent, outline=1)
    surface.blit(head, head.get_rect(center=(width // 2, 34 if subtitle else height // 2)))
    if subtitle:
        size = text.fit_size(subtitle, "bold", 20, room, 12)
        if text.width(subtitle, "bold", size) > room:
            text.overflows.add(subtitle)
        line = text.render_runs(suit_runs(subtitle, theme.INK, suit_colours), "bold", size)
        surface.blit(line, line.get_rect(center=(width // 2, 68 + grew // 2)))
    return ready(surface)


STOP_BANNER_H = 46


def make_stop_banner(text: TextCache, title: str, reason: str, max_width: int, accent: Colour,
                     suit_colours: Sequence[Colour]) -> Canvas:
    """A compact one-line band: the title, then the reason (suit symbols in `suit_colours`, light on dark); a
    reason too long to read beside the title goes on a second line under it, the band as wide as allowed."""
    head = text.render_shadowed(title, "title", 30, accent, outline=1)
    inner = head.get_width() + 18 + text.width(reason, "bold", 19)
    width = min(max_width, round(inner * 1.5) + 40)  # the band fades over its outer sixths: keep the words inside
    room = round(width * 2 / 3) - 20 - head.get_width() - 18
    size = text.fit_size(reason, "bold", 19, room, 14)
    if text.width(reason, "bold", size) > room:
        return _two_line_stop_banner(text, head, reason, max_width, accent, suit_colours)
    line = text.render_runs(suit_runs(reason, theme.INK, suit_colours), "bold", size)
    surface = band(width, STOP_BANNER_H, accent)
    left = (width - (head.get_width() + 18 + line.get_width())) // 2
    surface.blit(head, head.get_rect(midleft=(left, STOP_BANNER_H // 2)))
    surface.blit(line, line.get_rect(midleft=(left + head.get_width() + 18, STOP_BANNER_H // 2 + 1)))
    return ready(surface)


def _two_line_stop_banner(text: TextCache, head: Canvas, reason: str, width: int, accent: Colour,
                          suit_colours: Sequence[Colour]) -> Canvas:
    """The stop's band with the title over the reason."""
    room = round(width * 2 / 3) - 20
    size = text.fit_size(reason, "bold", 18, room, 12)
    if text.width(reason, "bold", size) > room:
        text.overflows.add(reason)
    line = text.render_runs(suit_runs(reason, theme.INK, suit_colours), "bold", size)
    height = STOP_BANNER_H + 22
    surface = band(width, height, accent)
    surface.blit(head, head.get_rect(center=(width // 2, 22)))
    surface.blit(line, line.get_rect(center=(width // 2, height - 17)))
    return ready(surface)
