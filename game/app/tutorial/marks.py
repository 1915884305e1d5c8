"""Coach marks: the coach's panel of words, a highlight round what it speaks of, and an arrow from one to the
other, with the rest of the table dimmed while the coach explains."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from .. import theme
from ..text import TextCache
from ..widgets import Button, button_width, draw_panel

PANEL_W = 400
MAX_PANEL_H = 232  # the corners above the side seats: room down to the boodle cards and the side plates
MARGIN = (20, 16)  # from the screen's left (or right) edge and its top
PAD = 16
TITLE_SIZE = 21
BODY_SIZE = 17
BUTTON_H = 38
GAP = 8
DIM = 120  # the veil over the table while the coach explains
ARROW = (255, 214, 102)


def panel_height(text: TextCache, title: str, body: str, has_button: bool) -> int:
    """The height the panel needs for its title, its words and, when it has one, its Next button."""
    lines = text.wrap(body, "body", BODY_SIZE, PANEL_W - 2 * PAD)
    step = round(text.font("body", BODY_SIZE).get_linesize() * 1.15)
    words = step * (len(lines) - 1) + text.font("body", BODY_SIZE).get_height()
    title_h = text.font("bold", TITLE_SIZE).get_height()
    return PAD + title_h + GAP + words + (GAP + BUTTON_H if has_button else 0) + PAD


def panel_rect(size: tuple[int, int], place: str, height: int) -> pygame.Rect:
    """The panel in its corner: top left or top right."""
    x = MARGIN[0] if place == "top_left" else size[0] - MARGIN[0] - PANEL_W
    return pygame.Rect(x, MARGIN[1], PANEL_W, min(height, MAX_PANEL_H))


def next_button(text: TextCache, panel: pygame.Rect, label: str, keycap: str) -> Button:
    """The panel's Next button, at its lower right."""
    width = button_width(text, label, 18, keycap, minimum=130)
    rect = pygame.Rect(panel.right - PAD - width, panel.bottom - PAD - BUTTON_H, width, BUTTON_H)
    return Button(rect, label, lambda: None, pygame.K_RETURN, size=18, keycap=keycap)


def draw_spotlight(surface: pygame.Surface, targets: Sequence[pygame.Rect]) -> None:
    """Dim the table but for the targets."""
    sheet = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, DIM))
    for rect in targets:
        pygame.draw.rect(sheet, (0, 0, 0, 0), rect.inflate(14, 14), border_radius=10)
    surface.blit(sheet, (0, 0))


def draw_highlights(surface: pygame.Surface, targets: Sequence[pygame.Rect], clock: float) -> None:
    """A gold ring round each target, breathing."""
    glow = 0.5 + 0.5 * math.sin(clock * 4.0)
    width = 3 + round(glow * 2)
    for rect in targets:
        ring = rect.inflate(12 + round(glow * 4), 12 + round(glow * 4))
        pygame.draw.rect(surface, (0, 0, 0), ring.move(0, 2), width=width, border_radius=10)
        pygame.draw.rect(surface, theme.GOLD, ring, width=width, border_radius=10)


def _nearest(rect: pygame.Rect, point: tuple[float, float]) -> tuple[float, float]:
    """The point of `rect` nearest to `point`."""
    return (min(max(point[0], rect.left), rect.right), min(max(point[1], rect.top), rect.bottom))


def draw_arrow(surface: pygame.Surface, panel: pygame.Rect, target: pygame.Rect) -> None:
    """An arrow from the panel's edge to the target's ring."""
    ring = target.inflate(20, 20)
    start = _nearest(panel, ring.center)
    end = _nearest(ring, start)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 24:
        return
    ux, uy = dx / length, dy / length
    head = 16
    base = (end[0] - ux * head, end[1] - uy * head)
    wing = (-uy * 9, ux * 9)
    for colour, shift in (((0, 0, 0), 2), (ARROW, 0)):
        a = (start[0], start[1] + shift)
        b = (base[0], base[1] + shift)
        pygame.draw.line(surface, colour, a, b, 5)
        pygame.draw.polygon(surface, colour, [(end[0], end[1] + shift), (base[0] + wing[0], base[1] + wing[1] + shift),
                                              (base[0] - wing[0], base[1] - wing[1] + shift)])


def draw_coach_panel(surface: pygame.Surface, text: TextCache, panel: pygame.Rect, title: str, body: str,
                     button: Button | None, focused: bool) -> None:
    """The coach's words in their panel, with the Next button when the step only explains."""
    draw_panel(surface, panel, alpha=245, radius=14)
    pygame.draw.rect(surface, theme.GOLD, panel, width=2, border_radius=14)
    text.draw(surface, title, (panel.x + PAD, panel.y + PAD), role="bold", size=TITLE_SIZE, colour=theme.GOLD,
              max_width=panel.width - 2 * PAD, min_size=15)
    words = text.render_wrapped(body, "body", BODY_SIZE, theme.INK, panel.width - 2 * PAD)
    top = panel.y + PAD + text.font("bold", TITLE_SIZE).get_height() + GAP
    room = panel.bottom - PAD - (BUTTON_H + GAP if button is not None else 0) - top
    if words.get_height() > room:
        text.overflows.add(body)  # the fit tests catch words too long for their corner
    surface.blit(words, (panel.x + PAD, top), pygame.Rect(0, 0, words.get_width(), max(0, room)))
    if button is not None:
        button.draw(surface, text, focused, False)
