"""The order of a log's events, checked as a state machine over the event types (docs/rules.md, "Events in order").

A log is one session: `session_start` once and first; the cut (tied rounds, then one that names the dealer);
then each deal, numbered on by one: `deal_start`, the antes from the dealer's left round to the dealer, the
cards, the dead hand bought or not, runs of plays (a lead, then follows) with any boodle hit straight after
the play that made it and a stop after the run's last card, `hand_won` for the last card played and
`deal_end`; players out only between deals; the boodle shared out at the end (`boodle_split`, R22) just before
`session_end`, and only under rules that share it; `session_end` last, with nothing after it. The session may end
at any moment (a time limit ends it with the deal in progress), and a log may stop short. A deal kept in a
save is a session cut down to one deal (`split_deals`, the table's recorder): `session_start`, then what the
table looked like before it (the cut for the first deal, the previous `deal_end` for the others), then the
deal; so a `deal_end` straight after `session_start` stands for the deals before. `session_start`'s rules
are checked as a rules file is (`start.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import assert_never

from ..engine.cards import Card
from ..engine.events import (
    Bid,
    BoodleSplit,
    BoodleWon,
    BuyDead,
    Charm,
    Cut,
    DealEnd,
    DealStart,
    Dealt,
    Event,
    HandWon,
    Penalty,
    Play,
    PlayerOut,
    SessionEnd,
    SessionStart,
    Stake,
    Stop,
)
from ..engine.rules import RuleSet
from .charm_check import CharmChecks
from .start import session_start_problems

# Where the log is, between two events: what the last event left the table waiting for.
WHERE = {
    "seated": "straight after session_start",
    "cutting": "after a tied cut (the tied players cut again)",
    "cut": "between the cut and the first deal",
    "carried": "between the deal before and the next deal_start",
    "antes": "during the antes, before the cards are dealt",
    "dealt": "after the cards are dealt, before the first lead",
    "run": "during a run",
    "hit": "straight after a boodle card is hit",
    "stopped": "after a stop, before the next lead",
    "won": "after hand_won, before deal_end",
    "settled": "between deals",
    "shared": "after the boodle is shared out",
}
EXPECTED = {
    "seated": "cut",
    "cutting": "cut",
    "cut": "deal_start for deal 1",
    "carried": "deal_start",
    "antes": "stake or deal",
    "dealt": "a lead (play with lead: true), bid or buy_dead",
    "run": "play, boodle_won, stop or hand_won",
    "hit": "play, stop or hand_won",
    "stopped": "a lead (play with lead: true), or penalty",
    "won": "deal_end",
    "settled": "player_out, deal_start, boodle_split or session_end",
    "shared": "session_end",
}


@dataclass
class EventOrder:
    """Checks each event against the ones before it: `check` raises ValueError with one sentence when an
    event cannot come where it does, and returns the problems of `session_start`'s rules (which do not
    stop the check)."""

    phase: str = "begin"
    seats: int = 0
    out: set[int] = field(default_factory=set)
    rules: RuleSet | None = None
    start_line: int = 0
    end_line: int = 0
    line: int = 0
    cut_dealer: int | None = None
    deal: int = 0  # the number of the deal in progress, or of the last one settled
    dealer: int | None = None  # the dealer of the deal in progress (None in a kept deal's context)
    staked: list[int] = field(default_factory=list)
    bought: bool = False
    bidding: bool = False  # R26: the dead hand's auction has begun in this deal
    last_card: Card | None = None
    last_player: int | None = None
    charms: CharmChecks = field(default_factory=CharmChecks)  # R31

    def check(self, line: int, event: Event) -> list[str]:
        """Check `event` (read at `line`) against the order; the problems of session_start's rules."""
        self.line = line
        if self.phase == "over":
            raise ValueError(f"{event.type} after session_end (line {self.end_line}): nothing may follow the "
                             "end of the session")
        if isinstance(event, SessionStart):
            if self.phase != "begin":
                raise ValueError(f"a second session_start (the first is on line {self.start_line}): a log "
                                 "holds one session")
            return self._start(event)
        if self.phase == "begin":
            raise ValueError("the log must begin with session_start")
        for name in ("player", "dealer"):
            seat = getattr(event, name, None)
            if isinstance(seat, int) and not 0 <= seat < self.seats:
                raise ValueError(f"seat {seat} is not at this table of {self.seats}")
        self.charms.follows(event)
        match event:
            case Cut():
                self._cut(event)
            case DealStart():
                self._deal_start(event)
            case Stake(player=player):
                self._stake(player)
            case Dealt():
                self._dealt(event)
            case BuyDead(player=player):
                self._buy(player)
            case Bid(player=player):
                self._bid(player)
            case Play():
                self._play(event)
            case BoodleWon(player=player, card=card):
                self._expect(event, "run", *(() if isinstance(card, Card) else ("hit",)))  # R30: after the card's
                if isinstance(card, Card):
                    self._same_card(event, card, player)
                elif self.last_card not in card.cards or player != self.last_player:  # R30: a combination
                    raise ValueError(f"boodle_won names {card}, but seat {self.last_player} just played "
                                     f"{self.last_card}")
                self.phase = "hit"
            case Stop(after=after):
                self._expect(event, "run", "hit")
                self._same_card(event, after, None)
                self.phase = "stopped"
            case HandWon(player=player):
                self._expect(event, "run", "hit")
                if player != self.last_player:
                    raise ValueError(f"hand_won names seat {player}, but seat {self.last_player} played the "
                                     "last card")
                self.phase = "won"
            case DealEnd():
                self._expect(event, "won", "seated")
                self.phase = "settled" if self.phase == "won" else "carried"
            case PlayerOut(player=player):
                self._expect(event, "settled")
                if player in self.out:
                    raise ValueError(f"seat {player} goes out twice")
                self.out.add(player)
            case BoodleSplit():
                self._split(event)
            case Penalty():
                self._expect(event, "stopped")
                if self.rules is not None and not self.rules.pass_penalty:
                    raise ValueError("penalty under rules that fine nobody for passing the lead (pass_penalty: 0)")
            case SessionEnd():
                self.phase, self.end_line = "over", line
            case Charm():
                self.charms.check(event, self.phase, self.last_player)
            case _:
                assert_never(event)
        return []

    def _expect(self, event: Event, *phases: str) -> None:
        """ValueError unless the log is in one of `phases`."""
        if self.phase not in phases:
            raise ValueError(f"{event.type} cannot come {WHERE[self.phase]}; expected {EXPECTED[self.phase]}")

    def _start(self, event: SessionStart) -> list[str]:
        self.phase, self.start_line, self.seats = "seated", self.line, len(event.players)
        self.rules, problems = session_start_problems(event)
        return problems + self.charms.start(event)

    def _split(self, event: BoodleSplit) -> None:
        self._expect(event, "settled")
        if self.rules is not None and self.rules.boodle_at_end != "split":
            raise ValueError(f"boodle_split under rules that leave the boodle where it is at the end "
                             f"(boodle_at_end: {self.rules.boodle_at_end})")
        seats = [share.player for share in event.shares]
        for seat in seats:
            if not 0 <= seat < self.seats:
                raise ValueError(f"seat {seat} is not at this table of {self.seats}")
        if not seats or len(set(seats)) != len(seats):
            raise ValueError("boodle_split shares among nobody, or names a seat twice")
        self.phase = "shared"

    def _cut(self, event: Cut) -> None:
        if self.phase == "cut":
            raise ValueError("a cut after the cut that named the dealer: only a tied cut is cut again")
        if self.phase not in ("seated", "cutting"):
            raise ValueError(f"a cut {WHERE[self.phase]}: the cut for the first dealer comes before the first "
                             "deal")
        self.phase, self.cut_dealer = ("cutting", None) if event.dealer is None else ("cut", event.dealer)

    def _deal_start(self, event: DealStart) -> None:
        deal, dealer = event.deal, event.dealer
        if self.phase == "cut":
            if deal != 1:
                raise ValueError(f"the first deal after the cut is numbered {deal}, not 1")
            if dealer != self.cut_dealer:
                raise ValueError(f"deal 1 is dealt by seat {dealer}, but the cut named seat {self.cut_dealer}")
        elif self.phase == "carried":
            if deal < 2:
                raise ValueError(f"deal {deal} follows a deal_end: the deal after another is numbered 2 or more")
        elif self.phase == "settled":
            if deal != self.deal + 1:
                raise ValueError(f"deal {deal} follows deal {self.deal}: deals are numbered on by one")
            if self.dealer is not None and self.seats:
                passed = self._left_of(self.dealer)
                if dealer != passed:
                    raise ValueError(f"deal {deal} is dealt by seat {dealer}, but the deal passes left to "
                                     f"seat {passed}")
        else:
            self._expect(event, "settled")
        if dealer in self.out:
            raise ValueError(f"deal {deal} is dealt by seat {dealer}, who is out of the session")
        self.phase, self.deal, self.dealer = "antes", deal, dealer
        self.staked, self.bought, self.last_card, self.last_player = [], False, None, None
        self.bidding = False
        self.charms.new_deal()

    def _left_of(self, seat: int) -> int | None:
        """The next seat clockwise from `seat` still in the session (None when nobody is)."""
        return next((s for s in ((seat + k) % self.seats for k in range(1, self.seats + 1)) if s not in self.out),
                    None)

    def _stake(self, player: int) -> None:
        if self.phase != "antes":
            raise ValueError(f"stake cannot come {WHERE[self.phase]}: the antes come between deal_start and "
                             "deal")
        if player in self.out:
            raise ValueError(f"seat {player} stakes but is out of the session")
        if player in self.staked:
            raise ValueError(f"seat {player} stakes twice in deal {self.deal}")
        if self.staked and self._turn(player) <= self._turn(self.staked[-1]):
            raise ValueError(f"seat {player} stakes out of turn: the antes go round from the dealer's left, "
                             "the dealer last")
        self.staked.append(player)

    def _turn(self, seat: int) -> int:
        """Where `seat` antes in this deal: 0 for the dealer's left, on round to the dealer."""
        return (seat - (self.dealer or 0) - 1) % self.seats

    def _dealt(self, event: Dealt) -> None:
        self._expect(event, "antes")
        if self.staked and self.staked[-1] != self.dealer:
            raise ValueError(f"the cards are dealt before the dealer, seat {self.dealer}, has staked")
        given = {seat for seat, hand in enumerate(event.hands) if hand}
        unpaid = sorted(given - set(self.staked))
        if unpaid:
            raise ValueError(f"seat {unpaid[0]} is dealt cards without having staked")
        empty = sorted(set(self.staked) - given)
        if empty:
            raise ValueError(f"seat {empty[0]} staked but is dealt no cards")
        self.phase = "dealt"

    def _buy(self, player: int) -> None:
        if self.phase != "dealt" or self.bought:
            raise ValueError(f"buy_dead cannot come {WHERE[self.phase] if not self.bought else 'twice in a deal'}: "
                             "the dealer may buy the dead hand once, after the deal and before the first lead")
        if (player == self.dealer) == self.bidding:
            raise ValueError(f"seat {player} buys the dead hand, but only the dealer, seat {self.dealer}, may" if
                             not self.bidding else f"seat {player} buys the dead hand after the auction, which "
                             "only another player may win")
        if self.rules is not None and not self.rules.buy_dead_hand.enabled:
            raise ValueError("buy_dead under rules that do not let the dealer buy the dead hand")
        self.bought = True

    def _bid(self, player: int) -> None:
        if self.phase != "dealt" or self.bought:
            raise ValueError(f"a bid cannot come {WHERE[self.phase] if not self.bought else 'after buy_dead'}: the "
                             "dead hand is auctioned after the deal, when the dealer keeps their hand")
        if player == self.dealer:
            raise ValueError(f"seat {player} bids for the dead hand, but the dealer does not bid")
        if self.rules is not None and not self.rules.buy_dead_hand.auction:
            raise ValueError("a bid under rules that do not auction the dead hand")
        self.bidding = True

    def _play(self, event: Play) -> None:
        if event.lead:
            if self.phase in ("run", "hit"):
                raise ValueError(f"a lead of {event.card} while the run of {self.last_card} goes on: a new run "
                                 "begins only after a stop")
            self._expect(event, "dealt", "stopped")
        else:
            if self.phase in ("dealt", "stopped"):
                raise ValueError(f"{event.card} is played as a follow (lead: false) with no run to follow: the "
                                 "first card of a run is a lead")
            self._expect(event, "run", "hit")
        self.phase, self.last_card, self.last_player = "run", event.card, event.player

    def _same_card(self, event: Event, card: Card, player: int | None) -> None:
        """ValueError unless `card` (and `player`, when given) is the card just played (and its player)."""
        if card != self.last_card:
            raise ValueError(f"{event.type} names {card}, but the card just played is {self.last_card}")
        if player is not None and player != self.last_player:
            raise ValueError(f"{event.type} names seat {player}, but seat {self.last_player} played {card}")
