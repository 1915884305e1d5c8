"""The table as the player sees it: updated event by event as the animations present them.

The engine runs ahead; this model lags it on purpose, so that chips, cards and counts change
on screen when the animation carrying them lands, not when the engine decided. It holds only
what seat 0 may know (its own hand, the others' card counts), and it can be rebuilt at once
from a `PlayerView` when a saved session is resumed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ...ai.character import Character
from ...engine.cards import Card
from ...engine.combinations import Pile
from ...engine.events import (
    Bid,
    BoodleWon,
    BuyDead,
    Charm,
    DealEnd,
    DealStart,
    Event,
    HandWon,
    Payment,
    SessionStart,
    Share,
    Stake,
    Stop,
)
from ...engine.ranks import hand_order, wanted_after
from ...engine.rules import RuleSet
from ...engine.view import PlayerView
from ...locale import tr
from ...locale.names import seat_name
from ...locale.words import Words
from .boodle_end import final_shares
from .charms.hold import HeldCharms
from .charms.missed import hit_again_missed

HUMAN = 0
STATUS_GAP = "   ·   "  # between the parts of the status line


@dataclass
class SeatState:
    """One seat as shown: who, their chips and how many cards they hold."""

    name: str
    character: Character | None
    chips: int
    cards: int = 0
    in_session: bool = True

    @property
    def is_human(self) -> bool:
        """True for the player at the keyboard."""
        return self.character is None


@dataclass(frozen=True)
class Mark:
    """A played card on the board: who played it, whether it led, and which run of the deal it was in."""

    player: int
    lead: bool
    run: int


@dataclass
class BoodleWin:
    """A boodle card hit during a deal."""

    player: int
    card: Pile  # a boodle card, or a combination (R30)
    chips: int


@dataclass(frozen=True)
class CharmNote:
    """A charm used during a deal (R31): who, which, the chips the others paid them (R39) and the fee into the pot."""

    player: int
    charm: str
    paid: int
    fee: int


@dataclass
class DealRecord:
    """What happened in one deal, for the deal summary."""

    deal: int
    dealer: int
    chips_before: list[int]
    staked: dict[int, int] = field(default_factory=dict)  # seat -> chips put up (pot and boodle)
    bought: tuple[int, int] | None = None  # (seat, fee) when the dealer bought the dead hand
    boodle_wins: list[BoodleWin] = field(default_factory=list)
    stops: int = 0
    winner: int | None = None
    pot: int = 0
    payments: tuple[Payment, ...] = ()
    chips_after: list[int] = field(default_factory=list)
    carried: tuple[tuple[Pile, int], ...] = ()  # boodle chips left for the next deal
    charms: list[CharmNote] = field(default_factory=list)  # every charm used, in order (none without charms)


def note_event(records: list[DealRecord], event: Event, chips: Callable[[], list[int]]) -> None:
    """Write one event into the deal records: a deal_start opens a record (`chips()` are the chips before it), the
    deal's other events fill it in. The one place a `DealRecord` is built, as events are shown and from a log."""
    if isinstance(event, DealStart):
        records.append(DealRecord(event.deal, event.dealer, chips()))
        return
    if not records:
        return
    record = records[-1]
    match event:
        case Stake():
            record.staked[event.player] = event.pot + sum(stake for _, stake in event.boodle)
        case BuyDead():
            record.bought = (event.player, event.fee)
        case BoodleWon():
            record.boodle_wins.append(BoodleWin(event.player, event.card, event.chips))
        case Stop():
            record.stops += 1
        case Charm():
            record.charms.append(CharmNote(event.player, event.charm, sum(p.chips for p in event.payments),
                                           event.pot))
        case HandWon():
            record.winner, record.pot, record.payments = event.player, event.pot, event.payments
        case DealEnd():
            record.chips_after = list(event.chips)
            record.carried = event.boodle


def records_from_log(log: Iterable[Event]) -> list[DealRecord]:
    """Every deal's record from a session's log, as the table would have built them showing it (after a resume)."""
    records: list[DealRecord] = []
    chips: list[int] = []  # as they stood after the last deal (or at the start)

    def before() -> list[int]:
        return list(chips)
    for event in log:
        note_event(records, event, before)
        if isinstance(event, (SessionStart, DealEnd)):
            chips[:] = event.chips
    return records


