"""The dead-hand cards the player's own charms showed them (R32, R33), face up where the dead hand lies, with words
saying only they see them: pure arithmetic for where the cards, the words and the dead hand's count go, then their
picture. No two cards overlap (a peek's cards and a swap's card given away are all read at once), so many cards are
drawn smaller; the words keep clear of the count under them."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ....engine.cards import Card
from ....locale import tr
from ... import theme
from ...canvas import Canvas
from ...card_art import Deck, card_size
from ...text import TextCache
from ..layout import BOARD_CARD_W, TableLayout

HEADING_SIZE = 16  # the dead hand's heading over its place, as felt.py draws it
COUNT_SIZE = 16  # the dead hand's count under it, as painter.py draws it
NOTE_SIZE = 13
GAP = 2
CARD_GAP = 3  # between two seen cards, across and down
SMALLEST_W = 12  # the narrowest a seen card is drawn, however many there are
COUNT_CLEAR = 6  # from the words' last line to the count under them
COUNT_AT = 112  # the count's usual place, from the dead hand's top (as when no card is seen)


@dataclass(frozen=True)
class SeenLayout:
    """Where the seen cards go (all as wide as `card_w`), the words' lines, size and top, and the count's top."""

    places: list[pygame.Rect]
    card_w: int
    lines: list[str]
    size: int
    words_top: int
    count_top: int


def seen_places(layout: TableLayout, count: int, top: int, room: int) -> list[pygame.Rect]:
    """Where `count` seen cards go, from `top` down at most `room` pixels, across the dead hand's place: side by side
    and in rows, none over another, as large as fits (at least `SMALLEST_W` wide), as few rows as that size allows."""
    if count <= 0:
        return []
    area = layout.dead
    for width in range(BOARD_CARD_W, SMALLEST_W - 1, -1):
        height = card_size(width)[1]
        columns = max(1, min(count, (area.width + CARD_GAP) // (width + CARD_GAP)))
        rows = math.ceil(count / columns)
        if rows * height + (rows - 1) * CARD_GAP <= room or width == SMALLEST_W:
            break
    columns = math.ceil(count / rows)  # rows as even as they go: four cards two and two, not three and one
    across = columns * width + (columns - 1) * CARD_GAP
    left = area.centerx - across // 2
    return [pygame.Rect(left + (i % columns) * (width + CARD_GAP), top + (i // columns) * (height + CARD_GAP),
                        width, height) for i in range(count)]


def note_lines(text: TextCache, width: int) -> tuple[list[str], int]:
    """The words that only the player sees the cards, in as few lines as fit `width` (one if a readable size
    allows, else two), and their size."""
    note = tr("charm_marks.seen")
    for most in (1, 2):
        for size in range(NOTE_SIZE, 9, -1):
            lines = text.wrap(note, "bold", size, width)
            if len(lines) <= most:
                return lines, size
    return text.wrap(note, "bold", 10, width), 10


def seen_layout(text: TextCache, layout: TableLayout, count: int) -> SeenLayout:
    """Where `count` seen cards, the words under them and the dead hand's count go, between the heading and the
    status line."""
    lines, size = note_lines(text, layout.dead.width + 8)
    words_h = len(lines) * text.line_height("bold", size)
    top = layout.dead.y + text.line_height("bold", HEADING_SIZE) + GAP
    count_h = text.line_height("bold", COUNT_SIZE)
    room = layout.status.top - top - GAP - words_h - COUNT_CLEAR - count_h - GAP
    places = seen_places(layout, count, top, room)
    words_top = (max(place.bottom for place in places) if places else top) + GAP
    count_top = max(layout.dead.y + COUNT_AT, words_top + words_h + COUNT_CLEAR)
    return SeenLayout(places, places[0].width if places else BOARD_CARD_W, lines, size, words_top, count_top)


def draw_seen_dead(surface: Canvas, deck_of: Callable[[int], Deck], text: TextCache, layout: TableLayout,
                   cards: Sequence[Card]) -> int:
    """The seen cards face up between the dead hand's heading and its count (`deck_of(width)`: the deck of cards
    that wide) and, under them, the words that only the player sees them; the count's top (its usual place when
    no card is seen)."""
    if not cards:
        return layout.dead.y + COUNT_AT
    placed = seen_layout(text, layout, len(cards))
    deck = deck_of(placed.card_w)
    for card, place in zip(cards, placed.places):
        surface.blit(deck.face(card), place)
    y, step = placed.words_top, text.line_height("bold", placed.size)
    for line in placed.lines:
        text.draw(surface, line, (layout.dead.centerx, y), role="bold", size=placed.size, colour=theme.GOLD,
                  anchor="midtop", shadow=True, max_width=layout.dead.width + 8, min_size=placed.size)
        y += step
    return placed.count_top
