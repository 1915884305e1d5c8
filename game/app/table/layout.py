"""Where everything sits on the table, for 3 to 8 players: pure rectangle arithmetic, no drawing.

The human (seat 0) sits at the bottom; the other seats go round clockwise, which on the
screen is bottom, then up the left side, across the top and down the right side. The centre
holds the boodle cards (top), the board of played cards (four suit rows, one column per
rank, so every run can be followed), the pot (left of the board) and the dead hand (right).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from ...engine.cards import Card

Point = tuple[int, int]

SCREEN = (1280, 720)
RAIL_WIDTH = 12
FELT_RADIUS = 70

SEAT_W, SEAT_H = 210, 118  # an opponent's seat: plate (portrait, name, chips) over a fan of card backs
PLATE_H = 64
PORTRAIT_RADIUS = 27
FAN_CARD_W = 33  # card backs in an opponent's fan
FAN_STEP = 8

HAND_CARD_W = 80  # the human's cards at the designed size (Settings' card size draws them up to 1.5 times)
HAND_MARGIN = 284  # the hand keeps this far from each side: the plate on the left, the decision panel on the right
PANEL_W = 240  # the human's decision buttons: wide enough for their words with margins
HAND_RAISE = 20  # how far a lawful card stands up from the hand
HAND_ARC = 10  # how much higher the middle of the hand sits than its ends: a fan without rotating cards
BOARD_CARD_W = 34  # the played cards on the board
BOARD_COL_STEP = 37
BOARD_ROW_STEP = 54
BOARD_LABEL_W = 24
BOODLE_CARD_W = 54
BOODLE_COUNT_H = 18  # a boodle card's chip count, bold 15
CHIP_RADIUS = 13

# how many opponents sit on the left, along the top and on the right, by count of opponents
SIDES: dict[int, tuple[int, int, int]] = {2: (0, 2, 0), 3: (1, 1, 1), 4: (1, 2, 1), 5: (1, 3, 1),
                                          6: (2, 2, 2), 7: (2, 3, 2)}


@dataclass(frozen=True)
class SeatPlace:
    """One seat's places: its plate, its cards, and where chips, bubbles and the dealer button go."""

    seat: int
    side: str  # "bottom", "left", "top" or "right"
    plate: pygame.Rect
    portrait: Point  # the portrait disc's centre
    portrait_radius: int
    name_left: int  # name and chips are written from here to the plate's right edge
    fan: pygame.Rect  # the cards: backs for an opponent, the hand for the human
    chip_spot: Point  # where chips leave from and arrive at
    button_spot: Point  # the dealer button's centre
    bubble_anchor: Point  # where a speech bubble points
    region: pygame.Rect  # everything above together: seats must not overlap

    @property
    def card_origin(self) -> Point:
        """Where this seat's cards fly from and to."""
        return self.fan.center


