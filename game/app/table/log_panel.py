"""The deal log at the table: a side panel at the left of the felt, in the tallest stretch of the left column that
no seat takes (the board, the hand, the controls and every seat stay in view), opened and closed by L or its
button, and left open while play goes on if the player likes, across deals.
Newest last; it follows the newest line unless the player has scrolled up (wheel, PgUp PgDn, Home End, and the
arrows while no decision of theirs wants them)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...locale import language, tr
from .. import paint, theme
from ..canvas import Canvas
from ..comfort import text_size
from ..pad_words import keyed
from ..text import suit_runs
from ..widgets import Button
from .charms.places import tray_bounds
from .deal_log import DealLog
from .model import HUMAN
from .stage import Stage

LOG_KEY = pygame.K_l
ROW_H = 18
TEXT_SIZE = 14
HEAD_H = 34
FOOT_H = 20
SHORT_HEAD_H, SHORT_FOOT_H = 26, 16  # a short panel (between seats) keeps five rows with a tighter frame
SHORT = 200  # panels shorter than this are short
TINY = 120  # and shorter than this (beside the charm tray at 7-8 seats) rows only: the button over it names it
TINY_PAD = 5
SEAT_GAP = 4  # the panel keeps this far from every seat
STOP_INK = (255, 214, 200)
KIND_ROLE = {"lead": "bold", "deal": "bold", "out": "bold", "end": "bold"}


@dataclass(frozen=True)
class Row:
    """One drawn row of the log: a piece of a line, wrapped to the panel's width."""

    words: str
    role: str
    colour: tuple[int, int, int]
    mine: bool
    first: bool  # the first row of its line


