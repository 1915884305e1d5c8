"""The comfort settings every drawing reads (Settings, Comfort page; the app sets them from the settings): reduced
motion, for what moves only to look alive (cards and chips placed rather than flown, no confetti, nothing sways,
bobs or pulses), and how much larger than designed the words and the player's cards are drawn."""

from __future__ import annotations

_REDUCED = [False]
_TEXT_SIZE = [1.0]
_CARD_SIZE = [1.0]


def set_reduced_motion(on: bool) -> None:
    """Make motion reduced from now on, or not."""
    _REDUCED[0] = on


def reduced_motion() -> bool:
    """Whether the player asked for reduced motion."""
    return _REDUCED[0]


def swaying(clock: float) -> float:
    """The clock that a sway, bob or pulse follows: still (0) under reduced motion."""
    return 0.0 if _REDUCED[0] else clock


def set_text_size(factor: float) -> None:
    """Draw every word `factor` times its designed size from now on."""
    _TEXT_SIZE[0] = factor


def text_size() -> float:
    """How much larger than designed the words are drawn."""
    return _TEXT_SIZE[0]


def set_card_size(factor: float) -> None:
    """Draw the player's cards `factor` times their designed size from now on."""
    _CARD_SIZE[0] = factor


def card_size() -> float:
    """How much larger than designed the player's cards are drawn."""
    return _CARD_SIZE[0]
