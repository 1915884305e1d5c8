"""The replay's deal so far, drawn newest last in the room under the seats: the table's deal log told over the
replay's events (`replay_words.py`)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..locale import tr
from ..replay import Replay
from . import theme
from .canvas import Canvas
from .replay_words import replay_log
from .text import TextCache
from .widgets import draw_panel

LINE_SIZE = 14
KIND_COLOURS = {"stop": (255, 214, 200), "boodle": theme.GOLD, "out": theme.GOLD, "end": theme.GOLD}


def draw_replay_log(surface: Canvas, text: TextCache, area: pygame.Rect, replay: Replay, position: int,
                    names: Sequence[str], deal: int) -> None:
    """The deal so far in a panel filling `area`: its newest lines, as many as fit, oldest cut first."""
    if area.height < 48 or deal <= 0:
        return
    draw_panel(surface, area, alpha=215, radius=12)
    text.draw(surface, tr("deal_log.title", deal=deal), (area.x + 14, area.y + 8), role="bold", size=15,
              colour=theme.GOLD, max_width=area.width - 28, min_size=11)
    lines = replay_log(replay, position, names)
    room = pygame.Rect(area.x + 14, area.y + 30, area.width - 28, area.height - 38)
    y = room.bottom
    for line in reversed(lines):
        image = text.render_wrapped(str(line), "body", LINE_SIZE, KIND_COLOURS.get(line.kind, theme.INK),
                                    room.width)
        if y - image.get_height() < room.y:
            break
        y -= image.get_height() + 2
        surface.blit(image, (room.x, y))
