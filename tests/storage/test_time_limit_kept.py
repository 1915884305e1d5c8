"""A session the time limit ended is kept as it ended (review 1, finding 2): its snapshot says in which deal the
end was asked for, so the rebuilt session ends there too, with the same chips and events, instead of dealing a
deal it never played; a snapshot kept before it said so is read the same way; Continue at such a table finds it
over, and its end is recorded at the next start."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest
from app.table.test_table_controller import OPPONENTS, play_through
from app_helpers import make_app
from storage.test_full_disk_end import no_room_for, put_by, seats

from game.ai.seats import seats_against
from game.ai.simple import LowestAgent
from game.app.table.controller import HumanTurn, Played, TableController
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.engine.rules import RuleSet
from game.locale import tr
from game.storage.recorded_file import was_recorded
from game.storage.resume import FREE, resume_path
from game.storage.statistics_file import load_statistics


def open_rules() -> RuleSet:
    """The classic rules with no limit of deals: only the time ends the session."""
    return dataclasses.replace(rules_by_name("classic"), deals=None, players=len(OPPONENTS) + 1)


def ended_on_time(seed: int = 31, deal: int = 2) -> TableController:
    """A session whose time ran out during deal `deal`, played to its end."""
    table = TableController(open_rules(), seats_against(OPPONENTS), seed, time_limit_s=60.0)
    stand_in = LowestAgent()
    while table.session.deal_number < deal:
        step = table.advance(0.0, math.inf)
        if isinstance(step, HumanTurn):
            assert isinstance(table.submit(stand_in.decide(step.view, step.decision)), Played)
    assert table.count_time(61.0) and table.end_requested
    play_through(table, stand_in)
    assert table.over and table.session.deal_number == deal
    return table


def test_a_session_ended_on_time_is_rebuilt_ended_in_the_same_deal() -> None:
    table = ended_on_time()
    snapshot = json.loads(str(table.snapshot_text()))
    assert snapshot["over"] is True
    again = TableController.from_snapshot(snapshot)
    assert again.over, "not a deal it never played"
    assert again.session.deal_number == 2 and again.session.pending() is None
    assert list(again.session.chips) == list(table.session.chips)
    assert [event.to_json() for event in again.log] == [event.to_json() for event in table.log]
    assert not again.time_is_up(), "nothing to say of a session already over"


def test_a_snapshot_kept_before_it_said_when_its_end_was_asked_for_is_rebuilt_ended() -> None:
    table = ended_on_time(deal=3)
    snapshot = json.loads(str(table.snapshot_text()))
    snapshot.pop("end_deal", None)  # as the version before this one kept it
    again = TableController.from_snapshot(snapshot)
    assert again.over and again.session.deal_number == 3
    assert list(again.session.chips) == list(table.session.chips)


def test_a_session_kept_mid_deal_after_its_time_ran_out_still_ends_with_that_deal() -> None:
    table = TableController(open_rules(), seats_against(OPPONENTS), 8, time_limit_s=60.0)
    play_through(table, stop_after=12)
    assert table.count_time(61.0)
    snapshot = {**table.snapshot(), "elapsed_s": 0.0}  # even a time played that says otherwise
    again = TableController.from_snapshot(json.loads(json.dumps(snapshot)))
    assert again.end_requested and again.time_is_up(), "news to the player sitting down at it"
    play_through(again)
    play_through(table)
    assert again.over and again.session.deal_number == table.session.deal_number
    assert [event.to_json() for event in again.log] == [event.to_json() for event in table.log]


def test_a_take_back_after_the_time_ran_out_keeps_the_end_asked_for() -> None:
    table = TableController(open_rules(), seats_against(OPPONENTS), 5, time_limit_s=60.0)
    stand_in = LowestAgent()
    for _ in range(10_000):  # to the first decision of the player's that may be taken back
        step = table.advance(0.0, math.inf)
        if isinstance(step, HumanTurn):
            if table.to_take_back() is not None:
                break
            assert isinstance(table.submit(stand_in.decide(step.view, step.decision)), Played)
    deal = table.session.deal_number
    assert table.count_time(61.0) and table.take_back()
    assert table.end_requested
    play_through(table, stand_in)
    assert table.over and table.session.deal_number == deal


def test_a_time_limited_session_ended_on_a_full_disk_is_recorded_at_the_next_start_and_never_continued(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    table = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), deals=None), seats(), 17,
                              time_limit_s=60.0)
    app.scenes.clear_to(table)
    assert table.fast_forward_until(lambda t: t.session.deal_number >= 2)
    table.table.elapsed = 59.99  # the time runs out during the second deal
    table.recorder.keeper.flush()
    no_room_for(monkeypatch, "statistics.json")
    assert table.fast_forward_until(lambda t: t.results is not None, max_steps=200_000)
    assert table.session.deal_number == 2
    waiting = put_by(tmp_path)
    assert len(waiting) == 1 and not resume_path(tmp_path, FREE).exists(), "put by: Continue cannot deal it on"
    kept = json.loads(waiting[0].read_text(encoding="utf-8"))["snapshot"]
    assert TableController.from_snapshot(kept).over
    table.leave_table()
    app.scenes.close()
    monkeypatch.undo()
    again = make_app(tmp_path)
    assert load_statistics(tmp_path).statistics.sessions == 1 and was_recorded(tmp_path, table.table.session_id)
    assert put_by(tmp_path) == []
    assert tr("storage.session.recorded_late") in again.notices.words()
    again.scenes.close()
