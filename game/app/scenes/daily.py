"""The daily deal: today's table (drawn from the date, the same for everyone), the day's best, Play and Back.

Play opens the table with a `DailyDeal` origin; the player's final chips are the day's score, kept in
`daily_bests.json` in the data folder (see `game.campaign.origin`), and this scene comes back saying
"New best!" or the best so far. A damaged bests file is moved aside and said so; nothing here crashes on it.
The table keeps its day with its origin, so a kept daily session resumed from the title still records its
score for the day it was dealt.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import pygame

from ...ai.seats import seats_against
from ...campaign.daily import DailyTable, daily_table
from ...campaign.daily_file import load_daily_bests
from ...campaign.origin import DailyDeal, origin_of
from ...campaign.scores import HINT_COST
from ...config.charm_file import charms_by_id
from ...config.errors import ConfigError
from ...locale import texts, tr, trn
from ...locale.cards import card_label
from ...locale.dates import long_date, short_date
from ...storage.resume import DAILY, load_resume
from .. import theme
from ..canvas import Canvas
from ..charm_words import charm_line, charm_title
from ..kept_words import sit_at_kept
from ..scene import Scene
from ..widgets import ButtonEntry, Menu, button_row, draw_panel
from .common import draw_message, draw_opponents, felt_backdrop, heading, hint_bar
from .rules_lines import changes_line

if TYPE_CHECKING:
    from ..app import App

NEW_BEST = (128, 220, 140)
BOX_BOTTOM = 620  # the panels end above the buttons and the message, however tall their words


def today() -> dt.date:
    """The player's local date (tests replace this)."""
    return dt.date.today()


