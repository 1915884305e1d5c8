"""Events: the rows of the event table in docs/rules.md, one small immutable record each.

Each event is a typed NamedTuple (its fields) under a small `EventRecord` base (its
`type` and `to_json`), rather than a frozen dataclass: just as immutable and typed,
but built about twice as fast, and the engine makes dozens per deal.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, Literal, NamedTuple

from .cards import Card


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


class EventRecord:
    """What every event has besides its fields: its log `type` and its JSON line."""

    __slots__ = ()
    type: ClassVar[str]

    def data(self) -> dict[str, Any]:
        """The event's fields as plain JSON-ready data."""
        raise NotImplementedError

    def to_json(self) -> str:
        """One JSONL line (without the newline) for this event."""
        return json.dumps({"type": self.type, **self.data()}, separators=(", ", ": "), ensure_ascii=False)


class _SessionStartFields(NamedTuple):
    seed: int
    rules: dict[str, Any]
    players: tuple[dict[str, Any], ...]
    chips: tuple[int, ...]


class SessionStart(_SessionStartFields, EventRecord):
    """A session begins: its seed, resolved rules, players and stacks."""

    __slots__ = ()
    type: ClassVar[Literal["session_start"]] = "session_start"

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"seed": self.seed, "rules": self.rules, "players": list(self.players), "chips": list(self.chips)}


class _CutFields(NamedTuple):
    cards: tuple[Card | None, ...]
    dealer: int | None


class Cut(_CutFields, EventRecord):
    """R4: one round of the cut for the first dealer; dealer is None when the highest tied."""

    __slots__ = ()
    type: ClassVar[Literal["cut"]] = "cut"

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"cards": [None if c is None else str(c) for c in self.cards], "dealer": self.dealer}


class _DealStartFields(NamedTuple):
    deal: int
    dealer: int


class DealStart(_DealStartFields, EventRecord):
    """A deal begins (1-based number) with this dealer."""

    __slots__ = ()
    type: ClassVar[Literal["deal_start"]] = "deal_start"

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"deal": self.deal, "dealer": self.dealer}


class _StakeFields(NamedTuple):
    player: int
    pot: int
    boodle: tuple[tuple[Card, int], ...]


class Stake(_StakeFields, EventRecord):
    """R8: a player's ante, chips to the pot and to each boodle card."""

    __slots__ = ()
    type: ClassVar[Literal["stake"]] = "stake"

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"player": self.player, "pot": self.pot, "boodle": {str(c): n for c, n in self.boodle}}


class _DealtFields(NamedTuple):
    hands: tuple[tuple[Card, ...], ...]
    dead: tuple[Card, ...]


class Dealt(_DealtFields, EventRecord):
    """R10: the hands as dealt ([] for players out) and the dead hand."""

    __slots__ = ()
    type: ClassVar[Literal["deal"]] = "deal"

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"hands": [_cards(h) for h in self.hands], "dead": _cards(self.dead)}


class _BuyDeadFields(NamedTuple):
    player: int
    fee: int


class BuyDead(_BuyDeadFields, EventRecord):
    """R11: the dealer paid the fee and swapped hands with the dead hand."""

    __slots__ = ()
    type: ClassVar[Literal["buy_dead"]] = "buy_dead"

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"player": self.player, "fee": self.fee}


class _PlayFields(NamedTuple):
    player: int
    card: Card
    lead: bool


class Play(_PlayFields, EventRecord):
    """R13/R14: a card played, as a lead or as the next card of the run."""

    __slots__ = ()
    type: ClassVar[Literal["play"]] = "play"

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"player": self.player, "card": str(self.card), "lead": self.lead}


class _BoodleWonFields(NamedTuple):
    player: int
    card: Card
    chips: int


class BoodleWon(_BoodleWonFields, EventRecord):
    """R17: a played card hit a boodle card and took its chips."""

    __slots__ = ()
    type: ClassVar[Literal["boodle_won"]] = "boodle_won"

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"player": self.player, "card": str(self.card), "chips": self.chips}


class _StopFields(NamedTuple):
    after: Card
    reason: str


class Stop(_StopFields, EventRecord):
    """R15: the run ended after this card, for this reason."""

    __slots__ = ()
    type: ClassVar[Literal["stop"]] = "stop"

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"after": str(self.after), "reason": self.reason}


class Payment(NamedTuple):
    """R19: one loser's payment to the winner of the deal."""

    source: int
    chips: int


class _HandWonFields(NamedTuple):
    player: int
    pot: int
    payments: tuple[Payment, ...]


class HandWon(_HandWonFields, EventRecord):
    """R18/R19: a player went out, took the pot and was paid for the cards left."""

    __slots__ = ()
    type: ClassVar[Literal["hand_won"]] = "hand_won"

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"player": self.player, "pot": self.pot,
                "payments": [{"from": p.source, "chips": p.chips} for p in self.payments]}


class _DealEndFields(NamedTuple):
    chips: tuple[int, ...]
    boodle: tuple[tuple[Card, int], ...]


class DealEnd(_DealEndFields, EventRecord):
    """A deal is settled: every stack, and the boodle chips carried over (R20)."""

    __slots__ = ()
    type: ClassVar[Literal["deal_end"]] = "deal_end"

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"chips": list(self.chips), "boodle": {str(c): n for c, n in self.boodle}}


class _PlayerOutFields(NamedTuple):
    player: int


class PlayerOut(_PlayerOutFields, EventRecord):
    """R7: a player cannot pay the next ante and leaves the session."""

    __slots__ = ()
    type: ClassVar[Literal["player_out"]] = "player_out"

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"player": self.player}


class _SessionEndFields(NamedTuple):
    chips: tuple[int, ...]
    winners: tuple[int, ...]


class SessionEnd(_SessionEndFields, EventRecord):
    """R6: the session is over; the winners are those with most chips."""

    __slots__ = ()
    type: ClassVar[Literal["session_end"]] = "session_end"

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"chips": list(self.chips), "winners": list(self.winners)}


Event = (SessionStart | Cut | DealStart | Stake | Dealt | BuyDead | Play | BoodleWon | Stop | HandWon | DealEnd
         | PlayerOut | SessionEnd)

EVENT_TYPES: dict[str, type[EventRecord]] = {
    cls.type: cls for cls in (SessionStart, Cut, DealStart, Stake, Dealt, BuyDead, Play, BoodleWon, Stop, HandWon,
                              DealEnd, PlayerOut, SessionEnd)}


def event_dict(event: Event) -> dict[str, Any]:
    """The event as the plain object of one log line, `type` first."""
    return {"type": event.type, **event.data()}


def to_json(event: Event) -> str:
    """One JSONL line (without the newline) for this event."""
    return event.to_json()
