"""The player's own cards that the rules play for them (compulsory follows, forced leads): never silent. Such a
card stands lifted in the hand, glowing, with a caption on the prompt line ("You play J♦ · the next card of the
run: the rules play it for you"), before it flies, and the table rests on it longer than on anyone else's."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from ...engine.cards import Card
from ...engine.decisions import Action, FollowAction, LeadAction
from ...engine.events import Event, Play
from ...locale import tr
from ...locale.words import Words
from .. import paint, theme
from ..canvas import Canvas
from ..text import suit_runs
from .animation import Decoration, blit_faded

if TYPE_CHECKING:
    from .effects import Effects

LIFT = 24  # pixels a card played for the player rises from the hand before it flies
GLOW = 5  # the lifted card's gold ring stands this far outside it
CAPTION_SIZE = 19
CAPTION_MIN = 13  # the smallest a caption squeezed under the stop's band may be


def chosen_card(action: Action, events: Iterable[Event]) -> Card | None:
    """The card the player chose to play with `action` (the first play its events start with), if any: every other
    card of theirs in those events is played for them by the rules."""
    if isinstance(action, LeadAction) or (isinstance(action, FollowAction) and action.play):
        return next((event.card for event in events if isinstance(event, Play)), None)
    return None


class Caption(Decoration):
    """Words on the prompt line that fade in, hold and fade out."""

    def __init__(self, image: Canvas, midtop: tuple[int, int], duration: float) -> None:
        super().__init__(duration)
        self.image = image
        self.midtop = midtop

    def draw(self, surface: Canvas) -> None:
        """The caption where it stands."""
        rect = self.image.get_rect(midtop=self.midtop)
        blit_faded(surface, self.image, rect.topleft, self.alpha(0.08, 0.2))


class OwnCards:
    """What the director does for a card of the player's played for them, and what the painter asks of it."""

    def __init__(self, effects: Effects) -> None:
        self.effects = effects
        self.lifted: Card | None = None  # the card standing lifted in the hand, about to fly
        self.caption: Caption | None = None
        self.words: Words | None = None  # the caption's words (tests and screenshots read them)

    @property
    def showing(self) -> bool:
        """True while a caption is on screen."""
        return self.caption is not None and not self.caption.done

    def lift(self, card: Card, lead: bool, duration: float) -> tuple[int, int]:
        """Lift `card` in the hand and caption it for `duration` (scaled seconds); where its flight starts."""
        effects = self.effects
        self.lifted = card
        self.words = Words.of("deal_log.line.you_lead" if lead else "deal_log.line.you_play", card=card)
        why = tr("deal_log.caption.lead" if lead else "deal_log.caption.follow")
        self.clear()
        image, midtop = self.place(str(self.words), why, card)
        self.caption = Caption(image, midtop, duration)
        effects.decor.add(self.caption)
        effects.sound("click", 0.45)
        x, y = effects.hand_card_centre(card)
        return x, y - LIFT

    def place(self, title: str, why: str, card: Card) -> tuple[Canvas, tuple[int, int]]:
        """The caption and its midtop: on the prompt line, or just under the stop's band while that stands there
        (smaller if need be, so the lifted card stays clear); when even that leaves no room (a two-line band), the
        band gives way and the status line says the stop."""
        effects = self.effects
        prompt = effects.stage.layout.prompt
        band = effects.stop_banner
        if band is None or band.done:
            return self.image(title, why), prompt.midtop
        top = band.rect.bottom - 1  # the band's last row is bare: its accent line stands above it
        _, centre = effects.hand_card_centre(card)
        card_top = centre - effects.stage.layout.hand_slots(1)[0].height // 2 - LIFT - GLOW
        for size in range(CAPTION_SIZE, CAPTION_MIN - 1, -1):
            image = self.image(title, why, size)
            if top + image.get_height() <= card_top:
                return image, (prompt.centerx, top)
        effects.clear_stop_banner()
        return self.image(title, why), prompt.midtop

    def landed(self) -> None:
        """The card has left the hand."""
        self.lifted = None

    def clear(self) -> None:
        """Take the caption away at once (the player's prompt needs its place)."""
        if self.caption is not None:
            self.caption.finish()
            self.effects.decor.anims = [a for a in self.effects.decor.anims if not a.done]
            self.caption = None

    def image(self, title: str, why: str, largest: int = CAPTION_SIZE) -> Canvas:
        """The caption: the card played in gold, then why in a quieter ink, on a dark band, its words at most
        `largest` points."""
        stage = self.effects.stage
        text, room = stage.text, stage.layout.prompt.width
        four = stage.decks.four_colour

        def make() -> Canvas:
            words = f"{title}  ·  {why}"
            size = text.fit_size(words, "bold", largest, room - 24, min(12, largest))
            if text.width(words, "bold", size) > room - 24:
                text.overflows.add(words)
            light = theme.suits_on_dark(four)
            runs = suit_runs(title, theme.GOLD, light) + suit_runs(f"  ·  {why}", theme.INK, light)
            line = text.render_runs(runs, "bold", size)
            band = Canvas.new((line.get_width() + 28, line.get_height() + 8), pygame.SRCALPHA)
            paint.rect(band, (8, 30, 20, 235), band.get_rect(), border_radius=band.get_height() // 2)
            paint.rect(band, theme.GOLD, band.get_rect(), 2, border_radius=band.get_height() // 2)
            band.blit(line, (14, 4))
            return band
        found: Canvas = stage.cached(("own caption", title, why, four, largest), make)
        return found
