"""Pending decisions (what the engine asks) and the actions that answer them."""

from __future__ import annotations

from typing import NamedTuple, Union

from .cards import Card


class StakeDecision(NamedTuple):
    """R8: spread `boodle_total` chips over the boodle cards (the pot chips go in by themselves)."""

    player: int
    pot: int
    boodle_total: int
    cards: tuple[Card, ...]

    kind = "stake"


class BuyDeadDecision(NamedTuple):
    """R11: the dealer may pay `fee` to swap hands with the dead hand."""

    player: int
    fee: int

    kind = "buy_dead"


class LeadDecision(NamedTuple):
    """R13/R16: lead one of `options`, the lowest card of each suit this player may lead."""

    player: int
    options: tuple[Card, ...]

    kind = "lead"


class FollowDecision(NamedTuple):
    """R14 with `follow: optional`: play `card`, the next of the run, or decline and stop it."""

    player: int
    card: Card

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
