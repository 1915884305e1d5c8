"""The trophy case's judge: which trophies one session's events earn the player's seat, at each deal's end and at
the session's end. No pygame, no files, no clock.

The events are read as the log writes them (dicts; engine events and JSON lines are turned into dicts first), so
an event this version's engine does not declare is read too: a charm's use is `{"type": "charm", "player": seat,
"charm": id, "effect": word}`, and the charms each seat holds are `session_start`'s `charms` (a list per seat,
present only when some seat holds one). A deal ends at its `hand_won` (someone went out first) or, failing that,
at its `deal_end`. What only the session's end knows (its mode, the hints asked, a road's venue cleared) comes
as an `Outcome`.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..config.trophies_file import Trophy
from ..engine.events import Event, event_dict

NO_CHARMS: frozenset[str] = frozenset()


@dataclass(frozen=True)
class DealFacts:
    """What one deal did for the player, at its end."""

    boodle_hit: frozenset[str] = frozenset()  # the rules' boodle cards the player hit
    boodle_cards: frozenset[str] = frozenset()  # the rules' boodle cards
    went_out: bool = False  # the player went out first
    others_hold: int = 0  # the cards the others held when the player went out
    pot: int = 0  # the pot the player took
    run: int = 0  # the most of the player's cards played one after another in one run
    charm_unused: bool = False  # the player held a charm not used this session so far
    charm_used: bool = False  # the player used a charm in the deal


@dataclass(frozen=True)
class Outcome:
    """What a session's end means beyond its events: its mode (free, daily, road), the hints the player asked, the
    decisions taken back, and on the road whether the venue was cleared, the road too, and the road's hints."""

    mode: str = "free"
    hints: int = 0
    taken_back: int = 0
    venue_cleared: bool = False
    road_cleared: bool = False
    road_hints: int = 0


@dataclass
class SessionFacts:
    """What the whole session did for the player, gathered as its events go by."""

    seats: int = 0
    start_chips: int = 0
    final_chips: int = 0
    lowest_chips: int | None = None  # the fewest chips the player had at a deal's end
    won: bool = False
    ended: bool = False
    in_a_row: int = 0
    best_in_a_row: int = 0
    held: frozenset[str] = NO_CHARMS  # the charms the player held
    used: set[str] = field(default_factory=set)  # the charms the player used


def as_data(event: Event | dict[str, Any] | str) -> dict[str, Any]:
    """An event as the log writes it (a dict), whichever way it came; {} for a line that is not an object."""
    if isinstance(event, dict):
        return event
    if isinstance(event, str):
        data = json.loads(event)
        return data if isinstance(data, dict) else {}
    return event_dict(event)


class TrophyWatch:
    """Follows one session's events from the player's `seat`, deal by deal (`see`), and then judges its end."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.session = SessionFacts()
        self._boodle_cards: frozenset[str] = frozenset()
        self._deal_open = False
        self._reset_deal()

    def _reset_deal(self) -> None:
        self._hands: list[int] = []  # each seat's cards in hand
        self._hit: set[str] = set()
        self._run = self._best_run = 0
        self._last: int | None = None
        self._charm_in_deal = False

    def see(self, event: Event | dict[str, Any] | str) -> DealFacts | None:
        """Note one event; at a deal's end, what the deal did for the player (else None)."""
        data = as_data(event)
        me, facts = self.seat, self.session
        kind = data.get("type")
        if kind == "session_start":
            chips = _wholes(data.get("chips"))
            facts.seats = len(chips)
            facts.start_chips = chips[me] if me < len(chips) else 0
            rules = data.get("rules")
            cards = rules.get("boodle_cards") if isinstance(rules, dict) else None
            self._boodle_cards = frozenset(c for c in cards if isinstance(c, str)) if isinstance(cards, list) else \
                frozenset()
            held = data.get("charms")
            mine = held[me] if isinstance(held, list) and me < len(held) else None
            facts.held = frozenset(c for c in mine if isinstance(c, str)) if isinstance(mine, list) else NO_CHARMS
        elif kind == "deal_start":
            self._reset_deal()
            self._deal_open = True
        elif kind == "deal":
            hands = data.get("hands")
            self._hands = [len(h) if isinstance(h, list) else 0 for h in hands] if isinstance(hands, list) else []
        elif kind == "play":
            self._play(data)
        elif kind == "stop":
            self._last = None
        elif kind == "boodle_won" and data.get("player") == me and data.get("card") in self._boodle_cards:
            self._hit.add(str(data.get("card")))
        elif kind == "charm" and data.get("player") == me and isinstance(data.get("charm"), str):
            facts.used.add(str(data["charm"]))
            self._charm_in_deal = True
        elif kind == "hand_won":
            return self._deal_ends(data)
        elif kind == "deal_end":
            chips = _wholes(data.get("chips"))
            if me < len(chips):
                low = facts.lowest_chips
                facts.lowest_chips = chips[me] if low is None else min(low, chips[me])
            if self._deal_open:  # nobody went out first: the deal ends here
                return self._deal_ends({})
        elif kind == "session_end":
            chips = _wholes(data.get("chips"))
            winners = _wholes(data.get("winners"))
            facts.ended = True
            facts.final_chips = chips[me] if me < len(chips) else 0
            facts.won = me in winners
        return None

    def _play(self, data: dict[str, Any]) -> None:
        player = data.get("player")
        if data.get("lead") or player != self._last:
            self._run = 0
        self._last = player if type(player) is int else None
        if type(player) is int and 0 <= player < len(self._hands):
            self._hands[player] = max(0, self._hands[player] - 1)
        if player == self.seat:
            self._run += 1
            self._best_run = max(self._best_run, self._run)

    def _deal_ends(self, won: dict[str, Any]) -> DealFacts:
        """The deal's facts; a deal the player went out first in counts in the deals running."""
        self._deal_open = False
        facts, me = self.session, self.seat
        out = won.get("player") == me
        if won:
            facts.in_a_row = facts.in_a_row + 1 if out else 0
            facts.best_in_a_row = max(facts.best_in_a_row, facts.in_a_row)
        pot = won.get("pot")
        return DealFacts(
            boodle_hit=frozenset(self._hit), boodle_cards=self._boodle_cards, went_out=out,
            others_hold=sum(n for seat, n in enumerate(self._hands) if seat != me) if out else 0,
            pot=pot if out and type(pot) is int else 0, run=self._best_run,
            charm_unused=bool(facts.held - facts.used), charm_used=self._charm_in_deal)


