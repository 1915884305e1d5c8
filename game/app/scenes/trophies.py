"""The trophy case: every trophy, earned ones with the day and the mode they were earned in, locked ones with their
hint, and how many are held ("7 of 26"), a page of cards at a time. ←/→, PgUp/PgDn, the wheel, the controller's
shoulders and the page buttons turn the pages; Esc returns."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import pygame

from ...campaign.trophies import the_trophies
from ...config.trophies_file import Trophy
from ...locale import tr
from ...locale.dates import short_date
from ...storage.trophies_file import Earned, TrophyCase, load_trophy_case
from .. import paint, theme
from ..canvas import Canvas
from ..scene import Scene
from ..widgets import Button, Menu, button_width, draw_panel
from .common import felt_backdrop, heading, hint_bar

if TYPE_CHECKING:
    from ..app import App

GRID = pygame.Rect(64, 150, 1152, 462)
COLUMNS, ROWS = 3, 3
GAP = 14
MEDAL = 56
PAGE_Y = 626  # the page buttons' row
EARNED_FILL = (44, 84, 58)
LOCKED_FILL = (20, 40, 31)
PAGE_KEYS = {pygame.K_LEFT: -1, pygame.K_PAGEUP: -1, pygame.K_RIGHT: 1, pygame.K_PAGEDOWN: 1}


def earned_words(earned: Earned) -> str:
    """'Earned 3 December 2026, in free play' (the day in the player's own time zone)."""
    day = earned.at.astimezone().date() if earned.at.tzinfo else earned.at.date()
    return tr("trophies.earned_on", date=short_date(day), mode=tr(f"trophies.modes.{earned.mode}"))


def trophy_words(trophy: Trophy, key: str) -> str:
    """One of a trophy's words (name, takes, hint) in the current language."""
    return tr(f"trophies.list.{trophy.id}.{key}")


class TrophiesScene(Scene):
    """The trophy case, read from the data folder; earned trophies first, in the file's order."""

    def __init__(self, app: App, case: TrophyCase | None = None, trophies: tuple[Trophy, ...] | None = None,
                 now: dt.datetime | None = None) -> None:
        super().__init__(app)
        self.message = ""
        if trophies is None:
            trophies, problem = the_trophies()
            self.message = tr("trophies.unreadable", problem=problem) if problem else ""
        if case is None:
            case, said = load_trophy_case(app.data_dir)
            app.notices.tell(said)  # a damaged file, set aside, is said as every player file is
        self.case = case
        self.trophies = sorted(trophies, key=lambda t: t.id not in case.earned)
        self.page = 0
        self.menu = Menu()
        self.relabel()

    @property
    def pages(self) -> int:
        """How many pages the trophies take."""
        return max(1, -(-len(self.trophies) // (COLUMNS * ROWS)))

    @property
    def held(self) -> int:
        """How many of the trophies shown are earned."""
        return sum(1 for t in self.trophies if t.id in self.case.earned)

    def relabel(self) -> None:
        """The buttons in the current language."""
        text = self.app.text
        back = tr("trophies.back")
        width = button_width(text, back, 20, "ESC", minimum=150)
        before, after = tr("trophies.previous"), tr("trophies.next")
        turn = max(button_width(text, before, 18, minimum=150), button_width(text, after, 18, minimum=150))
        self.menu.set([
            Button(pygame.Rect(GRID.x, PAGE_Y, turn, 44), before, lambda: self.turn(-1), size=18,
                   enabled=self.pages > 1),
            Button(pygame.Rect(GRID.right - turn, PAGE_Y, turn, 44), after, lambda: self.turn(1), size=18,
                   enabled=self.pages > 1),
            Button(pygame.Rect(1216 - width, 46, width, 48), back, self.back, tooltip=tr("trophies.back_tip"),
                   keycap="ESC", size=20),
        ])
        if self.pages > 1:
            self.menu.focus = 1
        self.question = self.page_said()  # what spoken play says as the case opens

    def turn(self, step: int) -> None:
        """Turn the page by `step` (wrapping round); spoken play says the new page."""
        self.page = (self.page + step) % self.pages
        self.question = self.page_said()
        self.app.speech.say(self.question, interrupt=True)

    def page_said(self) -> str:
        """The count and the page shown, for spoken play: each trophy's name, and when it was earned or what it
        takes."""
        parts = [tr("trophies.heading"), tr("trophies.count", earned=self.held, total=len(self.trophies)),
                 tr("trophies.page", number=self.page + 1, total=self.pages)]
        for trophy, _ in self.cards():
            earned = self.case.earned.get(trophy.id)
            parts.append(f"{trophy_words(trophy, 'name')}: "
                         f"{earned_words(earned) if earned else trophy_words(trophy, 'takes')}")
        return " ".join(part if part[-1:] in ".?!" else f"{part}." for part in parts)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc or Backspace return; the page keys and the wheel turn the pages; the buttons do the rest."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key in PAGE_KEYS:
            self.turn(PAGE_KEYS[event.key])
            return
        if event.type == pygame.MOUSEWHEEL and event.y:
            self.turn(-1 if event.y > 0 else 1)
            return
        self.menu.handle_event(event)

    def cards(self) -> list[tuple[Trophy, pygame.Rect]]:
        """The trophies of the page shown, each with its card."""
        per = COLUMNS * ROWS
        width = (GRID.width - GAP * (COLUMNS - 1)) // COLUMNS
        height = (GRID.height - GAP * (ROWS - 1)) // ROWS
        shown = self.trophies[self.page * per:(self.page + 1) * per]
        return [(trophy, pygame.Rect(GRID.x + (i % COLUMNS) * (width + GAP), GRID.y + (i // COLUMNS) * (height + GAP),
                                     width, height)) for i, trophy in enumerate(shown)]

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: Canvas) -> None:
        """The heading and the count, a page of trophy cards, the page's number and buttons, and the keys."""
        text = self.app.text
        felt_backdrop(surface)
        back = self.menu.buttons[-1].rect
        count = tr("trophies.count", earned=self.held, total=len(self.trophies))
        pill_w = text.width(count, "title", 26) + 40
        pill = pygame.Rect(0, 0, pill_w, 48)
        pill.midright = (back.x - 16, back.centery)
        subtitle = heading(surface, text, tr("trophies.heading"), tr("trophies.subtitle"), below=GRID.y - 8)
        if pill.x > subtitle.right + 16 or pill.bottom + 4 < subtitle.top:
            paint.rect(surface, theme.PANEL, pill, border_radius=24)
            paint.rect(surface, theme.GOLD, pill, 2, border_radius=24)
            text.draw(surface, count, pill.center, role="title", size=26, colour=theme.GOLD, anchor="center",
                      max_width=pill.width - 24)
        for trophy, card in self.cards():
            self._draw_card(surface, trophy, card)
        below = pygame.Rect(self.menu.buttons[0].rect.right + 16, PAGE_Y,
                            self.menu.buttons[1].rect.x - self.menu.buttons[0].rect.right - 32, 44)
        page = tr("trophies.page", number=self.page + 1, total=self.pages)
        drawn = text.draw(surface, page, (below.centerx, below.y + 2), role="bold", size=17, colour=theme.INK,
                          anchor="midtop", max_width=below.width)
        text.draw(surface, tr("trophies.take_backs"), (below.centerx, drawn.bottom + 2), size=14,
                  colour=theme.INK_DIM, anchor="midtop", max_width=below.width, min_size=10)
        self.menu.draw(surface, text)
        if self.message:
            words = text.render_wrapped(self.message, "body", 16, theme.RED_TEXT, 960, align="center")
            band = words.get_rect(center=GRID.center).inflate(32, 16)
            draw_panel(surface, band, alpha=235, radius=12)
            surface.blit(words, words.get_rect(center=band.center))
        hint_bar(surface, text, tr("trophies.hint"))

    def _draw_card(self, surface: Canvas, trophy: Trophy, card: pygame.Rect) -> None:
        """One trophy: its medal, its name, what it takes, and when it was earned or a hint."""
        text = self.app.text
        earned = self.case.earned.get(trophy.id)
        paint.rect(surface, EARNED_FILL if earned else LOCKED_FILL, card, border_radius=12)
        paint.rect(surface, theme.GOLD if earned else theme.PANEL_EDGE, card, 2, border_radius=12)
        medal = pygame.Rect(card.x + 14, card.y + 14, MEDAL, MEDAL)
        self._draw_medal(surface, medal, earned is not None)
        left = medal.right + 14
        width = card.right - 14 - left
        name = text.draw(surface, trophy_words(trophy, "name"), (left, card.y + 12), role="bold", size=19,
                         colour=theme.GOLD if earned else theme.INK, max_width=width, min_size=13)
        foot = earned_words(earned) if earned else trophy_words(trophy, "hint")
        takes = trophy_words(trophy, "takes")
        # what it takes gets half the room under the name at most; the foot (a date, or the hint) the rest
        takes_size = text.wrapped_size(takes, "body", 15, width, (card.bottom - 10 - name.bottom) // 2, floor=11)
        body = text.render_wrapped(takes, "body", takes_size, theme.INK, width)
        surface.blit(body, (left, name.bottom + 4))
        top = name.bottom + 4 + body.get_height() + 4
        colour = theme.GOLD if earned else theme.INK_DIM
        if earned:
            size = text.wrapped_size(foot, "body", 14, width, card.bottom - 8 - top, floor=10)
            surface.blit(text.render_wrapped(foot, "body", size, colour, width), (left, top))
            return
        top = max(top, medal.bottom + 4)  # the hint takes the card's whole width, under the medal
        size = text.wrapped_size(foot, "body", 14, card.width - 28, card.bottom - 10 - top, floor=10)
        hint = text.render_wrapped(foot, "body", size, colour, card.width - 28)
        surface.blit(hint, (card.x + 14, max(top, card.bottom - 10 - hint.get_height())))  # at the card's foot

    def _draw_medal(self, surface: Canvas, box: pygame.Rect, earned: bool) -> None:
        """A gold medal with a star for an earned trophy, a padlock on a dark disc for a locked one."""
        centre, radius = box.center, box.width // 2
        if earned:
            paint.circle(surface, theme.GOLD, centre, radius)
            paint.circle(surface, (150, 112, 40), centre, radius - 5, 2)
            self.app.text.draw(surface, "★", centre, role="body", size=30, colour=(70, 50, 20), anchor="center")
            return
        paint.circle(surface, (12, 28, 22), centre, radius)
        paint.circle(surface, theme.PANEL_EDGE, centre, radius, 2)
        body = pygame.Rect(0, 0, radius, radius * 3 // 4)
        body.midtop = (centre[0], centre[1] - 2)
        shackle = pygame.Rect(0, 0, radius * 2 // 3, radius * 2 // 3)
        shackle.midbottom = (centre[0], body.y + radius // 6)
        paint.rect(surface, theme.INK_DIM, shackle, 3, border_radius=radius // 3)
        paint.rect(surface, theme.INK_DIM, body, border_radius=3)
