"""R26: the expert's price for the dead hand at auction: what the dead hand is worth over its own hand, the
price taken off; it raises by the least bid up to that worth, the same worth at each raise of one auction."""

from __future__ import annotations

import dataclasses
import random

from engine.test_dead_hand_auction import AUCTION, TO_DEALER, Scripted
from helpers import cards, seats, seed_with_dealer

from game.ai.expert.auction import auction_worth, bid_up_to
from game.ai.expert.search import Budget
from game.ai.strategies.expert import expert_bid
from game.engine.cards import Card
from game.engine.decisions import BidDecision
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.engine.view import PlayerView

SURE = {"time_budget_ms": 200, "max_samples": 60, "deadline_ms": 0}
BUDGET = Budget(200, 60, 8, 0)
# a hand that runs out by itself (every spade from the two to the jack) and one whose every card needs a lead
GOOD = cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
POOR = cards("2S 4H 6D 8C 10S QH 3D 5C 7S 9H JC")


def first_bid(rule_set: RuleSet) -> tuple[PlayerView, BidDecision]:
    """The first bidder's view and decision at a 4-seat table where seat 0 deals and keeps their hand."""
    session = Session(dataclasses.replace(rule_set, players=4), seats(4), seed_with_dealer(4, 0))
    session.start()
    agent = Scripted({})
    while not isinstance(decision := session.pending(), BidDecision):
        assert decision is not None
        session.apply(agent.decide(session.view(decision.player), decision))
    return session.view(decision.player), decision


def holding(view: PlayerView, hand: tuple[Card, ...]) -> PlayerView:
    """The same view with another hand of its size (nothing has been played yet, so any hand fits)."""
    assert len(hand) >= len(view.hand)
    return view._replace(hand=tuple(hand[:len(view.hand)]))


def most_bid(view: PlayerView, decision: BidDecision) -> int:
    """The highest price at which the expert still bids (0: it passes at the least bid)."""
    bids = [low for low in range(decision.low, decision.high + 1)
            if expert_bid(view, decision._replace(low=low), SURE, random.Random(1))]
    return max(bids, default=0)


def test_r26_the_expert_pays_more_for_the_dead_hand_the_poorer_its_own_hand() -> None:
    view, decision = first_bid(AUCTION)
    poor, good = holding(view, POOR), holding(view, GOOD)
    assert auction_worth(poor, decision, BUDGET) > auction_worth(good, decision, BUDGET) + 2
    assert most_bid(poor, decision) > most_bid(good, decision)
    assert most_bid(poor, decision) >= decision.low + 2  # not only the least bid


def test_r26_the_expert_passes_when_its_own_hand_is_better() -> None:
    for rule_set in (AUCTION, TO_DEALER):
        view, decision = first_bid(rule_set)
        assert expert_bid(holding(view, GOOD), decision, SURE, random.Random(1)) == 0


def test_r26_the_expert_finds_the_same_worth_at_each_raise_whatever_its_stream() -> None:
    view, decision = first_bid(AUCTION)
    worths = {auction_worth(view, decision._replace(low=low), BUDGET) for low in range(decision.low, decision.low + 4)}
    assert len(worths) == 1
    again = [expert_bid(view, decision, SURE, random.Random(seed)) for seed in range(3)]
    assert len(set(again)) == 1


def test_r26_the_expert_bids_the_least_while_it_is_below_its_worth() -> None:
    decision = BidDecision(1, 5, 30)
    assert bid_up_to(decision, 9.5) == 5 and bid_up_to(decision, 5.0) == 0 and bid_up_to(decision, 2.0) == 0
