"""A replay: a checked log folded into the table state after every event, to step through forwards and back.

The state after each event is an immutable `TableState`, so going back is only reading the previous step.
Folding also checks what a line-by-line check cannot: a card played that is not in its player's hand, a
card dealt twice, a seat that is not at the table, chips that do not add up at the end of a deal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..locale import tr
from .log import LogError, LogProblem, parse_lines, read_log_text

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

    def boodle_chips(self, card: str) -> int:
        """Chips lying on one boodle card."""
        return dict(self.boodle).get(card, 0)


@dataclass(frozen=True)
class Step:
    """One event of the log and the table after it."""

    line: int
    event: dict[str, Any]
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

    def seat(self, seat: int) -> int:
        if not 0 <= seat < len(self.state.players):
            raise ValueError(f"seat {seat} is not at this table of {len(self.state.players)}")
        return seat

    def apply(self, event: dict[str, Any]) -> TableState:
        s = self.state
        kind = event["type"]
        if kind != "session_start" and not s.players:
            raise ValueError("the log must begin with session_start")
        if kind == "session_start":
            players = tuple(p["name"] for p in event["players"])
            if len(event["chips"]) != len(players):
                raise ValueError("session_start has a different number of chips and players")
            boodle = event["rules"].get("boodle_cards", [])
            s = TableState(players=players, chips=tuple(event["chips"]), in_session=(True,) * len(players),
                           boodle=tuple((c, 0) for c in boodle if isinstance(c, str)),
                           hands=((),) * len(players))
        elif kind == "cut":
            if event["dealer"] is not None:  # a tied cut names no dealer; the next cut does
                s = replace(s, dealer=self.seat(event["dealer"]))
        elif kind == "deal_start":
            s = replace(s, deal=event["deal"], dealer=self.seat(event["dealer"]), hands=((),) * len(s.players),
                        dead=(), run=(), played=(), stops=(), deal_winner=None, last_player=None)
        elif kind == "stake":
            seat = self.seat(event["player"])
            boodle = dict(s.boodle)
            for card, chips in event["boodle"].items():
                if card not in boodle:
                    raise ValueError(f"{card} is not a boodle card of this table")
                boodle[card] += chips
            paid = event["pot"] + sum(event["boodle"].values())
            s = replace(s, chips=_add(s.chips, seat, -paid), pot=s.pot + event["pot"], boodle=tuple(boodle.items()))
        elif kind == "deal":
            hands = event["hands"]
            if len(hands) != len(s.players):
                raise ValueError(f"{len(hands)} hands dealt to {len(s.players)} players")
            cards = [c for h in hands for c in h] + list(event["dead"])
            twice = sorted({c for c in cards if cards.count(c) > 1})
            if twice:
                raise ValueError(f"impossible deal: {', '.join(twice)} dealt twice")
            s = replace(s, hands=tuple(tuple(h) for h in hands), dead=tuple(event["dead"]))
        elif kind == "buy_dead":
            seat = self.seat(event["player"])
            hands = list(s.hands)
            hands[seat], dead = s.dead, s.hands[seat]
            s = replace(s, hands=tuple(hands), dead=dead, chips=_add(s.chips, seat, -event["fee"]),
                        pot=s.pot + event["fee"])
        elif kind == "play":
            seat, card = self.seat(event["player"]), event["card"]
            if card not in s.hands[seat]:
                raise ValueError(f"impossible card: seat {seat} plays {card}, which is not in their hand")
            hands = list(s.hands)
            hands[seat] = tuple(c for c in s.hands[seat] if c != card)
            s = replace(s, hands=tuple(hands), run=(card,) if event["lead"] else s.run + (card,),
                        played=s.played + (card,), last_player=seat)
        elif kind == "boodle_won":
            seat, card = self.seat(event["player"]), event["card"]
            boodle = dict(s.boodle)
            if boodle.get(card) != event["chips"]:
                raise ValueError(f"boodle_won takes {event['chips']} chips from {card}, "
                                 f"which holds {boodle.get(card, 0)}")
            boodle[card] = 0
            s = replace(s, boodle=tuple(boodle.items()), chips=_add(s.chips, seat, event["chips"]))
        elif kind == "stop":
            s = replace(s, stops=s.stops + ((event["after"], event["reason"]),))
        elif kind == "hand_won":
            seat = self.seat(event["player"])
            chips = _add(s.chips, seat, event["pot"])
            for payment in event["payments"]:
                chips = _add(chips, self.seat(payment["from"]), -payment["chips"])
                chips = _add(chips, seat, payment["chips"])
            s = replace(s, chips=chips, pot=s.pot - event["pot"], deal_winner=seat)
        elif kind == "deal_end":
            boodle = dict(event["boodle"])
            if list(event["chips"]) != list(s.chips) and s.deal:
                raise ValueError(f"the chips at deal_end {event['chips']} do not add up (the events give "
                                 f"{list(s.chips)})")
            s = replace(s, chips=tuple(event["chips"]),
                        boodle=tuple((c, boodle.get(c, 0)) for c, _ in s.boodle) or tuple(boodle.items()))
        elif kind == "player_out":
            seat = self.seat(event["player"])
            s = replace(s, in_session=tuple(ok and i != seat for i, ok in enumerate(s.in_session)))
        elif kind == "session_end":
            s = replace(s, chips=tuple(event["chips"]), winners=tuple(event["winners"]))
        self.state = s
        return s


def _add(chips: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    return tuple(c + amount if i == seat else c for i, c in enumerate(chips))


class Replay:
    """A log's steps with a cursor: `forward()`, `back()`, `seek()`; position -1 is before the first event."""

    def __init__(self, steps: list[Step], source: str = "the log") -> None:
        self.steps = steps
        self.source = source
        self.position = -1
        self.deals = _deal_spans(steps)

    @classmethod
    def from_lines(cls, lines: list[str], source: str = "the log") -> Replay:
        """Check and fold a log's lines; LogError listing every bad line if it cannot be replayed."""
        events, problems = parse_lines(lines)
        if problems:
            raise LogError(problems, source)
        if not events:
            raise LogError([LogProblem(1, "the log has no events")], source)
        fold = _Fold()
        steps: list[Step] = []
        for number, event in events:
            try:
                steps.append(Step(number, event, fold.apply(event)))
            except (ValueError, KeyError, TypeError, IndexError) as error:
                message = str(error) if isinstance(error, ValueError) else f"{event['type']} cannot be applied here"
                raise LogError([LogProblem(number, message)], source) from None
        return cls(steps, source)

    @classmethod
    def from_text(cls, text: str, source: str = "the log") -> Replay:
        """A replay of JSONL text (a file's contents, or one deal's log from a save)."""
        return cls.from_lines(text.splitlines(), source)

    @classmethod
    def from_file(cls, path: Path) -> Replay:
        """A replay of a JSONL file; LogError if it cannot be read or replayed."""
        return cls.from_text(read_log_text(path), str(path))

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
        if step.event["type"] != "deal_start":
            continue
        last = next((j for j in range(index + 1, len(steps)) if steps[j].event["type"] in ("deal_end", "deal_start")),
                    len(steps) - 1)
        if steps[last].event["type"] == "deal_start":
            last -= 1
        hits = tuple((s.event["player"], s.event["card"], s.event["chips"]) for s in steps[index:last + 1]
                     if s.event["type"] == "boodle_won")
        won = next((s.event for s in steps[index:last + 1] if s.event["type"] == "hand_won"), None)
        spans.append(DealSpan(step.event["deal"], step.event["dealer"], index, last,
                              None if won is None else won["player"], 0 if won is None else won["pot"], hits,
                              len(steps[last].state.stops)))
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


