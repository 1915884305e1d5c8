"""The noisy expert: the expert's search on a smaller budget, choosing by softmax of the searched chip values.

A player between the heuristics and the expert (the middle of the ladder of levels): it reads the deal as the
expert does, but less deeply (fewer sampled deals, so noisier values), and it does not always play what it
found best. With `temperature` T (in chips) each option is chosen with probability proportional to
exp(value / T): near-equal options are near coin flips, an option worse by several T almost never played;
T = 0 is the expert's own choice on this budget. `blunder` is the chance of a slip that costs: the option the
search found worst. Both draw from the character's own seeded stream, so the same seed gives the same choices.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ...engine.cards import Card
from ...engine.decisions import BidDecision, BuyDeadDecision, FollowDecision, LeadDecision
from ...engine.view import PlayerView
from ..expert.search import bid_values, buy_values, follow_values, lead_values
from ..strategy import DEAD_HAND, FOLLOWING, LEADING, Param, Params, bids_for
from .expert import budget_of

_NOISY = {
    "time_budget_ms": Param(int, 8, 1, 10_000, help="search work per decision, in milliseconds of the reference "
                                                 "machine (turned into a fixed number of sampled deals)"),
    "max_samples": Param(int, 1000, 1, 100_000, help="the most sampled deals per decision"),
    "deadline_ms": Param(int, 200, 0, 100_000, help="safety net in milliseconds of the searching thread's "
                                                 "CPU time (0: none). Off in tournaments and simulate"),
    "temperature": Param(float, 1.0, 0.0, 100.0, help="chips: each option is chosen with probability "
                                                     "proportional to exp(value / temperature); 0 takes the best"),
    "blunder": Param(float, 0.0, 0.0, 1.0, help="the chance of a slip that costs: playing the option the search "
                                              "found worst"),
}


def noisy_pick(values: Sequence[float], params: Params, rng: random.Random) -> int:
    """The option chosen among `values` (expected chips): by softmax at the temperature, the worst on a blunder."""
    n = len(values)
    best = max(range(n), key=lambda i: values[i])
    temperature = float(params.get("temperature", 0.0))
    chosen = best
    if temperature > 0 and n > 1:
        top = values[best]
        weights = [math.exp((value - top) / temperature) for value in values]
        point = rng.random() * sum(weights)
        for i, weight in enumerate(weights):
            point -= weight
            if point < 0:
                chosen = i
                break
    blunder = float(params.get("blunder", 0.0))
    if blunder > 0 and n > 1 and rng.random() < blunder:
        return min(range(n), key=lambda i: values[i])
    return chosen


@LEADING.register("noisy_expert", "the expert's search on a smaller budget, each lead chosen by softmax of its "
                                  "searched chip value (a looser, weaker expert)", **_NOISY)
def noisy_expert_lead(view: PlayerView, decision: LeadDecision, params: Params, rng: random.Random) -> Card:
    """A lead drawn by softmax of the expected chip results over sampled deals."""
    options = decision.options
    if len(options) == 1:
        return options[0]
    values = lead_values(view, [card.index for card in options], budget_of(params), rng)
    return options[noisy_pick(values, params, rng)]


@FOLLOWING.register("noisy_expert", "the expert's search on a smaller budget: playing the next card or declining "
                                    "it, drawn by softmax of their searched chip values", **_NOISY)
def noisy_expert_follow(view: PlayerView, decision: FollowDecision, params: Params, rng: random.Random) -> bool:
    """Play the next card of the run or decline it, drawn by softmax of their expected chip results."""
    play, decline = follow_values(view, decision.card.index, budget_of(params), rng)
    return noisy_pick([play, decline], params, rng) == 0


@DEAD_HAND.register("noisy_expert", "the expert's search on a smaller budget: keeping the hand or buying the dead "
                                    "hand, drawn by softmax of their searched chip values", **_NOISY)
def noisy_expert_buy(view: PlayerView, decision: BuyDeadDecision, params: Params, rng: random.Random) -> bool:
    """Buy the dead hand or keep the hand dealt, drawn by softmax of their expected chip results after the fee."""
    keep, buy = buy_values(view, decision.fee, budget_of(params), rng)
    return noisy_pick([keep, buy], params, rng) == 1


@bids_for("noisy_expert")
def noisy_expert_bid(view: PlayerView, decision: BidDecision, params: Params, rng: random.Random) -> int:
    """R26: bid the least it may or pass, drawn by softmax of their expected chip results."""
    keep, buy = bid_values(view, decision, budget_of(params), rng)
    return decision.low if noisy_pick([keep, buy], params, rng) == 1 else 0
