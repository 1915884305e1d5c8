"""Runs: leads, the run up a suit through whoever holds the next card, stops and boodle wins (R12–R17).

`Runs._run` is the engine's hottest path: it plays a card and then every card that needs nobody's decision
(compulsory follows, forced leads) until a decision is open or a hand is empty.
"""

from __future__ import annotations

from typing import Any

from .cards import ACE, DECK, Card, Suit
from .decisions import FollowDecision, LeadDecision
from .errors import IllegalActionError, IllegalLeadError
from .events import CHARM_STOP, STOP_REASONS, BoodleWon, Penalty, Play, Stop
from .ranks import TOP, lowest_of_suits
from .rules import MAX_PLAYERS
from .state import DEAD, PLAYED, REMOVED, SessionState

# Events are immutable values, so every possible play and stop is made once and shared:
# the run loop builds nothing.
_PLAYS = tuple(tuple(tuple(Play(seat, card, lead) for card in DECK) for lead in (False, True))
               for seat in range(MAX_PLAYERS))
_STOPS = {reason: tuple(Stop(card, reason) for card in DECK) for reason in (*STOP_REASONS, CHARM_STOP)}
# NamedTuple constructors are Python functions; on the hot paths the tuple is made directly.
_new = tuple.__new__

SuitFlags = tuple[bool, bool, bool, bool]


def suits_to_lead(switch_suit: bool, switch_to: str) -> tuple[SuitFlags, ...]:
    """R16: by the suit a run stopped in (index -1: no stop), which suits the next lead may be in."""
    table: list[SuitFlags] = []
    for stopped in Suit:
        if not switch_suit:
            table.append((True, True, True, True))
        elif switch_to == "other_colour":
            table.append(tuple(suit.is_red != stopped.is_red for suit in Suit))  # type: ignore[arg-type]
        else:
            table.append(tuple(suit != stopped for suit in Suit))  # type: ignore[arg-type]
    return (*table, (True, True, True, True))


_ANOTHER_SUIT = suits_to_lead(True, "other_suit")  # R28 step_down's second choice


