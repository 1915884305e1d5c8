"""The table without a window: the controller plays a session exactly as the headless engine would, keeps and
resumes it, ends it on time, refuses what the rules refuse; the recorder keeps what it should where the table's
origin says; the origin reads back what a snapshot keeps and decides what a finished table means."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import math
import threading
from pathlib import Path
from typing import Any

import pytest

from game.ai.character import CharacterAgent
from game.ai.registry import load_character_by_id
from game.ai.seats import HUMAN_NAME, SeatSpec, seats_against
from game.ai.simple import LowestAgent
from game.app.table.controller import HumanTurn, Played, Refused, TableController
from game.app.table.recorder import TableRecorder
from game.campaign.daily_file import load_daily_bests
from game.campaign.origin import (
    DAILY_SLOT,
    CampaignRoad,
    DailyDeal,
    DailyFinished,
    FreePlay,
    VenueFinished,
    deal_log_slot,
    finish,
    kept_as,
    origin_of,
    results_label,
    session_mode,
)
from game.campaign.roads import SLOTS, Road
from game.config import rules_by_name
from game.engine.decisions import LeadAction, LeadDecision
from game.engine.events import Event
from game.engine.play import play_session
from game.engine.rules import RuleSet
from game.engine.session import SeatInfo, Session
from game.replay import split_deals
from game.storage.resume import load_resume
from game.storage.saves import AUTOSAVE, deal_logs
from game.storage.statistics_file import load_statistics

OPPONENTS = ("maud", "reggie", "vera")


def short_rules(deals: int = 2) -> RuleSet:
    """The classic rules cut to a few deals."""
    return dataclasses.replace(rules_by_name("classic"), deals=deals, players=len(OPPONENTS) + 1)


def play_through(table: TableController, stand_in: LowestAgent | None = None, stop_after: int | None = None) -> None:
    """Drive the controller at instant speed, the human's decisions answered by a plain agent (as many as
    `stop_after` actions in all when given)."""
    stand_in = stand_in or LowestAgent()
    while not table.over and (stop_after is None or len(table.actions) < stop_after):
        step = table.advance(0.0, math.inf)
        if isinstance(step, HumanTurn):
            assert isinstance(table.submit(stand_in.decide(step.view, step.decision)), Played)


def headless_log(seats: list[SeatSpec], rules: RuleSet, seed: int) -> list[str]:
    """The same table played by the engine alone, with the same streams the controller gives its characters."""
    infos = [SeatInfo(name, "human" if c is None else "ai", None if c is None else c.id) for name, c in seats]
    session = Session(rules, infos, seed)
    agents = [LowestAgent() if c is None else CharacterAgent(c, f"{seed}:{seat}") for seat, (_, c) in enumerate(seats)]
    events: list[Event] = []
    play_session(session, agents, events.append)
    return [event.to_json() for event in events]


def test_the_controller_plays_a_session_exactly_as_the_headless_engine_would() -> None:
    seats = seats_against(OPPONENTS)
    rules = short_rules(3)
    table = TableController(rules, seats, 41)
    play_through(table)
    assert table.over and table.log[-1].type == "session_end"
    assert [event.to_json() for event in table.log] == headless_log(seats, rules, 41)


def test_a_snapshot_taken_mid_session_resumes_to_the_same_end() -> None:
    seats = seats_against(OPPONENTS)
    whole = TableController(short_rules(3), seats, 12)
    play_through(whole)
    half = TableController(short_rules(3), seats, 12)
    play_through(half, stop_after=len(whole.actions) // 2)
    snapshot = json.loads(json.dumps(half.snapshot()))  # as the kept file holds it
    assert snapshot["actions"] and snapshot["deal"] == half.session.deal_number and "campaign_slot" not in snapshot
    resumed = TableController.from_snapshot(snapshot)
    assert resumed.opening == [] and resumed.session.chips == half.session.chips
    play_through(resumed)
    assert [e.to_json() for e in resumed.log] == [e.to_json() for e in whole.log]


def test_a_character_thinks_on_a_worker_thread_for_their_think_time_then_answers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seats: list[SeatSpec] = [(c.name, c) for c in (load_character_by_id(i) for i in ("maud", *OPPONENTS))]
    table = TableController(short_rules(1), seats, 5)
    assert table.human_seat is None
    threads: list[str] = []
    real = CharacterAgent.decide

    def watched(agent: CharacterAgent, *args: Any) -> Any:
        threads.append(threading.current_thread().name)
        return real(agent, *args)
    monkeypatch.setattr(CharacterAgent, "decide", watched)
    assert table.advance(0.0, 1.0) is None and table.thinking and table.turn is not None
    frames = 0
    while not isinstance(table.advance(1 / 60, 1.0), Played):
        frames += 1
        assert frames < 600, "an answer comes once the think time is over"
    assert frames >= 2 and not table.thinking, "the character was seen thinking for a few frames"
    assert threads == ["newmarket-thinking"]
    assert table.advance(0.0, math.inf) is None and table.thinking
    assert isinstance(table.advance(0.0, math.inf), Played) and threads[-1] == threading.current_thread().name


def test_the_time_limit_ends_the_session_with_the_deal_in_play() -> None:
    table = TableController(short_rules(10), seats_against(OPPONENTS), 3, time_limit_s=1.0)
    assert not table.count_time(0.6) and not table.end_requested
    assert table.count_time(0.6) and table.end_requested
    assert not table.count_time(0.6), "said once"
    play_through(table)
    assert table.session.deal_number == 1 and table.over
    resumed = TableController.from_snapshot({**table.snapshot(), "elapsed_s": 5.0})
    assert resumed.time_is_up() or resumed.over


def test_an_answer_the_rules_refuse_is_refused_and_changes_nothing() -> None:
    table = TableController(short_rules(10), seats_against(OPPONENTS), 8)
    for _ in range(10_000):  # to the human's first lead with a card in hand that may not be led
        step = table.advance(0.0, math.inf)
        if isinstance(step, HumanTurn):
            decision = step.decision
            if isinstance(decision, LeadDecision) and set(table.session.hand(0)) - set(decision.options):
                break
            table.submit(LowestAgent().decide(step.view, decision))
    else:
        raise AssertionError("the human never had a lead to get wrong")
    wrong = next(card for card in table.session.hand(0) if card not in decision.options)
    before = (len(table.actions), len(table.log), list(table.session.chips), table.session.pending())
    assert table.submit(LeadAction(0, wrong)) == Refused("lead")
    assert (len(table.actions), len(table.log), list(table.session.chips), table.session.pending()) == before
    assert isinstance(table.submit(LeadAction(0, decision.options[0])), Played)


def test_the_recorder_keeps_the_session_and_each_deal_where_the_origin_says(tmp_path: Path) -> None:
    for origin, slot in ((FreePlay(), AUTOSAVE), (DailyDeal(dt.date(2026, 11, 29)), DAILY_SLOT)):
        folder = tmp_path / slot
        table = TableController(short_rules(2), seats_against(OPPONENTS), 6, origin=origin)
        recorder = TableRecorder(folder, table, threaded=False)
        mode = session_mode(origin)
        while table.session.deal_number < 2:
            play_through(table, stop_after=len(table.actions) + 1)
        recorder.deal_settled()
        kept = load_resume(folder, mode).snapshot
        assert kept is not None and origin_of(kept.get("campaign_slot")) == origin
        recorder.deal_settled()  # the same deal is never kept twice
        assert [name for name, logs in deal_logs(folder)] == [slot] and len(dict(deal_logs(folder))[slot]) == 1
        play_through(table)
        recorder.deal_settled()
        assert load_resume(folder, mode).snapshot is not None, "kept until its end is recorded"
        recorder.session_over()
        assert load_resume(folder, mode).snapshot is None, "an ended session is forgotten once recorded"
        logs = dict(deal_logs(folder))[slot]
        assert list(logs) == split_deals([event.to_json() for event in table.log])
        loaded = load_statistics(folder)
        assert loaded.problem is None and loaded.statistics.sessions == 1 and loaded.statistics.deals_played == 2


def test_a_watched_table_keeps_no_deal_and_no_statistics(tmp_path: Path) -> None:
    seats: list[SeatSpec] = [(c.name, c) for c in (load_character_by_id(i) for i in ("pip", *OPPONENTS))]
    table = TableController(short_rules(1), seats, 2)
    recorder = TableRecorder(tmp_path, table)
    play_through(table)
    recorder.deal_settled()
    recorder.session_over()
    assert deal_logs(tmp_path) == [] and load_statistics(tmp_path).statistics.sessions == 0


@pytest.mark.parametrize("origin", [FreePlay(), DailyDeal(dt.date(2026, 2, 28)), CampaignRoad(SLOTS[1])])
def test_an_origin_is_kept_by_a_snapshot_and_read_back(origin: FreePlay | DailyDeal | CampaignRoad) -> None:
    assert origin_of(kept_as(origin)) == origin
    table = TableController(short_rules(1), seats_against(OPPONENTS), 1, origin=origin)
    assert TableController.from_snapshot(json.loads(json.dumps(table.snapshot()))).origin == origin


def test_an_origin_says_where_deals_are_kept_and_where_the_results_lead() -> None:
    assert deal_log_slot(FreePlay()) == (AUTOSAVE, True)
    assert deal_log_slot(DailyDeal(dt.date(2026, 1, 1))) == (DAILY_SLOT, True)
    assert deal_log_slot(CampaignRoad("campaign-3")) == ("campaign-3", False)
    assert [results_label(o) for o in (FreePlay(), DailyDeal(dt.date(2026, 1, 1)), CampaignRoad("campaign"))] == [
        "results.back_title", "results.back_daily", "results.back_map"]
    assert origin_of("daily:not-a-day") == FreePlay() and origin_of("some-slot") == FreePlay()
    assert origin_of(None) == FreePlay() and origin_of(17) == FreePlay()


def test_a_finished_table_means_what_its_origin_says(tmp_path: Path) -> None:
    assert finish(FreePlay(), tmp_path, [30, 10, 10, 10]) is None
    day = dt.date(2026, 11, 29)
    first = finish(DailyDeal(day), tmp_path, [30, 10, 10, 10])
    assert isinstance(first, DailyFinished) and first.new_best and first.day == day
    worse = finish(DailyDeal(day), tmp_path, [20, 10, 10, 10])
    assert isinstance(worse, DailyFinished) and not worse.new_best and "30" in worse.message
    assert load_daily_bests(tmp_path)[0].best_for(day) == 30
    road = Road.load(tmp_path, SLOTS[0])
    assert road.progress is not None and road.progress.venue is not None and road.save() is None
    venue = road.progress.venue
    done = finish(CampaignRoad(SLOTS[0]), tmp_path, [99] + [1] * len(venue.opponents))
    assert isinstance(done, VenueFinished) and done.road.progress is not None
    assert done.road.progress.venue_index == 1 and venue.title() in done.message
    assert Road.load(tmp_path, SLOTS[0]).progress == done.road.progress, "recorded on the slot"


def test_the_human_seat_is_named_in_english_in_the_log() -> None:
    table = TableController(short_rules(1), seats_against(OPPONENTS), 4)
    assert table.seats[0] == (HUMAN_NAME, None) and table.log[0].type == "session_start"
    assert table.log[0].players[0]["name"] == "You"
