"""Spoken play at the table: what the deal log writes is said as it is shown (the lead, every card played, stops and
why, boodle wins, going out), whose turn it is when a decision is waited for, and on the player's turn their cards
(R says them again). The words are the log's and the status band's, made ready for the ear by the speaker."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine.decisions import FollowDecision, LeadDecision
from ...engine.events import Event
from ..speech.spoken import card_said, hand_said
from .deal_log import DealLog
from .words import their_turn, your_turn

if TYPE_CHECKING:
    from ..speech import Speaker
    from .scene import TableScene

KEPT = frozenset({"lead", "stop", "boodle", "out", "leave", "end"})  # lines said however late: the rest may be dropped
REPEAT_KEY = pygame.K_r


def sentences(*parts: str) -> str:
    """Parts said one after another, each ending as a sentence does."""
    return " ".join(part if part[-1:] in ".?!:" else f"{part}." for part in parts if part)


class TableNarrator:
    """Tells the speaker what happens at one table (nothing, at no cost, while spoken play is off)."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.log: DealLog | None = None  # the deal log whose lines were said, and how many of them
        self.deal: int | None = None
        self.heard = 0
        self.asked: tuple[object, ...] | None = None  # the decision whose turn was last said

    @property
    def speaker(self) -> Speaker:
        """The app's speaker."""
        return self.table.app.speech

    def presented(self, event: Event) -> None:
        """An event was shown: say the lines it added to the deal log."""
        if not self.speaker.on:
            self.log = None
            return
        log = self.table.director.deal_log
        lines = log.lines
        # a new deal (or a log made again by a take back) starts its lines afresh: this event's is the last
        new = lines[self.heard:] if log is self.log and log.deal == self.deal else lines[-1:]
        self.log, self.deal, self.heard = log, log.deal, len(lines)
        for line in new:
            self.speaker.say(str(line), keep=line.kind in KEPT)

    def update(self) -> None:
        """A decision is waited for: say whose it is, and on the player's turn what they hold."""
        scene = self.table
        turn = scene.table.turn
        if turn is None or (turn, len(scene.table.actions)) == self.asked:
            return
        self.asked = (turn, len(scene.table.actions))
        if not self.speaker.on:
            return
        kind, seat = turn
        if seat != scene.table.human_seat:
            self.speaker.say(their_turn(kind, scene.model.name(seat)))
            return
        decision = scene.human.decision
        detail = card_said(decision.card) if isinstance(decision, FollowDecision) else \
            self.hand() if scene.model.hand else ""  # staking comes before the deal: no cards yet
        self.speaker.say(sentences(your_turn(kind), detail), keep=True)

    def hand(self) -> str:
        """The player's cards, and the ones they may lead when they must choose among them."""
        decision = self.table.human.decision
        return hand_said(self.table.model.hand, self.table.human.options() if isinstance(decision, LeadDecision)
                         else ())

    def handle_event(self, event: pygame.event.Event) -> bool:
        """R: the player's cards said again at once (while spoken play is on); True when it was."""
        if not (self.speaker.on and event.type == pygame.KEYDOWN and event.key == REPEAT_KEY
                and not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META)):
            return False
        self.speaker.say(self.hand(), keep=True, interrupt=True)
        return True
