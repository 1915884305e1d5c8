"""The rules editor's deck grid: every card, a suit a row, to pick the cards of a setting (the boodle cards, or the
card whose holder leads first), laid out and drawn (a helper module: it holds no scene)."""

from __future__ import annotations

from collections.abc import Callable, Collection

import pygame

from ....engine.cards import Card
from ... import paint, theme
from ...artwork import Artwork
from ...canvas import Canvas
from ...form import Tile
from ...text import TextCache
from ...widgets import draw_panel

PICKER = pygame.Rect(70, 92, 1140, 560)
CARD_W = 60
GAP = 12
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
DECK: tuple[Card, ...] = tuple(Card.parse(rank + suit) for suit in SUITS for rank in RANKS)


def card_rects(art: Artwork, four_colour: bool) -> list[pygame.Rect]:
    """Where each card of DECK sits in the picker, a suit a row."""
    deck = art.deck(CARD_W, four_colour)
    width = len(RANKS) * CARD_W + (len(RANKS) - 1) * GAP
    left = PICKER.centerx - width // 2
    top = PICKER.y + 70
    return [pygame.Rect(left + (index % len(RANKS)) * (CARD_W + GAP),
                        top + (index // len(RANKS)) * (deck.height + GAP), CARD_W, deck.height)
            for index in range(len(DECK))]


def card_tiles(art: Artwork, four_colour: bool, chosen: Callable[[], Collection[Card]],
               pick: Callable[[Card], None]) -> list[Tile]:
    """A tile for every card: a click or Enter picks it; chosen cards are lit, the others dimmed."""
    deck = art.deck(CARD_W, four_colour)
    tiles: list[Tile] = []
    for card, rect in zip(DECK, card_rects(art, four_colour)):
        def painted(surface: Canvas, where: pygame.Rect, focused: bool, hovered: bool, card: Card = card) -> None:
            face = deck.face(card)
            picked = card in chosen()
            surface.blit(face, where.move(0, -6 if picked else 0))
            if not picked:
                dim = Canvas.new(where.size, pygame.SRCALPHA)
                dim.fill((0, 0, 0, 110))
                surface.blit(dim, where)
            edge = where.move(0, -6 if picked else 0).inflate(6, 6)
            if picked or focused or hovered:
                paint.rect(surface, theme.GOLD if picked or focused else theme.PANEL_EDGE, edge,
                                 width=3 if focused else 2, border_radius=8)

        tiles.append(Tile(rect, lambda card=card: pick(card), painted))  # type: ignore[misc]
    return tiles


def draw_picker(surface: Canvas, text: TextCache, title: str, note: str) -> None:
    """The panel under the grid: its title and what a pick does."""
    draw_panel(surface, PICKER, alpha=255)
    text.draw(surface, title, (PICKER.x + 28, PICKER.y + 18), role="title", size=26, colour=theme.GOLD,
              max_width=PICKER.width - 56, min_size=16)
    text.draw(surface, note, (PICKER.x + 28, PICKER.bottom - 84), role="body", size=text.fit_height("body", 16, 19),
              colour=theme.INK_DIM, max_width=PICKER.width - 56, min_size=11)  # above the buttons
