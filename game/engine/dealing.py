"""Dealing: the cut, the antes, the shuffle and the deal, and buying the dead hand (R4, R8–R11, R26's auction).

The deal's own step after the cards are out (the first lead) belongs to the runs.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import DECK, Card
from .combinations import Combination, Pile
from .decisions import BidDecision, BuyDeadDecision, StakeDecision
from .errors import IllegalActionError, IllegalBidError, IllegalBuyError, IllegalStakeError
from .events import Bid, BuyDead, Cut, DealStart, Dealt, Stake
from .ranks import rank_value
from .state import DEAD, REMOVED, SessionState

# NamedTuple constructors are Python functions; on the hot paths the tuple is made directly.
_new = tuple.__new__
_SWAPS = tuple((i, i + 1) for i in range(51, 0, -1))


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle up to 52 `items` in place uniformly: Fisher-Yates driven by one wide draw of the stream."""
    r = rng.getrandbits(256)  # 52! < 2**226, so the modulo bias is below one in a billion
    swaps = _SWAPS if len(items) == 52 else tuple((i, i + 1) for i in range(len(items) - 1, 0, -1))
    for i, places in swaps:
        r, j = divmod(r, places)
        items[i], items[j] = items[j], items[i]


def shuffled_deck(rng: random.Random) -> list[int]:
    """A uniformly shuffled deck of card indices."""
    deck = list(range(52))
    shuffle(deck, rng)
    return deck


