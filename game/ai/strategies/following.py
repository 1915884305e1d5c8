"""Follow policies, for rules with `follow: optional`: play the next card of the run, or decline.

Declining stops the run (the table cannot tell a decline from a card in the dead
hand) and keeps the card in hand, where it may cost a chip at settlement.
"""

from __future__ import annotations

import random

from ...engine.decisions import FollowDecision
from ...engine.ranks import successors
from ...engine.view import PlayerView
from ..reading import mask_of, played_mask
from ..strategy import FOLLOWING, Param, Params


@FOLLOWING.register("always", "always plays the next card, as compulsory following would")
def always(view: PlayerView, decision: FollowDecision, params: Params, rng: random.Random) -> bool:
    """Always follows."""
    return True


@FOLLOWING.register("chance", "follows with a fixed probability, on a whim",
                    probability=Param(float, 0.8, 0.0, 1.0, help="the chance of following each time"))
def chance(view: PlayerView, decision: FollowDecision, params: Params, rng: random.Random) -> bool:
    """Follows with probability `probability`."""
    return bool(rng.random() < params["probability"])


@FOLLOWING.register(
    "boodle_keeper", "declines when following would set up someone else's boodle card; follows when the run "
                     "leads on to its own, or when the card itself is a boodle card or its last card",
    min_chips=Param(int, 2, 0, 1000, help="only boodle cards with at least this many chips are worth minding"),
    lookahead=Param(int, 2, 1, 12, help="how many cards past its own it looks for a boodle card"))
def boodle_keeper(view: PlayerView, decision: FollowDecision, params: Params, rng: random.Random) -> bool:
    """Follows unless the run would carry on to a boodle card someone else may hold."""
    card = decision.card
    if len(view.hand) == 1:
        return True  # going out wins the pot
    chips_on = {c.index: chips for c, chips in view.table.boodle}
    if chips_on.get(card.index, 0) > 0:
        return True
    own = mask_of(view.hand)
    stopped = played_mask(view) | mask_of(view.known_dead)
    min_chips = max(1, params["min_chips"])
    after = successors(view.rules.aces)
    index = card.index
    ahead = 0
    while after[index] >= 0 and ahead < params["lookahead"]:
        index = after[index]
        if stopped >> index & 1:
            return True  # the run stops before any boodle card
        mine = bool(own >> index & 1)
        if not mine:
            ahead += 1
        if chips_on.get(index, 0) >= min_chips:
            return mine
    return True
