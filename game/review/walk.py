"""A deal's decisions for one seat, reached by playing the deal's log through the engine.

Each deal is laid as its log says the table stood before it (`LaidDeal`: the stacks, the boodle, who deals, the
cards as dealt), and the log's own answers are given to the engine's questions one by one. Every event the engine
makes must be the log's next one, so a decision is seen exactly as the player saw it: `Session.view` of that seat
at that moment. A whole session's log and a deal kept in a save (one log a deal) are walked the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..config import ConfigError, charms_by_id
from ..engine.cards import Card
from ..engine.decisions import (
    Action,
    BidAction,
    BidDecision,
    BuyDeadAction,
    BuyDeadDecision,
    CharmAction,
    CharmDecision,
    CharmUse,
    Decision,
    FollowAction,
    FollowDecision,
    LeadAction,
    LeadDecision,
    StakeAction,
    StakeDecision,
)
from ..engine.errors import IllegalActionError
from ..engine.events import (
    Bid,
    BoodleSplit,
    BuyDead,
    Charm,
    Cut,
    DealEnd,
    DealStart,
    Dealt,
    Event,
    Play,
    PlayerOut,
    SessionEnd,
    SessionStart,
    Stake,
    Stop,
)
from ..engine.laid import LaidDeal
from ..engine.session import SeatInfo
from ..engine.view import PlayerView
from ..locale.names import YOU
from ..locale.shown import shown_name
from ..replay import LogError, Replay, split_deals
from ..replay.log import parse_lines, read_log_text
from ..replay.start import check_rules

HUMAN_KIND = "human"


class ReviewError(ValueError):
    """A log that cannot be reviewed, with one sentence saying why."""


@dataclass(frozen=True)
class Position:
    """What the seat saw: its hand, and the latest run (lead first) with who led it, stopped or still going."""

    hand: tuple[Card, ...]
    run: tuple[Card, ...]
    leader: int | None
    stopped: bool


def position_of(view: PlayerView) -> Position:
    """The seat's hand and the latest run of the deal as the view shows them."""
    plays = view.plays
    first = max((i for i, play in enumerate(plays) if play.lead), default=None)
    if first is None:
        return Position(view.hand, (), None, False)
    run = plays[first:]
    stopped = len(view.stops) > 0 and view.stops[-1].after == run[-1].card
    return Position(view.hand, tuple(play.card for play in run), run[0].player, stopped)


def moved_on(position: Position, event: Event, seat: int) -> Position:
    """The position after one event: a play leaves the seat's hand and starts or extends the run, a stop ends it."""
    if isinstance(event, Play):
        hand = tuple(card for card in position.hand if card != event.card) if event.player == seat else position.hand
        if event.lead:
            return Position(hand, (event.card,), event.player, False)
        return Position(hand, position.run + (event.card,), position.leader, False)
    if isinstance(event, Stop):
        return Position(position.hand, position.run, position.leader, True)
    return position


@dataclass(frozen=True)
class Point:
    """One decision of the seat's: the view and the question as the engine put them, and the log's answer. A
    forced lead (one lawful card, played without asking) has no view or question, only its card."""

    number: int  # counted from 1 in the deal, forced leads included
    view: PlayerView | None
    decision: Decision | None
    action: Action | None
    forced: Card | None = None
    position: Position | None = None  # for a forced lead: the hand and the run just before it


@dataclass(frozen=True)
class WalkedDeal:
    """A deal of the log walked for one seat: where it came from and the seat's decisions in order."""

    deal: int
    seat: int
    seed: str  # the log's seed as text, from which every search of the review is seeded
    players: tuple[str, ...]
    points: tuple[Point, ...]
    finished: bool  # the log reaches the deal's end


@dataclass(frozen=True)
class SessionLog:
    """A checked log cut into one log a deal, with the names of its seats and the seat it says is the player's."""

    source: str
    deals: tuple[str, ...]
    numbers: tuple[int, ...]  # each deal's number
    players: tuple[str, ...]
    player_seat: int | None

    @classmethod
    def from_text(cls, text: str, source: str = "the log") -> SessionLog:
        """The log's deals; LogError when the log cannot be replayed, ReviewError when it has no deal."""
        replay = Replay.from_text(text, source)
        # a deal's own log (as a save keeps it) opens with the table before it, which cutting again would lose
        deals = (text,) if len(replay.deals) == 1 else tuple(split_deals(text.splitlines()))
        if not deals:
            raise ReviewError(f"{source}: the log has no deal")
        start = replay.steps[0].event
        assert isinstance(start, SessionStart)  # a sound log begins so
        return cls(source, deals, tuple(span.deal for span in replay.deals), replay.steps[0].state.players,
                   player_seat(start))

    @classmethod
    def from_file(cls, path: Path) -> SessionLog:
        """The log file's deals; LogError when it cannot be read or replayed."""
        return cls.from_text(read_log_text(path), shown_name(path))


def player_seat(start: SessionStart) -> int | None:
    """The seat the log says is the player's: the one of kind human, else the one named as the game names you."""
    kinds = [p.get("kind") for p in start.players]
    if HUMAN_KIND in kinds:
        return kinds.index(HUMAN_KIND)
    names = [p.get("name") for p in start.players]
    return names.index(YOU) if YOU in names else None


UNTARGETED = ("peek_dead", "hit_again")  # R32, R39: the effects whose use names no card


