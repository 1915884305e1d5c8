"""Each decision of a walked deal put to the expert's search from the seat's own view, as the hint searches.

Every option is played out on the same sampled deals (`hint.tallied_search`), so the chosen option and the best
are compared on equal terms and the cost of the choice (best minus chosen) has the standard error of the paired
differences. The search's stream is seeded from the log's seed, the deal and the decision's number, and its
CPU-time safety net is off, so the same log gives the same review on any machine, byte for byte. Stakes go down
before the cards are seen: they are judged as the staking hint judges them, by how often each boodle card is
played at a table this size, and cost nothing the search could count.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from ..ai.expert.charm_search import charm_branches, spec_of
from ..ai.expert.search import boodle_hit_rates
from ..ai.hint import HINT_BUDGET, StakeHint, choice_branches, stake_hint, tallied_search
from ..ai.hint_tally import NEAR, Reason, Tally, reason_for
from ..engine.cards import Card
from ..engine.decisions import (
    BidAction,
    BuyDeadAction,
    CharmAction,
    CharmDecision,
    FollowAction,
    FollowDecision,
    LeadAction,
    LeadDecision,
    StakeAction,
    StakeDecision,
)
from ..engine.view import PlayerView
from .walk import Point, Position, WalkedDeal, position_of

REVIEW_BUDGET = replace(HINT_BUDGET, deadline_ms=0.0)  # counted work only: the same review under any load
LEADS = ("lead_any", "take_lead")  # R36, R38: a use that starts a run of the seat's own


@dataclass(frozen=True)
class Option:
    """One option of a decision: what it is, and its chips from here with their standard error (searched), or how
    often its boodle card is played and what the seat put on it (stakes)."""

    name: str  # a card ("5D"), "play", "decline", "keep", "buy", "pass" or "bid"
    card: Card | None = None
    chips: float | None = None
    error: float | None = None
    rate: float | None = None
    staked: int | None = None


@dataclass(frozen=True)
class Judged:
    """One decision reviewed: the options, the chosen and the best, the cost of the choice and why."""

    number: int
    kind: str  # "stake", "buy_dead", "lead", "follow", "bid" or "charm"
    forced: bool
    position: Position | None
    options: tuple[Option, ...]
    chosen: int | None  # index in `options` (None for a stake: it is a spread)
    best: int | None
    cost: float | None  # chips the choice gave up against the best, from the search
    cost_error: float | None
    reason: Reason | None  # for a searched decision: why the best, or why the best beat the choice
    stake: StakeHint | None = None
    samples: int = 0

    @property
    def searched(self) -> bool:
        """Whether the expert's search judged this decision."""
        return self.cost is not None

    @property
    def about_equal(self) -> bool:
        """Whether the choice was within `NEAR` standard errors of the best (or was the best)."""
        return self.cost is not None and self.cost_error is not None and self.cost <= NEAR * self.cost_error


@dataclass(frozen=True)
class DealReview:
    """A deal's decisions for one seat, reviewed, and which of them cost the most (None: none clearly cost)."""

    deal: int
    seat: int
    players: tuple[str, ...]
    decisions: tuple[Judged, ...]
    costliest: int | None  # the decision's number
    finished: bool


def search_seed(seed: str, deal: int, number: int) -> str:
    """The text that seeds the search of one decision: the log's seed, the deal and the decision's number."""
    return f"review:{seed}:{deal}:{number}"


