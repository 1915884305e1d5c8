"""A fast playout of the rest of a deal on plain ints, with a fast rollout policy for every seat.

The state is what the engine keeps, in the cheapest form Python offers: `owner`
(by deck index: a seat, DEAD or PLAYED), one 52-bit mask of cards per hand,
card counts, chips and the chips on each boodle card by deck index. The rules
are the engine's (R13–R19): runs go up a suit through whoever holds the next
card, stop at a King, a dead card or a played card (or a declined follow, when
following is optional), the last player leads again under R16's switching
rules (`switch_suit`, `switch_to`, `when_unable`, R27's `pass_penalty`), boodle cards pay at once (and so do combination
piles, R30, to the player who plays the last of a combination's cards having played the others), and
the first to empty their hand takes the pot and the payments, capped at what
each loser has. Tests replay playouts on the real engine and compare.

The rollout policy sees the whole sampled deal (as is usual in determinized
search): at a lead it looks up each option's run and takes the one that sheds
most of its own cards, keeps the lead, hits boodle chips, and never hands the
deal to another player when it can avoid it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ...engine.ranks import successors
from ...engine.rules import RuleSet
from ...engine.runs import suits_to_lead
from ...engine.state import DEAD, PLAYED

__all__ = ["DEAD", "PLAYED", "Table", "State", "LeadPolicy", "FollowPolicy", "greedy_lead", "play_out",
           "first_leader", "lead_options", "buy_dead_hand", "play_on"]


@dataclass(frozen=True)
class Table:
    """The constants of one deal that a playout needs."""

    seats: int
    in_play: tuple[int, ...]  # the seats dealt into this deal, in seat order
    next_seat: tuple[int, ...]  # the next seat clockwise still in the deal, for every seat
    may_lead: tuple[tuple[int, ...], ...]  # by stopped suit + 1 (0: no stop): the suits a lead may be in
    pass_left: bool  # R16 when_unable: pass_left
    optional_follow: bool
    per_card: int
    first_lead: int  # deck index of the first-lead card, or -1 for the dealer's left
    dealer_left: int
    after: tuple[int, ...] = successors("low")  # R23: by deck index, the card a run goes on to (-1: the top)
    aces_high: bool = False
    step_down: tuple[tuple[int, ...], ...] = ()  # R28 step_down's second choice by stopped suit + 1 (empty: not)
    penalty: int = 0  # R27 pass_penalty
    combos: tuple[tuple[tuple[int, int], ...], ...] = ()  # R30, by deck index: (combination, mask of its cards)

    @classmethod
    def of(cls, rules: RuleSet, in_session: Sequence[bool], dealer: int) -> Table:
        """The playout constants for `rules` at a table with these seats in the session."""
        n = len(in_session)
        in_play = tuple(s for s in range(n) if in_session[s])
        next_seat = []
        for seat in range(n):
            nxt = seat
            for step in range(1, n + 1):
                if in_session[(seat + step) % n]:
                    nxt = (seat + step) % n
                    break
            next_seat.append(nxt)
        lead_suits = suits_to_lead(rules.switch_suit, rules.switch_to)
        may_lead = tuple(tuple(s for s, ok in enumerate(lead_suits[stopped]) if ok) for stopped in range(-1, 4))
        first = rules.first_lead_card
        step_down: tuple[tuple[int, ...], ...] = ()
        if rules.when_unable == "step_down":
            other = suits_to_lead(True, "other_suit")
            step_down = tuple(tuple(s for s, ok in enumerate(other[stopped]) if ok) for stopped in range(-1, 4))
        masks = [sum(1 << card.index for card in combo.cards) for combo in rules.combinations]
        combos = tuple(tuple((i, mask) for i, mask in enumerate(masks) if mask >> c & 1) for c in range(52))
        return cls(n, in_play, tuple(next_seat), may_lead, rules.when_unable == "pass_left",
                   rules.follow == "optional", rules.per_card_payment, -1 if first is None else first.index,
                   next_seat[dealer], successors(rules.aces), rules.aces == "high", step_down, rules.pass_penalty,
                   combos if masks else ())


@dataclass
class State:
    """A fully known deal in play: owners, hands as masks, counts, chips, pot and boodle chips by card."""

    owner: list[int]
    hands: list[int]
    counts: list[int]
    chips: list[int]
    bchips: list[int]
    pot: int
    searched: int = 0  # cards played by searches made inside this playout (`endgame`), counted as its work
    cchips: list[int] = field(default_factory=list)  # R30: chips on each combination, in the rules' order
    played: list[int] = field(default_factory=list)  # R30: by seat, a mask of the cards they played this deal

    @classmethod
    def of(cls, owner: list[int], seats: int, chips: Sequence[int], bchips: list[int], pot: int,
           cchips: Sequence[int] = (), played: Sequence[int] = ()) -> State:
        """The state for a deal given its owners (a sample), stacks and boodle chips by card (and, with
        combinations, the chips on each and the cards each seat has played this deal)."""
        hands = [0] * seats
        counts = [0] * seats
        for c, o in enumerate(owner):
            if o >= 0:
                hands[o] |= 1 << c
                counts[o] += 1
        return cls(owner, hands, counts, list(chips), bchips, pot, 0, list(cchips),
                   list(played) or [0] * seats)

    def copy(self) -> State:
        """An independent copy to play out (with no searching counted yet)."""
        return State(self.owner[:], self.hands[:], self.counts[:], self.chips[:], self.bchips[:], self.pot, 0,
                     self.cchips[:], self.played[:])


LeadPolicy = Callable[[Table, State, int, list[int]], int]  # (table, state, seat, options) -> card
FollowPolicy = Callable[[Table, State, int, int], bool]  # (table, state, seat, card) -> play it?


def lead_options(table: Table, hand: int, stopped: int, may_lead: tuple[tuple[int, ...], ...] = ()) -> list[int]:
    """R13/R16: the lowest card of each suit in `hand` that may be led after a stop in `stopped` (-1: none)."""
    options = []
    high = table.aces_high
    for s in (may_lead or table.may_lead)[stopped + 1]:
        m = (hand >> (13 * s)) & 0x1FFF
        if m:
            if high and m & 1 and m != 1:
                m ^= 1  # R23: a high ace is the lowest card of its suit only when it is the only one
            options.append(13 * s + (m & -m).bit_length() - 1)
    return options


def first_leader(table: Table, owner: list[int]) -> int:
    """R12: who leads first: the holder of the first-lead card, or the dealer's left."""
    if table.first_lead >= 0 and owner[table.first_lead] >= 0:
        return owner[table.first_lead]
    return table.dealer_left


