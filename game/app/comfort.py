"""Reduced motion (Settings, Comfort), for what moves only to look alive: cards and chips are placed rather than
flown, no confetti falls, and nothing sways, bobs or pulses; the app sets it from the settings."""

from __future__ import annotations

_REDUCED = [False]


def set_reduced_motion(on: bool) -> None:
    """Make motion reduced from now on, or not."""
    _REDUCED[0] = on


def reduced_motion() -> bool:
    """Whether the player asked for reduced motion."""
    return _REDUCED[0]


def swaying(clock: float) -> float:
    """The clock that a sway, bob or pulse follows: still (0) under reduced motion."""
    return 0.0 if _REDUCED[0] else clock
