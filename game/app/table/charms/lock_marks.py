"""The Lock's mark (R35): a padlock drawn in code on a card a charm made a stop, in its board slot and in the
player's hand, outlined in near-black and filled light like the other cue marks, so it reads in greyscale and at
any scale."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import pygame

from ....engine.cards import Card
from ... import paint, theme
from ...canvas import Canvas
from ..cue_marks import OUTLINE

BOARD_LOCK_H = 14  # small enough for a board card's blank corner
HAND_LOCK_H = 19
INSET = 2  # the padlock's foot stays this far over the card's bottom edge


def board_lock_spot(slot: pygame.Rect) -> tuple[int, int]:
    """Where a locked card's padlock stands in its board slot: in the bottom left corner, which a board card's
    face leaves blank (its indices are top left and bottom right, its rank in the middle)."""
    return slot.x + INSET + round(BOARD_LOCK_H * 0.39) + 1, slot.bottom - INSET - BOARD_LOCK_H // 2


def hand_lock_spots(hand: Sequence[tuple[Card, pygame.Rect]],
                    locked: Collection[Card]) -> list[tuple[Card, tuple[int, int]]]:
    """Each locked card of the hand with its padlock's centre: at the bottom of the part of the card the next one
    leaves showing."""
    spots = []
    for i, (card, rect) in enumerate(hand):
        if card not in locked:
            continue
        right = min(rect.right, hand[i + 1][1].x) if i + 1 < len(hand) else rect.right
        spots.append((card, ((rect.x + right) // 2, rect.bottom - INSET - HAND_LOCK_H // 2 - 4)))
    return spots


def lock_shape(centre: tuple[int, int], height: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The padlock's body and its shackle's box (the shackle is the top half of a rounded ring)."""
    body = pygame.Rect(0, 0, round(height * 0.78), round(height * 0.56))
    body.midbottom = (centre[0], centre[1] + height // 2)
    shackle = pygame.Rect(0, 0, round(height * 0.5), round(height * 0.8))
    shackle.midtop = (centre[0], centre[1] - height // 2)
    return body, shackle


def draw_lock_mark(surface: Canvas, centre: tuple[int, int], height: int) -> pygame.Rect:
    """A gold padlock outlined in black, `height` tall, centred on `centre`; its rect."""
    body, shackle = lock_shape(centre, height)
    ring = max(2, height // 6)
    paint.rect(surface, OUTLINE, shackle.inflate(2, 2), ring + 2, border_radius=shackle.width // 2 + 1)
    paint.rect(surface, theme.GOLD, shackle, ring, border_radius=shackle.width // 2)
    paint.rect(surface, OUTLINE, body.inflate(2, 2), border_radius=3)
    paint.rect(surface, theme.GOLD, body, border_radius=2)
    hole = max(1, height // 10)
    paint.circle(surface, OUTLINE, (body.centerx, body.centery - hole // 2), hole + 0.5)
    paint.rect(surface, OUTLINE, pygame.Rect(body.centerx - hole // 2, body.centery, max(1, hole), body.height // 3))
    return body.union(shackle).inflate(2, 2)
