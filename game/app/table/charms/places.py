"""Where the player's charm tray goes at the table (R31): pure arithmetic on the layout, so the seat's hit tests and
the picture agree."""

from __future__ import annotations

import math

import pygame

from ...comfort import text_size
from ..layout import TableLayout

TILE_H, TILE_MIN_H, TILE_GAP = 30, 20, 4
TRAY_CLEAR = 16  # above the plate: the dealer button's room
RAISE = 5  # how far a charm that may be used now stands up, as a playable card does
FOCUS_RING = 3  # the focused tile's outer ring, this far round it
GEM_R = 7  # another seat's charm, on its plate
CHIPS_LINE = 47  # the middle of a plate's chips line, from its top (the effects' pop-ups rise from it too)


def tray_area(layout: TableLayout) -> pygame.Rect:
    """Where the player's tray may go: over their plate, under the lowest seat on the left side (if any)."""
    plate = layout.seat(0).plate
    bottom = plate.top - TRAY_CLEAR
    top = layout.felt.top + 60
    for place in layout.seats[1:]:
        if place.region.right > plate.left and place.region.left < plate.right and place.region.bottom < bottom:
            top = max(top, place.region.bottom + 8)
    return pygame.Rect(plate.x, top, plate.width, bottom - top)


def tray_tiles(layout: TableLayout, count: int) -> list[pygame.Rect]:
    """The tiles of `count` charms, the first at the top, stacked up from just over the plate (two columns when one
    would not fit); as much taller as the words are larger, where there is room."""
    if count <= 0:
        return []
    area = tray_area(layout)
    columns = 1 if count * (TILE_MIN_H + TILE_GAP) <= area.height else 2
    rows = math.ceil(count / columns)
    tallest = round(TILE_H * max(1.0, text_size()))
    height = max(TILE_MIN_H, min(tallest, (area.height - RAISE) // rows - TILE_GAP))
    width = (area.width - (columns - 1) * TILE_GAP) // columns
    top = area.bottom - rows * (height + TILE_GAP) + TILE_GAP
    return [pygame.Rect(area.x + (i % columns) * (width + TILE_GAP), top + (i // columns) * (height + TILE_GAP),
                        width, height) for i in range(count)]


def tray_bounds(layout: TableLayout, count: int) -> pygame.Rect | None:
    """The whole tray, its tiles raised or not (None without charms): what the deal log's panel leaves free."""
    tiles = tray_tiles(layout, count)
    if not tiles:
        return None
    whole = tiles[0].unionall(tiles[1:])
    return pygame.Rect(whole.x - FOCUS_RING, whole.y - RAISE - FOCUS_RING, whole.width + 2 * FOCUS_RING,
                       whole.height + RAISE + 2 * FOCUS_RING)


def shown_tiles(layout: TableLayout, raised: frozenset[int], count: int) -> list[pygame.Rect]:
    """The tiles as drawn: those that may be used now raised."""
    return [tile.move(0, -RAISE) if slot in raised else tile for slot, tile in enumerate(tray_tiles(layout, count))]


def gem_spots(layout: TableLayout, seat: int, count: int) -> list[tuple[int, int]]:
    """The centres of another seat's `count` charm gems, first to last, ending at the right of its chips line."""
    plate = layout.seat(seat).plate
    right = plate.right - 10 - GEM_R
    return [(right - (count - 1 - i) * (2 * GEM_R + 3), plate.y + CHIPS_LINE) for i in range(count)]


def gem_at(layout: TableLayout, counts: list[int], pos: tuple[int, int]) -> tuple[int, int] | None:
    """The (seat, place) of the other seat's gem under `pos`, if any (`counts`: each seat's charms held)."""
    for seat in range(1, min(len(counts), len(layout.seats))):
        for place, (x, y) in enumerate(gem_spots(layout, seat, counts[seat])):
            if abs(pos[0] - x) <= GEM_R + 1 and abs(pos[1] - y) <= GEM_R + 1:
                return seat, place
    return None
