"""A replay: a checked log folded into the table state after every event, to step through forwards and back.

The state after each event is an immutable `TableState`, so going back is only reading the previous step.
Folding also checks what a line-by-line check cannot: the order of the events (`order.py`: one session, the
deals in order, nothing after its end), session_start's rules (as a rules file's), a card played that is not
in its player's hand, a card dealt twice, a seat that is not at the table, chips that do not add up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, assert_never

from ..engine.cards import Card
from ..engine.events import (
    Bid,
    BoodleSplit,
    BoodleWon,
    BuyDead,
    Charm,
    Cut,
    DealEnd,
    DealStart,
    Dealt,
    Event,
    HandWon,
    Penalty,
    Play,
    PlayerOut,
    SessionEnd,
    SessionStart,
    Stake,
    Stop,
)
from ..engine.rules import RuleSet
from ..locale.shown import shown_name
from .log import LogError, LogProblem, parse_lines, read_log_text
from .order import EventOrder

Hand = tuple[str, ...]


@dataclass(frozen=True)
class TableState:
    """What the table shows after an event: hands, the run, chips, pot, boodle, dealer and stops."""

    players: tuple[str, ...] = ()
    deal: int = 0
    dealer: int | None = None
    hands: tuple[Hand, ...] = ()
    dead: Hand = ()
    run: Hand = ()  # the cards of the current run, lead first
    played: Hand = ()  # every card played in this deal, in order
    last_player: int | None = None
    chips: tuple[int, ...] = ()
    pot: int = 0
    boodle: tuple[tuple[str, int], ...] = ()  # boodle card -> chips on it, in the rules' order
    stops: tuple[tuple[str, str], ...] = ()  # (last card of the run, reason) in this deal
    in_session: tuple[bool, ...] = ()
    deal_winner: int | None = None
    winners: tuple[int, ...] | None = None  # set by session_end
    aces_high: bool = False  # R23: the rules rank the ace above the king
    paid_to_dealer: bool = False  # R26: an auction's winner pays the dealer, not the pot

    def boodle_chips(self, card: str) -> int:
        """Chips lying on one boodle card."""
        return dict(self.boodle).get(card, 0)


@dataclass(frozen=True)
class Step:
    """One event of the log and the table after it."""

    line: int
    event: Event
    state: TableState


@dataclass(frozen=True)
class DealSpan:
    """Where one deal lies in the steps, and how it went."""

    deal: int
    dealer: int
    first: int  # index of its deal_start step
    last: int  # index of its deal_end step (or the last step when the log stops short)
    winner: int | None
    pot: int
    boodle_hits: tuple[tuple[int, str, int], ...]  # (player, card, chips)
    stops: int


class _Fold:
    """The folding of events into states, raising a one-sentence ValueError on an impossible event."""

    def __init__(self) -> None:
        self.state = TableState()
        self.paid_to_dealer = False  # R26: an auction's winner pays the dealer, not the pot

    def seat(self, seat: int) -> int:
        if not 0 <= seat < len(self.state.players):
            raise ValueError(f"seat {seat} is not at this table of {len(self.state.players)}")
        return seat

    def apply(self, event: Event) -> TableState:
        s = self.state
        if not s.players and not isinstance(event, SessionStart):
            raise ValueError("the log must begin with session_start")
        match event:
            case SessionStart(rules=rules, players=players, chips=chips):
                names = tuple(p["name"] for p in players)
                if len(chips) != len(names):
                    raise ValueError("session_start has a different number of chips and players")
                boodle_cards = rules.get("boodle_cards", [])
                buying = rules.get("buy_dead_hand")
                self.paid_to_dealer = isinstance(buying, dict) and buying.get("paid_to") == "dealer"
                piles = [c for c in boodle_cards if isinstance(c, str)] + _combination_keys(rules)
                s = TableState(players=names, chips=chips, in_session=(True,) * len(names),
                               boodle=tuple((c, 0) for c in piles),
                               hands=((),) * len(names), aces_high=rules.get("aces") == "high",
                               paid_to_dealer=self.paid_to_dealer)
            case Cut(dealer=dealer):
                if dealer is not None:  # a tied cut names no dealer; the next cut does
                    s = replace(s, dealer=self.seat(dealer))
            case DealStart(deal=deal, dealer=dealer):
                s = replace(s, deal=deal, dealer=self.seat(dealer), hands=((),) * len(s.players), dead=(), run=(),
                            played=(), stops=(), deal_winner=None, last_player=None)
            case Stake(player=player, pot=pot, boodle=staked):
                seat = self.seat(player)
                boodle = dict(s.boodle)
                for card, chips in staked:
                    if str(card) not in boodle:
                        raise ValueError(f"{card} is not a boodle card of this table")
                    boodle[str(card)] += chips
                paid = pot + sum(chips for _, chips in staked)
                s = replace(s, chips=_add(s.chips, seat, -paid), pot=s.pot + pot, boodle=tuple(boodle.items()))
            case Dealt(hands=hands, dead=dead):
                if len(hands) != len(s.players):
                    raise ValueError(f"{len(hands)} hands dealt to {len(s.players)} players")
                cards = [str(c) for h in hands for c in h] + [str(c) for c in dead]
                twice = sorted({c for c in cards if cards.count(c) > 1})
                if twice:
                    raise ValueError(f"impossible deal: {', '.join(twice)} dealt twice")
                s = replace(s, hands=tuple(_names(h) for h in hands), dead=_names(dead))
            case BuyDead(player=player, fee=fee):
                seat = self.seat(player)
                held = list(s.hands)
                held[seat], given_up = s.dead, s.hands[seat]
                chips, pot = _add(s.chips, seat, -fee), s.pot + fee
                if self.paid_to_dealer and s.dealer is not None and seat != s.dealer:
                    chips, pot = _add(chips, s.dealer, fee), s.pot
                s = replace(s, hands=tuple(held), dead=given_up, chips=chips, pot=pot)
            case Bid():
                pass
            case Play(player=player, card=card, lead=lead):
                seat, name = self.seat(player), str(card)
                if name not in s.hands[seat]:
                    raise ValueError(f"impossible card: seat {seat} plays {name}, which is not in their hand")
                held = list(s.hands)
                held[seat] = tuple(c for c in s.hands[seat] if c != name)
                s = replace(s, hands=tuple(held), run=(name,) if lead else s.run + (name,),
                            played=s.played + (name,), last_player=seat)
            case BoodleWon(player=player, card=card, chips=chips):
                seat, name = self.seat(player), str(card)
                boodle = dict(s.boodle)
                if boodle.get(name) != chips:
                    raise ValueError(f"boodle_won takes {chips} chips from {name}, which holds {boodle.get(name, 0)}")
                boodle[name] = 0
                s = replace(s, boodle=tuple(boodle.items()), chips=_add(s.chips, seat, chips))
            case Stop(after=after, reason=reason):
                s = replace(s, stops=s.stops + ((str(after), reason),))
            case HandWon(player=player, pot=pot, payments=payments):
                seat = self.seat(player)
                chips = _add(s.chips, seat, pot)
                for payment in payments:
                    chips = _add(chips, self.seat(payment.source), -payment.chips)
                    chips = _add(chips, seat, payment.chips)
                s = replace(s, chips=chips, pot=s.pot - pot, deal_winner=seat)
            case DealEnd(chips=chips, boodle=carried):
                boodle = {str(c): n for c, n in carried}
                if chips != s.chips and s.deal:
                    raise ValueError(f"the chips at deal_end {list(chips)} do not add up (the events give "
                                     f"{list(s.chips)})")
                s = replace(s, chips=chips,
                            boodle=tuple((c, boodle.get(c, 0)) for c, _ in s.boodle) or tuple(boodle.items()))
            case Penalty(player=player, chips=chips):
                s = replace(s, chips=_add(s.chips, self.seat(player), -chips), pot=s.pot + chips)
            case PlayerOut(player=player):
                seat = self.seat(player)
                s = replace(s, in_session=tuple(ok and i != seat for i, ok in enumerate(s.in_session)))
            case BoodleSplit(shares=shares):
                left = sum(chips for _, chips in s.boodle)
                if sum(share.chips for share in shares) != left:
                    raise ValueError(f"boodle_split shares out {sum(share.chips for share in shares)} chips, but "
                                     f"{left} lie on the boodle cards")
                chips = s.chips
                for share in shares:
                    chips = _add(chips, self.seat(share.player), share.chips)
                s = replace(s, chips=chips, boodle=tuple((card, 0) for card, _ in s.boodle))
            case SessionEnd(chips=chips, winners=winners):
                s = replace(s, chips=chips, winners=winners)
            case Charm():
                s = _charm(s, event, self.seat)
            case _:
                assert_never(event)
        self.state = s
        return s


def _charm(s: TableState, event: Charm, seat_of: Callable[[int], int]) -> TableState:
    """R31: the chips a charm moved (from players to its seat, between boodle cards: never made) and the cards it
    swapped with the dead hand."""
    seat = seat_of(event.player)
    chips = s.chips
    if event.pot < 0 or chips[seat] < event.pot:
        raise ValueError(f"{event.charm} has seat {seat} pay {event.pot} chips into the pot, but they hold "
                         f"{chips[seat]}")
    chips = _add(chips, seat, -event.pot)
    for payment in event.payments:
        payer = seat_of(payment.source)
        if payment.chips < 0 or chips[payer] < payment.chips:
            raise ValueError(f"{event.charm} has seat {payer} pay {payment.chips} chips, but they hold {chips[payer]}")
        chips = _add(_add(chips, payer, -payment.chips), seat, payment.chips)
    boodle = dict(s.boodle)
    before = sum(boodle.values())
    for pile, count in event.boodle:
        if str(pile) not in boodle:
            raise ValueError(f"{pile} is not a boodle card of this table")
        boodle[str(pile)] = count
    if sum(boodle.values()) != before:
        raise ValueError(f"{event.charm} leaves {sum(boodle.values())} chips on the boodle cards, not {before}: a "
                         "charm moves chips, never makes them")
    hands, dead = s.hands, s.dead
    if event.effect == "swap_dead":
        given, taken = (str(card) for card in event.cards)
        if given not in hands[seat] or taken not in dead:
            raise ValueError(f"{event.charm} swaps {given} for {taken}, but seat {seat} does not hold {given} or the "
                             f"dead hand {taken}")
        held = list(hands)
        held[seat] = tuple(sorted([c for c in hands[seat] if c != given] + [taken], key=_deck_order))
        dead = tuple(sorted([c for c in dead if c != taken] + [given], key=_deck_order))
        hands = tuple(held)
    return replace(s, chips=chips, pot=s.pot + event.pot, boodle=tuple(boodle.items()), hands=hands, dead=dead)


def _deck_order(name: str) -> int:
    return Card.parse(name).index


def _combination_keys(rules: dict[str, Any]) -> list[str]:
    """R30: each combination's log key (its cards joined by +) in a session_start's rules, as far as they read."""
    combos = rules.get("combinations")
    return [("+".join(map(str, c["cards"]))) for c in combos if isinstance(c, dict) and isinstance(c.get("cards"), list)
            ] if isinstance(combos, list) else []


def _names(cards: tuple[Card, ...]) -> Hand:
    return tuple(str(c) for c in cards)


def _add(chips: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    return tuple(c + amount if i == seat else c for i, c in enumerate(chips))


class Replay:
    """A log's steps with a cursor: `forward()`, `back()`, `seek()`; position -1 is before the first event."""

    def __init__(self, steps: list[Step], source: str = "the log", rules: RuleSet | None = None) -> None:
        self.steps = steps
        self.source = source
        self.rules = rules  # session_start's rules, as read (None: not known)
        self.position = -1
        self.deals = _deal_spans(steps)

    @property
    def has_pot(self) -> bool:
        """True unless the log's rules have no pot (American Michigan): a replay shows none where the table did not."""
        return self.rules is None or self.rules.has_pot

    @classmethod
    def from_lines(cls, lines: list[str], source: str = "the log") -> Replay:
        """Check and fold a log's lines; LogError listing every bad line if it cannot be replayed."""
        events, problems = parse_lines(lines)
        if problems:
            raise LogError(problems, source)
        if not events:
            raise LogError([LogProblem(1, "the log has no events")], source)
        fold, order = _Fold(), EventOrder()
        steps: list[Step] = []
        for number, event in events:
            try:
                problems += [LogProblem(number, problem) for problem in order.check(number, event)]
                if problems:
                    break  # nothing after a session_start whose rules are no rules can be judged by them
                steps.append(Step(number, event, fold.apply(event)))
            except (ValueError, KeyError, TypeError, IndexError) as error:
                message = str(error) if isinstance(error, ValueError) else f"{event.type} cannot be applied here"
                problems.append(LogProblem(number, message))
                break  # what follows cannot be checked against a table that went wrong
        if problems:
            raise LogError(problems, source)
        return cls(steps, source, order.rules)

    @classmethod
    def from_text(cls, text: str, source: str = "the log") -> Replay:
        """A replay of JSONL text (a file's contents, or one deal's log from a save)."""
        return cls.from_lines(text.splitlines(), source)

    @classmethod
    def from_file(cls, path: Path) -> Replay:
        """A replay of a JSONL file; LogError if it cannot be read or replayed."""
        return cls.from_text(read_log_text(path), shown_name(path))

    @property
    def state(self) -> TableState:
        """The table at the cursor (the empty table before the first event)."""
        return self.steps[self.position].state if self.position >= 0 else TableState()

    @property
    def step(self) -> Step | None:
        """The event at the cursor, or None before the first."""
        return self.steps[self.position] if self.position >= 0 else None

    def forward(self) -> Step | None:
        """Move to the next event; None at the end."""
        if self.position + 1 >= len(self.steps):
            return None
        self.position += 1
        return self.steps[self.position]

    def back(self) -> Step | None:
        """Move to the previous event; None when already before the first."""
        if self.position < 0:
            return None
        self.position -= 1
        return self.step

    def seek(self, position: int) -> None:
        """Put the cursor at `position` (clamped to -1 … last)."""
        self.position = max(-1, min(position, len(self.steps) - 1))

    def seek_deal(self, deal: int) -> bool:
        """Put the cursor on the deal_start of deal `deal`; False if the log has no such deal."""
        for span in self.deals:
            if span.deal == deal:
                self.position = span.first
                return True
        return False


