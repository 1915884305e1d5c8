"""The window a second copy of the game shows when the data folder is already in use, before any App exists.

It reads and writes nothing of the player's: no settings are loaded (the language comes from the caller),
no sound starts; it says its piece until a key, a click or the close button, then closes.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from ..locale import tr
from ..locale.shown import shown_name
from . import theme
from .assets import Assets
from .canvas import Canvas
from .text import TextCache
from .widgets import notice_panel
from .window import Window

PANEL_SIZE = (900, 300)


def show_busy_folder(folder: Path, holder: int | None, *, headless: bool = False) -> None:
    """Tell the player the game is already open on `folder` (process `holder`); wait for them unless
    `headless`, where one frame is drawn."""
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    try:
        pygame.display.set_caption("Newmarket")
        window = Window(theme.SCREEN_SIZE, headless)
        text = TextCache(Assets(audio=False))
        clock = pygame.time.Clock()
        while True:
            window.sync()
            draw_busy(window.picture, text, folder, holder)
            window.present()
            pygame.display.flip()
            if headless or any(event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
                               for event in pygame.event.get()):
                return
            clock.tick(30)
    finally:
        pygame.quit()


def draw_busy(surface: Canvas, text: TextCache, folder: Path, holder: int | None) -> None:
    """The message in a panel on the dark felt colour."""
    panel, room = notice_panel(surface, text, tr("guard.busy.title"), PANEL_SIZE)
    words = tr("guard.busy.body", folder=shown_name(folder))
    if holder is not None:
        words += " " + tr("guard.busy.holder", pid=holder)
    body = text.render_wrapped(words, "body", 20, theme.INK, room, align="center")
    surface.blit(body, body.get_rect(midtop=(panel.centerx, panel.y + 96)))
    text.draw(surface, tr("guard.busy.close"), (panel.centerx, panel.bottom - 40), size=18, colour=theme.INK_DIM,
              anchor="center", max_width=room)