def stop_reason(after: Card, reason: str, optional_follow: bool, human_declined: bool = False) -> Words:
    """Why a run stopped (R15), from the engine's reason code, saying only what the human may know."""
    nxt: Card | str = wanted_after(after) if reason not in ("king", "ace") else ""
    if reason == "charm":  # R35: a card a charm made a stop
        return Words.of("charm_tray.stop", card=after)
    if reason == "king":
        return Words.of("stops.king", card=after)
    if reason == "ace":
        return Words.of("stops.ace", card=after)
    if reason == "removed":
        return Words.of("stops.removed", card=nxt)
    if reason == "already_played":
        return Words.of("stops.already_played", card=nxt)
    if reason == "declined" and human_declined:
        return Words.of("stops.you_declined", card=nxt)
    if optional_follow and reason in ("dead_hand", "declined", "no_follow"):
        # with optional following a decline and a dead card look the same at the table
        return Words.of("stops.nobody_played", card=nxt)
    if reason == "declined":
        return Words.of("stops.declined", card=nxt)
    return Words.of("stops.dead_hand", card=nxt)


def stop_words(after: Card, reason: str, optional_follow: bool, human_declined: bool = False) -> str:
    """The sentence that explains a stop on the status line ("Stop: 8♣ is in the dead hand")."""
    return tr("stops.line", reason=stop_reason(after, reason, optional_follow, human_declined))


