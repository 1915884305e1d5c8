"""What a heuristic can read off its view cheaply: which cards are gone, where a run may go.

Everything here works on deck-index bit masks (bit `card.index` set for each card
in a set), so a strategy can walk a suit upward in a few integer operations; no
function here allocates more than a handful of small objects, which keeps every
heuristic decision far below a millisecond.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.cards import Card
from ..engine.ranks import successors
from ..engine.view import PlayerView


def mask_of(cards: Iterable[Card]) -> int:
    """A bit mask with the bit of each card's deck index set."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def played_mask(view: PlayerView) -> int:
    """Every card played so far this deal, and every card out of the deck (R24), as a mask."""
    mask = mask_of(view.rules.removed_cards)
    for play in view.plays:
        mask |= 1 << play.card.index
    return mask


def dead_chance(view: PlayerView, known_dead: int) -> float:
    """The chance that an unseen card not known to be dead lies in the dead hand."""
    known = bin(known_dead).count("1")
    unknown_dead = view.table.dead_size - known
    # the unseen cards whose place is unknown: neither played, in this hand, nor shown to be dead
    unplaced = 52 - len(view.rules.removed_cards) - len(view.plays) - len(view.hand) - known
    if unplaced <= 0 or unknown_dead <= 0:
        return 0.0
    return min(1.0, unknown_dead / unplaced)


def suit_counts(hand: Iterable[Card]) -> list[int]:
    """Cards held in each suit (S H D C)."""
    counts = [0, 0, 0, 0]
    for card in hand:
        counts[card.suit] += 1
    return counts


def own_streak(card: Card, own: int, aces: str = "low") -> int:
    """How many cards from `card` upward (itself included, up to the top card) are all in `own`."""
    after = successors(aces)
    index = card.index
    length = 0
    while index >= 0 and own >> index & 1:
        length += 1
        index = after[index]
    return length


def run_outlook(card: Card, own: int, blocked: int, p_dead: float, aces: str = "low") -> tuple[float, float]:
    """Leading `card`: the expected number of own cards the run plays, and the chance this player
    plays its last card (and so leads again). `blocked` marks cards known to stop a run (played or
    known dead); any other card not in `own` stops it with chance `p_dead`."""
    after = successors(aces)
    index = card.index
    reach = 1.0  # the chance the run gets as far as `index`
    shed = 0.0
    control = 0.0
    while True:
        if own >> index & 1:
            shed += reach
            nxt = after[index]
            if nxt < 0 or blocked >> nxt & 1:
                control += reach
                return shed, control
            if not own >> nxt & 1:
                control += reach * p_dead
        elif blocked >> index & 1:
            return shed, control
        else:
            reach *= 1.0 - p_dead
            if after[index] < 0:
                return shed, control
        index = after[index]
        if reach < 1e-4:
            return shed, control
