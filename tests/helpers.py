"""Shared helpers for the engine tests: chosen deals, a refereed table driven by hand, state snapshots.

How a test gets the deal it wants
---------------------------------
`Session._deal_cards` deals by shuffling a list of 52 *places* (a seat number, or -1
for the dead hand) with the module-level `shuffle` of `game.engine.dealing`, then
gives the card with deck index i to place i. The cut shuffles plain card indices
(0..51, no -1 among them). `StackedDeals` replaces that `shuffle` (through pytest's
monkeypatch, so it is undone after the test): a shuffle of a places list takes the
next queued layout instead, a shuffle of anything else (the cut) runs as usual, and
once the queue is empty every deal is random again. So the engine's own dealing code
still runs and emits its `deal` event: only the shuffle's outcome is chosen.

The first dealer comes from the cut, which depends only on the seed:
`seed_with_dealer(n, dealer)` finds a seed whose cut makes `dealer` deal first.
With 3 players and dealer 2, the seats from the dealer's left are 0, 1, 2.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

import pytest
from referee import Referee

from game.ai.character import searches
from game.ai.registry import character_ids, load_character_by_id
from game.ai.simple import LowestAgent, spread_evenly
from game.engine import dealing as dealing_module
from game.engine.cards import Card, parse_cards
from game.engine.combinations import Pile
from game.engine.decisions import Action, BuyDeadAction, Decision, FollowAction, LeadAction, StakeAction, StakeDecision
from game.engine.events import Event
from game.engine.rules import RuleSet
from game.engine.session import SeatInfo, Session
from game.engine.state import SessionState

DEAD = -1
PLAYED = -2


def seats(n: int) -> list[SeatInfo]:
    """`n` AI seats named Seat 0, Seat 1, …"""
    return [SeatInfo(f"Seat {seat}") for seat in range(n)]


def rules(**changes: Any) -> RuleSet:
    """The classic rules with `changes` applied."""
    return dataclasses.replace(RuleSet(), **changes)


def cards(text: str) -> tuple[Card, ...]:
    """Cards from space-separated names: "2S 3S KH"."""
    return parse_cards(text.split())


def names(items: Sequence[Card]) -> list[str]:
    """Card names, for readable assertions."""
    return [str(card) for card in items]


@cache
def seed_with_dealer(n: int, dealer: int) -> int:
    """The smallest seed whose cut (R4) makes `dealer` the first dealer at an `n`-seat table."""
    for seed in range(10_000):
        probe = Session(RuleSet(), seats(n), seed)
        probe._cut()
        if probe.dealer == dealer:
            return seed
    raise AssertionError(f"no seed makes seat {dealer} of {n} deal first")


def layout(hands: Mapping[int, str], dead: str | None = None) -> list[int]:
    """The places list of one deal: for each deck index, the seat holding that card or -1 (dead hand).

    `hands` maps seats to space-separated card names. Cards named nowhere go to the dead hand; when
    `dead` is given too, every one of the 52 cards must be named exactly once.
    """
    places = [DEAD] * 52
    named: set[int] = set()
    for seat, text in hands.items():
        for card in cards(text):
            assert card.index not in named, f"{card} is dealt twice"
            named.add(card.index)
            places[card.index] = seat
    if dead is not None:
        for card in cards(dead):
            assert card.index not in named, f"{card} is dealt twice"
            named.add(card.index)
        assert len(named) == 52, f"{52 - len(named)} cards are dealt nowhere"
    return places


class StackedDeals:
    """Queues chosen deals for the engine's shuffle (see the module docstring)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self._queue: list[list[int]] = []
        self._real: Callable[[list[Any], Any], None] = dealing_module.shuffle
        monkeypatch.setattr(dealing_module, "shuffle", self._shuffle)

    def queue(self, hands: Mapping[int, str], dead: str | None = None) -> None:
        """Make the next random deal come out as `hands` (and `dead`), as `layout` reads them."""
        self._queue.append(layout(hands, dead))

    @property
    def waiting(self) -> int:
        """Queued deals not dealt yet."""
        return len(self._queue)

    def _shuffle(self, items: list[Any], rng: Any) -> None:
        if self._queue and DEAD in items:
            items[:] = self._queue.pop(0)
        else:
            self._real(items, rng)


