"""Tooltips: a small note placed beside what is hovered, clear of the other controls, and only on the top scene."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import pygame

from . import paint, theme
from .canvas import Canvas
from .text import TextCache

GAP = 6

_shown = [True]  # False while a covered scene draws: a note of the scene under a dialog never shows


@contextmanager
def tooltips_shown(shown: bool) -> Iterator[None]:
    """Draw tooltips (or not) within the block: App.draw lets only the top scene show one."""
    before = _shown[0]
    _shown[0] = shown
    try:
        yield
    finally:
        _shown[0] = before


def tooltips_on() -> bool:
    """False while a covered scene draws: a note drawn by a scene's own hand shows only when its tooltips would."""
    return _shown[0]


def tooltip_box(size: tuple[int, int], near: pygame.Rect, bounds: pygame.Rect,
                avoid: Sequence[pygame.Rect] = (), spare: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a note of `size` goes for the control `near`: above it, else below, right or left, the first place
    inside `bounds` that covers none of the other controls in `avoid`; else at the top of the first of the `spare`
    places (room the player can do without meanwhile) where it covers none; above (kept inside) when none is clear."""
    box = pygame.Rect((0, 0), size)
    places = (("midbottom", (near.centerx, near.top - GAP)), ("midtop", (near.centerx, near.bottom + GAP)),
              ("midleft", (near.right + GAP, near.centery)), ("midright", (near.left - GAP, near.centery)))
    others = [rect for rect in avoid if rect != near]
    for anchor, point in places:
        candidate = box.copy()
        setattr(candidate, anchor, point)
        if bounds.contains(candidate) and candidate.collidelist(others) < 0:
            return candidate
    for room in spare:
        candidate = box.copy()
        candidate.midtop = room.midtop
        if bounds.contains(candidate) and candidate.collidelist(others) < 0:
            return candidate
    box.midbottom = (near.centerx, near.top - GAP)
    if box.top < bounds.top:
        box.midtop = (near.centerx, near.bottom + GAP)
    return box.clamp(bounds)


def note_place(text: TextCache, message: str, near: pygame.Rect, screen: pygame.Rect, avoid: Sequence[pygame.Rect] = (),
               spare: Sequence[pygame.Rect] = ()) -> tuple[Canvas, pygame.Rect]:
    """The note's words drawn, and where its box stands on `screen` (as `draw_tooltip` places it)."""
    label = text.fit(message, "body", 16, theme.INK, 520, 12)
    return label, tooltip_box(label.get_rect().inflate(18, 10).size, near, screen.inflate(-8, -8), avoid, spare)


def draw_tooltip(surface: Canvas, text: TextCache, message: str, near: pygame.Rect,
                 avoid: Sequence[pygame.Rect] = (), spare: Sequence[pygame.Rect] = ()) -> None:
    """A small note beside `near`, on screen and clear of the controls in `avoid` (in a `spare` place when nothing
    beside it is clear); none from a covered scene."""
    if not _shown[0]:
        return
    label, box = note_place(text, message, near, surface.get_rect(), avoid, spare)
    paint.rect(surface, (0, 0, 0), box.move(0, 2), border_radius=8)
    paint.rect(surface, (28, 40, 34), box, border_radius=8)
    paint.rect(surface, theme.GOLD, box, width=1, border_radius=8)
    surface.blit(label, label.get_rect(center=box.center))
