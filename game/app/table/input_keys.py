"""The keys the human's decisions at the table listen to, shared by the seat, the bid's stepper and the tutorial."""

from __future__ import annotations

import pygame

NUMBER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
               pygame.K_9)
KEYPAD_KEYS = (pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4, pygame.K_KP5, pygame.K_KP6, pygame.K_KP7,
               pygame.K_KP8, pygame.K_KP9)
ADD_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_UP)
REMOVE_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_UNDERSCORE, pygame.K_DOWN)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)  # not Space: it hurries the table, and must never play a card


def number_of(key: int) -> int | None:
    """0 for the 1 key, 1 for the 2 key ... (top row or keypad), else None."""
    if key in NUMBER_KEYS:
        return NUMBER_KEYS.index(key)
    if key in KEYPAD_KEYS:
        return KEYPAD_KEYS.index(key)
    return None
