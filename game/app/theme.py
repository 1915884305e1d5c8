"""The table's colours and sizes, in one place so every scene agrees."""

from __future__ import annotations

Colour = tuple[int, int, int]

SCREEN_SIZE = (1280, 720)

FELT = (22, 92, 58)
FELT_DARK = (14, 66, 41)
FELT_LIGHT = (34, 118, 76)
RAIL = (92, 54, 28)
RAIL_LIGHT = (140, 92, 52)
INK = (245, 240, 225)
INK_DIM = (190, 200, 185)
GOLD = (236, 196, 84)
RED_TEXT = (232, 96, 84)
PANEL = (10, 30, 22)
PANEL_EDGE = (70, 130, 96)
GAIN = (128, 220, 140)  # a chip change for the better, in the purse, the cards, the summary and the results
LOSS = (240, 120, 108)  # one for the worse (and a problem line)

SELECTED = PANEL_EDGE  # a choice button's fill while it is the one chosen
PANEL_ALPHA_FLOOR = 0  # a panel is at least this opaque (high contrast makes every panel solid)

# The high-contrast theme: white ink, a bright gold and red, solid near-black panels with a light edge and a darker
# felt, so every word reads against what is behind it (Settings, Comfort); the colours above are the usual theme.
_HIGH_CONTRAST: dict[str, object] = {
    "FELT": (12, 60, 36), "FELT_DARK": (6, 36, 22), "FELT_LIGHT": (18, 78, 48), "INK": (255, 255, 255),
    "INK_DIM": (228, 232, 226), "GOLD": (255, 214, 40), "RED_TEXT": (255, 136, 124), "PANEL": (0, 8, 4),
    "PANEL_EDGE": (210, 230, 220), "SELECTED": (28, 96, 62), "GAIN": (140, 255, 160), "LOSS": (255, 140, 128),
    "PANEL_ALPHA_FLOOR": 245,
}
_USUAL: dict[str, object] = {name: globals()[name] for name in _HIGH_CONTRAST}


def use_high_contrast(on: bool) -> bool:
    """Switch the shared colours to the high-contrast theme or back; True when they changed."""
    wanted = _HIGH_CONTRAST if on else _USUAL
    if all(globals()[name] == value for name, value in wanted.items()):
        return False
    globals().update(wanted)
    return True


def high_contrast() -> bool:
    """Whether the high-contrast theme is in use."""
    return bool(PANEL_ALPHA_FLOOR)


CARD_FACE = (252, 250, 244)
CARD_EDGE = (60, 60, 60)
CARD_BACK = (150, 32, 40)
CARD_BACK_PATTERN = (196, 70, 70)

# suit colours: the classic two-colour deck, and the four-colour deck for easier reading
SUIT_COLOURS = {False: ((20, 20, 24), (200, 24, 36), (200, 24, 36), (20, 20, 24)),
                True: ((20, 20, 24), (200, 24, 36), (28, 84, 196), (24, 130, 52))}
# the same suits as symbols written on a dark band or panel: light enough to read there, the reds still red
SUITS_ON_DARK = {False: ((236, 236, 242), (255, 124, 112), (255, 124, 112), (236, 236, 242)),
                 True: ((236, 236, 242), (255, 124, 112), (132, 176, 255), (128, 220, 140))}


def suits_on_dark(four_colour: bool) -> tuple[Colour, ...]:
    """The suit colours (♠♥♦♣ order) for symbols drawn on a dark background."""
    return SUITS_ON_DARK[four_colour]


CHIP_COLOURS = ((230, 230, 230), (200, 40, 40), (40, 90, 200), (30, 140, 70), (30, 30, 30))
