"""What the public record of a deal implies about where each unseen card can be.

Everything here is read off one `PlayerView`: the player's own hand, the cards
played (with who played them and whether as a lead), the stops as the table saw
them, the hand sizes, and, for a dealer who bought the dead hand, the hand given
up. The result is, for every unseen card, the set of places it may lie in (a bit
mask over seats, with bit `seats` for the dead hand), and how many cards each
place holds. Cards never move between hands once play starts, so what a player
was shown not to hold at some moment they still do not hold.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.cards import DECK
from ...engine.ranks import rank_value
from ...engine.runs import suits_to_lead
from ...engine.view import PlayerView


@dataclass(frozen=True)
class Knowledge:
    """Where each unseen card may lie, and how many cards each place holds, as one player knows it."""

    player: int
    seats: int
    hand: tuple[int, ...]  # the player's own cards, by deck index
    unseen: tuple[int, ...]  # deck indices of the cards in other hands or the dead hand
    allowed: tuple[int, ...]  # by deck index: a mask of places (bit s: seat s, bit `seats`: dead hand)
    sizes: tuple[int, ...]  # cards in each place (index `seats`: the dead hand); the player's own is 0
    removed: tuple[int, ...] = ()  # R24: deck indices of the cards out of the deck, nowhere at all

    @property
    def dead(self) -> int:
        """The place number of the dead hand."""
        return self.seats


def _next_in(seat: int, in_session: tuple[bool, ...]) -> int:
    """The next seat clockwise that is still in the session."""
    n = len(in_session)
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if in_session[nxt]:
            return nxt
    return seat


def infer(view: PlayerView) -> Knowledge:
    """Everything the public record says about where the unseen cards lie, for `view.player`."""
    table = view.table
    rules = table.rules
    n = len(table.chips)
    me = view.player
    dead = n
    sizes = list(view.hand_sizes) + [table.dead_size]
    sizes[me] = 0
    everywhere = 0
    for place, size in enumerate(sizes):
        if size > 0:
            everywhere |= 1 << place
    hand = tuple(sorted(card.index for card in view.hand))
    out_of_play = set(hand)
    out_of_play.update(play.card.index for play in view.plays)
    removed = tuple(card.index for card in rules.removed_cards)
    out_of_play.update(removed)
    unseen = tuple(c for c in range(52) if c not in out_of_play)
    allowed = [0] * 52
    for c in unseen:
        allowed[c] = everywhere

    def exclude(seat: int, cards: range | list[int]) -> None:
        not_there = ~(1 << seat)
        for c in cards:
            allowed[c] &= not_there

    known_dead = view.known_dead
    if len(known_dead) > table.dead_size:  # R33: a swap may have taken a card this seat saw there (R32)
        known_dead = known_dead - frozenset(view.seen)
    for card in known_dead:
        allowed[card.index] &= 1 << dead
    # R36, R38: a lead a charm made says nothing of the suits its leader held
    charmed_leads = {used.at for used in view.charm_uses if used.effect in ("lead_any", "take_lead")}

    first = rules.first_lead_card
    plays = view.plays
    stopped_after = {stop.after.index for stop in view.stops}
    in_session = table.in_session
    for i, play in enumerate(plays):
        if not play.lead:
            continue
        c = play.card.index
        suit, leader = c // 13, play.player
        # R13: a lead is the leader's lowest card of its suit, so they held nothing below it
        if rules.aces == "high":
            value = rank_value(DECK[c], "high")
            exclude(leader, [x for x in range(suit * 13, suit * 13 + 13) if rank_value(DECK[x], "high") < value])
        else:
            exclude(leader, range(suit * 13, c))
        if i == 0:
            if first is not None and allowed[first.index]:
                dealer_left = _next_in(table.dealer, in_session)
                # R12: the holder of the first-lead card leads first, the dealer's left when it is dead
                allowed[first.index] &= (1 << leader) if leader != dealer_left else (1 << leader) | (1 << dead)
            continue
        before = plays[i - 1]
        if before.card.index not in stopped_after or not rules.switch_suit or i in charmed_leads:
            continue
        stopped = before.card.index // 13
        may = suits_to_lead(True, rules.switch_to)[stopped]
        switch_cards = [s * 13 + r for s in range(4) if may[s] for r in range(13)]
        if may[suit]:
            # R16 with pass_left: everyone the lead passed over held no suit they could switch to
            seat = before.player
            while seat != leader:
                exclude(seat, switch_cards)
                seat = _next_in(seat, in_session)
                if seat == before.player:
                    break
        elif rules.when_unable == "pass_left":
            for seat in range(n):
                if in_session[seat]:
                    exclude(seat, switch_cards)
        else:
            exclude(leader, switch_cards)
            if rules.when_unable == "step_down" and suit == stopped:
                # R28: a step_down leader keeps the suit only when they hold no other suit at all
                exclude(leader, [s * 13 + r for s in range(4) if s != stopped for r in range(13)])
    return Knowledge(me, n, hand, unseen, tuple(allowed), tuple(sizes), removed)
