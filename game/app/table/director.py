"""The director: turns the engine's events into animations, sounds, words and model changes on the stage.

Events wait in a queue and are presented one at a time: each starts its animations (whose
callbacks change the model as they land) and sets a short hold, and the next event waits
until the blocking animations have finished and the hold has run out. The speed setting
scales every duration; at "instant" everything lands in the frame it starts. Fast-forward
finishes what is running at once.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ...engine.cards import Card
from ...engine.decisions import Decision, FollowDecision
from ...engine.events import (
    Bid,
    BoodleSplit,
    BoodleWon,
    BuyDead,
    Charm,
    Cut,
    DealEnd,
    DealStart,
    Dealt,
    Event,
    HandWon,
    Penalty,
    Play,
    PlayerOut,
    SessionEnd,
    SessionStart,
    Stake,
    Stop,
)
from ...locale import tr
from .. import theme
from ..comfort import reduced_motion
from .animation import Confetti, Flight, Ring
from .attention import Attention
from .auction_show import AuctionTrack, buy_words, present_bid
from .boodle_end import present_split
from .captions import OwnCards
from .charms.show import present_charm
from .cue_marks import BoodleBadge
from .cut import present_cut
from .deal_log import DealLog
from .dealing_show import present_deal
from .effects import Effects
from .model import HUMAN
from .moments import Moments
from .pacing import BRISK, PACES, STOP_HOLD
from .sprites import make_stop_banner
from .stage import Stage
from .stop_pause import StopPause
from .words import TAKE_BANNER, takings

if TYPE_CHECKING:
    from .model import SeatState

BIG_LOSS = 6  # chips paid in one settlement that make a character complain
STOP_RED = (236, 92, 80)


class Director(Effects):
    """Presents events on the table in order, at the pace of the speed setting."""

    def __init__(self, stage: Stage) -> None:
        super().__init__(stage)
        self.queue: deque[Event] = deque()
        self.hold = 0.0
        self.waiting = False  # a deal summary is on screen
        self.dealt: Dealt | None = None
        self.presented = 0  # events presented so far (tests and screenshots watch it)
        self.button_flight: Flight | None = None  # the dealer button on its way to the new dealer
        self.pace = PACES["normal"]  # the speed setting's pacing (the scene keeps it current)
        self.chosen: Card | None = None  # the card the player just chose: any other of theirs is played for them
        self.own = OwnCards(self)
        self.pause = StopPause()
        rules = stage.model.rules
        self.deal_log = DealLog(stage.human_seat, stage.model.namer, rules.follow == "optional",
                                rules.buy_dead_hand.paid_to == "dealer")
        self.moments = Moments(self)
        self.auction = AuctionTrack()
        self.attention = Attention(rules, stage.human_seat)  # what touches the player: the rest goes quicker
        self.quick = False  # the event being presented does not touch the player

    # --- pacing ---------------------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        """True when nothing is queued, moving or held, no summary is open and no stop waits for the player."""
        return not self.queue and self.hold <= 0 and not self.waiting and not self.motion.busy and \
            not self.pause.waiting

    @property
    def busy(self) -> bool:
        """True while something is being presented (fast-forward has something to do)."""
        return bool(self.queue) or self.hold > 0 or self.motion.busy

    def push(self, events: Iterable[Event]) -> None:
        """Queue events to present."""
        self.queue.extend(events)

    def update(self, dt: float) -> None:
        """Advance animations and holds; present queued events while nothing blocks them."""
        self._sounded.clear()
        if self.attention.brisk:  # the player can no longer act: the rest plays out briskly
            dt *= BRISK
        # fast-forwarding headlessly, decorations age quickly too: only the latest moment's remain
        hurry = 12.0 if self.stage.hurrying else 1.6
        self.decor.update(dt * (hurry if self.instant else self.speed))
        self.motion.update(math.inf if self.instant or reduced_motion() else dt * self.speed)  # placed, not flown
        self.hold = 0.0 if self.instant else self.hold - dt * self.speed
        count = 0
        while self.queue and not self.waiting and self.hold <= 0 and not self.motion.busy and count < 80:
            if self.pause.holds(self.queue[0], self.stage.human_seat):
                break
            self.present(self.queue.popleft())
            count += 1
            if self.instant:
                self.motion.finish_all()
                self.hold = 0.0

    def fast_forward(self) -> None:
        """Finish every running motion and the hold at once."""
        self.motion.finish_all()
        self.hold = 0.0

    def _hold(self, seconds: float) -> None:
        self.hold = max(self.hold, seconds)

    def think_share(self, decision: Decision) -> float:
        """The share of a character's drawn think time the table shows for `decision`: shorter over a follow,
        shortest over one that does not touch the player, brisk once the player can no longer act."""
        if self.attention.quick_decision(decision):
            share = self.pace.quick_think
        else:
            share = self.pace.follow_think if isinstance(decision, FollowDecision) else 1.0
        return share / BRISK if self.attention.brisk else share

    # --- presenting events ----------------------------------------------------------------------

    def present(self, event: Event) -> None:
        """Start presenting one event."""
        self.presented += 1
        self.quick = self.attention.quick(event)
        self.attention.note(event)
        self.model.note(event)
        self.deal_log.add(event)
        moment = self.auction.feed(event)
        if moment in ("sold", "closed"):
            self.hush()  # the auction's bids are said until it ends
        match event:
            case SessionStart():
                self._on_session_start(event)
            case Cut():
                self._on_cut(event)
            case DealStart():
                self._on_deal_start(event)
            case Stake():
                self._on_stake(event)
            case Dealt():
                self._on_deal(event)
            case BuyDead():
                self._on_buy_dead(event, moment == "sold")
            case Bid():
                present_bid(self, event, moment)
            case Play():
                self._on_play(event)
            case BoodleWon():
                self._on_boodle_won(event)
            case Stop():
                self._on_stop(event)
            case HandWon():
                self._on_hand_won(event)
            case DealEnd():
                self._on_deal_end(event)
            case PlayerOut():
                self._on_player_out(event)
            case Penalty():
                self._on_penalty(event)
            case BoodleSplit():
                self._hold(present_split(self, event))
            case Charm():
                self._hold(present_charm(self, event))
            case SessionEnd():
                self._on_session_end(event)
        self.moments.called(event)
        self.stage.presented(event)

    def _on_session_start(self, event: SessionStart) -> None:
        for seat, chips in zip(self.model.seats, event.chips):
            seat.chips = chips
        self.model.touch()

    def _on_cut(self, event: Cut) -> None:
        self._hold(present_cut(self, event))

    def _on_deal_start(self, event: DealStart) -> None:
        model, stage = self.model, self.stage
        old = model.dealer
        model.begin_deal(event.deal, event.dealer)
        model.dealer = old if old is not None else event.dealer
        button = stage.art.dealer_button(12)
        start = stage.layout.seats[old].button_spot if old is not None else stage.layout.centre.center

        def settle() -> None:
            model.dealer = event.dealer
            model.touch()
        if old != event.dealer:
            self.button_flight = Flight(button, start, stage.layout.seats[event.dealer].button_spot, 0.5, arc=30,
                                        on_done=settle)
            self.motion.add(self.button_flight)
        else:
            settle()
        limit = model.rules.deals
        title = (tr("table.banner.deal_of", deal=event.deal, limit=limit) if limit is not None else
                 tr("table.banner.deal", deal=event.deal))
        if stage.ending or (limit is not None and event.deal == limit):
            title = tr("table.banner.last_deal", deal=event.deal)
        name = model.name(event.dealer)
        dealer = tr("table.banner.you_deal") if self.you(event.dealer) else tr("table.banner.they_deal", name=name)
        self.banner(title, dealer, duration=1.3)
        self.sound("shuffle")
        self._hold(0.55)

    def _on_stake(self, event: Stake) -> None:
        model = self.model
        seat = model.seats[event.player]
        start = self.chip_spot(event.player)

        def leave(share: int) -> None:
            seat.chips -= share
            model.touch()
        self._to_pot(event.player, event.pot)
        for i, (card, chips) in enumerate(event.boodle):
            slot = model.boodle_slot[card]

            def to_boodle(share: int, slot: int = slot) -> None:
                model.boodle[slot] += share
                model.touch()
            self.chips_fly(chips, start, self.boodle_spot(slot), 1 + slot % 4, delay=0.05 * (i + 1), leave=leave,
                           land=to_boodle, blocking=False)
        self._hold(0.16)

    def _on_deal(self, event: Dealt) -> None:
        self.dealt = event
        self._hold(present_deal(self, event))

    def _on_penalty(self, event: Penalty) -> None:
        """R27: the lead passes over a player, whose penalty flies to the pot."""
        self.model.set_latest("penalty", event.player, event.chips)
        self._to_pot(event.player, event.chips)

    def _to_pot(self, player: int, chips: int) -> None:
        """`chips` fly from `player`'s stack to the pot, each share leaving the one and landing in the other."""
        model = self.model
        seat = model.seats[player]

        def leave(share: int) -> None:
            seat.chips -= share
            model.touch()

        def to_pot(share: int) -> None:
            model.pot += share
            model.touch()
        self.chips_fly(chips, self.chip_spot(player), self.pot_spot(), 0, leave=leave, land=to_pot, blocking=False)

    def _on_buy_dead(self, event: BuyDead, auction: bool) -> None:
        model, layout, decks = self.model, self.stage.layout, self.stage.decks
        seat = event.player
        back = decks.flight.back()
        here = layout.hand.center if seat == HUMAN else self.card_spot(seat)
        mine = model.seats[seat].cards
        theirs = model.dead_count

        def swap() -> None:
            if seat == HUMAN and self.dealt is not None:
                model.hand = sorted(self.dealt.dead, key=lambda c: c.index)
            model.seats[seat].cards = theirs
            model.dead_count = mine
            model.touch()
        for i in range(min(6, mine)):
            self.motion.add(Flight(back, here, layout.dead_pile, 0.35, i * 0.04, arc=30))
        for i in range(min(6, theirs)):
            self.motion.add(Flight(back, layout.dead_pile, here, 0.35, 0.2 + i * 0.04, arc=30,
                                   on_done=swap if i == min(6, theirs) - 1 else None))
        if theirs == 0:
            swap()

        def leave(share: int) -> None:
            model.seats[seat].chips -= share
            model.touch()

        def to_pot(share: int) -> None:
            model.pot += share
            model.touch()
        dealer = model.dealer
        if model.rules.buy_dead_hand.paid_to == "dealer" and dealer is not None and seat != dealer:

            def to_dealer(share: int) -> None:
                model.seats[dealer].chips += share
                model.touch()
            self.chips_fly(event.fee, self.chip_spot(seat), self.chip_spot(dealer), 0, leave=leave, land=to_dealer)
        else:
            self.chips_fly(event.fee, self.chip_spot(seat), self.pot_spot(), 0, leave=leave, land=to_pot)
        self.banner(*buy_words(self, event, auction), duration=2.0 if auction else 1.5)
        self._hold(1.0 if auction else 0.7)

    def _on_play(self, event: Play) -> None:
        model, layout, decks, pace = self.model, self.stage.layout, self.stage.decks, self.pace
        seat, card = event.player, event.card
        # the player's card that the rules play for them stands lifted and captioned, and is rested on longer
        own = self.you(seat) and card != self.chosen and not self.instant
        self.chosen = None if card == self.chosen else self.chosen
        flight = 0.34 if event.lead else 0.24 * (pace.quick_flight if self.quick else 1.0)
        lift = pace.own_lift * self.speed if own else 0.0
        beat = pace.quick_beat if self.quick else pace.play_beat + (pace.own_beat if own else 0.0)
        rest = pace.rest(lift + flight, beat)
        if own:
            start = self.own.lift(card, event.lead, rest + 0.2 * self.speed)
            image, end_image = decks.flight.face(card), None
        elif seat == HUMAN:
            start = self.hand_card_centre(card)
            image, end_image = decks.flight.face(card), None
        else:
            start = self.card_spot(seat)
            image, end_image = decks.flight.back(), decks.flight.face(card)
        end = layout.board_slot(card).center

        def leave() -> None:
            if own:
                self.own.landed()
            model.take_from_hand(seat, card)
            model.start_run_card(seat, card, event.lead)
            model.active = None
            self.sound("card_play", 0.9 if event.lead else 0.6)

        def land() -> None:
            model.land_on_board(seat, card, event.lead)
        self.motion.add(Flight(image, start, end, flight, lift, arc=34 if event.lead else 16,
                               end_image=end_image, on_start=leave, on_done=land))
        self._hold(max(0.22 if event.lead else 0.06, rest))

    def _on_boodle_won(self, event: BoodleWon) -> None:
        model, layout = self.model, self.stage.layout
        slot = model.boodle_slot[event.card]
        seat = model.seats[event.player]
        self.decor.add(Ring(layout.boodle_cards[slot].center, theme.GOLD, 60, 0.8))
        self.decor.add(Ring(layout.boodle_cards[slot].center, (255, 255, 255), 44, 0.6, delay=0.12))
        self.decor.add(BoodleBadge(layout.boodle_cards[slot]))  # a shape besides the gold rings

        def leave(share: int) -> None:
            model.boodle[slot] -= share
            model.touch()

        def land(share: int) -> None:
            seat.chips += share
            model.touch()
        yours = self.you(event.player) and event.chips > 0
        self.chips_fly(event.chips, self.boodle_spot(slot), self.chip_spot(event.player), 1 + slot % 4, delay=0.15,
                       leave=leave, land=land, duration=0.8 if yours else 0.55, arc=70 if yours else 18)
        if yours:
            self.moments.your_boodle(event, slot)
            self._hold(0.9)
            return
        if event.chips > 0:  # a hit with nothing on it: the rings show it, nothing is won, nothing rises
            self.moments.their_boodle(event, slot)
            self.say(event.player, "boodle_win")
            self.sound("boodle_win")
        self._hold(0.35)

    def _on_stop(self, event: Stop) -> None:
        model = self.model
        reason = str(model.stop(event.after, event.reason))
        # compact, on the status line that says the same: the board, the boodle cards and the seats stay in view
        stage = self.stage
        title = tr("stops.banner")
        four = stage.decks.four_colour
        image = stage.cached(("stop banner", title, reason, four), lambda: make_stop_banner(
            stage.text, title, reason, stage.layout.centre.width, STOP_RED, theme.suits_on_dark(four)))
        self.stop_banner = self._show_banner(image, self.stop_banner_at(image.get_height()), 1.5)
        self.sound("stop")
        mark = model.board.get(event.after)
        if mark is not None:
            self.say(mark.player, "stop")
        self.pause.stopped()
        self._hold(self.pace.quick_stop if self.quick else STOP_HOLD)

    def _on_hand_won(self, event: HandWon) -> None:
        model, layout = self.model, self.stage.layout
        winner = event.player
        paid = sum(p.chips for p in event.payments)
        name = model.name(winner)
        title = tr("table.banner.you_go_out") if self.you(winner) else tr("table.banner.they_go_out", name=name)
        taken = takings(TAKE_BANNER[self.you(winner)], event.pot, paid, name=name)
        # in view while the moment is held
        self.banner(title, "" if taken is None else str(taken), theme.GOLD, 2.2 * max(1.0, self.speed))
        if self.you(winner) and not reduced_motion():  # confetti for the player's own going out only
            self.decor.add(Confetti(layout.hand.center, 110, seed=model.deal_number * 31 + winner))
            self.decor.add(Confetti(layout.board.center, 90, seed=model.deal_number, spread=180))
        self.sound("going_out")
        target = self.chip_spot(winner)
        seat = model.seats[winner]

        def from_pot(share: int) -> None:
            model.pot -= share
            model.touch()

        def land(share: int) -> None:
            seat.chips += share
            model.touch()
        end = self.chips_fly(event.pot, self.pot_spot(), target, 0, delay=0.3, leave=from_pot, land=land,
                             duration=0.6)
        biggest = max(event.payments, key=lambda p: p.chips, default=None)
        for i, payment in enumerate(event.payments):
            loser = model.seats[payment.source]

            end = max(end, self.chips_fly(payment.chips, self.chip_spot(payment.source), target, 4,
                                          delay=0.6 + i * 0.12,
                                          leave=self._paying(loser), land=land, duration=0.55))
            self.popup(payment.source, -payment.chips, delay=0.6 + i * 0.12)
        self.popup(winner, event.pot + paid, delay=end)
        self.moments.going_out(winner, self.speed, end + 0.6)
        self.say(winner, "going_out")
        if biggest is not None and biggest.chips >= BIG_LOSS and biggest.source != winner:
            self.say(biggest.source, "big_loss")
        self._hold(1.1)

    def _paying(self, loser: SeatState) -> Callable[[int], None]:
        """Chips leaving a paying seat."""
        model = self.model

        def pay(share: int) -> None:
            loser.chips -= share
            model.touch()
        return pay

    def _on_deal_end(self, event: DealEnd) -> None:
        model = self.model
        for seat, chips in zip(model.seats, event.chips):
            seat.chips = chips
        for card, chips in event.boodle:
            model.boodle[model.boodle_slot[card]] = chips
        model.active = None
        model.touch()
        self.waiting = True
        self.moments.settle(model.record)

    def _on_player_out(self, event: PlayerOut) -> None:
        model = self.model
        model.seats[event.player].in_session = False
        model.seats[event.player].cards = 0
        model.touch()
        name = model.name(event.player)
        title = tr("table.banner.you_are_out") if self.you(event.player) else tr("table.banner.they_are_out",
                                                                                   name=name)
        self.banner(title, tr("table.banner.no_ante"), theme.RED_TEXT, 1.6)
        self.sound("stop", 0.6)
        self._hold(1.1)

    def _on_session_end(self, event: SessionEnd) -> None:
        model = self.model
        model.winners = tuple(event.winners)
        for state, chips in zip(model.seats, event.chips):
            state.chips = chips
        model.touch()
        for winner in event.winners:
            self.say(winner, "win")
        self._hold(1.0)
