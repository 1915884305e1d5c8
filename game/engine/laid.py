"""A session laid at one deal as a log tells it: the table as that deal found it and its cards as they were dealt.

A log's seed fixes its deals only when the log is whole from the start; a deal kept on its own (a save keeps one
log a deal) says instead what the table looked like before it: the stacks, the chips on the boodle cards, who is
still in, who deals. `LaidDeal` starts from there and deals the logged hands, so the deal plays on the engine's
own rules and a reader (the review) can put each decision of it to the same view the player had.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .charms import CharmSpec
from .errors import IllegalActionError
from .events import Event
from .rules import RuleSet
from .session import SeatInfo, Session
from .state import DEAD


class LaidDeal(Session):
    """A session whose first deal is deal `deal` of a log, laid from what the table held before it."""

    __slots__ = ("_laid",)
    _laid: list[int] | None  # each card's place in the deal as logged, until it is dealt

    def __init__(self, rules: RuleSet, seats: Sequence[SeatInfo], seed: int, *, deal: int, dealer: int,
                 chips: Sequence[int], boodle: Sequence[int], in_session: Sequence[bool],
                 hands: Sequence[Sequence[Card]], dead: Sequence[Card],
                 charms: Sequence[Sequence[CharmSpec]] | None = None) -> None:
        super().__init__(rules, seats, seed, charms)
        n = self.n
        if len(chips) != n or len(in_session) != n or len(hands) != n:
            raise ValueError(f"a table of {n} needs {n} stacks, seats and hands")
        if len(boodle) != len(rules.piles):
            raise ValueError(f"{len(boodle)} boodle stacks for {len(rules.piles)} boodle cards and combinations")
        if not 0 <= dealer < n or not in_session[dealer]:
            raise ValueError(f"seat {dealer} cannot deal")
        places = [DEAD - 1] * 52  # neither a seat nor the dead hand: a card nobody was dealt
        for seat, hand in enumerate(hands):
            for card in hand:
                places[card.index] = seat
        for card in dead:
            places[card.index] = DEAD
        if DEAD - 1 in places or sum(map(len, hands)) + len(dead) != 52:
            raise ValueError("the hands and the dead hand are not one whole deck")
        self._laid = places
        self.chips = list(chips)
        self.boodle = list(boodle)
        self.in_session = list(in_session)
        self.dealer = dealer
        self.deal_number = deal - 1

    def start(self) -> list[Event]:
        """Open the session at the laid deal: deal_start, the antes and the cards as the log dealt them."""
        if self._started:
            raise IllegalActionError("the session has already started")
        self._started = True
        out = self._out = []
        self._order = self._seats_from_left_of(self.dealer)
        self._begin_deal()
        return out

    def _dealt_places(self) -> list[int]:
        """The laid deal's places the first time; a fresh shuffle for any deal after it."""
        laid, self._laid = self._laid, None
        return laid if laid is not None else super()._dealt_places()
