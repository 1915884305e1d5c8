"""The table's hint: what the expert would do in the player's seat, and the figures behind it, worked out on a
worker thread so the search never stalls a frame.

The hint sees only the player's view, as the expert does, and searches with its own seeded stream, so the same
position and seed give the same hint. Its playouts are counted as they are played (`hint_tally`) for the one
reason it gives. The words are the table's business: here a hint is plain values.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..engine.cards import Card
from ..engine.combinations import Pile
from ..engine.decisions import (
    BidDecision,
    BuyDeadDecision,
    CharmDecision,
    CharmUse,
    Decision,
    FollowDecision,
    LeadDecision,
    StakeDecision,
)
from ..engine.view import PlayerView
from .expert.charm_search import peeks_now, searched_use
from .expert.search import (
    Branch,
    Budget,
    bid_price,
    boodle_hit_rates,
    buy_branches,
    evaluate,
    follow_branches,
    lead_branches,
)
from .hint_tally import NEAR, Reason, Tally, reason_for
from .worker import OnWorker

STAKE_MARGIN = 0.02  # boodle cards played within this share of deals of each other are about equally good stakes
# a hint may search a little longer than a character does: the player asked and is waiting for it
HINT_BUDGET = Budget(time_budget_ms=40.0, max_samples=600, min_samples=8, deadline_ms=400.0)


@dataclass(frozen=True)
class LeadHint:
    """The lead the expert would choose, and every lead's estimated chips from here, best first."""

    ranked: tuple[tuple[Card, float], ...]
    reason: Reason

    @property
    def card(self) -> Card:
        """The best lead."""
        return self.ranked[0][0]


@dataclass(frozen=True)
class FollowHint:
    """Whether to play the run's next card (optional following), and both estimates."""

    card: Card
    play: float
    decline: float
    reason: Reason


@dataclass(frozen=True)
class BuyHint:
    """Whether to buy the dead hand, and both estimates."""

    buy: float
    keep: float
    reason: Reason


@dataclass(frozen=True)
class BidHint:
    """R26: whether to bid the least bid for the dead hand or pass, and both estimates."""

    chips: int
    buy: float
    keep: float
    reason: Reason


@dataclass(frozen=True)
class StakeHint:
    """The boodle card most often hit at a table this size, and how often; the next most often hit, if any."""

    card: Pile  # a boodle card, or a combination (R30)
    seats: int
    rate: float
    chips: int  # the chips to place
    other: Pile | None = None
    other_rate: float = 0.0

    @property
    def barely_matters(self) -> bool:
        """Whether the next card is hit about as often, so the choice of card barely matters."""
        return self.other is not None and self.rate - self.other_rate < STAKE_MARGIN


@dataclass(frozen=True)
class CharmHint:
    """R31: the charm use the expert would make now (None: let the moment pass), with the chips of declining
    (`decline`) and of that use or, when it declines, of the best use (`use_value`; a free peek: its first moment,
    not searched, both 0)."""

    use: CharmUse | None
    decline: float
    use_value: float
    best: CharmUse | None  # the best use searched, taken or not


@dataclass(frozen=True)
class NoHint:
    """The search failed; the name of what went wrong (a hint must never end the game)."""

    error: str


Hint = LeadHint | FollowHint | BuyHint | StakeHint | NoHint | BidHint | CharmHint


def expert_hint(view: PlayerView, decision: Decision, seed: int) -> Hint:
    """What the expert would do with `decision` in this view, searched with a stream seeded by `seed`."""
    rng = random.Random(seed)
    try:
        if isinstance(decision, LeadDecision | FollowDecision | BuyDeadDecision | BidDecision):
            values, reason = _searched(view, *choice_branches(view, decision), rng)
            if isinstance(decision, LeadDecision):
                ranked = sorted(zip(decision.options, values), key=lambda cv: -cv[1])
                return LeadHint(tuple(ranked), reason)
            if isinstance(decision, FollowDecision):
                return FollowHint(decision.card, values[0], values[1], reason)
            if isinstance(decision, BidDecision):
                return BidHint(decision.low, values[1], values[0], reason)
            return BuyHint(values[1], values[0], reason)
        if isinstance(decision, CharmDecision):
            return charm_hint(view, decision, rng)
        assert isinstance(decision, StakeDecision)
        return stake_hint(view, decision)
    except Exception as error:  # noqa: BLE001 - a hint must never end the game
        return NoHint(type(error).__name__)


