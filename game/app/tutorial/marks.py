"""Coach marks: the coach's panel of words, a highlight round what it speaks of, and an arrow from one to the
other, with the rest of the table dimmed while the coach explains."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from .. import paint, theme
from ..canvas import Canvas
from ..comfort import swaying
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


def panel_sizes(text: TextCache, body: str, has_button: bool) -> tuple[int, int]:
    """The title's and the words' sizes: as designed, or given back towards their 100% look (the words first)
    until the panel fits its corner's MAX_PANEL_H."""
    def fits(title_size: int, body_size: int) -> bool:
        return _height(text, title_size, body_size, body, has_button) <= MAX_PANEL_H
    for body_size in text.sizes_down(BODY_SIZE):
        if fits(TITLE_SIZE, body_size):
            return TITLE_SIZE, body_size
    smallest = text.sizes_down(BODY_SIZE)[-1]
    titles = text.sizes_down(TITLE_SIZE)
    return next((size for size in titles if fits(size, smallest)), titles[-1]), smallest


def _height(text: TextCache, title_size: int, body_size: int, body: str, has_button: bool) -> int:
    lines = text.wrap(body, "body", body_size, PANEL_W - 2 * PAD)
    step = round(text.font("body", body_size).get_linesize() * 1.15)
    words = step * (len(lines) - 1) + text.font("body", body_size).get_height()
    title_h = text.font("bold", title_size).get_height()
    return PAD + title_h + GAP + words + (GAP + BUTTON_H if has_button else 0) + PAD


def panel_height(text: TextCache, title: str, body: str, has_button: bool) -> int:
    """The height the panel needs for its title, its words and, when it has one, its Next button."""
    return _height(text, *panel_sizes(text, body, has_button), body, has_button)


def panel_rect(size: tuple[int, int], place: str, height: int) -> pygame.Rect:
    """The panel in its corner: top left or top right."""
    x = MARGIN[0] if place == "top_left" else size[0] - MARGIN[0] - PANEL_W
    return pygame.Rect(x, MARGIN[1], PANEL_W, min(height, MAX_PANEL_H))


def next_button(text: TextCache, panel: pygame.Rect, label: str, keycap: str) -> Button:
    """The panel's Next button, at its lower right."""
    width = button_width(text, label, 18, keycap, minimum=130)
    rect = pygame.Rect(panel.right - PAD - width, panel.bottom - PAD - BUTTON_H, width, BUTTON_H)
    return Button(rect, label, lambda: None, pygame.K_RETURN, size=18, keycap=keycap)


def draw_spotlight(surface: Canvas, targets: Sequence[pygame.Rect]) -> None:
    """Dim the table but for the targets."""
    sheet = Canvas.new(surface.get_size(), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, DIM))
    for rect in targets:
        paint.rect(sheet, (0, 0, 0, 0), rect.inflate(14, 14), border_radius=10)
    surface.blit(sheet, (0, 0))


def draw_highlights(surface: Canvas, targets: Sequence[pygame.Rect], clock: float) -> None:
    """A gold ring round each target, breathing."""
    glow = 0.5 + 0.5 * math.sin(swaying(clock) * 4.0)
    width = 3 + round(glow * 2)
    for rect in targets:
        ring = rect.inflate(12 + round(glow * 4), 12 + round(glow * 4))
        paint.rect(surface, (0, 0, 0), ring.move(0, 2), width=width, border_radius=10)
        paint.rect(surface, theme.GOLD, ring, width=width, border_radius=10)


Point = tuple[float, float]
Arrow = tuple[Point, Point]  # from the panel's edge to a point on the target
NEAR = 48  # a target this close to the panel needs no arrow: its ring is beside the words
INSIDE = 8  # how far into its target an arrow's tip reaches


def _facing(a0: int, a1: int, b0: int, b1: int) -> tuple[float, float]:
    """The nearest coordinates of two spans: the middle of their overlap, or their facing ends."""
    low, high = max(a0, b0), min(a1, b1)
    if low <= high:
        return (low + high) / 2, (low + high) / 2
    return (a1, b0) if a1 < b0 else (a0, b1)


def arrow_line(panel: pygame.Rect, target: pygame.Rect) -> Arrow:
    """From the panel's edge nearest the target to a point just inside the target's nearest edge."""
    x0, x1 = _facing(panel.left, panel.right - 1, target.left, target.right - 1)
    y0, y1 = _facing(panel.top, panel.bottom - 1, target.top, target.bottom - 1)
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    inner = target.inflate(-2, -2)
    x = min(max(x1 + (x1 - x0) / length * INSIDE, inner.left), inner.right - 1)
    y = min(max(y1 + (y1 - y0) / length * INSIDE, inner.top), inner.bottom - 1)
    return (x0, y0), (x, y)


def choose_arrow(panel: pygame.Rect, targets: Sequence[pygame.Rect], things: Sequence[pygame.Rect]) -> Arrow | None:
    """The arrow to the first target it reaches crossing none of the other `things` drawn (text lines, cards,
    plates); None when a target is beside the panel already, or none can be reached cleanly (the rings suffice)."""
    lines = [arrow_line(panel, target) for target in targets]
    if any(math.dist(start, end) < NEAR for start, end in lines):
        return None
    for target, (start, end) in zip(targets, lines):
        if not any(thing.clipline(start, end) for thing in things if not thing.colliderect(target)):
            return start, end
    return None


def draw_arrow(surface: Canvas, arrow: Arrow) -> None:
    """An arrow from the panel's edge, its tip on the target."""
    start, end = arrow
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    head = 16
    base = (end[0] - ux * head, end[1] - uy * head)
    wing = (-uy * 9, ux * 9)
    for colour, shift in (((0, 0, 0), 2), (ARROW, 0)):
        a = (start[0], start[1] + shift)
        b = (base[0], base[1] + shift)
        paint.line(surface, colour, a, b, 5)
        paint.polygon(surface, colour, [(end[0], end[1] + shift), (base[0] + wing[0], base[1] + wing[1] + shift),
                                              (base[0] - wing[0], base[1] - wing[1] + shift)])


def draw_coach_panel(surface: Canvas, text: TextCache, panel: pygame.Rect, title: str, body: str,
                     button: Button | None, focused: bool) -> None:
    """The coach's words in their panel, with the Next button when the step only explains."""
    draw_panel(surface, panel, alpha=245, radius=14)
    paint.rect(surface, theme.GOLD, panel, width=2, border_radius=14)
    title_size, body_size = panel_sizes(text, body, button is not None)
    text.draw(surface, title, (panel.x + PAD, panel.y + PAD), role="bold", size=title_size, colour=theme.GOLD,
              max_width=panel.width - 2 * PAD, min_size=min(title_size, 15))
    words = text.render_wrapped(body, "body", body_size, theme.INK, panel.width - 2 * PAD)
    top = panel.y + PAD + text.font("bold", title_size).get_height() + GAP
    room = panel.bottom - PAD - (BUTTON_H + GAP if button is not None else 0) - top
    if words.get_height() > room:
        text.overflows.add(body)  # the fit tests catch words too long for their corner
    surface.blit(words, (panel.x + PAD, top), pygame.Rect(0, 0, words.get_width(), max(0, room)))
    if button is not None:
        button.draw(surface, text, focused, False)
