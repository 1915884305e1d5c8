"""The agency measure (issue 24): real choices counted by kind on deals whose choices are known by hand, weighty
choices by the spread of the answers' values, deals after the player is out left out, the seconds watched added up
from what the table reports, the same figures twice; and the command's argument checks."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from helpers import StackedDeals, rules, seats

from game.ai import agency
from game.ai.agency import Agency, measure_table, real_choice, session_seed
from game.ai.simple import LowestAgent
from game.cli import agency_tables, main
from game.config import rules_by_name
from game.engine.cards import Card
from game.engine.decisions import (
    Action,
    BidDecision,
    BuyDeadDecision,
    Decision,
    FollowDecision,
    LeadDecision,
    StakeDecision,
)
from game.engine.events import DealEnd, DealStart, Event, PlayerOut
from game.engine.play import Agent
from game.engine.rules import RuleSet
from game.engine.session import Session

HEARTS = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
SPADES = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
DIAMONDS = "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"
CLUBS = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"


def lowest_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seat, the player's included, answered by the plain lowest-card agent (quick and predictable)."""
    monkeypatch.setattr(agency, "make_agent", lambda agent_id, seed, seat, **_: LowestAgent())


def measure_seed_with_dealer(players: int, dealer: int) -> int:
    """A measure seed whose first session's cut makes `dealer` deal first."""
    for seed in range(1000):
        probe = Session(RuleSet(), seats(players), session_seed(seed, 1))
        probe._cut()
        if probe.dealer == dealer:
            return seed
    raise AssertionError("no such seed")


class Recorder:
    """A watcher that times every event a second and every thinking two, and keeps what it was shown."""

    def __init__(self, shown: list[list[Event]]) -> None:
        self.events: list[Event] = []
        shown.append(self.events)
        self.thinks: list[int] = []  # the number of events shown before each thinking

    def thinking(self, agent: Agent, decision: Decision) -> float:
        self.thinks.append(len(self.events))
        return 2.0

    def shown(self, event: Event) -> float:
        self.events.append(event)
        return 1.0

    def answered(self, action: Action, events: Sequence[Event]) -> None:
        pass


def test_real_choices_are_decisions_with_two_answers_or_more_after_the_stake() -> None:
    two, one = (Card.parse("2S"), Card.parse("3H")), (Card.parse("2S"),)
    assert real_choice(LeadDecision(0, two)) == "lead"
    assert real_choice(LeadDecision(0, one)) is None  # the engine plays it at once; never a choice
    assert real_choice(FollowDecision(0, Card.parse("4S"))) == "follow"
    assert real_choice(BuyDeadDecision(0, 4)) == "buy_dead"
    assert real_choice(BidDecision(0, 1, 9)) == "bid"
    assert real_choice(StakeDecision(0, 1, 4, (Card.parse("AS"),))) is None


def test_a_deal_of_known_choices_is_counted_by_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    # Deal 1: the player leads first holding every heart, under optional following: the ace is the only lead
    # (no choice), then each of the twelve hearts after it is theirs to play or decline: 12 follows, and out.
    # Deal 2: seat 1 leads holding every spade and runs them all: the player never decides.
    stacked = StackedDeals(monkeypatch)
    stacked.queue({0: HEARTS, 1: SPADES, 2: DIAMONDS}, CLUBS)
    stacked.queue({0: CLUBS, 1: SPADES, 2: DIAMONDS}, HEARTS)
    lowest_everywhere(monkeypatch)
    found = measure_table(rules(follow="optional"), ["lowest", "lowest"], 2, measure_seed_with_dealer(3, 2),
                          weighty=False)
    assert stacked.waiting == 0
    assert (found.deals, found.choices, dict(found.kinds)) == (2, 12, {"lead": 0, "follow": 12, "buy_dead": 0,
                                                                       "bid": 0})
    assert found.choices_per_deal == 6.0 and found.by_kind["follow"] == 6.0 and found.by_kind["lead"] == 0.0
    assert found.no_choice_share == 0.5
    assert found.seconds_per_choice is None  # nothing was timed


