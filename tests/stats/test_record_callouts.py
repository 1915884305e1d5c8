"""Records called out as they fall: the biggest pot yet, the longest run yet and deals won in a row, read off the
events from the player's seat against the statistics of earlier sessions and the session so far (no pygame)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.engine.cards import parse_cards
from game.engine.events import DealEnd, Dealt, Event, HandWon, Payment, Play, Stop
from game.stats import Statistics
from game.stats.callouts import Callout, RecordWatch

ROOT = Path(__file__).resolve().parents[2]
ME, THEM = 0, 1
CARDS = parse_cards(["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"])


def run(player: int, length: int, start: int = 0) -> list[Event]:
    """`player` leads and plays `length` cards of hearts one after another."""
    return [Play(player, CARDS[start + i], i == 0) for i in range(length)]


def won(player: int, pot: int) -> list[Event]:
    """A deal's end: `player` goes out and takes `pot`."""
    return [HandWon(player, pot, (Payment(1 - player, 2),)), DealEnd((0, 0), ())]


def called(watch: RecordWatch, events: list[Event]) -> list[Callout]:
    return [callout for event in events for callout in watch.see(event)]


def test_the_watch_runs_without_pygame() -> None:
    code = "import sys, game.stats.callouts; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False).returncode == 0


def test_a_bigger_pot_than_any_before_is_called_out_once() -> None:
    watch = RecordWatch(ME, biggest_pot=10)
    assert called(watch, won(ME, 9)) == []
    assert called(watch, won(ME, 14)) == [Callout("biggest_pot", 14)]
    assert called(watch, won(THEM, 30)) == [], "another player's pot is not the player's record"
    assert called(watch, won(ME, 14)) == [], "equal is no record"


def test_the_first_pot_ever_is_no_record_but_the_next_bigger_one_is() -> None:
    watch = RecordWatch(ME)
    assert called(watch, won(ME, 5)) == []
    assert called(watch, won(THEM, 1)) == []
    assert called(watch, won(ME, 8)) == [Callout("biggest_pot", 8)]


def test_the_longest_run_is_called_when_the_run_ends() -> None:
    watch = RecordWatch(ME, longest_run=3)
    events = run(ME, 4)
    assert called(watch, events) == [], "called once the run is over, with its whole length"
    assert watch.see(Stop(CARDS[3], "gap")) == [Callout("longest_run", 4)]
    assert called(watch, run(ME, 4) + [Stop(CARDS[3], "gap")]) == [], "equal is no record"


def test_another_players_card_ends_the_players_run() -> None:
    watch = RecordWatch(ME, longest_run=2)
    events = run(ME, 3) + [Play(THEM, CARDS[3], False)]
    assert called(watch, events) == [Callout("longest_run", 3)]
    assert called(watch, run(THEM, 6) + [Stop(CARDS[5], "gap")]) == [], "their run is not the player's"


def test_a_run_of_two_is_never_a_record() -> None:
    watch = RecordWatch(ME, longest_run=1)
    assert called(watch, run(ME, 2) + [Stop(CARDS[1], "gap")]) == []


def test_three_deals_in_a_row_and_every_one_after() -> None:
    watch = RecordWatch(ME, biggest_pot=100)
    assert called(watch, won(ME, 5) + won(ME, 5)) == []
    assert called(watch, won(ME, 5)) == [Callout("in_a_row", 3)]
    assert called(watch, won(ME, 5)) == [Callout("in_a_row", 4)]
    assert called(watch, won(THEM, 5) + won(ME, 5) + won(ME, 5)) == [], "another's deal breaks the row"


def test_going_out_can_break_three_records_at_once_in_order() -> None:
    watch = RecordWatch(ME, biggest_pot=6, longest_run=3)
    called(watch, won(ME, 1) + won(ME, 1))
    events = [Dealt(((), ()), ()), *run(ME, 5), *won(ME, 20)]
    assert called(watch, events) == [Callout("longest_run", 5), Callout("biggest_pot", 20), Callout("in_a_row", 3)]


def test_the_records_to_beat_come_from_the_statistics() -> None:
    statistics = Statistics(biggest_pot=12, longest_run=6)
    watch = RecordWatch.from_statistics(statistics, ME)
    assert (watch.biggest_pot, watch.longest_run) == (12, 6)
    assert called(watch, won(ME, 12)) == [] and called(watch, won(ME, 13)) == [Callout("biggest_pot", 13)]