class DailyScene(Scene):
    """Today's table, the day's best score, Play (P) and Back (Esc)."""

    def __init__(self, app: App, day: dt.date | None = None, message: str = "", *, new_best: bool = False) -> None:
        super().__init__(app)
        self.day = day if day is not None else today()
        self.message = message
        self.new_best = new_best
        self.table: DailyTable | None = None
        self.problem = ""  # why today's table cannot be laid
        try:
            self.table = daily_table(self.day)
        except (OSError, ValueError, KeyError) as error:  # a broken rules file must not stop the game
            self.problem = tr("daily.cannot_lay", why=error)
        bests, problem = load_daily_bests(app.data_dir)
        self.best = bests.best_for(self.day)
        self.best_hints = bests.hints_for(self.day)  # None: a best from before hints counted
        self.best_charm = bests.charm_for(self.day)  # None: a best played without a charm
        app.notices.tell(problem)
        self.menu = Menu()
        self.hint = "daily.hint"  # the footer's keys, as the buttons offered
        self._build_menu()

    # --- the menu's actions ---------------------------------------------------------------------

    def kept_day(self) -> dt.date | None:
        """The day of the daily deal left mid-session, if one is kept."""
        return self._kept()[0]

    def _kept(self) -> tuple[dt.date | None, str]:
        """The day of the daily deal left mid-session, if one is kept, and what to say before playing takes the place
        of one that could not be read ("" when none)."""
        found = load_resume(self.app.data_dir, DAILY)
        self.app.notices.tell(found.message)
        origin = origin_of(found.snapshot.get("campaign_slot")) if found.snapshot is not None else None
        return (origin.day if isinstance(origin, DailyDeal) else None), found.replacing

    def _build_menu(self, keep_focus: bool = False) -> None:
        kept = self.kept_day()
        self.hint = "daily.hint" if kept is None else "daily.hint_continue" if kept == self.day else "daily.hint_both"
        entries: list[ButtonEntry] = []
        if kept is not None:
            label = tr("daily.continue_today") if kept == self.day else tr("daily.continue", date=short_date(kept))
            entries.append((label, self.continue_kept, pygame.K_c, "C", True))
        if kept != self.day:
            entries.append((tr("daily.play"), self.play, pygame.K_p, "P", self.table is not None))
        entries.append((tr("daily.back"), self.back, None, "Esc", True))
        self.menu.set(button_row(self.app.text, entries), keep_focus=keep_focus)

    def relabel(self) -> None:
        """The language changed: the buttons again in the new words."""
        self._build_menu(keep_focus=True)

    def continue_kept(self) -> None:
        """Sit down again at the daily deal left mid-session, exactly as it stood."""
        problem = sit_at_kept(self.app, DAILY)
        if problem is not None:
            self.message = problem
            self._build_menu()

    def play(self) -> None:
        """Sit down at today's table (asking first if that would replace another day's deal left mid-session, or
        one kept that could not be read)."""
        if self.table is None:
            return
        kept, replacing = self._kept()
        if kept == self.day:
            self.continue_kept()
            return
        if kept is not None or replacing:
            detail = tr("daily.confirm.body", date=short_date(kept)) if kept is not None else replacing
            self.app.scenes.push("confirm", question=tr("daily.confirm.title"), detail=detail,
                                 yes=tr("daily.confirm.yes"), no=tr("daily.confirm.no"), on_yes=self._play_now)
            return
        self._play_now()

    def _play_now(self) -> None:
        table = self.table
        if table is None:
            return
        try:
            seats = seats_against(table.opponents)
            charms = None if table.charm is None else \
                (charms_by_id([table.charm]), *[() for _ in table.opponents])  # the day's charm is the player's
        except (KeyError, ValueError, OSError, ConfigError) as error:
            self.message = tr("daily.cannot_play", why=error)
            return
        self.app.scenes.clear_to("table", rules=table.rules, seats=seats, seed=table.session_seed,
                                 origin=DailyDeal(self.day), charms=charms)

    def back(self) -> None:
        """Back to the title."""
        if len(self.app.scenes) > 1 and self.app.scenes.top is self:
            self.app.scenes.pop()
        else:
            self.app.scenes.clear_to("title")

    # --- input and time -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc goes back; Up/Down/Tab, Enter and the letters work the buttons."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.menu.keyboard = True
                self.menu.move(1 if event.key == pygame.K_DOWN else -1)
                return
        self.menu.handle_event(event)

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, surface: Canvas) -> None:
        """The felt, today's table, the day's best, the buttons and any message."""
        text = self.app.text
        felt_backdrop(surface)
        heading(surface, text, tr("daily.title"), tr("daily.subtitle"), y=22)
        self._draw_table(surface)
        self._draw_best(surface)
        if self.message:
            draw_message(surface, text, self.message, (self.menu.buttons[0].rect.x if self.menu.buttons else 800) - 84)
        self.menu.draw(surface, text)
        hint_bar(surface, text, tr(self.hint))

    def _foot(self) -> tuple[int, int]:
        """How far above the panels' bottom their last two lines stand (the score rule and how often, the seed's
        label and the seed): as designed, higher by what larger words grow."""
        text = self.app.text
        often = 62 + text.grown_step(0, "body", 15)
        return often + text.grown_step(30, "bold", 17), often

    def _box(self, gap: int = 34) -> pygame.Rect:
        """Today's table's panel: as designed, taller (the best's too) when larger words need it, up to the buttons,
        with the opponents closer to the words above them after that (`gap`)."""
        text, table = self.app.text, self.table
        box = pygame.Rect(64, 150, 800, 410)
        if table is None:
            return box
        high = text.font("bold", 15).get_height() + 4 + text.font("title", 34).get_height() + 6
        high += text.font("body", 16).get_height() + 6 + 4 + text.font("bold", 17).get_height()
        changes = changes_line(table.rules, said=("boodle_cards",))
        if changes:
            lines = len(text.wrap(changes, "body", 15, box.width - 48))
            high += 8 + round(text.font("body", 15).get_linesize() * 1.15) * (lines - 1) + \
                text.font("body", 15).get_height()
        high += gap + text.font("bold", 15).get_height() + 8 + 64 + 12 + self._foot()[0]
        if box.y + 16 + high > BOX_BOTTOM and gap > 12:
            return self._box(12)
        box.height = max(box.height, min(16 + high, BOX_BOTTOM - box.y))
        return box

    def _draw_table(self, surface: Canvas) -> None:
        text = self.app.text
        box = self._box()
        draw_panel(surface, box, alpha=225)
        x = box.x + 24
        room = box.width - 48
        date_rect = text.draw(surface, tr("daily.today", date=long_date(self.day)), (x, box.y + 16), role="bold",
                              size=15, colour=theme.GOLD, max_width=room)
        if self.table is None:
            body = text.render_wrapped(self.problem, "body", 17, theme.INK, room)
            surface.blit(body, (x, date_rect.bottom + 16))
            return
        table = self.table
        name_rect = text.draw(surface, texts.rules_name(table.rules), (x, date_rect.bottom + 4), role="title",
                              size=34, colour=theme.INK, max_width=room, min_size=22)
        y = name_rect.bottom + 6
        # the rules file's own description names its usual players and deals, which the day sets anew: the
        # boodle cards say what sets this table apart instead
        boodle = "  ".join(card_label(card) for card in table.rules.boodle_cards)
        boodle_rect = text.draw(surface, tr("daily.boodle", cards=boodle), (x, y), role="body", size=16,
                                colour=theme.INK_DIM, max_width=room)
        y = boodle_rect.bottom + 6
        facts = "  ·  ".join((trn("daily.deals", table.deals or 0), trn("daily.opponents", len(table.opponents)),
                              trn("daily.starts", table.rules.starting_chips)))
        facts_rect = text.draw(surface, facts, (x, y + 4), role="bold", size=17, colour=theme.INK,
                               max_width=room, min_size=12)
        below = facts_rect.bottom
        changes = changes_line(table.rules, said=("boodle_cards",))  # a "House Rules" day says what it changes
        if changes:
            lines = text.render_wrapped(changes, "body", 15, theme.INK, room)
            surface.blit(lines, (x, below + 8))
            below += 8 + lines.get_height()
        score, often = self._foot()
        gap = 34 if box.bottom - score - 12 - 64 - 8 - text.font("bold", 15).get_height() >= below + 34 else 12
        label = text.draw(surface, tr("daily.your_opponents"), (x, below + gap), role="bold", size=15,
                          colour=theme.INK_DIM, max_width=room)
        draw_opponents(surface, text, table.opponents, pygame.Rect(x, label.bottom + 8, box.width - 48, 64),
                       diameter=52, gap=16)  # a clear gap before the next face
        text.draw(surface, trn("daily.score_rule", HINT_COST), (x, box.bottom - score), role="bold", size=17,
                  colour=theme.GOLD, max_width=room, min_size=12)
        text.draw(surface, tr("daily.often"), (x, box.bottom - often), role="body", size=15, colour=theme.INK_DIM,
                  max_width=room, min_size=11)

    def _draw_best(self, surface: Canvas) -> None:
        text = self.app.text
        box = pygame.Rect(884, 150, 332, self._box().height)
        draw_panel(surface, box, alpha=225)
        x = box.x + 24
        room = box.width - 48
        text.draw(surface, tr("daily.best"), (x, box.y + 16), role="bold", size=15, colour=theme.INK_DIM,
                  max_width=room)
        if self.best is None:
            text.draw(surface, tr("daily.not_played"), (x, box.y + 44), role="title", size=30, colour=theme.INK,
                      max_width=room, min_size=18)
            note = text.render_wrapped(tr("daily.first_score"), "body", 15, theme.INK_DIM, room)
            surface.blit(note, (x, box.y + 92))
        else:
            chip = self.app.art.chip(1, 14)
            surface.blit(chip, (x, box.y + 58))
            text.draw(surface, str(self.best), (x + 34, box.y + 42), role="title", size=48, colour=theme.GOLD)
            said = text.draw(surface, best_words(self.best, self.best_hints), (x + 34, box.y + 104), role="body",
                             size=15, colour=theme.INK_DIM, max_width=room - 34)
            if self.best_charm is not None:
                text.draw(surface, tr("daily_charm.best_with", charm=charm_title(self.best_charm)),
                          (x + 34, said.bottom + 2), role="body", size=15, colour=theme.INK_DIM, max_width=room - 34)
        if self.new_best:
            text.draw(surface, tr("daily.new_best"), (box.centerx, box.y + 170), role="title", size=36,
                      colour=NEW_BEST, anchor="center", shadow=True, max_width=room, min_size=20)
        if self.table is not None and self.table.charm is not None:
            self._draw_charm(surface, pygame.Rect(x, box.y + 200, room, box.height - 200 - 100))
        if self.table is not None:
            text.draw(surface, tr("daily.seed"), (x, box.bottom - 92), role="bold", size=14, colour=theme.INK_DIM,
                      max_width=room)
            text.draw(surface, f"{self.table.session_seed}", (x, box.bottom - 70), role="body", size=15,
                      colour=theme.INK)


    def _draw_charm(self, surface: Canvas, area: pygame.Rect) -> None:
        """The day's charm in the best's panel, under the best: its name, and its line as large as the room holds."""
        text, table = self.app.text, self.table
        assert table is not None and table.charm is not None
        label = text.draw(surface, tr("daily_charm.today"), (area.x, area.y), role="bold", size=15,
                          colour=theme.INK_DIM, max_width=area.width)
        name = text.draw(surface, charm_title(table.charm), (area.x, label.bottom + 2), role="bold", size=22,
                         colour=theme.GOLD, max_width=area.width, min_size=14)
        said = charm_line(table.charm)
        size = text.wrapped_size(said, "body", 15, area.width, area.bottom - name.bottom - 4, floor=11)
        surface.blit(text.render_wrapped(said, "body", size, theme.INK, area.width), (area.x, name.bottom + 4))


def best_words(best: int, hints: int | None) -> str:
    """What the day's best counts under its figure: chips for a best from before hints counted, else points and
    the hints it was played with."""
    if hints is None:
        return trn("daily.chips", best)
    return trn("score.best", best, hints=trn("score.hints", hints) if hints else tr("score.no_hints"))
