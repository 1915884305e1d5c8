"""Records called out as they fall at the table: the biggest pot yet, the longest streak of the player's own cards
in one run yet, deals won in a row.

A record is the player's own, as the statistics count it (the pot taken when going out, payments not included;
the most cards the player played one after another in one run), beaten against the statistics of earlier
sessions and the session so far. A first pot or run, with nothing before it to beat, is not called out. Deals in
a row are the session's alone. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..engine.events import DealEnd, Dealt, Event, HandWon, Play, Stop
from .statistics import Statistics

CalloutKind = Literal["biggest_pot", "longest_run", "in_a_row"]
MIN_RUN = 3  # a run of two is no feat, whatever it beats
IN_A_ROW = 3  # deals won one after another that are called out (and every one after)


@dataclass(frozen=True)
class Callout:
    """A record broken: which, and its new figure (the pot's chips, the run's cards, the deals in a row)."""

    kind: CalloutKind
    count: int


class RecordWatch:
    """Follows one session's events from the player's seat and says which records each event breaks."""

    def __init__(self, seat: int, biggest_pot: int = 0, longest_run: int = 0) -> None:
        self.seat = seat
        self.biggest_pot = biggest_pot
        self.longest_run = longest_run
        self.in_a_row = 0
        self._run = 0  # cards the player has played one after another in the run in play
        self._last: int | None = None  # who played the run's last card

    @classmethod
    def from_statistics(cls, statistics: Statistics, seat: int) -> RecordWatch:
        """A watch whose records to beat are the player's from earlier sessions."""
        return cls(seat, statistics.biggest_pot, statistics.longest_run)

    def see(self, event: Event) -> list[Callout]:
        """The records `event` breaks, in the order to call them out (most often none)."""
        me = self.seat
        match event:
            case Play(player=player, lead=lead):
                called = self._run_ends() if lead or player != self._last else []
                self._last = player
                if player == me:
                    self._run += 1
                return called
            case Dealt() | Stop() | DealEnd():
                return self._run_ends()
            case HandWon(player=winner, pot=pot):
                called = self._run_ends()
                if winner != me:
                    self.in_a_row = 0
                    return called
                self.in_a_row += 1
                if pot > self.biggest_pot > 0:
                    called.append(Callout("biggest_pot", pot))
                self.biggest_pot = max(self.biggest_pot, pot)
                if self.in_a_row >= IN_A_ROW:
                    called.append(Callout("in_a_row", self.in_a_row))
                return called
        return []

    def _run_ends(self) -> list[Callout]:
        """The player's run (if any) is over: a record when it beat the longest before it."""
        run, self._run, self._last = self._run, 0, None
        beaten = run >= MIN_RUN and run > self.longest_run > 0
        self.longest_run = max(self.longest_run, run)
        return [Callout("longest_run", run)] if beaten else []
