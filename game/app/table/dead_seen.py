"""The dead-hand cards the player's own charms showed them (R32, R33), face up where the dead hand lies, with words
saying only they see them: pure arithmetic for where the cards go, then their picture."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from ...engine.cards import Card
from ...locale import tr
from .. import theme
from ..canvas import Canvas
from ..card_art import Deck
from ..text import TextCache
from .layout import BOARD_CARD_W, TableLayout, board_card_h

TOP = 20  # the first row's top, under the dead hand's heading
ROW_STEP = 21  # rows overlap: each card's corner index stays in sight
MAX_COLUMN_STEP = 42
NOTE_SIZE = 13


def seen_places(layout: TableLayout, count: int) -> list[pygame.Rect]:
    """Where `count` seen cards go, in rows of three (more when there are more than nine) across the dead hand's
    place, each row a little lower and over the one before."""
    if count <= 0:
        return []
    area = layout.dead
    columns = max(3, math.ceil(count / 3))
    step = min(MAX_COLUMN_STEP, (area.width - BOARD_CARD_W) // (columns - 1))
    width = BOARD_CARD_W + (min(count, columns) - 1) * step
    left = area.centerx - width // 2
    return [pygame.Rect(left + (i % columns) * step, area.y + TOP + (i // columns) * ROW_STEP, BOARD_CARD_W,
                        board_card_h()) for i in range(count)]


def draw_seen_dead(surface: Canvas, deck: Deck, text: TextCache, layout: TableLayout,
                   cards: Sequence[Card]) -> int:
    """The seen cards face up and, under them, the words that only the player sees them; the y under the words
    (the dead hand's top when there are none)."""
    places = seen_places(layout, len(cards))
    if not places:
        return layout.dead.y
    for card, place in zip(cards, places):
        surface.blit(deck.face(card), place)
    bottom = max(place.bottom for place in places) + 2
    width = layout.dead.width + 8
    note = tr("charm_marks.seen")
    size = next((at for at in range(NOTE_SIZE, 9, -1) if len(text.wrap(note, "bold", at, width)) <= 2), 10)
    for line in text.wrap(note, "bold", size, width):
        drawn = text.draw(surface, line, (layout.dead.centerx, bottom), role="bold", size=size, colour=theme.GOLD,
                          anchor="midtop", shadow=True, max_width=width, min_size=size)
        bottom = drawn.bottom
    return bottom
