"""The player's agency at a table: how often the player's seat has a real choice, how much those choices are worth,
and how long the player watches between them.

The expert sits in the player's seat (seat 0) against a cast of characters and plays whole sessions. Every decision
of seat 0 after the stake that has two or more lawful answers is a real choice, counted by its kind (a lead, a
follow under optional following, the dealer's buy of the dead hand, a bid for it). A real choice is weighty when the
expert's search values its best and worst answers at least `WEIGHTY_CHIPS` apart. Deals are counted while the player
is in the session; a session the player is out of stops there and the next one starts.

The seconds watched come from the table's own timing, which lives in the app: `measure_table` takes a `Watch` (the
table's director run on a virtual clock, `game.app.table.watched`) and adds up what it reports for each counted deal.
Everything is seeded: the same arguments give the same figures.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..engine import RuleSet, SeatInfo, Session
from ..engine.decisions import Action, BidDecision, BuyDeadDecision, Decision, FollowDecision, LeadDecision
from ..engine.events import DealEnd, DealStart, Event, PlayerOut
from ..engine.play import Agent
from ..engine.view import PlayerView
from .expert.search import Budget, bid_values, buy_values, follow_values, lead_values
from .registry import introduce, make_agent

KINDS = ("lead", "follow", "buy_dead", "bid")  # the kinds of real choice, in the order they are printed
WEIGHTY_CHIPS = 0.5  # a choice whose best and worst answers are this many chips apart, or more, is weighty
# the search that weighs each real choice: the expert's own work per decision (a quarter of the hint's), with no
# safety net so that it depends on the stream alone
WEIGHING = Budget(time_budget_ms=10.0, max_samples=200, min_samples=8, deadline_ms=0.0)
PLAYER = "expert"  # who plays the player's seat
SESSION_DEALS = 10  # the length of a measuring session when the rules play until one player is left


class Watcher(Protocol):
    """The table's timing for one session: the game seconds the player watches."""

    def thinking(self, agent: Agent, decision: Decision) -> float:
        """Seconds a character is seen thinking before answering `decision`."""
        ...

    def shown(self, event: Event) -> float:
        """Seconds the table takes to show `event`, from its start until the next may start."""
        ...

    def answered(self, action: Action, events: Sequence[Event]) -> None:
        """The player answered with `action`, which set off `events` (about to be shown)."""
        ...


Watch = Callable[[RuleSet, Sequence[str]], Watcher]  # (rules, each seat's agent id) -> a watcher for one session


@dataclass(frozen=True)
class Agency:
    """What the player's seat did over some deals: totals, and the figures per deal and per choice they give."""

    deals: int = 0
    choices: int = 0
    kinds: Mapping[str, int] = field(default_factory=dict)  # real choices by kind
    weighty: int = 0
    no_choice_deals: int = 0
    watched: float | None = None  # game seconds watched in the deals counted (None: not measured)

    @property
    def choices_per_deal(self) -> float:
        """Real choices a deal after the stake."""
        return self.choices / self.deals if self.deals else 0.0

    @property
    def by_kind(self) -> dict[str, float]:
        """Real choices a deal, by kind (every kind, in `KINDS` order)."""
        return {kind: (self.kinds.get(kind, 0) / self.deals if self.deals else 0.0) for kind in KINDS}

    @property
    def weighty_per_deal(self) -> float:
        """Weighty choices a deal."""
        return self.weighty / self.deals if self.deals else 0.0

    @property
    def no_choice_share(self) -> float:
        """The share of deals with no real choice after the stake."""
        return self.no_choice_deals / self.deals if self.deals else 0.0

    @property
    def seconds_per_choice(self) -> float | None:
        """Game seconds watched per real choice at the watched pace (None: not measured, or no choice at all)."""
        if self.watched is None or not self.choices:
            return None
        return self.watched / self.choices

    def merge(self, other: Agency) -> Agency:
        """Both tables' deals pooled (seconds only when both were measured)."""
        kinds = {kind: self.kinds.get(kind, 0) + other.kinds.get(kind, 0) for kind in KINDS}
        watched = None if self.watched is None or other.watched is None else self.watched + other.watched
        return Agency(self.deals + other.deals, self.choices + other.choices, kinds, self.weighty + other.weighty,
                      self.no_choice_deals + other.no_choice_deals, watched)

    def to_dict(self) -> dict[str, object]:
        """The figures as the JSON output writes them."""
        seconds = self.seconds_per_choice
        return {"deals": self.deals, "choices_per_deal": round(self.choices_per_deal, 3),
                "by_kind": {kind: round(value, 3) for kind, value in self.by_kind.items()},
                "weighty_per_deal": round(self.weighty_per_deal, 3),
                "no_choice_share": round(self.no_choice_share, 4),
                "seconds_per_choice": None if seconds is None else round(seconds, 2),
                "seconds_watched": None if self.watched is None else round(self.watched, 2)}


