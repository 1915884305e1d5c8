"""Where a speech bubble goes: beside, under or over its seat's plate, wherever it covers none of what the
player reads on the table (the nameplates, the pot, the dead hand, the boodle cards' chip counts, the status
line, the hand, the decision buttons, the deal log's button and open panel) and, wherever the felt has room,
none of the opponents' fans and counts of cards, nor another bubble."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ..canvas import Canvas
from .layout import SeatPlace, TableLayout

# the bubble drawn with its tail towards a side, the tail that far along its edge, at most that wide, its words
# at that size; and the tail tip's offset
BubbleArt = Callable[[str, float, int, int], tuple[Canvas, pygame.Vector2]]
# the tail's side, how far along the edge, the point it touches, the bubble's widest, the words' size
Try = tuple[str, float, tuple[int, int], int, int]
SHAPES = ((15, (230, 260, 330, 430)), (13, (230, 260, 300)))  # smaller words only where no place has room

COUNT_W, COUNT_H = 40, 20  # a boodle card's chip count under its stack
STACK_H = 40
COUNT_GAP, CARDS_W, CARDS_H = 8, 30, 22  # an opponent's count of cards, beside their fan (two digits, comfort size)


def card_count(place: SeatPlace) -> pygame.Rect:
    """Where an opponent's count of cards left is written: from the fan's right, at its middle height."""
    return pygame.Rect(place.fan.right + COUNT_GAP, place.fan.centery - CARDS_H // 2, CARDS_W, CARDS_H)


def card_counts(layout: TableLayout) -> list[pygame.Rect]:
    """The opponents' counts of cards left, which a bubble covers only where no place on the felt keeps clear."""
    return [card_count(place) for place in layout.seats if place.side != "bottom"]


def keep_clear(layout: TableLayout) -> list[pygame.Rect]:
    """What no bubble may cover."""
    pile_x, pile_y = layout.dead_pile
    dead = pygame.Rect(layout.dead.x, pile_y - 48, layout.dead.width, layout.dead.y + 112 + COUNT_H - (pile_y - 48))
    pot = pygame.Rect(layout.pot.x, layout.pot_stack[1] - STACK_H, layout.pot.width,
                      layout.pot.y + 112 + 28 - (layout.pot_stack[1] - STACK_H))
    rects = [pot, dead, layout.hand, layout.panel, layout.status]  # the pot's and dead hand's chips, cards, counts
    for place in layout.seats:
        rects.append(place.plate)
        x, y = place.button_spot
        rects.append(pygame.Rect(x - 13, y - 13, 26, 26))
    r = layout.boodle_chip_radius
    for (sx, sy), (lx, ly) in zip(layout.boodle_stacks, layout.boodle_labels, strict=True):
        rects.append(pygame.Rect(sx - r - 1, sy - STACK_H, 2 * r + 2, STACK_H))
        rects.append(pygame.Rect(lx - COUNT_W // 2, ly, COUNT_W, COUNT_H))
    return rects


def tries(place: SeatPlace) -> list[Try]:
    """The places a seat's bubble may go, best first: the usual one, then the same shifted along the tail's
    edge or wider (so lower), then the plate's other sides."""
    plate = place.plate
    groups: list[tuple[str, tuple[float, ...], tuple[int, int]]]
    ats: tuple[float, ...] = (0.5, 0.8, 0.2, 0.9, 0.1)
    beside_left = ("right", ats, (plate.left - 4, plate.centery))
    beside_right = ("left", ats, (plate.right + 4, plate.centery))
    under = ("top", ats, (plate.centerx, plate.bottom + 1))
    toward = 1 if place.side == "right" else -1
    under_edge = ("top", ats, (plate.centerx + toward * 60, plate.bottom + 1))  # under the plate's outer half
    over = ("bottom", ats, (plate.centerx, plate.top - 14))  # clear of the dealer button on the plate's corner
    if place.side == "right":
        groups = [beside_left, under, under_edge, over]
    elif place.side == "left":
        groups = [beside_right, under, under_edge, over]
    elif place.side == "top":
        groups = [under, beside_right, beside_left]
    else:  # the player's own: over the plate, the tail a third of the way along
        groups = [("bottom", (1 / 3, 0.15, 0.5), (place.bubble_anchor[0], plate.top - 14)), over, beside_right]
    return [(side, at, anchor, width, size) for size, widths in SHAPES for side, ats_, anchor in groups
            for width in widths for at in ats_]


def place_bubble(layout: TableLayout, seat: int, art: BubbleArt, *, above: Sequence[pygame.Rect] = (),
                 others: Sequence[pygame.Rect] = ()) -> tuple[Canvas, pygame.Rect]:
    """The bubble for `seat` and where it goes: the first place on the felt that covers nothing it must not (and
    nothing of what the scene shows `above` the felt: the deal log's button and open panel), nothing it had
    better not (the board, the boodle cards, the pot's and dead hand's labels, the `others` bubbles showing) and
    no opponent's fan of cards; failing that, the one that covers least of the second kind (or of an opponent's
    count of cards: a long line at a crowded seat), then least of the fans; failing that, the place that covers
    least."""
    clear, counts, fans = keep_clear(layout) + list(above), card_counts(layout), fans_of(layout)
    spare = rather_clear(layout) + [other for other in others if other]
    best: tuple[tuple[int, int, int], Canvas, pygame.Rect] | None = None
    for side, at, (ax, ay), width, size in tries(layout.seats[seat]):
        image, tip = art(side, at, width, size)
        rect = image.get_rect(topleft=(round(ax - tip.x), round(ay - tip.y)))
        if not layout.on_felt(rect):
            rect.clamp_ip(layout.felt.inflate(-8, -8))  # a last resort only: the tail may then miss its seat
            covered = (10**6, 0, 0)
        else:
            covered = (_area(rect, clear), _area(rect, spare) + _area(rect, counts), _area(rect, fans))
        if covered == (0, 0, 0):
            return image, rect
        if best is None or covered < best[0]:
            best = (covered, image, rect)
    assert best is not None
    return best[1], best[2]


def fans_of(layout: TableLayout) -> list[pygame.Rect]:
    """The opponents' fans of cards, which say at a glance how many each holds: covered only for want of room."""
    return [place.fan for place in layout.seats if place.side != "bottom"]


def rather_clear(layout: TableLayout) -> list[pygame.Rect]:
    """What a bubble had better not cover when it has the choice: the board, the boodle cards, the labels."""
    pot_label = pygame.Rect(layout.pot.x, layout.pot.y - 26, layout.pot.width, 26)
    dead_label = pygame.Rect(layout.dead.x, layout.dead.y - 26, layout.dead.width, 26)
    return [layout.board, *layout.boodle_cards, pot_label, dead_label]


def _area(rect: pygame.Rect, others: list[pygame.Rect]) -> int:
    """How much of `others` the rect covers, in pixels."""
    return sum(rect.clip(other).width * rect.clip(other).height for other in others)
