"""R26 at the table: the auction of the dead hand as it happens. Its opening in a banner (the dealer kept their
hand), each bid and pass in a bubble by the bidder's seat, kept there until the auction ends (a player asked to
bid sees how the others went), and its end in a banner: who buys the dead hand, for how much and where the chips
go, or that everyone passed and nobody buys it. `AuctionTrack` follows a deal's
events to tell those moments apart, for the table and the deal log alike."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...engine.events import Bid, BuyDead, DealStart, Dealt, Event, Play
from ...locale import tr, trn
from .. import theme

if TYPE_CHECKING:
    from .director import Director

BID_BUBBLE_S = 60.0  # a bid or a pass stays said by its seat until the auction ends (the end hushes it)
BID_HOLD = 0.75  # the table waits this long on each bid, so each can be read before the next is said


class AuctionTrack:
    """A deal's auction followed event by event: who may still bid, and whether anyone has bid."""

    def __init__(self) -> None:
        self.begin(-1)

    def begin(self, dealer: int) -> None:
        """A new deal, a new auction."""
        self.dealer = dealer
        self.bidders: set[int] = set()
        self.passed: set[int] = set()
        self.bids = 0  # bids made this deal, passes not counted
        self.opened = False
        self.closed = False

    def replay(self, events: Iterable[Event]) -> None:
        """Follow events already played at once (a resumed or taken back table)."""
        self.begin(-1)
        for event in events:
            self.feed(event)

    def feed(self, event: Event) -> str | None:
        """Follow one event; what it is to the auction: "open" (the first bid or pass of the deal, the event still
        to be told), "unsold" (the last pass, nobody buying), "sold" (the dead hand bought at auction), "closed"
        (the first lead after an auction nobody won) or None."""
        match event:
            case DealStart(dealer=dealer):
                self.begin(dealer)
            case Dealt(hands=hands):
                self.bidders = {seat for seat, hand in enumerate(hands) if hand and seat != self.dealer}
            case Bid(player=player, chips=chips):
                moment = None if self.opened else "open"
                self.opened = True
                if chips:
                    self.bids += 1
                else:
                    self.passed.add(player)
                if not self.bids and self.bidders and self.bidders <= self.passed:
                    return "unsold"
                return moment
            case BuyDead() if self.opened:
                self.closed = True
                return "sold"
            case Play() if self.opened and not self.closed:
                self.closed = True
                return "closed"
        return None

    def passers(self) -> frozenset[int]:
        """The seats that passed while the auction is on (a pass is final): none once it ends."""
        return frozenset(self.passed) if self.opened and not self.closed else frozenset()


def bubble_words(event: Bid) -> str:
    """A bid or a pass as its bidder says it."""
    return trn("auction.bubble.bid", event.chips) if event.chips else tr("auction.bubble.pass")


def present_bid(director: Director, event: Bid, moment: str | None) -> None:
    """A bid or a pass: said by the bidder's seat; the auction's opening and an unsold end in a banner."""
    model = director.model
    dealer = model.dealer if model.dealer is not None else 0
    if moment == "open":
        who = tr("auction.banner.you_keep") if director.you(dealer) else tr("auction.banner.they_keep",
                                                                               name=model.name(dealer))
        director.banner(tr("auction.banner.open"), who, duration=1.2)
    director.speak(event.player, bubble_words(event), BID_BUBBLE_S)
    director.sound("click", 0.4)
    if moment == "unsold":
        director.banner(tr("auction.banner.nobody"), tr("auction.banner.all_passed"), theme.RED_TEXT, 1.6)
        director.hold = max(director.hold, 1.0)
    director.hold = max(director.hold, BID_HOLD)


def buy_words(director: Director, event: BuyDead, auction: bool) -> tuple[str, str]:
    """The banner of the dead hand bought: who bought it (at auction, for how much) and where the chips went (an
    auction's price to the dealer if the rules say so, else the pot)."""
    model = director.model
    mine, name = director.you(event.player), model.name(event.player)
    if auction:
        title = trn("auction.banner.you_buy", event.fee) if mine else trn("auction.banner.they_buy", event.fee,
                                                                             name=name)
    else:
        title = tr("table.banner.you_buy") if mine else tr("table.banner.they_buy", name=name)
    dealer = model.dealer
    if not auction:
        return title, trn("table.banner.fee_to_pot", event.fee)
    if model.rules.buy_dead_hand.paid_to == "dealer" and dealer is not None:
        return title, (trn("auction.banner.to_you", event.fee) if director.you(dealer) else
                       trn("auction.banner.to_dealer", event.fee, name=model.name(dealer)))
    return title, trn("auction.banner.to_pot", event.fee)
