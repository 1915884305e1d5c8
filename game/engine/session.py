"""The session state machine: antes, deals, runs, stops and settlement (R1–R21).

`pending()` says whose decision is open and what is lawful; `apply(action)` takes
the answer, runs everything that needs nobody's decision (compulsory follows,
forced leads, stops, boodle wins, settlement, the next deal) and returns the
events. Hands are sorted lists of interned `Card`s; where a card's place is looked
up (who holds the next card of a run) the engine works with deck indices.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import DECK, KING, Card, card_order
from .decisions import (
    Action,
    BuyDeadAction,
    BuyDeadDecision,
    Decision,
    FollowAction,
    FollowDecision,
    LeadAction,
    LeadDecision,
    StakeAction,
    StakeDecision,
)
from .errors import (
    IllegalActionError,
    IllegalBuyError,
    IllegalLeadError,
    IllegalStakeError,
    NotYourDecisionError,
    SessionOverError,
)
from .events import (
    BoodleWon,
    BuyDead,
    Cut,
    DealEnd,
    DealStart,
    Dealt,
    Event,
    HandWon,
    Payment,
    Play,
    PlayerOut,
    SessionEnd,
    SessionStart,
    Stake,
    Stop,
)
from .rules import MAX_PLAYERS, MIN_PLAYERS, RuleSet
from .view import PlayerView, TableView

DEAD = -1
PLAYED = -2
STOP_REASONS = ("king", "dead_hand", "already_played", "declined")
_RED = (False, True, True, False)
# Events are immutable values, so every possible play and stop is made once and shared:
# the run loop is the engine's hottest path and builds nothing.
_PLAYS = tuple(tuple(tuple(Play(seat, card, lead) for card in DECK) for lead in (False, True))
               for seat in range(MAX_PLAYERS))
# NamedTuple constructors are Python functions; on the hot paths the tuple is made directly.
_new = tuple.__new__
_STOPS = {reason: tuple(Stop(card, reason) for card in DECK) for reason in STOP_REASONS + ("no_follow",)}


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


def _suits_to_lead(rules: RuleSet) -> dict[int, tuple[bool, bool, bool, bool]]:
    """R16: for each suit a run may have stopped in (-1: none), which suits the next lead may be in."""
    table = {-1: (True, True, True, True)}
    for stopped in range(4):
        if not rules.switch_suit:
            table[stopped] = (True, True, True, True)
        elif rules.switch_to == "other_colour":
            table[stopped] = tuple(_RED[suit] != _RED[stopped] for suit in range(4))  # type: ignore[assignment]
        else:
            table[stopped] = tuple(suit != stopped for suit in range(4))  # type: ignore[assignment]
    return table


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat, as the log's session_start names them."""

    name: str
    kind: str = "ai"
    personality: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The seat as a JSON-ready object."""
        return {"name": self.name, "kind": self.kind, "personality": self.personality}


class Session:
    """One session of Newmarket at one table, driven by decisions and seeded randomness."""

    __slots__ = ("rules", "seats", "seed", "n", "chips", "in_session", "pot", "boodle", "boodle_hits", "dealer",
                 "deal_number", "hands", "dead", "_rng", "_boodle_slot", "_owner", "_order", "_stake_turn",
                 "_stake_asks", "_ante", "_may_lead", "_run_constants", "_optional_follow", "_plays", "_stops",
                 "_given_up", "_dead_bought", "_no_cards", "_no_hands", "_dealt_sizes", "_run_card", "_run_player",
                 "_pending",
                 "_started", "_over", "_end_requested", "_out", "_table_view", "_plays_view", "_stops_view")

    def __init__(self, rules: RuleSet, seats: Sequence[SeatInfo], seed: int) -> None:
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
        self.dealer = -1
        self.deal_number = 0
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.dead: list[Card] = []
        self._owner = [DEAD] * 52  # by deck index: a seat, DEAD or PLAYED
        self._order: list[int] = []  # seats in this deal, from the dealer's left round to the dealer
        self._stake_turn = 0
        self._plays: list[Play] = []
        self._stops: list[Stop] = []  # as the table saw them
        self._given_up: tuple[Card, ...] = ()
        self._dead_bought = False
        self._no_cards = (0,) * n
        self._no_hands: list[list[Card]] = [[] for _ in range(n)]
        self._dealt_sizes = self._no_cards
        self._run_card = -1
        self._run_player = -1
        self._optional_follow = rules.follow == "optional"
        self._may_lead = _suits_to_lead(rules)
        self._run_constants = (self._boodle_slot, self._may_lead, self._optional_follow)
        self._ante = (rules.ante(False), rules.ante(True))
        self._stake_asks = [tuple(StakeDecision(seat, rules.ante_pot, rules.boodle_stake(dealer), rules.boodle_cards)
                                  for dealer in (False, True)) for seat in range(n)]
        self._pending: Decision | None = None
        self._started = False
        self._over = False
        self._end_requested = False
        self._out: list[Event] = []
        # immutable pieces shared by views until the state under them changes
        self._table_view: TableView | None = None
        self._plays_view: tuple[Play, ...] = ()
        self._stops_view: tuple[Stop, ...] = ()

    # ----- the public surface -------------------------------------------------------------

    def start(self) -> list[Event]:
        """Open the session: session_start, the cut for the first dealer, and the first deal."""
        if self._started:
            raise IllegalActionError("the session has already started")
        self._started = True
        out = self._out = []
        out.append(SessionStart(self.seed, self.rules.settings(), tuple(s.to_dict() for s in self.seats),
                                tuple(self.chips)))
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
        if player != decision.player:
            raise NotYourDecisionError(f"the pending {decision.kind} decision is seat {decision.player}'s, "
                                       f"not an answer from {player!r}")
        out: list[Event] = []
        self._out = out
        if type(action) is LeadAction and type(decision) is LeadDecision:
            card = action.card
            if card not in decision.options:
                self._refuse_lead(decision, card)
            self._pending = None
            self._run(player, card.index, True)
        elif type(action) is StakeAction and type(decision) is StakeDecision:
            self._apply_stake(decision, action.boodle)
        elif type(action) is FollowAction and type(decision) is FollowDecision:
            self._apply_follow(decision, action.play)
        elif type(action) is BuyDeadAction and type(decision) is BuyDeadDecision:
            self._apply_buy(decision, action.buy)
        else:
            raise NotYourDecisionError(
                f"a {type(action).__name__} does not answer the pending {decision.kind} decision")
        return out

    def request_end(self) -> None:
        """End the session when the deal in progress is settled (a time limit, or the player's wish)."""
        self._end_requested = True

    def end_now(self) -> list[Event]:
        """End the session at once; chips still on the table stay there (R21)."""
        if self._over or not self._started:
            return []
        out: list[Event] = []
        self._out = out
        self._finish()
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
        return _new(PlayerView, (player, table, tuple(self.hands[player]), self._plays_view, self._stops_view,
                                 self._given_up if player == self.dealer else ()))

    def chips_total(self) -> int:
        """Players' chips + pot + boodle chips: constant for the whole session (R21)."""
        return sum(self.chips) + self.pot + sum(self.boodle)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards in `seat`'s hand now, in deck order (omniscient: for tests and tools, never agents)."""
        return tuple(self.hands[seat])

    def dead_hand(self) -> tuple[Card, ...]:
        """The dead hand now (omniscient: for tests and tools, never agents)."""
        return tuple(self.dead)

    def holder(self, card: Card) -> int | None:
        """Who holds `card`: a seat, or None for the dead hand; raises if it was played (omniscient)."""
        owner = self._owner[card.index]
        if owner == PLAYED:
            raise ValueError(f"{card} has been played")
        return None if owner == DEAD else owner

    # ----- the cut, the antes and the deal ------------------------------------------------

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
        if rules.staking == "even" or len(rules.boodle_cards) == 1 or rules.ante_boodle == 0:  # no choice to make
            k = len(rules.boodle_cards)
            for seat in self._order:
                each = rules.boodle_stake(seat == dealer) // k
                self._stake(seat, tuple((card, each) for card in rules.boodle_cards if each))
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
    def _lawful_stake(decision: StakeDecision, boodle: Any) -> tuple[tuple[Card, int], ...]:
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
                    if not isinstance(card, Card):
                        raise IllegalStakeError(f"{card!r} is not a card (stake with Card objects, e.g. "
                                                f"Card.parse('AS'))")
                    raise IllegalStakeError(f"{card} is not a boodle card ({' '.join(map(str, cards))})")
                if type(chips) is not int or chips < 0:
                    raise IllegalStakeError(f"chips on {card} must be a whole number, 0 or more, not {chips!r}")
                if staked >> card.index & 1:
                    raise IllegalStakeError(f"{card} is staked twice")
                staked |= 1 << card.index
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

    def _stake(self, seat: int, pairs: tuple[tuple[Card, int], ...]) -> None:
        ante_pot = self.rules.ante_pot
        staked = 0
        slot = self._boodle_slot
        for card, chips in pairs:
            self.boodle[slot[card.index]] += chips
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
        order = self._order
        k = len(order) + 1
        owner = ((order + [DEAD]) * (52 // k + 1))[:52]
        shuffle(owner, self._rng)
        self._owner = owner
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

    # ----- leads and runs -----------------------------------------------------------------

    def _first_lead(self) -> None:
        """R12: the dealer's left leads, or the holder of the rules' first-lead card."""
        card = self.rules.first_lead_card
        leader = self._order[0]
        if card is not None and self._owner[card.index] >= 0:
            leader = self._owner[card.index]
        self._lead(leader, -1)

    def _lead_options(self, seat: int, stopped_suit: int) -> list[Card]:
        """R13/R16: the lowest card of each suit `seat` may lead after a stop in `stopped_suit` (-1: none)."""
        allowed = self._may_lead[stopped_suit]
        options = []
        last = -1
        for card in self.hands[seat]:  # sorted, so a suit's first card is its lowest
            suit = card.suit
            if suit != last:
                last = suit
                if allowed[suit]:
                    options.append(card)
        return options

    def _next_lead(self, seat: int, stopped_suit: int) -> tuple[int, list[Card]]:
        """R16: who leads after a stop in `stopped_suit` (-1: none), and the cards they may lead."""
        options = self._lead_options(seat, stopped_suit)
        if not options:
            if self.rules.when_unable == "pass_left":
                nxt = self._next_in(seat)
                while nxt != seat:
                    options = self._lead_options(nxt, stopped_suit)
                    if options:
                        return nxt, options
                    nxt = self._next_in(nxt)
            options = self._lead_options(seat, -1)
        return seat, options

    def _lead(self, seat: int, stopped_suit: int) -> None:
        """Ask for the next lead, or play it at once when only one card is lawful."""
        seat, options = self._next_lead(seat, stopped_suit)
        if len(options) == 1:
            self._run(seat, options[0].index, True)
        else:
            self._pending = _new(LeadDecision, (seat, tuple(options)))

    def _refuse_lead(self, decision: LeadDecision, card: Any) -> None:
        seat = decision.player
        if not isinstance(card, Card):
            raise IllegalLeadError(f"{card!r} is not a card")
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalLeadError(f"seat {seat} does not hold {card}")
        lowest = min((c for c in hand if c.suit == card.suit), key=card_order)
        if lowest is not card:
            raise IllegalLeadError(f"R13: a lead is the lowest card of its suit: {lowest}, not {card}")
        other = "a suit of the other colour" if self.rules.switch_to == "other_colour" else "another suit"
        raise IllegalLeadError(f"R16: after a stop in {card.suit.name.lower()}, lead {other} "
                               f"({' '.join(map(str, decision.options))})")

    def _apply_follow(self, decision: FollowDecision, play: bool) -> None:
        if type(play) is not bool:
            raise IllegalActionError(f"follow takes True (play) or False (decline), not {play!r}")
        self._pending = None
        if play:
            self._run(decision.player, decision.card.index, False)
        else:
            self._record_decline(self._run_card)
            self._lead(self._run_player, DECK[self._run_card].suit)

    def _run(self, seat: int, c: int, lead: bool) -> None:
        """R14–R18: play card `c`, then the next cards by their holders, through stops and forced
        leads, until a decision is needed or a player is out."""
        owner, hands, plays, out = self._owner, self.hands, self._plays, self._out
        boodle_slot, may_lead, optional = self._run_constants
        deck, all_plays, all_stops = DECK, _PLAYS, _STOPS
        while True:
            owner[c] = PLAYED
            hand = hands[seat]
            hand.remove(deck[c])
            play = all_plays[seat][lead][c]
            plays.append(play)
            out.append(play)
            if boodle_slot[c] >= 0:
                self._boodle_won(seat, c, boodle_slot[c])
            if not hand:
                self._win_hand(seat)
                return
            if c % 13 == KING - 1:
                reason = "king"
            else:
                holder = owner[c + 1]
                if holder >= 0:
                    if optional:
                        self._run_card, self._run_player = c, seat
                        self._pending = FollowDecision(holder, DECK[c + 1])
                        return
                    c += 1
                    seat = holder
                    lead = False
                    continue
                reason = "dead_hand" if holder == DEAD else "already_played"
            stop = all_stops[reason][c]
            out.append(stop)
            if optional and reason == "dead_hand":
                stop = all_stops["no_follow"][c]  # at the table a decline and a dead card look the same
            self._stops.append(stop)
            # R16, inlined for speed: the lowest card of each suit the same player may lead now
            allowed = may_lead[c // 13]
            options = []
            last = -1
            for card in hand:  # sorted, so a suit's first card is its lowest
                if card.suit != last:
                    last = card.suit
                    if allowed[last]:
                        options.append(card)
            if not options:
                seat, options = self._next_lead(seat, c // 13)
            if len(options) > 1:
                self._pending = _new(LeadDecision, (seat, tuple(options)))
                return
            c = options[0].index
            lead = True

    def _boodle_won(self, seat: int, c: int, slot: int) -> None:
        """R17: the card hit a boodle card; its chips go to the player at once."""
        won = self.boodle[slot]
        self.boodle[slot] = 0
        self.chips[seat] += won
        self.boodle_hits[slot] += 1
        self._table_view = None
        self._out.append(_new(BoodleWon, (seat, DECK[c], won)))

    def _record_decline(self, c: int) -> None:
        """R15: the holder of the card after `c` declined; the table sees only that nobody followed."""
        self._out.append(_STOPS["declined"][c])
        self._stops.append(_STOPS["no_follow"][c])

    # ----- settlement and the session's end -----------------------------------------------

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
        out.append(_new(DealEnd, (tuple(chips), tuple(zip(self.rules.boodle_cards, self.boodle)))))
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
        ante, dealer_ante = self._ante
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

    def _put_out_the_broke(self, dealer: int) -> bool:
        """R7: everyone who cannot pay the next ante leaves; False when that ends the session (R6)."""
        ante = self._ante
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

    def _finish(self) -> None:
        """R6: the session ends; most chips wins, ties share."""
        self._pending = None
        self._over = True
        self._table_view = None
        top = max(self.chips)
        self._out.append(SessionEnd(tuple(self.chips), tuple(s for s in range(self.n) if self.chips[s] == top)))
