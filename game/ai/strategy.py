"""The strategy registries: small functions, named in character files, for each kind of decision.

A strategy takes the player's view, the pending decision, the parameters the
character file gives it and the character's own seeded random stream, and returns
its choice. Each is registered under a name with the parameters it accepts, so
character files are checked against what really exists.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..engine.cards import Card
from ..engine.combinations import Pile
from ..engine.decisions import BidDecision, BuyDeadDecision, FollowDecision, LeadDecision, StakeDecision
from ..engine.view import PlayerView

Params = Mapping[str, Any]
StakeChoice = tuple[tuple[Pile, int], ...]
StakeStrategy = Callable[[PlayerView, StakeDecision, Params, random.Random], StakeChoice]
LeadStrategy = Callable[[PlayerView, LeadDecision, Params, random.Random], Card]
BuyStrategy = Callable[[PlayerView, BuyDeadDecision, Params, random.Random], bool]
FollowStrategy = Callable[[PlayerView, FollowDecision, Params, random.Random], bool]
BidStrategy = Callable[[PlayerView, BidDecision, Params, random.Random], int]  # chips bid, 0 to pass

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Param:
    """One parameter a strategy accepts: its type, default and allowed range.

    `kind` is int, float, bool, str or dict. A str parameter may be limited to `choices`; a dict
    parameter maps names (limited to `keys` when given) to numbers, each within `low`..`high`,
    as a weighted mix does.
    """

    kind: type  # int, float, bool, str or dict
    default: Any
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    help: str = ""
    keys: tuple[str, ...] = ()  # the names a dict parameter may map


@dataclass(frozen=True)
class Strategy(Generic[F]):
    """A registered strategy: its function, what it does, and its parameters."""

    name: str
    function: F
    summary: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def resolved(self, given: Params) -> dict[str, Any]:
        """The parameters with defaults filled in (the caller has validated `given`)."""
        return {key: given.get(key, spec.default) for key, spec in self.params.items()}

    @property
    def searches(self) -> bool:
        """Whether it decides by the expert's search (it has a search budget), not by a rule of thumb."""
        return "time_budget_ms" in self.params


class Registry(Generic[F]):
    """The strategies for one kind of decision, by name."""

    def __init__(self, decision: str) -> None:
        self.decision = decision
        self._by_name: dict[str, Strategy[F]] = {}

    def register(self, name: str, summary: str, **params: Param) -> Callable[[F], F]:
        """Decorator: register the function under `name`."""
        def add(function: F) -> F:
            if name in self._by_name:
                raise ValueError(f"two {self.decision} strategies named {name!r}")
            self._by_name[name] = Strategy(name, function, summary, dict(params))
            return function
        return add

    def get(self, name: str) -> Strategy[F]:
        """The strategy called `name`; KeyError if there is none."""
        return self._by_name[name]

    def names(self) -> list[str]:
        """Every registered name, sorted."""
        return sorted(self._by_name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name


STAKING: Registry[StakeStrategy] = Registry("staking")
LEADING: Registry[LeadStrategy] = Registry("lead")
DEAD_HAND: Registry[BuyStrategy] = Registry("dead_hand")
FOLLOWING: Registry[FollowStrategy] = Registry("follow")
# R26: how each dead-hand strategy bids at the dead hand's auction, by its name, with the same parameters; a
# strategy without a bid of its own passes
DEAD_HAND_BIDS: dict[str, BidStrategy] = {}


def bids_for(name: str) -> Callable[[BidStrategy], BidStrategy]:
    """Decorator: the bid of the dead-hand strategy `name`."""
    def add(function: BidStrategy) -> BidStrategy:
        if name in DEAD_HAND_BIDS:
            raise ValueError(f"two bids for the dead-hand strategy {name!r}")
        DEAD_HAND_BIDS[name] = function
        return function
    return add


def pass_bid(view: PlayerView, decision: BidDecision, params: Params, rng: random.Random) -> int:
    """Pass."""
    return 0
