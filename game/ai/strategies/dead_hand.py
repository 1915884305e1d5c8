"""Dead-hand policies: whether the dealer pays the fee to swap their hand for the unseen dead hand, and what each
bids when the dead hand is auctioned (R26)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...engine.cards import Card
from ...engine.decisions import BidDecision, BuyDeadDecision
from ...engine.ranks import rank_value, top_value
from ...engine.view import PlayerView
from ..strategy import DEAD_HAND, Param, Params, bids_for


def hand_quality(hand: Sequence[Card], p_dead: float, aces: str = "low") -> float:
    """How well a hand plays out, from 0 (hopeless) to 1 (it runs out by itself).

    A hand goes out through its runs of consecutive cards in a suit ("segments").
    The lowest segment of each suit needs a lead of its own; a higher one is
    reached by a run only if none of the cards in the gap below it lies in the
    dead hand (each does with chance `p_dead`), else it needs a lead too. Every
    King held hands the lead back. The score is one less the share of the hand's
    cards that the leads still needed stand for: few, long, well connected suits
    score high; scattered cards with wide gaps score low.
    """
    if not hand:
        return 1.0
    needed = 0.0
    kings = 0
    last_suit, last_rank = -1, 0
    top = top_value(aces)
    for card in sorted(hand, key=lambda c: (c.suit, rank_value(c, aces))):
        rank = rank_value(card, aces)
        if rank == top:
            kings += 1
        if card.suit != last_suit:
            needed += 1.0
        elif rank != last_rank + 1:
            needed += 1.0 - (1.0 - p_dead) ** (rank - last_rank - 1)
        last_suit, last_rank = card.suit, rank
    return min(1.0, max(0.0, 1.0 - (needed - kings) / len(hand)))


def view_quality(view: PlayerView) -> float:
    """The quality of the hand in this view, with the dead-hand odds the deal's shape gives."""
    unseen = 52 - len(view.rules.removed_cards) - len(view.hand)
    return hand_quality(view.hand, view.table.dead_size / unseen if unseen else 0.0, view.rules.aces)


@DEAD_HAND.register("never", "keeps the hand it was dealt")
def never(view: PlayerView, decision: BuyDeadDecision, params: Params, rng: random.Random) -> bool:
    """Never buys."""
    return False


@DEAD_HAND.register("always", "buys the dead hand whenever the rules allow, sight unseen")
def always(view: PlayerView, decision: BuyDeadDecision, params: Params, rng: random.Random) -> bool:
    """Always buys."""
    return True


@DEAD_HAND.register(
    "threshold", "buys when its hand's quality score (connected suits, gaps, Kings) falls below a line",
    below=Param(float, 0.35, 0.0, 1.0, help="buy when the hand scores below this (0: never, 1: almost always); "
                                           "a typical 4-player hand scores about 0.45"),
    max_fee=Param(int, 10, 0, 1000, help="never pay a fee above this many chips"))
def threshold(view: PlayerView, decision: BuyDeadDecision, params: Params, rng: random.Random) -> bool:
    """Buys a poor hand's way out, if the fee is not too steep."""
    return bool(decision.fee <= params["max_fee"] and view_quality(view) < params["below"])


@bids_for("always")
def always_bid(view: PlayerView, decision: BidDecision, params: Params, rng: random.Random) -> int:
    """Bids the least it may while that is at most twice the fee (it buys sight unseen, not at any price)."""
    return decision.low if decision.low <= 2 * max(view.rules.buy_dead_hand.fee, 1) else 0


@bids_for("threshold")
def threshold_bid(view: PlayerView, decision: BidDecision, params: Params, rng: random.Random) -> int:
    """Bids the least it may for a poor hand's way out, while that is at most its `max_fee`."""
    return decision.low if decision.low <= params["max_fee"] and view_quality(view) < params["below"] else 0
