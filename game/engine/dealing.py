"""Dealing: the cut for the first dealer, the antes, the shuffle and the deal, and buying the dead hand (R4, R8–R11).

The deal's own step after the cards are out (the first lead) belongs to the runs.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import DECK, Card
from .combinations import Combination, Pile
from .decisions import BuyDeadDecision, StakeDecision
from .errors import IllegalActionError, IllegalBuyError, IllegalStakeError
from .events import BuyDead, Cut, DealStart, Dealt, Stake
from .state import DEAD, SessionState

# NamedTuple constructors are Python functions; on the hot paths the tuple is made directly.
_new = tuple.__new__
_SWAPS = tuple((i, i + 1) for i in range(51, 0, -1))


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle 52 `items` in place uniformly: Fisher-Yates driven by one wide draw of the stream."""
    r = rng.getrandbits(256)  # 52! < 2**226, so the modulo bias is below one in a billion
    for i, places in _SWAPS:
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
        """R4: each contender draws a card; the highest rank deals, ties cut again."""
        contenders = list(range(self.n))
        while True:
            deck = shuffled_deck(self._rng)
            cards: list[Card | None] = [None] * self.n
            ranks = {}
            for i, seat in enumerate(contenders):
                cards[seat] = DECK[deck[i]]
                ranks[seat] = DECK[deck[i]].rank
            top = max(ranks.values())
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
        self.hands = self._no_hands  # nobody holds cards while the antes go in (never changed in place)
        self.dead = []
        self._dealt_sizes = self._no_cards
        dealer = self.dealer
        rules = self.rules
        piles = rules.piles
        if rules.staking == "even" or len(piles) == 1 or rules.ante_boodle == 0:  # no choice to make
            k = len(piles)
            for seat in self._order:
                each = rules.boodle_stake(seat == dealer) // k
                self._stake(seat, tuple((card, each) for card in piles if each))
            self._deal_cards()
        else:
            self._stake_turn = 0
            self._ask_stake()

    def _ask_stake(self) -> None:
        seat = self._order[self._stake_turn]
        self._pending = self._stake_asks[seat][seat == self.dealer]

    def _apply_stake(self, decision: StakeDecision, boodle: Any) -> None:
        self._stake(decision.player, self._lawful_stake(decision, boodle))
        self._stake_turn += 1
        if self._stake_turn < len(self._order):
            self._ask_stake()
        else:
            self._deal_cards()

    @staticmethod
    def _lawful_stake(decision: StakeDecision, boodle: Any) -> tuple[tuple[Pile, int], ...]:
        """R8: the stake's (card, chips) pairs that carry chips, or IllegalStakeError saying what is wrong."""
        cards = decision.cards
        total = 0
        staked = 0  # bit mask of the cards named so far, by deck index
        rebuild = False
        try:
            pairs = tuple(boodle.items()) if type(boodle) is dict else tuple(boodle)
            for pair in pairs:
                card, chips = pair
                if card not in cards:
                    if not isinstance(card, (Card, Combination)):
                        raise IllegalStakeError(f"{card!r} is not a card (stake with Card objects, e.g. "
                                                f"Card.parse('AS'))")
                    raise IllegalStakeError(f"{card} is not a boodle card ({' '.join(map(str, cards))})")
                if type(chips) is not int or chips < 0:
                    raise IllegalStakeError(f"chips on {card} must be a whole number, 0 or more, not {chips!r}")
                bit = 1 << cards.index(card)
                if staked & bit:
                    raise IllegalStakeError(f"{card} is staked twice")
                staked |= bit
                total += chips
                rebuild = rebuild or not chips or type(pair) is not tuple
        except (TypeError, ValueError) as error:
            if isinstance(error, IllegalStakeError):
                raise
            raise IllegalStakeError("a stake is a list of (boodle card, chips) pairs") from None
        if total != decision.boodle_total:
            raise IllegalStakeError(f"the stake must put {decision.boodle_total} chips on the boodle cards, "
                                    f"not {total}")
        return tuple([(card, chips) for card, chips in pairs if chips]) if rebuild else pairs

    def _stake(self, seat: int, pairs: tuple[tuple[Pile, int], ...]) -> None:
        ante_pot = self.rules.ante_pot
        staked = 0
        slot = self._pile_slot
        for card, chips in pairs:
            self.boodle[slot[card]] += chips
            staked += chips
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
        to_place = [hand.append for hand in hands] + [dead.append]  # DEAD is -1: the last one
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
        else:
            self._first_lead()

    def _dealt_places(self) -> list[int]:
        """Each card's place for this deal by deck index (a seat or DEAD), as many of each as dealing hands out."""
        order = self._order
        k = len(order) + 1
        owner = ((order + [DEAD]) * (52 // k + 1))[:52]
        shuffle(owner, self._rng)
        return owner

    def _apply_buy(self, decision: BuyDeadDecision, buy: bool) -> None:
        if type(buy) is not bool:
            raise IllegalActionError(f"buy_dead takes True (buy) or False (keep the hand), not {buy!r}")
        if buy:
            seat, fee = decision.player, decision.fee
            if self.chips[seat] < fee:
                raise IllegalBuyError(f"buying the dead hand costs {fee} chips; seat {seat} has {self.chips[seat]}")
            self.chips[seat] -= fee
            self.pot += fee
            old = self.hands[seat]
            self.hands[seat], self.dead = self.dead, old
            for card in self.hands[seat]:
                self._owner[card.index] = seat
            for card in old:
                self._owner[card.index] = DEAD
            self._given_up = tuple(old)
            self._dead_bought = True
            self._dealt_sizes = tuple(map(len, self.hands))
            self._table_view = None
            self._out.append(BuyDead(seat, fee))
        self._pending = None
        self._first_lead()
