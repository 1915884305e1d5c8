"""Shapes that carry the table's cues besides their colours, so each reads in greyscale and to a player who
does not tell red from green: a ▲ under each card that may be played, a no-entry sign on a stop bar and a star
on a boodle card that was hit. Each is outlined in near-black and filled light, to stand out on felt and card."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

import pygame

from ...engine.cards import Card
from .. import paint, theme
from ..canvas import Canvas
from .animation import Decoration, Point

OUTLINE = (16, 16, 16)
PLAYABLE_GAP = 3  # the ▲'s tip stays this far under the raised card
PLAYABLE_SIZE = 13  # the ▲'s width and height
STOP_RADIUS = 6  # small enough to sit in a board card's blank top right corner
STOP_FILL = (220, 60, 52)
STOP_RIM = (255, 255, 255)
BADGE_RADIUS = 13
BADGE_SECONDS = 1.6


def playable_mark_rects(hand: Sequence[tuple[Card, pygame.Rect]], lawful: Collection[Card]) -> list[pygame.Rect]:
    """Where the ▲ under each card that may be played goes: centred on the part of the card not covered by the
    next one, in the room the raised card left under it."""
    marks = []
    for i, (card, rect) in enumerate(hand):
        if card not in lawful:
            continue
        right = min(rect.right, hand[i + 1][1].x) if i + 1 < len(hand) else rect.right
        mark = pygame.Rect(0, 0, PLAYABLE_SIZE, PLAYABLE_SIZE)
        mark.midtop = ((rect.x + right) // 2, rect.bottom + PLAYABLE_GAP)
        marks.append(mark)
    return marks


def draw_playable_marks(surface: Canvas, marks: Sequence[pygame.Rect]) -> None:
    """A gold ▲ outlined in black in each of `marks`, pointing up at its card."""
    for mark in marks:
        points = [mark.midtop, mark.bottomright, mark.bottomleft]
        paint.polygon(surface, theme.GOLD, points)
        paint.polygon(surface, OUTLINE, points, 2)


def stop_bar(slot: pygame.Rect, top_card: bool) -> pygame.Rect:
    """The red bar after the board card in `slot` where a run stopped (past the board's edge after its top card)."""
    return pygame.Rect(slot.right + (2 if top_card else 0), slot.y - 4, 3, slot.height + 8)


def stop_mark_centre(bar: pygame.Rect) -> tuple[int, int]:
    """Where the no-entry sign sits on a stop bar: at its top, on the stopped card's blank top right corner, so
    it covers neither that card's corner index (top left, bottom right) nor the next card's."""
    return bar.x - 6, bar.y + 12


def draw_stop_mark(surface: Canvas, bar: pygame.Rect) -> None:
    """A no-entry sign (a red octagon, a white rim and a white dash, outlined in black) at the top of `bar`."""
    x, y = stop_mark_centre(bar)
    paint.polygon(surface, OUTLINE, _octagon((x, y), STOP_RADIUS + 1.5))
    paint.polygon(surface, STOP_RIM, _octagon((x, y), STOP_RADIUS))
    paint.polygon(surface, STOP_FILL, _octagon((x, y), STOP_RADIUS - 1.6))
    dash = pygame.Rect(0, 0, 2 * STOP_RADIUS - 6, 3)
    dash.center = (x, y)
    surface.fill(STOP_RIM, dash)


def _octagon(centre: tuple[int, int], radius: float) -> list[tuple[float, float]]:
    """The corners of a regular octagon with flat sides up and down."""
    return [(centre[0] + radius * math.cos(math.pi / 8 + i * math.pi / 4),
             centre[1] + radius * math.sin(math.pi / 8 + i * math.pi / 4)) for i in range(8)]


def badge_centre(card: pygame.Rect) -> tuple[int, int]:
    """Where a hit boodle card's star sits: over its top right corner, clear of its index (top left) and of
    the chips beside it."""
    return card.right - 3, card.y + 3


def draw_boodle_badge(surface: Canvas, centre: Point, radius: float = BADGE_RADIUS) -> None:
    """A five-pointed gold star outlined in black: a boodle card that was hit."""
    points = [(centre[0] + (radius if i % 2 == 0 else radius * 0.45) * math.cos(-math.pi / 2 + i * math.pi / 5),
               centre[1] + (radius if i % 2 == 0 else radius * 0.45) * math.sin(-math.pi / 2 + i * math.pi / 5))
              for i in range(10)]
    paint.polygon(surface, theme.GOLD, points)
    paint.polygon(surface, OUTLINE, points, 2)


class BoodleBadge(Decoration):
    """The star on a boodle card that was hit, held still while the rings spread (no motion to reduce)."""

    def __init__(self, card: pygame.Rect, duration: float = BADGE_SECONDS) -> None:
        super().__init__(duration)
        self.centre = badge_centre(card)

    def draw(self, surface: Canvas) -> None:
        """The star over the card's corner."""
        draw_boodle_badge(surface, self.centre)
