"""A session's end celebrated: confetti in waves over the standings, and the sting; in one place, so that a
gentler celebration (for players who want less moving on screen) is one switch here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .table.animation import Confetti, Timeline
from .table.moment_art import PlateGlow

if TYPE_CHECKING:
    from .app import App

WAVES = 3  # bursts of confetti, one after another
WAVE_GAP = 0.9  # seconds between two waves
PIECES = 90  # pieces in one burst


def confetti_waves(size: tuple[int, int], *, around: pygame.Rect | None = None, reduced: bool = False) -> Timeline:
    """Confetti bursting across the top of a `size` screen in waves (one small wave when `reduced`), and a gold
    glow `around` the standings."""
    w, h = size
    party = Timeline()
    if around is not None:
        party.add(PlateGlow(around, 8.0))
    for wave in range(1 if reduced else WAVES):
        for i, x in enumerate((0.22, 0.5, 0.78)):
            shift = (wave % 2) * 0.1 - 0.05
            party.add(Confetti((w * (x + shift), h * (0.3 + 0.05 * wave)), PIECES // 3 if reduced else PIECES, 3.2,
                               seed=wave * 7 + i + 1, delay=wave * WAVE_GAP))
    return party


def play_sting(app: App, won: bool) -> None:
    """The music's win sting for a session won (the fanfare effect where the music is silent), or the sympathetic
    sound of a session lost."""
    if won and app.music.sting("win"):
        return
    app.assets.play("session_won" if won else "session_lost")
