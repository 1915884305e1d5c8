"""The title's offer of the guided first deal to a new player: take it, not now, or never ask again. It comes once a
run, while the settings say "ask" (or "later") and the player has no statistics yet. "Not now" asks once more at the
next start ("later"), and that last time the only refusal is "No thanks" (never again; How to play keeps the guided
deal). The lesson counts as taken only once played to its closing words (left midway, it is offered again)."""

from __future__ import annotations

import dataclasses
import weakref
from typing import TYPE_CHECKING

import pygame

from ...locale import tr
from ...storage.statistics_file import statistics_path
from .. import paint, theme
from ..canvas import Canvas
from ..widgets import Button, Menu, button_width, draw_panel

if TYPE_CHECKING:
    from ..app import App

PANEL = pygame.Rect(680, 440, 560, 232)  # where the title's run of hearts plays, clear of the menu and the fan
PAD = 18
_OFFERED: weakref.WeakSet[App] = weakref.WeakSet()  # the runs (apps) whose title has made the offer
ASKING = ("ask", "later")  # the settings' values under which the title offers the guided deal


def offer_due(app: App) -> bool:
    """True when the title should offer the guided first deal now (once a run)."""
    asking = app.settings.first_deal_offer in ASKING
    return asking and app not in _OFFERED and not statistics_path(app.data_dir).exists()


def lesson_finished(app: App) -> None:
    """The guided deal reached its closing words: the title offers it no more (How to play still has it)."""
    if app.settings.first_deal_offer in ASKING:
        app.change_settings(dataclasses.replace(app.settings, first_deal_offer="taken"))


class FirstDealOffer:
    """The offer's panel and its three buttons; `closed` once answered."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.closed = False
        self.menu = Menu()
        _OFFERED.add(app)
        self.relabel()

    @property
    def last_time(self) -> bool:
        """True when this is the offer's last time of asking ("Not now" was said at an earlier start)."""
        return self.app.settings.first_deal_offer == "later"

    def relabel(self) -> None:
        """The buttons in the current language: the guided deal on its own row, the refusals under it (the last
        time of asking, "No thanks" alone)."""
        text = self.app.text
        inner = PANEL.width - 2 * PAD
        bottom = PANEL.bottom - PAD
        half = (inner - 12) // 2
        take = tr("tutorial.offer.take")
        take_w = max(half, min(inner, button_width(text, take, 20, "G")))
        buttons = [Button(pygame.Rect(PANEL.x + PAD, bottom - 2 * 44 - 10, take_w, 44), take, self.take, pygame.K_g,
                          size=20, keycap="G")]
        if self.last_time:
            buttons.append(Button(pygame.Rect(PANEL.x + PAD, bottom - 44, half, 44), tr("tutorial.offer.no_thanks"),
                                  self.never, pygame.K_v, size=18, keycap="V"))
        else:
            buttons += [Button(pygame.Rect(PANEL.x + PAD, bottom - 44, half, 44), tr("tutorial.offer.later"),
                               self.later, pygame.K_l, size=18, keycap="L"),
                        Button(pygame.Rect(PANEL.x + PAD + half + 12, bottom - 44, half, 44),
                               tr("tutorial.offer.never"), self.never, pygame.K_v, size=18, keycap="V")]
        self.menu.set(buttons, keep_focus=False)
        self.menu.focus = 0

    def _remember(self, answer: str) -> None:
        self.closed = True
        self.app.change_settings(dataclasses.replace(self.app.settings, first_deal_offer=answer))

    def take(self) -> None:
        """Play the guided first deal now (offered again at the next start unless played to its end)."""
        self.closed = True
        self.app.scenes.push("tutorial")

    def later(self) -> None:
        """Not now: not again in this run, and asked one last time at the next start."""
        self._remember("later")

    def never(self) -> None:
        """Never ask again."""
        self._remember("never")

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on a button or its key; True when used (arrows and Enter stay the title menu's)."""
        if event.type == pygame.MOUSEMOTION:
            self.menu.handle_event(event)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.menu.handle_event(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_g, pygame.K_l, pygame.K_v):
            return self.menu.handle_event(event)
        return False

    def draw(self, surface: Canvas) -> None:
        """The offer in its panel."""
        text = self.app.text
        draw_panel(surface, PANEL, alpha=240, radius=14)
        paint.rect(surface, theme.GOLD, PANEL, width=2, border_radius=14)
        text.draw(surface, tr("tutorial.offer.title"), (PANEL.x + PAD, PANEL.y + PAD - 2), role="title", size=26,
                  colour=theme.GOLD, max_width=PANEL.width - 2 * PAD, min_size=18)
        body = tr("tutorial.offer.body_again" if self.last_time else "tutorial.offer.body")
        top = PANEL.y + PAD + 36
        room = self.menu.buttons[0].rect.y - 6 - top
        size = text.fit_block(body, "body", 17, PANEL.width - 2 * PAD, room)  # above the buttons
        words = text.render_wrapped(body, "body", size, theme.INK, PANEL.width - 2 * PAD)
        if words.get_height() > room:
            text.overflows.add(body)
        surface.blit(words, (PANEL.x + PAD, top))
        self.menu.draw(surface, text)