class TableModel:
    """The displayed state of the table."""

    def __init__(self, rules: RuleSet, seats: Sequence[tuple[str, Character | None]]) -> None:
        self.rules = rules
        self.seats = [SeatState(name, character, rules.starting_chips) for name, character in seats]
        self.n = len(self.seats)
        self.hand: list[Card] = []
        self.pot = 0
        self.boodle = [0] * len(rules.piles)
        self.boodle_slot: dict[Pile, int] = {card: i for i, card in enumerate(rules.piles)}
        self.dead_count = 0
        self.dealer: int | None = None
        self.deal_number = 0
        self.board: dict[Card, Mark] = {}
        self.run_number = 0
        self.current_run: list[Card] = []
        self.known_dead: set[Card] = set()
        self.seen_dead: list[Card] = []  # R32/R33: dead-hand cards only the player's own charms showed them
        self.locked: set[Card] = set()  # R35: cards a charm made a stop this deal, whoever's
        self.stop_marks: dict[Card, str] = {}  # the last card of each stopped run -> why it stopped
        self.last_stop_suit: int | None = None
        self.status_words: Words | None = None  # the stop explanation or the last lead, worded when shown
        self.latest_words: Words | None = None  # the run's latest card or boodle win since its lead
        self.status_is_stop = False
        self.active: int | None = None  # whose decision the table waits for
        self.cut_cards: dict[int, Card] = {}
        self.records: list[DealRecord] = []
        self.winners: tuple[int, ...] | None = None  # set when the session has ended
        self.shares: tuple[Share, ...] = ()  # R22: the boodle shared out at the end, once shown
        self.human_declined = False
        self.charms = HeldCharms(self.n)  # R31: every seat's charms and their uses left, as shown
        self.version = 0  # bumped on every change the board layer shows

    # --- small queries --------------------------------------------------------------------------

    @property
    def record(self) -> DealRecord | None:
        """The deal in progress (or the last one)."""
        return self.records[-1] if self.records else None

    @property
    def status(self) -> str:
        """The status line's words in the current language: who led what and the run's latest card, or why it
        stopped (empty when there are none)."""
        return STATUS_GAP.join(str(words) for words in (self.status_words, self.latest_words) if words is not None)

    def set_status(self, words: Words | None, *, stop: bool = False) -> None:
        """Put `words` on the status line (a stop's explanation with `stop`); the run's latest card goes."""
        self.status_words = words
        self.latest_words = None
        self.status_is_stop = stop and words is not None

    def set_latest(self, key: str, seat: int, count: int | None = None, **params: object) -> None:
        """The run's latest moment after its lead on the status line (a deal-log line: "Madge plays J♦")."""
        mine = self.seats[seat].is_human
        self.latest_words = Words.of(f"deal_log.line.you_{key}" if mine else f"deal_log.line.{key}", count, **params,
                                     **({} if mine else {"name": self.namer(seat)}))
        self.touch()

    def name(self, seat: int) -> str:
        """A seat's one name in the current language ("Prof. Quist", "You"): on its plate, in the banners, the
        bubbles, the deal log, the summary, the results and spoken play."""
        state = self.seats[seat]
        return seat_name(state.character, state.name)

    def namer(self, seat: int) -> Callable[[], str]:
        """A seat's name, to be worded when shown (a parameter of `Words`)."""
        return _Namer(self, seat)

    def order_from_left_of(self, dealer: int) -> list[int]:
        """Seats still in, from the dealer's left round to the dealer (the order of the deal)."""
        return [s for s in ((dealer + k) % self.n for k in range(1, self.n + 1)) if self.seats[s].in_session]

    def chips_total(self) -> int:
        """Chips shown on the table: seats, pot and boodle (equal to the engine's when nothing is moving)."""
        return sum(seat.chips for seat in self.seats) + self.pot + sum(self.boodle)

    # --- changes, called as the animations land -------------------------------------------------

    def touch(self) -> None:
        """Note a change."""
        self.version += 1

    def begin_deal(self, deal: int, dealer: int) -> None:
        """A new deal: clear the board and the hands."""
        self.deal_number = deal
        self.dealer = dealer
        self.board.clear()
        self.run_number = 0
        self.current_run = []
        self.known_dead.clear()
        self.seen_dead = []
        self.locked.clear()
        self.stop_marks.clear()
        self.last_stop_suit = None
        self.set_status(None)
        self.cut_cards.clear()
        self.hand = []
        self.dead_count = 0
        self.human_declined = False
        for seat in self.seats:
            seat.cards = 0
        self.touch()

    def note(self, event: Event) -> None:
        """An event is being shown: write it into the deal's record (and a boodle win, going out or the dead hand
        bought on the status line)."""
        note_event(self.records, event, lambda: [seat.chips for seat in self.seats])
        self.charms.note(event)
        match event:
            case BoodleWon():
                self.set_latest("boodle" if event.chips else "boodle_empty", event.player, event.chips or None,
                                card=event.card)
                missed = self._charm_missed(event)
                if missed is not None and self.latest_words is not None:
                    self.latest_words = self.latest_words.and_then(STATUS_GAP, missed)
            case HandWon():
                if event.pot:
                    self.set_latest("out", event.player, pot=event.pot)
                else:  # no "pot of 0" (American Michigan has no pot)
                    self.set_latest("out_bare", event.player)
            case BuyDead():
                self.set_status(None)
                self.set_latest("buy", event.player, event.fee)
            case Bid(player=player, chips=chips):
                self.latest_words = Words.of(f"auction.line.{'you_' if self.seats[player].is_human else ''}"
                                             f"{'bid' if chips else 'pass'}", chips or None,
                                             **({} if self.seats[player].is_human else {"name": self.namer(player)}))
                self.touch()

    def _charm_missed(self, event: BoodleWon) -> Words | None:
        """Why the player's Encore (R39) was not offered after their boodle hit, if they held it ready."""
        if not (isinstance(event.card, Card) and self.seats[event.player].is_human and self.charms.of(event.player)):
            return None
        others = [seat.chips for place, seat in enumerate(self.seats) if place != event.player and seat.in_session]
        return hit_again_missed(self.charms.of(event.player), event.chips, self.seats[event.player].chips, others)

    def add_to_hand(self, card: Card) -> None:
        """A dealt card arrives in the human's hand."""
        self.hand.append(card)
        self.hand.sort(key=hand_order(self.rules.aces))
        self.seats[HUMAN].cards = len(self.hand)
        self.touch()

    def take_from_hand(self, seat: int, card: Card) -> None:
        """A card leaves a hand to be played."""
        if seat == HUMAN:
            if card in self.hand:
                self.hand.remove(card)
            self.seats[HUMAN].cards = len(self.hand)
        else:
            self.seats[seat].cards = max(0, self.seats[seat].cards - 1)
        self.touch()

    def start_run_card(self, seat: int, card: Card, lead: bool) -> None:
        """A card of a run is on its way: a lead opens a new run."""
        if lead:
            self.run_number += 1
            self.current_run = [card]
            self.set_status(self.lead_words(seat, card))
        else:
            self.current_run.append(card)
            self.set_latest("play", seat, card=card)
        self.touch()

    def lead_words(self, seat: int, card: Card) -> Words:
        """The status line's words for a lead ("Reggie leads 9♦")."""
        if self.seats[seat].is_human:
            return Words.of("table.status.you_lead", card=card)
        return Words.of("table.status.they_lead", card=card, name=self.namer(seat))

    def land_on_board(self, seat: int, card: Card, lead: bool) -> None:
        """A played card lands in its board slot."""
        self.board[card] = Mark(seat, lead, self.run_number)
        self.touch()

    def stop(self, after: Card, reason: str) -> Words:
        """A run stopped: mark it and explain it; returns why it stopped (the words after "Stop:")."""
        optional = self.rules.follow == "optional"
        self.stop_marks[after] = reason
        self.last_stop_suit = int(after.suit)
        if reason == "dead_hand" and not optional:
            self.known_dead.add(wanted_after(after))
        why = stop_reason(after, reason, optional, self.human_declined and reason == "declined")
        self.human_declined = False
        self.set_status(Words.of("stops.line", reason=why), stop=True)
        self.touch()
        return why

    def see_dead(self, shown: Iterable[Card], taken: Card | None = None) -> None:
        """The player's own charm showed them dead-hand cards (R32, or the card R33 gave), and `taken` left it."""
        for card in shown:
            self.known_dead.add(card)
            if card not in self.seen_dead:
                self.seen_dead.append(card)
        if taken is not None:
            self.known_dead.discard(taken)
            self.seen_dead = [card for card in self.seen_dead if card != taken]
        self.touch()

    def board_dead(self) -> set[Card]:
        """The dead-hand cards shown as backs in their board slots: those a stop or buying the dead hand told the
        player; those only their own charm showed lie face up by the dead hand instead."""
        told = {wanted_after(after) for after, reason in self.stop_marks.items() if reason == "dead_hand"}
        return {card for card in self.known_dead if card not in self.seen_dead or card in told}

    # --- rebuilding from a view (resuming a saved session) --------------------------------------

    def sync_from_view(self, view: PlayerView, dead_size: int, log: Iterable[Event]) -> None:
        """Set everything at once from the human's view of the engine and the session's log, as after a resume."""
        table = view.table
        for seat, state in enumerate(self.seats):
            state.chips = table.chips[seat]
            state.in_session = table.in_session[seat]
        self.pot = table.pot
        self.boodle = list(table.boodle_chips)
        self.dealer = table.dealer
        self.deal_number = table.deal_number
        self.hand = sorted(view.hand, key=hand_order(self.rules.aces))
        sizes = view.hand_sizes
        for seat, state in enumerate(self.seats):
            state.cards = sizes[seat] if seat != HUMAN else len(self.hand)
        self.dead_count = dead_size
        self.board.clear()
        self.stop_marks.clear()
        self.known_dead = set(view.known_dead)
        self.seen_dead = [card for card in view.seen if card in view.known_dead]
        self.locked = set(view.charm_stops)
        run = 0
        self.current_run = []
        for play in view.plays:
            if play.lead:
                run += 1
                self.current_run = []
            self.current_run.append(play.card)
            self.board[play.card] = Mark(play.player, play.lead, run)
        self.run_number = run
        optional = self.rules.follow == "optional"
        for stop in view.stops:
            self.stop_marks[stop.after] = stop.reason
            self.last_stop_suit = int(stop.after.suit)
            self.set_status(Words.of("stops.line", reason=stop_reason(stop.after, stop.reason, optional)), stop=True)
        if view.stops and view.plays and view.plays[-1].card == view.stops[-1].after:
            self.current_run = []
        elif self.current_run:  # a run in play: who led it, and its latest card
            first, last = self.current_run[0], view.plays[-1]
            self.set_status(self.lead_words(self.board[first].player, first))
            if last.card != first:
                self.set_latest("play", last.player, card=last.card)
        if view.charms:
            self.charms.sync(view.charms)
        events = list(log)
        self.records = records_from_log(events)  # every deal of the session, not only those after the resume
        self.shares = final_shares(events)
        self.touch()


@dataclass(frozen=True)
class _Namer:
    """A seat's name ("Prof. Quist"), worded when called (so it follows the language)."""

    model: TableModel
    seat: int

    def __call__(self) -> str:
        return self.model.name(self.seat)
