"""A campaign venue's table says where it is and what the player must do there: the venue's name and its goal
in the table's top right corner, clear of every seat at 3 to 8 players, and of the speech bubbles."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...campaign.origin import CampaignRoad, TableOrigin
from ...campaign.roads import Road
from ...campaign.spec import Venue
from ...locale import tr
from .. import paint, theme
from ..canvas import Canvas
from ..text import TextCache

if TYPE_CHECKING:
    from .stage import Stage

CARD = pygame.Rect(1046, 28, 204, 128)  # right of the top seats' plates (x ≤ 1030), above the right ones (y ≥ 170)
PAD = 10


def venue_in_play(origin: TableOrigin, data_dir: Path) -> Venue | None:
    """The venue a campaign table is played at (None for any other table, or a road that cannot be read)."""
    if not isinstance(origin, CampaignRoad):
        return None
    try:
        road = Road.load(data_dir, origin.slot)
    except (OSError, ValueError):  # the map said why already: the table plays on without its card
        return None
    return road.progress.venue if road.progress is not None else None


class VenueCard:
    """The venue's name and goal, worded in the current language and drawn once per language."""

    def __init__(self, venue: Venue) -> None:
        self.venue = venue
        self._drawn: tuple[str, Canvas] | None = None

    def lines(self) -> tuple[str, str]:
        """The venue's name and its goal, in the current language."""
        return self.venue.title(), tr("campaign.goal_line", goal=self.venue.goal.describe())

    def image(self, text: TextCache) -> Canvas:
        """The card as drawn: a dark panel, the name in gold, the goal under it (its height fits the words)."""
        name, goal = self.lines()
        if self._drawn is not None and self._drawn[0] == name + goal:
            return self._drawn[1]
        room = CARD.width - 2 * PAD
        title = text.render_wrapped(name, "bold", 16, theme.GOLD, room)
        # a long goal in a long language (or in larger words) takes a smaller size, not the corner's room
        size = text.wrapped_size(goal, "body", 14, room, CARD.height - 2 * PAD - title.get_height() - 4, floor=14)
        body = text.render_wrapped(goal, "body", size, theme.INK, room)
        height = min(CARD.height, PAD + title.get_height() + 4 + body.get_height() + PAD)
        card = Canvas.new((CARD.width, height), pygame.SRCALPHA)
        paint.rect(card, (*theme.PANEL, 225), card.get_rect(), border_radius=10)
        paint.rect(card, theme.PANEL_EDGE, card.get_rect(), width=2, border_radius=10)
        card.blit(title, (PAD, PAD))
        card.blit(body, (PAD, PAD + title.get_height() + 4), area=pygame.Rect(0, 0, room, height - 2 * PAD -
                                                                               title.get_height() - 4))
        self._drawn = (name + goal, card)
        return card

    def draw(self, surface: Canvas, text: TextCache) -> pygame.Rect:
        """Draw the card in its corner; the rect it took."""
        return surface.blit(self.image(text), CARD.topleft)


def keep_clear_of_bubbles(stage: Stage) -> None:
    """The table's speech bubbles leave the venue's card clear, as they leave the deal log's button (the playtest
    saw a bubble over the goal)."""
    before = stage.kept_clear
    stage.kept_clear = lambda: [*before(), CARD.copy()]