def judge(point: Point, seed: str, deal: int) -> Judged:
    """One decision reviewed: searched from its view, judged as a stake, or listed as forced."""
    if point.forced is not None or point.view is None or point.decision is None:
        card = point.forced
        return Judged(point.number, "lead", True, point.position, (Option(str(card), card),), 0, 0, None, None, None)
    view, decision, action = point.view, point.decision, point.action
    position = position_of(view)
    if isinstance(decision, StakeDecision):
        assert isinstance(action, StakeAction)
        hint = stake_hint(view, decision)
        rates = dict(zip(decision.cards, stake_rates(view)))
        staked = dict(action.boodle)
        options = tuple(Option(str(card), card if isinstance(card, Card) else None, rate=rates[card],
                               staked=staked.get(card, 0))
                        for card in decision.cards)
        return Judged(point.number, "stake", False, position, options, None, decision.cards.index(hint.card),
                      None, None, None, stake=hint)
    if isinstance(decision, CharmDecision):  # R31: every use and letting the moment pass, searched alike
        assert isinstance(action, CharmAction)
        declined, *uses = charm_branches(view, decision)
        branches = [*uses, declined]
        starts: list[int | None] = [use.card.index if use.card is not None and spec_of(view, use.charm)[0].effect
                                    in LEADS else None for use in decision.options] + [None]
        names: list[tuple[str, Card | None]] = [(use.charm, use.card) for use in decision.options] + [("pass", None)]
        chosen = len(decision.options) if action.use is None else decision.options.index(action.use)
    else:
        branches, starts = choice_branches(view, decision)
    found = tallied_search(view, branches, starts, random.Random(search_seed(seed, deal, point.number)),
                           REVIEW_BUDGET)
    values, tally = found.values, found.tally
    if isinstance(decision, CharmDecision):
        pass  # named above
    elif isinstance(decision, LeadDecision):
        names = [(str(card), card) for card in decision.options]
        assert isinstance(action, LeadAction)
        chosen = decision.options.index(action.card)
    elif isinstance(decision, FollowDecision):
        assert isinstance(action, FollowAction)
        names = [("play", decision.card), ("decline", None)]
        chosen = 0 if action.play else 1
    elif isinstance(action, BidAction):
        names = [("pass", None), ("bid", None)]
        chosen = 1 if action.chips else 0
    else:
        assert isinstance(action, BuyDeadAction)
        names = [("keep", None), ("buy", None)]
        chosen = 1 if action.buy else 0
    options = tuple(Option(name, card, values[i], option_error(tally, i)) for i, (name, card) in enumerate(names))
    best = found.best
    cost = values[best] - values[chosen]
    cost_error = tally.error(best, chosen) if chosen != best else 0.0
    reason = found.reason if chosen == best else why_not(tally, view, values, best, chosen, cost, cost_error)
    return Judged(point.number, decision.kind, False, position, options, chosen, best, cost, cost_error, reason,
                  samples=tally.playouts[0])


def why_not(tally: Tally, view: PlayerView, values: list[float], best: int, chosen: int, cost: float,
            error: float) -> Reason:
    """Why the best beat the choice: "about_equal" within `NEAR` standard errors, else the hint's reason."""
    if cost <= NEAR * error:
        return Reason("about_equal", value=values[best], other=values[chosen], edge=cost, error=error)
    return replace(reason_for(tally, view, values, best, against=chosen), edge=cost, error=error)


def option_error(tally: Tally, choice: int) -> float:
    """The standard error of one option's mean chips over its sampled deals."""
    results = tally.results[choice]
    n = len(results)
    if n < 2:
        return 0.0
    mean = sum(results) / n
    return math.sqrt(sum((r - mean) ** 2 for r in results) / (n - 1) / n)


def stake_rates(view: PlayerView) -> tuple[float, ...]:
    """How often each boodle card is played at this table's size, as the staking hint reads it."""
    return boodle_hit_rates(view.rules, sum(view.table.in_session))


def costliest(decisions: tuple[Judged, ...] | list[Judged]) -> int | None:
    """The number of the decision whose choice cost the most, clearly (beyond `NEAR` standard errors); None when
    no choice clearly cost anything."""
    costly = [d for d in decisions if d.cost is not None and d.cost > 0 and not d.about_equal]
    return max(costly, key=lambda d: (d.cost or 0.0, -d.number)).number if costly else None


def review_deal(walked: WalkedDeal) -> DealReview:
    """Every decision of a walked deal reviewed, in order, with the costliest marked."""
    decisions = tuple(judge(point, walked.seed, walked.deal) for point in walked.points)
    return DealReview(walked.deal, walked.seat, walked.players, decisions, costliest(decisions), walked.finished)
