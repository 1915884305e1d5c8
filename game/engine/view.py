"""What one player may see: their own hand and the public table, never the rest.

A view is a snapshot made of immutable pieces the session already keeps: the table
(stacks, pot, boodle, seats) is rebuilt only when it changes and shared by every
view until then, so handing a view to an agent at every decision costs almost
nothing; what follows from those pieces (hand sizes, cards played, cards known to
be dead) is derived on demand.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import DECK, Card
from .charms import CharmSpec
from .combinations import Combination
from .events import Play, Stop
from .ranks import TOP, successors
from .rules import RuleSet


class TableView(NamedTuple):
    """The public table between two changes: seats, stacks, pot, boodle chips and the deal's shape."""

    rules: RuleSet
    in_session: tuple[bool, ...]
    chips: tuple[int, ...]
    pot: int
    boodle_chips: tuple[int, ...]  # chips on each pile, in the order of rules.piles
    boodle_hits: tuple[int, ...]  # times each boodle card was hit this session
    dealer: int
    deal_number: int
    dealt_sizes: tuple[int, ...]
    dead_size: int
    dead_bought: bool

    @property
    def boodle(self) -> tuple[tuple[Card, int], ...]:
        """Each boodle card with the chips lying on it."""
        return tuple(zip(self.rules.boodle_cards, self.boodle_chips))

    @property
    def combinations(self) -> tuple[tuple[Combination, int], ...]:
        """R30: each combination with the chips lying on its pile."""
        return tuple(zip(self.rules.combinations, self.boodle_chips[len(self.rules.boodle_cards):]))


class CharmUsed(NamedTuple):
    """R31: a charm used this deal, as the table sees it: who, which, and its public target (R34's boodle card,
    R35's stop, R36's and R38's lead, R37's card kept; None for a peek, a swap or a hit paid again)."""

    player: int
    charm: str
    effect: str
    card: Card | None
    at: int  # how many cards had been played in the deal when it was used


class PlayerView(NamedTuple):
    """A snapshot of one seat's knowledge, handed to that seat's agent."""

    player: int
    table: TableView
    hand: tuple[Card, ...]
    plays: tuple[Play, ...]
    stops: tuple[Stop, ...]  # as the table saw them: "no_follow" where a decline and the dead hand look alike
    given_up: tuple[Card, ...]  # the hand this player gave up for the dead hand, if they bought it
    seen: tuple[Card, ...] = ()  # R32/R33: dead-hand cards this seat's own charms showed it this deal (its eyes only)
    charms: tuple[tuple[tuple[CharmSpec, int], ...], ...] = ()  # R31: by seat, each charm held and its uses left
    charm_uses: tuple[CharmUsed, ...] = ()  # R31: every charm used this deal, as the whole table saw it
    staked: tuple[tuple[int, int], ...] = ()  # R34: (pile, chips) this seat staked this deal, with charms only

    @property
    def rules(self) -> RuleSet:
        """The rules in play."""
        return self.table.rules

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return len(self.table.chips)

    @property
    def chips(self) -> tuple[int, ...]:
        """Every seat's chips."""
        return self.table.chips

    @property
    def pot(self) -> int:
        """Chips in the pot."""
        return self.table.pot

    @property
    def boodle(self) -> tuple[tuple[Card, int], ...]:
        """Each boodle card with the chips lying on it."""
        return self.table.boodle

    @property
    def combinations(self) -> tuple[tuple[Combination, int], ...]:
        """R30: each combination with the chips lying on its pile."""
        return self.table.combinations

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.table.dealer

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards now in each seat's hand."""
        sizes = list(self.table.dealt_sizes)
        for play in self.plays:
            sizes[play.player] -= 1
        return tuple(sizes)

    @property
    def charm_stops(self) -> tuple[Card, ...]:
        """R35: the cards a charm made stops this deal."""
        return tuple(used.card for used in self.charm_uses if used.effect == "make_stop" and used.card is not None)

    @property
    def played(self) -> frozenset[Card]:
        """Every card played so far this deal."""
        return frozenset(play.card for play in self.plays)

    @property
    def known_dead(self) -> frozenset[Card]:
        """Cards this player knows lie in the dead hand: shown by stops, or given up when buying it."""
        after = successors(self.rules.aces)
        shown = {DECK[after[stop.after.index]] for stop in self.stops
                 if stop.reason == "dead_hand" and after[stop.after.index] != TOP}
        seen = frozenset(self.seen) - self.played - frozenset(self.hand) if self.seen else frozenset()
        return frozenset(shown).union(self.given_up, seen)

    @property
    def unseen(self) -> frozenset[Card]:
        """Cards not played, not removed (R24) and not in this hand: somewhere in the other hands or the dead hand."""
        return frozenset(DECK) - self.played - frozenset(self.hand) - frozenset(self.rules.removed_cards)