class Table:
    """A session under test, answered by hand; every event it emitted is kept in `events`.

    Unless `referee` is None, a `Referee` (referee.py) checks every event and, after every
    step, the session's state, its pending decision and every seat's view.
    """

    def __init__(self, session: Session, referee: Referee | None = None) -> None:
        self.session = session
        self.events: list[Event] = []
        self.referee = referee

    @property
    def pending(self) -> Decision | None:
        """The session's open decision."""
        return self.session.pending()

    def start(self) -> list[Event]:
        """Start the session."""
        return self._keep(self.session.start())

    def apply(self, action: Action) -> list[Event]:
        """Apply an action and keep its events."""
        return self._keep(self.session.apply(action))

    def _keep(self, events: list[Event]) -> list[Event]:
        self.events.extend(events)
        if self.referee is not None:
            for event in events:
                self.referee.feed(event)
            self.referee.check(self.session)
        return events

    def stake(self, **chips: int) -> list[Event]:
        """The pending stake, as card names to chips: `table.stake(AS=3, KH=1)`."""
        decision = self.pending
        assert isinstance(decision, StakeDecision), decision
        return self.apply(StakeAction(decision.player, tuple((Card.parse(c), n) for c, n in chips.items())))

    def stake_all_evenly(self) -> list[Event]:
        """Answer the stake decisions of this deal with an even spread; the events that follow."""
        return self._stake_deal(spread_evenly)

    def stake_all_on(self, card: str) -> list[Event]:
        """Answer the stake decisions of this deal with the whole stake on one boodle card."""
        return self._stake_deal(lambda decision: ((Card.parse(card), decision.boodle_total),))

    def _stake_deal(self, spread: Callable[[StakeDecision], tuple[tuple[Pile, int], ...]]) -> list[Event]:
        out: list[Event] = []
        deal = self.session.deal_number
        while isinstance(decision := self.pending, StakeDecision) and self.session.deal_number == deal:
            out += self.apply(StakeAction(decision.player, spread(decision)))
        return out

    def lead(self, card: str) -> list[Event]:
        """Lead `card` for the player whose lead is pending."""
        decision = self.pending
        assert decision is not None and decision.kind == "lead", decision
        return self.apply(LeadAction(decision.player, Card.parse(card)))

    def follow(self, play: bool) -> list[Event]:
        """Answer the pending follow decision."""
        decision = self.pending
        assert decision is not None and decision.kind == "follow", decision
        return self.apply(FollowAction(decision.player, play))

    def buy(self, buy: bool) -> list[Event]:
        """Answer the pending buy decision."""
        decision = self.pending
        assert decision is not None and decision.kind == "buy_dead", decision
        return self.apply(BuyDeadAction(decision.player, buy))

    def play_out(self) -> list[Event]:
        """Answer every remaining decision with the plain `lowest` agent until the session ends."""
        agent = LowestAgent()
        out: list[Event] = []
        while (decision := self.pending) is not None:
            out += self.apply(agent.decide(self.session.view(decision.player), decision))
        return out

    def of_type(self, kind: str) -> list[Any]:
        """The kept events of one log type."""
        return [event for event in self.events if event.type == kind]

    def types(self) -> list[str]:
        """The log type of every kept event."""
        return [event.type for event in self.events]

    def plays(self) -> list[str]:
        """Kept plays as "seat:card", with a trailing * for a lead: ["0:2S*", "1:3S"]."""
        return [f"{p.player}:{p.card}{'*' if p.lead else ''}" for p in self.of_type("play")]

    def stops(self) -> list[tuple[str, str]]:
        """Kept stops as (after, reason)."""
        return [(str(s.after), s.reason) for s in self.of_type("stop")]


def rigged_table(stacked: StackedDeals, rule_set: RuleSet, hands: Mapping[int, str], dead: str | None = None,
                 n: int = 3, dealer: int = 2, chips: Sequence[int] | None = None, stake: bool = True,
                 refereed: bool = True) -> Table:
    """A started table at which `dealer` deals first and the first deal is `hands`/`dead`.

    `chips` replaces the starting stacks (same total, so R21 still holds). With `stake`, every
    stake decision of the first deal is answered with an even spread, so the cards are dealt and
    the table waits at the first decision after the deal (or the session has moved on further).
    With `refereed`, a `Referee` checks everything that happens (chosen hands need not have the
    sizes of a real deal, so that one check of R10 is left out); tests that tamper with the state
    on purpose pass False.
    """
    session = Session(rule_set, seats(n), seed_with_dealer(n, dealer))
    if chips is not None:
        assert len(chips) == n and sum(chips) == n * rule_set.starting_chips, "chips must keep the total"
        session.chips = list(chips)
    stacked.queue(hands, dead)
    table = Table(session, Referee(equal_start=chips is None, real_deals=False) if refereed else None)
    table.start()
    assert session.dealer == dealer
    if stake:
        table.stake_all_evenly()
        dealt = table.of_type("deal")[0].hands
        assert all(set(dealt[seat]) == set(cards(text)) for seat, text in hands.items()), \
            "the chosen deal was not dealt: has the way Session._deal_cards shuffles changed?"
    return table


_DERIVED = ("_out", "_table_view", "_plays_view", "_stops_view")


def snapshot(session: Session) -> dict[str, Any]:
    """Every piece of a session's state (and every seat's view), deep-copied, to compare before/after."""
    state: dict[str, Any] = {}
    for name in SessionState.__slots__:
        if name in _DERIVED:
            continue
        value = getattr(session, name)
        state[name] = value.getstate() if name == "_rng" else copy.deepcopy(value)
    state["views"] = [session.view(seat) for seat in range(session.n)]
    return state




def quick_character_ids() -> list[str]:
    """The characters that never search (no expert search, no slip looking ahead): quick at a test's table."""
    def looks_ahead(character_id: str) -> bool:
        character = load_character_by_id(character_id)
        choices = (character.staking, character.lead, character.dead_hand, character.follow)
        return searches(character) or any(c.params.get("slip", 0) > 0 for c in choices)
    return [i for i in character_ids() if not looks_ahead(i)]
