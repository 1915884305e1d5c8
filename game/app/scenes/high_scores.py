"""The campaign's high-score table: the top 10, and the name entry when a finished road's score makes it.

The name is typed (text input events, so any keyboard layout works), Backspace deletes, Enter confirms and
Esc leaves without entering. The table is kept in `<data>/high_scores.json` (game.campaign.high_scores_file).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...campaign.high_scores_file import load_high_scores, save_high_scores
from ...campaign.scores import MAX_NAME, TABLE_SIZE, BadNameError, HighScores
from ...locale import tr
from ...locale.dates import short_date
from .. import paint, theme
from ..canvas import Canvas
from ..scene import Scene
from ..widgets import ButtonEntry, Menu, button_row, draw_panel
from .common import draw_message, felt_backdrop, heading, hint_bar

if TYPE_CHECKING:
    from ..app import App

ROW_H = 36


class HighScoresScene(Scene):
    """The top-10 table; with a `score` that qualifies, the name entry comes first."""

    def __init__(self, app: App, score: int | None = None, *, on_entered: Callable[[], None] | None = None,
                 today: dt.date | None = None, hints: int | None = None) -> None:
        super().__init__(app)
        self.scores, self.message = self._load()
        self.score = score
        self.hints = hints  # the hints the road was played with, kept beside its score
        self.on_entered = on_entered
        self.today = today or dt.date.today()
        self.name = ""
        self.entering = score is not None and self.scores.qualifies(score)
        self.rank: int | None = None  # the line just entered, highlighted
        self.t = 0.0
        self.menu = Menu()
        self._build_menu()

    def _load(self) -> tuple[HighScores, str]:
        scores, problem = load_high_scores(self.app.data_dir)
        return scores, problem or ""

    def _build_menu(self, keep_focus: bool = False) -> None:
        entries: list[ButtonEntry] = [(tr("high_scores.confirm"), self.confirm, None, tr("table.enter_key"), True)] \
            if self.entering else []
        entries.append((tr("high_scores.skip") if self.entering else tr("high_scores.back"), self.back, None, "Esc",
                        True))
        self.menu.set(button_row(self.app.text, entries), keep_focus=keep_focus)

    def relabel(self) -> None:
        """The language changed: the buttons again in the new words."""
        self._build_menu(keep_focus=True)

    # --- actions --------------------------------------------------------------------------------

    def confirm(self) -> None:
        """Put the typed name on the table with the score, and save it."""
        if not self.entering or self.score is None:
            return
        try:
            rank = self.scores.add(self.name, self.score, self.today, self.hints)
        except BadNameError as error:
            self.message = str(error)
            return
        self.entering = False
        self.rank = rank
        problem = save_high_scores(self.app.data_dir, self.scores)
        self.message = problem or (tr("high_scores.placed", rank=rank) if rank else "")
        if self.on_entered is not None:
            self.on_entered()
        self._build_menu()

    # --- input and time -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Typing, Backspace, Enter and Esc while entering; the buttons otherwise."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if self.entering:
            if event.type == pygame.TEXTINPUT:
                self.type_text(event.text)
                return
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_BACKSPACE:
                    self.name = self.name[:-1]
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    self.confirm()
                return  # letters arrive as text input; Space too, so it must not press a button
        self.menu.handle_event(event)

    def type_text(self, typed: str) -> None:
        """Add typed characters to the name, printable ones only and up to the longest name the table keeps."""
        for ch in typed:
            if ch.isprintable() and len(self.name) < MAX_NAME:
                self.name += ch

    def update(self, dt: float) -> None:
        """The caret blinks."""
        self.t += dt

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, surface: Canvas) -> None:
        """The felt, the name entry (when asked) and the table."""
        text = self.app.text
        felt_backdrop(surface)
        heading(surface, text, tr("high_scores.title"), tr("high_scores.subtitle"), y=22)
        top = 140
        if self.entering and self.score is not None:
            box = pygame.Rect(64, top, 1152, 110)
            draw_panel(surface, box, alpha=235)
            text.draw(surface, tr("high_scores.your_score", score=self.score), (box.x + 24, box.y + 16), role="bold",
                      size=18, colour=theme.GOLD, max_width=box.width - 48, min_size=13)
            field = pygame.Rect(box.x + 24, box.y + 50, 460, 44)
            paint.rect(surface, (6, 20, 14), field, border_radius=8)
            paint.rect(surface, theme.GOLD, field, 2, border_radius=8)
            shown = text.draw(surface, self.name, (field.x + 12, field.centery), role="bold", size=22,
                              colour=theme.INK, anchor="midleft", max_width=field.width - 28, min_size=14) \
                if self.name else None
            caret_x = (shown.right + 2) if shown is not None else field.x + 12
            if int(self.t * 2) % 2 == 0:
                paint.line(surface, theme.INK, (caret_x, field.y + 9), (caret_x, field.bottom - 9), 2)
            text.draw(surface, f"{len(self.name)}/{MAX_NAME}", (field.right + 14, field.centery), role="body",
                      size=15, colour=theme.INK_DIM, anchor="midleft")
            top = box.bottom + 16
        self._draw_table(surface, pygame.Rect(64, top, 1152, 620 - top))
        if self.message:
            draw_message(surface, text, self.message, (self.menu.buttons[0].rect.x if self.menu.buttons else 864) - 84)
        self.menu.draw(surface, text)
        hint = tr("high_scores.hint_entering") if self.entering else tr("high_scores.hint")
        hint_bar(surface, text, hint)

    def _draw_table(self, surface: Canvas, box: pygame.Rect) -> None:
        text = self.app.text
        draw_panel(surface, box, alpha=225)
        entries = self.scores.entries
        if not entries:
            text.draw(surface, tr("high_scores.empty"), box.center, role="body", size=18, colour=theme.INK_DIM,
                      anchor="center", max_width=box.width - 48)
            return
        row_h = min(ROW_H, (box.height - 50) // TABLE_SIZE)
        columns = (box.x + 50, box.x + 110, box.x + 560, box.x + 720, box.x + 900)
        y = box.y + 14
        heads = (tr("high_scores.columns.rank"), tr("high_scores.columns.name"), tr("high_scores.columns.score"),
                 tr("high_scores.columns.hints"), tr("high_scores.columns.date"))
        rooms = (40, *(right - left - 20 for left, right in zip(columns[1:], columns[2:])), box.right - columns[4] - 20)
        for number, (x, head, room) in enumerate(zip(columns, heads, rooms)):
            text.draw(surface, head, (x, y), role="bold", size=15, colour=theme.INK_DIM,
                      anchor="midtop" if number == 0 else "topleft", max_width=room)
        y += 26
        for index, entry in enumerate(entries):
            row = pygame.Rect(box.x + 20, y, box.width - 40, row_h - 4)
            if self.rank == index + 1:
                paint.rect(surface, (40, 80, 56), row, border_radius=8)
                paint.rect(surface, theme.GOLD, row, 2, border_radius=8)
            text.draw(surface, str(index + 1), (columns[0], row.centery), role="bold", size=17, colour=theme.GOLD,
                      anchor="center")
            text.draw(surface, entry.name, (columns[1], row.centery), role="bold", size=17, colour=theme.INK,
                      anchor="midleft", max_width=rooms[1])
            text.draw(surface, str(entry.score), (columns[2], row.centery), role="title", size=19, colour=theme.GOLD,
                      anchor="midleft")
            hints = "—" if entry.hints is None else str(entry.hints)  # an entry from before hints counted
            text.draw(surface, hints, (columns[3], row.centery), role="body", size=16, colour=theme.INK,
                      anchor="midleft", max_width=rooms[3], min_size=12)
            text.draw(surface, table_date(entry.date), (columns[4], row.centery), role="body", size=16,
                      colour=theme.INK_DIM, anchor="midleft", max_width=rooms[4], min_size=12)
            y += row_h


def table_date(iso: str) -> str:
    """A table entry's ISO date as the current language writes it ("29 November 2026")."""
    try:
        return short_date(dt.date.fromisoformat(iso))
    except ValueError:
        return iso
