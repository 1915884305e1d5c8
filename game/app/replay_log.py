"""The replay's words drawn: the deal so far, newest last in the room under the seats, and the moment at the cursor
with the deal's stops on the board; the table's deal log told over the replay's events (`replay_words.py`)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..locale import tr
from . import theme
from .canvas import Canvas
from .table.deal_log import LogLine
from .text import ELLIPSIS, TextCache
from .widgets import draw_panel

LINE_SIZE = 14
KIND_COLOURS = {"stop": (255, 214, 200), "boodle": theme.GOLD, "out": theme.GOLD, "end": theme.GOLD}
MORE_SIZES = (15, 14, 13, 12)  # the sizes a moment's further lines may take, largest first


def draw_replay_log(surface: Canvas, text: TextCache, area: pygame.Rect, lines: Sequence[LogLine], deal: int) -> None:
    """The deal so far (`lines`) in a panel filling `area`: its newest lines, as many as fit, oldest cut first."""
    if area.height < 48 or deal <= 0:
        return
    draw_panel(surface, area, alpha=215, radius=12)
    text.draw(surface, tr("deal_log.title", deal=deal), (area.x + 14, area.y + 8), role="bold", size=15,
              colour=theme.GOLD, max_width=area.width - 28, min_size=11)
    room = pygame.Rect(area.x + 14, area.y + 30, area.width - 28, area.height - 38)
    y = room.bottom
    for line in reversed(lines):
        image = text.render_wrapped(str(line), "body", LINE_SIZE, KIND_COLOURS.get(line.kind, theme.INK),
                                    room.width)
        if y - image.get_height() < room.y:
            break
        y -= image.get_height() + 2
        surface.blit(image, (room.x, y))


def draw_moment(surface: Canvas, text: TextCache, area: pygame.Rect, lines: Sequence[str],
                stops: Sequence[str]) -> None:
    """The moment at the cursor in `area`: its first line large, the lines that came with it (the payments for the
    cards left, the boodle's shares) smaller under it, then the last few stops of the deal if there is room left."""
    said = lines[0] if lines else ""
    words = text.render_wrapped(said[:1].upper() + said[1:], "bold", 19, theme.INK, area.width, line_spacing=1.05)
    y = surface.blit(words, area.topleft).bottom
    if lines[1:]:
        room = pygame.Rect(area.x, y + 4, area.width, area.bottom - 2 - (y + 4))
        y = draw_more(surface, text, tr("replay.between").join(lines[1:]), room)
    if stops:  # wrapped: a translation's reasons run long
        listed = text.render_wrapped(tr("replay.stops", stops=tr("replay.between").join(stops[-4:])), "body", 15,
                                     theme.INK_DIM, area.width)
        if y + 10 + listed.get_height() <= area.bottom:  # else the moment's own words take the room
            surface.blit(listed, (area.x, y + 10))


def draw_more(surface: Canvas, text: TextCache, words: str, area: pygame.Rect) -> int:
    """`words` wrapped in `area`, in the largest size from 15 down to 12 that fits, else as many lines as fit, the
    last cut short with an ellipsis (the deal so far has them all); where they end."""
    size = next((s for s in MORE_SIZES if text.block_height(words, "body", s, area.width) <= area.height),
                MORE_SIZES[-1])
    rows = text.wrap(words, "body", size, area.width)
    room = max(1, (area.height - text.font("body", size).get_height()) // text.line_height("body", size, 1.15) + 1)
    if len(rows) > room:
        rows = rows[:room - 1] + [text.ellipsize(rows[room - 1] + " " + ELLIPSIS, "body", size, area.width)]
    block = text.render_wrapped("\n".join(rows), "body", size, theme.INK, area.width)
    return surface.blit(block, area.topleft).bottom
