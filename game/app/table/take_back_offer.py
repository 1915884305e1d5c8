"""The take back as the player meets it at the table: its key (Ctrl+Z), its button among the decision's, and
the caption over the button saying what it undoes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...locale import tr
from .. import theme
from ..canvas import Canvas
from ..text import suit_runs
from ..widgets import Button
from .stage import Stage

MODIFIERS = pygame.KMOD_CTRL | pygame.KMOD_META  # Ctrl+Z, or Cmd+Z on a Mac
CAPTION_SIZE = 14
CAPTION_OVERHANG = 6  # a hair past the panel: further left, the status band or the prompt may be
CAPTION_ROOM = 6  # more room than the buttons' gap between the take back and the decision's buttons


@dataclass(frozen=True)
class TakeBackOffer:
    """A take back the player may make now: what it undoes, in words, and what makes it."""

    caption: str
    take_back: Callable[[], None]


def is_take_back_key(event: pygame.event.Event) -> bool:
    """Ctrl+Z (Cmd+Z): the take back's key, never a decision's (Z alone does nothing at the table)."""
    return event.type == pygame.KEYDOWN and event.key == pygame.K_z and bool(getattr(event, "mod", 0) & MODIFIERS)


def take_back_spec(offer: TakeBackOffer) -> tuple[str, str, Callable[[], None], int | None, bool, str]:
    """The take back's button as the decision panel lists its buttons (label, keycap, action, hotkey, enabled,
    tooltip); its key is read by the table (`is_take_back_key`), not by the panel."""
    return (tr("take_back.button"), tr("take_back.key"), offer.take_back, None, True, tr("take_back.tip"))


def draw_caption(surface: Canvas, button: Button, caption: str, stage: Stage) -> None:
    """What the take back undoes, over its button ("Take back your lead of 9♦")."""
    text = stage.text
    room = button.rect.width + CAPTION_OVERHANG
    size = text.fit_size(caption, "bold", CAPTION_SIZE, room, 11)
    if text.width(caption, "bold", size) > room:
        text.overflows.add(caption)
    line = text.render_runs(suit_runs(caption, theme.INK, theme.suits_on_dark(stage.decks.four_colour)), "bold", size)
    surface.blit(line, line.get_rect(bottomright=(button.rect.right - 4, button.rect.y - 4)))
