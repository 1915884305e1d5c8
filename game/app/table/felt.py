"""The table's still picture: the felt in the look of the club (or a look a campaign unlocked), the rail, the
seat plates, the board's empty slots and the boodle cards, drawn once into one opaque surface."""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence

import pygame

from ...engine.cards import Card, Suit
from ...engine.combinations import Combination, Pile
from ...locale import tr
from ...locale.cards import card_label, rank_letter
from .. import paint, theme
from ..canvas import Canvas, scale
from ..card_art import mix
from ..text import TextCache
from . import layout as geometry
from .layout import TableLayout
from .looks import BRASS, CLUB, LAMP, NAP, ROUND_BOARD, WALNUT, TableLook
from .sprites import TableDecks

PLATE_FILL = CLUB.plate


def draw_felt(surface: Canvas, layout: TableLayout, look: TableLook = CLUB) -> None:
    """The room, the rail, and the felt with a soft light in the middle and a little grain, dressed as `look`."""
    surface.fill(look.room)
    rail = layout.rail
    paint.rect(surface, look.rail_shadow, rail.move(0, 3), border_radius=geometry.FELT_RADIUS + 12)
    paint.rect(surface, look.rail, rail, border_radius=geometry.FELT_RADIUS + 12)
    if look.style == WALNUT:
        _walnut_grain(surface, layout, look)
    elif look.style == BRASS:
        _brass_shine(surface, layout, look)
    paint.rect(surface, look.rail_light, rail.inflate(-6, -6), 2, border_radius=geometry.FELT_RADIUS + 9)
    felt = layout.felt
    base = _cloth(felt.size, look)
    surface.blit(base, felt)
    paint.rect(surface, look.edge, felt, 2, border_radius=geometry.FELT_RADIUS)
    if look.style != ROUND_BOARD:  # the round board has its own gold ring instead
        # a faint inner line, as printed on a card table
        paint.rect(surface, mix(look.felt, theme.GOLD, 0.18), felt.inflate(-22, -22), 1,
                         border_radius=geometry.FELT_RADIUS - 8)


_CLOTHS: dict[tuple[tuple[int, int], TableLook, float], Canvas] = {}
CLOTHS_KEPT = 6  # a few looks and scales: each is one felt-sized picture


def _cloth(size: tuple[int, int], look: TableLook) -> Canvas:
    """The felt's cloth (light, grain, nap or glow, rounded corners) at `size`, drawn once per look and scale:
    the same thousands of strokes every time a table is laid out (a new table, a resize, a setting changed)."""
    key = (size, look, scale())
    found = _CLOTHS.get(key)
    if found is not None:
        return found
    base = Canvas.new(size, pygame.SRCALPHA)
    if look.style == ROUND_BOARD:
        _round_board(base, look)
    else:
        # light pooled in the middle of the table: concentric ellipses from the rim colour to the light felt
        steps = 14
        for k in range(steps):
            t = k / (steps - 1)
            colour = mix(look.felt_dark, mix(look.felt, look.felt_light, 0.35), t)
            rect = pygame.Rect(0, 0, round(size[0] * (1.35 - 0.75 * t)), round(size[1] * (1.5 - 0.85 * t)))
            rect.center = (size[0] // 2, size[1] // 2)
            paint.ellipse(base, colour, rect)
    grain = random.Random(7)
    for _ in range(5000):
        x, y = grain.randrange(size[0]), grain.randrange(size[1])
        shade = grain.choice(((0, 0, 0, 18), (255, 255, 255, 10)))
        base.fill(shade, (x, y, 2, 1))
    if look.style == NAP:
        _nap(base)
    elif look.style == LAMP:
        _lamp_glow(base)
    mask = Canvas.new(size, pygame.SRCALPHA)
    paint.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=geometry.FELT_RADIUS)
    base.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if len(_CLOTHS) >= CLOTHS_KEPT:
        _CLOTHS.pop(next(iter(_CLOTHS)))
    _CLOTHS[key] = base
    return base


