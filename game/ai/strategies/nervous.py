"""The nervous newcomer's lead: rid of the short suits first, and now and then a slip that really costs.

A slip is not a random lawful lead (a random lead is often as good as any, and even the lead that merely looks
worst by counting runs costs little): it is the lead a look ahead (the expert's search, `leading.SLIP_BUDGET`)
finds worst for this player.
"""

from __future__ import annotations

import random

from ...engine.cards import Card
from ...engine.decisions import LeadDecision
from ...engine.ranks import rank_value
from ...engine.view import PlayerView
from ..reading import suit_counts
from ..strategy import LEADING, Param, Params
from .leading import worst_lead


@LEADING.register(
    "nervous", "leads its shortest suit (or its highest card) to be rid of it; a slip leads the card a look ahead "
               "finds worst for it",
    prefer=Param(str, "shortest_suit", choices=("shortest_suit", "highest", "random"),
                 help="the lead when it does not slip: the suit it holds fewest of (lowest card among equals), "
                      "its highest lead card, or any"),
    slip=Param(float, 0.2, 0.0, 1.0, help="the chance of a slip that costs: the lead a look ahead finds worst"))
def nervous(view: PlayerView, decision: LeadDecision, params: Params, rng: random.Random) -> Card:
    """The lead it prefers, or the worst lead when it slips."""
    options = decision.options
    if len(options) == 1:
        return options[0]
    if params["slip"] > 0 and rng.random() < params["slip"]:
        return worst_lead(view, options, rng)
    prefer = params["prefer"]
    if prefer == "random":
        return rng.choice(options)
    if prefer == "highest":
        return max(options, key=lambda c: (rank_value(c, view.rules.aces), -c.index))
    counts = suit_counts(view.hand)
    return min(options, key=lambda c: (counts[c.suit], rank_value(c, view.rules.aces), c.index))
