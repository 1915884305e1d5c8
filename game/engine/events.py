"""Events: the rows of the event table in docs/rules.md, one small immutable record each.

Each event is a typed NamedTuple (its fields) under a small `EventRecord` base (its `type`, `data()` and
`to_json()`), rather than a frozen dataclass: just as immutable and typed, but built about twice as fast, and
the engine makes dozens per deal. Each field is annotated with its `FieldKind` (a seat, a card, a list of
cards, ...), and those annotations are the log's one schema: how a field is written (`data`, `to_json`),
read back (`event_from_data`) and checked (the sentence of `EventDataError`, which the log check reports).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal, NamedTuple, cast, get_args, get_type_hints

from .cards import DECK, Card
from .combinations import Combination, Pile, is_combination_key

CARDS_BY_NAME = {str(card): card for card in DECK}
STOP_REASONS = ("king", "dead_hand", "already_played", "declined", "no_follow", "ace", "removed")
CHARM_STOP = "charm"  # R35: the run stopped at a card a charm made a stop (only with charms, so said apart)
CHARM_ID = re.compile(r"[a-z][a-z0-9_]{0,31}\Z")


@dataclass(frozen=True)
class FieldKind:
    """One kind of event field: what the log must hold there, and how a value goes to JSON and back."""

    wanted: str  # in words, for the log check's "(should be ...)"
    fits: Callable[[Any], bool]  # is this JSON value one of the kind?
    dump: Callable[[Any], Any]  # the field's value as JSON-ready data
    load: Callable[[Any], Any]  # a JSON value that fits, as the field's value
    problem: str = "a bad value"  # what the log check calls a value that does not fit


def _same(value: Any) -> Any:
    return value


def _is_seat(value: Any) -> bool:
    return type(value) is int and value >= 0


def _is_card(value: Any) -> bool:
    return type(value) is str and value in CARDS_BY_NAME


def _is_cards(value: Any) -> bool:
    return isinstance(value, list) and all(_is_card(v) for v in value)


def _card_names(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def _cards_named(names: list[str]) -> tuple[Card, ...]:
    return tuple(CARDS_BY_NAME[n] for n in names)


def _is_pile(value: Any) -> bool:
    return _is_card(value) or is_combination_key(value)


def _pile_named(name: str) -> Pile:
    """R30: a boodle card, or a combination by its log key (KH+QH)."""
    return CARDS_BY_NAME.get(name) or Combination.parse(name)


ANYTHING = FieldKind("anything", lambda v: True, _same, _same)
WHOLE = FieldKind("a whole number", lambda v: type(v) is int, _same, _same)
SEAT = FieldKind("a seat number", _is_seat, _same, _same)
SEAT_OR_NULL = FieldKind("a seat number (null for a tied cut)", lambda v: v is None or _is_seat(v), _same, _same)
FLAG = FieldKind("true or false", lambda v: isinstance(v, bool), _same, _same)
OBJECT = FieldKind("an object", lambda v: isinstance(v, dict), _same, _same)
WHOLES = FieldKind("a list of whole numbers", lambda v: isinstance(v, list) and all(type(n) is int for n in v),
                   list, tuple)
PLAYERS = FieldKind("a list of {name, kind, personality}",
                    lambda v: isinstance(v, list) and all(isinstance(p, dict) and isinstance(p.get("name"), str)
                                                          for p in v), list, tuple)
CARD = FieldKind("a card (rank then suit: AS, 10H, QC)", _is_card, str, CARDS_BY_NAME.__getitem__,
                 "an impossible card")
CARDS = FieldKind("a list of cards", _is_cards, _card_names, _cards_named)
CUT_CARDS = FieldKind("a list of cards (null for seats not cutting)",
                      lambda v: isinstance(v, list) and all(c is None or _is_card(c) for c in v),
                      lambda cards: [None if c is None else str(c) for c in cards],
                      lambda names: tuple(None if n is None else CARDS_BY_NAME[n] for n in names))
HANDS = FieldKind("a list of hands (lists of cards)", lambda v: isinstance(v, list) and all(map(_is_cards, v)),
                  lambda hands: [_card_names(h) for h in hands], lambda hands: tuple(map(_cards_named, hands)))
PILE = FieldKind("a card (rank then suit: AS, 10H, QC) or a combination (KH+QH)", _is_pile, str, _pile_named,
                 "an impossible card")
CARD_CHIPS = FieldKind("an object of card -> chips",
                       lambda v: isinstance(v, dict) and all(_is_pile(c) and type(n) is int and n >= 0
                                                             for c, n in v.items()),
                       lambda pairs: {str(c): n for c, n in pairs},
                       lambda chips: tuple((_pile_named(c), n) for c, n in chips.items()))
PAYMENTS = FieldKind("a list of {from, chips}",
                     lambda v: isinstance(v, list) and all(isinstance(p, dict) and _is_seat(p.get("from"))
                                                           and type(p.get("chips")) is int for p in v),
                     lambda payments: [{"from": p.source, "chips": p.chips} for p in payments],
                     lambda payments: tuple(Payment(p["from"], p["chips"]) for p in payments))
SHARES = FieldKind("a list of {player, chips}",
                   lambda v: isinstance(v, list) and all(isinstance(p, dict) and _is_seat(p.get("player"))
                                                         and type(p.get("chips")) is int and p["chips"] >= 0
                                                         for p in v),
                   lambda shares: [{"player": s.player, "chips": s.chips} for s in shares],
                   lambda shares: tuple(Share(s["player"], s["chips"]) for s in shares))
CHARM_LISTS = FieldKind("a list of lists of charm ids, one per seat",
                        lambda v: isinstance(v, list) and all(isinstance(seat, list) and all(
                            isinstance(c, str) and CHARM_ID.match(c) for c in seat) for seat in v),
                        lambda seats: [list(seat) for seat in seats], lambda seats: tuple(map(tuple, seats)))
CHARM = FieldKind("a charm id (a lower-case word)", lambda v: isinstance(v, str) and bool(CHARM_ID.match(v)), _same,
                  _same, "an impossible charm id")
WORD = FieldKind("a word", lambda v: isinstance(v, str) and bool(CHARM_ID.match(v)), _same, _same)
REASON = FieldKind(f"one of {', '.join(STOP_REASONS)}", lambda v: v in STOP_REASONS or v == CHARM_STOP, _same, _same)


class EventDataError(ValueError):
    """An object that is not an event of the log, with one sentence saying why."""


class EventRecord:
    """What every event has besides its fields: its log `type`, its fields' kinds and its JSON line."""

    __slots__ = ()
    type: ClassVar[str]
    schema: ClassVar[tuple[tuple[str, FieldKind], ...]]  # (field, kind) in the order of the fields and the log

    def __init_subclass__(cls) -> None:
        fields = cls.__mro__[1]  # the NamedTuple of the event's fields
        hints = get_type_hints(fields, include_extras=True)
        cls.schema = tuple((name, hints[name].__metadata__[0]) for name in fields._fields)  # type: ignore[attr-defined]

    def data(self) -> dict[str, Any]:
        """The event's fields as plain JSON-ready data."""
        return {name: kind.dump(value) for (name, kind), value in zip(self.schema, cast("tuple[Any, ...]", self))}

    def to_json(self) -> str:
        """One JSONL line (without the newline) for this event."""
        return json.dumps({"type": self.type, **self.data()}, separators=(", ", ": "), ensure_ascii=False)


