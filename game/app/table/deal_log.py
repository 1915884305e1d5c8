"""The deal so far in words, newest last: the engine's events told as lines (leads, follows, stops with their
reasons, boodle wins, the dead hand bought, going out, payments), worded when shown so a language switch
reaches them. Pure: the same events give the same lines, shown live, after a resumed session or in a replay."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from ...engine.cards import Card
from ...engine.combinations import Pile
from ...engine.events import (
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
    Stake,
    Stop,
)
from ...locale import tr
from ...locale.cards import pile_label
from ...locale.words import Words
from .auction_show import AuctionTrack
from .charms.words import charm_words
from .model import stop_reason

Namer = Callable[[int], object]  # a seat's name as a parameter of `Words` (a string, or a callable worded when shown)


@dataclass(frozen=True)
class LogLine:
    """One line of the deal log: its words, what kind of moment it tells, whether it is the player's own, and the
    event that told it (its index in the events told)."""

    words: Words
    kind: str  # "deal", "stake", "buy", "lead", "play", "stop", "boodle", "out", "pay", "leave", "end", "charm"
    mine: bool = False
    at: int = -1

    def __str__(self) -> str:
        return str(self.words)


@dataclass(frozen=True)
class _Boodle:
    """The boodle cards with their chips, "A♠ 4, K♥ 12", worded when shown."""

    chips: tuple[tuple[Pile, int], ...]

    def __call__(self) -> str:
        return ", ".join(f"{pile_label(card)} {chips}" for card, chips in self.chips)


@dataclass(frozen=True)
class _Winners:
    """The session's winners, "Reggie and you", worded when shown."""

    names: tuple[object, ...]

    def __call__(self) -> str:
        names = [str(name() if callable(name) else name) for name in self.names]
        return tr("table.and", first=", ".join(names[:-1]), last=names[-1]) if len(names) > 1 else "".join(names)


def current_deal(events: Sequence[Event]) -> tuple[int, int]:
    """Where the deal in play begins in `events` (just after the last deal's end, so a player leaving and the
    cut come with it) and where its stakes' carried boodle is told (the index of that end, or -1)."""
    start = next((i for i in range(len(events) - 1, -1, -1) if isinstance(events[i], DealStart)), 0)
    end = next((i for i in range(start - 1, -1, -1) if isinstance(events[i], DealEnd)), -1)
    return end + 1, end


def deal_log_lines(events: Sequence[Event], human: int | None, name: Namer, optional_follow: bool, *,
                   paid_to_dealer: bool = False) -> list[LogLine]:
    """The deal in play (the last in `events`) in lines, newest last; `human` is the player's seat (None at a
    watched table), `name` words the others; `paid_to_dealer`: an auction's price goes to the dealer (R26)."""
    first, carried_at = current_deal(events)
    auction = AuctionTrack()
    ended = events[carried_at] if carried_at >= 0 else None
    boodle = dict(ended.boodle) if isinstance(ended, DealEnd) else {}
    pot = 0
    lines: list[LogLine] = []

    def say(key: str, seat: int, kind: str, count: int | None = None, **params: object) -> None:
        mine = seat == human
        words = Words.of(f"deal_log.line.you_{key}" if mine else f"deal_log.line.{key}", count,
                         **params, **({} if mine else {"name": name(seat)}))
        lines.append(LogLine(words, kind, mine))
    for at, event in enumerate(events[first:], first):
        told = len(lines)
        moment = auction.feed(event)
        match event:
            case Cut(dealer=None):
                lines.append(LogLine(Words.of("deal_log.line.cut_tie"), "deal"))
            case Cut(dealer=dealer, cards=cards) if dealer is not None and cards[dealer] is not None:
                say("cut", dealer, "deal", card=cards[dealer])
            case DealStart(deal=deal, dealer=dealer):
                say("deal", dealer, "deal", deal=deal)
            case Stake(pot=chips, boodle=staked):
                pot += chips
                for card, more in staked:
                    boodle[card] = boodle.get(card, 0) + more
            case Dealt():
                held = _Boodle(tuple(boodle.items()))  # no "0 in the pot" (American Michigan has no pot)
                staked_words = Words.of("deal_log.line.stakes", pot=pot, boodle=held) if pot else \
                    Words.of("deal_log.line.stakes_boodle", boodle=held)
                lines.append(LogLine(staked_words, "stake"))
            case BuyDead(player=player, fee=fee) if moment == "sold":
                dealer = auction.dealer if paid_to_dealer else None
                lines.append(LogLine(sold_words(player, fee, human, dealer, name), "buy", player == human))
            case BuyDead(player=player, fee=fee):
                say("buy", player, "buy", fee)
            case Bid(player=player, chips=chips):
                lines.append(LogLine(bid_words(player, chips, player == human, name), "buy", player == human))
                if moment == "unsold":
                    lines.append(LogLine(Words.of("auction.line.nobody"), "buy"))
            case Play(player=player, card=card, lead=lead):
                say("lead" if lead else "play", player, "lead" if lead else "play", card=card)
            case BoodleWon(player=player, card=card, chips=chips):
                if chips or isinstance(card, Card):
                    say("boodle" if chips else "boodle_empty", player, "boodle", chips or None, card=card)
                else:  # R30: a combination completed with nothing on its pile
                    mine = player == human
                    key = "combinations.you_empty" if mine else "combinations.empty"
                    lines.append(LogLine(Words.of(key, None, card=card, name=name(player)), "boodle", mine))
            case Stop(after=after, reason=reason):
                why = stop_reason(after, reason, optional_follow)
                lines.append(LogLine(Words.of("stops.line", reason=why), "stop"))
            case HandWon(player=player, pot=won, payments=payments):
                if won:
                    say("out", player, "out", pot=won)
                else:  # no "pot of 0" (American Michigan has no pot)
                    say("out_bare", player, "out")
                for payment in payments:
                    say("pay", payment.source, "pay", payment.chips)
            case Penalty(player=player, chips=chips):
                say("penalty", player, "pay", chips)
            case Charm(player=player):  # R31: only what the table saw of another seat's
                lines.append(LogLine(charm_words(event, player == human, name(player)), "charm", player == human))
            case PlayerOut(player=player):
                say("leave", player, "leave")
            case BoodleSplit(shares=shares):
                for share in shares:
                    if share.chips:
                        say("split", share.player, "boodle", share.chips)
            case SessionEnd(winners=winners):
                names = tuple(tr_you() if seat == human else name(seat) for seat in winners)
                lines.append(LogLine(Words.of("deal_log.line.session_end", names=_Winners(names)), "end",
                                     human in winners))
        lines[told:] = [replace(line, at=at) for line in lines[told:]]  # which event told them
    return lines


