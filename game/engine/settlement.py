"""Settlement: the winner's pot and payments, the deal passing on, players going out, the end (R5–R7, R18–R21)."""

from __future__ import annotations

from .events import BoodleSplit, DealEnd, HandWon, Payment, PlayerOut, SessionEnd, Share
from .state import SessionState

# NamedTuple constructors are Python functions; on the hot paths the tuple is made directly.
_new = tuple.__new__


class Settlement(SessionState):
    """The session's settling up, between one deal and the next."""

    __slots__ = ()

    def _win_hand(self, winner: int) -> None:
        """R18/R19: the winner takes the pot and a payment for every card left in the other hands."""
        per_card = self.rules.per_card_payment
        chips = self.chips
        payments = []
        got = 0
        for seat in self._order:
            if seat != winner:
                owed = per_card * len(self.hands[seat])
                paid = owed if owed <= chips[seat] else chips[seat]
                chips[seat] -= paid
                got += paid
                payments.append(_new(Payment, (seat, paid)))
        pot = self.pot
        chips[winner] += pot + got
        self.pot = 0
        self._pending = None
        self._table_view = None
        out = self._out
        out.append(_new(HandWon, (winner, pot, tuple(payments))))
        out.append(_new(DealEnd, (tuple(chips), tuple(zip(self.rules.piles, self.boodle)))))
        self._next_deal()

    def _next_deal(self) -> None:
        """R5–R7: pass the deal left, put out those who cannot ante, and deal again or end."""
        limit = self.rules.deals
        if self._end_requested or (limit is not None and self.deal_number >= limit):
            self._finish()
            return
        order = self._order
        dealer = order[0]
        chips = self.chips
        ante, dealer_ante = self._staying_ante()
        if chips[dealer] < dealer_ante or any(chips[s] < ante for s in order):
            if not self._put_out_the_broke(dealer):
                return
            dealer = self._next_in(self.dealer)
            while not self.in_session[dealer]:
                dealer = self._next_in(dealer)
            order = self._seats_from_left_of(dealer)
        else:
            order = order[1:] + order[:1]
        self.dealer = dealer
        self._order = order
        self._begin_deal()

    def _staying_ante(self) -> tuple[int, int]:
        """R7: the chips a player (and the dealer) needs to stay in; under R29's all_in any chip will do."""
        if self.rules.short_ante == "all_in":
            return min(self._ante[0], 1), min(self._ante[1], 1)
        return self._ante

    def _put_out_the_broke(self, dealer: int) -> bool:
        """R7: everyone who cannot pay the next ante leaves; False when that ends the session (R6)."""
        ante = self._staying_ante()
        while True:
            broke = [s for s in range(self.n) if self.in_session[s] and self.chips[s] < ante[s == dealer]]
            if not broke:
                return True
            self._table_view = None
            for seat in broke:
                self.in_session[seat] = False
                self._out.append(PlayerOut(seat))
            if sum(self.in_session) < 2:
                self._finish()
                return False
            if not self.in_session[dealer]:
                dealer = self._next_in(dealer)

    def _finish(self, share: bool = True) -> None:
        """R6: the session ends (with what is left on the boodle cards shared out, R22, unless `share` is False:
        `end_now`); most chips wins, ties share."""
        self._pending = None
        self._over = True
        self._table_view = None
        if share:
            self._share_boodle()
        top = max(self.chips)
        self._out.append(SessionEnd(tuple(self.chips), tuple(s for s in range(self.n) if self.chips[s] == top)))

    def _share_boodle(self) -> None:
        """R22 under `boodle_at_end: split`: the chips left on the boodle cards go equally to the players still in,
        the ones that do not divide one each from the last dealer's left; every sharer is listed, 0 included. When
        the last check put everyone out at once, the players of the last deal share them."""
        left = sum(self.boodle)
        if not left or self.rules.boodle_at_end != "split":
            return
        sharers = [seat for seat in self._order if self.in_session[seat]] or list(self._order)
        each, odd = divmod(left, len(sharers))
        shares = tuple(Share(seat, each + (place < odd)) for place, seat in enumerate(sharers))
        for seat, chips in shares:
            self.chips[seat] += chips
        self.boodle[:] = [0] * len(self.boodle)
        self._out.append(BoodleSplit(shares))
