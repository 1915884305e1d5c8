"""The session state machine: antes, deals, runs, stops and settlement (R1–R30; charms, R31–R39, in `charm_play.py`).

`pending()` says whose decision is open and what is lawful; `apply(action)` takes
the answer, runs everything that needs nobody's decision (compulsory follows,
forced leads, stops, boodle wins, settlement, the next deal) and returns the
events. Hands are sorted lists of interned `Card`s; where a card's place is looked
up (who holds the next card of a run) the engine works with deck indices.

`Session` is the one public state machine; its jobs live in their own modules: `dealing` (the cut,
antes, shuffle, deal and dead-hand buy), `runs` (leads, runs, stops, boodle wins), `settlement`
(the winner's takings, the next deal, players out, the end) and `charm_play` (the seats' charms, R31-R39,
never reached by a session without any), over the state declared in `state`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import DECK, Card
from .charm_play import CharmPlay
from .charms import CharmSpec, charm_ids
from .combinations import Combination
from .dealing import Dealing
from .decisions import (
    Action,
    BidAction,
    BidDecision,
    BuyDeadAction,
    BuyDeadDecision,
    CharmAction,
    CharmDecision,
    Decision,
    FollowAction,
    FollowDecision,
    LeadAction,
    LeadDecision,
    StakeAction,
    StakeDecision,
)
from .errors import IllegalActionError, NotYourDecisionError, SessionOverError
from .events import Event, SessionStart
from .ranks import successors, top_reason
from .rules import MAX_PLAYERS, MIN_PLAYERS, RuleSet
from .runs import Runs, suits_to_lead
from .settlement import Settlement
from .state import DEAD, PLAYED
from .view import PlayerView, TableView

# NamedTuple constructors are Python functions; on the hot paths the tuple is made directly.
_new = tuple.__new__


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat, as the log's session_start names them."""

    name: str
    kind: str = "ai"
    personality: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The seat as a JSON-ready object."""
        return {"name": self.name, "kind": self.kind, "personality": self.personality}


class Session(Dealing, Runs, Settlement, CharmPlay):
    """One session of Newmarket at one table, driven by decisions and seeded randomness."""

    __slots__ = ()

    def __init__(self, rules: RuleSet, seats: Sequence[SeatInfo], seed: int,
                 charms: Sequence[Sequence[CharmSpec]] | None = None) -> None:
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise ValueError(f"R3: a session needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(seats)}")
        self.rules = rules
        self.seats = tuple(seats)
        self.seed = seed
        self._rng = random.Random(seed)
        n = self.n = len(seats)
        self.chips = [rules.starting_chips] * n
        self.in_session = [True] * n
        self.pot = 0
        self.boodle = [0] * len(rules.boodle_cards)
        self.boodle_hits = [0] * len(rules.boodle_cards)
        self._boodle_slot = [-1] * 52
        for slot, card in enumerate(rules.boodle_cards):
            self._boodle_slot[card.index] = slot
        self.boodle += [0] * len(rules.combinations)  # R30: the combinations' piles, after the boodle cards
        self.boodle_hits += [0] * len(rules.combinations)
        self._pile_slot = {pile: slot for slot, pile in enumerate(rules.piles)}
        self._combos_at = [tuple((slot, combo) for slot, combo in enumerate(rules.piles) if
                                 isinstance(combo, Combination) and DECK[c] in combo.cards) for c in range(52)]
        self.dealer = -1
        self.deal_number = 0
        self.hands = [[] for _ in range(n)]
        self.dead = []
        self._owner = [DEAD] * 52
        self._order = []
        self._stake_turn = 0
        self._plays = []
        self._stops = []
        self._given_up = ()
        self._dead_bought = False
        self._buyer = -1
        self._bidders = []
        self._bid_turn = 0
        self._top_bid = (0, -1)
        self._no_cards = (0,) * n
        self._no_hands = [[] for _ in range(n)]
        self._dealt_sizes = self._no_cards
        self._run_card = -1
        self._run_player = -1
        self._optional_follow = rules.follow == "optional"
        self._may_lead = suits_to_lead(rules.switch_suit, rules.switch_to)
        self._run_constants = (self._boodle_slot, self._may_lead, self._optional_follow, successors(rules.aces),
                               top_reason(rules.aces), rules.aces == "high")
        self._ante = (rules.ante(False), rules.ante(True))
        self._stake_asks = [tuple(StakeDecision(seat, rules.ante_pot, rules.boodle_stake(dealer), rules.piles)
                                  for dealer in (False, True)) for seat in range(n)]
        self._pending = None
        self._started = False
        self._over = False
        self._end_requested = False
        self._out = []
        self._table_view = None
        self._plays_view = ()
        self._stops_view = ()
        self._setup_charms(charms)

    # ----- the public surface -------------------------------------------------------------

    def start(self) -> list[Event]:
        """Open the session: session_start, the cut for the first dealer, and the first deal."""
        if self._started:
            raise IllegalActionError("the session has already started")
        self._started = True
        out = self._out = []
        out.append(SessionStart(self.seed, self.rules.settings(), tuple(s.to_dict() for s in self.seats),
                                tuple(self.chips), charm_ids(self._charms) if self._charmed else ()))
        self._cut()
        self._begin_deal()
        return out

    @property
    def over(self) -> bool:
        """True once session_end has been emitted."""
        return self._over

    def pending(self) -> Decision | None:
        """The open decision, or None when the session is over (or not started)."""
        return self._pending

    def apply(self, action: Action) -> list[Event]:
        """Answer the pending decision and run the game on to the next one."""
        decision = self._pending
        if decision is None:
            raise SessionOverError("the session is over" if self._over else "the session has not started")
        try:
            player = action.player
        except AttributeError:
            raise NotYourDecisionError(f"{action!r} is not an action") from None
        # a seat is an int, never 1.0 or True: equal to the pending seat, either would be taken and then fail
        # half way, with the state already changed
        if type(player) is not int or player != decision.player:
            raise NotYourDecisionError(f"the pending {decision.kind} decision is seat {decision.player}'s, "
                                       f"not an answer from {player!r}")
        out: list[Event] = []
        self._out = out
        if type(action) is LeadAction and type(decision) is LeadDecision:
            card = action.card
            if type(card) is not Card or card not in decision.options:  # not a Card: it may claim to equal one
                self._refuse_lead(decision, card)
            self._pending = None
            self._run(player, card.index, True)
        elif type(action) is StakeAction and type(decision) is StakeDecision:
            self._apply_stake(decision, action.boodle)
        elif type(action) is FollowAction and type(decision) is FollowDecision:
            self._apply_follow(decision, action.play)
        elif type(action) is BuyDeadAction and type(decision) is BuyDeadDecision:
            self._apply_buy(decision, action.buy)
        elif type(action) is BidAction and type(decision) is BidDecision:
            self._apply_bid(decision, action.chips)
        elif type(action) is CharmAction and type(decision) is CharmDecision:
            self._apply_charm(decision, action.use)
        else:
            raise NotYourDecisionError(
                f"a {type(action).__name__} does not answer the pending {decision.kind} decision")
        return out

    def request_end(self) -> None:
        """End the session when the deal in progress is settled (a time limit, or the player's wish)."""
        self._end_requested = True

    def end_now(self) -> list[Event]:
        """End the session at once; chips still on the table, the boodle's too, stay there (R21, not shared: R22)."""
        if self._over or not self._started:
            return []
        out: list[Event] = []
        self._out = out
        self._finish(share=False)
        return out

    def view(self, player: int) -> PlayerView:
        """What `player` may know: their hand and the public table, other hands only as counts."""
        table = self._table_view
        if table is None:
            table = self._table_view = _new(TableView, (
                self.rules, tuple(self.in_session), tuple(self.chips), self.pot, tuple(self.boodle),
                tuple(self.boodle_hits), self.dealer, self.deal_number, self._dealt_sizes, len(self.dead),
                self._dead_bought))
        if len(self._plays_view) != len(self._plays):
            self._plays_view = tuple(self._plays)
        if len(self._stops_view) != len(self._stops):
            self._stops_view = tuple(self._stops)
        given_up = self._given_up if player == self._buyer else ()
        if self._charmed:  # R31: the seat's own peeks, and every seat's charms (public, as the seat shows them)
            return PlayerView(player, table, tuple(self.hands[player]), self._plays_view, self._stops_view, given_up,
                              self._charm_seen[player], self.charms_held(), self._charm_uses,
                              tuple(sorted(self._stakes_now[player].items())))
        return _new(PlayerView, (player, table, tuple(self.hands[player]), self._plays_view, self._stops_view,
                                 given_up, (), (), (), ()))

    def chips_total(self) -> int:
        """Players' chips + pot + boodle chips: constant for the whole session (R21)."""
        return sum(self.chips) + self.pot + sum(self.boodle)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards in `seat`'s hand now, in deck order (omniscient: for tests and tools, never agents)."""
        return tuple(self.hands[seat])

    def dead_hand(self) -> tuple[Card, ...]:
        """The dead hand now (omniscient: for tests and tools, never agents)."""
        return tuple(self.dead)

    def owners(self) -> tuple[int, ...]:
        """Where every card is now, by deck index: a seat, DEAD or PLAYED (omniscient: never for players)."""
        return tuple(self._owner)

    def holder(self, card: Card) -> int | None:
        """Who holds `card`: a seat, or None for the dead hand; raises if it was played (omniscient)."""
        owner = self._owner[card.index]
        if owner == PLAYED:
            raise ValueError(f"{card} has been played")
        return None if owner == DEAD else owner
