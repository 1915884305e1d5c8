"""New game's list of rules files: its heading, and the ▲ ▼ arrows and count that scroll it (a helper module:
it holds no scene)."""

from __future__ import annotations

import pygame

from ...locale import tr
from .. import theme
from ..canvas import Canvas
from ..text import TextCache


def scroll_arrows(text: TextCache, area: pygame.Rect, total: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The list's ▲ and ▼ over its right end, either side of the count; a click on one scrolls a row."""
    down = pygame.Rect(area.right - 24, area.y - 30, 24, 24)
    widest = tr("new_game.rules_shown", first=total, last=total, total=total)
    return down.move(-(text.width(widest, "body", 14) + 8 + 24), 0), down


def draw_rules_heading(surface: Canvas, text: TextCache, area: pygame.Rect,
                       place: tuple[int, int, int]) -> None:
    """"Rules file" over the list, and when `place` (the first row shown, rows shown, files) has more files than
    rows, the count between ▲ and ▼, each lit while it can scroll."""
    text.draw(surface, tr("new_game.rules_file"), (area.x + 2, area.y - 28), role="title", size=20,
              colour=theme.GOLD, max_width=area.width // 2)
    scroll, rows, total = place
    if total <= rows:
        return
    up, down = scroll_arrows(text, area, total)
    for arrow, mark, live in ((up, "▲", scroll > 0), (down, "▼", scroll + rows < total)):
        text.draw(surface, mark, arrow.center, role="body", size=16, anchor="center",
                  colour=theme.GOLD if live else theme.PANEL_EDGE)
    shown = tr("new_game.rules_shown", first=scroll + 1, last=scroll + rows, total=total)
    text.draw(surface, shown, ((up.right + down.x) // 2, area.y - 26), role="body", size=14, colour=theme.GOLD,
              anchor="midtop", max_width=down.x - up.right - 4)
