"""The director's means: banners across the table, pop-ups over the seats, the characters' speech bubbles,
chips and cards in flight, and sounds; each placed where the layout says, on the stage it is given."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ...engine.cards import Card
from .. import theme
from ..canvas import Canvas
from .animation import Banner, Bubble, Flight, PopUp, Timeline
from .bubble_place import place_bubble
from .model import TableModel
from .sprites import STOP_BANNER_H, make_banner, make_bubble
from .stage import Stage

MAX_CHIP_SPRITES = 6
POPUP_SIZE = 26  # "+12" pop-ups: the title face at this size
POPUP_LINE = 47  # the middle of a plate's chips line, from the plate's top
POPUP_RISE = 12
POPUP_EDGE = 4  # a pop-up's ink keeps this far inside its plate's bottom edge


def character_line(agents: Sequence[Any], seat: int, moment: str, level: float, rng: random.Random) -> str | None:
    """What the character in `seat` says at a moment, if anything: the chattiness `level` scales their own."""
    agent = agents[seat] if 0 <= seat < len(agents) else None
    if agent is None or level <= 0:
        return None
    words: str | None = agent.line(moment)
    if words is None or rng.random() >= level:
        return None
    return words  # the agent draws from the current language's lines (locale.texts.character_lines)


class Effects:
    """What the director shows and sounds with, at the pace of the speed setting."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.motion = Timeline()  # cards and chips in flight: the table waits for these
        self.decor = Timeline()  # banners, pop-ups, bubbles, confetti: never waited for
        self.speed = 1.0
        self._sounded: set[str] = set()
        self._bubbles: dict[int, Bubble] = {}
        self._popups: dict[int, PopUp] = {}
        self._said: dict[int, set[str]] = {}  # each seat's lines said in this deal
        self.stop_banner: Banner | None = None  # the stop's banner, over the status line while it shows

    @property
    def model(self) -> TableModel:
        """The table model the stage shows."""
        return self.stage.model

    @property
    def instant(self) -> bool:
        """True at the "instant" speed."""
        return math.isinf(self.speed)

    def sound(self, name: str, volume: float = 1.0) -> None:
        """Play a sound, at most once a frame per name (instant speed lands many things at once)."""
        if name in self._sounded:
            return
        self._sounded.add(name)
        self.stage.play_sound(name, volume)

    def you(self, seat: int) -> bool:
        """True for the human's seat."""
        return self.model.seats[seat].is_human

    # --- places ---------------------------------------------------------------------------------

    def chip_spot(self, seat: int) -> tuple[int, int]:
        """Where a seat's chips come from and go to."""
        return self.stage.layout.seats[seat].chip_spot

    def card_spot(self, seat: int) -> tuple[int, int]:
        """Where a seat's cards come from and go to."""
        return self.stage.layout.seats[seat].card_origin

    def hand_card_centre(self, card: Card) -> tuple[int, int]:
        """The centre of `card` in the human's hand as shown now."""
        hand = self.model.hand
        if card in hand:
            slots = self.stage.layout.hand_slots(len(hand))
            x, y = slots[hand.index(card)].center
            return x, y
        return self.stage.layout.hand.center

    def boodle_spot(self, slot: int) -> tuple[int, int]:
        """The top of a boodle card's chip stack."""
        x, y = self.stage.layout.boodle_stacks[slot]
        return x, y - 10

    def pot_spot(self) -> tuple[int, int]:
        """The top of the pot's stack."""
        x, y = self.stage.layout.pot_stack
        return x, y - 10

    # --- decorations ----------------------------------------------------------------------------

    def banner(self, title: str, subtitle: str = "", accent: tuple[int, int, int] = theme.GOLD,
               duration: float = 1.4, at: tuple[int, int] | None = None) -> None:
        """A band across the table."""
        stage = self.stage
        four = stage.decks.four_colour
        image = stage.cached(("banner", title, subtitle, accent, four), lambda: make_banner(
            stage.text, title, subtitle, stage.layout.centre.width + 60, accent, theme.suits_on_dark(four)))
        self._show_banner(image, at or (stage.layout.board.centerx, stage.layout.board.centery), duration)

    def _show_banner(self, image: Canvas, centre: tuple[int, int], duration: float) -> Banner:
        for anim in list(self.decor.anims):  # one banner at a time
            if isinstance(anim, Banner):
                anim.finish()
        self.decor.anims = [a for a in self.decor.anims if not a.done]
        self.stop_banner = None
        banner = Banner(image, centre, duration)
        self.decor.add(banner)
        return banner

    def banner_rects(self) -> list[pygame.Rect]:
        """Where the banners to come or showing stand."""
        return [a.rect for a in self.decor.anims if isinstance(a, Banner) and not a.done]

    def banner_over(self, rect: pygame.Rect) -> bool:
        """True while a banner (to come or showing) lies over `rect`."""
        return any(isinstance(a, Banner) and not a.done and a.rect.colliderect(rect) for a in self.decor.anims)

    def draw_decorations(self, surface: Canvas, under_banners: Callable[[Canvas], None]) -> None:
        """The decorations, then `under_banners` (the guide's marks), then the banners over everything: nothing
        crosses a band while it shows."""
        for anim in self.decor.anims:
            if anim.started and not anim.done and not isinstance(anim, Banner):
                anim.draw(surface)
        under_banners(surface)
        for anim in self.decor.anims:
            if anim.started and not anim.done and isinstance(anim, Banner):
                anim.draw(surface)

    def stop_banner_showing(self) -> bool:
        """True while the stop's banner covers the status line."""
        return self.stop_banner is not None and not self.stop_banner.done

    def clear_stop_banner(self) -> None:
        """Take the stop's banner away at once (the human's prompt needs its place)."""
        if self.stop_banner is not None:
            self.stop_banner.finish()
            self.decor.anims = [a for a in self.decor.anims if not a.done]
            self.stop_banner = None

    def stop_banner_at(self, height: int = STOP_BANNER_H) -> tuple[int, int]:
        """The stop banner's centre: on the status line under the board, where it hides no card, chip or seat."""
        status = self.stage.layout.status
        return status.centerx, status.y + height // 2 - 4  # a taller (two-line) band hangs lower, not higher

    def popup(self, seat: int, amount: int, delay: float = 0.0) -> None:
        """A "+12" or "-4" rising from a seat's chips."""
        if amount == 0:
            return
        colour = theme.GOLD if amount > 0 else theme.RED_TEXT
        words = f"+{amount}" if amount > 0 else f"−{-amount}"
        text = self.stage.text
        place = self.stage.layout.seats[seat]
        room = place.plate.right - 8 - (place.name_left + 22 + text.width("888", "bold", 18) + 6)
        size = POPUP_SIZE
        image = text.render_shadowed(words, "title", size, colour, outline=2)
        while image.get_bounding_rect().width > room and size > 14:  # "+123" too stays clear of the count
            size -= 2
            image = text.render_shadowed(words, "title", size, colour, outline=2)
        start, rise = self.popup_path(seat, image)
        popup = PopUp(image, start, delay=delay, rise=rise)
        old = self._popups.get(seat)
        if old is not None and not old.done:  # one number at a time per seat: the old one ends as this one starts
            old.cut(delay)
        self._popups[seat] = popup
        self.decor.add(popup)

    def popup_path(self, seat: int, image: Canvas) -> tuple[tuple[float, float], float]:
        """Where a seat's pop-up starts (its centre) and how far it rises: beside the chip count, at the
        right end of the plate's lower line, rising from just under it to that line, so the name above
        is never covered."""
        plate = self.stage.layout.seats[seat].plate
        ink = image.get_bounding_rect()
        x = plate.right - 8 - ink.right + image.get_width() / 2  # the number's right edge near the plate's
        y = plate.y + POPUP_LINE  # the chips line's middle
        # the number's ink stays inside the plate's frame all the way up: it never crosses the plate's edge
        start = min(y + POPUP_RISE, plate.bottom - POPUP_EDGE - (ink.bottom - image.get_height() / 2))
        return (x, start), float(max(0.0, start - y))

    def say(self, seat: int, moment: str) -> None:
        """Let a character speak at a moment, if they have a line and the chattiness allows."""
        words = self.stage.line_for(seat, moment)
        said = self._said.setdefault(seat, set())
        if not words or words in said:  # a character never says the same line twice in a deal
            return
        said.add(words)
        self.speak(seat, words)

    def speak(self, seat: int, words: str, duration: float | None = None) -> None:
        """A speech bubble by `seat` saying `words` (in place of the seat's last), for `duration` or as long as the
        words take to read."""
        image, rect = self.bubble_for(seat, words)
        old = self._bubbles.pop(seat, None)
        if old is not None:
            old.finish()
            self.decor.anims = [a for a in self.decor.anims if not a.done]
        bubble = Bubble(image, rect.topleft, duration or 2.0 + 0.045 * len(words), seat=seat)
        self._bubbles[seat] = bubble
        self.decor.add(bubble)
        self.sound("bubble", 0.5)

    def clear_decorations(self) -> None:
        """End every banner, pop-up, bubble and burst at once, without their callbacks (their deal is over)."""
        self.decor.clear()
        self._popups.clear()
        self._bubbles.clear()
        self._said.clear()
        self.stop_banner = None

    def hush(self) -> None:
        """End every speech bubble at once."""
        for bubble in self._bubbles.values():
            bubble.finish()
        self._bubbles.clear()
        self.decor.anims = [a for a in self.decor.anims if not a.done]

    def bubble_for(self, seat: int, words: str) -> tuple[Canvas, pygame.Rect]:
        """A seat's bubble saying `words` and where it goes: its tail on the seat, covering nothing read."""
        stage = self.stage
        layout = stage.layout

        def art(side: str, at: float, width: int, size: int) -> tuple[Canvas, pygame.Vector2]:
            return make_bubble(stage.text, words, side, width, tip=at, size=size)
        above = stage.kept_clear()
        others = [pygame.Rect(bubble.topleft, bubble.image.get_size()) for other, bubble in self._bubbles.items()
                  if other != seat and not bubble.done]
        placed: tuple[Canvas, pygame.Rect] = stage.cached(
            ("bubble", words, seat, layout.players, layout.boodle_count, tuple(map(tuple, above)),
             tuple(map(tuple, others))), lambda: place_bubble(layout, seat, art, above=above, others=others))
        return placed[0], placed[1].copy()

    def chips_fly(self, chips: int, start: tuple[int, int], end: tuple[int, int], colour: int, *, delay: float = 0.0,
                  leave: Callable[[int], None] | None = None, land: Callable[[int], None] | None = None,
                  blocking: bool = True, duration: float = 0.42, arc: float = 18.0) -> float:
        """Chips sliding from `start` to `end` as a few sprites, each carrying a share; the last landing time."""
        if chips <= 0:
            return delay
        sprites = min(chips, MAX_CHIP_SPRITES)
        shares = [chips // sprites + (1 if i < chips % sprites else 0) for i in range(sprites)]
        image = self.stage.art.chip(colour, 12)
        end_time = delay
        for i, share in enumerate(shares):
            d = delay + i * 0.06
            flight = Flight(image, start, end, duration, d, arc=arc,
                            on_start=self._leaving(share, leave),
                            on_done=self._landing(share, land))
            flight.blocking = blocking
            self.motion.add(flight)
            end_time = d + duration
        return end_time

    @staticmethod
    def _leaving(share: int, leave: Callable[[int], None] | None) -> Callable[[], None] | None:
        if leave is None:
            return None
        return lambda: leave(share)

    def _landing(self, share: int, land: Callable[[int], None] | None) -> Callable[[], None]:
        def done() -> None:
            if land is not None:
                land(share)
            self.sound("chip_clink", 0.7)
        return done
