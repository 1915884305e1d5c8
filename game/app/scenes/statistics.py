"""Statistics: the player's record. A placeholder until the campaign (issue 5) keeps sessions to count."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..scene import Scene
from ..widgets import Button, Menu, draw_panel
from .common import felt, heading, hint_bar

if TYPE_CHECKING:
    from ..app import App

COMING = ("Your record against each character", "Boodle cards hit", "Deals won", "The biggest pot",
          "The longest run", "Chips over time")


class StatisticsScene(Scene):
    """Says that no sessions have been recorded yet, and what will show here once they are."""

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.panel = pygame.Rect(240, 150, 800, 430)
        self.menu = Menu()
        self.menu.set([Button(pygame.Rect(self.panel.centerx - 110, self.panel.bottom - 80, 220, 50), "Back",
                              self.back, tooltip="Esc")])

    def back(self) -> None:
        """Return to the title."""
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc or Back returns."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return
        self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The empty record and what it will hold."""
        text = self.app.text
        surface.blit(felt(surface.get_size()), (0, 0))
        heading(surface, text, "Statistics", "Your record at the table.")
        draw_panel(surface, self.panel)
        text.draw(surface, "No sessions played yet", (self.panel.centerx, self.panel.y + 56), role="title", size=32,
                  colour=theme.GOLD, anchor="center")
        text.draw(surface, "Finish a session and your record starts here:", (self.panel.centerx, self.panel.y + 104),
                  role="body", size=18, colour=theme.INK, anchor="center")
        for index, line in enumerate(COMING):
            column, row = index % 2, index // 2
            x = self.panel.x + 70 + column * 380
            y = self.panel.y + 150 + row * 44
            text.draw(surface, "♦", (x, y), role="body", size=18, colour=theme.RED_TEXT)
            text.draw(surface, line, (x + 26, y), role="body", size=18, colour=theme.INK_DIM)
        self.menu.draw(surface, text)
        hint_bar(surface, text, "Esc back")
