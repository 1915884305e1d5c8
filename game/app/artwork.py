"""The table's drawn things besides the cards, and the decks themselves, cached: casino chips flat and tilted
(for stacks), the dealer button, and a deck for every width, colour scheme and language asked for."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from ..locale import language, tr
from ..locale.cards import rank_letter
from . import paint, theme
from .assets import Assets
from .canvas import Canvas, scale
from .card_art import SUPERSAMPLE, Colour, Deck, glyph, mix, ready, real_font


class Artwork:
    """Every drawn sprite of the table, cached: decks per (width, colours), chips, the dealer button."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._decks: dict[tuple[float, int, bool, str], Deck] = {}
        self._chips: dict[tuple[float, int, int, bool], Canvas] = {}
        self._buttons: dict[tuple[float, int, str], Canvas] = {}

    def deck(self, width: int, four_colour: bool = False) -> Deck:
        """The deck `width` pixels wide with the current language's rank letters, drawn on first request."""
        key = (scale(), width, four_colour, language())
        found = self._decks.get(key)
        if found is None:
            ranks = tuple(rank_letter(rank) for rank in range(1, 14))
            found = self._decks[key] = Deck(self.assets, width, four_colour, ranks)
        return found

    def prepare(self, widths: Sequence[int], chip_radii: Sequence[int], four_colour: bool = False) -> None:
        """Draw at start-up what the table will need: decks with backs, chips flat and tilted, the button."""
        for width in widths:
            self.deck(width, four_colour).back()
        for radius in chip_radii:
            for colour in range(len(theme.CHIP_COLOURS)):
                self.chip(colour, radius)
                self.chip(colour, radius, tilted=True)
        if chip_radii:
            self.dealer_button(max(chip_radii))

    # --- chips ----------------------------------------------------------------------------------

    def chip(self, colour: int, radius: int, tilted: bool = False) -> Canvas:
        """A casino chip of CHIP_COLOURS[colour], seen from above or `tilted` (for stacks)."""
        key = (scale(), colour % len(theme.CHIP_COLOURS), radius, tilted)
        found = self._chips.get(key)
        if found is None:
            flat = self._chips.get((key[0], key[1], radius, False))
            if flat is None:
                flat = self._chips[(key[0], key[1], radius, False)] = ready(self._draw_chip(key[1], radius))
            found = self._chips[key] = ready(self._tilt_chip(key[1], radius, flat)) if tilted else flat
        return found

    @staticmethod
    def chip_step(radius: int) -> int:
        """The height one chip adds to a stack of tilted chips."""
        return max(2, round(radius * 0.26))

    def draw_stack(self, target: Canvas, colour: int, radius: int, count: int,
                   midbottom: tuple[int, int], max_shown: int = 10) -> pygame.Rect:
        """Blit a stack of `count` tilted chips (at most `max_shown`) standing on `midbottom`."""
        chip = self.chip(colour, radius, tilted=True)
        step = self.chip_step(radius)
        rect = chip.get_rect(midbottom=midbottom)
        area = rect.copy()
        for _ in range(min(count, max_shown)):
            target.blit(chip, rect)
            area.union_ip(rect)
            rect.y -= step
        return area

    @staticmethod
    def _chip_colours(colour: int) -> tuple[Colour, Colour, Colour]:
        base = theme.CHIP_COLOURS[colour]
        light = sum(base) / 3 > 180
        stripe = theme.CHIP_COLOURS[2] if light else (244, 242, 236)
        rim = mix(base, (0, 0, 0), 0.35 if light else 0.45)
        return base, stripe, rim

    def _draw_chip(self, colour: int, radius: int) -> Canvas:
        base, stripe, rim = self._chip_colours(colour)
        s = SUPERSAMPLE
        size = 2 * radius * s
        r = radius * s
        c = (r, r)
        big = Canvas.new((size, size), pygame.SRCALPHA)
        paint.circle(big, rim, c, r)
        paint.circle(big, base, c, r - max(s, round(r * 0.05)))
        outer, inner = r - max(s, round(r * 0.07)), r * 0.7
        for k in range(6):
            middle = k * math.pi / 3 + math.pi / 6
            half = math.radians(13)
            steps = 6
            arc_out = [(r + outer * math.cos(middle - half + 2 * half * i / steps),
                        r + outer * math.sin(middle - half + 2 * half * i / steps)) for i in range(steps + 1)]
            arc_in = [(r + inner * math.cos(middle + half - 2 * half * i / steps),
                       r + inner * math.sin(middle + half - 2 * half * i / steps)) for i in range(steps + 1)]
            paint.polygon(big, stripe, arc_out + arc_in)
        paint.circle(big, mix(base, stripe, 0.55), c, round(r * 0.64))
        paint.circle(big, mix(base, (255, 255, 255), 0.12), c, round(r * 0.58))
        paint.circle(big, mix(base, rim, 0.5), c, round(r * 0.58), max(s, round(r * 0.03)))
        chip = big.scaled((2 * radius, 2 * radius))
        return chip

    def _tilt_chip(self, colour: int, radius: int, flat: Canvas) -> Canvas:
        """The chip seen at an angle: a squashed top over an edge band, so that chips stack."""
        base, stripe, rim = self._chip_colours(colour)
        squash = 0.55
        top_h = max(2, round(2 * radius * squash))
        edge = self.chip_step(radius)
        s = SUPERSAMPLE
        w, h = 2 * radius * s, (top_h + edge) * s
        big = Canvas.new((w, h), pygame.SRCALPHA)
        side = mix(base, (0, 0, 0), 0.3)
        band = pygame.Rect(0, top_h * s // 2, w, edge * s)
        paint.ellipse(big, rim, (0, edge * s, w, top_h * s))
        paint.rect(big, side, band)
        paint.ellipse(big, side, (s // 2, edge * s - s // 2, w - s, top_h * s))
        for k in range(6):  # the edge stripes that face the viewer
            angle = k * math.pi / 3 + math.pi / 6
            if math.sin(angle) <= 0.05:
                continue
            x = w / 2 + math.cos(angle) * (w / 2) * 0.82
            stripe_w = max(s, round(w * 0.11 * math.sin(angle)))
            y = top_h * s / 2 + math.sin(angle) * top_h * s / 2
            paint.rect(big, mix(stripe, side, 0.15), (round(x - stripe_w / 2), round(y - s), stripe_w, edge * s))
        tilted = big.scaled((2 * radius, top_h + edge))
        top = flat.scaled((2 * radius, top_h))
        tilted.blit(top, (0, 0))
        return tilted

    # --- the dealer button ----------------------------------------------------------------------

    def forget_decks(self) -> None:
        """Drop the decks and dealer buttons drawn so far (the language changed: their letters with it)."""
        self._decks.clear()
        self._buttons.clear()

    def dealer_button(self, radius: int) -> Canvas:
        """The dealer button: a cream disc with the dealer's initial in the current language ('D')."""
        initial = tr("app.dealer_initial")
        found = self._buttons.get((scale(), radius, initial))
        if found is None:
            s = SUPERSAMPLE
            r = radius * s
            big = Canvas.new((2 * r, 2 * r), pygame.SRCALPHA)
            ink = (40, 36, 30)
            paint.circle(big, (120, 110, 92), (r, r), r)
            paint.circle(big, (250, 246, 232), (r, r), r - max(s, r // 14))
            paint.circle(big, (196, 186, 160), (r, r), round(r * 0.8), max(s, r // 22))
            found = big.scaled((2 * radius, 2 * radius))
            letter = glyph(real_font(self.assets, "title", round(radius * 1.25)), initial, ink)
            found.blit(letter, letter.get_rect(center=(radius, radius)))
            found = self._buttons[(scale(), radius, initial)] = ready(found)
        return found
