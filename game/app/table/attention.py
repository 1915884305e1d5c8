"""What at the table touches the player, read from the events as they are shown, so the pace can spend its time
there (issue 24): which plays may go quicker, which stops keep their beat, and when the player can no longer act.

The rule (`quick_play`): a play goes quicker when it does not touch the player: it is another seat's follow (not a
lead), nothing the player holds is near (no card of theirs in its suit lies within `NEAR_RANKS` ranks above it,
where the run is about to reach it), and no boodle card is near (the card is not one, and no boodle card, or card
of a combination, of its suit still unplayed lies within `NEAR_RANKS` ranks above it). So a run slows down as it
comes to the player's card or to a boodle card, and the player's card itself keeps its beat (lifted and captioned
when the rules play it for them). Everything else keeps its beat too: every lead, boodle hits, going out. A stop
goes quicker unless it breaks a run the player is in (`breaks_their_run`: they played a card of it, or hold one it
was about to reach). Once the player is out of the session they can no longer act, and what is left plays out
briskly (`Attention.brisk`).

Nothing here draws or waits: the director and the table controller ask, and the tests read logged deals with it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from ...engine.cards import Card
from ...engine.combinations import Combination
from ...engine.decisions import Decision, FollowDecision
from ...engine.events import BuyDead, DealStart, Dealt, Event, Play, PlayerOut, Stop
from ...engine.ranks import rank_value
from ...engine.rules import RuleSet

NEAR_RANKS = 2  # a card this many ranks above the card played, or fewer, is near: the run is about to reach it


def quick_play(play: Play, human: int, holds: Collection[Card], boodle_left: Collection[Card], aces: str) -> bool:
    """True when `play` does not touch the player in seat `human`, who holds `holds`, with `boodle_left` the boodle
    cards not yet played this deal."""
    card = play.card
    if play.lead or play.player == human:
        return False
    return not (near(card, holds, aces, 1) or near(card, boodle_left, aces, 0))


def near(card: Card, cards: Collection[Card], aces: str, least: int) -> bool:
    """True when one of `cards` in `card`'s suit ranks from `least` to `NEAR_RANKS` above it."""
    value = rank_value(card, aces)
    return any(other.suit == card.suit and least <= rank_value(other, aces) - value <= NEAR_RANKS for other in cards)


def breaks_their_run(stop: Stop, holds: Collection[Card], in_run: bool, aces: str) -> bool:
    """True when `stop` breaks a run the player is in: they played a card of it, or hold one it was about to reach."""
    return in_run or near(stop.after, holds, aces, 1)


class Attention:
    """The player's side of the deal in play, followed event by event: their cards, the run, the boodle left."""

    def __init__(self, rules: RuleSet, human: int | None) -> None:
        self.human = human
        self.aces = rules.aces
        self.boodle = frozenset(card for pile in rules.piles
                                for card in (pile.cards if isinstance(pile, Combination) else (pile,)))
        self.holds: set[Card] = set()
        self.played: set[Card] = set()
        self.in_run = False  # the player has played a card of the run in play
        self.dead: tuple[Card, ...] = ()
        self.out = human is None  # out of the session (or nobody's seat to watch for)

    @property
    def boodle_left(self) -> frozenset[Card]:
        """The boodle cards (and combinations' cards) not played this deal."""
        return self.boodle - self.played

    @property
    def brisk(self) -> bool:
        """True when the player can no longer act in the session: everything left plays out briskly."""
        return self.human is not None and self.out

    def quick(self, event: Event) -> bool:
        """True when `event`, about to be shown, goes quicker: a play or a stop that does not touch the player."""
        if self.human is None:
            return False
        if isinstance(event, Play):
            return quick_play(event, self.human, self.holds, self.boodle_left, self.aces)
        if isinstance(event, Stop):
            return not breaks_their_run(event, self.holds, self.in_run, self.aces)
        return False

    def quick_decision(self, decision: Decision) -> bool:
        """True when a character's `decision` concerns a play that does not touch the player (an optional follow),
        so their thinking over it is shown briefly."""
        if self.human is None or not isinstance(decision, FollowDecision) or decision.player == self.human:
            return False
        return quick_play(Play(decision.player, decision.card, False), self.human, self.holds, self.boodle_left,
                          self.aces)

    def replay(self, events: Iterable[Event]) -> None:
        """Follow events already played at once (a resumed or taken back table)."""
        for event in events:
            self.note(event)

    def note(self, event: Event) -> None:
        """Follow `event`, once it is shown."""
        human = self.human
        match event:
            case DealStart():
                self.holds, self.played, self.in_run, self.dead = set(), set(), False, ()
            case Dealt(hands=hands, dead=dead):
                self.holds = set(hands[human]) if human is not None and human < len(hands) else set()
                self.dead = dead
            case BuyDead(player=player) if player == human:
                self.holds = set(self.dead)
            case Play(player=player, card=card, lead=lead):
                self.played.add(card)
                self.holds.discard(card)
                self.in_run = player == human or (self.in_run and not lead)
            case Stop():
                self.in_run = False
            case PlayerOut(player=player) if player == human:
                self.out = True


def quick_plays(events: Iterable[Event], rules: RuleSet, human: int) -> list[int]:
    """The indexes of the events of a logged session that go quicker for the player in seat `human`."""
    attention = Attention(rules, human)
    out = []
    for index, event in enumerate(events):
        if attention.quick(event):
            out.append(index)
        attention.note(event)
    return out

