"""Buttons and the menus that hold them: mouse and keyboard alike, drawn in the table's style."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import pygame

from . import theme
from .text import TextCache


@dataclass
class Button:
    """A labelled button; `action` runs on a click, Enter while focused, or its hotkey."""

    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    hotkey: int | None = None
    enabled: bool = True
    tooltip: str = ""  # shown while hovered or focused, e.g. why a button is disabled
    size: int = 22
    selected: bool = False  # for choice buttons: the current choice

    def draw(self, surface: pygame.Surface, text: TextCache, focused: bool, hovered: bool) -> None:
        """Draw the button in its state."""
        lit = self.enabled and (focused or hovered)
        fill = theme.FELT_LIGHT if lit else (theme.PANEL_EDGE if self.selected else theme.PANEL)
        if not self.enabled:
            fill = (40, 48, 44)
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=10)
        pygame.draw.rect(surface, fill, self.rect, border_radius=10)
        edge = theme.GOLD if (focused and self.enabled) or self.selected else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=10)
        colour = theme.INK if self.enabled else (120, 130, 125)
        label = text.fit(self.label, "bold", self.size, colour, self.rect.width - 16, 11)
        surface.blit(label, label.get_rect(center=self.rect.center))


@dataclass
class Menu:
    """A set of buttons with one keyboard focus; arrows or Tab move it, Enter or Space press."""

    buttons: list[Button] = field(default_factory=list)
    focus: int = 0
    hover: int | None = None
    columns: int = 1  # left/right move by one, up/down by this many

    def set(self, buttons: Sequence[Button], keep_focus: bool = True) -> None:
        """Replace the buttons, keeping the focus index where it still makes sense."""
        self.buttons = list(buttons)
        if not keep_focus or self.focus >= len(self.buttons):
            self.focus = 0
        self._skip_disabled(1)

    def _skip_disabled(self, step: int) -> None:
        for _ in range(len(self.buttons)):
            if self.buttons and not self.buttons[self.focus].enabled:
                self.focus = (self.focus + step) % len(self.buttons)

    def move(self, step: int) -> None:
        """Move the focus by `step`, wrapping and skipping disabled buttons."""
        if not self.buttons:
            return
        self.focus = (self.focus + step) % len(self.buttons)
        self._skip_disabled(1 if step > 0 else -1)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to the event; True when it was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.index_at(event.pos)
            if self.hover is not None:
                self.focus = self.hover
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.index_at(event.pos)
            if index is not None and self.buttons[index].enabled:
                self.focus = index
                self.buttons[index].action()
                return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        for button in self.buttons:
            if button.hotkey is not None and event.key == button.hotkey and button.enabled:
                button.action()
                return True
        moves = {pygame.K_DOWN: self.columns, pygame.K_UP: -self.columns, pygame.K_RIGHT: 1, pygame.K_LEFT: -1}
        if event.key in moves:
            self.move(moves[event.key])
            return True
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.buttons:
            button = self.buttons[self.focus]
            if button.enabled:
                button.action()
            return True
        return False

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The button under `pos`, if any."""
        for index, button in enumerate(self.buttons):
            if button.rect.collidepoint(pos):
                return index
        return None

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        """Draw every button, and the tooltip of the hovered or focused one."""
        for index, button in enumerate(self.buttons):
            button.draw(surface, text, index == self.focus, index == self.hover)
        shown = self.hover if self.hover is not None else (self.focus if self.buttons else None)
        if shown is not None and self.buttons[shown].tooltip:
            draw_tooltip(surface, text, self.buttons[shown].tooltip, self.buttons[shown].rect)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 215, radius: int = 16) -> None:
    """A dark translucent panel with a thin edge, for menus and summaries over the felt."""
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*theme.PANEL, alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, (*theme.PANEL_EDGE, 255), panel.get_rect(), width=2, border_radius=radius)
    surface.blit(panel, rect)


def draw_tooltip(surface: pygame.Surface, text: TextCache, message: str, near: pygame.Rect) -> None:
    """A small note above (or below) `near`, kept on screen."""
    label = text.fit(message, "body", 16, theme.INK, 520, 12)
    box = label.get_rect().inflate(18, 10)
    box.midbottom = (near.centerx, near.top - 6)
    if box.top < 4:
        box.midtop = (near.centerx, near.bottom + 6)
    box.clamp_ip(surface.get_rect().inflate(-8, -8))
    pygame.draw.rect(surface, (0, 0, 0), box.move(0, 2), border_radius=8)
    pygame.draw.rect(surface, (28, 40, 34), box, border_radius=8)
    pygame.draw.rect(surface, theme.GOLD, box, width=1, border_radius=8)
    surface.blit(label, label.get_rect(center=box.center))