class Runs(SessionState):
    """The session's play: leads, runs and stops."""

    __slots__ = ()

    def _first_lead(self) -> None:
        """R12 (after any charms of the moment after the deal, R31)."""
        if self._charmed and self._charm_after_deal():
            return
        self._lead_first()

    def _lead_first(self) -> None:
        """R12: the dealer's left leads, or the holder of the rules' first-lead card."""
        card = self.rules.first_lead_card
        leader = self._order[0]
        if card is not None and self._owner[card.index] >= 0:
            leader = self._owner[card.index]
        self._lead(leader, -1)

    def _lead_options(self, seat: int, stopped_suit: int, may_lead: tuple[SuitFlags, ...] | None = None) -> list[Card]:
        """R13/R16: the lowest card of each suit `seat` may lead after a stop in `stopped_suit` (-1: none)."""
        allowed = (may_lead or self._may_lead)[stopped_suit]
        options = []
        last = -1
        hand = self.hands[seat]
        high = self._run_constants[5]
        for i, card in enumerate(hand):  # sorted, so a suit's first card is its lowest (but a high ace)
            suit = card.suit
            if suit != last:
                last = suit
                if allowed[suit]:
                    if high and card.rank == ACE and i + 1 < len(hand) and hand[i + 1].suit == suit:
                        card = hand[i + 1]
                    options.append(card)
        return options

    def _next_lead(self, seat: int, stopped_suit: int) -> tuple[int, list[Card]]:
        """R16: who leads after a stop in `stopped_suit` (-1: none), and the cards they may lead."""
        options = self._lead_options(seat, stopped_suit)
        if not options:
            if self.rules.when_unable == "pass_left":
                penalty = self.rules.pass_penalty
                if penalty:
                    self._pay_penalty(seat, penalty)
                nxt = self._next_in(seat)
                while nxt != seat:
                    options = self._lead_options(nxt, stopped_suit)
                    if options:
                        return nxt, options
                    if penalty:
                        self._pay_penalty(nxt, penalty)
                    nxt = self._next_in(nxt)
            elif self.rules.when_unable == "step_down":
                options = self._lead_options(seat, stopped_suit, _ANOTHER_SUIT)
            if not options:
                options = self._lead_options(seat, -1)
        return seat, options

    def _pay_penalty(self, seat: int, penalty: int) -> None:
        """R27: the lead passes over `seat`, who pays the penalty into the pot (all they have if less)."""
        paid = min(penalty, self.chips[seat])
        self.chips[seat] -= paid
        self.pot += paid
        self._table_view = None
        self._out.append(Penalty(seat, paid))

    def _lead(self, seat: int, stopped_suit: int) -> None:
        """Ask for the next lead, or play it at once when only one card is lawful."""
        seat, options = self._next_lead(seat, stopped_suit)
        if self._charmed and stopped_suit >= 0 and self._charm_lead(seat, stopped_suit, options):
            return
        self._lead_with(seat, options)

    def _lead_with(self, seat: int, options: list[Card]) -> None:
        """`seat` leads one of `options`: asked, or played at once when there is one."""
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
        lowest = lowest_of_suits(hand, self.rules.aces)[card.suit]
        if lowest is not card:
            raise IllegalLeadError(f"R13: a lead is the lowest card of its suit: {lowest}, not {card}")
        other = "a suit of the other colour" if self.rules.switch_to == "other_colour" else "another suit"
        stopped = self._stops[-1].after.suit  # only after a stop may a lowest card be refused
        raise IllegalLeadError(f"R16: after a stop in {Suit(stopped).name.lower()}, lead {other} "
                               f"({' '.join(map(str, decision.options))})")

    def _apply_follow(self, decision: FollowDecision, play: bool) -> None:
        if type(play) is not bool:
            raise IllegalActionError(f"follow takes True (play) or False (decline), not {play!r}")
        self._pending = None
        if play:
            self._run(decision.player, decision.card.index, False)
        else:
            self._record_decline(self._run_card)
            if self._charmed:
                self._charm_stop(self._run_player, DECK[self._run_card].suit)
            else:
                self._lead(self._run_player, DECK[self._run_card].suit)

    def _run(self, seat: int, c: int, lead: bool, resume: bool = False) -> None:
        """R14–R18: play card `c` (`resume`: it was played, a charm's moment came between), then the next cards
        by their holders, through stops and forced leads, until a decision is needed or a player is out."""
        owner, hands, plays, out = self._owner, self.hands, self._plays, self._out
        boodle_slot, may_lead, optional, after, top, high = self._run_constants
        combos_at = self._combos_at
        deck, all_plays, all_stops = DECK, _PLAYS, _STOPS
        charmed = self._charmed
        while True:
            hand = hands[seat]
            if resume:
                resume = False
            else:
                owner[c] = PLAYED
                hand.remove(deck[c])
                play = all_plays[seat][lead][c]
                plays.append(play)
                out.append(play)
                won = -1
                if boodle_slot[c] >= 0:
                    won = self._boodle_won(seat, c, boodle_slot[c])
                if combos_at[c]:
                    self._combos_won(seat, c)
                if charmed and won >= 0 and self._charm_hit(seat, c, won):
                    return
            if not hand:
                self._win_hand(seat)
                return
            nxt = after[c]
            if nxt < 0:
                reason = top if nxt == TOP else CHARM_STOP
            else:
                holder = owner[nxt]
                if holder >= 0:
                    if optional:
                        self._run_card, self._run_player = c, seat
                        self._pending = FollowDecision(holder, DECK[nxt])
                        return
                    if charmed and self._charm_follow(holder, nxt, c, seat):
                        return
                    c = nxt
                    seat = holder
                    lead = False
                    continue
                reason = "dead_hand" if holder == DEAD else "removed" if holder == REMOVED else "already_played"
            stop = all_stops[reason][c]
            out.append(stop)
            if optional and reason == "dead_hand":
                stop = all_stops["no_follow"][c]  # at the table a decline and a dead card look the same
            self._stops.append(stop)
            if charmed:
                self._charm_stop(seat, c // 13)
                return
            # R16, inlined for speed: the lowest card of each suit the same player may lead now
            if high:
                options = self._lead_options(seat, c // 13)
            else:
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

    def _boodle_won(self, seat: int, c: int, slot: int) -> int:
        """R17: the card hit a boodle card; its chips go to the player at once (and are returned)."""
        won = self.boodle[slot]
        self.boodle[slot] = 0
        self.chips[seat] += won
        self.boodle_hits[slot] += 1
        self._table_view = None
        self._out.append(_new(BoodleWon, (seat, DECK[c], won)))
        return won

    def _combos_won(self, seat: int, c: int) -> None:
        """R30: card `c` completed each combination whose other cards this player has played this deal; they take
        its pile at once."""
        mine = {play.card for play in self._plays if play.player == seat}
        for slot, combo in self._combos_at[c]:
            if all(card in mine for card in combo.cards):
                won = self.boodle[slot]
                self.boodle[slot] = 0
                self.chips[seat] += won
                self.boodle_hits[slot] += 1
                self._table_view = None
                self._out.append(_new(BoodleWon, (seat, combo, won)))

    def _record_decline(self, c: int) -> None:
        """R15: the holder of the card after `c` declined; the table sees only that nobody followed."""
        self._out.append(_STOPS["declined"][c])
        self._stops.append(_STOPS["no_follow"][c])
