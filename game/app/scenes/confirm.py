"""A small yes/no question over whatever is underneath, for the few moments when something would be lost."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...locale import tr
from .. import theme
from ..canvas import Canvas
from ..scene import Scene
from ..widgets import Button, Menu, button_width, draw_panel
from .common import dim

if TYPE_CHECKING:
    from ..app import App

PANEL_SIZE = (560, 250)
DETAIL_TOP, DETAIL_SIZE = 76, 18  # the detail's lines: where they begin in the panel, and their size


class ConfirmScene(Scene):
    """Asks one question; `no` (Esc) leaves it, `yes` runs `on_yes` after closing itself."""

    overlay = True
    is_question = True

    def __init__(self, app: App, question: str, detail: str = "", *, yes: str | None = None,
                 no: str | None = None, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        yes = tr("confirm.yes") if yes is None else yes
        no = tr("confirm.cancel") if no is None else no
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        w, h = app.screen.get_size()
        # both alike, words and keycaps fitted (the keys are the English initials, Y and N, in every language)
        wide = max(button_width(app.text, label, 22, cap, minimum=220) for label, cap in ((yes, "Y"), (no, "N")))
        width = max(PANEL_SIZE[0], 2 * wide + 24 + 60)
        words = app.text.block_height(detail, "body", DETAIL_SIZE, width - 60) if detail else 0
        # the detail's lines, however many the language and the text size make, stand clear above the buttons
        self.panel = pygame.Rect(0, 0, width, max(PANEL_SIZE[1], DETAIL_TOP + words + 24 + 48 + 36))
        self.panel.center = (w // 2, h // 2)
        bottom = self.panel.bottom - 36
        self.menu = Menu(columns=1)
        # the safe answer first, so a hasty Enter loses nothing
        self.menu.set([
            Button(pygame.Rect(self.panel.centerx + 12, bottom - 48, wide, 48), no, self.answer_no, pygame.K_n,
                   keycap="N"),
            Button(pygame.Rect(self.panel.centerx - 12 - wide, bottom - 48, wide, 48), yes, self.answer_yes,
                   pygame.K_y, keycap="Y"),
        ])

    def answer_no(self) -> None:
        """Close the question and change nothing."""
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def answer_yes(self) -> None:
        """Close the question and do what was asked."""
        if self.app.scenes.top is self:
            self.app.scenes.pop()
        self.on_yes()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc says no; the buttons and their keys do the rest."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.answer_no()
            return
        self.menu.handle_event(event)

    def draw(self, surface: Canvas) -> None:
        """The question in a panel over the dimmed scene."""
        text = self.app.text
        dim(surface, 150)
        draw_panel(surface, self.panel, alpha=255)  # opaque: the table does not show through
        text.draw(surface, self.question, (self.panel.centerx, self.panel.y + 44), role="title", size=30,
                  colour=theme.GOLD, anchor="center", max_width=self.panel.width - 40)
        if self.detail:
            body = text.render_wrapped(self.detail, "body", DETAIL_SIZE, theme.INK, self.panel.width - 60,
                                       align="center")
            surface.blit(body, body.get_rect(midtop=(self.panel.centerx, self.panel.y + DETAIL_TOP)))
        self.menu.draw(surface, text)

