"""The one calm screen after something went wrong: whether the session was kept, where the report is, close.

It leans on as little as it can: no artwork, no backdrop, only the text cache; if even that fails to draw,
it shows a plain dark screen and still closes on a key, a click or the window's close button.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import pygame

from ...locale import tr
from .. import theme
from ..canvas import Canvas
from ..scene import Scene
from ..text import TextCache
from ..widgets import notice_panel

if TYPE_CHECKING:
    from ..app import App

SessionFate = Literal["kept", "lost", "none"]
PANEL_SIZE = (900, 380)
SETTLE_SECONDS = 0.6  # a key already held down when the game broke must not close the screen unread


class CrashScene(Scene):
    """Says that something went wrong, what became of the session and where the report is; any key closes."""

    music = None

    def __init__(self, app: App, report: Path | None, session: SessionFate = "none", why: str = "") -> None:
        super().__init__(app)
        self.report = report
        self.session = session
        self.why = why
        self.shown_for = 0.0

    def lines(self) -> list[str]:
        """The sentences under the heading, in order."""
        fate = {"kept": tr("guard.crash.kept"), "lost": tr("guard.crash.lost", why=self.why),
                "none": tr("guard.crash.nothing_lost")}[self.session]
        where = tr("guard.crash.report") if self.report is not None else tr("guard.crash.no_report")
        return [fate, where]

    def update(self, dt: float) -> None:
        """Count the time shown, so that input only closes the screen once it could have been read."""
        self.shown_for += dt

    def handle_event(self, event: pygame.event.Event) -> None:
        """Any key or click closes the game (after a moment)."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.shown_for >= SETTLE_SECONDS:
            self.app.quit()

    def draw(self, surface: Canvas) -> None:
        """The panel; a plain dark screen if the panel itself cannot be drawn."""
        try:
            self._draw_panel(surface)
        except Exception:  # noqa: BLE001 - the last screen must not fail: a blank one still closes on a key
            surface.fill(theme.PANEL)

    def _draw_panel(self, surface: Canvas) -> None:
        """Heading, what became of the session, where the report is, and how to close."""
        text = self.app.text
        panel, room = notice_panel(surface, text, tr("guard.crash.title"), PANEL_SIZE)
        y = panel.y + 96
        for line in self.lines():
            body = text.render_wrapped(line, "body", 20, theme.INK, room, align="center")
            surface.blit(body, body.get_rect(midtop=(panel.centerx, y)))
            y += body.get_height() + 14
        for line in path_lines(text, str(self.report), room) if self.report is not None else []:
            y = text.draw(surface, line, (panel.centerx, y), role="bold", size=18, colour=theme.GOLD,
                          anchor="midtop", max_width=room, min_size=11).bottom + 2
        text.draw(surface, tr("guard.crash.close"), (panel.centerx, panel.bottom - 40), size=18,
                  colour=theme.INK_DIM, anchor="center", max_width=room)


def path_lines(text: TextCache, path: str, room: int) -> list[str]:
    """`path` in lines that fit `room`, broken after its separators (a report path must be read whole)."""
    lines, line = [], ""
    for part in re.split(r"(?<=[\\/])", path):
        if line and text.width(line + part, "bold", 18) > room:
            lines.append(line)
            line = ""
        line += part
    return [*lines, line]
