"""The deal summary over the table: who went out, the payments, the boodle, and every stack before and after."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...engine.cards import Card
from ...locale import tr, trn
from ...locale.cards import pile_label
from .. import paint, theme
from ..canvas import Canvas
from ..comfort import reduced_motion
from ..scene import Scene
from ..table.boodle_end import end_words
from ..table.charms.summary import charm_summary_lines
from ..table.words import TOOK_SUMMARY, takings
from ..text import suit_runs
from ..widgets import Button, button_width, signed
from .common import dim, freeze, too_soon
from .common import veil as dimming  # cached: one sheet for every summary

if TYPE_CHECKING:
    from ...engine.events import Share
    from ..app import App
    from ..table.model import DealRecord, TableModel

PANEL_W = 780
REVIEW_KEY = "R"

# the words of a boodle card hit (True) and of a combination's pile won (R30): yours, theirs, and with nothing on it
_HIT_WORDS = {True: ("summary.you_hit", "summary.they_hit", "summary.you_hit_empty", "summary.they_hit_empty"),
              False: ("combinations.you_hit", "combinations.they_hit", "combinations.you_hit_empty",
                      "combinations.they_hit_empty")}


class DealSummaryScene(Scene):
    """A panel over the table after each deal; Enter, Space or a click plays on, once it has been seen a moment."""

    overlay = True
    music = None

    def __init__(self, app: App, model: TableModel, record: DealRecord, on_continue: Callable[[], None], *,
                 last: bool = False, on_pause: Callable[[], None] | None = None, under: Scene | None = None,
                 close_after: float | None = None, shares: tuple[Share, ...] = (),
                 review_log: str | None = None, review_seat: int | None = None) -> None:
        super().__init__(app)
        # Given the scene underneath (the table, frozen while this is open), draw it once into a backdrop
        # instead of every frame: the summary then costs two blits a frame.
        self.under = under
        self.overlay = under is None
        self.backdrop: Canvas | None = None
        self.model = model
        self.record = record
        self.on_continue = on_continue
        self.on_pause = on_pause
        self.last = last
        self.shares = shares  # R22: how the boodle left is shared out after the last deal
        self.review_log = review_log  # the deal's log, for Review (None: nobody's decisions to review)
        self.review_seat = review_seat
        # with nobody (left) to read it, the summary plays on by itself after this many seconds
        self.close_after = close_after
        self.closed = False
        self.clock = 0.0
        self.hover = False
        self.hover_review = False
        w, h = app.screen.get_size()
        self.veil = dimming((w, h), 120)
        self.relabel()

    def relabel(self) -> None:
        """Word the panel and its button in the current language (again, after a switch)."""
        app = self.app
        w, h = app.screen.get_size()
        self.panel_surface = self._paint()
        self.panel = self.panel_surface.get_rect(center=(w // 2, h // 2))
        label = tr("summary.see_results") if self.last else tr("summary.next_deal")
        width = button_width(app.text, label, 20, tr("table.enter_key"), minimum=240)
        self.button = Button(pygame.Rect(0, 0, width, 46), label, self.play_on, size=20,
                             keycap=tr("table.enter_key"))
        self.button.rect.midbottom = (self.panel.centerx, self.panel.bottom - 18)
        self.review_button: Button | None = None
        if self.review_log is not None:
            words = tr("review.button")
            width = button_width(app.text, words, 20, REVIEW_KEY, minimum=180)
            self.review_button = Button(pygame.Rect(0, 0, width, 46), words, self.review, size=20, keycap=REVIEW_KEY)
            gap = 16
            left = self.panel.centerx - (width + gap + self.button.rect.width) // 2
            self.review_button.rect.bottomleft = (left, self.panel.bottom - 18)
            self.button.rect.bottomleft = (left + width + gap, self.panel.bottom - 18)
        if self.backdrop is not None and self.under is not None:
            self.backdrop = freeze(app, self.under, self.veil)  # the table under it is worded anew too

    def enter(self) -> None:
        """Take the backdrop from the scene underneath, as it is now."""
        self.backdrop = freeze(self.app, self.under, self.veil)

    def resume(self) -> None:
        """Back on top (a pause or the settings closed): the backdrop again, as the table is now."""
        self.backdrop = freeze(self.app, self.under, self.veil)

    # --- content --------------------------------------------------------------------------------

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The story of the deal in a few sentences."""
        model, record = self.model, self.record
        out: list[tuple[str, tuple[int, int, int]]] = []
        you = [state.is_human for state in model.seats]
        if record.bought is not None:
            seat, fee = record.bought
            out.append((trn("summary.you_bought", fee) if you[seat] else
                        trn("summary.they_bought", fee, name=model.name(seat)), theme.INK_DIM))
        if record.winner is not None:
            paid = sum(p.chips for p in record.payments)
            winner = record.winner
            taken = takings(TOOK_SUMMARY[you[winner]], record.pot, paid, name=model.name(winner))
            if taken is not None:
                out.append((str(taken), theme.INK))
            # a no-break space: a wrapped line never leaves a name without its chips, or a card without its count
            payers = [f"{model.name(p.source)}\u00a0{p.chips}" for p in record.payments if p.chips]
            if payers:
                out.append((tr("summary.paid", payers=", ".join(payers)), theme.INK_DIM))
        for win in record.boodle_wins:
            card = pile_label(win.card)
            you_hit, they_hit, you_empty, they_empty = _HIT_WORDS[isinstance(win.card, Card)]
            if not win.chips:  # a hit with nothing on it is told as such, never "for 0 chips"
                out.append((tr(you_empty, card=card) if you[win.player] else
                            tr(they_empty, card=card, name=model.name(win.player)), theme.INK_DIM))
                continue
            out.append((trn(you_hit, win.chips, card=card) if you[win.player] else
                        trn(they_hit, win.chips, card=card, name=model.name(win.player)), theme.GOLD))
        if not record.boodle_wins:
            out.append((tr("summary.no_boodle"), theme.INK_DIM))
        for words in charm_summary_lines(record.charms, lambda seat: you[seat], model.name):  # none without charms
            out.append((words, theme.INK_DIM))
        carried = [f"{pile_label(card)}\u00a0{chips}" for card, chips in record.carried if chips]
        if self.last:  # no next deal: say where the chips left on the boodle go instead (R22)
            ending = end_words(model, self.shares, sum(chips for _, chips in record.carried))
            if ending:
                out.append((ending, theme.GOLD if self.shares else theme.INK_DIM))
        elif carried:
            out.append((tr("summary.carried", cards=", ".join(carried)), theme.INK_DIM))
        out.append((trn("summary.stops", record.stops), theme.INK_DIM))
        return out

    def _sizes(self, lines: list[tuple[str, tuple[int, int, int]]]) -> tuple[int, int, int]:
        """The words' size, the step between the story's lines and the rows' height: as designed at 100%, and
        grown with the text size, but shrunk back (not below the 100% look) where the panel would not fit the
        screen (eight players and a long story at 150%)."""
        text = self.app.text
        room = self.app.screen.get_height() - 24
        for size in range(17, 10, -1):
            step, row_h = text.line_height("body", size) + 4, text.line_height("bold", size) + 7
            if self._height(lines, size, step, row_h) <= room or text.line_height("body", size - 1) < 20:
                return size, step, row_h
        return size, step, row_h

    def _top(self) -> int:
        """Where the story starts: under the headline."""
        return 64 + self.app.text.line_height("bold", 22) + 14

    def _height(self, lines: list[tuple[str, tuple[int, int, int]]], size: int, step: int, row_h: int) -> int:
        rows = sum(len(self.app.text.wrap(words, "body", size, PANEL_W - 60)) for words, _ in lines)
        return self._top() + rows * step + 14 + row_h * (self.model.n + 1) + 82

    def _paint(self) -> Canvas:
        """The whole panel, drawn once: the data does not change while it is shown."""
        text, model, record = self.app.text, self.model, self.record
        lines = self.lines()
        seats = list(range(model.n))
        size, step, row_h = self._sizes(lines)
        surface = Canvas.new((PANEL_W, self._height(lines, size, step, row_h)), pygame.SRCALPHA)
        rect = surface.get_rect()
        paint.rect(surface, (*theme.PANEL, 255), rect, border_radius=18)  # opaque: nothing shows through
        paint.rect(surface, theme.GOLD, rect, 2, border_radius=18)
        limit = model.rules.deals
        title = (tr("summary.title_of", deal=record.deal, limit=limit) if limit else
                 tr("summary.title", deal=record.deal))
        text.draw(surface, title, (PANEL_W // 2, 18), role="title", size=34, colour=theme.GOLD, anchor="midtop",
                  shadow=True, max_width=PANEL_W - 60, min_size=22)
        if record.winner is not None:
            headline = (tr("summary.you_went_out") if model.seats[record.winner].is_human else
                        tr("summary.they_went_out", name=model.name(record.winner)))
        else:
            headline = tr("summary.deal_ended")
        text.draw(surface, headline, (PANEL_W // 2, 64), role="bold", size=22, colour=theme.INK, anchor="midtop",
                  max_width=PANEL_W - 60, min_size=15)
        light = theme.suits_on_dark(self.app.settings.four_colour_deck)
        y = self._top()
        for words, colour in lines:
            for part in text.wrap(words, "body", size, PANEL_W - 60):
                line = text.render_runs(suit_runs(part, colour, light), "body", size)
                surface.blit(line, line.get_rect(midtop=(PANEL_W // 2, y)))
                y += step
        y += 14
        columns = (60, 330, 450, 560, 670)
        heads = (tr("summary.player"), tr("summary.before"), tr("summary.change"), tr("summary.now"), "")
        for x, head in zip(columns, heads):
            if head:
                text.draw(surface, head, (x, y), role="bold", size=size - 2, colour=theme.INK_DIM,
                          anchor="topleft" if x == 60 else "midtop", max_width=250 if x == 60 else 104, min_size=11)
        y += row_h
        before, after = record.chips_before, record.chips_after or record.chips_before
        for seat in seats:
            row = pygame.Rect(40, y - 4, PANEL_W - 80, row_h - 2)
            if model.seats[seat].is_human:
                paint.rect(surface, (30, 70, 50), row, border_radius=8)
            elif seat % 2:
                paint.rect(surface, (16, 40, 30), row, border_radius=8)
            name = model.name(seat)
            colour = theme.INK if model.seats[seat].in_session else theme.INK_DIM
            text.draw(surface, name, (columns[0], y), role="bold", size=size, colour=colour, max_width=250)
            change = after[seat] - before[seat]
            text.draw(surface, str(before[seat]), (columns[1], y), role="body", size=size, colour=theme.INK_DIM,
                      anchor="midtop")
            text.draw(surface, signed(change), (columns[2], y), role="bold", size=size,
                      colour=theme.GAIN if change > 0 else theme.LOSS if change < 0 else theme.INK_DIM, anchor="midtop")
            text.draw(surface, str(after[seat]), (columns[3], y), role="bold", size=size, colour=theme.GOLD,
                      anchor="midtop")
            mark = (tr("summary.went_out_mark"), theme.GOLD) if seat == record.winner else \
                (tr("summary.out_mark"), theme.LOSS) if not model.seats[seat].in_session else None
            if mark is not None:
                text.draw(surface, mark[0], (columns[4], y + 1), role="body", size=size - 3, colour=mark[1],
                          anchor="midtop", max_width=150, min_size=11)
            y += row_h
        return surface  # SRCALPHA is already the display's alpha format: a converted copy would only churn memory

    # --- the scene ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter, Space or a click on the button plays on (not in its first moment: see `too_soon`); Esc opens the
        pause menu when there is one."""
        if too_soon(event, self.clock):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.button.activate()
            elif event.key == pygame.K_r and self.review_button is not None:
                self.review_button.activate()
            elif event.key == pygame.K_ESCAPE and self.on_pause is not None:
                self.on_pause()
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.button.rect.collidepoint(event.pos)
            self.hover_review = self.review_button is not None and self.review_button.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.button.rect.collidepoint(event.pos):
            self.button.activate()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.review_button is not None \
                and self.review_button.rect.collidepoint(event.pos):
            self.review_button.activate()

    def review(self) -> None:
        """Open the review of this deal's decisions (Esc there comes back here)."""
        if self.review_log is not None and not self.closed and self.app.scenes.top is self:
            self.app.scenes.push("review", log=self.review_log, seat=self.review_seat)

    def play_on(self) -> None:
        """Close the summary and play on (once, however many ways it is asked)."""
        if not self.closed:
            self.closed = True
            self.on_continue()

    def update(self, dt: float) -> None:
        """The clock moves (for the panel's slide in); a summary nobody reads closes itself in time."""
        self.clock += dt
        if self.close_after is not None and self.clock >= self.close_after:
            self.play_on()

    def draw(self, surface: Canvas) -> None:
        """The table dimmed, the panel, the button."""
        if self.backdrop is not None:
            surface.blit(self.backdrop, (0, 0))
            dim(surface, 120, bars_only=True)  # the bars round a wider window dimmed like the table
        else:
            dim(surface, 120)
        rise = 0.0 if reduced_motion() else max(0.0, 1 - self.clock / 0.18) * 30  # placed, not slid in
        surface.blit(self.panel_surface, self.panel.move(0, round(rise)))
        if rise <= 0:
            self.button.draw(surface, self.app.text, True, self.hover)
            if self.review_button is not None:
                self.review_button.draw(surface, self.app.text, False, self.hover_review)
            if self.close_after is not None:  # how long until it plays on by itself
                left = max(0.0, 1 - self.clock / self.close_after)
                bar = self.button.rect.inflate(-24, 0)
                bar.update(bar.x, self.button.rect.bottom + 8, round(bar.width * left), 3)
                paint.rect(surface, theme.GOLD, bar, border_radius=2)
