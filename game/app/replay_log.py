"""The replay's deal so far in words: the table's deal log worded for a replay (every hand open, no player's
own seat), drawn newest last in the room under the seats."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..engine.events import SessionStart
from ..locale import tr
from ..replay import Replay
from . import theme
from .canvas import Canvas
from .table.deal_log import LogLine, deal_log_lines
from .text import TextCache
from .widgets import draw_panel

LINE_SIZE = 14
KIND_COLOURS = {"stop": (255, 214, 200), "boodle": theme.GOLD, "out": theme.GOLD, "end": theme.GOLD}


def replay_log(replay: Replay, position: int, names: Sequence[str]) -> list[LogLine]:
    """The deal at `position` told line by line up to it, each seat by its name in `names`."""
    steps = replay.steps[:position + 1]
    events = [step.event for step in steps]
    first = events[0] if events else None
    optional = isinstance(first, SessionStart) and first.rules.get("follow") == "optional"

    def name(seat: int) -> object:
        return names[seat] if 0 <= seat < len(names) else tr("replay.seat", number=seat + 1)
    return deal_log_lines(events, None, name, optional, paid_to_dealer=bool(steps) and steps[-1].state.paid_to_dealer)


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
