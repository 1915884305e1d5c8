"""The pace of each speed setting: how fast things move, and how long the table rests on each card played.

A speed is more than slow motion: at Relaxed every card played is followed by a beat of stillness, so a player
can follow each one; at every speed but Instant a card of the player's that the rules play for them (a
compulsory follow, a forced lead) is lifted, captioned and rested on longer than anyone else's.

The time goes where the player is (issue 24): a play or a stop that does not touch them (`attention.py` says
which) flies quicker and rests less, a character's thinking over such a follow is short, and once the player is
out of the session the rest plays out briskly. A character decides any follow (play on or stop) quicker than a
lead, but for Relaxed. Relaxed keeps a beat after the quick plays too, a shorter one.
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
    quick_flight: float  # the share of its flight a play that does not touch the player takes
    quick_beat: float  # seconds of stillness after such a play (real seconds)
    quick_stop: float  # the hold (scaled seconds) after a stop that breaks no run of the player's
    quick_think: float  # the share of their think time a character takes over a follow that does not touch them
    follow_think: float  # the share they take over any other follow (optional following): play on, or stop?

    def rest(self, flight: float, beat: float) -> float:
        """The director's hold (in scaled seconds) that covers a flight of `flight` and then `beat` real seconds."""
        return flight + beat * self.speed if not math.isinf(self.speed) else 0.0


STOP_HOLD = 0.85  # the hold after a stop (scaled seconds): its banner says why the run stopped
BRISK = 3.0  # once the player can no longer act, the table's time runs this many times faster

PACES: dict[str, Pace] = {
    "relaxed": Pace(0.5, 0.85, 0.45, 1.1, 0.8, 0.45, 0.65, 0.6, 1.0),
    "slow": Pace(0.6, 0.2, 0.4, 0.9, 0.7, 0.1, 0.55, 0.45, 0.8),
    "normal": Pace(1.0, 0.0, 0.35, 0.7, 0.6, 0.0, 0.45, 0.35, 0.7),
    "fast": Pace(2.2, 0.0, 0.25, 0.45, 0.6, 0.0, 0.4, 0.35, 0.7),
    "instant": Pace(math.inf, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0),
}
HURRYING = PACES["instant"]
SPEEDS = {name: pace.speed for name, pace in PACES.items()}


def pace_of(setting: str, hurrying: bool = False) -> Pace:
    """The pace of a speed setting (Normal for one this build lacks; Instant while fast-forwarding headlessly)."""
    return HURRYING if hurrying else PACES.get(setting, PACES["normal"])