def describe_event(event: dict[str, Any], state: TableState) -> str:
    """One event in words."""
    kind = event["type"]
    who = _name(state, event.get("player"))
    if kind == "play":
        return f"{who} {'leads' if event['lead'] else 'plays'} {event['card']}"
    if kind == "stake":
        return f"{who} stakes {event['pot']} to the pot and " + (
            ", ".join(f"{n} on {c}" for c, n in event["boodle"].items()) or "nothing on the boodle")
    if kind == "boodle_won":
        return f"{who} hits the boodle {event['card']} for {event['chips']} chips"
    if kind == "stop":
        return f"stop after {event['after']} ({event['reason'].replace('_', ' ')})"
    if kind == "hand_won":
        paid = sum(p["chips"] for p in event["payments"])
        return f"{who} goes out: takes the pot of {event['pot']} and {paid} chips in payments"
    if kind == "buy_dead":
        return f"{who} buys the dead hand for {event['fee']}"
    if kind == "deal_start":
        return f"deal {event['deal']}, {_name(state, event['dealer'])} deals"
    if kind == "session_end":
        return "session over; won by " + ", ".join(_name(state, w) for w in event["winners"])
    if kind == "player_out":
        return f"{who} is out of the session"
    if kind == "cut":
        if event["dealer"] is None:
            return "the cut is tied: the tied players cut again"
        return f"cut: {_name(state, event['dealer'])} deals first"
    return str(kind).replace("_", " ")