class LogPanel:
    """The deal log's button and panel, their input and their drawing."""

    def __init__(self, stage: Stage, log: Callable[[], DealLog]) -> None:
        self.stage = stage
        self._log = log  # asked each time: a take back lays the table again with a deal log of its own
        self.open = False
        self.top: int | None = None  # the first row shown; None follows the newest
        self.pointer = (0, 0)
        self._rows: tuple[tuple[object, ...], list[Row]] | None = None
        stage.kept_clear = self.kept_clear  # the speech bubbles leave the button, and the panel while open, clear

    def kept_clear(self) -> list[pygame.Rect]:
        """The button, and the panel while it is open: what no speech bubble may cover."""
        return [self.button.rect, *([self.panel] if self.open else [])]

    @property
    def log(self) -> DealLog:
        """The deal log the table keeps now."""
        return self._log()

    # --- where -----------------------------------------------------------------------------------

    @property
    def button(self) -> Button:
        """The button that opens and closes the panel, at the felt's top left corner (clear of every seat)."""
        felt = self.stage.layout.felt
        return Button(pygame.Rect(felt.x + 20, felt.y + 16, self.column().width - 30, 34), tr("deal_log.button"),
                      self.toggle, LOG_KEY, size=17, keycap="L")

    def column(self) -> pygame.Rect:
        """The felt's left column, left of the pot, from under the button to above the player's plate."""
        layout = self.stage.layout
        left, top = layout.felt.x + 8, layout.felt.y + 58
        return pygame.Rect(left, top, layout.pot.x - 6 - left, layout.seats[HUMAN].region.top - SEAT_GAP - top)

    @property
    def panel(self) -> pygame.Rect:
        """The panel: the tallest stretch of the left column that no seat and not the player's charm tray takes."""
        column = self.column()
        taken = sorted((r.top - SEAT_GAP, r.bottom + SEAT_GAP) for r in self._kept_out() if r.colliderect(column))
        best, y = pygame.Rect(column.x, column.y, column.width, 0), column.top
        for top, bottom in taken + [(column.bottom, column.bottom)]:
            if top - y > best.height:
                best = pygame.Rect(column.x, y, column.width, top - y)
            y = max(y, bottom)
        return best

    def _kept_out(self) -> list[pygame.Rect]:
        """What the panel never covers: every seat, and the player's tray of charms (usable while the log is open)."""
        model = self.stage.model
        seats = [place.region for place in self.stage.layout.seats]
        tray = tray_bounds(self.stage.layout, len(model.charms.of(HUMAN))) if model.seats[HUMAN].is_human else None
        return seats + ([tray] if tray is not None else [])

    def frame(self) -> tuple[int, int]:
        """The heights of the panel's head (its title) and foot (its keys)."""
        text = self.stage.text  # each as much taller as its larger words grew
        if self.panel.height < TINY:
            return TINY_PAD, TINY_PAD
        if self.panel.height >= SHORT:
            return text.grown_step(HEAD_H, "bold", 16), text.grown_step(FOOT_H, "body", 11)
        return text.grown_step(SHORT_HEAD_H, "bold", 15), text.grown_step(SHORT_FOOT_H, "body", 10)

    @property
    def body(self) -> pygame.Rect:
        """Where the rows go."""
        panel, (head, foot) = self.panel, self.frame()
        return pygame.Rect(panel.x + 12, panel.y + head, panel.width - 24, panel.height - head - foot)

    @property
    def shown_rows(self) -> int:
        """How many rows the panel shows at once."""
        return max(1, self.body.height // self.row_h)

    @property
    def row_h(self) -> int:
        """The step from one row to the next: as designed, and as much more as larger words grew."""
        return self.stage.text.grown_step(ROW_H, "body", TEXT_SIZE)

    # --- rows ------------------------------------------------------------------------------------

    def rows(self) -> list[Row]:
        """Every line of the log wrapped to the panel (made again only when the log, the language or the size of the
        words changed)."""
        log = self.log
        # the log itself: a new one may start at any version
        key = (log, log.version, language(), text_size(), self.body.width)
        if self._rows is not None and self._rows[0] == key:
            return self._rows[1]
        text, width = self.stage.text, self.body.width - 10
        rows: list[Row] = []
        for line in log.lines:
            role = KIND_ROLE.get(line.kind, "body")
            colour = theme.GOLD if line.mine else STOP_INK if line.kind == "stop" else theme.INK
            for i, piece in enumerate(text.wrap(str(line), role, TEXT_SIZE, width)):
                rows.append(Row(piece if i == 0 else f"  {piece}", role, colour, line.mine, i == 0))
        self._rows = (key, rows)
        return rows

    def first_shown(self) -> int:
        """The index of the first row shown."""
        last = max(0, len(self.rows()) - self.shown_rows)
        return last if self.top is None else max(0, min(self.top, last))

    # --- changes ---------------------------------------------------------------------------------

    def toggle(self) -> None:
        """Open or close the panel (it opens on the newest lines)."""
        self.open = not self.open
        self.top = None
        self.stage.play_sound("click", 0.4)

    def scroll(self, rows: int) -> None:
        """Scroll by `rows` (negative: up, to older lines); down to the end follows the newest again."""
        last = max(0, len(self.rows()) - self.shown_rows)
        top = max(0, min(self.first_shown() + rows, last))
        self.top = None if top >= last else top

    def handle_event(self, event: pygame.event.Event, deciding: bool) -> bool:
        """Take the input that is the log's (True when taken); the arrows only while the player decides nothing."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return False
        if event.type == pygame.KEYDOWN and event.key == LOG_KEY:
            self.toggle()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.button.rect.collidepoint(event.pos):
            self.toggle()
            return True
        if not self.open:
            return False
        if event.type == pygame.MOUSEWHEEL and self.panel.collidepoint(self.pointer):
            self.scroll(-3 * event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.panel.collidepoint(event.pos):
            return True  # a click on the panel is the log's, not a hurry or a card
        if event.type != pygame.KEYDOWN:
            return False
        page = self.shown_rows - 1
        steps = {pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page, pygame.K_HOME: -10_000, pygame.K_END: 10_000}
        if not deciding:
            steps.update({pygame.K_UP: -1, pygame.K_DOWN: 1})
        if event.key in steps:
            self.scroll(steps[event.key])
            return True
        return False

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: Canvas, hovered: bool) -> None:
        """The button, and the panel when open."""
        text = self.stage.text
        self.button.draw(surface, text, self.open, hovered and self.button.rect.collidepoint(self.pointer))
        if not self.open:
            return
        panel, body = self.panel, self.body
        paint.rect(surface, (0, 0, 0), panel.move(0, 3), border_radius=12)
        paint.rect(surface, (10, 34, 24), panel, border_radius=12)
        paint.rect(surface, theme.PANEL_EDGE, panel, 2, border_radius=12)
        deal = self.log.deal
        title = tr("deal_log.title", deal=deal) if deal is not None else tr("deal_log.title_none")
        short, tiny = panel.height < SHORT, panel.height < TINY
        if not tiny:
            text.draw(surface, title, (panel.centerx, panel.y + (5 if short else 9)), role="bold",
                      size=15 if short else 16, colour=theme.GOLD, anchor="midtop", max_width=panel.width - 20,
                      min_size=11)
        rows = self.rows()
        if not rows:
            text.draw(surface, tr("deal_log.empty"), (body.x, body.y), role="body", size=TEXT_SIZE,
                      colour=theme.INK_DIM, max_width=body.width, min_size=10)
        light = theme.suits_on_dark(self.stage.decks.four_colour)
        first = self.first_shown()
        step = self.row_h
        for i, row in enumerate(rows[first:first + self.shown_rows]):
            y = body.y + i * step
            if row.mine:
                surface.fill(theme.GOLD, pygame.Rect(body.x - 6, y + 2, 3, step - 3))
            line = text.render_runs(suit_runs(row.words, row.colour, light), row.role, TEXT_SIZE)
            surface.blit(line, (body.x + 2, y))
        if len(rows) > self.shown_rows:  # where the shown rows stand among them all
            track = pygame.Rect(panel.right - 7, body.y, 3, self.shown_rows * step)
            paint.rect(surface, (30, 60, 46), track)
            size = max(12, track.height * self.shown_rows // len(rows))
            y = track.y + (track.height - size) * first // max(1, len(rows) - self.shown_rows)
            paint.rect(surface, theme.INK_DIM, pygame.Rect(track.x, y, 3, size))
        if tiny:
            return
        text.draw(surface, keyed(tr("deal_log.keys")), (panel.centerx, panel.bottom - (3 if short else 6)), role="body",
                  size=10 if short else 11, colour=theme.INK_DIM, anchor="midbottom", max_width=panel.width - 16,
                  min_size=9)
