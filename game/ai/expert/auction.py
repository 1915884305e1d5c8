"""R26: what the dead hand is worth to the expert at auction, in chips: the most it would pay.

Keeping the hand dealt and buying the dead hand at two prices are played out on the same sampled deals. The
dead hand's worth over the hand dealt is what buying it at the least bid gains over keeping, plus that bid; a
chip more of price costs less than a chip when the price goes into the pot (the buyer may win it back by going
out), so the cost of a chip is read from the two prices. The most it would pay is the price at which buying
stops beating keeping. The expert values the dead hand on sampled deals seeded by the auction itself, so it
finds the same worth at each of its raises, and raises by the least bid while that stays below its worth: in an
auction going up a chip at a time where a pass is final, bidding more than the least only pays more for what
the least would win. A fresh estimate at each raise would let sampling noise end its bidding on an unlucky draw
(the first estimate below the price is final), well short of what the dead hand is worth.
"""

from __future__ import annotations

import random

from ...engine.decisions import BidDecision
from ...engine.view import PlayerView
from .memory import SessionMemory
from .search import Budget, buy_branches, evaluate, models_now

MIN_CHIP_COST = 0.25  # a chip of price costs at least this much, however likely the buyer is to win the pot back


def price_step(decision: BidDecision) -> int:
    """The second price tried: a few chips above the least bid, within what the bidder has."""
    return max(1, min(decision.high - decision.low, max(2, decision.low)))


def dead_hand_worth(view: PlayerView, decision: BidDecision, budget: Budget, rng: random.Random,
                    memory: SessionMemory | None = None) -> float:
    """The most the dead hand is worth paying for, in chips (below the least bid: not worth bidding)."""
    models = models_now(view, memory)
    paid_to = view.dealer if view.rules.buy_dead_hand.paid_to == "dealer" else -1
    low, step = decision.low, price_step(decision)
    keep, buy_low = buy_branches(view, low, models, paid_to)
    buy_more = buy_branches(view, low + step, models, paid_to)[1]
    kept, at_low, at_more = evaluate(view, [keep, buy_low, buy_more], budget, rng, models, memory)
    chip_cost = max(MIN_CHIP_COST, (at_low - at_more) / step)
    return low + (at_low - kept) / chip_cost


def auction_key(view: PlayerView) -> str:
    """What one auction looks like to one bidder, the same at each of its raises (no chips move until it ends)."""
    table = view.table
    hand = " ".join(map(str, view.hand))
    return f"auction:{view.player}:{table.deal_number}:{table.dealer}:{hand}:{table.chips}:{table.pot}:" \
           f"{table.boodle_chips}:{table.in_session}"


def auction_worth(view: PlayerView, decision: BidDecision, budget: Budget,
                  memory: SessionMemory | None = None) -> float:
    """The dead hand's worth to this bidder in this auction: valued on sampled deals drawn from a stream seeded by
    the auction itself, so every raise of one auction finds the same worth (the least bid of the first turn)."""
    first = BidDecision(decision.player, max(view.rules.buy_dead_hand.fee, 1), decision.high)
    return dead_hand_worth(view, first, budget, random.Random(auction_key(view)), memory)


def bid_up_to(decision: BidDecision, worth: float) -> int:
    """The least bid while it is below `worth`, else a pass (0)."""
    return decision.low if decision.low < worth else 0
