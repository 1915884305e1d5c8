"""Models of the other players as the table shows them: how each one leads, and how likely a lead is under that.

A player at the table knows who sits where and how each character plays: the New
game bio and docs/modding.md's table name each one's way of leading, and the
character files are there to read. So the expert models a seated character by
that public strategy, run with the expert's own random draws (never the
character's stream) and its slips: with chance `mistake_rate` a character leads
any lawful card instead. A player it does not know (the human, a character of
the player's own making that searches, another expert) is modelled as a mixture
of the ways of leading the cast shows, and of leading anything at all: over a
deal the mixture leans to whichever way explains what that player has done.

A model is a handful of guesses, each a way of leading with a share of slips and
a prior weight. No guess but "anything" is certain of its way: each leaves a share
of leads to chance, so a lead it did not expect makes a deal less likely, not
impossible. A known character's guesses differ only in that share (the file's
slip rate at least); the session then shows which is nearer the truth (`memory`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from ...engine.cards import Card
from ...engine.decisions import LeadDecision
from ...engine.view import PlayerView
from ..strategy import LEADING, LeadStrategy

DOUBT = 0.25  # the share of leads a guess leaves to chance before the session has shown anything
# a known character's guesses at how often it leads off its style (prior weight, share), around DOUBT
SLIPS = ((0.25, 0.1), (0.5, DOUBT), (0.25, 0.6))
# what the cast shows of leading, for a player the expert cannot name (with the strategies' own defaults)
CAST_STYLES = ("lowest", "longest_suit", "shedder", "fresh_suit", "stop_counter", "boodle_hunter")
# the lead strategies the expert does not play as written, each with why: a playout plays such a seat by the
# rollout policy (styles.py has no score for it) and the mixture above leaves it out. Every other lead strategy
# either searches (no rule a player could run by hand: modelled as a stranger) or has both; a test holds to it.
BY_ROLLOUT: Mapping[str, str] = MappingProxyType({
    "nervous": "its slips (nine leads in ten for Pip) look ahead for its worst lead, a search too slow to run in "
               "every playout and every guess about a stranger",
})
ANYTHING = 0.3  # the prior share, in that mixture, of a player who leads any lawful card alike
ANY = -1  # the way of a guess that the player leads any lawful card alike


@dataclass(frozen=True)
class LeadStyle:
    """One way of leading: a registered lead strategy and its parameters."""

    name: str
    function: LeadStrategy
    params: Mapping[str, Any]

    def leads(self, view: PlayerView, decision: LeadDecision, card: Card, rng: random.Random) -> bool:
        """Whether this style leads `card` here (one draw of the strategy: unbiased, not exact)."""
        return self.function(view, decision, self.params, rng) == card


@dataclass(frozen=True)
class Guess:
    """One guess at how a seat leads: a way (an index into its model's `ways`, or `ANY`), the share of its leads
    that slip to any lawful card, and its prior weight."""

    way: int
    slip: float
    prior: float

    def chance(self, hits: Sequence[bool], options: int) -> float:
        """How likely this guess makes the lead, given whether each way leads that card, among `options` leads."""
        if self.way == ANY:
            return 1.0 / options
        return self.slip / options + (1.0 - self.slip) * hits[self.way]


@dataclass(frozen=True)
class SeatModel:
    """How the expert expects one seat to lead: the ways of leading it considers, and its guesses over them."""

    ways: tuple[LeadStyle, ...]
    guesses: tuple[Guess, ...]

    @property
    def style(self) -> LeadStyle | None:
        """The seat's one way of leading, when the model names one (a known character), else None."""
        return self.ways[0] if len(self.ways) == 1 and all(g.way == 0 for g in self.guesses) else None

    def weighed(self, priors: Sequence[float]) -> SeatModel:
        """The same guesses with these prior weights (what a session has shown so far)."""
        return replace(self, guesses=tuple(replace(g, prior=p) for g, p in zip(self.guesses, priors)))


def style(name: str, params: Mapping[str, Any] | None = None) -> LeadStyle:
    """The lead strategy `name` with `params` over its defaults."""
    strategy = LEADING.get(name)
    return LeadStyle(name, strategy.function, strategy.resolved(dict(params or {})))


_UNKNOWN: SeatModel | None = None


def unknown_player() -> SeatModel:
    """The model of a player the expert cannot name: the cast's ways of leading and leading anything, mixed."""
    global _UNKNOWN
    if _UNKNOWN is None:
        share = (1.0 - ANYTHING) / len(CAST_STYLES)
        guesses = tuple(Guess(k, DOUBT, share) for k in range(len(CAST_STYLES)))
        _UNKNOWN = SeatModel(tuple(style(name) for name in CAST_STYLES), (*guesses, Guess(ANY, 1.0, ANYTHING)))
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
    guesses: dict[float, float] = {}
    for prior, doubt in SLIPS:
        level = max(slip, doubt)
        guesses[level] = guesses.get(level, 0.0) + prior
    return SeatModel((style(lead, given),), tuple(Guess(0, level, prior) for level, prior in guesses.items()))


def models_for(seats: Sequence[tuple[str, Mapping[str, Any], float] | None]) -> tuple[SeatModel, ...]:
    """Each seat's model from its public lead strategy, parameters and slip rate (None: a player not known)."""
    return tuple(unknown_player() if seat is None else model_of(*seat) for seat in seats)
