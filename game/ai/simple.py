"""The simplest built-in agents: a steady one that always leads low, and a random one."""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import attrgetter

from ..engine.combinations import Pile
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
    StakeAction,
    StakeDecision,
)
from ..engine.play import Agent
from ..engine.view import PlayerView


def spread_evenly(decision: StakeDecision) -> tuple[tuple[Pile, int], ...]:
    """The stake split as evenly as chips allow, the odd chips on the first cards."""
    cards = decision.cards
    each, extra = divmod(decision.boodle_total, len(cards))
    return tuple((card, each + (1 if i < extra else 0)) for i, card in enumerate(cards))


class LowestAgent:
    """Stakes evenly, never buys nor bids nor uses a charm, always follows, and leads its lowest card of any suit."""

    def __init__(self) -> None:
        self._stakes: dict[tuple[int, int], StakeAction] = {}
        self._cards: tuple[Pile, ...] = ()

    def decide(self, view: PlayerView, decision: Decision) -> Action:
        """Answer with the plainest lawful action."""
        if type(decision) is LeadDecision:
            return LeadAction(decision.player, min(decision.options, key=_RANK))
        if isinstance(decision, StakeDecision):
            if decision.cards is not self._cards:
                self._stakes, self._cards = {}, decision.cards
            key = (decision.player, decision.boodle_total)
            stake = self._stakes.get(key)
            if stake is None:
                stake = self._stakes[key] = StakeAction(decision.player, spread_evenly(decision))
            return stake
        if isinstance(decision, BuyDeadDecision):
            return BuyDeadAction(decision.player, False)
        if isinstance(decision, BidDecision):
            return BidAction(decision.player, 0)
        if isinstance(decision, CharmDecision):
            return CharmAction(decision.player, None)  # R31: never uses a charm
        return FollowAction(decision.player, True)


_RANK = attrgetter("rank")


class RandomAgent:
    """Answers every decision uniformly at random among lawful choices, from its own seeded stream."""

    def __init__(self, seed: int | str) -> None:
        self._rng = random.Random(str(seed))

    def decide(self, view: PlayerView, decision: Decision) -> Action:
        """A random lawful action."""
        rng = self._rng
        if isinstance(decision, LeadDecision):
            return LeadAction(decision.player, rng.choice(decision.options))
        if isinstance(decision, StakeDecision):
            counts = [0] * len(decision.cards)
            for _ in range(decision.boodle_total):
                counts[rng.randrange(len(counts))] += 1
            return StakeAction(decision.player, tuple(zip(decision.cards, counts)))
        if isinstance(decision, BuyDeadDecision):
            return BuyDeadAction(decision.player, rng.random() < 0.5)
        if isinstance(decision, BidDecision):
            bid = rng.randint(decision.low, min(decision.high, decision.low + 3))
            return BidAction(decision.player, bid if rng.random() < 0.5 else 0)
        if isinstance(decision, CharmDecision):  # R31: one of the lawful uses, or none, alike
            pick = rng.randrange(len(decision.options) + 1)
            return CharmAction(decision.player, decision.options[pick] if pick < len(decision.options) else None)
        return FollowAction(decision.player, rng.random() < 0.8)


class FirstOptionAgent:
    """The simplest agent of all: the whole stake on the first boodle card, the first lawful lead,
    never buys nor bids, always follows. The engine benchmark plays with it."""

    def __init__(self) -> None:
        self._stakes: dict[tuple[int, int], StakeAction] = {}
        self._cards: tuple[Pile, ...] = ()
        self._leads: dict[int, LeadAction] = {}  # by seat * 52 + card index

    def decide(self, view: PlayerView, decision: Decision) -> Action:
        """The first lawful answer."""
        if type(decision) is LeadDecision:
            card = decision.options[0]
            lead = self._leads.get(decision.player * 52 + card.index)
            if lead is None:
                lead = self._leads[decision.player * 52 + card.index] = LeadAction(decision.player, card)
            return lead
        if type(decision) is StakeDecision:
            if decision.cards is not self._cards:
                self._stakes, self._cards = {}, decision.cards
            key = (decision.player, decision.boodle_total)
            stake = self._stakes.get(key)
            if stake is None:
                stake = self._stakes[key] = StakeAction(decision.player, ((decision.cards[0], decision.boodle_total),))
            return stake
        if type(decision) is BuyDeadDecision:
            return BuyDeadAction(decision.player, False)
        if type(decision) is BidDecision:
            return BidAction(decision.player, 0)
        if type(decision) is CharmDecision:
            return CharmAction(decision.player, None)  # R31: never uses a charm
        return FollowAction(decision.player, True)


# The built-in agents by id, as `--ai` names them: what each is, and how to make one for a seat of a seeded
# session (its randomness derives from both). Character files may not take these ids.
AgentMaker = Callable[[int, int], Agent]
BUILT_IN: dict[str, tuple[str, AgentMaker]] = {
    "lowest": ("stakes evenly, leads its lowest card", lambda seed, seat: LowestAgent()),
    "first": ("the whole stake on one card, the first lawful lead", lambda seed, seat: FirstOptionAgent()),
    "random": ("every choice at random", lambda seed, seat: RandomAgent(f"{seed}:{seat}")),
}
# The tournament's yardstick (game.ai.oracle): an id no character may take, never offered at the table.
ORACLE_ID = "oracle"
