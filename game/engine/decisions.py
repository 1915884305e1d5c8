"""Pending decisions (what the engine asks) and the actions that answer them."""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from .cards import Card
from .combinations import Combination, Pile


class DecisionRecord:
    """What every decision has besides its fields: its `kind` (stake, buy_dead, lead, follow, bid, charm)."""

    __slots__ = ()
    kind: ClassVar[str]


class _StakeDecisionFields(NamedTuple):
    player: int
    pot: int
    boodle_total: int
    cards: tuple[Pile, ...]  # the boodle cards, then the combinations (R30)


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


class _BidDecisionFields(NamedTuple):
    player: int
    low: int
    high: int


class BidDecision(_BidDecisionFields, DecisionRecord):
    """R26: bid `low` to `high` chips for the dead hand, or pass (a bid of 0) for the rest of the auction."""

    __slots__ = ()
    kind = "bid"


class CharmUse(NamedTuple):
    """One lawful use of a charm (R31): the charm's id and its target (a card of the hand, a boodle card, the card
    to lead), None for an effect without one."""

    charm: str
    card: Card | None


class _CharmDecisionFields(NamedTuple):
    player: int
    moment: str  # one of charms.MOMENTS
    options: tuple[CharmUse, ...]
    won: int = 0  # at the moment `hit`: the chips the boodle card just paid (R39 pays again from them)


class CharmDecision(_CharmDecisionFields, DecisionRecord):
    """R31: use one of `options` now, or none (the game goes on as if the seat held no charm)."""

    __slots__ = ()
    kind = "charm"


Decision = StakeDecision | BuyDeadDecision | LeadDecision | FollowDecision | BidDecision | CharmDecision


class StakeAction(NamedTuple):
    """Chips on each boodle card: pairs of (card, chips); cards left out get none."""

    player: int
    boodle: tuple[tuple[Pile, int], ...]


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


class BidAction(NamedTuple):
    """Bid this many chips for the dead hand; 0 passes."""

    player: int
    chips: int


class CharmAction(NamedTuple):
    """Use this charm (one of the decision's options), or None to let the moment pass."""

    player: int
    use: CharmUse | None


Action = StakeAction | BuyDeadAction | LeadAction | FollowAction | BidAction | CharmAction


def action_to_data(action: Action) -> dict[str, Any]:
    """An action as JSON-ready data, as saved sessions keep it."""
    if isinstance(action, StakeAction):
        return {"kind": "stake", "player": action.player, "boodle": [[str(c), n] for c, n in action.boodle]}
    if isinstance(action, BuyDeadAction):
        return {"kind": "buy_dead", "player": action.player, "buy": action.buy}
    if isinstance(action, LeadAction):
        return {"kind": "lead", "player": action.player, "card": str(action.card)}
    if isinstance(action, FollowAction):
        return {"kind": "follow", "player": action.player, "play": action.play}
    if isinstance(action, BidAction):
        return {"kind": "bid", "player": action.player, "chips": action.chips}
    if isinstance(action, CharmAction):
        use = action.use
        return {"kind": "charm", "player": action.player, "charm": None if use is None else use.charm,
                "card": None if use is None or use.card is None else str(use.card)}
    raise TypeError(f"not an action: {action!r}")


def action_from_data(data: Any) -> Action:
    """The action `action_to_data` wrote; ValueError if `data` is not one."""
    try:
        kind, player = data["kind"], int(data["player"])
        if kind == "stake":
            return StakeAction(player, tuple(((Combination.parse(c) if "+" in c else Card.parse(c)), int(n))
                                             for c, n in data["boodle"]))
        if kind == "buy_dead":
            return BuyDeadAction(player, bool(data["buy"]))
        if kind == "lead":
            return LeadAction(player, Card.parse(data["card"]))
        if kind == "follow":
            return FollowAction(player, bool(data["play"]))
        if kind == "bid":
            return BidAction(player, int(data["chips"]))
        if kind == "charm":
            if data["charm"] is None:
                return CharmAction(player, None)
            card = data["card"]
            return CharmAction(player, CharmUse(str(data["charm"]), None if card is None else Card.parse(card)))
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"not a saved action: {data!r} ({error})") from None
    raise ValueError(f"unknown action kind {kind!r}")
