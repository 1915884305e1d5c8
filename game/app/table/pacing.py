"""The pace of each speed setting: how fast things move, and how long the table rests on each card played.

A speed is more than slow motion: at Relaxed every card played is followed by a beat of stillness, so a player
can follow each one; at every speed but Instant a card of the player's that the rules play for them (a
compulsory follow, a forced lead) is lifted, captioned and rested on longer than anyone else's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Pace:
    """One speed setting's pacing."""

    speed: float  # every animation's duration is divided by this
    play_beat: float  # seconds of stillness after every card lands (real seconds, whatever the speed)
    own_lift: float  # seconds a card of the player's played for them stands lifted in the hand before it flies
    own_beat: float  # seconds of stillness after it lands, its caption still showing

    def rest(self, flight: float, beat: float) -> float:
        """The director's hold (in scaled seconds) that covers a flight of `flight` and then `beat` real seconds."""
        return flight + beat * self.speed if not math.isinf(self.speed) else 0.0


PACES: dict[str, Pace] = {
    "relaxed": Pace(0.5, 0.85, 0.45, 1.1),
    "slow": Pace(0.6, 0.2, 0.4, 0.9),
    "normal": Pace(1.0, 0.0, 0.35, 0.7),
    "fast": Pace(2.2, 0.0, 0.25, 0.45),
    "instant": Pace(math.inf, 0.0, 0.0, 0.0),
}
HURRYING = PACES["instant"]
SPEEDS = {name: pace.speed for name, pace in PACES.items()}


def pace_of(setting: str, hurrying: bool = False) -> Pace:
    """The pace of a speed setting (Normal for one this build lacks; Instant while fast-forwarding headlessly)."""
    return HURRYING if hurrying else PACES.get(setting, PACES["normal"])