def real_choice(decision: Decision) -> str | None:
    """The kind of real choice `decision` is (two or more lawful answers, after the stake), or None."""
    if isinstance(decision, LeadDecision):
        return "lead" if len(decision.options) >= 2 else None
    if isinstance(decision, FollowDecision):
        return "follow"  # play or decline
    if isinstance(decision, BuyDeadDecision):
        return "buy_dead"  # buy or keep
    if isinstance(decision, BidDecision):
        return "bid"  # a bid or a pass
    return None  # the stake: before the cards are seen


def answer_values(view: PlayerView, decision: Decision, rng: random.Random, budget: Budget = WEIGHING) -> list[float]:
    """The expert's value of each answer to a real choice, searched with `budget` (as the hint weighs them)."""
    if isinstance(decision, LeadDecision):
        return lead_values(view, [card.index for card in decision.options], budget, rng)
    if isinstance(decision, FollowDecision):
        return list(follow_values(view, decision.card.index, budget, rng))
    if isinstance(decision, BuyDeadDecision):
        return list(buy_values(view, decision.fee, budget, rng))
    if isinstance(decision, BidDecision):
        return list(bid_values(view, decision, budget, rng))
    raise ValueError(f"not a real choice: {decision.kind}")


def session_seed(seed: int, number: int) -> int:
    """The seed of measuring session `number` of a measure seeded `seed`."""
    digest = hashlib.blake2b(f"newmarket-agency:{seed}:{number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


class _Count:
    """Running totals while deals are played."""

    def __init__(self, watched: bool) -> None:
        self.deals = 0
        self.choices = 0
        self.kinds = dict.fromkeys(KINDS, 0)
        self.weighty = 0
        self.no_choice = 0
        self.watched = 0.0 if watched else None
        self.in_deal = False  # a counted deal is being played
        self.this_deal = 0  # its real choices so far

    def event(self, event: Event, seconds: float) -> None:
        """One event of the session, shown in `seconds`."""
        if isinstance(event, DealStart):
            self.in_deal = True
            self.this_deal = 0
        if self.in_deal and self.watched is not None:
            self.watched += seconds
        if isinstance(event, DealEnd) and self.in_deal:
            self.in_deal = False
            self.deals += 1
            self.no_choice += self.this_deal == 0

    def waited(self, seconds: float) -> None:
        """A character thought for `seconds` in the player's sight."""
        if self.in_deal and self.watched is not None:
            self.watched += seconds

    def choice(self, kind: str, weighty: bool) -> None:
        """A real choice of the player's seat."""
        self.choices += 1
        self.this_deal += 1
        self.kinds[kind] += 1
        self.weighty += weighty

    def agency(self) -> Agency:
        """The totals as figures."""
        return Agency(self.deals, self.choices, dict(self.kinds), self.weighty, self.no_choice, self.watched)


def measure_table(rules: RuleSet, opponents: Sequence[str], deals: int, seed: int, *, weighty: bool = True,
                  watch: Watch | None = None) -> Agency:
    """Play `deals` deals with the expert in seat 0 against `opponents` (character ids, one a seat) under `rules`,
    in sessions of the rules' length, and count the player's real choices; `weighty` weighs each one (the costly
    part), `watch` times what the table shows. The same arguments give the same figures."""
    if deals < 1:
        raise ValueError(f"deals must be at least 1, got {deals}")
    ids = [PLAYER, *opponents]
    table_rules = dataclasses.replace(rules, players=len(ids), deals=rules.deals or SESSION_DEALS)
    count = _Count(watch is not None)
    number = 0
    while count.deals < deals:
        number += 1
        _play_session(table_rules, ids, session_seed(seed, number), deals, count, weighty, watch)
    return count.agency()


def _play_session(rules: RuleSet, ids: Sequence[str], seed: int, deals: int, count: _Count, weighty: bool,
                  watch: Watch | None) -> None:
    """One session, until it ends, the player is out of it, or `deals` deals are counted."""
    session = Session(rules, [SeatInfo(f"Seat {seat} ({agent_id})", "ai", agent_id)
                              for seat, agent_id in enumerate(ids)], seed)
    agents = [make_agent(agent_id, seed, seat) for seat, agent_id in enumerate(ids)]
    introduce(agents, ["player", *ids[1:]], rules)  # the characters do not know the player, as at the table
    watcher = watch(rules, ids) if watch is not None else None
    rng = random.Random(f"agency-weighing:{seed}")
    events = session.start()
    while True:
        for event in events:
            count.event(event, watcher.shown(event) if watcher is not None else 0.0)
            if isinstance(event, PlayerOut) and event.player == 0:
                return
            if isinstance(event, DealEnd) and count.deals >= deals:
                return
        decision = session.pending()
        if decision is None:
            return
        seat = decision.player
        view = session.view(seat)
        if seat == 0:
            kind = real_choice(decision)
            if kind is not None:
                values = answer_values(view, decision, rng) if weighty else [0.0]
                count.choice(kind, max(values) - min(values) >= WEIGHTY_CHIPS)
        elif watcher is not None:
            count.waited(watcher.thinking(agents[seat], decision))
        action = agents[seat].decide(view, decision)
        events = session.apply(action)
        if seat == 0 and watcher is not None:
            watcher.answered(action, events)
