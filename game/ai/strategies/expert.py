"""The expert's strategies: determinized Monte Carlo for leads, follows and the dead hand (game.ai.expert).

Staking happens before the cards are dealt, so it can use public information
only. A chip put on a boodle card comes back to its owner only if they are the
one to play that card; who holds it is a matter of the deal, the same for every
card, so what tells the cards apart is how often each is played at all in a
deal (an ace is played only if its holder leads that suit, a king only if a run
climbs to it). Chips on a card nobody plays stay on it for later deals, where
they are anybody's; in the last deal of a session they are lost to everyone. So
the expert puts its whole stake on the boodle card most often played in a deal,
as the rollout policy plays them at a table of this size under these rules
(estimated once per rules and table size from a fixed stream of simulated deals):
that card returns the stake most often, and since the marginal value of a chip
is linear in where it lies, concentrating it is at least as good as spreading it.
"""

from __future__ import annotations

import random

from ...engine.cards import Card
from ...engine.decisions import BidDecision, BuyDeadDecision, FollowDecision, LeadDecision, StakeDecision
from ...engine.view import PlayerView
from ..expert.auction import auction_worth, bid_up_to
from ..expert.search import Budget, boodle_hit_rates, buy_values, follow_values, lead_values
from ..strategy import DEAD_HAND, FOLLOWING, LEADING, STAKING, Param, Params, StakeChoice, bids_for

# A fifth of the samples searched as well as all of them (issue 13's measure); the time saved pays for reading
# the table and for the end game, and the slowest decisions take half as long
SEARCH_MS = 10

_SEARCH = {
    "time_budget_ms": Param(int, SEARCH_MS, 1, 10_000, help="search work per decision, in milliseconds of the "
                                                         "reference machine (turned into a fixed number of "
                                                         "sampled deals)"),
    "max_samples": Param(int, 1000, 1, 100_000, help="the most sampled deals per decision"),
    "own_leads": Param(str, "greedy", choices=("greedy", "searched"),
                       help="its own later leads inside a playout: by the rollout policy, or each tried to the end "
                            "(measured: no stronger, and a third more work a sample)"),
    "deadline_ms": Param(int, 200, 0, 100_000, help="safety net in milliseconds of the searching thread's "
                                                 "CPU time (0: none); the search stops early if it is passed. "
                                                 "Off in tournaments and simulate, whatever the file says"),
}


# where the agent puts its memory of the players at its table once it has met them (`CharacterAgent.meet`)
TABLE = "table"


def budget_of(params: Params) -> Budget:
    """The search budget the parameters ask for."""
    return Budget(float(params.get("time_budget_ms", SEARCH_MS)), int(params.get("max_samples", 1000)),
                  min(8, int(params.get("max_samples", 1000))), float(params.get("deadline_ms", 200)))


@LEADING.register("expert", "determinized Monte Carlo: every lawful lead played out on the same sampled deals, "
                            "the best mean chip result taken", **_SEARCH)
def expert_lead(view: PlayerView, decision: LeadDecision, params: Params, rng: random.Random) -> Card:
    """The lead with the best expected chip result over sampled deals."""
    options = decision.options
    if len(options) == 1:
        return options[0]
    values = lead_values(view, [card.index for card in options], budget_of(params), rng, params.get(TABLE),
                         params.get("own_leads") == "searched")
    best = max(range(len(options)), key=lambda i: values[i])
    return options[best]


@FOLLOWING.register("expert", "determinized Monte Carlo: playing the next card and declining it compared on the "
                              "same sampled deals", **_SEARCH)
def expert_follow(view: PlayerView, decision: FollowDecision, params: Params, rng: random.Random) -> bool:
    """Play the next card of the run unless declining does better on average."""
    play, decline = follow_values(view, decision.card.index, budget_of(params), rng, params.get(TABLE))
    return play >= decline


@DEAD_HAND.register("expert", "determinized Monte Carlo: the hand dealt and a sampled dead hand (minus the fee) "
                              "both played out on the same sampled deals", **_SEARCH)
def expert_buy(view: PlayerView, decision: BuyDeadDecision, params: Params, rng: random.Random) -> bool:
    """Buy the dead hand when the expected result after the fee beats keeping the hand dealt."""
    keep, buy = buy_values(view, decision.fee, budget_of(params), rng, params.get(TABLE))
    return buy > keep


@bids_for("expert")
def expert_bid(view: PlayerView, decision: BidDecision, params: Params, rng: random.Random) -> int:
    """R26: raise by the least bid while that is below what the dead hand is worth to it over its own hand."""
    return bid_up_to(decision, auction_worth(view, decision, budget_of(params), params.get(TABLE)))


@STAKING.register("expert", "the whole stake on the boodle card most often played in a deal at this table "
                            "(public information only)")
def expert_stake(view: PlayerView, decision: StakeDecision, params: Params, rng: random.Random) -> StakeChoice:
    """Everything on the boodle card most likely to be played this deal."""
    cards = decision.cards
    seats = sum(view.table.in_session)
    rates = boodle_hit_rates(view.rules, seats)
    best = max(range(len(cards)), key=lambda i: (rates[i], -i))
    return ((cards[best], decision.boodle_total),)
