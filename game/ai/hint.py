"""The table's hint: what the expert would do in the player's seat, and the figures behind it, worked out on a
worker thread so the search never stalls a frame.

The hint sees only the player's view, as the expert does, and searches with its own seeded stream, so the same
position and seed give the same hint. The words are the table's business: here a hint is plain values.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.decisions import BuyDeadDecision, Decision, FollowDecision, LeadDecision, StakeDecision
from ..engine.view import PlayerView
from .expert.search import Budget, boodle_hit_rates, buy_values, follow_values, lead_values
from .worker import OnWorker

# a hint may search a little longer than a character does: the player asked and is waiting for it
HINT_BUDGET = Budget(time_budget_ms=40.0, max_samples=600, min_samples=8, deadline_ms=400.0)


@dataclass(frozen=True)
class LeadHint:
    """The lead the expert would choose, and every lead's estimated chips from here, best first."""

    ranked: tuple[tuple[Card, float], ...]

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


@dataclass(frozen=True)
class BuyHint:
    """Whether to buy the dead hand, and both estimates."""

    buy: float
    keep: float


@dataclass(frozen=True)
class StakeHint:
    """The boodle card most often hit at a table this size, and how often."""

    card: Card
    seats: int
    rate: float
    chips: int  # the chips to place


@dataclass(frozen=True)
class NoHint:
    """The search failed; the name of what went wrong (a hint must never end the game)."""

    error: str


Hint = LeadHint | FollowHint | BuyHint | StakeHint | NoHint


def expert_hint(view: PlayerView, decision: Decision, seed: int) -> Hint:
    """What the expert would do with `decision` in this view, searched with a stream seeded by `seed`."""
    rng = random.Random(seed)
    try:
        if isinstance(decision, LeadDecision):
            values = lead_values(view, [c.index for c in decision.options], HINT_BUDGET, rng)
            return LeadHint(tuple(sorted(zip(decision.options, values), key=lambda cv: -cv[1])))
        if isinstance(decision, FollowDecision):
            play, decline = follow_values(view, decision.card.index, HINT_BUDGET, rng)
            return FollowHint(decision.card, play, decline)
        if isinstance(decision, BuyDeadDecision):
            keep, buy = buy_values(view, decision.fee, HINT_BUDGET, rng)
            return BuyHint(buy, keep)
        assert isinstance(decision, StakeDecision)
        seats = sum(view.table.in_session)
        rates = boodle_hit_rates(view.rules, seats)
        best = max(range(len(decision.cards)), key=lambda i: (rates[i], -i))
        return StakeHint(decision.cards[best], seats, rates[best], decision.boodle_total)
    except Exception as error:  # noqa: BLE001 - a hint must never end the game
        return NoHint(type(error).__name__)


def hint_search(view: PlayerView, decision: Decision, seed: int) -> OnWorker[Hint]:
    """`expert_hint` worked out on a worker thread."""
    return OnWorker(lambda: expert_hint(view, decision, seed), name="newmarket-hint")