@dataclass(frozen=True)
class TableLayout:
    """Every fixed place on the table for `players` seats on a `size` screen."""

    players: int
    boodle_count: int
    size: tuple[int, int]
    rail: pygame.Rect
    felt: pygame.Rect
    seats: tuple[SeatPlace, ...]
    centre: pygame.Rect
    boodle_cards: tuple[pygame.Rect, ...]
    boodle_card_w: int
    boodle_chip_radius: int
    boodle_stacks: tuple[Point, ...]  # midbottom of each boodle card's chip stack
    boodle_labels: tuple[Point, ...]  # midtop of each chip count
    board: pygame.Rect
    pot: pygame.Rect
    pot_stack: Point
    dead: pygame.Rect
    dead_pile: Point  # centre of the dead hand's pile of backs
    status: pygame.Rect  # the line that explains the last stop and says who leads
    prompt: pygame.Rect  # the line that asks the human for a decision
    hand: pygame.Rect
    panel: pygame.Rect  # the human's decision buttons
    aces_high: bool = False  # R23: the board's columns go 2 … K A
    hand_card_w: int = HAND_CARD_W
    hand_raise: int = HAND_RAISE
    hand_arc: int = HAND_ARC
    board_row_step: int = BOARD_ROW_STEP

    def seat(self, seat: int) -> SeatPlace:
        """The places of `seat`."""
        return self.seats[seat]

    def board_slot(self, card: Card) -> pygame.Rect:
        """The board's slot for `card`: its suit's row, its rank's column (a high ace's after the King's)."""
        column = (13 if card.rank == 1 else card.rank - 1) if self.aces_high else card.rank
        return _board_slot(self.board.x, self.board.y, int(card.suit), column, self.board_row_step)

    def board_row_label(self, suit: int) -> Point:
        """The centre of the suit symbol that starts row `suit`."""
        return (self.board.x + BOARD_LABEL_W // 2, self.board.y + suit * self.board_row_step + board_card_h() // 2)

    def hand_slots(self, count: int) -> tuple[pygame.Rect, ...]:
        """The rects of a hand of `count` cards, fanned across the hand area (not raised)."""
        return _hand_slots(self.hand, count, self.hand_card_w, self.hand_arc)

    def on_felt(self, rect: pygame.Rect) -> bool:
        """True when `rect` lies inside the felt, rounded corners included."""
        return rect_in_rounded(rect, self.felt, FELT_RADIUS)


def board_card_h() -> int:
    """The height of a card on the board."""
    return round(BOARD_CARD_W * 1.4)


@lru_cache(maxsize=256)
def _board_slot(x: int, y: int, suit: int, rank: int, row_step: int) -> pygame.Rect:
    return pygame.Rect(x + BOARD_LABEL_W + (rank - 1) * BOARD_COL_STEP, y + suit * row_step,
                       BOARD_CARD_W, board_card_h())


def _hand_slots(hand: pygame.Rect, count: int, card_w: int, arc: int) -> tuple[pygame.Rect, ...]:
    return _fanned(hand.x, hand.y, hand.width, hand.height, count, card_w, arc)


@lru_cache(maxsize=128)
def _fanned(x: int, y: int, width: int, height: int, count: int, card_w: int, arc: int) -> tuple[pygame.Rect, ...]:
    card_h = round(card_w * 1.4)
    if count <= 0:
        return ()
    step = min(card_w + 8, (width - card_w) / max(1, count - 1)) if count > 1 else 0
    total = card_w + step * (count - 1)
    left = x + (width - total) / 2
    top = y + height - card_h
    middle = (count - 1) / 2
    slots = []
    for i in range(count):
        lift = arc * (1 - ((i - middle) / middle) ** 2) if count > 2 else 0
        slots.append(pygame.Rect(round(left + i * step), round(top - lift), card_w, card_h))
    return tuple(slots)


def rect_in_rounded(rect: pygame.Rect, outer: pygame.Rect, radius: int) -> bool:
    """True when every corner of `rect` is inside the rounded rectangle `outer`."""
    if not outer.contains(rect):
        return False
    for px, py in (rect.topleft, (rect.right - 1, rect.top), (rect.left, rect.bottom - 1),
                   (rect.right - 1, rect.bottom - 1)):
        cx = min(max(px, outer.left + radius), outer.right - 1 - radius)
        cy = min(max(py, outer.top + radius), outer.bottom - 1 - radius)
        if (px - cx) ** 2 + (py - cy) ** 2 > radius * radius:
            return False
    return True


def _opponent(seat: int, side: str, box: pygame.Rect) -> SeatPlace:
    """An opponent's places inside its seat box."""
    plate = pygame.Rect(box.x, box.y, box.width, PLATE_H)
    portrait = (plate.x + PORTRAIT_RADIUS + 6, plate.centery)
    fan_h = round(FAN_CARD_W * 1.4)
    fan = pygame.Rect(0, 0, FAN_CARD_W + FAN_STEP * 12, fan_h)
    fan.midtop = (box.centerx - 14, plate.bottom + 5)
    chip_spot = (plate.right - 26, plate.bottom - 16)
    button = (plate.right - 2, plate.top + 2)
    if side == "left":
        bubble = (plate.right + 4, plate.centery)
    elif side == "right":
        bubble = (plate.left - 4, plate.centery)
    else:  # over the seat's own fan, clear of the boodle cards below it
        bubble = (plate.centerx, plate.bottom + 1)
    region = plate.union(fan)
    region.union_ip(pygame.Rect(button[0] - 13, button[1] - 13, 26, 26))
    return SeatPlace(seat, side, plate, portrait, PORTRAIT_RADIUS, portrait[0] + PORTRAIT_RADIUS + 8, fan,
                     chip_spot, button, bubble, region)


def _spread(count: int, low: int, high: int) -> list[int]:
    """`count` centres spread evenly between `low` and `high`."""
    if count == 1:
        return [(low + high) // 2]
    return [round(low + (high - low) * i / (count - 1)) for i in range(count)]


def tallest_stack(chip_r: int) -> int:
    """The height of a boodle card's tallest chip stack (12 tilted chips shown), at least."""
    return round(chip_r * 1.3) + 1 + 11 * max(2, round(chip_r * 0.26))


def _centre_fit(centre: pygame.Rect, k: int, chip_r: int) -> tuple[int, int, bool]:
    """The board's row step, the boodle cards' width, and whether their chip counts stand over their chips (at the
    cards' top) rather than under them: the largest boodle cards the centre has room for over the board, their
    counts under them and the board's rows as designed where that costs the boodle cards nothing."""
    best = (0, 0, False)
    for step in range(BOARD_ROW_STEP, board_card_h() + 1, -1):
        room = centre.bottom - 4 - (3 * step + board_card_h()) - 6 - (centre.y + 4)  # over the board's shade
        for over in (False, True):
            tall = room - (4 if over else 3 + BOODLE_COUNT_H)  # a card's glow, or its count under its chips
            fits = [w for w in range(BOODLE_CARD_W, 22, -1) if round(w * 1.4) <= tall]
            width = max(22, min(BOODLE_CARD_W, centre.width // k - 2 * chip_r - 8, fits[0] if fits else 22))
            if over and round(width * 1.4) < BOODLE_COUNT_H + tallest_stack(chip_r) + 2:
                continue  # the count would stand on the tallest stack
            if (width, not over, step) > (best[1], not best[2], best[0]):
                best = (step, width, over)
    return best


@lru_cache(maxsize=64)
def table_layout(players: int, boodle_count: int = 4, size: tuple[int, int] = SCREEN,
                 aces_high: bool = False, cards: float = 1.0) -> TableLayout:
    """The layout for `players` seats (3..8) and `boodle_count` boodle cards (1..13), the board's aces high or
    low, the player's own cards `cards` times their designed size (the centre over them gives up the room)."""
    if not 3 <= players <= 8:
        raise ValueError(f"a table seats 3 to 8 players, not {players}")
    width, height = size
    rail = pygame.Rect(4, 4, width - 8, height - 8)
    felt = rail.inflate(-2 * RAIL_WIDTH, -2 * RAIL_WIDTH)
    left_n, top_n, right_n = SIDES[players - 1]

    places: list[SeatPlace] = []
    # the human: plate at the bottom left, hand across the bottom middle; larger cards take in the margins
    roomy = cards <= 1
    hand_w = round(HAND_CARD_W * cards)
    lift = HAND_RAISE if roomy else HAND_RAISE - 2  # still room for the ▲ under a raised card
    arc = max(0, min(HAND_ARC, round(HAND_ARC * (1.5 - cards) * 2)))
    hand_h = round(hand_w * 1.4) + lift
    hand = pygame.Rect(HAND_MARGIN, height - (22 if roomy else 18) - hand_h, width - 2 * HAND_MARGIN, hand_h)
    plate = pygame.Rect(38, height - 36 - PLATE_H, SEAT_W, PLATE_H)  # clear of the felt's rounded corner
    portrait = (plate.x + PORTRAIT_RADIUS + 6, plate.centery)
    human_region = plate.copy()
    human_region.union_ip(pygame.Rect(plate.right - 15, plate.top - 11, 26, 26))
    places.append(SeatPlace(0, "bottom", plate, portrait, PORTRAIT_RADIUS, portrait[0] + PORTRAIT_RADIUS + 8,
                            hand, (plate.right - 26, plate.bottom - 16), (plate.right - 2, plate.top + 2),
                            (plate.centerx + 30, plate.top - 4), human_region))

    seat = 1
    side_top, side_bottom = 170, 470  # the side columns, between the top row and the human's area
    if left_n:
        centres = _spread(left_n, side_top + SEAT_H // 2, side_bottom - SEAT_H // 2) if left_n > 1 else \
            [(side_top + side_bottom) // 2]
        for cy in reversed(centres):  # clockwise goes up the left side
            places.append(_opponent(seat, "left", pygame.Rect(30, cy - SEAT_H // 2, SEAT_W, SEAT_H)))
            seat += 1
    top_centres = {1: [640], 2: [400, 880], 3: [355, 640, 925]}[top_n]
    for cx in top_centres:
        places.append(_opponent(seat, "top", pygame.Rect(cx - SEAT_W // 2, 28, SEAT_W, SEAT_H)))
        seat += 1
    if right_n:
        centres = _spread(right_n, side_top + SEAT_H // 2, side_bottom - SEAT_H // 2) if right_n > 1 else \
            [(side_top + side_bottom) // 2]
        for cy in centres:  # and down the right
            places.append(_opponent(seat, "right", pygame.Rect(width - 30 - SEAT_W, cy - SEAT_H // 2,
                                                               SEAT_W, SEAT_H)))
            seat += 1

    # the status line and the prompt (its keys under it) stand over the raised middle of the hand
    top = 152 if roomy else 148
    bottom = min(top + 326, hand.y - arc - (20 if roomy else 18) - 28 - 2 - 26 - 2)
    centre = pygame.Rect(252, top, width - 504, bottom - top)
    # boodle cards: a row across the top of the centre, each with its chip stack to its right
    k = max(1, boodle_count)
    chip_r = CHIP_RADIUS if k <= 6 else 10  # many boodle cards: smaller cards and chips, still one row
    row_step, card_w, over = _centre_fit(centre, k, chip_r)
    unit_w = card_w + 2 * chip_r + 6
    gap = min(26, max(2, (centre.width - k * unit_w) // k))
    total = k * unit_w + (k - 1) * gap
    x = centre.centerx - total // 2
    card_h = round(card_w * 1.4)
    cards_at, stacks, labels = [], [], []
    for _ in range(k):
        rect = pygame.Rect(x, centre.y + 4, card_w, card_h)
        cards_at.append(rect)
        stacks.append((rect.right + 3 + chip_r, rect.bottom))
        labels.append((rect.right + 3 + chip_r, rect.top if over else rect.bottom + 3))
        x += unit_w + gap
    board_w = BOARD_LABEL_W + 12 * BOARD_COL_STEP + BOARD_CARD_W
    board_h = 3 * row_step + board_card_h()
    board = pygame.Rect(0, 0, board_w, board_h)
    board.midbottom = (centre.centerx, centre.bottom - 4)
    pot = pygame.Rect(centre.x + 4, board.y + 30, board.x - centre.x - 16, 150)
    dead = pygame.Rect(board.right + 12, board.y + 30, centre.right - board.right - 16, 150)
    # the lines under the board stay clear of the decision panel beside them
    status = pygame.Rect(centre.x + 40, centre.bottom + 2, centre.width - 80, 26)
    prompt = pygame.Rect(centre.x + 40, status.bottom + 2, centre.width - 80, 28)
    panel = pygame.Rect(width - 40 - PANEL_W, height - 36 - 4 * 40 - 3 * 8, PANEL_W, 4 * 40 + 3 * 8)
    return TableLayout(players, boodle_count, size, rail, felt, tuple(places), centre, tuple(cards_at), card_w,
                       chip_r, tuple(stacks), tuple(labels), board, pot, (pot.centerx, pot.y + 84), dead,
                       (dead.centerx, dead.y + 66), status, prompt, hand, panel, aces_high, hand_w, lift, arc,
                       row_step)