def deal_earns(trophy: Trophy, deal: DealFacts) -> bool:
    """Whether the deal earns `trophy` (a trophy judged at a session's end never is)."""
    match trophy.condition:
        case "boodle_hits":
            return len(deal.boodle_hit) >= trophy.count
        case "boodle_sweep":
            return bool(deal.boodle_cards) and deal.boodle_hit >= deal.boodle_cards
        case "out_first":
            return deal.went_out and deal.others_hold >= trophy.count
        case "pot":
            return deal.went_out and deal.pot >= trophy.count
        case "run":
            return deal.run >= trophy.count
        case "out_with_charm_unused":
            return deal.went_out and deal.charm_unused
        case "out_after_charm":
            return deal.went_out and deal.charm_used
    return False


def session_earns(trophy: Trophy, facts: SessionFacts, outcome: Outcome, held: Collection[str],
                  charms_ever: Collection[str]) -> bool:
    """Whether the session's end earns `trophy`, given the trophies `held` (those earned before it and at its
    deals) and every charm the player has used (`charms_ever`, this session's with them)."""
    if not facts.ended or (trophy.mode not in ("any", outcome.mode)):
        return False
    if trophy.with_charms and not facts.held:
        return False
    if trophy.seats and facts.seats < trophy.seats:
        return False
    start = max(1, facts.start_chips)
    match trophy.condition:
        case "win_session":
            return facts.won and not (trophy.without_hint and outcome.hints)
        case "deals_in_row":
            return facts.best_in_a_row >= trophy.count
        case "finish_chips":
            return facts.final_chips >= trophy.count * start
        case "comeback":
            low = facts.lowest_chips
            return facts.won and low is not None and low * 100 <= trophy.count * start
        case "clear_venue":
            return outcome.venue_cleared and not (trophy.without_hint and outcome.hints)
        case "clear_road":
            return outcome.road_cleared and not (trophy.without_hint and outcome.road_hints)
        case "charms_used":
            return len(set(charms_ever)) >= trophy.count
        case "trophies":
            return all(named in held for named in trophy.all_of)
    return False


@dataclass(frozen=True)
class Judged:
    """A session judged: the trophies earned at its deals (each once, in order) and at its end, and the charms the
    player used in it."""

    at_deals: tuple[str, ...]
    at_end: tuple[str, ...]
    charms_used: frozenset[str]


def judge_session(trophies: Iterable[Trophy], events: Iterable[Event | dict[str, Any] | str], seat: int,
                  outcome: Outcome, held: Collection[str] = (), charms_before: Collection[str] = ()) -> Judged:
    """Every trophy a finished session earns the player at `seat` that they do not hold already (`held`); none for
    a session with take backs. `charms_before` are the charms the player used in earlier sessions."""
    case = tuple(trophies)
    watch = TrophyWatch(seat)
    at_deals: list[str] = []
    for event in events:
        deal = watch.see(event)
        if deal is not None:
            at_deals += [t.id for t in case if t.at == "deal" and t.id not in held and t.id not in at_deals
                         and deal_earns(t, deal)]
    if outcome.taken_back:
        return Judged((), (), frozenset(watch.session.used))
    return Judged(tuple(at_deals), session_end_earns(case, watch, outcome, {*held, *at_deals}, charms_before),
                  frozenset(watch.session.used))


def session_end_earns(trophies: Iterable[Trophy], watch: TrophyWatch, outcome: Outcome, held: Collection[str],
                      charms_before: Collection[str] = ()) -> tuple[str, ...]:
    """The trophies the session's end earns (a watch that has seen the whole session), those that need other
    trophies judged after the ones they name."""
    have = set(held)
    ever = {*charms_before, *watch.session.used}
    earned: list[str] = []
    waiting = [t for t in trophies if t.at == "session"]
    while True:  # a trophy of trophies may name one earned later in the file: judged again until nothing is new
        new = [t for t in waiting if t.id not in have and session_earns(t, watch.session, outcome, have, ever)]
        if not new:
            return tuple(earned)
        for trophy in new:
            earned.append(trophy.id)
            have.add(trophy.id)


def _wholes(value: Any) -> list[int]:
    """A list of whole numbers from an event's field ([] when it is not one)."""
    return [v for v in value if type(v) is int] if isinstance(value, list) else []