def buy_dead_hand(state: State, seat: int, fee: int, paid_to: int = -1) -> None:
    """R11/R26: `seat` pays `fee` into the pot (or to the seat `paid_to`) and swaps hands with the dead hand."""
    owner = state.owner
    dead = 0
    for c in range(52):
        if owner[c] == DEAD:
            owner[c] = seat
            dead |= 1 << c
        elif owner[c] == seat:
            owner[c] = DEAD
    state.hands[seat] = dead
    state.counts[seat] = bin(dead).count("1")
    state.chips[seat] -= fee
    if paid_to < 0:
        state.pot += fee
    else:
        state.chips[paid_to] += fee


def greedy_lead(table: Table, state: State, seat: int, options: list[int]) -> int:
    """The rollout policy's lead: look up each option's run and score what it does for `seat`."""
    owner, counts, bchips, after = state.owner, state.counts, state.bchips, table.after
    mine_left = counts[seat]
    best, best_score = options[0], -1e9
    for x in options:
        c = x
        mine = 1
        gain = bchips[x]
        last = seat
        score = 0.0
        if mine == mine_left:
            return x  # going out wins the deal
        others: dict[int, int] = {}
        while (nxt := after[c]) >= 0:
            h = owner[nxt]
            if h < 0:
                break
            c = nxt
            last = h
            if h == seat:
                mine += 1
                gain += bchips[c]
                if mine == mine_left:
                    return x
            else:
                k = others.get(h, 0) + 1
                if k == counts[h]:
                    score = -1000.0  # this run lets another player go out
                    break
                others[h] = k
        score += mine + (1.5 if last == seat else 0.0) + 0.3 * gain
        if score > best_score:
            best, best_score = x, score
    return best


