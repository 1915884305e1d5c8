"""Pending decisions (what the engine asks) and the actions that answer them."""

from __future__ import annotations

from typing import ClassVar, NamedTuple, Union

from .cards import Card


class DecisionRecord:
    """What every decision has besides its fields: its `kind` (stake, buy_dead, lead, follow)."""

    __slots__ = ()
    kind: ClassVar[str]


class _StakeDecisionFields(NamedTuple):
    player: int
    pot: int
    boodle_total: int
    cards: tuple[Card, ...]


class StakeDecision(_StakeDecisionFields, DecisionRecord):
    """R8: spread `boodle_total` chips over the boodle cards (the pot chips go in by themselves)."""

    __slots__ = ()
    kind = "stake"


class _BuyDeadDecisionFields(NamedTuple):
    player: int
    fee: int


class BuyDeadDecision(_BuyDeadDecisionFields, DecisionRecord):
    """R11: the dealer may pay `fee` to swap hands with the dead hand."""

    __slots__ = ()
    kind = "buy_dead"


class _LeadDecisionFields(NamedTuple):
    player: int
    options: tuple[Card, ...]


class LeadDecision(_LeadDecisionFields, DecisionRecord):
    """R13/R16: lead one of `options`, the lowest card of each suit this player may lead."""

    __slots__ = ()
    kind = "lead"


class _FollowDecisionFields(NamedTuple):
    player: int
    card: Card


class FollowDecision(_FollowDecisionFields, DecisionRecord):
    """R14 with `follow: optional`: play `card`, the next of the run, or decline and stop it."""

    __slots__ = ()
    kind = "follow"


Decision = Union[StakeDecision, BuyDeadDecision, LeadDecision, FollowDecision]


class StakeAction(NamedTuple):
    """Chips on each boodle card: pairs of (card, chips); cards left out get none."""

    player: int
    boodle: tuple[tuple[Card, int], ...]


class BuyDeadAction(NamedTuple):
    """The dealer's answer: buy the dead hand or keep the hand dealt."""

    player: int
    buy: bool


class LeadAction(NamedTuple):
    """Lead this card."""

    player: int
    card: Card


class FollowAction(NamedTuple):
    """Play the next card of the run (True) or decline (False)."""

    player: int
    play: bool


Action = Union[StakeAction, BuyDeadAction, LeadAction, FollowAction]