YOU = "You"  # the player's seat, as the game's own logs name it


def tell_event(event: dict[str, Any], state: TableState) -> str:
    """One event as the replay window says it, in the current language; the player's own moves as "you ..."."""
    from ..engine.cards import Card
    from ..locale.cards import card_label

    def card(name: Any) -> str:
        try:
            return card_label(Card.parse(str(name)))
        except ValueError:
            return str(name)

    def who(seat: Any) -> tuple[str, str]:
        """The key's ending for this seat ("you" or "other") and the name to fill in."""
        name = _name(state, seat)
        return ("you", name) if name == YOU else ("other", name)

    kind = event["type"]
    form, name = who(event.get("player"))
    if kind == "play":
        verb = "lead" if event["lead"] else "play"
        return tr(f"replay.events.{verb}.{form}", name=name, card=card(event["card"]))
    if kind == "stake":
        boodle = ", ".join(tr("replay.events.on_card", chips=n, card=card(c)) for c, n in event["boodle"].items())
        return tr(f"replay.events.stake.{form}", name=name, pot=event["pot"],
                  boodle=boodle or tr("replay.events.nothing_on_boodle"))
    if kind == "boodle_won":
        return tr(f"replay.events.boodle_won.{form}", name=name, card=card(event["card"]), chips=event["chips"])
    if kind == "stop":
        return tr("replay.events.stop", card=card(event["after"]), reason=stop_reason(event["reason"]))
    if kind == "hand_won":
        paid = sum(p["chips"] for p in event["payments"])
        return tr(f"replay.events.hand_won.{form}", name=name, pot=event["pot"], paid=paid)
    if kind == "buy_dead":
        return tr(f"replay.events.buy_dead.{form}", name=name, fee=event["fee"])
    if kind == "deal_start":
        form, dealer = who(event["dealer"])
        return tr(f"replay.events.deal_start.{form}", deal=event["deal"], name=dealer)
    if kind == "session_end":
        names = [who(w) for w in event["winners"]]
        shown = ", ".join(tr("replay.you") if form == "you" else name for form, name in names)
        return tr("replay.events.session_end", names=shown)
    if kind == "player_out":
        return tr(f"replay.events.player_out.{form}", name=name)
    if kind == "cut":
        if event["dealer"] is None:
            return tr("replay.events.cut_tied")
        form, dealer = who(event["dealer"])
        return tr(f"replay.events.cut.{form}", name=dealer)
    if kind == "session_start":
        return tr("replay.events.session_start")
    if kind == "deal":
        return tr("replay.events.deal")
    if kind == "deal_end":
        return tr("replay.events.deal_end")
    return str(kind).replace("_", " ")


def stop_reason(reason: str) -> str:
    """Why a run stopped, in words ("the king", "in the dead hand")."""
    key = f"replay.stop_reasons.{reason}"
    found = tr(key)
    return reason.replace("_", " ") if found == key else found


def _name(state: TableState, seat: Any) -> str:
    return str(state.players[seat]) if isinstance(seat, int) and 0 <= seat < len(state.players) else "?"
