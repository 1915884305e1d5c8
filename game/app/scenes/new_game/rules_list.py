"""New game's list of rules files: its heading, and the ▲ ▼ arrows and count that scroll it (a helper module:
it holds no scene)."""

from __future__ import annotations

import pygame

from ....locale import tr
from ... import theme
from ...canvas import Canvas
from ...text import TextCache
from ...widgets import button_width


def scroll_arrows(text: TextCache, area: pygame.Rect, total: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The list's ▲ and ▼ over its right end, either side of the count; a click on one scrolls a row."""
    down = pygame.Rect(area.right - 24, area.y - 30, 24, 24)
    widest = tr("new_game.rules_shown", first=total, last=total, total=total)
    return down.move(-(text.width(widest, "body", 14) + 8 + 24), 0), down


def heading_line(text: TextCache, area: pygame.Rect, total: int, rows: int) -> tuple[int, pygame.Rect]:
    """The line over the list: the room of "Rules file" and where the editor's button goes just after it, both
    clear of the count and its arrows when the `total` files are more than its `rows` (larger print takes from
    the heading first)."""
    right = scroll_arrows(text, area, total)[0].x - 8 if total > rows else area.right
    label = tr("rules_editor.open")
    want = button_width(text, label, 16, pad=12)
    natural = min(area.width // 2, text.width(tr("new_game.rules_file"), "title", 20))
    room = max(min(natural, right - 16 - want - area.x), min(natural, area.width * 2 // 5))
    return room, pygame.Rect(area.x + room + 16, area.y - 34, min(want, right - area.x - room - 16), 30)


def draw_rules_heading(surface: Canvas, text: TextCache, area: pygame.Rect,
                       place: tuple[int, int, int]) -> None:
    """"Rules file" over the list, and when `place` (the first row shown, rows shown, files) has more files than
    rows, the count between ▲ and ▼, each lit while it can scroll."""
    scroll, rows, total = place
    room, _ = heading_line(text, area, total, rows)
    text.draw(surface, tr("new_game.rules_file"), (area.x + 2, area.y - 28), role="title",
              size=text.fit_height("title", 20, 26), colour=theme.GOLD, max_width=room)
    if total <= rows:
        return
    up, down = scroll_arrows(text, area, total)
    for arrow, mark, live in ((up, "▲", scroll > 0), (down, "▼", scroll + rows < total)):
        text.draw(surface, mark, arrow.center, role="body", size=text.fit_height("body", 16, arrow.height),
                  anchor="center", colour=theme.GOLD if live else theme.PANEL_EDGE)
    shown = tr("new_game.rules_shown", first=scroll + 1, last=scroll + rows, total=total)
    text.draw(surface, shown, ((up.right + down.x) // 2, area.y - 26), role="body",
              size=text.fit_height("body", 14, 24), colour=theme.GOLD, anchor="midtop", max_width=down.x - up.right - 4)


def scrolled(event: pygame.event.Event, text: TextCache, area: pygame.Rect, place: tuple[int, int, int],
             slot: int | None, mouse: tuple[int, int]) -> int | None:
    """The first row the list shows after `event`, or None when `event` does not scroll it: Up on its first row
    or Down on its last (`slot`: the row with the focus), the wheel over its `area`, a click on an arrow
    (`place`: the first row shown, rows shown, files)."""
    scroll, rows, total = place
    most = max(0, total - rows)
    if event.type == pygame.KEYDOWN and slot is not None:
        if event.key == pygame.K_UP and slot == 0 and scroll > 0:
            return scroll - 1
        if event.key == pygame.K_DOWN and slot == min(rows, total) - 1 and scroll < most:
            return scroll + 1
        return None
    if event.type == pygame.MOUSEWHEEL and area.collidepoint(mouse):
        return max(0, min(most, scroll - int(event.y)))
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and total > rows:
        for step, rect in zip((1, -1), scroll_arrows(text, area, total)):
            if rect.collidepoint(event.pos):
                return max(0, min(most, scroll - step))
    return None