def play_out(table: Table, state: State, seat: int, c: int, stopped: int = -1,
             lead: LeadPolicy = greedy_lead, follow: FollowPolicy | None = None) -> int:
    """Play the deal to its end from `seat` playing card `c` (or, with c = -1, leading after a stop in
    `stopped`); `state` is changed in place and ends settled. Returns the winner's seat."""
    owner, hands, counts, chips, bchips = state.owner, state.hands, state.counts, state.chips, state.bchips
    after = table.after
    optional = table.optional_follow and follow is not None
    combos = table.combos
    if c < 0:
        seat, c = _lead(table, state, seat, stopped, lead)
    while True:
        owner[c] = PLAYED
        hands[seat] ^= 1 << c
        left = counts[seat] - 1
        counts[seat] = left
        b = bchips[c]
        if b:
            chips[seat] += b
            bchips[c] = 0
        if combos:
            _combos_won(state, seat, c, combos[c])
        if left == 0:
            _settle(table, state, seat)
            return seat
        nxt = after[c]
        if nxt >= 0:
            h = owner[nxt]
            if h >= 0 and (not optional or follow(table, state, h, nxt)):  # type: ignore[misc]
                seat = h
                c = nxt
                continue
        seat, c = _lead(table, state, seat, c // 13, lead)


def play_on(table: Table, state: State, seat: int, c: int, lead: LeadPolicy = greedy_lead) -> None:
    """Go on from card `c` that `seat` has just played (its chips taken): settle if it was their last card, else
    the run goes on or stops (R31: after a charm's moment at a hit)."""
    if state.counts[seat] == 0:
        _settle(table, state, seat)
        return
    nxt = table.after[c]
    if nxt >= 0 and state.owner[nxt] >= 0:
        play_out(table, state, state.owner[nxt], nxt, lead=lead)
    else:
        play_out(table, state, seat, -1, c // 13, lead=lead)


def _combos_won(state: State, seat: int, c: int, combos: tuple[tuple[int, int], ...]) -> None:
    """R30: `seat` played card `c`; each combination it completes among theirs pays them its pile."""
    mine = state.played[seat] | 1 << c
    state.played[seat] = mine
    for i, mask in combos:
        if mine & mask == mask:
            state.chips[seat] += state.cchips[i]
            state.cchips[i] = 0


def _lead(table: Table, state: State, seat: int, stopped: int, lead: LeadPolicy) -> tuple[int, int]:
    """R16: who leads after a stop in `stopped` (-1: none) and the card they lead."""
    hands = state.hands
    options = lead_options(table, hands[seat], stopped)
    if not options:
        if table.pass_left:
            if table.penalty:
                _pay_penalty(state, seat, table.penalty)
            nxt = table.next_seat[seat]
            while nxt != seat:
                options = lead_options(table, hands[nxt], stopped)
                if options:
                    seat = nxt
                    break
                if table.penalty:
                    _pay_penalty(state, nxt, table.penalty)
                nxt = table.next_seat[nxt]
        elif table.step_down:
            options = lead_options(table, hands[seat], stopped, table.step_down)
        if not options:
            options = lead_options(table, hands[seat], -1)
    if len(options) == 1:
        return seat, options[0]
    return seat, lead(table, state, seat, options)


def _pay_penalty(state: State, seat: int, penalty: int) -> None:
    """R27: the lead passes over `seat`, who pays the penalty into the pot (all they have if less)."""
    paid = min(penalty, state.chips[seat])
    state.chips[seat] -= paid
    state.pot += paid


def _settle(table: Table, state: State, winner: int) -> None:
    """R18/R19: the winner takes the pot and a capped payment for every card left in the other hands."""
    chips, counts = state.chips, state.counts
    got = state.pot
    per_card = table.per_card
    for seat in table.in_play:
        if seat != winner:
            owed = counts[seat] * per_card
            paid = owed if owed <= chips[seat] else chips[seat]
            chips[seat] -= paid
            got += paid
    chips[winner] += got
    state.pot = 0
