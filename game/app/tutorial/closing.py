"""The guided first deal's last words: what a real game adds, and the way on (a real game, or the title)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...locale import tr
from .. import paint, theme
from ..canvas import Canvas
from ..scenes.common import dim
from ..widgets import Button, Menu, button_width, draw_panel

if TYPE_CHECKING:
    from ..app import App

PANEL_SIZE = (640, 300)
BODY_SIZE = 18


class Closing:
    """The closing panel over the finished deal, with its two buttons."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.menu = Menu()
        self.relabel()

    @property
    def panel(self) -> pygame.Rect:
        """The panel, in the middle of the screen."""
        rect = pygame.Rect((0, 0), PANEL_SIZE)
        rect.center = self.app.screen.get_rect().center
        return rect

    def relabel(self) -> None:
        """The two buttons, worded and sized for the current language."""
        text, panel = self.app.text, self.panel
        entries = ((tr("tutorial.closing.real_game"), self.real_game, pygame.K_p, "P"),
                   (tr("tutorial.closing.title_screen"), self.title_screen, pygame.K_t, "T"))
        wide = max(button_width(text, label, 20, cap, minimum=220) for label, _, _, cap in entries)
        y = panel.bottom - 32 - 48
        left = panel.centerx - wide - 10
        self.menu.set([Button(pygame.Rect(left + i * (wide + 20), y, wide, 48), label, action, key, size=20,
                              keycap=cap) for i, (label, action, key, cap) in enumerate(entries)])

    def real_game(self) -> None:
        """Lay a table of one's own in New game."""
        self.app.scenes.clear_to("title")
        self.app.scenes.push("new_game")

    def title_screen(self) -> None:
        """Back to the title."""
        self.app.scenes.clear_to("title")

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The buttons; Esc goes to the title."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.title_screen()
            return True
        self.menu.handle_event(event)
        return True

    def draw(self, surface: Canvas) -> None:
        """The finished table dimmed, and the panel over it."""
        text, panel = self.app.text, self.panel
        if self.menu.buttons and self.menu.buttons[0].label != tr("tutorial.closing.real_game"):
            self.relabel()  # the language changed while the panel was up
        dim(surface, 140)
        draw_panel(surface, panel, alpha=250)
        paint.rect(surface, theme.GOLD, panel, width=2, border_radius=16)
        text.draw(surface, tr("tutorial.closing.title"), (panel.centerx, panel.y + 44), role="title", size=32,
                  colour=theme.GOLD, anchor="center", max_width=panel.width - 48, min_size=20)
        body = tr("tutorial.closing.body")
        room = panel.height - 80 - 96
        size = text.fit_block(body, "body", BODY_SIZE, panel.width - 64, room)  # above the buttons
        words = text.render_wrapped(body, "body", size, theme.INK, panel.width - 64, align="center")
        if words.get_height() > room:
            text.overflows.add(body)
        surface.blit(words, words.get_rect(midtop=(panel.centerx, panel.y + 80)))
        self.menu.draw(surface, text)
