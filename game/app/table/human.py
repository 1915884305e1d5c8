"""Seat 0's decisions at the table, by mouse and by keyboard: staking, buying, leading, following.

The engine asks; this module shows the choice, takes the input and hands back an engine
action. What is lawful comes from the decision itself (its options), never from rules
written here; the words that explain why a card may not be led are the only rule knowledge,
and they only describe what the engine already decided.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from ...ai.hint import Hint
from ...ai.worker import OnWorker
from ...engine.cards import Card, card_order
from ...engine.decisions import (
    Action,
    BidAction,
    BidDecision,
    BuyDeadAction,
    BuyDeadDecision,
    CharmDecision,
    Decision,
    FollowAction,
    FollowDecision,
    LeadAction,
    LeadDecision,
    StakeAction,
    StakeDecision,
)
from ...engine.view import PlayerView
from ...locale import tr, trn
from ...locale.cards import card_label
from ...locale.words import Words
from ..widgets import Button, wrapped_height
from .bidding import bid_key, bid_prompt, bid_specs
from .charms.choice import CharmChoice
from .charms.input import charm_click, charm_key, charm_prompt, charm_specs, gem_under, out_of_moment, tile_at
from .hint_seat import HintAsking, HintPrice
from .input_keys import ADD_KEYS, ENTER_KEYS, REMOVE_KEYS, number_of
from .stage import Stage
from .take_back_offer import CAPTION_ROOM, TakeBackOffer, take_back_spec
from .words import lead_refusal


class HumanSeat(HintAsking):
    """The human's side of the table: shows the pending decision and turns input into an action."""

    def __init__(self, stage: Stage, submit: Callable[[Action], None], hint_seed: Callable[[], int],
                 take_back: Callable[[], TakeBackOffer | None] | None = None,
                 hint_price: HintPrice | None = None) -> None:
        self.stage = stage
        self._submit = submit
        self._hint_seed = hint_seed  # the seed of a hint asked for now (the same position, the same hint)
        self._take_back = take_back  # the take back the table offers now, if any (free play only)
        self.take_back_offer: TakeBackOffer | None = None
        self.refused: Words | None = None  # the status line's "why not" of a charm key, gone at the next decision
        self.take_back_button: Button | None = None
        self.hint_price = hint_price  # what a hint costs where the score counts it
        self._hint_search: OnWorker[Hint] | None = None
        self.decision: Decision | None = None
        self.view: PlayerView | None = None
        self.stake: list[int] = []
        self.focus = 0  # the boodle card (stake), the option (lead) or the button (buy, follow, bid)
        self.bid_chips = 0  # R26: the bid the stepper shows
        self.hover_card: Card | None = None
        self.hover_boodle: int | None = None
        self.hover_button: int | None = None
        self.buttons: list[Button] = []
        self.hint_words: Words | None = None
        self.hint_detail: Words | None = None
        self.details_shown = False
        self.hint_card: Card | None = None
        self.lawful: frozenset[Card] = frozenset()
        self.charm: CharmChoice | None = None  # R31: a charm decision in progress
        self.hover_charm: int | None = None  # the tray slot under the mouse
        self.hover_gem: tuple[int, int] | None = None  # another seat's charm under the mouse: (seat, place)

    def relabel(self) -> None:
        """The language changed: word the buttons again (the hint and prompt are worded as they are drawn)."""
        self._build_buttons()

    def choice_moved(self) -> None:
        """The choice in progress changed (a charm picked, a focus moved): its buttons follow it."""
        self._build_buttons()

    # --- the decision ---------------------------------------------------------------------------

    @property
    def kind(self) -> str | None:
        """The pending decision's kind, or None when the human has nothing to decide."""
        return None if self.decision is None else self.decision.kind

    def offer(self, decision: Decision, view: PlayerView) -> None:
        """Show a new decision."""
        self.decision = decision
        self.view = view
        if self.refused is not None and self.stage.model.status_words is self.refused:
            self.stage.model.set_status(None)  # "only just after the deal" must not stand at that very moment
        self.refused = None
        self.forget_hint()
        self.focus = 0
        self.lawful = frozenset()
        if isinstance(decision, StakeDecision):
            self.stake = [0] * len(decision.cards)
        elif isinstance(decision, LeadDecision):
            self.lawful = frozenset(decision.options)
        elif isinstance(decision, FollowDecision):
            self.lawful = frozenset((decision.card,))
        elif isinstance(decision, BidDecision):
            self.bid_chips = decision.low
        elif isinstance(decision, CharmDecision):
            self.charm = CharmChoice(decision, [spec.id for spec, _ in self.stage.model.charms.of(decision.player)])
        self._build_buttons()
        self.stage.play_sound("click", 0.4)

    def clear(self) -> None:
        """Nothing to decide any more."""
        self.decision = None
        self.view = None
        self.buttons = []
        self.lawful = frozenset()
        self.charm = None
        self.forget_hint()
        self.hover_button = None
        self.take_back_offer = None
        self.take_back_button = None

    def submit(self, action: Action) -> None:
        """Send the action to the table and stop offering the decision."""
        self.clear()
        self._submit(action)

    # --- staking --------------------------------------------------------------------------------

    @property
    def placed(self) -> int:
        """Chips placed so far."""
        return sum(self.stake)

    @property
    def left_to_place(self) -> int:
        """Chips still to place."""
        return self.decision.boodle_total - self.placed if isinstance(self.decision, StakeDecision) else 0

    def add_chip(self, slot: int) -> None:
        """One more chip on boodle card `slot`."""
        if self.left_to_place > 0 and 0 <= slot < len(self.stake):
            self.stake[slot] += 1
            self.focus = slot
            self.stage.play_sound("chip_clink", 0.5)
            self._build_buttons()

    def remove_chip(self, slot: int) -> None:
        """Take a chip back from boodle card `slot`."""
        if 0 <= slot < len(self.stake) and self.stake[slot] > 0:
            self.stake[slot] -= 1
            self.focus = slot
            self.stage.play_sound("click", 0.4)
            self._build_buttons()

    def spread_evenly(self) -> None:
        """Spread the stake as evenly as the chips allow, odd chips on the first cards."""
        if not isinstance(self.decision, StakeDecision):
            return
        k = len(self.stake)
        each, extra = divmod(self.decision.boodle_total, k)
        self.stake = [each + (1 if i < extra else 0) for i in range(k)]
        self.stage.play_sound("chip_clink", 0.6)
        self._build_buttons()

    def all_on_biggest(self) -> None:
        """The whole stake on the boodle card with the most chips already on it."""
        if not isinstance(self.decision, StakeDecision):
            return
        piles = self.stage.model.boodle
        biggest = max(range(len(self.stake)), key=lambda i: (piles[i], -i))
        self.stake = [0] * len(self.stake)
        self.stake[biggest] = self.decision.boodle_total
        self.focus = biggest
        self.stage.play_sound("chip_clink", 0.6)
        self._build_buttons()

    def confirm_stake(self) -> None:
        """Send the stake when every chip is placed."""
        decision = self.decision
        if isinstance(decision, StakeDecision) and self.left_to_place == 0:
            self.submit(StakeAction(0, tuple((card, n) for card, n in zip(decision.cards, self.stake) if n)))

    # --- the other decisions --------------------------------------------------------------------

    def lead(self, card: Card) -> None:
        """Lead `card` if it is lawful."""
        if isinstance(self.decision, LeadDecision) and card in self.decision.options:
            self.submit(LeadAction(0, card))

    def follow(self, play: bool) -> None:
        """Play the next card of the run, or decline it."""
        if isinstance(self.decision, FollowDecision):
            self.submit(FollowAction(0, play))

    def buy(self, buy: bool) -> None:
        """Buy the dead hand or keep the hand dealt."""
        if isinstance(self.decision, BuyDeadDecision):
            self.submit(BuyDeadAction(0, buy))

    def bid(self, chips: int) -> None:
        """Bid `chips` for the dead hand if the range allows it, or pass with 0."""
        decision = self.decision
        if isinstance(decision, BidDecision) and (chips == 0 or decision.low <= chips <= decision.high):
            self.submit(BidAction(0, chips))

    def step_bid(self, step: int) -> None:
        """Raise or lower the bid the stepper shows, within the legal range."""
        if isinstance(self.decision, BidDecision):
            self.bid_chips = max(self.decision.low, min(self.decision.high, self.bid_chips + step))
            self.focus = 0
            self._build_buttons()

    def options(self) -> tuple[Card, ...]:
        """The lawful leads in hand order."""
        return tuple(sorted(self.decision.options, key=card_order)) if isinstance(self.decision, LeadDecision) else ()

    # --- buttons --------------------------------------------------------------------------------

    def _build_buttons(self) -> None:
        decision = self.decision
        panel = self.stage.layout.panel
        specs: list[tuple[str, str, Callable[[], None], int | None, bool, str]] = []  # label, key, action, ...
        if isinstance(decision, StakeDecision):
            left = self.left_to_place
            specs = [(tr("table.button.spread"), "E", self.spread_evenly, pygame.K_e, True,
                      tr("table.tip.spread")),
                     (tr("table.button.biggest"), "B", self.all_on_biggest, pygame.K_b, True,
                      tr("table.tip.biggest")),
                     (tr("table.button.confirm") if left == 0 else trn("table.button.confirm_left", left), "C",
                      self.confirm_stake, pygame.K_c, left == 0,
                      "" if left == 0 else trn("table.tip.place_more", left))]
        elif isinstance(decision, BuyDeadDecision):
            specs = [(trn("table.button.buy", decision.fee), "B", lambda: self.buy(True), pygame.K_b, True,
                      tr("table.tip.buy")),
                     (tr("table.button.keep"), "K", lambda: self.buy(False), pygame.K_k, True, tr("table.tip.keep"))]
        elif isinstance(decision, BidDecision):
            specs = bid_specs(decision, self.bid_chips, self.bid, self.step_bid)
        elif isinstance(decision, LeadDecision):
            options = self.options()
            card = options[min(self.focus, len(options) - 1)] if options else None
            if card is not None:
                specs = [(tr("table.button.lead", card=card_label(card)), tr("table.enter_key"),
                          partial(self.lead, card), None, True,
                          tr("table.tip.lead"))]
        elif isinstance(decision, FollowDecision):
            specs = [(tr("table.button.play", card=card_label(decision.card)), "P", lambda: self.follow(True),
                      pygame.K_p, True, tr("table.tip.play")),
                     (tr("table.button.decline"), "D", lambda: self.follow(False), pygame.K_d, True,
                      tr("table.tip.decline"))]
        elif isinstance(decision, CharmDecision) and self.charm is not None:
            specs, self.lawful = charm_specs(self, self.charm)
        if decision is not None:
            price = self.hint_price
            specs.append((tr("table.button.hint") if price is None else price.label(), "H", self.ask_hint, pygame.K_h,
                          True, tr("table.tip.hint") if price is None else price.tip()))
        height, gap = 40, 8
        # a charm's use names the charm: a long name takes two lines on a taller button rather than shrinking
        wraps = {0} if isinstance(decision, CharmDecision) else set()
        heights = [wrapped_height(self.stage.text, label, 17, cap, panel.width) if i in wraps else height
                   for i, (label, cap, *_) in enumerate(specs)]
        top = panel.bottom - sum(heights) - (len(specs) - 1) * gap
        self.buttons, y = [], top
        for i, (label, cap, action, hotkey, enabled, tip) in enumerate(specs):
            self.buttons.append(Button(pygame.Rect(panel.x, y, panel.width, heights[i]), label, action, hotkey,
                                       enabled, tip, size=17, keycap=cap, wrap=i in wraps))
            y += heights[i] + gap
        # the take back sits on top, listed after the decision's buttons (they keep their places) and before the hint
        self.take_back_offer = self._take_back() if decision is not None and self._take_back is not None else None
        self.take_back_button = None
        if self.take_back_offer is not None:
            label, cap, action, hotkey, enabled, tip = take_back_spec(self.take_back_offer)
            rect = pygame.Rect(panel.x, top - height - gap - CAPTION_ROOM, panel.width, height)
            self.take_back_button = Button(rect, label, action, hotkey, enabled, tip, size=17, keycap=cap)
            self.buttons.insert(len(self.buttons) - 1, self.take_back_button)

    def button_at(self, pos: tuple[int, int]) -> int | None:
        """The button under `pos`."""
        for i, button in enumerate(self.buttons):
            if button.rect.collidepoint(pos):
                return i
        return None

    # --- hit tests ------------------------------------------------------------------------------

    def hand_rects(self) -> list[tuple[Card, pygame.Rect]]:
        """Each card of the hand with its rect as drawn (lawful cards raised), left to right."""
        hand = self.stage.model.hand
        slots = self.stage.layout.hand_slots(len(hand))
        out = []
        for card, slot in zip(hand, slots):
            raised = card in self.lawful
            out.append((card, slot.move(0, -self.stage.layout.hand_raise) if raised else slot))
        return out

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        """The topmost hand card under `pos`."""
        for card, rect in reversed(self.hand_rects()):
            if rect.collidepoint(pos):
                return card
        return None

    def boodle_at(self, pos: tuple[int, int]) -> int | None:
        """The boodle card (with its chip stack) under `pos`."""
        layout = self.stage.layout
        for slot, rect in enumerate(layout.boodle_cards):
            area = rect.inflate(8, 8)
            area.width += 2 * layout.boodle_chip_radius + 4
            if area.collidepoint(pos):
                return slot
        return None

    def refusal(self, card: Card) -> str:
        """Why the hovered card cannot be played now (empty when it can, or when nothing is asked)."""
        decision = self.decision
        if isinstance(decision, LeadDecision):
            return lead_refusal(card, self.stage.model.hand, decision.options, self.stage.model.rules,
                                self.stage.model.last_stop_suit)
        if isinstance(decision, FollowDecision) and card is not decision.card:
            return tr("table.refusal.only_follow", card=card_label(decision.card))
        return ""

    # --- input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to input; True when it was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover_card = self.card_at(event.pos)
            self.hover_boodle = self.boodle_at(event.pos) if self.kind == "stake" else None
            self.hover_button = self.button_at(event.pos)
            self.hover_charm = tile_at(self, event.pos)
            self.hover_gem = gem_under(self, event.pos)
            if self.kind == "lead" and self.hover_card is not None and self.hover_card in self.lawful:
                self.focus = self.options().index(self.hover_card)
                self._build_buttons()
            elif self.charm is not None and self.hover_card in self.lawful and self.charm.focus_on(self.hover_card):
                self._build_buttons()  # R31: the hovered card is the picked charm's target Enter takes
            return False
        if out_of_moment(self, event):  # R31: a charm's key or tile out of its moment says why
            return True
        if self.decision is None:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._click(event.pos, event.button)
        if event.type == pygame.MOUSEWHEEL and self.kind == "stake":
            slot = self.hover_boodle if self.hover_boodle is not None else self.focus
            (self.add_chip if event.y > 0 else self.remove_chip)(slot)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _click(self, pos: tuple[int, int], button: int) -> bool:
        index = self.button_at(pos)
        if index is not None and button == 1:
            if self.buttons[index].enabled:
                self.buttons[index].activate()
            return True
        kind = self.kind
        if self.charm is not None:
            return charm_click(self, self.charm, pos, button)
        if kind == "stake":
            slot = self.boodle_at(pos)
            if slot is not None:
                if button == 1:
                    self.add_chip(slot)
                elif button == 3:
                    self.remove_chip(slot)
                return True
            return False
        card = self.card_at(pos)
        if card is None or button != 1:
            return False
        if kind == "lead":
            if card in self.lawful:
                self.lead(card)
            else:
                self.stage.play_sound("click", 0.3)
            return True
        if kind == "follow" and card in self.lawful:
            self.follow(True)
            return True
        return False

    def _key(self, key: int) -> bool:
        for button in self.buttons:  # a button's own key presses it, click and all
            if button.hotkey == key and button.enabled:
                button.activate()
                return True
        kind = self.kind
        number = number_of(key)
        if self.charm is not None:
            return charm_key(self, self.charm, key, number)
        if kind == "stake":
            k = len(self.stake)
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus = (self.focus + (1 if key == pygame.K_RIGHT else -1)) % k
            elif key in ADD_KEYS:
                self.add_chip(self.focus)
            elif key in REMOVE_KEYS:
                self.remove_chip(self.focus)
            elif number is not None and number < k:
                self.focus = number
                self.add_chip(number)
            elif key == pygame.K_e:
                self.spread_evenly()
            elif key == pygame.K_b:
                self.all_on_biggest()
            elif key == pygame.K_c:
                self.confirm_stake()
            elif key in ENTER_KEYS:
                if self.left_to_place > 0:
                    self.add_chip(self.focus)
                else:
                    self.confirm_stake()
            elif key == pygame.K_BACKSPACE:
                self.stake = [0] * k
                self._build_buttons()
            else:
                return False
            return True
        if kind == "lead":
            options = self.options()
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                step = -1 if key in (pygame.K_LEFT, pygame.K_UP) else 1
                self.focus = (self.focus + step) % len(options)
                self._build_buttons()
            elif number is not None and number < len(options):
                self.lead(options[number])
            elif key in ENTER_KEYS:
                self.lead(options[min(self.focus, len(options) - 1)])
            else:
                return False
            return True
        if kind == "bid":
            return bid_key(self, key, number)
        if kind in ("buy_dead", "follow"):
            yes, no = (pygame.K_b, pygame.K_k) if kind == "buy_dead" else (pygame.K_p, pygame.K_d)
            answer = self.buy if kind == "buy_dead" else self.follow
            if key in (yes, pygame.K_y):
                answer(True)
            elif key in (no, pygame.K_n):
                answer(False)
            elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                self.focus = 1 - self.focus if self.focus in (0, 1) else 0
            elif number is not None and number < 2:
                answer(number == 0)
            elif key in ENTER_KEYS:
                answer(self.focus == 0)
            else:
                return False
            return True
        return False

    # --- words ----------------------------------------------------------------------------------

    def prompt(self) -> tuple[str, str]:
        """The question in words, and a line of keys."""
        decision = self.decision
        if isinstance(decision, StakeDecision):
            left = self.left_to_place
            words = (trn("table.prompt.stake", decision.boodle_total, left=left) if left else
                     tr("table.prompt.stake_placed"))
            return words, tr("table.keys.stake")
        if isinstance(decision, BuyDeadDecision):
            return trn("table.prompt.buy", decision.fee), tr("table.keys.buy")
        if isinstance(decision, BidDecision):
            return bid_prompt(decision)
        if isinstance(decision, LeadDecision):
            return tr("table.prompt.lead"), tr("table.keys.lead")
        if isinstance(decision, FollowDecision):
            return tr("table.prompt.follow", card=card_label(decision.card)), tr("table.keys.follow")
        if self.charm is not None:
            return charm_prompt(self, self.charm)
        return "", ""
