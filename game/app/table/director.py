"""The director: turns the engine's events into animations, sounds, words and model changes.

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

import pygame

from ...engine.cards import Card
from ...engine.events import (
    BoodleWon,
    BuyDead,
    Cut,
    DealEnd,
    DealStart,
    Dealt,
    Event,
    HandWon,
    Play,
    PlayerOut,
    SessionEnd,
    SessionStart,
    Stake,
    Stop,
)
from ...locale import tr, trn
from ...locale.cards import card_label
from .. import theme
from .animation import Banner, Bubble, Confetti, Flight, PopUp, Ring, Timeline, Wait
from .model import HUMAN, BoodleWin
from .sprites import STOP_BANNER_H, make_banner, make_bubble, make_stop_banner

if TYPE_CHECKING:
    from .model import SeatState, TableModel
    from .scene import TableScene

SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 2.2, "instant": math.inf}
DEAL_INTERVAL = 0.03  # seconds between two dealt cards at normal speed
MAX_CHIP_SPRITES = 6
BIG_LOSS = 6  # chips paid in one settlement that make a character complain
STOP_RED = (236, 92, 80)
POPUP_SIZE = 26  # "+12" pop-ups: the title face at this size
POPUP_LINE = 47  # the middle of a plate's chips line, from the plate's top
POPUP_RISE = 12


class Director:
    """Presents events on the table in order, at the pace of the speed setting."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.motion = Timeline()  # cards and chips in flight: the table waits for these
        self.decor = Timeline()  # banners, pop-ups, bubbles, confetti: never waited for
        self.queue: deque[Event] = deque()
        self.hold = 0.0
        self.waiting = False  # a deal summary is on screen
        self.speed = 1.0
        self.dealt: Dealt | None = None
        self._sounded: set[str] = set()
        self._bubbles: dict[int, Bubble] = {}
        self._popups: dict[int, PopUp] = {}
        self.presented = 0  # events presented so far (tests and screenshots watch it)
        self.last_event: Event | None = None
        self.button_flight: Flight | None = None  # the dealer button on its way to the new dealer
        self.stop_banner: Banner | None = None  # the stop's banner, over the status line while it shows

    # --- pacing ---------------------------------------------------------------------------------

    @property
    def model(self) -> TableModel:
        """The scene's table model."""
        return self.scene.model

    @property
    def idle(self) -> bool:
        """True when nothing is queued, moving or held, and no summary is open."""
        return not self.queue and self.hold <= 0 and not self.waiting and not self.motion.busy

    @property
    def busy(self) -> bool:
        """True while something is being presented (fast-forward has something to do)."""
        return bool(self.queue) or self.hold > 0 or self.motion.busy

    @property
    def instant(self) -> bool:
        """True at the "instant" speed."""
        return math.isinf(self.speed)

    def push(self, events: Iterable[Event]) -> None:
        """Queue events to present."""
        self.queue.extend(events)

    def update(self, dt: float) -> None:
        """Advance animations and holds; present queued events while nothing blocks them."""
        self._sounded.clear()
        # fast-forwarding headlessly, decorations age quickly too: only the latest moment's remain
        hurry = 12.0 if self.scene.hurrying else 1.6
        self.decor.update(dt * (hurry if self.instant else self.speed))
        self.motion.update(math.inf if self.instant else dt * self.speed)
        self.hold = 0.0 if self.instant else self.hold - dt * self.speed
        count = 0
        while self.queue and not self.waiting and self.hold <= 0 and not self.motion.busy and count < 80:
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

    def sound(self, name: str, volume: float = 1.0) -> None:
        """Play a sound, at most once a frame per name (instant speed lands many things at once)."""
        if name in self._sounded:
            return
        self._sounded.add(name)
        self.scene.app.assets.play(name, volume)

    def you(self, seat: int) -> bool:
        """True for the human's seat."""
        return self.model.seats[seat].is_human

    # --- places ---------------------------------------------------------------------------------

    def chip_spot(self, seat: int) -> tuple[int, int]:
        """Where a seat's chips come from and go to."""
        return self.scene.layout.seats[seat].chip_spot

    def card_spot(self, seat: int) -> tuple[int, int]:
        """Where a seat's cards come from and go to."""
        return self.scene.layout.seats[seat].card_origin

    def hand_card_centre(self, card: Card) -> tuple[int, int]:
        """The centre of `card` in the human's hand as shown now."""
        hand = self.model.hand
        if card in hand:
            slots = self.scene.layout.hand_slots(len(hand))
            x, y = slots[hand.index(card)].center
            return x, y
        return self.scene.layout.hand.center

    def boodle_spot(self, slot: int) -> tuple[int, int]:
        """The top of a boodle card's chip stack."""
        x, y = self.scene.layout.boodle_stacks[slot]
        return x, y - 10

    def pot_spot(self) -> tuple[int, int]:
        """The top of the pot's stack."""
        x, y = self.scene.layout.pot_stack
        return x, y - 10

    # --- decorations ----------------------------------------------------------------------------

    def banner(self, title: str, subtitle: str = "", accent: tuple[int, int, int] = theme.GOLD,
               duration: float = 1.4, at: tuple[int, int] | None = None) -> None:
        """A band across the table."""
        scene = self.scene
        key = ("banner", title, subtitle, accent, scene.decks.four_colour)
        image = scene.art_cache.get(key)
        if image is None:
            image = scene.art_cache.put(key, make_banner(scene.app.text, title, subtitle,
                                                         scene.layout.centre.width + 60, accent,
                                                         theme.suits_on_dark(scene.decks.four_colour)))
        self._show_banner(image, at or (scene.layout.board.centerx, scene.layout.board.centery), duration)

    def _show_banner(self, image: pygame.Surface, centre: tuple[int, int], duration: float) -> Banner:
        for anim in list(self.decor.anims):  # one banner at a time
            if isinstance(anim, Banner):
                anim.finish()
        self.decor.anims = [a for a in self.decor.anims if not a.done]
        self.stop_banner = None
        banner = Banner(image, centre, duration)
        self.decor.add(banner)
        return banner

    def stop_banner_showing(self) -> bool:
        """True while the stop's banner covers the status line."""
        return self.stop_banner is not None and not self.stop_banner.done

    def clear_stop_banner(self) -> None:
        """Take the stop's banner away at once (the human's prompt needs its place)."""
        if self.stop_banner is not None:
            self.stop_banner.finish()
            self.decor.anims = [a for a in self.decor.anims if not a.done]
            self.stop_banner = None

    def stop_banner_at(self) -> tuple[int, int]:
        """The stop banner's centre: on the status line under the board, where it hides no card, chip or seat."""
        status = self.scene.layout.status
        return status.centerx, status.y + STOP_BANNER_H // 2 - 4

    def popup(self, seat: int, amount: int, delay: float = 0.0) -> None:
        """A "+12" or "-4" rising from a seat's chips."""
        if amount == 0:
            return
        colour = theme.GOLD if amount > 0 else theme.RED_TEXT
        words = f"+{amount}" if amount > 0 else f"−{-amount}"
        text = self.scene.app.text
        place = self.scene.layout.seats[seat]
        room = place.plate.right - 8 - (place.name_left + 22 + text.width("888", "bold", 18) + 6)
        size = POPUP_SIZE
        image = text.render_shadowed(words, "title", size, colour, outline=2)
        while image.get_bounding_rect().width > room and size > 14:  # "+123" too stays clear of the count
            size -= 2
            image = text.render_shadowed(words, "title", size, colour, outline=2)
        start, rise = self.popup_path(seat, image)
        popup = PopUp(image, start, delay=delay, rise=rise)
        old = self._popups.get(seat)
        if old is not None and not old.done:  # one number at a time per seat: the old one ends as this one starts
            old.cut(delay)
        self._popups[seat] = popup
        self.decor.add(popup)

    def popup_path(self, seat: int, image: pygame.Surface) -> tuple[tuple[float, float], float]:
        """Where a seat's pop-up starts (its centre) and how far it rises: beside the chip count, at the
        right end of the plate's lower line, rising from just under it to that line, so the name above
        is never covered."""
        plate = self.scene.layout.seats[seat].plate
        ink = image.get_bounding_rect()
        x = plate.right - 8 - ink.right + image.get_width() / 2  # the number's right edge near the plate's
        y = plate.y + POPUP_LINE  # the chips line's middle
        return (x, y + POPUP_RISE), float(POPUP_RISE)

    def say(self, seat: int, moment: str) -> None:
        """Let a character speak at a moment, if they have a line and the chattiness allows."""
        words = self.scene.line_for(seat, moment)
        if not words:
            return
        scene = self.scene
        place = scene.layout.seats[seat]
        key = ("bubble", words, place.side)
        cached = scene.art_cache.get(key)
        if cached is None:
            cached = scene.art_cache.put(key, make_bubble(scene.app.text, words, place.side))
        image, tip = cached
        rect = self.bubble_rect(seat, image, tip)
        old = self._bubbles.pop(seat, None)
        if old is not None:
            old.finish()
            self.decor.anims = [a for a in self.decor.anims if not a.done]
        bubble = Bubble(image, rect.topleft, 2.0 + 0.045 * len(words), seat=seat)
        self._bubbles[seat] = bubble
        self.decor.add(bubble)
        self.sound("bubble", 0.5)

    def hush(self) -> None:
        """End every speech bubble at once."""
        for bubble in self._bubbles.values():
            bubble.finish()
        self._bubbles.clear()
        self.decor.anims = [a for a in self.decor.anims if not a.done]

    def bubble_rect(self, seat: int, image: pygame.Surface, tip: pygame.Vector2) -> pygame.Rect:
        """Where a seat's bubble goes: its tail on the seat's anchor, kept whole on the felt (on screen)."""
        place = self.scene.layout.seats[seat]
        rect = image.get_rect(topleft=(round(place.bubble_anchor[0] - tip.x), round(place.bubble_anchor[1] - tip.y)))
        rect.clamp_ip(self.scene.layout.felt.inflate(-8, -8))
        return rect

    def chips_fly(self, chips: int, start: tuple[int, int], end: tuple[int, int], colour: int, *, delay: float = 0.0,
                  leave: Callable[[int], None] | None = None, land: Callable[[int], None] | None = None,
                  blocking: bool = True, duration: float = 0.42) -> float:
        """Chips sliding from `start` to `end` as a few sprites, each carrying a share; the last landing time."""
        if chips <= 0:
            return delay
        sprites = min(chips, MAX_CHIP_SPRITES)
        shares = [chips // sprites + (1 if i < chips % sprites else 0) for i in range(sprites)]
        image = self.scene.app.art.chip(colour, 12)
        end_time = delay
        for i, share in enumerate(shares):
            d = delay + i * 0.06
            flight = Flight(image, start, end, duration, d, arc=18,
                            on_start=self._leaving(share, leave),
                            on_done=self._landing(share, land))
            flight.blocking = blocking
            self.motion.add(flight)
            end_time = d + duration
        return end_time

    @staticmethod
    def _leaving(share: int, leave: Callable[[int], None] | None) -> Callable[[], None] | None:
        if leave is None:
            return None
        return lambda: leave(share)

    def _landing(self, share: int, land: Callable[[int], None] | None) -> Callable[[], None]:
        def done() -> None:
            if land is not None:
                land(share)
            self.sound("chip_clink", 0.7)
        return done

    # --- presenting events ----------------------------------------------------------------------

    def present(self, event: Event) -> None:
        """Start presenting one event."""
        self.presented += 1
        self.last_event = event
        handler = getattr(self, "_on_" + event.type, None)
        if handler is not None:
            handler(event)
        self.scene.on_presented(event)

    def _on_session_start(self, event: SessionStart) -> None:
        for seat, chips in zip(self.model.seats, event.chips):
            seat.chips = chips
        self.model.touch()

    def _on_cut(self, event: Cut) -> None:
        model, decks = self.model, self.scene.decks
        back = decks.flight.back()
        centre = self.scene.layout.centre.center
        model.cut_cards.clear()
        for i, (seat, card) in enumerate((s, c) for s, c in enumerate(event.cards) if c is not None):
            def land(seat: int = seat, card: Card = card) -> None:
                model.cut_cards[seat] = card
                model.touch()
            self.motion.add(Flight(back, centre, self.card_spot(seat), 0.35, i * 0.08,
                                   end_image=decks.flight.face(card),
                                   on_done=land))
        self.sound("deal")
        if event.dealer is None:
            top = max(c.rank for c in event.cards if c is not None)
            tied = [model.name(s) for s, c in enumerate(event.cards) if c is not None and c.rank == top]
            who = tr("table.and", first=", ".join(tied[:-1]), last=tied[-1]) if len(tied) > 1 else "".join(tied)
            self.motion.add(Wait(0.5, 0.3, on_done=lambda: self.banner(
                tr("table.banner.tie"), tr("table.banner.tie_who", names=who), duration=1.2)))
            self._hold(1.3)
        else:
            cut = event.cards[event.dealer]
            name = model.name(event.dealer)
            you = self.you(event.dealer)
            title = tr("table.banner.you_deal") if you else tr("table.banner.they_deal", name=name)
            words = "" if cut is None else (tr("table.banner.you_cut_highest", card=card_label(cut)) if you else
                                            tr("table.banner.they_cut_highest", name=name, card=card_label(cut)))
            self.motion.add(Wait(0.5, 0.3, on_done=lambda: self.banner(title, words, duration=1.6)))
            self._hold(1.5)

    def _on_deal_start(self, event: DealStart) -> None:
        model, scene = self.model, self.scene
        old = model.dealer
        model.begin_deal(event.deal, event.dealer)
        model.dealer = old if old is not None else event.dealer
        button = scene.app.art.dealer_button(12)
        start = scene.layout.seats[old].button_spot if old is not None else scene.layout.centre.center

        def settle() -> None:
            model.dealer = event.dealer
            model.touch()
        if old != event.dealer:
            self.button_flight = Flight(button, start, scene.layout.seats[event.dealer].button_spot, 0.5, arc=30,
                                        on_done=settle)
            self.motion.add(self.button_flight)
        else:
            settle()
        limit = model.rules.deals
        title = (tr("table.banner.deal_of", deal=event.deal, limit=limit) if limit is not None else
                 tr("table.banner.deal", deal=event.deal))
        if scene.end_requested or (limit is not None and event.deal == limit):
            title = tr("table.banner.last_deal", deal=event.deal)
        name = model.name(event.dealer)
        dealer = tr("table.banner.you_deal") if self.you(event.dealer) else tr("table.banner.they_deal", name=name)
        self.banner(title, dealer, duration=1.3)
        self.sound("shuffle")
        self._hold(0.55)

    def _on_stake(self, event: Stake) -> None:
        model = self.model
        seat = model.seats[event.player]
        total = event.pot + sum(chips for _, chips in event.boodle)
        record = model.record
        if record is not None:
            record.staked[event.player] = total
        start = self.chip_spot(event.player)

        def leave(share: int) -> None:
            seat.chips -= share
            model.touch()

        def to_pot(share: int) -> None:
            model.pot += share
            model.touch()
        self.chips_fly(event.pot, start, self.pot_spot(), 0, leave=leave, land=to_pot, blocking=False)
        for i, (card, chips) in enumerate(event.boodle):
            slot = model.boodle_slot[card]

            def to_boodle(share: int, slot: int = slot) -> None:
                model.boodle[slot] += share
                model.touch()
            self.chips_fly(chips, start, self.boodle_spot(slot), 1 + slot % 4, delay=0.05 * (i + 1), leave=leave,
                           land=to_boodle, blocking=False)
        self._hold(0.16)

    def _on_deal(self, event: Dealt) -> None:
        model, layout, decks = self.model, self.scene.layout, self.scene.decks
        self.dealt = event
        dealer = model.dealer if model.dealer is not None else 0
        order = model.order_from_left_of(dealer)
        start = layout.seats[dealer].plate.center
        back = decks.flight.back()
        # the human's cards arrive in a shuffled order, as a real deal would bring them
        mine = list(event.hands[HUMAN])
        self.scene.rng.shuffle(mine)
        sizes = {seat: len(event.hands[seat]) for seat in order}
        rounds = max(list(sizes.values()) + [len(event.dead)])
        delay = 0.0
        dealt_mine = 0
        for r in range(rounds):
            for seat in order + [-1]:
                size = len(event.dead) if seat < 0 else sizes[seat]
                if r >= size:
                    continue
                if seat < 0:
                    target = layout.dead_pile
                    land = self._dealt_to(-1, None)
                elif seat == HUMAN:
                    target = layout.hand.center
                    land = self._dealt_to(HUMAN, mine[dealt_mine])
                    dealt_mine += 1
                else:
                    target = self.card_spot(seat)
                    land = self._dealt_to(seat, None)
                self.motion.add(Flight(back, start, target, 0.24, delay, arc=10, on_done=land))
                delay += DEAL_INTERVAL
        self._hold(0.15)

    def _dealt_to(self, seat: int, card: Card | None) -> Callable[[], None]:
        """What happens when a dealt card lands: the dead hand (-1) or a seat counts it; the human sees it."""
        model = self.model

        def land() -> None:
            if seat < 0:
                model.dead_count += 1
                model.touch()
            elif card is not None:
                model.add_to_hand(card)
                self.sound("deal", 0.5)
            else:
                model.seats[seat].cards += 1
                model.touch()
                self.sound("deal", 0.35)
        return land

    def _on_buy_dead(self, event: BuyDead) -> None:
        model, layout, decks = self.model, self.scene.layout, self.scene.decks
        seat = event.player
        name = model.name(seat)
        record = model.record
        if record is not None:
            record.bought = (seat, event.fee)
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
        self.chips_fly(event.fee, self.chip_spot(seat), self.pot_spot(), 0, leave=leave, land=to_pot)
        title = tr("table.banner.you_buy") if self.you(seat) else tr("table.banner.they_buy", name=name)
        self.banner(title, trn("table.banner.fee_to_pot", event.fee), duration=1.5)
        self._hold(0.7)

    def _on_play(self, event: Play) -> None:
        model, layout, decks = self.model, self.scene.layout, self.scene.decks
        seat, card = event.player, event.card
        if seat == HUMAN:
            start = self.hand_card_centre(card)
            image, end_image = decks.flight.face(card), None
        else:
            start = self.card_spot(seat)
            image, end_image = decks.flight.back(), decks.flight.face(card)
        end = layout.board_slot(card).center

        def leave() -> None:
            model.take_from_hand(seat, card)
            model.start_run_card(seat, card, event.lead)
            model.active = None
            self.sound("card_play", 0.9 if event.lead else 0.6)

        def land() -> None:
            model.land_on_board(seat, card, event.lead)
        self.motion.add(Flight(image, start, end, 0.34 if event.lead else 0.24, arc=34 if event.lead else 16,
                               end_image=end_image, on_start=leave, on_done=land))
        self._hold(0.22 if event.lead else 0.06)

    def _on_boodle_won(self, event: BoodleWon) -> None:
        model, layout = self.model, self.scene.layout
        slot = model.boodle_slot[event.card]
        seat = model.seats[event.player]
        record = model.record
        if record is not None:
            record.boodle_wins.append(BoodleWin(event.player, event.card, event.chips))
        self.decor.add(Ring(layout.boodle_cards[slot].center, theme.GOLD, 60, 0.8))
        self.decor.add(Ring(layout.boodle_cards[slot].center, (255, 255, 255), 44, 0.6, delay=0.12))

        def leave(share: int) -> None:
            model.boodle[slot] -= share
            model.touch()

        def land(share: int) -> None:
            seat.chips += share
            model.touch()
        self.chips_fly(event.chips, self.boodle_spot(slot), self.chip_spot(event.player), 1 + slot % 4, delay=0.15,
                       leave=leave, land=land, duration=0.55)
        self.popup(event.player, event.chips, delay=0.5)
        self.sound("boodle_win")
        if event.chips > 0:
            self.say(event.player, "boodle_win")
        self._hold(0.35)

    def _on_stop(self, event: Stop) -> None:
        model = self.model
        reason = str(model.stop(event.after, event.reason))
        # compact, on the status line that says the same: the board, the boodle cards and the seats stay in view
        scene = self.scene
        title = tr("stops.banner")
        key = ("stop banner", title, reason, scene.decks.four_colour)
        image = scene.art_cache.get(key)
        if image is None:
            image = scene.art_cache.put(key, make_stop_banner(scene.app.text, title, reason,
                                                              scene.layout.centre.width, STOP_RED,
                                                              theme.suits_on_dark(scene.decks.four_colour)))
        self.stop_banner = self._show_banner(image, self.stop_banner_at(), 1.5)
        self.sound("stop")
        mark = model.board.get(event.after)
        if mark is not None:
            self.say(mark.player, "stop")
        self._hold(0.85)

    def _on_hand_won(self, event: HandWon) -> None:
        model, layout = self.model, self.scene.layout
        winner = event.player
        record = model.record
        if record is not None:
            record.winner, record.pot, record.payments = winner, event.pot, event.payments
        paid = sum(p.chips for p in event.payments)
        name = model.name(winner)
        title = tr("table.banner.you_go_out") if self.you(winner) else tr("table.banner.they_go_out", name=name)
        self.banner(title, tr("table.banner.takes_pot", pot=event.pot, paid=paid), theme.GOLD, 2.2)
        burst = layout.seats[winner].plate.center if winner != HUMAN else layout.hand.center
        self.decor.add(Confetti(burst, 110 if winner == HUMAN else 80, seed=model.deal_number * 31 + winner))
        if self.you(winner):
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
        record = model.record
        if record is not None:
            record.chips_after = list(event.chips)
            record.carried = event.boodle
        model.active = None
        model.touch()
        self.waiting = True
        self.scene.on_deal_end(record)

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
        human = self.scene.human_seat
        self.sound("session_won" if human is None or human in event.winners else "session_lost")
        for winner in event.winners:
            self.say(winner, "win")
        self._hold(1.0)