def test_compulsory_following_leaves_the_same_deal_without_a_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    stacked = StackedDeals(monkeypatch)
    stacked.queue({0: HEARTS, 1: SPADES, 2: DIAMONDS}, CLUBS)
    lowest_everywhere(monkeypatch)
    found = measure_table(rules(), ["lowest", "lowest"], 1, measure_seed_with_dealer(3, 2), weighty=False)
    assert (found.deals, found.choices, found.no_choice_share) == (1, 0, 1.0)


def test_a_choice_is_weighty_when_its_answers_are_half_a_chip_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    stacked = StackedDeals(monkeypatch)
    stacked.queue({0: HEARTS, 1: SPADES, 2: DIAMONDS}, CLUBS)
    lowest_everywhere(monkeypatch)
    spreads = iter([0.5, 0.49] * 6)
    monkeypatch.setattr(agency, "answer_values", lambda view, decision, rng: [1.0, 1.0 + next(spreads)])
    found = measure_table(rules(follow="optional"), ["lowest", "lowest"], 1, measure_seed_with_dealer(3, 2))
    assert (found.choices, found.weighty, found.weighty_per_deal) == (12, 6, 6.0)


def test_seconds_watched_are_what_the_table_reports_within_the_deals_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[list[Event]] = []
    recorders: list[Recorder] = []

    def watch(rules: RuleSet, ids: Sequence[str]) -> Recorder:
        recorders.append(Recorder(shown))
        return recorders[-1]
    found = measure_table(rules_by_name("classic"), ["pip", "maud"], 3, 5, weighty=False, watch=watch)
    expected = 0.0
    for recorder in recorders:
        inside_after = [False]  # whether a counted deal is in play after each number of events shown
        for event in recorder.events:
            now = inside_after[-1] or isinstance(event, DealStart)
            expected += now
            inside_after.append(now and not isinstance(event, DealEnd))
        expected += 2.0 * sum(inside_after[count] for count in recorder.thinks)
    assert found.deals == 3 and found.watched == expected and found.choices > 0
    assert found.seconds_per_choice == expected / found.choices


def test_deals_after_the_player_is_out_are_not_played_nor_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[list[Event]] = []
    poor = dataclasses.replace(rules_by_name("classic"), starting_chips=8)  # out within a few deals
    found = measure_table(poor, ["dex", "professor"], 12, 3, weighty=False,
                          watch=lambda rules, ids: Recorder(shown))
    outs = [events for events in shown if any(isinstance(e, PlayerOut) and e.player == 0 for e in events)]
    assert outs, "the player was never out: the test proves nothing"
    for events in outs:
        last = events[-1]
        assert isinstance(last, PlayerOut) and last.player == 0  # nothing after it is played
    counted = sum(isinstance(e, DealEnd) for events in shown for e in events)
    assert found.deals == counted == 12 and len(shown) > 1


def test_the_same_arguments_give_the_same_figures() -> None:
    table = dataclasses.replace(rules_by_name("free_following"), deals=2)
    first = measure_table(table, ["hetty", "bert"], 2, 7)
    assert first == measure_table(table, ["hetty", "bert"], 2, 7)
    assert first.choices > 0


def test_tables_pool_their_deals() -> None:
    one = Agency(2, 5, {"lead": 5}, 3, 1, 10.0)
    two = Agency(3, 4, {"lead": 1, "follow": 3}, 2, 0, 26.0)
    both = one.merge(two)
    assert (both.deals, both.choices, both.weighty, both.no_choice_deals) == (5, 9, 5, 1)
    assert both.by_kind == {"lead": 1.2, "follow": 0.6, "buy_dead": 0.0, "bid": 0.0}
    assert both.seconds_per_choice == 4.0 and both.no_choice_share == 0.2
    assert one.merge(Agency(1, 1, {}, 0, 0, None)).seconds_per_choice is None