def charm_hint(view: PlayerView, decision: CharmDecision, rng: random.Random) -> CharmHint:
    """R31: the expert's use of a charm now, searched with the hint's budget against letting the moment pass."""
    peek = next((use for use in decision.options if peeks_now(view, use)), None)
    if peek is not None:
        return CharmHint(peek, 0.0, 0.0, peek)
    taken, values = searched_use(view, decision, HINT_BUDGET, rng)
    best = max(range(1, len(values)), key=lambda i: (values[i], -i))
    return CharmHint(taken, values[0], values[best], decision.options[best - 1])


def stake_hint(view: PlayerView, decision: StakeDecision) -> StakeHint:
    """The staking hint: the boodle card played in most deals at a table this size, and the next after it."""
    seats = sum(view.table.in_session)
    rates = boodle_hit_rates(view.rules, seats)
    order = sorted(range(len(decision.cards)), key=lambda i: (-rates[i], i))
    best = order[0]
    if len(order) == 1:
        return StakeHint(decision.cards[best], seats, rates[best], decision.boodle_total)
    return StakeHint(decision.cards[best], seats, rates[best], decision.boodle_total,
                     decision.cards[order[1]], rates[order[1]])


def _searched(view: PlayerView, branches: list[Branch], starts: list[int | None],
              rng: random.Random) -> tuple[list[float], Reason]:
    """Each branch's chips and the reason for the best, searched with the hint's budget (`tallied_search`)."""
    found = tallied_search(view, branches, starts, rng, HINT_BUDGET)
    return found.values, found.reason


@dataclass(frozen=True)
class Searched:
    """Each choice's chips from here, the choice the expert takes, why, and the tally of the playouts behind it."""

    values: list[float]
    best: int
    reason: Reason
    tally: Tally


def tallied_search(view: PlayerView, branches: list[Branch], starts: list[int | None], rng: random.Random,
                   budget: Budget) -> Searched:
    """Each branch's chips, searched as the expert searches with the playouts counted, and the reason for the
    best (the first of equals, as the expert takes it): "about_equal" when the next best is within `NEAR`
    standard errors of it."""
    tally = Tally.of(view, starts)
    values = evaluate(view, [tally.watch(i, branch, start) for i, (branch, start) in enumerate(zip(branches, starts))],
                      budget, rng)
    best = max(range(len(values)), key=lambda i: (values[i], -i))
    reason = reason_for(tally, view, values, best)
    if len(values) < 2:
        return Searched(values, best, reason, tally)
    second = max((i for i in range(len(values)) if i != best), key=lambda i: values[i])
    edge, error = values[best] - values[second], tally.error(best, second)
    if edge <= NEAR * error:
        reason = Reason("about_equal", value=values[best], other=values[second])
    return Searched(values, best, replace(reason, edge=edge, error=error), tally)


def choice_branches(view: PlayerView, decision: LeadDecision | FollowDecision | BuyDeadDecision | BidDecision
                    ) -> tuple[list[Branch], list[int | None]]:
    """The branches the hint searches for a decision, in its order (leads as offered; play then decline; keep
    then buy; pass then the least bid), and the card each starts its run with (None: no run of the player's)."""
    if isinstance(decision, LeadDecision):
        cards = [card.index for card in decision.options]
        return lead_branches(view, cards), list[int | None](cards)
    if isinstance(decision, FollowDecision):
        return follow_branches(view, decision.card.index), [decision.card.index, None]
    if isinstance(decision, BidDecision):
        price, paid_to = bid_price(view, decision)
        return buy_branches(view, price, paid_to=paid_to), [None, None]
    return buy_branches(view, decision.fee), [None, None]


def hint_search(view: PlayerView, decision: Decision, seed: int) -> OnWorker[Hint]:
    """`expert_hint` worked out on a worker thread."""
    return OnWorker(lambda: expert_hint(view, decision, seed), name="newmarket-hint")
