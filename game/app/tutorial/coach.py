"""The coach of the guided first deal: walks the script over the table, pointing at what each step speaks of.

A step that only explains holds the table (the director waits) until Next, Enter or Space; a step that asks
for the player's stake or lead lets that decision through, and a lead only of the coached card (another lawful
lead is explained, not played), so the fixed deal always plays out as it was chosen. Steps about a boodle card,
a stop or going out come as the director presents those events. At the deal's end the coach closes with the
way on: a real game, or the title. Esc offers to leave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...engine.cards import Card
from ...engine.decisions import LeadDecision
from ...engine.events import BoodleSplit, BoodleWon, Event, HandWon, Play, SessionEnd, Stop
from ...locale import tr, trn
from ...locale.cards import card_label
from ..canvas import Canvas
from ..table.boodle_end import final_shares
from ..table.input_keys import ENTER_KEYS, number_of
from ..table.model import DealRecord
from ..widgets import Button
from .closing import Closing
from .first_deal import coached_lead
from .marks import (
    Arrow,
    choose_arrow,
    draw_arrow,
    draw_coach_panel,
    draw_highlights,
    draw_spotlight,
    next_button,
    panel_height,
    panel_rect,
)
from .offer import lesson_finished
from .script import SCRIPT, Step

if TYPE_CHECKING:
    from ..table.scene import TableScene

NEXT_KEYS = (*ENTER_KEYS, pygame.K_SPACE, pygame.K_RIGHT)
HINT_OFF_S = 3.0  # how long the panel's title says the hint is off, once H is pressed


class FirstDealCoach:
    """The guide of the guided first deal's table (a `TableGuide`)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.index = 0  # the next step of the script to show
        self.step: Step | None = None  # the step on screen
        self.nudged = False  # the player tried another lead: the step says why this one
        self.clock = 0.0
        self.facts: dict[str, Any] = {}  # what the events told: the follower, the boodle hit, the stop, the payments
        self.closing: Closing | None = None
        self.hint_off = 0.0  # until when (on the coach's clock) the panel says the hint is off
        self.shown: list[str] = []  # every step shown so far, by name (tests and screenshots follow it)

    # --- the script -----------------------------------------------------------------------------

    @property
    def holding(self) -> bool:
        """True while a step that only explains is on screen (the table waits for Next)."""
        return self.step is not None and self.step.waits == "next"

    def _show(self, step: Step) -> None:
        self.step = step
        self.index += 1
        self.nudged = False
        self.shown.append(step.name)
        if step.waits == "next":
            self.scene.director.waiting = True
        elif step.waits == "lead":
            self._focus_coached()

    def _due(self, when: str) -> None:
        """Show the next step if it comes at `when`."""
        if self.step is None and self.index < len(SCRIPT) and SCRIPT[self.index].when == when:
            self._show(SCRIPT[self.index])

    def next(self) -> None:
        """The step on screen is read: let the table go on, or show the step that follows straight after."""
        if not self.holding:
            return
        self.step = None
        self.scene.app.assets.play("click", 0.4)
        self._due("after")
        if not self.holding:
            self.scene.director.waiting = False

    def _done(self) -> None:
        """The player has made the decision the step asked for."""
        self.step = None
        self._due("after")

    # --- what the table tells the coach --------------------------------------------------------

    def update(self, dt: float) -> None:
        """Show a step when the player is asked to decide; end an asking step once they have."""
        self.clock += dt
        if self.closing is not None:
            return
        kind = self.scene.human.kind
        if self.step is not None and self.step.waits in ("stake", "lead") and kind != self.step.waits:
            self._done()
        if self.step is None and kind in ("stake", "lead"):
            self._due(kind)

    def presented(self, event: Event) -> None:
        """Note what the event says, and show the step it brings."""
        match event:
            case Play(player=player, card=card, lead=False) if player != 0 and "follower" not in self.facts:
                self.facts["follower"] = (player, card)
                self._due("follow")
            case BoodleWon(player=0, card=card, chips=chips):
                self.facts["boodle"] = (card, chips)
                self._due("boodle_hit")
            case Stop(after=after, reason=reason):
                self.facts["stop"] = (after, reason)
                self._due("stop")
            case HandWon(player=player, pot=pot, payments=payments):
                self.facts["out"] = (player, pot, tuple((p.source, p.chips) for p in payments))
                self.facts["shares"] = tuple((s.player, s.chips) for s in final_shares(self.scene.table.log) if s.chips)
                self.facts["left"] = tuple(slot for slot, chips in enumerate(self.scene.model.boodle) if chips)
                self._due("hand_won")
            case BoodleSplit():
                self._due("split")
            case SessionEnd() if self.closing is None:  # the lesson's one deal was its whole session
                self.step = None
                self.closing = Closing(self.scene.app)
                lesson_finished(self.scene.app)

    def deal_settled(self, record: DealRecord | None) -> bool:
        """The deal is over: no deal summary; the table plays on to the session's end (the boodle shared out), where
        the closing words come."""
        self.scene.director.waiting = False
        return True

    # --- input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Esc offers to leave; Next while explaining; a lead only of the coached card; no hint (the coach is it,
        and the panel says so)."""
        if self.closing is not None:
            return self.closing.handle_event(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.offer_leave()
            return True
        if self._hint_asked(event):
            self.hint_off = self.clock + HINT_OFF_S
            self.scene.app.assets.play("click", 0.3)
            return True
        if self.holding:
            button = self._button()
            clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and button is not None \
                and button.rect.collidepoint(event.pos)
            if clicked or (event.type == pygame.KEYDOWN and event.key in NEXT_KEYS):
                self.next()
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.MOUSEWHEEL)
        return self._stray_lead(event)

    def _hint_asked(self, event: pygame.event.Event) -> bool:
        human = self.scene.human
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and human.decision is not None:
            index = human.button_at(event.pos)
            return index is not None and human.buttons[index].hotkey == pygame.K_h
        return False

    def _stray_lead(self, event: pygame.event.Event) -> bool:
        """True (and the step says why) when the input would lead another card than the coached one."""
        human, coached = self.scene.human, self.coached
        if human.kind != "lead" or coached is None:
            return False
        options = human.options()
        chosen: Card | None = None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = human.button_at(event.pos)
            if index is not None:
                chosen = options[min(human.focus, len(options) - 1)] if options else None
            else:
                card = human.card_at(event.pos)
                chosen = card if card in human.lawful else None
        elif event.type == pygame.KEYDOWN:
            number = number_of(event.key)
            if event.key in ENTER_KEYS and options:
                chosen = options[min(human.focus, len(options) - 1)]
            elif number is not None and number < len(options):
                chosen = options[number]
        if chosen is None or chosen == coached:
            return False
        self.nudged = True
        self.scene.app.assets.play("click", 0.3)
        self._focus_coached()
        return True

    @property
    def coached(self) -> Card | None:
        """The card the lead step on screen asks for."""
        if self.step is None or self.step.waits != "lead":
            return None
        return coached_lead(self.step.lead)

    def _focus_coached(self) -> None:
        """The lead button offers the coached card."""
        human, coached = self.scene.human, self.coached
        if isinstance(human.decision, LeadDecision) and coached in human.options():
            human.focus = human.options().index(coached)
            human.relabel()

    def offer_leave(self) -> None:
        """Ask before leaving the guided deal for the title."""
        self.scene.app.scenes.push("confirm", question=tr("tutorial.leave.question"),
                                   detail=tr("tutorial.leave.detail"), yes=tr("tutorial.leave.yes"),
                                   no=tr("tutorial.leave.no"), on_yes=lambda: self.scene.app.scenes.clear_to("title"))

    # --- words ----------------------------------------------------------------------------------

    def words(self, step: Step) -> tuple[str, str]:
        """The step's title (or, just after H, that the hint is off) and body in the current language."""
        title, body = self._words(step)
        return (tr("tutorial.hint_off") if self.clock < self.hint_off else title), body

    def _words(self, step: Step) -> tuple[str, str]:
        """The step's title and body in the current language, with what happened filled in."""
        base = f"tutorial.step.{step.name}"
        model = self.scene.model
        if step.name == "welcome":
            dealer = model.dealer if model.dealer is not None else len(model.seats) - 1
            names = [self.scene.model.name(seat) for seat in range(1, len(model.seats))]
            others = tr("table.and", first=", ".join(names[:-1]), last=names[-1])
            return tr(f"{base}.title"), tr(f"{base}.body", dealer=self.scene.model.name(dealer), others=others)
        if step.name == "boodle":
            cards = ", ".join(card_label(card) for card in model.rules.boodle_cards)
            return tr(f"{base}.title"), tr(f"{base}.body", cards=cards)
        if step.name == "stake":
            return tr(f"{base}.title"), trn(f"{base}.body", model.rules.ante_boodle)
        if step.waits == "lead":
            coached = coached_lead(step.lead)
            card = card_label(coached) if coached is not None else ""
            if self.nudged:
                return tr(f"{base}.title"), tr("tutorial.nudge", card=card)
            after, _ = self.facts.get("stop", (None, ""))
            stopped = card_label(after) if after is not None else ""
            return tr(f"{base}.title"), tr(f"{base}.body", card=card, stopped=stopped)
        if step.name == "follow":
            seat, card = self.facts["follower"]
            return tr(f"{base}.title"), tr(f"{base}.body", name=self.scene.model.name(seat), card=card_label(card))
        if step.target == "boodle_hit":
            card, chips = self.facts["boodle"]
            return tr(f"{base}.title"), trn(f"{base}.body", chips, card=card_label(card))
        if step.name == "stop":
            after, reason = self.facts["stop"]
            following = card_label(Card(after.rank + 1, after.suit)) if after.rank < 13 else ""
            key = "dead_hand" if reason == "dead_hand" else "other"
            return tr(f"{base}.title"), tr(f"{base}.{key}", card=card_label(after), next=following)
        if step.name == "out":
            _, pot, _ = self.facts["out"]
            return tr(f"{base}.title"), trn(f"{base}.body", pot)
        if step.name == "payments":
            _, _, payments = self.facts["out"]
            return tr(f"{base}.title"), tr(f"{base}.body", paid=self._listed(payments))
        if step.name == "boodle_left":  # the single deal is the whole session: R22 shares out what is left
            shares = self.facts.get("shares", ())
            shared = trn(f"{base}.shared", sum(chips for _, chips in shares), shares=self._listed(shares))
            return tr(f"{base}.title"), f"{tr(f'{base}.wait')} {shared}" if shares else tr(f"{base}.wait")
        return tr(f"{base}.title"), tr(f"{base}.body")

    def _listed(self, amounts: tuple[tuple[int, int], ...]) -> str:
        """"Maud 4, Bert 5 and Pip 3": each seat's name with its chips."""
        each = [tr("tutorial.paid", name=self.scene.model.name(seat), chips=chips) for seat, chips in amounts]
        return tr("table.and", first=", ".join(each[:-1]), last=each[-1]) if len(each) > 1 else "".join(each)

    # --- drawing --------------------------------------------------------------------------------

    def _panel(self) -> pygame.Rect | None:
        if self.step is None:
            return None
        title, body = self.words(self.step)
        text = self.scene.app.text
        return panel_rect(self.scene.app.screen.get_size(), self.step.place,
                          panel_height(text, title, body, self.holding))

    def _button(self) -> Button | None:
        panel = self._panel()
        if panel is None or not self.holding:
            return None
        return next_button(self.scene.app.text, panel, tr("tutorial.next"), tr("table.enter_key"))

    def targets(self) -> list[pygame.Rect]:
        """What the step on screen points at, on the table as it is laid out now."""
        step = self.step
        if step is None:
            return []
        layout, model, human = self.scene.layout, self.scene.model, self.scene.human
        match step.target:
            case "boodle":
                return [_union(layout.boodle_cards)]
            case "stake":
                return [_union(layout.boodle_cards), layout.panel]
            case "pot":
                return [layout.pot]
            case "dead":
                return [layout.dead]
            case "board":
                return [layout.board]
            case "hand":
                return [layout.hand]
            case "lead":
                return [rect for card, rect in human.hand_rects() if card == self.coached]
            case "follow":
                seat, card = self.facts["follower"]
                return [layout.board_slot(card), layout.seats[seat].plate]
            case "boodle_hit":
                card, _ = self.facts["boodle"]
                return [layout.boodle_cards[model.boodle_slot[card]], layout.board_slot(card)]
            case "stop":  # the dead hand first when the card it holds is what stopped the run
                after, reason = self.facts["stop"]
                return ([layout.dead] if reason == "dead_hand" else []) + [layout.board_slot(after)]
            case "out":  # the pot has gone to the plate by now
                return [layout.seats[0].plate]
            case "payments":
                _, _, payments = self.facts["out"]
                return [layout.seats[seat].plate for seat, _ in payments]
            case "boodle_left":  # the cards the chips leave, and the plates they fly to
                return [layout.boodle_cards[slot] for slot in self.facts.get("left", ())] + \
                    [layout.seats[seat].plate for seat, _ in self.facts.get("shares", ())]
        return []

    def things(self) -> list[pygame.Rect]:
        """Everything drawn on the table that an arrow must not cross: the text lines, the boodle cards with their
        chips, the seats, the pot, the dead hand, the board and the cards on it, the hand and the decision buttons."""
        layout = self.scene.layout
        boodle = [card.union(pygame.Rect(round(x) - layout.boodle_chip_radius, card.y, 2 * layout.boodle_chip_radius,
                                         card.height + 18))
                  for card, (x, _) in zip(layout.boodle_cards, layout.boodle_stacks)]
        return [layout.status, layout.prompt, *boodle, *(seat.region for seat in layout.seats[1:]),
                layout.seats[0].plate, layout.pot, layout.dead, layout.board, layout.hand, layout.panel,
                *(layout.board_slot(card) for card in self.scene.model.board)]

    def arrow(self) -> Arrow | None:
        """The arrow from the panel to what the step on screen points at, when one reaches it cleanly."""
        panel = self._panel()
        return None if panel is None else choose_arrow(panel, self.targets(), self.things())

    def draw(self, surface: Canvas) -> None:
        """The closing words, or the step on screen: the table dimmed round its targets, the rings, the arrow
        and the panel."""
        if self.closing is not None:
            self.closing.draw(surface)
            return
        step = self.step
        panel = self._panel()
        if step is None or panel is None:
            return
        targets = self.targets()
        if self.holding:
            draw_spotlight(surface, targets)
        draw_highlights(surface, targets, self.clock)
        arrow = self.arrow()
        if arrow is not None:
            draw_arrow(surface, arrow)
        title, body = self.words(step)
        draw_coach_panel(surface, self.scene.app.text, panel, title, body, self._button(), True)


def _union(rects: tuple[pygame.Rect, ...]) -> pygame.Rect:
    """One rect round them all (the boodle cards with their chip stacks)."""
    whole = rects[0].unionall(list(rects[1:]))
    return whole.inflate(40, 0).move(16, 0)

