"""Once the player is out of the session (too few chips for the next ante), a way to see how it ends at once
rather than watch every deal of the others: the rest is played out at instant speed, summaries closing by
themselves, to the results. The session is played out whole and lawfully; only the watching is skipped."""

from __future__ import annotations

import pygame

from ...locale import tr
from ..canvas import Canvas
from ..widgets import Button
from .stage import Stage

SKIP_KEY = pygame.K_s


class SkipToEnd:
    """The offer, and whether the player took it."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.on = False

    @property
    def offered(self) -> bool:
        """True while the player is out of a session still going and has not yet asked to skip."""
        seat = self.stage.human_seat
        return seat is not None and not self.on and not self.stage.model.seats[seat].in_session

    def button(self) -> Button:
        """The button, where the player's decision buttons go (they have no more decisions)."""
        panel = self.stage.layout.panel
        rect = pygame.Rect(panel.x, panel.bottom - 48, panel.width, 48)
        return Button(rect, tr("table_notes.skip.button"), self.take, SKIP_KEY, tooltip=tr("table_notes.skip.tip"),
                      size=17, keycap="S")

    def take(self) -> None:
        """Skip: the rest of the session at instant speed (the table hurries from now on)."""
        self.on = True
        self.stage.hurrying = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """S or a click on the button takes the offer; True when the event was for it."""
        if not self.offered:
            return False
        pressed = event.type == pygame.KEYDOWN and event.key == SKIP_KEY and not event.mod & (pygame.KMOD_CTRL |
                                                                                             pygame.KMOD_META)
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
            self.button().rect.collidepoint(event.pos)
        if pressed or clicked:
            self.button().activate()
            return True
        return False

    def draw(self, surface: Canvas) -> None:
        """The button, while offered."""
        if self.offered:
            self.button().draw(surface, self.stage.text, True, False)
