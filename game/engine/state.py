"""What a session keeps, declared once for every job that works on it (dealing, runs, settlement).

`Session` is put together from one class per job (`Dealing`, `Runs`, `Settlement`), each in its own
module, over this base: it declares every attribute the jobs share, the seat arithmetic they all use,
and the three steps where one job hands the deal on to another.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .cards import Card
from .charms import CharmSpec
from .combinations import Combination, Pile
from .decisions import Decision, StakeDecision
from .events import Event, Play, Stop
from .rules import RuleSet
from .view import CharmUsed, TableView

if TYPE_CHECKING:
    from .session import SeatInfo

# Where a card lies, by deck index: a seat number, or one of these.
DEAD = -1  # in the dead hand
PLAYED = -2  # played in this deal
REMOVED = -3  # R24: taken out of the deck before the deal


class SessionState:
    """The state of one session, shared by the jobs of `Session`."""

    __slots__ = ("rules", "seats", "seed", "n", "chips", "in_session", "pot", "boodle", "boodle_hits", "dealer",
                 "deal_number", "hands", "dead", "_rng", "_boodle_slot", "_owner", "_order", "_stake_turn",
                 "_stake_asks", "_ante", "_may_lead", "_run_constants", "_optional_follow", "_plays", "_stops",
                 "_given_up", "_dead_bought", "_no_cards", "_no_hands", "_dealt_sizes", "_run_card", "_run_player",
                 "_pending", "_started", "_over", "_end_requested", "_out", "_table_view", "_plays_view",
                 "_stops_view", "_buyer", "_bidders", "_bid_turn", "_top_bid", "_pile_slot", "_combos_at",
                 "_charms", "_charmed", "_charm_left", "_charm_dealt", "_charm_seen", "_charm_uses", "_charm_at",
                 "_stakes_now")

    rules: RuleSet
    seats: tuple[SeatInfo, ...]
    seed: int
    n: int
    chips: list[int]
    in_session: list[bool]
    pot: int
    boodle: list[int]  # chips on each boodle card, then each combination: in the order of rules.piles
    boodle_hits: list[int]
    dealer: int
    deal_number: int
    hands: list[list[Card]]  # each sorted in deck order
    dead: list[Card]
    _rng: random.Random
    _boodle_slot: list[int]  # by deck index: the card's place in rules.boodle_cards, or -1
    _pile_slot: dict[Pile, int]  # each boodle card's and combination's place in rules.piles (R30)
    _combos_at: list[tuple[tuple[int, Combination], ...]]  # by deck index: (slot, combination) it is part of
    _owner: list[int]  # by deck index: a seat, DEAD or PLAYED
    _order: list[int]  # seats in this deal, from the dealer's left round to the dealer
    _stake_turn: int
    _stake_asks: list[tuple[StakeDecision, ...]]  # by seat: (as a player, as the dealer)
    _ante: tuple[int, int]  # (a player's, the dealer's)
    _may_lead: tuple[tuple[bool, bool, bool, bool], ...]  # R16: see runs.suits_to_lead
    # boodle slots, R16's suits, optional follow, R23's successors and top reason, aces high
    _run_constants: tuple[list[int], tuple[tuple[bool, bool, bool, bool], ...], bool, tuple[int, ...], str, bool]
    _optional_follow: bool
    _plays: list[Play]
    _stops: list[Stop]  # as the table saw them
    _given_up: tuple[Card, ...]
    _dead_bought: bool
    _no_cards: tuple[int, ...]
    _no_hands: list[list[Card]]
    _dealt_sizes: tuple[int, ...]
    _run_card: int  # where an optional follow was asked: the run's last card and who played it
    _run_player: int
    _pending: Decision | None
    _started: bool
    _over: bool
    _end_requested: bool
    _out: list[Event]  # the events of the step in progress
    # immutable pieces shared by views until the state under them changes
    _table_view: TableView | None
    _plays_view: tuple[Play, ...]
    _stops_view: tuple[Stop, ...]
    _buyer: int  # who bought the dead hand this deal (the dealer, or the auction's winner), -1 for nobody
    _bidders: list[int]  # R26: the auction's seats who have not passed, in turn order
    _bid_turn: int  # the place in _bidders of the seat to bid next
    _top_bid: tuple[int, int]  # (chips, seat) of the last bid, (0, -1) before any
    # R31: charms (see charm_play.py); a session without any never reads the rest
    _charms: tuple[tuple[CharmSpec, ...], ...]  # by seat
    _charmed: bool  # some seat holds a charm
    _charm_left: list[list[int]]  # by seat and charm: uses left this session
    _charm_dealt: list[list[bool]]  # by seat and charm: used this deal
    _charm_seen: list[tuple[Card, ...]]  # by seat: dead-hand cards its charms showed it this deal
    _charm_uses: tuple[CharmUsed, ...]  # every charm used this deal, as the table saw it
    _charm_at: list[Any] | None  # the open moment: [moment, seats, turn, ids used by the seat asked, context]
    _stakes_now: list[dict[int, int]]  # by seat: chips staked this deal on each pile (R34)

    def _seats_from_left_of(self, dealer: int) -> list[int]:
        """Seats in the session from the dealer's left round to the dealer."""
        n = self.n
        return [s for s in ((dealer + k) % n for k in range(1, n + 1)) if self.in_session[s]]

    def _next_in(self, seat: int) -> int:
        """The next seat clockwise from `seat` that is still in the session."""
        n = self.n
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if self.in_session[nxt]:
                return nxt
        raise RuntimeError("nobody is left in the session")

    # ----- where one job hands on to another ----------------------------------------------

    def _begin_deal(self) -> None:
        """Dealing: deal_start and the antes of the next deal."""
        raise NotImplementedError

    def _first_lead(self) -> None:
        """Runs: the first lead of a deal just dealt."""
        raise NotImplementedError

    def _win_hand(self, winner: int) -> None:
        """Settlement: `winner` went out; settle the deal and go on."""
        raise NotImplementedError

    def _lead(self, seat: int, stopped_suit: int) -> None:
        """Runs: the next lead after a stop in `stopped_suit` (-1: none)."""
        raise NotImplementedError

    def _lead_first(self) -> None:
        """Runs: the first lead, once any charms of the moment after the deal are used (R12)."""
        raise NotImplementedError

    def _lead_with(self, seat: int, options: list[Card]) -> None:
        """Runs: `seat` leads one of `options` (played at once when there is one)."""
        raise NotImplementedError

    def _lead_options(self, seat: int, stopped_suit: int, may_lead: Any = None) -> list[Card]:
        """Runs: the cards `seat` may lead after a stop in `stopped_suit` (R13, R16)."""
        raise NotImplementedError

    def _run(self, seat: int, c: int, lead: bool, resume: bool = False) -> None:
        """Runs: play card `c` (or, `resume`, go on after it) and the run on from it."""
        raise NotImplementedError

    def _charm_new_deal(self) -> None:
        """Charms: a new deal begins (R31)."""
        raise NotImplementedError

    def _charm_staked(self, seat: int, slot: int, chips: int) -> None:
        """Charms: `seat` staked `chips` on pile `slot` (R34)."""
        raise NotImplementedError

    def _charm_after_deal(self) -> bool:
        """Charms: the moment after the deal; True when a decision is open (R31)."""
        raise NotImplementedError

    def _charm_stop(self, seat: int, suit: int) -> None:
        """Charms: the moment after a stop, then the next lead (R31)."""
        raise NotImplementedError

    def _charm_lead(self, seat: int, suit: int, options: list[Card]) -> bool:
        """Charms: the moment before a lead after a stop; True when a decision is open (R31)."""
        raise NotImplementedError

    def _charm_follow(self, holder: int, nxt: int, c: int, seat: int) -> bool:
        """Charms: the moment before a compulsory follow; True when a decision is open (R31)."""
        raise NotImplementedError

    def _charm_hit(self, seat: int, c: int, won: int) -> bool:
        """Charms: the moment after a boodle hit; True when a decision is open (R31)."""
        raise NotImplementedError