def board_circle(size: tuple[int, int]) -> tuple[tuple[int, int], int]:
    """The round board's centre and radius on a felt of `size`: as large as the felt's height allows."""
    width, height = size
    return (width // 2, height // 2), height // 2 - 6


def _round_board(base: Canvas, look: TableLook) -> None:
    """A round lacquered board like the old Pope Joan staking boards: turned wood, a sheen, a gold ring."""
    width, height = base.get_size()
    base.fill(look.surround)
    # the surround is a dark cloth, a touch lighter in the middle
    for k in range(8):
        t = k / 7
        rect = pygame.Rect(0, 0, round(width * (1.3 - 0.5 * t)), round(height * (1.4 - 0.5 * t)))
        rect.center = (width // 2, height // 2)
        paint.ellipse(base, mix(look.surround, (0, 0, 0), 0.35 * (1 - t)), rect)
    (cx, cy), radius = board_circle((width, height))
    paint.circle(base, (0, 0, 0, 120), (cx + 2, cy + 6), radius + 4)  # the board's shadow on the cloth
    # turned wood: rings from the dark rim to the lit middle, each a little off the last, like growth rings
    rings = random.Random(11)
    steps = 40
    for k in range(steps):
        t = k / (steps - 1)
        colour = mix(look.felt_dark, mix(look.felt, look.felt_light, 0.3), min(1.0, t * 1.25))
        colour = mix(colour, (0, 0, 0), rings.uniform(0.0, 0.08))
        paint.circle(base, colour, (cx, cy), round(radius * (1 - 0.97 * t)))
    # lacquer sheen: a soft highlight up and to the left
    sheen = Canvas.new((width, height), pygame.SRCALPHA)
    for k in range(10):
        rect = pygame.Rect(0, 0, round(radius * (1.1 - 0.08 * k)), round(radius * (0.5 - 0.04 * k)))
        rect.center = (cx - radius // 3, cy - radius // 2)
        paint.ellipse(sheen, (255, 236, 200, 4), rect)
    base.blit(sheen, (0, 0))
    gold, dark_gold = theme.GOLD, mix(theme.GOLD, (0, 0, 0), 0.45)
    # the staking compartments round the rim, as on the old boards, divided by gold spokes
    inner = round(radius * 0.86)
    paint.circle(base, mix(look.felt_dark, (0, 0, 0), 0.15), (cx, cy), radius - 4)
    paint.circle(base, mix(look.felt_dark, look.felt, 0.5), (cx, cy), inner + 1)
    for k in range(8):
        angle = math.pi * (k / 4 + 1 / 8)
        start = (cx + round(math.cos(angle) * inner), cy + round(math.sin(angle) * inner))
        end = (cx + round(math.cos(angle) * (radius - 6)), cy + round(math.sin(angle) * (radius - 6)))
        paint.line(base, dark_gold, start, end, 2)
    for k in range(steps // 2):  # the middle again over the band's inner edge, so the band reads as a rim
        t = k / (steps // 2 - 1)
        colour = mix(look.felt_dark, mix(look.felt, look.felt_light, 0.3), min(1.0, 0.35 + t))
        paint.circle(base, colour, (cx, cy), round(inner * (1 - 0.97 * t)) - 2)
    base.blit(sheen, (0, 0))
    paint.circle(base, dark_gold, (cx, cy), inner, 1)
    paint.circle(base, gold, (cx, cy), radius, 3)
    paint.circle(base, dark_gold, (cx, cy), radius - 5, 1)
    paint.circle(base, (0, 0, 0, 160), (cx, cy), radius + 2, 1)


def _nap(base: Canvas) -> None:
    """A billiard cloth's pile: fine short strokes, all brushed one way, laid over the cloth."""
    nap = random.Random(13)
    width, height = base.get_size()
    pile = Canvas.new((width, height), pygame.SRCALPHA)
    for _ in range(14000):
        x, y = nap.randrange(width), nap.randrange(height)
        shade = nap.choice(((0, 40, 10, 34), (200, 255, 200, 16), (200, 255, 200, 10)))
        pile.fill(shade, (x, y, nap.randrange(3, 9), 1))
    base.blit(pile, (0, 0))


def _lamp_glow(base: Canvas) -> None:
    """Warm gaslight pooled over the middle of the table, the corners falling into shadow."""
    width, height = base.get_size()
    steps = 40  # many fine steps: the glow must not show rings
    warm = Canvas.new((width, height), pygame.SRCALPHA)
    cool = Canvas.new((width, height), pygame.SRCALPHA)
    for k in range(steps):
        t = (k / (steps - 1)) ** 1.3
        rect = pygame.Rect(0, 0, round(width * (1.0 - 0.72 * k / (steps - 1))),
                           round(height * (1.1 - 0.78 * k / (steps - 1))))
        rect.center = (width // 2, height // 2 - 20)
        paint.ellipse(warm, (round(64 * t), round(42 * t), round(8 * t)), rect)
        paint.ellipse(cool, (0, 0, round(26 * t)), rect)
    base.blit(cool, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    base.blit(warm, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    shadow = Canvas.new((width, height), pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 110))
    for k in range(steps):
        t = k / (steps - 1)
        rect = pygame.Rect(0, 0, round(width * (1.45 - 0.4 * t)), round(height * (1.6 - 0.45 * t)))
        rect.center = (width // 2, height // 2)
        paint.ellipse(shadow, (0, 0, 0, round(110 * (1 - t))), rect)
    base.blit(shadow, (0, 0))


def _rail_band(layout: TableLayout) -> Canvas:
    """A mask of the rail alone (white where the wood or brass shows), for texturing it."""
    band = Canvas.new(layout.size, pygame.SRCALPHA)
    paint.rect(band, (255, 255, 255, 255), layout.rail, border_radius=geometry.FELT_RADIUS + 12)
    paint.rect(band, (0, 0, 0, 0), layout.felt, border_radius=geometry.FELT_RADIUS)
    return band


def _walnut_grain(surface: Canvas, layout: TableLayout, look: TableLook) -> None:
    """Walnut's wavy dark grain running along the rail: across at the top and bottom, down the sides."""
    width, height = layout.size
    felt = layout.felt
    lines = random.Random(17)
    dark, light = mix(look.rail, (0, 0, 0), 0.45), mix(look.rail, look.rail_light, 0.5)

    def stroke() -> tuple[float, float, tuple[int, int, int, int]]:
        shade = dark if lines.random() < 0.6 else light
        return lines.uniform(0, math.tau), lines.uniform(1.0, 3.0), (*shade, lines.randrange(50, 120))

    across = Canvas.new((width, height), pygame.SRCALPHA)
    for y in range(0, height, 3):
        phase, wave, colour = stroke()
        paint.lines(across, colour, False,
                          [(x, y + round(math.sin(x / 90 + phase) * wave)) for x in range(0, width + 40, 40)])
    down = Canvas.new((width, height), pygame.SRCALPHA)
    for x in range(0, width, 3):
        phase, wave, colour = stroke()
        paint.lines(down, colour, False,
                          [(x + round(math.sin(y / 90 + phase) * wave), y) for y in range(0, height + 40, 40)])
    # the side pieces meet the end pieces at the felt's corners, as a joiner would mitre them
    sides = Canvas.new((width, height), pygame.SRCALPHA)
    for left, right in ((0, felt.x + geometry.FELT_RADIUS // 2), (felt.right - geometry.FELT_RADIUS // 2, width)):
        sides.fill((255, 255, 255, 255), (left, felt.y + geometry.FELT_RADIUS // 2, right - left,
                                           felt.height - geometry.FELT_RADIUS))
    down.blit(sides, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    ends = Canvas.new((width, height), pygame.SRCALPHA)
    ends.fill((255, 255, 255, 255))
    ends.fill((0, 0, 0, 0), (0, felt.y + geometry.FELT_RADIUS // 2, width, felt.height - geometry.FELT_RADIUS))
    across.blit(ends, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    across.blit(down, (0, 0))
    across.blit(_rail_band(layout), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(across, (0, 0))


def _brass_shine(surface: Canvas, layout: TableLayout, look: TableLook) -> None:
    """A polished brass rail: a bright line along its middle and a stud at every corner and halfway."""
    rail, felt = layout.rail, layout.felt
    middle = pygame.Rect(rail.x, rail.y, rail.width, rail.height)
    middle.inflate_ip(-(felt.x - rail.x), -(felt.y - rail.y))
    paint.rect(surface, mix(look.rail, look.rail_light, 0.7), middle, 3,
                     border_radius=geometry.FELT_RADIUS + 6)
    paint.rect(surface, mix(look.rail, (0, 0, 0), 0.25), middle.inflate(6, 6), 1,
                     border_radius=geometry.FELT_RADIUS + 9)
    inset = (felt.x - rail.x) // 2
    xs = (rail.centerx - rail.width // 4, rail.centerx, rail.centerx + rail.width // 4)
    ys = (rail.centery,)
    studs = [(x, rail.y + inset) for x in xs] + [(x, rail.bottom - inset) for x in xs] + \
        [(rail.x + inset, y) for y in ys] + [(rail.right - inset, y) for y in ys]
    for point in studs:
        paint.circle(surface, look.rail_shadow, (point[0], point[1] + 1), 4)
        paint.circle(surface, look.rail_light, point, 4)
        paint.circle(surface, (255, 244, 210), (point[0] - 1, point[1] - 1), 1)


def draw_look_swatch(surface: Canvas, rect: pygame.Rect, look: TableLook) -> None:
    """A little table in `look` filling `rect`: the rail, the felt lit in the middle (or the round board)."""
    radius = min(rect.height // 3, 22)
    paint.rect(surface, look.rail_shadow, rect.move(0, 2), border_radius=radius)
    paint.rect(surface, look.rail, rect, border_radius=radius)
    paint.rect(surface, look.rail_light, rect.inflate(-4, -4), 1, border_radius=radius - 2)
    felt = rect.inflate(-14, -14)
    cloth = Canvas.new(felt.size, pygame.SRCALPHA)
    if look.style == ROUND_BOARD:
        cloth.fill(look.surround)
        centre, board = (felt.width // 2, felt.height // 2), felt.height // 2 - 2
        paint.circle(cloth, look.felt_dark, centre, board)
        paint.circle(cloth, mix(look.felt, look.felt_light, 0.3), centre, round(board * 0.8))
        paint.circle(cloth, theme.GOLD, centre, board, 2)
    else:
        cloth.fill(look.felt_dark)
        for k in range(6):
            t = k / 5
            oval = pygame.Rect(0, 0, round(felt.width * (1.2 - 0.6 * t)), round(felt.height * (1.3 - 0.7 * t)))
            oval.center = (felt.width // 2, felt.height // 2)
            paint.ellipse(cloth, mix(look.felt_dark, mix(look.felt, look.felt_light, 0.35), t), oval)
        if look.style == LAMP:
            _lamp_glow(cloth)
    mask = Canvas.new(felt.size, pygame.SRCALPHA)
    paint.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, radius - 7))
    cloth.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(cloth, felt)
    paint.rect(surface, look.edge, felt, 1, border_radius=max(2, radius - 7))


def draw_combination_tile(surface: Canvas, rect: pygame.Rect, combo: Combination, text: TextCache,
                          four_colour: bool) -> None:
    """R30: a combination's pile in a boodle card's place, as a compartment of a Pope Joan board: its cards over
    its name (the corner above stays clear for the stake's badge), on ivory with a gold edge."""
    paint.rect(surface, theme.CARD_FACE, rect, border_radius=6)
    paint.rect(surface, mix(theme.GOLD, (0, 0, 0), 0.25), rect, 2, border_radius=6)
    inner = rect.inflate(-6, -6)
    lines = len(combo.cards)
    size = max(9, min(17, inner.height // (lines + 2)))
    name_size = text.fit_size(combo.name, "condensed", size, inner.width, 7)
    name = text.render(combo.name, "condensed", name_size, (80, 52, 16))
    name_rect = name.get_rect(midbottom=(rect.centerx, inner.bottom))
    surface.blit(name, name_rect)
    colours = theme.SUIT_COLOURS[four_colour]
    step = max(1, (name_rect.top - inner.y - 2) // lines)
    y = inner.y + max(0, (name_rect.top - inner.y - step * lines) // 2) + 4
    for card in combo.cards:
        text.draw(surface, card_label(card), (rect.centerx, y), role="bold", size=min(size, step),
                  colour=colours[card.suit], anchor="midtop", max_width=inner.width, min_size=7)
        y += step


def contrast_ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    def luminance(colour: tuple[int, int, int]) -> float:
        shares = [v / 255 for v in colour]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in shares)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def slot_colours(look: TableLook) -> tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]:
    """An empty board slot's fill, outline and rank label on `look`: shades of its felt, the outline and the label
    lifted towards white until they stand out from the fill (a dark brown felt left them faint), more so under
    high contrast."""
    fill = mix(look.felt, (0, 0, 0), 0.12)
    line_ratio, label_ratio = (3.0, 5.0) if theme.high_contrast() else (2.2, 3.2)

    def lifted(share: float, ratio: float) -> tuple[int, int, int]:
        while contrast_ratio(mix(look.felt, (255, 255, 255), share), fill) < ratio and share < 1.0:
            share += 0.02
        return mix(look.felt, (255, 255, 255), min(1.0, share))
    return fill, lifted(0.16, line_ratio), lifted(look.label_lift, label_ratio)


def draw_removed_slot(surface: Canvas, slot: pygame.Rect, felt: tuple[int, int, int],
                      label: Canvas) -> None:
    """R24: the slot of a card out of the deck, which no run reaches: sunk dark, its rank small at the top and a
    light cross over the rest, told apart from an empty slot by its shape as much as by its shade."""
    paint.rect(surface, mix(felt, (0, 0, 0), 0.6), slot, border_radius=4)
    paint.rect(surface, mix(felt, (0, 0, 0), 0.3), slot, 1, border_radius=4)
    surface.blit(label, label.get_rect(midtop=(slot.centerx, slot.y + 2)))
    ink = mix(felt, (255, 255, 255), 0.7)
    cross = pygame.Rect(0, 0, slot.width - 12, slot.width - 12)
    cross.center = (slot.centerx, (slot.y + 2 + label.get_height() + slot.bottom) // 2)
    paint.line(surface, ink, cross.topleft, cross.bottomright, 3)
    paint.line(surface, ink, cross.bottomleft, cross.topright, 3)


def draw_plaque(surface: Canvas, rect: pygame.Rect) -> None:
    """A dark rounded plaque under a number drawn over busy ground (the round board's gold ring), a little larger
    than `rect`, so the number reads whatever lies beneath."""
    plaque = rect.inflate(18, 6)
    shade = Canvas.new(plaque.size, pygame.SRCALPHA)
    paint.rect(shade, (0, 0, 0, 190), shade.get_rect(), border_radius=plaque.height // 2)
    surface.blit(shade, plaque)


def draw_plate(surface: Canvas, rect: pygame.Rect, look: TableLook = CLUB) -> None:
    """A seat's plate: a dark rounded panel with a thin edge and a soft shadow."""
    paint.rect(surface, look.plate_shadow, rect.move(0, 3), border_radius=14)
    paint.rect(surface, look.plate, rect, border_radius=14)
    paint.rect(surface, look.plate_edge, rect, 1, border_radius=14)


def draw_background(layout: TableLayout, names: Sequence[str], portraits: Sequence[Canvas],
                    boodle: Sequence[Pile], decks: TableDecks, text: TextCache, *,
                    look: TableLook = CLUB, pot: bool = True, removed: Collection[Card] = ()) -> Canvas:
    """The static layer: felt, rail, seat plates with names and portraits, board slots, boodle cards, labels;
    the felt, the rail and the plates dressed as `look`, the slots and spots in shades of its felt; the pot's spot
    only with `pot` (rules with no pot draw none); the slots of the `removed` cards (R24) crossed out."""
    surface = Canvas.new(layout.size)
    draw_felt(surface, layout, look)
    felt = look.felt
    for place, name, portrait in zip(layout.seats, names, portraits):
        draw_plate(surface, place.plate, look)
        surface.blit(portrait, portrait.get_rect(center=place.portrait))
        width = place.plate.right - place.name_left - 10
        text.draw(surface, name, (place.name_left, place.plate.y + 8), role="bold", size=17, colour=theme.INK,
                  max_width=width, min_size=12)
        if place.side != "bottom":
            # a faint outline where the fan of cards lies
            paint.rect(surface, mix(felt, (0, 0, 0), 0.18), place.fan.inflate(10, 8), 1, border_radius=8)
    # the board: four suit rows with a faint slot for every rank
    suit_colours = theme.suits_on_dark(decks.four_colour)  # the row symbols sit on the board's dark shade
    slot_fill, slot_line, rank_colour = slot_colours(look)
    board_panel = layout.board.inflate(14, 12)
    shade = Canvas.new(board_panel.size, pygame.SRCALPHA)
    paint.rect(shade, (0, 0, 0, 46), shade.get_rect(), border_radius=12)
    surface.blit(shade, board_panel)
    for suit in Suit:
        text.draw(surface, suit.symbol, layout.board_row_label(suit), role="body", size=24, colour=suit_colours[suit],
                  anchor="center", shadow=True)
        for rank in range(1, 14):
            slot = layout.board_slot(Card(rank, suit))
            if Card(rank, suit) in removed:
                draw_removed_slot(surface, slot, felt, text.render(rank_letter(rank), "condensed", 13, rank_colour))
                continue
            paint.rect(surface, slot_fill, slot, border_radius=4)
            paint.rect(surface, slot_line, slot, 1, border_radius=4)
            label = text.render(rank_letter(rank), "condensed", 13, rank_colour)
            surface.blit(label, label.get_rect(center=slot.center))
    # boodle cards
    for card, rect in zip(boodle, layout.boodle_cards):
        glow = rect.inflate(8, 8)
        paint.rect(surface, mix(felt, theme.GOLD, 0.25), glow, border_radius=7)
        surface.blit(decks.boodle.shadow(), (rect.x - decks.boodle.shadow_pad, rect.y - decks.boodle.shadow_pad + 2))
        if isinstance(card, Card):
            surface.blit(decks.boodle.boodle(card), rect)
        else:
            draw_combination_tile(surface, rect, card, text, decks.four_colour)
    # pot and dead hand labels and their spots on the felt
    spots = ((layout.pot, tr("table.pot")),) if pot else ()
    for rect, title in (*spots, (layout.dead, tr("table.dead_hand"))):
        ring = pygame.Rect(0, 0, rect.width - 6, 86)
        ring.midtop = (rect.centerx, rect.y + 22)
        paint.ellipse(surface, mix(felt, (0, 0, 0), 0.16), ring)
        paint.ellipse(surface, mix(felt, theme.GOLD, 0.3), ring, 1)
        text.draw(surface, title, (rect.centerx, rect.y), role="bold", size=16, colour=theme.INK_DIM, anchor="midtop",
                  shadow=True, max_width=rect.width + 20, min_size=11)
    return surface.convert() if pygame.display.get_surface() is not None else surface