class Dealing(SessionState):
    """The session's dealing: from the cut to the cards in every hand."""

    __slots__ = ()

    def _cut(self) -> None:
        """R4/R25: each contender draws a card; the highest rank deals (or the lowest), ties cut again."""
        contenders = list(range(self.n))
        rules = self.rules
        removed = {card.index for card in rules.removed_cards}
        pick = min if rules.cut_deals == "lowest" else max
        while True:
            deck = shuffled_deck(self._rng)
            if removed:
                deck = [c for c in deck if c not in removed]
            cards: list[Card | None] = [None] * self.n
            ranks = {}
            for i, seat in enumerate(contenders):
                cards[seat] = DECK[deck[i]]
                ranks[seat] = rank_value(DECK[deck[i]], rules.aces)
            top = pick(ranks.values())
            contenders = [seat for seat in contenders if ranks[seat] == top]
            if len(contenders) == 1:
                self.dealer = contenders[0]
                self._order = self._seats_from_left_of(self.dealer)
                self._out.append(Cut(tuple(cards), self.dealer))
                return
            self._out.append(Cut(tuple(cards), None))

    def _begin_deal(self) -> None:
        """deal_start, then the antes (R8): asked seat by seat, or placed at once when there is no choice."""
        self.deal_number += 1
        self._table_view = None
        self._out.append(_new(DealStart, (self.deal_number, self.dealer)))
        self._plays = []
        self._stops = []
        self._plays_view = ()
        self._stops_view = ()
        self._given_up = ()
        self._dead_bought = False
        self._buyer = -1
        self.hands = self._no_hands  # nobody holds cards while the antes go in (never changed in place)
        self.dead = []
        self._dealt_sizes = self._no_cards
        if self._charmed:
            self._charm_new_deal()
        dealer = self.dealer
        rules = self.rules
        piles = rules.piles
        if rules.staking == "even" or len(piles) == 1 or rules.ante_boodle == 0:  # no choice to make
            k = len(piles)
            for seat in self._order:
                each = rules.boodle_stake(seat == dealer) // k
                if self.chips[seat] < self._ante[seat == dealer]:
                    self._stake_short(seat, self._stake_asks[seat][seat == dealer])
                    continue
                self._stake(seat, tuple((card, each) for card in piles if each))
            self._deal_cards()
        else:
            self._stake_turn = 0
            self._ask_stake()

    def _ask_stake(self) -> None:
        seat = self._order[self._stake_turn]
        ask = self._stake_asks[seat][seat == self.dealer]
        chips = self.chips[seat]
        if chips >= ask.pot + ask.boodle_total:
            self._pending = ask
        elif chips > ask.pot:  # R29 all_in: the pot first, the rest is theirs to spread
            self._pending = StakeDecision(seat, ask.pot, chips - ask.pot, ask.cards)
        else:
            self._stake(seat, (), chips)
            self._next_stake()

    def _apply_stake(self, decision: StakeDecision, boodle: Any) -> None:
        self._stake(decision.player, self._lawful_stake(decision, boodle), decision.pot)
        self._next_stake()

    def _next_stake(self) -> None:
        self._stake_turn += 1
        if self._stake_turn < len(self._order):
            self._ask_stake()
        else:
            self._deal_cards()

    def _stake_short(self, seat: int, ask: StakeDecision) -> None:
        """R29 all_in without a choice: the pot first, then what is left spread as evenly as it goes over the
        boodle cards (the odd chips one each on the first of them)."""
        pot = min(ask.pot, self.chips[seat])
        each, odd = divmod(self.chips[seat] - pot, len(ask.cards))
        self._stake(seat, tuple((card, each + (i < odd)) for i, card in enumerate(ask.cards) if each + (i < odd)), pot)

    @staticmethod
    def _lawful_stake(decision: StakeDecision, boodle: Any) -> tuple[tuple[Pile, int], ...]:
        """R8: the stake's (card, chips) pairs that carry chips, or IllegalStakeError saying what is wrong."""
        cards = decision.cards
        total = 0
        staked = 0  # bit mask of the cards named so far, by their place in `cards`
        rebuild = False
        try:
            pairs = tuple(boodle.items()) if type(boodle) is dict else tuple(boodle)
            for pair in pairs:
                card, chips = pair
                # the type first: an object of another type may claim to equal a boodle card, and fail later
                if (type(card) is not Card and type(card) is not Combination) or card not in cards:
                    if not isinstance(card, (Card, Combination)):
                        raise IllegalStakeError(f"{card!r} is not a card (stake with Card objects, e.g. "
                                                f"Card.parse('AS'))")
                    raise IllegalStakeError(f"{card} is not a boodle card ({' '.join(map(str, cards))})")
                if type(chips) is not int or chips < 0:
                    raise IllegalStakeError(f"chips on {card} must be a whole number, 0 or more, not {chips!r}")
                place = cards.index(card)
                bit = 1 << place
                if staked & bit:
                    raise IllegalStakeError(f"{card} is staked twice")
                staked |= bit
                total += chips
                # a combination equal to the pile but not it (made from a save) is staked as the pile itself
                rebuild = rebuild or not chips or type(pair) is not tuple or card is not cards[place]
        except (TypeError, ValueError) as error:
            if isinstance(error, IllegalStakeError):
                raise
            raise IllegalStakeError("a stake is a list of (boodle card, chips) pairs") from None
        if total != decision.boodle_total:
            raise IllegalStakeError(f"the stake must put {decision.boodle_total} chips on the boodle cards, "
                                    f"not {total}")
        return tuple([(cards[cards.index(card)], chips) for card, chips in pairs if chips]) if rebuild else pairs

    def _stake(self, seat: int, pairs: tuple[tuple[Pile, int], ...], pot: int = -1) -> None:
        ante_pot = self.rules.ante_pot if pot < 0 else pot
        staked = 0
        slot = self._pile_slot
        for card, chips in pairs:
            self.boodle[slot[card]] += chips
            staked += chips
            if self._charmed:
                self._charm_staked(seat, slot[card], chips)
        self.chips[seat] -= ante_pot + staked
        self.pot += ante_pot
        self._table_view = None
        self._out.append(_new(Stake, (seat, ante_pot, pairs)))

    def _deal_cards(self) -> None:
        """R10: shuffle and deal one at a time from the dealer's left, the dead hand last in each round."""
        # Dealing a shuffled deck round the table gives each card a uniformly random place among the
        # deal's places (seat or dead hand, as many of each as the round-robin hands out), so the engine
        # shuffles those places over the cards in deck order: one loop instead of two.
        owner = self._owner = self._dealt_places()
        hands: list[list[Card]] = [[] for _ in range(self.n)]
        dead: list[Card] = []
        out: list[Card] = []
        # DEAD is -1: the last one; REMOVED is -3 (R24), PLAYED (-2) is never dealt
        to_place = [hand.append for hand in hands] + [out.append, out.append, dead.append]
        for card, seat in zip(DECK, owner):  # in deck order, so every hand comes out sorted
            to_place[seat](card)
        self.hands = hands
        self.dead = dead
        self._dealt_sizes = tuple(map(len, hands))
        self._table_view = None
        self._out.append(Dealt(tuple(map(tuple, hands)), tuple(dead)))
        buy = self.rules.buy_dead_hand
        if buy.enabled and self.chips[self.dealer] >= buy.fee:
            self._pending = BuyDeadDecision(self.dealer, buy.fee)
        elif buy.auction:
            self._open_auction()
        else:
            self._first_lead()

    def _dealt_places(self) -> list[int]:
        """Each card's place for this deal by deck index (a seat or DEAD), as many of each as dealing hands out."""
        order = self._order
        k = len(order) + 1
        removed = self.rules.removed_cards
        size = 52 - len(removed)
        owner = ((order + [DEAD]) * (size // k + 1))[:size]
        shuffle(owner, self._rng)
        if removed:
            places = iter(owner)
            owner = [REMOVED if card in removed else next(places) for card in DECK]
        return owner

    def _apply_buy(self, decision: BuyDeadDecision, buy: bool) -> None:
        if type(buy) is not bool:
            raise IllegalActionError(f"buy_dead takes True (buy) or False (keep the hand), not {buy!r}")
        if buy:
            seat, fee = decision.player, decision.fee
            if self.chips[seat] < fee:
                raise IllegalBuyError(f"buying the dead hand costs {fee} chips; seat {seat} has {self.chips[seat]}")
            self._swap_dead(seat, fee, -1)
        elif self.rules.buy_dead_hand.auction:
            self._open_auction()
            return
        self._pending = None
        self._first_lead()

    def _swap_dead(self, seat: int, fee: int, paid_to: int) -> None:
        """R11/R26: `seat` pays `fee` into the pot (paid_to -1) or to the seat `paid_to`, and takes the dead hand."""
        self.chips[seat] -= fee
        if paid_to < 0:
            self.pot += fee
        else:
            self.chips[paid_to] += fee
        old = self.hands[seat]
        self.hands[seat], self.dead = self.dead, old
        for card in self.hands[seat]:
            self._owner[card.index] = seat
        for card in old:
            self._owner[card.index] = DEAD
        self._given_up = tuple(old)
        self._dead_bought = True
        self._buyer = seat
        self._dealt_sizes = tuple(map(len, self.hands))
        self._table_view = None
        self._out.append(BuyDead(seat, fee))

    # ----- R26: the auction of the dead hand -------------------------------------------------------

    def _open_auction(self) -> None:
        """R26: the dealer kept their hand (or could not buy it): the others bid, from the dealer's left."""
        self._bidders = self._order[:-1]  # the order ends with the dealer, who does not bid
        self._bid_turn = 0
        self._top_bid = (0, -1)
        self._next_bid()

    def _bid_range(self, seat: int) -> tuple[int, int]:
        """The least and the most `seat` may bid now: above the last bid, at least the fee (and 1), at most
        their chips."""
        return max(self.rules.buy_dead_hand.fee, 1, self._top_bid[0] + 1), self.chips[seat]

    def _next_bid(self) -> None:
        """Ask the next bidder, pass for one who cannot outbid, or close the auction."""
        bidders = self._bidders
        while bidders:
            if len(bidders) == 1 and self._top_bid[1] == bidders[0]:
                break
            self._bid_turn %= len(bidders)
            seat = bidders[self._bid_turn]
            low, high = self._bid_range(seat)
            if low <= high:
                self._pending = BidDecision(seat, low, high)
                return
            self._out.append(Bid(seat, 0))  # cannot outbid: a pass, as the rule has it
            del bidders[self._bid_turn]
        self._pending = None
        price, winner = self._top_bid
        if winner >= 0:
            self._swap_dead(winner, price, self.dealer if self.rules.buy_dead_hand.paid_to == "dealer" else -1)
        self._first_lead()

    def _apply_bid(self, decision: BidDecision, chips: int) -> None:
        if type(chips) is not int or chips < 0:
            raise IllegalActionError(f"a bid is a whole number of chips (0 passes), not {chips!r}")
        seat = decision.player
        if chips and not decision.low <= chips <= decision.high:
            raise IllegalBidError(f"seat {seat} may bid {decision.low} to {decision.high} chips, or pass, not {chips}")
        self._out.append(Bid(seat, chips))
        if chips:
            self._top_bid = (chips, seat)
            self._bid_turn += 1
        else:
            del self._bidders[self._bid_turn]
        self._next_bid()