class _SessionStartFields(NamedTuple):
    seed: Annotated[int, ANYTHING]
    rules: Annotated[dict[str, Any], OBJECT]
    players: Annotated[tuple[dict[str, Any], ...], PLAYERS]
    chips: Annotated[tuple[int, ...], WHOLES]
    charms: Annotated[tuple[tuple[str, ...], ...], CHARM_LISTS] = ()  # R31: left out of the log when nobody holds one


class SessionStart(_SessionStartFields, EventRecord):
    """A session begins: its seed, resolved rules, players and stacks (and each seat's charms, R31)."""

    __slots__ = ()
    type: ClassVar[Literal["session_start"]] = "session_start"

    def data(self) -> dict[str, Any]:
        """The fields as JSON-ready data; `charms` only when some seat holds one, so charm-free logs are as before."""
        found = super().data()
        if not any(self.charms):
            del found["charms"]
        return found


class _CutFields(NamedTuple):
    cards: Annotated[tuple[Card | None, ...], CUT_CARDS]
    dealer: Annotated[int | None, SEAT_OR_NULL]


class Cut(_CutFields, EventRecord):
    """R4: one round of the cut for the first dealer; dealer is None when the highest tied."""

    __slots__ = ()
    type: ClassVar[Literal["cut"]] = "cut"


