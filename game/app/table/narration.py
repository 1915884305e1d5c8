"""Spoken play at the table: what the deal log writes is said as it is shown (the lead, every card played, stops and
why, boodle wins, going out), whose turn it is when a decision is waited for, on the player's turn the question and
their cards (R says them again), and the card, boodle card or button their keys move to. The words are the log's,
the status band's and the prompt's, made ready for the ear by the speaker."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine.decisions import BidDecision, CharmDecision, LeadDecision, StakeDecision
from ...engine.events import Event
from ...locale import tr
from ...locale.cards import pile_label
from ..speech.spoken import card_said, hand_said
from .charms.words import charm_name
from .deal_log import DealLog
from .words import their_turn, your_turn

if TYPE_CHECKING:
    from ..speech import Speaker
    from .scene import TableScene

# lines said however late: the rest may be dropped
KEPT = frozenset({"lead", "stop", "boodle", "out", "leave", "end", "charm"})
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
        self.focused = ""  # the player's focused choice, as last said

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
        """While decisions are waited for: say whose each is (on the player's turn with what they hold and what is
        asked), then what the player's keys move the focus to."""
        scene = self.table
        turn = scene.table.turn
        if turn is not None and (turn, len(scene.table.actions)) != self.asked:
            self.asked = (turn, len(scene.table.actions))
            self.focused = self.focus()  # the first focus goes without saying: the turn's words come first
            if self.speaker.on:
                self.turn(*turn)
        focused = self.focus()
        if focused != self.focused:
            self.focused = focused
            if focused and self.speaker.on:
                self.speaker.say(focused, interrupt=True)

    def turn(self, kind: str, seat: int) -> None:
        """Say whose turn it is; the player's with the question and, but for a follow, their cards."""
        scene = self.table
        if seat != scene.table.human_seat:
            self.speaker.say(their_turn(kind, scene.model.name(seat)))
            return
        asked = "" if kind == "lead" else scene.human.prompt()[0]
        if kind == "charm":  # R31: the tray, each charm with its uses left, rather than the cards
            self.speaker.say(sentences(your_turn(kind), asked, self.tray()), keep=True)
            return
        cards = self.hand() if scene.model.hand and kind != "follow" else ""  # the stakes come before the deal
        self.speaker.say(sentences(your_turn(kind), asked, cards), keep=True)

    def tray(self) -> str:
        """The player's charms in words, each with its uses left."""
        held = self.table.model.charms.of(0)
        said = "; ".join(tr("charm_tray.speech.charm", name=charm_name(spec.id), left=left) for spec, left in held)
        return tr("charm_tray.speech.tray", charms=said) if held else ""

    def focus(self) -> str:
        """The player's focused choice in words: the card to lead, the boodle card with their chips on it, the
        bid, or the button (empty when nothing is asked)."""
        human = self.table.human
        decision, at = human.decision, human.focus
        match decision:
            case LeadDecision():
                options = human.options()
                return card_said(options[at]) if 0 <= at < len(options) else ""
            case StakeDecision():
                if not 0 <= at < len(decision.cards) or at >= len(human.stake):
                    return ""
                return sentences(f"{pile_label(decision.cards[at])}: {human.stake[at]}", human.prompt()[0])
            case BidDecision():
                return str(human.bid_chips)
            case CharmDecision() if human.charm is not None:  # the charm, or the picked charm's target
                choice = human.charm
                if choice.picked is not None:
                    target = choice.target
                    return card_said(target) if target is not None else tr("charm_keys.pick_button")
                focused = choice.focused
                return str(charm_name(focused)) if focused is not None else tr("charm_tray.button.pass")
            case None:
                return ""
        return human.buttons[at].spoken() if 0 <= at < len(human.buttons) else ""

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
