"""The coach of the guided first deal: walks the player through a deal they play themselves, pointing at what each
step speaks of.

A step that only explains holds the table (the director waits) until Next, Enter or Space; a step that asks for
the player's stake, lead or follow says what to look at and lets the decision through, whatever it is. Meanwhile
the expert's values for that decision are searched on a worker thread (the hint's search), so when the run the
player led ends, the coach can say what it did and, if another lead was clearly better, which and why. Each rule
is explained the first time the deal shows it. At the deal's end the coach closes with the way on: a real game,
or the title. Esc offers to leave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...ai.hint import hint_search
from ...engine.cards import Card
from ...engine.decisions import FollowAction, FollowDecision, LeadAction, LeadDecision
from ...engine.events import BoodleSplit, BoodleWon, Event, HandWon, Play, SessionEnd, Stop
from ...locale import tr
from ..canvas import Canvas
from ..table.boodle_end import final_shares
from ..table.input_keys import ENTER_KEYS
from ..table.take_back_offer import is_take_back_key
from ..widgets import Button
from .closing import Closing
from .coach_words import step_words
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
from .review import Choice, Run, follow_review, look_at
from .script import ONCE, OPENING, STEPS, TABLE, Step

if TYPE_CHECKING:
    from ..table.scene import TableScene

NEXT_KEYS = (*ENTER_KEYS, pygame.K_SPACE, pygame.K_RIGHT)
HINT_OFF_S = 3.0  # how long the panel's title says the hint is off, once H is pressed
ASK_GUARD_S = 0.6  # Enter pressed this soon after a step that asks was still meant for Next, not for a card
Queued = tuple[str, Any]  # a step's name and what it speaks of (a run, a choice), waiting its turn


class FirstDealCoach:
    """The guide of the guided first deal's table (a `TableGuide`)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.step: Step | None = None  # the step on screen
        self.about: Any = None  # what the step on screen speaks of: the run reviewed, the follow choice
        self.queue: list[Queued] = []
        self.clock = 0.0
        self.facts: dict[str, Any] = {}  # what the events told: the follower, the boodle hit, the stop, the payments
        self.closing: Closing | None = None
        self.hint_off = 0.0  # until when (on the coach's clock) the panel says the hint is off
        self.shown: list[str] = []  # every step shown so far, by name (tests and screenshots follow it)
        self.choice: Choice | None = None  # the decision the player has before them (or has just made)
        self.choices: list[Choice] = []  # every real choice the player made, in order
        self.run: Run | None = None  # the run the player's last chosen lead started
        self.declined: Card | None = None  # the card the player last kept back
        self.asked = {"stake": 0, "lead": 0, "follow": 0}  # the player's decisions so far, by kind
        self.waiting_for_search = False  # a review is due but the expert's values are not in yet
        self.shown_at = 0.0  # when (on the coach's clock) the step on screen came

    # --- the steps ------------------------------------------------------------------------------

    @property
    def holding(self) -> bool:
        """True while a step that only explains is on screen (the table waits for Next)."""
        return self.step is not None and self.step.waits == "next"

    def _queue(self, *names: str, about: Any = None) -> None:
        for name in names:
            if name in ONCE and (name in self.shown or any(queued == name for queued, _ in self.queue)):
                continue
            self.queue.append((name, about))

    def _show_next(self) -> None:
        """Show the first queued step that is still due (a review once its values are in), if none is on screen."""
        self.waiting_for_search = False
        while self.step is None and self.queue:
            name, about = self.queue[0]
            step = STEPS[name]
            if step.waits in ("stake", "lead", "follow") and self.scene.human.kind != step.waits:
                self.queue.pop(0)  # the decision it asked about is gone
                continue
            if isinstance(about, Run | Choice) and not self._ready(about):
                self.waiting_for_search = True
                break
            self.queue.pop(0)
            if name == "follow_review" and follow_review(about) is None:
                continue  # the player's follow was fine: nothing to add
            self.step, self.about = step, about
            self.shown.append(name)
            self.shown_at = self.clock
        self.scene.director.waiting = self.holding or self.waiting_for_search

    def finish_searches(self) -> None:
        """Wait for the expert's values of the decision in hand (screenshots want the same frames on every run)."""
        if self.choice is not None:
            self.choice.search.wait()

    @staticmethod
    def _ready(about: Run | Choice) -> bool:
        return (about.choice if isinstance(about, Run) else about).ready

    def next(self) -> None:
        """The step on screen is read: show the next one due, or let the table go on."""
        if not self.holding:
            return
        self.step = self.about = None
        self.scene.app.assets.play("click", 0.4)
        self._show_next()

    # --- the player's decisions -----------------------------------------------------------------

    def _settle(self) -> None:
        """Note a decision the player has just made, and a new one put to them."""
        human = self.scene.human
        if self.step is not None and self.step.waits in ("stake", "lead", "follow") and human.kind != self.step.waits:
            self.step = self.about = None
        choice = self.choice
        if choice is not None and human.decision is not choice.decision:
            self.choice = None
            self._made(choice)
        decision = human.decision
        if isinstance(decision, LeadDecision | FollowDecision) and self.choice is None and human.view is not None:
            table = self.scene.table
            search = hint_search(human.view, decision, table.seed * 1009 + len(table.actions))
            self.choice = Choice(decision, human.view, search)
            self._asked(decision.kind, decision)
        elif human.kind == "stake" and not self.asked["stake"]:
            self.asked["stake"] += 1
            self._queue(*OPENING)

    def _asked(self, kind: str, decision: LeadDecision | FollowDecision) -> None:
        """Queue what the coach says before a lead or a follow."""
        first = not (self.asked["lead"] or self.asked["follow"])
        self.asked[kind] += 1
        if first:
            self._queue(*TABLE[:-1])  # the hand, the dead hand and the board, before the first choice
        if kind == "lead":
            self._queue(("lead", "lead_again")[min(self.asked["lead"] - 1, 1)] if self.asked["lead"] <= 2
                        else "lead_more", about=decision)
        elif self.asked["follow"] == 1:
            self._queue("your_follow", about=decision)

    def _made(self, choice: Choice) -> None:
        """The player answered `choice`: a lead starts a run to review at its end; a follow may get a word."""
        actions = self.scene.table.actions
        action = actions[-1] if actions else None
        if isinstance(action, LeadAction) and isinstance(choice.decision, LeadDecision):
            choice.made = action.card
            self.run = Run(choice)
        elif isinstance(action, FollowAction) and isinstance(choice.decision, FollowDecision):
            choice.made = action.play
            self.declined = None if action.play else choice.decision.card
            self._queue("follow_review", about=choice)
        else:
            return  # taken back, or the table moved on otherwise: nothing to say about it
        self.choices.append(choice)

    # --- what the table tells the coach --------------------------------------------------------

    def update(self, dt: float) -> None:
        """Note the player's decisions; show the next step due."""
        self.clock += dt
        if self.closing is not None:
            return
        self._settle()
        if self.step is None:
            self._show_next()

    def presented(self, event: Event) -> None:
        """Note what the event says, and queue the steps it brings."""
        self._settle()
        run = self.run if self.run is not None and not self.run.ended else None
        match event:
            case Play(player=player, card=card, lead=lead):
                if run is not None:
                    run.plays.append((player, card))
                if player != 0 and not lead and "follower" not in self.facts:
                    self.facts["follower"] = (player, card)
                    self._queue("run")
            case BoodleWon(player=player, card=Card() as card, chips=chips):
                self.facts["boodle"] = (player, card, chips)
                if run is not None and player == 0:
                    run.hits.append((card, chips))
                if chips:
                    self._queue("boodle_hit")
            case Stop(after=after, reason=reason):
                seen = self._seen_reason(after, reason)
                self.facts["stop"] = (after, seen)
                if "stop" not in self.shown:
                    self._queue("stop")
                elif reason == "king":
                    self._queue("king")
                if run is not None:
                    run.stop = (after, seen)
                    self._queue("review", about=run)
            case HandWon(player=player, pot=pot, payments=payments):
                self.facts["out"] = (player, pot, tuple((p.source, p.chips) for p in payments))
                self.facts["shares"] = tuple((s.player, s.chips) for s in final_shares(self.scene.table.log) if s.chips)
                self.facts["left"] = tuple(slot for slot, chips in enumerate(self.scene.model.boodle) if chips)
                if run is not None:
                    run.out = player
                    self._queue("review", about=run)
                self._queue("out", "payments")
            case BoodleSplit():
                self._queue("boodle_left")
            case SessionEnd() if self.closing is None:  # the lesson's one deal was its whole session
                self.step, self.queue = None, []
                self.scene.director.waiting = False
                self.closing = Closing(self.scene.app)
                lesson_finished(self.scene.app)
                return
        if self.step is None:
            self._show_next()

    def _seen_reason(self, after: Card, reason: str) -> str:
        """Why the run stopped, as the player may know it: with optional following a card kept back and a card
        in the dead hand look the same, unless the player kept it back themselves."""
        if reason in ("king", "already_played"):
            return reason
        declined = self.declined
        if declined is not None and declined.suit == after.suit and declined.rank == after.rank + 1:
            return "kept"
        return "nobody"

    def deal_settled(self, record: Any) -> bool:
        """The deal is over: no deal summary; the table plays on to the session's end (the boodle shared out), where
        the closing words come."""
        self.scene.director.waiting = self.holding
        return True

    # --- input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Esc offers to leave; Next while explaining; no hint and no take back (the coach is the hint, and the
        panel says so); every decision is the player's own."""
        if self.closing is not None:
            return self.closing.handle_event(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.offer_leave()
            return True
        if is_take_back_key(event):
            return True
        if self._hint_asked(event):
            self.hint_off = self.clock + HINT_OFF_S
            self.scene.app.assets.play("click", 0.3)
            return True
        step = self.step
        if step is not None and step.waits != "next" and self.clock - self.shown_at < ASK_GUARD_S and \
                event.type == pygame.KEYDOWN and event.key in NEXT_KEYS:
            return True  # the Enter that read the step before: a card is chosen on purpose, not by a key held on
        if self.holding:
            button = self._button()
            clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and button is not None \
                and button.rect.collidepoint(event.pos)
            if clicked or (event.type == pygame.KEYDOWN and event.key in NEXT_KEYS):
                self.next()
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.MOUSEWHEEL)
        return False

    def _hint_asked(self, event: pygame.event.Event) -> bool:
        human = self.scene.human
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and human.decision is not None:
            index = human.button_at(event.pos)
            return index is not None and human.buttons[index].hotkey == pygame.K_h
        return False

    def offer_leave(self) -> None:
        """Ask before leaving the guided deal for the title."""
        self.scene.app.scenes.push("confirm", question=tr("tutorial.leave.question"),
                                   detail=tr("tutorial.leave.detail"), yes=tr("tutorial.leave.yes"),
                                   no=tr("tutorial.leave.no"), on_yes=lambda: self.scene.app.scenes.clear_to("title"))

    # --- words ----------------------------------------------------------------------------------

    def words(self, step: Step) -> tuple[str, str]:
        """The step's title (or, just after H, that the hint is off) and body in the current language."""
        title, body = step_words(self, step)
        return (tr("tutorial.hint_off") if self.clock < self.hint_off else title), body

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
            case "leads":
                return [rect for card, rect in human.hand_rects() if card in human.lawful]
            case "follow_card":
                decision = self.about.decision if isinstance(self.about, Choice) else self.about
                if not isinstance(decision, FollowDecision):
                    return []
                card = decision.card
                held = [rect for held, rect in human.hand_rects() if held == card]
                return held or [layout.board_slot(card)]
            case "run":
                seat, card = self.facts["follower"]
                return [layout.board_slot(card), layout.seats[seat].plate]
            case "boodle_hit":
                _, card, _ = self.facts["boodle"]
                return [layout.boodle_cards[model.boodle_slot[card]], layout.board_slot(card)]
            case "stop":  # the dead hand first when the card it may hold is what stopped the run
                after, reason = self.facts["stop"]
                return ([layout.dead] if reason == "nobody" else []) + [layout.board_slot(after)]
            case "reviewed":  # the run on the board, and the better lead with the cards that make it so, in hand
                slots = [layout.board_slot(card) for _, card in self.about.plays]
                better = self.about.choice.better()
                shown = look_at(better, self.about.choice.view) if isinstance(better, Card) else None
                cards = () if shown is None else (*shown.own_run, shown.boodle)
                held = [rect for card, rect in human.hand_rects() if card in cards]
                return [rects[0].unionall(rects[1:]) for rects in (slots, held) if rects]
            case "out":  # the pot has gone to the plate by now
                return [layout.seats[self.facts["out"][0]].plate]
            case "payments":
                winner, _, payments = self.facts["out"]
                seats = [seat for seat, _ in payments] if winner == 0 else [0, winner]
                return [layout.seats[seat].plate for seat in seats]
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
