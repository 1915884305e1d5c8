"""The dead-hand cards the player's own charms showed them (R32, R33), face up where the dead hand lies, with words
saying only they see them: pure arithmetic for where the cards go, then their picture."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from ....engine.cards import Card
from ....locale import tr
from ... import theme
from ...canvas import Canvas
from ...card_art import Deck
from ...text import TextCache
from ..layout import BOARD_CARD_W, TableLayout, board_card_h

HEADING_SIZE = 16  # the dead hand's heading over its place, as felt.py draws it
COUNT_SIZE = 16  # the dead hand's count under it, as painter.py draws it
NOTE_SIZE = 13
GAP = 2
ROW_STEP = 21  # rows overlap: each card's corner index stays in sight
MIN_ROW_STEP = 16
MAX_COLUMN_STEP = 42


def seen_places(layout: TableLayout, count: int, top: int, room: int) -> list[pygame.Rect]:
    """Where `count` seen cards go, from `top` down at most `room` pixels: in rows of three across the dead
    hand's place (more to a row when there are more cards than the rows `room` holds), each row a little lower
    and over the one before."""
    if count <= 0:
        return []
    area, card_h = layout.dead, board_card_h()
    rows = max(1, min(math.ceil(count / 3), 1 + max(0, room - card_h) // MIN_ROW_STEP))
    columns = max(3, math.ceil(count / rows))
    rows = math.ceil(count / columns)
    row_step = ROW_STEP if rows == 1 else max(MIN_ROW_STEP, min(ROW_STEP, (room - card_h) // (rows - 1)))
    step = min(MAX_COLUMN_STEP, (area.width - BOARD_CARD_W) // (columns - 1))
    width = BOARD_CARD_W + (min(count, columns) - 1) * step
    left = area.centerx - width // 2
    return [pygame.Rect(left + (i % columns) * step, top + (i // columns) * row_step, BOARD_CARD_W, card_h)
            for i in range(count)]


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


def draw_seen_dead(surface: Canvas, deck: Deck, text: TextCache, layout: TableLayout,
                   cards: Sequence[Card]) -> int:
    """The seen cards face up between the dead hand's heading and its count and, under them, the words that only
    the player sees them; the y under the words (the dead hand's top when there are none)."""
    if not cards:
        return layout.dead.y
    width = layout.dead.width + 8
    lines, size = note_lines(text, width)
    step = text.line_height("bold", size)
    top = layout.dead.y + text.line_height("bold", HEADING_SIZE) + GAP
    room = layout.status.top - top - len(lines) * step - text.line_height("bold", COUNT_SIZE) - 3 * GAP
    places = seen_places(layout, len(cards), top, room)
    for card, place in zip(cards, places):
        surface.blit(deck.face(card), place)
    bottom = max(place.bottom for place in places) + GAP
    for line in lines:
        text.draw(surface, line, (layout.dead.centerx, bottom), role="bold", size=size, colour=theme.GOLD,
                  anchor="midtop", shadow=True, max_width=width, min_size=size)
        bottom += step
    return bottom
