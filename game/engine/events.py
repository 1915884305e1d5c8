"""Events: the rows of the event table in RULES.md, one small immutable record each.

They are typed NamedTuples rather than frozen dataclasses: just as immutable and
typed, but built about twice as fast, and the engine makes dozens per deal.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple, Union

from .cards import Card


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def _line(event: Any) -> str:
    """One JSONL line (without the newline) for an event."""
    return to_json(event)


class SessionStart(NamedTuple):
    """A session begins: its seed, resolved rules, players and stacks."""

    seed: int
    rules: dict[str, Any]
    players: tuple[dict[str, Any], ...]
    chips: tuple[int, ...]

    type = "session_start"
    to_json = _line

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"seed": self.seed, "rules": self.rules, "players": list(self.players), "chips": list(self.chips)}


class Cut(NamedTuple):
    """R4: one round of the cut for the first dealer; dealer is None when the highest tied."""

    cards: tuple[Card | None, ...]
    dealer: int | None

    type = "cut"
    to_json = _line

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"cards": [None if c is None else str(c) for c in self.cards], "dealer": self.dealer}


class DealStart(NamedTuple):
    """A deal begins (1-based number) with this dealer."""

    deal: int
    dealer: int

    type = "deal_start"
    to_json = _line

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"deal": self.deal, "dealer": self.dealer}


class Stake(NamedTuple):
    """R8: a player's ante, chips to the pot and to each boodle card."""

    player: int
    pot: int
    boodle: tuple[tuple[Card, int], ...]

    type = "stake"
    to_json = _line

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"player": self.player, "pot": self.pot, "boodle": {str(c): n for c, n in self.boodle}}


class Dealt(NamedTuple):
    """R10: the hands as dealt ([] for players out) and the dead hand."""

    hands: tuple[tuple[Card, ...], ...]
    dead: tuple[Card, ...]

    type = "deal"
    to_json = _line

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"hands": [_cards(h) for h in self.hands], "dead": _cards(self.dead)}


class BuyDead(NamedTuple):
    """R11: the dealer paid the fee and swapped hands with the dead hand."""

    player: int
    fee: int

    type = "buy_dead"
    to_json = _line

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"player": self.player, "fee": self.fee}


class Play(NamedTuple):
    """R13/R14: a card played, as a lead or as the next card of the run."""

    player: int
    card: Card
    lead: bool

    type = "play"
    to_json = _line

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"player": self.player, "card": str(self.card), "lead": self.lead}


class BoodleWon(NamedTuple):
    """R17: a played card hit a boodle card and took its chips."""

    player: int
    card: Card
    chips: int

    type = "boodle_won"
    to_json = _line

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"player": self.player, "card": str(self.card), "chips": self.chips}


class Stop(NamedTuple):
    """R15: the run ended after this card, for this reason."""

    after: Card
    reason: str

    type = "stop"
    to_json = _line

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"after": str(self.after), "reason": self.reason}


class Payment(NamedTuple):
    """R19: one loser's payment to the winner of the deal."""

    source: int
    chips: int


class HandWon(NamedTuple):
    """R18/R19: a player went out, took the pot and was paid for the cards left."""

    player: int
    pot: int
    payments: tuple[Payment, ...]

    type = "hand_won"
    to_json = _line

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"player": self.player, "pot": self.pot,
                "payments": [{"from": p.source, "chips": p.chips} for p in self.payments]}


class DealEnd(NamedTuple):
    """A deal is settled: every stack, and the boodle chips carried over (R20)."""

    chips: tuple[int, ...]
    boodle: tuple[tuple[Card, int], ...]

    type = "deal_end"
    to_json = _line

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"chips": list(self.chips), "boodle": {str(c): n for c, n in self.boodle}}


class PlayerOut(NamedTuple):
    """R7: a player cannot pay the next ante and leaves the session."""

    player: int

    type = "player_out"
    to_json = _line

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"player": self.player}


class SessionEnd(NamedTuple):
    """R6: the session is over; the winners are those with most chips."""

    chips: tuple[int, ...]
    winners: tuple[int, ...]

    type = "session_end"
    to_json = _line

    def data(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {"chips": list(self.chips), "winners": list(self.winners)}


Event = Union[SessionStart, Cut, DealStart, Stake, Dealt, BuyDead, Play, BoodleWon, Stop,
              HandWon, DealEnd, PlayerOut, SessionEnd]

EVENT_TYPES: dict[str, type] = {cls.type: cls for cls in  # type: ignore[attr-defined]
                                (SessionStart, Cut, DealStart, Stake, Dealt, BuyDead, Play, BoodleWon,
                                 Stop, HandWon, DealEnd, PlayerOut, SessionEnd)}


def event_dict(event: Event) -> dict[str, Any]:
    """The event as the plain object of one log line, `type` first."""
    out: dict[str, Any] = {"type": event.type}
    out.update(event.data())
    return out


def to_json(event: Event) -> str:
    """One JSONL line (without the newline) for this event."""
    return json.dumps(event_dict(event), separators=(", ", ": "), ensure_ascii=False)