class _DealStartFields(NamedTuple):
    deal: Annotated[int, WHOLE]
    dealer: Annotated[int, SEAT]


class DealStart(_DealStartFields, EventRecord):
    """A deal begins (1-based number) with this dealer."""

    __slots__ = ()
    type: ClassVar[Literal["deal_start"]] = "deal_start"


class _StakeFields(NamedTuple):
    player: Annotated[int, SEAT]
    pot: Annotated[int, WHOLE]
    boodle: Annotated[tuple[tuple[Pile, int], ...], CARD_CHIPS]


class Stake(_StakeFields, EventRecord):
    """R8: a player's ante, chips to the pot and to each boodle card."""

    __slots__ = ()
    type: ClassVar[Literal["stake"]] = "stake"


class _DealtFields(NamedTuple):
    hands: Annotated[tuple[tuple[Card, ...], ...], HANDS]
    dead: Annotated[tuple[Card, ...], CARDS]


class Dealt(_DealtFields, EventRecord):
    """R10: the hands as dealt ([] for players out) and the dead hand."""

    __slots__ = ()
    type: ClassVar[Literal["deal"]] = "deal"


class _BuyDeadFields(NamedTuple):
    player: Annotated[int, SEAT]
    fee: Annotated[int, WHOLE]


class BuyDead(_BuyDeadFields, EventRecord):
    """R11: the dealer paid the fee and swapped hands with the dead hand."""

    __slots__ = ()
    type: ClassVar[Literal["buy_dead"]] = "buy_dead"


class _BidFields(NamedTuple):
    player: Annotated[int, SEAT]
    chips: Annotated[int, WHOLE]


class Bid(_BidFields, EventRecord):
    """R26: a bid for the dead hand at auction; 0 chips is a pass."""

    __slots__ = ()
    type: ClassVar[Literal["bid"]] = "bid"


class _PlayFields(NamedTuple):
    player: Annotated[int, SEAT]
    card: Annotated[Card, CARD]
    lead: Annotated[bool, FLAG]


class Play(_PlayFields, EventRecord):
    """R13/R14: a card played, as a lead or as the next card of the run."""

    __slots__ = ()
    type: ClassVar[Literal["play"]] = "play"


class _BoodleWonFields(NamedTuple):
    player: Annotated[int, SEAT]
    card: Annotated[Pile, PILE]  # a boodle card, or a combination (R30)
    chips: Annotated[int, WHOLE]


class BoodleWon(_BoodleWonFields, EventRecord):
    """R17: a played card hit a boodle card and took its chips."""

    __slots__ = ()
    type: ClassVar[Literal["boodle_won"]] = "boodle_won"


class _StopFields(NamedTuple):
    after: Annotated[Card, CARD]
    reason: Annotated[str, REASON]


class Stop(_StopFields, EventRecord):
    """R15: the run ended after this card, for this reason."""

    __slots__ = ()
    type: ClassVar[Literal["stop"]] = "stop"


class Payment(NamedTuple):
    """R19: one loser's payment to the winner of the deal."""

    source: int
    chips: int


class _HandWonFields(NamedTuple):
    player: Annotated[int, SEAT]
    pot: Annotated[int, WHOLE]
    payments: Annotated[tuple[Payment, ...], PAYMENTS]


class HandWon(_HandWonFields, EventRecord):
    """R18/R19: a player went out, took the pot and was paid for the cards left."""

    __slots__ = ()
    type: ClassVar[Literal["hand_won"]] = "hand_won"