def walk_deal(text: str, seat: int) -> WalkedDeal:
    """Walk one deal's log (as `split_deals` cuts it) through the engine and keep `seat`'s decisions."""
    numbered, problems = parse_lines(text.splitlines())
    if problems:
        raise LogError(problems)
    lines = [number for number, _ in numbered]
    events = [event for _, event in numbered]
    start = events[0]
    at = next((i for i, event in enumerate(events) if isinstance(event, DealStart)), None)
    dealt = next((event for event in events if isinstance(event, Dealt)), None)
    if not isinstance(start, SessionStart) or at is None or dealt is None:
        raise ReviewError("the log has no whole deal: session_start, deal_start and the deal")
    rules, why = check_rules(start.rules)
    if rules is None:
        raise ReviewError(why[0] if why else "the log's rules cannot be read")
    deal_start = events[at]
    assert isinstance(deal_start, DealStart)
    n = len(start.players)
    if not 0 <= seat < n:
        raise ReviewError(f"seat {seat} is not at this table of {n} (seats 0 to {n - 1})")
    before = events[at - 1] if at > 0 else start
    chips, boodle = start.chips, tuple(0 for _ in rules.piles)
    if isinstance(before, DealEnd):
        chips = before.chips
        carried = dict(before.boodle)
        boodle = tuple(carried.get(card, 0) for card in rules.piles)  # R30: the combinations' piles too
    elif not isinstance(before, Cut | SessionStart):
        raise ReviewError(f"line {lines[at - 1]}: the deal's log must open with the table before it")
    seats = [SeatInfo(str(p.get("name", "?"))) for p in start.players]
    seed = start.seed if type(start.seed) is int else 0
    try:
        charms = [charms_by_id(ids) for ids in start.charms] if any(start.charms) else None  # R31
        session = LaidDeal(rules, seats, seed, deal=deal_start.deal, dealer=deal_start.dealer, chips=chips,
                           boodle=boodle, in_session=[bool(hand) for hand in dealt.hands], hands=dealt.hands,
                           dead=dealt.dead, charms=charms)
    except ConfigError as error:
        raise ReviewError(f"the log's charms cannot be read: {error.problems[0]}") from None
    except ValueError as error:
        raise ReviewError(f"deal {deal_start.deal} cannot be laid: {error}") from None
    walker = _Walker(session, seat, events[at:], lines[at:])
    walker.walk()
    return WalkedDeal(deal_start.deal, seat, str(start.seed), tuple(s.name for s in seats), tuple(walker.points),
                      walker.finished)


class _Walker:
    """Gives the log's answers to the engine's questions, checking each event it makes against the log."""

    def __init__(self, session: LaidDeal, seat: int, expected: list[Event], lines: list[int]) -> None:
        self.session = session
        self.seat = seat
        self.expected = expected
        self.lines = lines
        self.at = 0
        self.finished = False
        self.points: list[Point] = []
        self.position: Position | None = None

    def walk(self) -> None:
        """From the deal's start to its end (or to where the log stops)."""
        self.follow(self.session.start(), None)
        while not self.finished:
            decision = self.session.pending()
            if decision is None or self.at >= len(self.expected):
                return
            action = self.answer(decision)
            if action is None:
                return
            view = self.session.view(self.seat)
            if decision.player == self.seat:
                self.points.append(Point(len(self.points) + 1, view, decision, action))
            self.position = position_of(view)  # forced leads in what the answer makes are seen from here
            try:
                made = self.session.apply(action)
            except IllegalActionError as error:
                line = self.lines[self.at]
                raise ReviewError(f"line {line}: the engine refuses the log's answer ({error})") from None
            self.follow(made, action)

    def answer(self, decision: Decision) -> Action | None:
        """The log's answer to `decision`, read off its next event (None: the log stops short of one)."""
        event = self.expected[self.at]
        player = decision.player
        if isinstance(event, SessionEnd | PlayerOut | BoodleSplit):
            return None  # the session ended with this question open
        match decision:
            case StakeDecision():
                return StakeAction(player, event.boodle) if isinstance(event, Stake) else None
            case BuyDeadDecision():
                return BuyDeadAction(player, isinstance(event, BuyDead))
            case BidDecision():
                return BidAction(player, event.chips) if isinstance(event, Bid) else None
            case LeadDecision():
                return LeadAction(player, event.card) if isinstance(event, Play) and event.lead else None
            case FollowDecision(card=card):
                if event == Play(player, card, False):
                    return FollowAction(player, True)
                return FollowAction(player, False) if isinstance(event, Stop) else None
            case CharmDecision():  # R31: the charm the log has this seat use now, or none
                if isinstance(event, Charm) and event.player == player:
                    return CharmAction(player, CharmUse(event.charm, None if event.effect in UNTARGETED
                                                        else event.cards[0]))
                return CharmAction(player, None)
        return None

    def follow(self, made: list[Event], action: Action | None) -> None:
        """Check what the engine made against the log, and keep the seat's forced leads."""
        for event in made:
            if self.finished:
                return
            if self.at >= len(self.expected):
                return  # the log stops here (a session ended mid-deal, or a log cut short)
            logged = self.expected[self.at]
            if event != logged:
                raise ReviewError(f"line {self.lines[self.at]}: the engine plays this deal otherwise "
                                  f"({event.type} where the log has {logged.type})")
            self.at += 1
            if isinstance(event, Play) and event.lead and event.player == self.seat and not (
                    isinstance(action, LeadAction) and action.card == event.card and action.player == self.seat):
                self.points.append(Point(len(self.points) + 1, None, None, None, event.card, self.position))
            if self.position is not None:
                self.position = moved_on(self.position, event, self.seat)
            if isinstance(event, Play) and event.lead:
                action = None  # any later lead in the same answer was played without asking
            self.finished = isinstance(event, DealEnd)
