"""Models of the other players as the table shows them: how each one leads, and how likely a lead is under that.

A player at the table knows who sits where and how each character plays: the New
game bio and the README's table name each one's way of leading, and the
character files are there to read. So the expert models a seated character by
that public strategy, run with the expert's own random draws (never the
character's stream) and its slips: with chance `mistake_rate` a character leads
any lawful card instead. A player it does not know (the human, a character of
the player's own making that searches, another expert) is modelled as a mixture
of the ways of leading the cast shows, and of leading anything at all: over a
deal the mixture leans to whichever way explains what that player has done.

Every model also keeps a share of doubt (`DOUBT`): a model is never certain, and
a lead it did not expect makes a deal less likely, not impossible.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...engine.cards import Card
from ...engine.decisions import LeadDecision
from ...engine.view import PlayerView
from ..strategy import LEADING, LeadStrategy

DOUBT = 0.25  # the share of any lead a model leaves to chance: it is a model, not the player
# what the cast shows of leading, for a player the expert cannot name (with the strategies' own defaults)
CAST_STYLES = ("lowest", "longest_suit", "shedder", "fresh_suit", "stop_counter", "boodle_hunter")
ANYTHING = 0.3  # the prior share, in that mixture, of a player who leads any lawful card alike


@dataclass(frozen=True)
class LeadStyle:
    """One way of leading: a registered lead strategy, its parameters and its share of slips."""

    name: str
    function: LeadStrategy
    params: Mapping[str, Any]
    slip: float

    def chance(self, view: PlayerView, decision: LeadDecision, card: Card, rng: random.Random) -> float:
        """How likely this style makes `card` the lead (one draw of the strategy: unbiased, not exact)."""
        slip = max(self.slip, DOUBT)
        k = len(decision.options)
        hit = self.function(view, decision, self.params, rng) == card
        return slip / k + (1.0 - slip) * hit


@dataclass(frozen=True)
class SeatModel:
    """How the expert expects one seat to lead: styles with prior weights (a lone style for a known character),
    plus `anything`, the prior weight of leading any lawful card alike."""

    styles: tuple[tuple[float, LeadStyle], ...]
    anything: float = 0.0


def style(name: str, params: Mapping[str, Any] | None = None, slip: float = 0.0) -> LeadStyle:
    """The lead strategy `name` with `params` over its defaults."""
    strategy = LEADING.get(name)
    return LeadStyle(name, strategy.function, strategy.resolved(dict(params or {})), slip)


_UNKNOWN: SeatModel | None = None


def unknown_player() -> SeatModel:
    """The model of a player the expert cannot name: the cast's ways of leading and leading anything, mixed."""
    global _UNKNOWN
    if _UNKNOWN is None:
        share = (1.0 - ANYTHING) / len(CAST_STYLES)
        _UNKNOWN = SeatModel(tuple((share, style(name)) for name in CAST_STYLES), ANYTHING)
    return _UNKNOWN


def model_of(lead: str, params: Mapping[str, Any], mistake_rate: float) -> SeatModel:
    """The model of a character whose file names lead strategy `lead`: that strategy, unless it searches."""
    strategy = LEADING.get(lead) if lead in LEADING else None
    if strategy is None or strategy.searches:
        return unknown_player()  # a searcher's leads follow no rule a player could run by hand
    given = dict(params)
    slip = mistake_rate
    if "slip" in strategy.params:
        # a strategy's own slip looks ahead with a search: too slow to ask on every sampled deal, so the model
        # counts it among the leads left to chance
        slip = max(slip, float(strategy.resolved(given)["slip"]))
        given["slip"] = 0.0
    return SeatModel(((1.0, style(lead, given, slip)),))


def models_for(seats: Sequence[tuple[str, Mapping[str, Any], float] | None]) -> tuple[SeatModel, ...]:
    """Each seat's model from its public lead strategy, parameters and slip rate (None: a player not known)."""
    return tuple(unknown_player() if seat is None else model_of(*seat) for seat in seats)
