"""The deck, chips and dealer button, drawn once with pygame at start-up and cached per size.

Shapes with curved edges (card outlines, chips, the back's lattice) are drawn at SUPERSAMPLE times
the size and smooth-scaled down, which antialiases them in one cheap pass; glyphs (indices, pips,
court letters) are rendered straight at the final size, where the font's own hinting keeps them
crisp. Variants (highlighted, dimmed, boodle) are made on first use and then kept. Below
PIPS_MIN_WIDTH number cards show a large rank over its suit instead of pips, which would be specks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from . import paint, theme
from .assets import Assets
from .canvas import Canvas, scale

Colour = tuple[int, int, int]
SUPERSAMPLE = 4
ASPECT = 1.4  # poker size, 2.5 x 3.5 in
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")  # English: the default faces
SUIT_GLYPHS = "♠♥♦♣"
PIPS_MIN_WIDTH = 72  # below this a number card shows one large suit: pips would be specks

BOODLE_FACE = (250, 244, 226)
BOODLE_EDGE = (176, 132, 36)
HIGHLIGHT = (255, 208, 64)
COURT_FRAMES: dict[int, Colour] = {11: (52, 96, 168), 12: (156, 52, 92), 13: (186, 140, 36)}

# pip centres for 2..10 as (column, row): column -1/0/1 = left/middle/right, row 0..1 from top to bottom
PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((0, 0.0), (0, 1.0)),
    3: ((0, 0.0), (0, 0.5), (0, 1.0)),
    4: ((-1, 0.0), (1, 0.0), (-1, 1.0), (1, 1.0)),
    5: ((-1, 0.0), (1, 0.0), (0, 0.5), (-1, 1.0), (1, 1.0)),
    6: ((-1, 0.0), (1, 0.0), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    7: ((-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    8: ((-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1.0), (1, 1.0)),
    9: ((-1, 0.0), (1, 0.0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3), (-1, 1.0), (1, 1.0)),
    10: ((-1, 0.0), (1, 0.0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6),
         (-1, 1.0), (1, 1.0)),
}


class CardLike(Protocol):
    """Anything with a rank (1 = ace .. 13 = king) and a suit (0..3 in ♠♥♦♣ order), like engine Cards."""

    @property
    def rank(self) -> int: ...

    @property
    def suit(self) -> int: ...


def card_size(width: int) -> tuple[int, int]:
    """The (width, height) of a card `width` pixels wide."""
    return width, round(width * ASPECT)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """The colour `t` of the way from `a` to `b`."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def ready(surface: Canvas, alpha: bool = True) -> Canvas:
    """Converted for fast blitting when a display exists (tests may have none)."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if alpha else surface.convert()


def glyph(font: pygame.font.Font, text: str, colour: Colour) -> Canvas:
    """`text` rendered with the real-size `font` (see real_font) and cropped to its ink, to be centred exactly."""
    surface = font.render(text, True, colour)
    box = surface.get_bounding_rect()
    return Canvas(surface.subsurface(box).copy() if box.width and box.height else surface, scale())


def real_font(assets: Assets, role: str, size: int) -> pygame.font.Font:
    """The font that draws `role` at logical `size` in real pixels."""
    return assets.font(role, max(1, round(size * scale())))


def _rounded(size: tuple[int, int], radius: int, layers: Sequence[tuple[float, Colour]]) -> Canvas:
    """A rounded rectangle of nested layers (inset px, colour), antialiased by supersampling."""
    w, h = size
    big = Canvas.new((w * SUPERSAMPLE, h * SUPERSAMPLE), pygame.SRCALPHA)
    for inset, colour in layers:
        i = round(inset * SUPERSAMPLE)
        rect = pygame.Rect(i, i, w * SUPERSAMPLE - 2 * i, h * SUPERSAMPLE - 2 * i)
        paint.rect(big, colour, rect, border_radius=max(1, radius * SUPERSAMPLE - i))
    return big.scaled(size)


class Deck:
    """The 52 faces, the back and the variants of one card width and colour scheme."""

    def __init__(self, assets: Assets, width: int, four_colour: bool = False,
                 ranks: Sequence[str] = RANKS) -> None:
        self.assets = assets
        self.ranks = tuple(ranks)  # the letters on the faces, ace to king: the language's (V D R in French)
        self.width, self.height = self.size = card_size(width)
        self.four_colour = four_colour
        self.suit_colours: tuple[Colour, ...] = tuple(theme.SUIT_COLOURS[four_colour])
        self.radius = max(3, round(width * 0.075))
        self._glyphs: dict[tuple[str, str, int, Colour], Canvas] = {}
        self._plain = _rounded(self.size, self.radius, ((0, theme.CARD_EDGE), (1, theme.CARD_FACE)))
        band = max(2.0, width / 28)
        self._boodle_blank = _rounded(self.size, self.radius, (
            (0, mix(BOODLE_EDGE, (0, 0, 0), 0.3)), (1, BOODLE_EDGE), (band, mix(BOODLE_EDGE, BOODLE_FACE, 0.6)),
            (band + 1, BOODLE_FACE)))
        self._faces = [self._draw_face(rank, suit, self._plain) for suit in range(4) for rank in range(1, 14)]
        self._back: Canvas | None = None
        self._variants: dict[tuple[str, int], Canvas] = {}
        self._shadow: Canvas | None = None
        self._ring_art: Canvas | None = None

    # --- lookups --------------------------------------------------------------------------------

    def face(self, card: CardLike) -> Canvas:
        """The face of `card`."""
        return self._faces[int(card.suit) * 13 + card.rank - 1]

    def back(self) -> Canvas:
        """The patterned back."""
        if self._back is None:
            self._back = self._draw_back()
        return self._back

    def highlighted(self, card: CardLike) -> Canvas:
        """The face with a gold ring: a card the player may lawfully play."""
        return self._variant("highlighted", card)

    def dimmed(self, card: CardLike) -> Canvas:
        """The face greyed down: a card the player may not play now."""
        return self._variant("dimmed", card)

    def boodle(self, card: CardLike) -> Canvas:
        """The face as a boodle card, from the 'second deck': cream stock in a gold frame."""
        return self._variant("boodle", card)

    def shadow(self) -> Canvas:
        """A soft shadow to blit under a card, `shadow_pad` px larger on every side."""
        if self._shadow is None:
            pad = self.shadow_pad
            blob = Canvas.new((self.width + 2 * pad, self.height + 2 * pad), pygame.SRCALPHA)
            paint.rect(blob, (0, 0, 0, 120), (pad, pad, self.width, self.height), border_radius=self.radius)
            self._shadow = ready(blob.blurred(max(1, pad // 2)))
        return self._shadow

    @property
    def shadow_pad(self) -> int:
        """How far the shadow extends beyond the card."""
        return max(3, self.width // 12)

    def prepare(self) -> None:
        """Draw every lazily made surface now (the back, every variant, the shadow)."""
        self.back()
        self.shadow()
        for index in range(52):
            for kind in ("highlighted", "dimmed", "boodle"):
                self._variant_at(kind, index)

    def _variant(self, kind: str, card: CardLike) -> Canvas:
        return self._variant_at(kind, int(card.suit) * 13 + card.rank - 1)

    def _variant_at(self, kind: str, index: int) -> Canvas:
        key = (kind, index)
        found = self._variants.get(key)
        if found is None:
            found = self._variants[key] = self._draw_variant(kind, index)
        return found

    def _draw_variant(self, kind: str, index: int) -> Canvas:
        rank, suit = index % 13 + 1, index // 13
        if kind == "boodle":
            return self._draw_face(rank, suit, self._boodle_blank, boodle=True)
        surface = self._faces[index].copy()
        if kind == "dimmed":
            surface.fill((150, 150, 158), special_flags=pygame.BLEND_RGB_MULT)
            return surface
        ring = self._ring()
        surface.blit(ring, (0, 0))
        return surface

    def _ring(self) -> Canvas:
        """The gold band laid over a highlighted card, drawn once per deck."""
        if self._ring_art is None:
            thick = max(2.0, self.width / 24)
            ring = _rounded(self.size, self.radius, ((0, HIGHLIGHT),))
            hole = _rounded(self.size, self.radius, ((thick, (255, 255, 255)),))
            ring.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)  # cut the middle out, softly
            self._ring_art = ring
        return self._ring_art

    # --- drawing --------------------------------------------------------------------------------

    def glyph(self, role: str, text: str, size: int, colour: Colour) -> Canvas:
        """A cropped glyph, cached per deck."""
        key = (role, text, size, colour)
        found = self._glyphs.get(key)
        if found is None:
            found = self._glyphs[key] = glyph(real_font(self.assets, role, size), text, colour)
        return found

    @property
    def _rank_size(self) -> int:
        # small cards are read by their index alone, so it is relatively larger there
        return max(12, round(self.width * (0.21 if self.width >= PIPS_MIN_WIDTH else 0.29)))

    def _index_block(self, rank: int, suit: int) -> Canvas:
        """The corner index: the rank over the suit symbol, centred in one column."""
        w = self.width
        colour = self.suit_colours[suit]
        rank_glyph = self.glyph("condensed", self.ranks[rank - 1], self._rank_size, colour)
        eight = self.glyph("condensed", "8", self._rank_size, colour)
        if rank == 10:  # "10" is two figures: squeeze it towards the width of the others
            narrow = round(eight.get_width() * 1.5)
            if rank_glyph.get_width() > narrow:
                rank_glyph = rank_glyph.scaled((narrow, rank_glyph.get_height()))
        suit_scale = 0.8 if w < PIPS_MIN_WIDTH else 0.72
        suit_glyph = self.glyph("body", SUIT_GLYPHS[suit], round(self._rank_size * suit_scale), colour)
        column = self._index_column
        gap = max(1, round(w * 0.025))
        cap = eight.get_height()
        block = Canvas.new((column, cap + gap + suit_glyph.get_height()), pygame.SRCALPHA)
        # ranks share the baseline of the figure 8, so a Q's tail hangs below it as in print
        block.blit(rank_glyph, ((column - rank_glyph.get_width()) // 2, 0))
        block.blit(suit_glyph, ((column - suit_glyph.get_width()) // 2, cap + gap))
        return block

    @property
    def _index_column(self) -> int:
        """The width of the index column: that of the squeezed "10"."""
        return round(self.glyph("condensed", "8", self._rank_size, (0, 0, 0)).get_width() * 1.5)

    @property
    def _index_margin(self) -> int:
        return max(3, round(self.width * 0.055))

    def _draw_face(self, rank: int, suit: int, blank: Canvas, boodle: bool = False) -> Canvas:
        surface = blank.copy()
        if rank == 1:
            self._draw_ace(surface, suit)
        elif rank >= 11 and boodle and self.width < PIPS_MIN_WIDTH:
            # a small court's frame is its whole edge, which would hide the boodle card's gold one
            self._draw_centre(surface, self.ranks[rank - 1], "title", suit, None)
        elif rank >= 11:
            self._draw_court(surface, rank, suit)
        elif self.width >= PIPS_MIN_WIDTH:
            self._draw_pips(surface, rank, suit)
        else:
            self._draw_centre(surface, self.ranks[rank - 1], "condensed", suit, None)
        block = self._index_block(rank, suit)
        x = y = self._index_margin
        surface.blit(block, (x, y))
        surface.blit(block.rotated(180),
                     (self.width - x - block.get_width(), self.height - y - block.get_height()))
        return ready(surface)

    def _draw_ace(self, surface: Canvas, suit: int) -> None:
        scale = 0.62 if suit == 0 else 0.52  # the ace of spades is traditionally the grand one
        glyph = self.glyph("body", SUIT_GLYPHS[suit], round(self.width * scale), self.suit_colours[suit])
        surface.blit(glyph, glyph.get_rect(center=(self.width // 2, self.height // 2)))

    def _draw_pips(self, surface: Canvas, rank: int, suit: int) -> None:
        w, h = self.size
        colour = self.suit_colours[suit]
        pip = self.glyph("body", SUIT_GLYPHS[suit], round(w * 0.225), colour)
        upside_down = pip.rotated(180)
        column_x = {-1: w * 0.355, 0: w * 0.5, 1: w * 0.645}
        top, bottom = h * 0.215, h * 0.785
        for column, row in PIP_LAYOUTS[rank]:
            centre = (column_x[column], top + (bottom - top) * row)
            art = upside_down if row > 0.5 else pip
            surface.blit(art, art.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _frame_rect(self) -> pygame.Rect:
        """The court frame: between the index columns, or the whole card where that would be too narrow."""
        w, h = self.size
        if w < PIPS_MIN_WIDTH:
            return pygame.Rect(1, 1, w - 2, h - 2)
        side = self._index_margin + self._index_column + max(2, round(w * 0.035))
        frame = pygame.Rect(0, 0, min(round(w * 0.56), w - 2 * side), round(h * 0.8))
        frame.center = (w // 2, h // 2)
        return frame

    def _draw_centre(self, surface: Canvas, text: str, role: str, suit: int,
                     area: pygame.Rect | None) -> None:
        """A large rank and its suit, centred in `area`.

        On big cards the suit sits above the rank and again upside down below it, like a court card's
        two ends; small cards have no room for that beside their indices, so there the rank stands
        over a single suit.
        """
        w = self.width
        small = w < PIPS_MIN_WIDTH
        area = area or surface.get_rect()
        colour = self.suit_colours[suit]
        letter = self.glyph(role, text, round(w * (0.42 if small else 0.5 if role == "title" else 0.46)), colour)
        widest = min(area.width * 0.86, w * 0.42) if small else area.width * 0.86
        if letter.get_width() > widest:
            scale = widest / letter.get_width()
            letter = letter.scaled((round(letter.get_width() * scale), round(letter.get_height() * scale)))
        pip = self.glyph("body", SUIT_GLYPHS[suit], round(w * (0.26 if small else 0.22)), colour)
        gap = max(2, round(w * 0.05))
        cx, cy = area.centerx, area.centery
        if small:
            top = cy - (letter.get_height() + gap + pip.get_height()) // 2
            surface.blit(letter, letter.get_rect(midtop=(cx, top)))
            surface.blit(pip, pip.get_rect(midtop=(cx, top + letter.get_height() + gap)))
            return
        surface.blit(letter, letter.get_rect(center=(cx, cy)))
        surface.blit(pip, pip.get_rect(midbottom=(cx, cy - letter.get_height() // 2 - gap)))
        below = pip.get_rect(midtop=(cx, cy + (letter.get_height() + 1) // 2 + gap))
        surface.blit(pip.rotated(180), below)

    def _draw_court(self, surface: Canvas, rank: int, suit: int) -> None:
        """A framed court card: a large serif letter between two suit symbols in a coloured frame."""
        w = self.width
        frame_colour = COURT_FRAMES[rank]
        frame = self._frame_rect()
        line = max(1.0, w / 48)
        tint = mix(frame_colour, theme.CARD_FACE, 0.88)
        if w < PIPS_MIN_WIDTH:  # the frame is the card's own edge: one coloured line, clear of the index
            inner = _rounded(frame.size, self.radius - 1, ((0, frame_colour), (1, tint)))
        else:
            inner = _rounded(frame.size, max(2, round(w * 0.03)), (
                (0, frame_colour), (line, tint),
                (line + max(1.5, w / 40), mix(frame_colour, theme.CARD_FACE, 0.45)),
                (line + max(1.5, w / 40) + max(1.0, w / 80), tint)))
        surface.blit(inner, frame)
        self._draw_centre(surface, self.ranks[rank - 1], "title", suit, frame)

    def _draw_back(self) -> Canvas:
        w, h = self.size
        s = SUPERSAMPLE // 2  # the lattice is fine detail: 2x keeps it crisp without blurring it away
        big_w, big_h = w * s, h * s
        margin = max(2.0, w * 0.065)
        back = Canvas.new((big_w, big_h), pygame.SRCALPHA)
        edge, face = theme.CARD_EDGE, theme.CARD_FACE
        paint.rect(back, edge, (0, 0, big_w, big_h), border_radius=self.radius * s)
        paint.rect(back, face, (s, s, big_w - 2 * s, big_h - 2 * s), border_radius=(self.radius - 1) * s)
        m = round(margin * s)
        field = pygame.Rect(m, m, big_w - 2 * m, big_h - 2 * m)
        inner_radius = max(1, round((self.radius - margin * 0.6) * s))
        paint.rect(back, theme.CARD_BACK, field, border_radius=inner_radius)
        pattern = Canvas.new(field.size, pygame.SRCALPHA)
        step = max(6, round(w / 7)) * s
        line = max(1, s)
        for offset in range(-field.height, field.width + field.height, step):
            paint.line(pattern, theme.CARD_BACK_PATTERN, (offset, 0), (offset + field.height, field.height), line)
            paint.line(pattern, theme.CARD_BACK_PATTERN, (offset, field.height), (offset + field.height, 0), line)
        mask = Canvas.new(field.size, pygame.SRCALPHA)
        paint.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=inner_radius)
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        back.blit(pattern, field)
        frame = field.inflate(-round(w * 0.06) * s, -round(w * 0.06) * s)
        paint.rect(back, face, frame, max(1, s), border_radius=max(1, inner_radius - 2 * s))
        # a medallion in the middle: a diamond of felt-red with a gold edge
        cx, cy = big_w / 2, big_h / 2
        rx, ry = w * 0.2 * s, w * 0.27 * s
        diamond = [(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)]
        paint.polygon(back, theme.CARD_BACK, diamond)
        paint.polygon(back, theme.GOLD, diamond, max(1, round(w / 40 * s)))
        result = back.scaled(self.size)
        emblem = self.glyph("body", "♠", max(8, round(w * 0.2)), theme.GOLD)
        result.blit(emblem, emblem.get_rect(center=(w / 2, h / 2)))
        return ready(result)


