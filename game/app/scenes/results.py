"""The session's end: the standings, a win celebrated (confetti and a sting), and the ways on: in free play Play
again (the same table and rules, a new deal of the cards) and Change table, and always back where the table came
from."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...locale import tr, trn
from ...locale.texts import rules_name
from .. import paint, theme
from ..canvas import Canvas
from ..celebration import confetti_waves, play_sting
from ..comfort import reduced_motion
from ..scene import Scene
from ..table.animation import Timeline
from ..table.boodle_end import end_words
from ..widgets import Button, Menu, button_width, signed
from .common import PRESSES, dim, freeze, too_soon, veil

if TYPE_CHECKING:
    from ..app import App
    from ..table.model import TableModel

PANEL_W = 820
ROW_H = 40
MEDALS = ((236, 196, 84), (200, 206, 214), (205, 127, 50))
BUTTON_GAP = 14


class ResultsScene(Scene):
    """The final standings over the table; Enter presses the focused button, Esc leaves."""

    overlay = True
    music = None  # the table's music plays on under the standings

    def __init__(self, app: App, model: TableModel, on_continue: Callable[[], None],
                 portraits: list[Canvas] | None = None, under: Scene | None = None,
                 label: str | None = None, label_key: str = "results.back_title", taken_back: int = 0,
                 again: Callable[[], None] | None = None, change: Callable[[], None] | None = None,
                 trophies: tuple[str, ...] = ()) -> None:
        """`again` and `change` (free play) start the same table anew and open New game with it chosen;
        `trophies` are those the session's end earned the player."""
        super().__init__(app)
        self.taken_back = taken_back  # the player's decisions taken back in the session (free play)
        self.trophies = trophies
        self.again = again
        self.change = change
        self.under = under  # drawn once as the backdrop (see DealSummaryScene)
        self.overlay = under is None
        self.backdrop: Canvas | None = None
        self.model = model
        self.on_continue = on_continue
        self.portraits = portraits or []
        self.clock = 0.0
        w, h = app.screen.get_size()
        self.standings = self.rank()
        self.label = label  # a caller's own words; else `label_key` is worded in the current language
        self.label_key = label_key
        self.menu = Menu()
        self.veil = veil((w, h), 150)
        self.relabel()
        self.won = any(model.seats[s].is_human for s in self.winners) or not any(seat.is_human for seat in model.seats)
        self.party = confetti_waves((w, h), around=self.panel) if self.won and not reduced_motion() else Timeline()

    def relabel(self) -> None:
        """Word the panel and the button in the current language (again, after a switch)."""
        app = self.app
        w, h = app.screen.get_size()
        self.panel_surface = self._paint()
        self.panel = self.panel_surface.get_rect(center=(w // 2, h // 2))
        label = self.label if self.label is not None else tr(self.label_key)
        ways = [(tr("moments.play_again"), self.again), (tr("moments.change_table"), self.change)]
        buttons = [(words, action) for words, action in ways if action is not None] + [(label, self.on_continue)]
        cap = tr("table.enter_key")
        back = len(buttons) - 1  # Enter goes on as it always has; Play again and Change table are a click away
        size = 20 if len(buttons) == 1 else 18
        room = PANEL_W - 40 - BUTTON_GAP * back
        while size > 13 and sum(button_width(app.text, words, size, cap if i == back else "", minimum=170)
                                for i, (words, _) in enumerate(buttons)) > room:
            size -= 1
        made = [Button(pygame.Rect(0, 0, button_width(app.text, words, size, cap if i == back else "",
                                                      minimum=260 if len(buttons) == 1 else 170), 48),
                       words, action, size=size, keycap=cap if i == back else "")
                for i, (words, action) in enumerate(buttons)]
        x = self.panel.centerx - (sum(b.rect.width for b in made) + BUTTON_GAP * back) // 2
        for button in made:
            button.rect.bottomleft = (x, self.panel.bottom - 18)
            x += button.rect.width + BUTTON_GAP
        self.menu.set(made)
        if not self.menu.keyboard:
            self.menu.focus = back
        if self.backdrop is not None and self.under is not None:
            self.backdrop = freeze(app, self.under, self.veil)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that share the most chips."""
        if self.model.winners is not None:
            return self.model.winners
        top = max(seat.chips for seat in self.model.seats)
        return tuple(s for s, seat in enumerate(self.model.seats) if seat.chips == top)

    def rank(self) -> list[tuple[int, int]]:
        """(place, seat) from most chips to fewest; equal chips share a place."""
        seats = sorted(range(self.model.n), key=lambda s: (-self.model.seats[s].chips, s))
        out: list[tuple[int, int]] = []
        place = 0
        last = None
        for i, seat in enumerate(seats):
            chips = self.model.seats[seat].chips
            if chips != last:
                place = i + 1
                last = chips
            out.append((place, seat))
        return out

    def deals_won(self) -> list[int]:
        """How many deals of the session each seat went out in (a resumed table rebuilt the deals before it)."""
        return [sum(1 for record in self.model.records if record.winner == seat) for seat in range(self.model.n)]

    def headline(self) -> str:
        """Who won, in words."""
        model = self.model
        winners = self.winners
        if len(winners) > 1:
            names = [model.name(s) for s in winners]
            return tr("results.shared_win", names=tr("table.and", first=", ".join(names[:-1]), last=names[-1]))
        seat = winners[0]
        return tr("results.you_win") if model.seats[seat].is_human else tr("results.they_win", name=model.name(seat))

    def _rows(self, ending: int) -> tuple[int, int]:
        """Where the heads of the standings stand, and the rows' step: as designed, lower under larger words, and
        the rows closer (never closer than their words) where the panel would not fit the screen."""
        text = self.app.text
        y = text.grown_step(134, "bold", 23) + text.grown_step(0, "body", 16)  # under the headline and deals played
        heads = y + ending * text.grown_step(21, "body", 16) + (6 if ending else 0) + 12
        row_h = max(ROW_H, text.line_height("bold", 18) + 9)
        room = self.app.screen.get_height() - 20 - self._foot() - 16 - heads - text.grown_step(28, "bold", 15)
        return heads, max(text.line_height("bold", 18) + 4, min(row_h, room // len(self.standings)))

    def _foot(self) -> int:
        """The room under the rows: the lines on decisions taken back and on trophies earned, and the buttons."""
        lines = bool(self.taken_back) + bool(self.trophies)
        return 90 + lines * self.app.text.grown_step(0, "body", 15) + (4 if lines == 2 else 0)

    def trophy_words(self) -> str:
        """The trophies the session earned, in one line ("Trophy earned: Double Up")."""
        names = [tr(f"trophies.list.{trophy}.name") for trophy in self.trophies]
        return trn("trophies.results", len(names), names=", ".join(names))

    def _paint(self) -> Canvas:
        """The panel with the standings, drawn once."""
        text, model = self.app.text, self.model
        # R22: where the chips left on the boodle went, under the deals played
        said = end_words(model, model.shares, sum(model.boodle))
        ending = text.wrap(said, "body", 16, PANEL_W - 60) if said else []
        heads_y, row_h = self._rows(len(ending))
        first = heads_y + text.grown_step(28, "bold", 15)
        height = first + row_h * len(self.standings) + 16 + self._foot()
        surface = Canvas.new((PANEL_W, height), pygame.SRCALPHA)
        rect = surface.get_rect()
        paint.rect(surface, (*theme.PANEL, 255), rect, border_radius=20)  # opaque: nothing shows through
        paint.rect(surface, theme.GOLD, rect, 3, border_radius=20)
        text.draw(surface, tr("results.title"), (PANEL_W // 2, 20), role="title", size=40, colour=theme.GOLD,
                  anchor="midtop", shadow=True, max_width=PANEL_W - 60, min_size=24)
        text.draw(surface, self.headline(), (PANEL_W // 2, 76), role="bold", size=23, colour=theme.INK,
                  anchor="midtop", max_width=PANEL_W - 60)
        deals = model.deal_number
        y = text.grown_step(110, "bold", 23)
        text.draw(surface, trn("results.deals_played", deals, rules=rules_name(model.rules)), (PANEL_W // 2, y),
                  role="body", size=16, colour=theme.INK_DIM, anchor="midtop", max_width=PANEL_W - 60, min_size=12)
        y += text.grown_step(24, "body", 16)
        for line in ending:
            text.draw(surface, line, (PANEL_W // 2, y), role="body", size=16,
                      colour=theme.GOLD if model.shares else theme.INK_DIM, anchor="midtop")
            y += text.grown_step(21, "body", 16)
        columns = (70, 130, 430, 535, 670)
        y = heads_y
        heads = ("", tr("results.player"), tr("results.chips"), tr("results.change"), tr("results.deals_won"))
        right = 0  # where the head before ends: the next keeps clear of it
        for i, (x, head) in enumerate(zip(columns, heads)):
            if head:
                room = min((280, 280, 96, 120, 200)[i], 2 * (x - right - 10)) if i > 1 else 280
                right = text.draw(surface, head, (x, y), role="bold", size=15, colour=theme.INK_DIM,
                                  anchor="topleft" if i == 1 else "midtop", max_width=room, min_size=11).right
        y = first
        start = model.rules.starting_chips
        wins = self.deals_won()
        for place, seat in self.standings:
            state = model.seats[seat]
            row = pygame.Rect(30, y - 6, PANEL_W - 60, row_h - 4)
            fill = (40, 80, 56) if state.is_human else (16, 40, 30)
            paint.rect(surface, fill, row, border_radius=10)
            if place <= 3:
                paint.circle(surface, MEDALS[place - 1], (columns[0], row.centery), 15)
                text.draw(surface, str(place), (columns[0], row.centery), role="bold", size=16, colour=(30, 24, 16),
                          anchor="center")
            else:
                text.draw(surface, str(place), (columns[0], row.centery), role="bold", size=16, colour=theme.INK_DIM,
                          anchor="center")
            x = columns[1]
            if seat < len(self.portraits):
                small = self.portraits[seat].scaled((30, 30))
                surface.blit(small, small.get_rect(midleft=(x, row.centery)))
                x += 38
            name = model.name(seat)
            text.draw(surface, name, (x, row.centery), role="bold", size=18,
                      colour=theme.INK if state.in_session else theme.INK_DIM, anchor="midleft",
                      max_width=min(260, columns[2] - 26 - x))  # clear of the chips' column
            text.draw(surface, str(state.chips), (columns[2], row.centery), role="title", size=20, colour=theme.GOLD,
                      anchor="center")
            change = state.chips - start
            text.draw(surface, signed(change),
                      (columns[3], row.centery), role="bold", size=18,
                      colour=theme.GAIN if change > 0 else theme.LOSS if change < 0 else theme.INK_DIM, anchor="center")
            text.draw(surface, str(wins[seat]), (columns[4], row.centery), role="body", size=18, colour=theme.INK,
                      anchor="center")
            y += row_h
        if self.taken_back:  # such a session is counted apart in the statistics: say so where its end is seen
            drawn = text.draw(surface, trn("take_back.results", self.taken_back), (PANEL_W // 2, y + 2), role="body",
                              size=15, colour=theme.INK_DIM, anchor="midtop", max_width=PANEL_W - 60, min_size=11)
            y = drawn.bottom + 2
        if self.trophies:
            text.draw(surface, "★ " + self.trophy_words() + " ★", (PANEL_W // 2, y + 2), role="bold", size=15,
                      colour=theme.GOLD, anchor="midtop", max_width=PANEL_W - 60, min_size=11)
        return surface.convert_alpha() if pygame.display.get_surface() is not None else surface

    @property
    def button(self) -> Button:
        """The way back where the table came from (the button Enter presses first)."""
        return self.menu.buttons[-1]

    def enter(self) -> None:
        """Take the backdrop from the table as it is now, and sound the sting (if the table had a player)."""
        self.backdrop = freeze(self.app, self.under, self.veil)
        play_sting(self.app, self.won)
        if self.trophies:
            self.app.assets.play("your_boodle", 0.6)
            self.app.speech.say(self.trophy_words(), keep=True)

    def resume(self) -> None:
        """Back on top (a pause or the settings closed): the backdrop again, as the table is now."""
        self.backdrop = freeze(self.app, self.under, self.veil)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc goes back where the table came from; the buttons do the rest (Enter or Space the focused one); none
        of it in the standings' first moment (see `too_soon`)."""
        if too_soon(event, self.clock, (*PRESSES, pygame.K_ESCAPE)):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_continue()
        else:
            self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        """The confetti falls."""
        self.clock += dt
        self.party.update(dt)

    def draw(self, surface: Canvas) -> None:
        """The table dimmed, the confetti falling behind the standings (which stay clear to read)."""
        if self.backdrop is not None:
            surface.blit(self.backdrop, (0, 0))
            dim(surface, 150, bars_only=True)  # the bars round a wider window dimmed like the table
        else:
            dim(surface, 150)
        self.party.draw(surface)
        surface.blit(self.panel_surface, self.panel)
        self.menu.draw(surface, self.app.text)
