"""The big moments of a deal as the director shows them: the player's boodle hit (a banner with the card, the
pile flying home, a sound of its own and a large number clear of every plate), the others' hits (a smaller
number on the card that paid), going out held a moment before the deal summary, records called out as they
fall, and a deal's decorations cleared before the next deal's banner.

The going-out moment is held for GOING_OUT_HOLD seconds of game time at normal speed and faster (the one pause
the fast speed keeps), longer at slow speed, and not at all at instant speed or when the table is hurried
(tests, screenshots); Enter, Space or a click opens the summary at once (`skip`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...engine.cards import Card
from ...engine.events import BoodleWon, Event
from ...locale import tr, trn
from ...locale.cards import pile_label
from ...stats.callouts import Callout
from .. import theme
from ..canvas import Canvas
from .animation import PopUp
from .effects import Effects
from .layout import TableLayout
from .model import HUMAN
from .moment_art import CALLOUT_H, HeldMoment, PlateGlow, RecordLabel, callout_places, make_callout, make_card_banner
from .trophy_moment import trophy_labels

if TYPE_CHECKING:
    from .model import DealRecord

GOING_OUT_HOLD = 1.5  # seconds the going-out moment is held before the summary, at normal speed
YOUR_NUMBER_SIZE = 64  # the player's boodle number: the title face at this size at most
THEIR_NUMBER_SIZE = 30  # another seat's, on the boodle card that paid
NUMBER_GAP = 8  # the player's number keeps this far from every seat
NUMBER_ROOM = 124  # how high above the player's plate the number may rise (it belongs to the plate)
YOUR_RISE = 26
BANNER_FACE_W = 64
CALLOUT_S = 2.6
CALLOUT_GAP = 10  # a record's label keeps this far under a banner


def your_number_column(layout: TableLayout) -> pygame.Rect:
    """The free felt above the player's plate and below every seat beside it: where the player's numbers rise."""
    mine = layout.seats[HUMAN]
    plate = mine.plate
    above = [place.region.bottom for place in layout.seats if place.seat != HUMAN
             and place.region.right > plate.left and place.region.left < plate.right]
    bottom = mine.region.top - NUMBER_GAP
    top = max(max(above, default=layout.felt.top) + NUMBER_GAP, bottom - NUMBER_ROOM)
    return pygame.Rect(plate.left, top, plate.width, bottom - top)


def rising_path(column: pygame.Rect, size: tuple[int, int], rise: float) -> tuple[tuple[float, float], float]:
    """Where a number of `size` starts (its centre) and how far it rises, kept inside `column` all the way."""
    rise = max(0.0, min(rise, column.height - size[1]))
    return (float(column.centerx), column.centery + rise / 2), rise


def path_rect(start: tuple[float, float], size: tuple[int, int], rise: float) -> pygame.Rect:
    """Everything a number of `size` covers on its way up from `start` (its centre) by `rise`."""
    rect = pygame.Rect(0, 0, *size)
    rect.center = (round(start[0]), round(start[1]))
    return rect.union(rect.move(0, -math.ceil(rise)))


def asks_for_summary(event: pygame.event.Event) -> bool:
    """Enter, Space or a click: what opens the deal summary at once (the keys that close it, too)."""
    if event.type == pygame.KEYDOWN:
        return bool(event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))
    return bool(event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)


def hold_seconds(speed: float) -> float:
    """How long the going-out moment holds, in the decorations' time (which runs at the speed): GOING_OUT_HOLD
    seconds of game time at normal speed and faster, longer when slow, none at instant speed."""
    return 0.0 if math.isinf(speed) else GOING_OUT_HOLD * max(1.0, speed)


def number_image(effects: Effects, amount: int, size: int, room: tuple[int, int]) -> Canvas:
    """"+12" in gold in the title face, at `size` or smaller until it fits `room`."""
    text = effects.stage.text
    words = f"+{amount}"
    image = text.render_shadowed(words, "title", size, theme.GOLD, outline=3 if size > 40 else 2)
    while (image.get_width() > room[0] or image.get_height() > room[1]) and size > 14:
        size -= 4
        image = text.render_shadowed(words, "title", size, theme.GOLD, outline=2)
    return image


class Moments:
    """What the director does at a deal's big moments (it hands itself over as the effects to use)."""

    def __init__(self, effects: Effects) -> None:
        self.effects = effects
        self.held: HeldMoment | None = None  # the going-out moment being held, until the summary opens
        self.skipping = False  # a key asked for the summary at once
        self.your_number: PopUp | None = None  # the player's boodle number, ended when anyone goes out

    @property
    def holding(self) -> bool:
        """True from a player going out until the deal's summary opens."""
        return self.held is not None

    def your_boodle(self, event: BoodleWon, slot: int) -> None:
        """The player's hit: a banner with the card and the chips, the pile flying home, the sound, the number."""
        fx = self.effects
        stage = fx.stage
        layout, four = stage.layout, stage.decks.four_colour
        title = tr("moments.your_boodle" if isinstance(event.card, Card) else "combinations.you_won")
        words = trn("moments.boodle_chips", event.chips, card=pile_label(event.card))
        shown = event.card if isinstance(event.card, Card) else event.card.cards[-1]  # R30: a combination's last
        face = stage.art.deck(BANNER_FACE_W, four).face(shown)
        image = stage.cached(("card banner", title, words, event.card, four), lambda: make_card_banner(
            stage.text, face, title, words, layout.centre.width + 60, theme.GOLD, theme.suits_on_dark(four)))
        fx._show_banner(image, layout.board.center, 1.9)
        fx.sound("your_boodle")
        column = your_number_column(layout)
        number = number_image(fx, event.chips, YOUR_NUMBER_SIZE, (column.width, column.height - YOUR_RISE // 2))
        start, rise = rising_path(column, number.get_size(), YOUR_RISE)
        if self.your_number is not None:  # hits in one run (a card and its combinations): the newest number alone
            self.your_number.cut(0.0)
        self.your_number = PopUp(number, start, duration=1.9, delay=0.35, rise=rise)
        fx.decor.add(self.your_number)

    def their_boodle(self, event: BoodleWon, slot: int) -> None:
        """Another seat's hit: a smaller number rising on the card that paid (their plate stays readable)."""
        fx = self.effects
        card = fx.stage.layout.boodle_cards[slot]
        number = number_image(fx, event.chips, THEIR_NUMBER_SIZE, (card.width + 30, card.height))
        start, rise = rising_path(card, number.get_size(), card.height / 3)
        fx.decor.add(PopUp(number, start, duration=1.5, delay=0.2, rise=rise))

    def going_out(self, winner: int, speed: float, numbers_end: float = 0.0) -> None:
        """A player went out: their plate lit, and the moment held before the summary (at least until the
        deal's last number has shown, `numbers_end` seconds of the decorations' time from now)."""
        fx = self.effects
        hold = max(hold_seconds(speed), numbers_end) if hold_seconds(speed) > 0 else 0.0
        if self.your_number is not None:  # the boodle's number is over: the going-out banner takes its moment
            self.your_number.cut(0.0)
            self.your_number = None
        self.skipping = False
        fx.decor.add(PlateGlow(fx.stage.layout.seats[winner].plate, max(hold, 1.2) + 0.6))
        self.held = None
        if hold > 0 and not fx.stage.hurrying:
            self.held = HeldMoment(hold)
            fx.decor.add(self.held)

    def settle(self, record: DealRecord | None) -> None:
        """The deal is settled: its summary opens once the going-out moment has been held (or asked for)."""
        held = self.held
        if held is None or held.done or self.skipping or held not in self.effects.decor.anims:
            self._open(record)
            return

        def open_summary() -> None:
            self._open(record)
        held.on_done = open_summary

    def skip(self) -> None:
        """Enter, Space or a click during the moment: the summary opens at once (or as soon as it is due)."""
        self.skipping = True
        if self.held is not None and self.held.on_done is not None:
            self.held.finish()

    def _open(self, record: DealRecord | None) -> None:
        """Clear the deal's decorations (none may fly over the next deal) and ask for the summary."""
        self.held = None
        self.effects.clear_decorations()
        self.effects.stage.deal_settled(record)

    # --- records --------------------------------------------------------------------------------

    def called(self, event: Event) -> None:
        """Call out the records `event` breaks, if the table watches the player's, and the trophies it earns (at a
        deal's end, with a sound of their own)."""
        stage = self.effects.stage
        found = stage.records.see(event) if stage.records is not None else []
        earned = stage.trophies.see(event) if stage.trophies is not None else ()
        images = [stage.cached(("callout", c), self._callout_maker(c)) for c in found]
        if earned:
            images += trophy_labels(stage.text, earned, stage.layout.centre.width)
            self.effects.sound("your_boodle", 0.7)
        if images:
            self.show_labels(images, delay=0.6)

    def call_out(self, callouts: list[Callout], delay: float = 0.0) -> None:
        """Rosettes for records broken (see `show_labels`)."""
        stage = self.effects.stage
        self.show_labels([stage.cached(("callout", c), self._callout_maker(c)) for c in callouts], delay)

    def show_labels(self, images: list[Canvas], delay: float = 0.0) -> None:
        """Rosettes (records broken, trophies earned) in a row under the status line, clear of the board's cards
        (under the banner showing, with a gap, when it reaches lower); a banner that comes over them later holds
        them back until it has gone."""
        fx = self.effects
        stage = fx.stage
        layout = stage.layout
        sizes = [im.get_size() for im in images]
        places = callout_places(sizes, callout_area(layout, empty_hand=not stage.model.hand))
        for banner in sorted(fx.banner_rects(), key=lambda r: r.bottom):
            if banner.collidelist(places) >= 0:
                area = callout_area(layout, empty_hand=not stage.model.hand)
                area.top = max(area.top, banner.bottom + CALLOUT_GAP)
                places = callout_places(sizes, area)
        for i, (image, rect) in enumerate(zip(images, places)):
            fx.decor.add(RecordLabel(image, rect.topleft, CALLOUT_S, delay + 0.25 * i, fx.banner_over))

    def _callout_maker(self, callout: Callout) -> Callable[[], Canvas]:
        stage = self.effects.stage
        count = callout.count
        match callout.kind:
            case "biggest_pot":
                title, detail = tr("moments.record.biggest_pot"), trn("moments.record.chips", count)
            case "longest_run":
                title, detail = tr("moments.record.longest_run"), trn("moments.record.your_cards", count)
            case _:
                title = tr("moments.record.three_in_a_row") if count == 3 else trn("moments.record.in_a_row", count)
                detail = ""
        return lambda: make_callout(stage.text, title, detail, stage.layout.centre.width)


def callout_area(layout: TableLayout, *, empty_hand: bool) -> pygame.Rect:
    """Where records are called out: under the status line, off the board's cards; down into the hand's place
    when the player has gone out (most records fall then), else in the band above their cards."""
    top = layout.status.bottom + CALLOUT_GAP
    bottom = layout.hand.bottom if empty_hand else max(layout.hand.top, top + CALLOUT_H)
    return pygame.Rect(layout.centre.x, top, layout.centre.width, bottom - top)