class _CharmFields(NamedTuple):
    player: Annotated[int, SEAT]
    charm: Annotated[str, CHARM]
    effect: Annotated[str, WORD]
    cards: Annotated[tuple[Card, ...], CARDS]
    pot: Annotated[int, WHOLE]
    payments: Annotated[tuple[Payment, ...], PAYMENTS]
    boodle: Annotated[tuple[tuple[Pile, int], ...], CARD_CHIPS]


class Charm(_CharmFields, EventRecord):
    """R31: a seat used a charm: the cards it named, showed or moved, the fee it paid into the pot, the chips paid
    to the seat, and the chips now on each pile it moved chips between."""

    __slots__ = ()
    type: ClassVar[Literal["charm"]] = "charm"


class _DealEndFields(NamedTuple):
    chips: Annotated[tuple[int, ...], WHOLES]
    boodle: Annotated[tuple[tuple[Pile, int], ...], CARD_CHIPS]


class DealEnd(_DealEndFields, EventRecord):
    """A deal is settled: every stack, and the boodle chips carried over (R20)."""

    __slots__ = ()
    type: ClassVar[Literal["deal_end"]] = "deal_end"


class _PenaltyFields(NamedTuple):
    player: Annotated[int, SEAT]
    chips: Annotated[int, WHOLE]


class Penalty(_PenaltyFields, EventRecord):
    """R27: the lead passed over a player who could not switch, and they paid the penalty into the pot."""

    __slots__ = ()
    type: ClassVar[Literal["penalty"]] = "penalty"


class _PlayerOutFields(NamedTuple):
    player: Annotated[int, SEAT]


class PlayerOut(_PlayerOutFields, EventRecord):
    """R7: a player cannot pay the next ante and leaves the session."""

    __slots__ = ()
    type: ClassVar[Literal["player_out"]] = "player_out"


class Share(NamedTuple):
    """R22: one player's share of the chips left on the boodle cards at the end."""

    player: int
    chips: int


class _BoodleSplitFields(NamedTuple):
    shares: Annotated[tuple[Share, ...], SHARES]


class BoodleSplit(_BoodleSplitFields, EventRecord):
    """R22: the session ends with chips on the boodle cards, and they are shared among the players still in."""

    __slots__ = ()
    type: ClassVar[Literal["boodle_split"]] = "boodle_split"


class _SessionEndFields(NamedTuple):
    chips: Annotated[tuple[int, ...], WHOLES]
    winners: Annotated[tuple[int, ...], WHOLES]


class SessionEnd(_SessionEndFields, EventRecord):
    """R6: the session is over; the winners are those with most chips."""

    __slots__ = ()
    type: ClassVar[Literal["session_end"]] = "session_end"


Event = (SessionStart | Cut | DealStart | Stake | Dealt | BuyDead | Play | BoodleWon | Stop | HandWon | DealEnd
          | PlayerOut | BoodleSplit | SessionEnd | Penalty | Bid | Charm)

EVENT_TYPES: dict[str, type[Event]] = {cls.type: cls for cls in get_args(Event)}


def event_from_data(data: Any) -> Event:
    """The event one log object describes (as `data` writes it); EventDataError saying why it is not one."""
    if not isinstance(data, dict):
        raise EventDataError("not a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise EventDataError("has no event type")
    cls = EVENT_TYPES.get(kind)
    if cls is None:
        raise EventDataError(f"unknown event type {kind!r}")
    defaults = cls._field_defaults
    missing = [name for name, _ in cls.schema if name not in data and name not in defaults]
    if missing:
        raise EventDataError(f"{kind} is missing {', '.join(missing)}")
    values = []
    for name, field in cls.schema:
        if name not in data:
            values.append(defaults[name])
            continue
        value = data[name]
        if not field.fits(value):
            shown = json.dumps(value, default=str)[:60]
            raise EventDataError(f"{kind} has {field.problem} in {name}: {shown} (should be {field.wanted})")
        values.append(field.load(value))
    return cls._make(values)


def event_dict(event: Event) -> dict[str, Any]:
    """The event as the plain object of one log line, `type` first."""
    return {"type": event.type, **event.data()}


def to_json(event: Event) -> str:
    """One JSONL line (without the newline) for this event."""
    return event.to_json()