def _deal_spans(steps: list[Step]) -> list[DealSpan]:
    """Each deal's place and outcome."""
    spans: list[DealSpan] = []
    for index, step in enumerate(steps):
        start = step.event
        if not isinstance(start, DealStart):
            continue
        last = next((j for j in range(index + 1, len(steps)) if isinstance(steps[j].event, DealEnd | DealStart)),
                    len(steps) - 1)
        if isinstance(steps[last].event, DealStart):
            last -= 1
        hits: list[tuple[int, str, int]] = []
        won: HandWon | None = None
        for later in steps[index:last + 1]:
            match later.event:
                case BoodleWon(player=player, card=card, chips=chips):
                    hits.append((player, str(card), chips))
                case HandWon() as hand_won if won is None:
                    won = hand_won
        spans.append(DealSpan(start.deal, start.dealer, index, last, None if won is None else won.player,
                              0 if won is None else won.pot, tuple(hits), len(steps[last].state.stops)))
    return spans


def describe(state: TableState) -> list[str]:
    """The table as lines of text, for `replay --text`."""
    lines = [f"deal {state.deal}, dealer {_name(state, state.dealer)}, pot {state.pot}, boodle "
             + " ".join(f"{card}:{chips}" for card, chips in state.boodle)]
    for seat, name in enumerate(state.players):
        mark = "*" if seat == state.dealer else " "
        out = "" if not state.in_session or state.in_session[seat] else "  (out)"
        hand = " ".join(state.hands[seat]) if seat < len(state.hands) else ""
        lines.append(f" {mark}{name}: {state.chips[seat] if seat < len(state.chips) else '?'} chips  [{hand}]{out}")
    if state.run:
        lines.append(f"  run: {' '.join(state.run)}")
    if state.stops:
        lines.append("  stops: " + ", ".join(f"{card} ({reason})" for card, reason in state.stops))
    return lines


def _name(state: TableState, seat: int | None) -> str:
    return str(state.players[seat]) if isinstance(seat, int) and 0 <= seat < len(state.players) else "?"
