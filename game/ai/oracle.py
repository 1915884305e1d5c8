"""The oracle: a yardstick for tournaments, the expert's search given sight of every card. Never a player.

It measures how much of the available edge a character captures: at every lead,
follow and dead-hand decision it plays each lawful option out on the true deal
(every hand and the dead hand as they really are, as `play_session` shows an agent
that declares `sees_everything`) with the expert's own playout policy and takes
the best chip result; its later leads are chosen the same way when they come. The
deal is known and the playout policy is deterministic, so one playout per option
is the whole search and the oracle needs no random stream.

Staking is the expert's, with no sight: stakes go down before the cards are dealt
(R8; the engine shuffles only once every stake is in), and a stake placed knowing
the coming deal would be foresight no player could have, not skill left on the
table. Buying the dead hand, leading and following are done with sight.

The oracle is exempt from the no-cheating tests (tests/engine/test_no_cheating.py says so)
and the table never offers it: it is no character and not in `character_ids`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.decisions import (
    Action,
    BidAction,
    BidDecision,
    BuyDeadAction,
    BuyDeadDecision,
    CharmAction,
    CharmDecision,
    Decision,
    FollowAction,
    LeadAction,
    LeadDecision,
    StakeDecision,
)
from ..engine.play import Agent
from ..engine.view import PlayerView
from .expert.rollout import State
from .expert.search import (
    Branch,
    bid_price,
    boodle_by_card,
    buy_branches,
    combinations_of,
    follow_branches,
    lead_branches,
)
from .simple import ORACLE_ID

__all__ = ["ORACLE_ID", "OracleAgent", "SightNeededError", "true_values"]


class SightNeededError(RuntimeError):
    """The oracle was asked to decide from a view alone."""


def true_values(view: PlayerView, owners: Sequence[int], branches: Sequence[Branch]) -> list[float]:
    """Each branch's chip result for the deciding player, played out once on the true deal."""
    table = view.table
    me = view.player
    base = State.of(list(owners), len(table.chips), table.chips, boodle_by_card(view), table.pot,
                    *combinations_of(view))
    values = []
    for branch in branches:
        state = base.copy()
        branch(state)
        values.append(float(state.chips[me] - table.chips[me]))
    return values


class OracleAgent:
    """The expert's search on the true deal: stakes like the expert, buys, leads and follows with sight."""

    sees_everything = True

    def __init__(self, staker: Agent) -> None:
        self._staker = staker

    def decide(self, view: PlayerView, decision: Decision) -> Action:
        """Refuse: the oracle plays only where it is shown the deal (`play_session`)."""
        raise SightNeededError("the oracle needs sight of the deal: play it with play_session (a tournament)")

    def decide_seeing(self, view: PlayerView, decision: Decision, owners: tuple[int, ...]) -> Action:
        """The option with the best chip result on the true deal (the expert's stake before the deal)."""
        if isinstance(decision, StakeDecision):
            return self._staker.decide(view, decision)
        if isinstance(decision, LeadDecision):
            options = decision.options
            if len(options) == 1:
                return LeadAction(decision.player, options[0])
            values = true_values(view, owners, lead_branches(view, [card.index for card in options]))
            best = max(range(len(options)), key=values.__getitem__)  # the first of equals: no randomness needed
            return LeadAction(decision.player, options[best])
        if isinstance(decision, BuyDeadDecision):
            keep, buy = true_values(view, owners, buy_branches(view, decision.fee))
            return BuyDeadAction(decision.player, buy > keep)
        if isinstance(decision, BidDecision):
            price, paid_to = bid_price(view, decision)
            keep, buy = true_values(view, owners, buy_branches(view, price, paid_to=paid_to))
            return BidAction(decision.player, price if buy > keep else 0)
        if isinstance(decision, CharmDecision):
            return CharmAction(decision.player, None)  # R31: the yardstick plays the classic game
        play, decline = true_values(view, owners, follow_branches(view, decision.card.index))
        return FollowAction(decision.player, play >= decline)