# --- the command ---------------------------------------------------------------------------------------------------

MEASURED: list[Any] = []


@pytest.fixture
def nothing_measured(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    MEASURED.clear()

    def measured(table: agency_tables.MeasuredTable, **_: Any) -> Agency:
        MEASURED.append(table)
        return Agency(1, 2, {"lead": 2}, 1, 0, None)
    monkeypatch.setattr(agency_tables.MeasuredTable, "measure", measured)
    return MEASURED


def refused(capsys: pytest.CaptureFixture[str], tmp_path: Path, *argv: str) -> str:
    """`main.py agency ARGV` exits 1 with one line on stderr and measures nothing; the line."""
    assert main(["--data-dir", str(tmp_path), "agency", "--no-seconds", *argv]) == 1
    out, err = capsys.readouterr()
    assert MEASURED == [] and out == "" and len(err.strip().splitlines()) == 1, (MEASURED, out, err)
    return err.strip()


@pytest.mark.parametrize("argv, line", [
    (["--players", "2"], "--players: must be 3 to 8, got 2"),
    (["--players", "4", "--players", "9"], "--players: must be 3 to 8, got 9"),
    (["--deals", "0"], "--deals: must be 1 to 1000000, got 0"),
    (["--deals", "1000001"], "--deals: must be 1 to 1000000, got 1000001"),
    (["--seed", "-1"], f"--seed: must be 0 to {2**64 - 1}, got -1"),
    (["--mode", "road", "--players", "4"], "--mode road: the mode seats its own tables; leave out --rules and "
                                           "--players"),
    (["--from", "2026-01-01"], "--from: only with --mode daily"),
    (["--mode", "daily", "--from", "1st of May"], "--from: not a date like 2026-12-03: '1st of May'"),
    (["--rules", "no_such_rules_file"], None),
])
def test_the_command_refuses_what_it_cannot_measure(argv: list[str], line: str | None, nothing_measured: list[Any],
                                                   capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    said = refused(capsys, tmp_path, *argv)
    if line is not None:
        assert said == line
    else:
        assert "no_such_rules_file" in said


def test_the_command_measures_each_rules_file_at_each_seat_count(nothing_measured: list[Any], tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--data-dir", str(tmp_path), "agency", "--no-seconds", "--rules", "classic", "--rules", "free_following",
            "--players", "3", "--players", "8", "--deals", "5", "--json"]
    assert main(argv) == 0
    assert [(t.label, t.seats, t.rules.players, t.deals) for t in nothing_measured] == [
        ("classic", 3, 3, 5), ("classic", 8, 8, 5), ("free_following", 3, 3, 5), ("free_following", 8, 8, 5)]
    assert all(t.drawn and len(set(agency_tables.drawn_cast(t.cast, t.seats - 1, 1, 0))) == t.seats - 1
               for t in nothing_measured)  # seven different characters at eight seats
    out = capsys.readouterr().out
    assert '"all": {"deals": 4, "choices_per_deal": 2.0' in out


def test_the_modes_seat_the_road_and_sixty_daily_dates(nothing_measured: list[Any], tmp_path: Path) -> None:
    assert main(["--data-dir", str(tmp_path), "agency", "--no-seconds", "--mode", "road"]) == 0
    road = list(nothing_measured)
    assert road and all(not t.drawn and t.seats == len(t.cast) + 1 == t.rules.players for t in road)
    nothing_measured.clear()
    assert main(["--data-dir", str(tmp_path), "agency", "--no-seconds", "--mode", "daily", "--from",
                 "2026-12-03"]) == 0
    assert len(nothing_measured) == 60 and nothing_measured[0].label.startswith("daily: 2026-12-03")
    assert nothing_measured[-1].label.startswith("daily: 2027-01-31")
