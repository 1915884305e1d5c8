"""Pause after each stop: with the setting on, once a stop has been shown the table waits for a click or a key
before the next lead, the stop still explained on the status line and a prompt on the line under it (once the
stop's banner, which covers both lines, has gone). It never waits for the player's own lead (their decision waits
already, and a lead the rules play for them is theirs too), nor while the table fast-forwards headlessly."""

from __future__ import annotations

import pygame

from ...engine.events import Event, Play
from ...locale import tr
from .. import theme
from ..canvas import Canvas
from .stage import Stage


class StopPause:
    """The wait after a stop: due once a stop is shown, waiting from then until the next lead would be shown."""

    def __init__(self) -> None:
        self.on = False  # the setting, and someone at the table to wait for
        self.due = False  # a stop was shown: the next lead waits
        self.waiting = False  # the table waits for a click or a key

    def stopped(self) -> None:
        """A stop has been shown."""
        self.due = self.on

    def holds(self, event: Event, human: int | None) -> bool:
        """True when `event`, next to be shown, must wait (a character's lead after a stop; anything else, the
        player's own lead included, ends the wait)."""
        if self.due and self.on:
            self.due = False
            self.waiting = isinstance(event, Play) and event.lead and event.player != human
        return self.waiting

    def next_decision(self, others_lead: bool) -> None:
        """Nothing left to show: the next lead is a character's to decide (wait), or the player's (no need)."""
        if self.due:
            self.due = False
            self.waiting = self.on and others_lead

    def release(self) -> None:
        """A click or a key: play on."""
        self.due = self.waiting = False


def releases(event: pygame.event.Event) -> bool:
    """True for input that ends the wait: any key but Escape (the pause menu), any mouse button but the wheel."""
    if event.type == pygame.KEYDOWN:
        return bool(event.key != pygame.K_ESCAPE)
    return event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)


def draw_stop_pause(surface: Canvas, stage: Stage) -> None:
    """The prompt on the line under the status line."""
    text, prompt = stage.text, stage.layout.prompt
    words = tr("deal_log.pause.prompt")
    size = text.fit_size(words, "bold", 19, prompt.width, 13)
    if text.width(words, "bold", size) > prompt.width:
        text.overflows.add(words)
    line = text.render(words, "bold", size, theme.GOLD)
    surface.blit(line, line.get_rect(midtop=prompt.midtop))