def bid_words(seat: int, chips: int, mine: bool, name: Namer) -> Words:
    """R26: a bid for the dead hand, or a pass, as the log and the status line tell it."""
    key = ("you_" if mine else "") + ("bid" if chips else "pass")
    return Words.of(f"auction.line.{key}", chips or None, **({} if mine else {"name": name(seat)}))


def sold_words(seat: int, price: int, human: int | None, dealer: int | None, name: Namer) -> Words:
    """R26: the dead hand bought at auction, for how much and where the price went (the pot, or `dealer`)."""
    mine = seat == human
    params: dict[str, object] = {} if mine else {"name": name(seat)}
    if dealer is None:
        key = "auction.line.you_bought_pot" if mine else "auction.line.bought_pot"
    elif dealer == human:
        key = "auction.line.bought_to_you"
    else:
        key = "auction.line.you_bought_dealer" if mine else "auction.line.bought_dealer"
        params["dealer"] = name(dealer)
    return Words.of(key, price, **params)


def tr_you() -> Callable[[], str]:
    """The player's own name in the log ("you"), worded when shown."""
    return lambda: tr("deal_log.you")


class DealLog:
    """The deal log kept as the table shows its events: the events of the deal in play (and the last deal's end,
    for what it carried), and its lines made again only when an event was added."""

    def __init__(self, human: int | None, name: Namer, optional_follow: bool, paid_to_dealer: bool = False) -> None:
        self.human = human
        self.name = name
        self.optional_follow = optional_follow
        self.paid_to_dealer = paid_to_dealer  # R26: an auction's price goes to the dealer
        self.events: list[Event] = []
        self.version = 0  # bumped by every event added
        self._lines: list[LogLine] | None = None

    def add(self, event: Event) -> None:
        """An event shown at the table."""
        self.events.append(event)
        if isinstance(event, DealStart):
            # earlier deals are told no more: only the last one's end stays, for the boodle it carried
            del self.events[:max(0, current_deal(self.events)[1])]
        self.version += 1
        self._lines = None

    def extend(self, events: Iterable[Event]) -> None:
        """Events already played (a resumed session's log)."""
        for event in events:
            self.add(event)

    @property
    def lines(self) -> list[LogLine]:
        """The deal so far, newest last."""
        if self._lines is None:
            self._lines = deal_log_lines(self.events, self.human, self.name, self.optional_follow,
                                         paid_to_dealer=self.paid_to_dealer)
        return self._lines

    @property
    def deal(self) -> int | None:
        """The number of the deal told, or None before the first."""
        return next((e.deal for e in reversed(self.events) if isinstance(e, DealStart)), None)
