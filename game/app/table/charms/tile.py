"""The face of one tile of the player's charm tray (R31): where its gem, its badge of uses left, its key and its name
go inside the tile, the name on one line or two and at the size that fits, so the drawing and the tests agree.

Left to right: the gem, the name, the uses badge, the F key; nothing overlaps, and the name keeps off the edges.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...text import TextCache, readable_size

NAME_SIZE, BADGE_SIZE, CAP_SIZE = 14, 10, 11
CAPS_GIVE = 0.8  # a name may shrink to this share of its size beside the tiles' F keys before they make way
PAD, GAP = 6, 5  # inside the tile's edge; between its parts
SMALLEST = 6  # the least size a name is drawn at (a long name on a short tile at large text)


@dataclass(frozen=True)
class TileFace:
    """Where a tile's parts go: its gem, its badge, its key's box (empty: no key), and its name's lines."""

    gem: pygame.Rect
    badge: pygame.Rect
    cap: pygame.Rect
    name: pygame.Rect  # the room the name's lines are centred in, left-aligned
    lines: tuple[str, ...]
    size: int  # the name's size

    @property
    def gem_radius(self) -> int:
        """The gem's radius."""
        return self.gem.width // 2


def gem_radius(tile: pygame.Rect) -> int:
    """A tile's gem radius: as tall as the tile allows, within reason."""
    return max(5, min(10, tile.height // 2 - 5))


def badge_box(text: TextCache, uses: str) -> pygame.Rect:
    """The size of a badge holding `uses`: a pill at least as wide as it is tall."""
    size = readable_size(BADGE_SIZE)
    height = text.line_height("bold", size)
    return pygame.Rect(0, 0, max(text.width(uses, "bold", size) + 8, height), height)


def cap_box(text: TextCache, cap: str) -> pygame.Rect:
    """The size of a key's box holding `cap` (empty without a key)."""
    if not cap:
        return pygame.Rect(0, 0, 0, 0)
    return pygame.Rect(0, 0, text.width(cap, "bold", CAP_SIZE) + 8, text.line_height("bold", CAP_SIZE) + 2)


def name_lines(text: TextCache, name: str, room: pygame.Rect, size: int) -> tuple[tuple[str, ...], int]:
    """`name` as it fits `room`: the largest size, from `size` down, at which it takes one line, or two lines when the
    tile is tall enough and two lines, broken at a space (never inside a word), let it be larger."""
    for at in range(size, SMALLEST - 1, -1):
        line_h = text.line_height("bold", at)
        if line_h > room.height:
            continue
        if text.width(name, "bold", at) <= room.width:
            return (name,), at
        if 2 * line_h <= room.height:
            lines = text.wrap(name, "bold", at, room.width)
            whole = len(lines) == 2 and " ".join(lines) == name
            if whole and all(text.width(line, "bold", at) <= room.width for line in lines):
                return tuple(lines), at
    return (name,), SMALLEST


def tile_face(text: TextCache, tile: pygame.Rect, name: str, uses: str, cap: str) -> TileFace:
    """Where `tile`'s parts go, with `cap` its key ("" for none)."""
    radius = gem_radius(tile)
    gem = pygame.Rect(tile.x + PAD, tile.centery - radius, 2 * radius, 2 * radius)
    key = cap_box(text, cap)
    key.midright = (tile.right - PAD, tile.centery)
    right = key.left - GAP if cap else tile.right - PAD
    badge = badge_box(text, uses)
    badge.midright = (right, tile.centery)
    left = gem.right + GAP + 1
    room = pygame.Rect(left, tile.y + 2, badge.left - GAP - left, tile.height - 4)
    lines, size = name_lines(text, name, room, readable_size(NAME_SIZE))
    return TileFace(gem, badge, key if cap else pygame.Rect(key.right, key.y, 0, 0), room, lines, size)


def keys_fit(text: TextCache, tiles: list[tuple[pygame.Rect, str, str]], cap: str) -> bool:
    """True when every (tile, name, uses) keeps most of its name's size with a key as wide as `cap` beside it: else
    the keys are left to the line of keys under the question, and the names take the room (large print, long
    names)."""
    least = max(SMALLEST, round(readable_size(NAME_SIZE) * CAPS_GIVE))
    return all(tile_face(text, tile, name, uses, cap).size >= least for tile, name, uses in tiles)
