"""Taking back the player's decisions (free play): the table laid again from the seed and the actions before the
decision, every character's streams as they stood then, so the same choice plays out byte for byte the same;
never across a deal's end, never in the daily deal or a campaign venue; kept in the snapshot."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import math
from collections.abc import Callable
from typing import Any

import pytest

from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.ai.simple import LowestAgent
from game.app.table import controller as controller_module
from game.app.table.controller import HumanTurn, Played, TableController
from game.app.table.take_back import undone_words
from game.campaign.origin import CampaignRoad, DailyDeal, TableOrigin
from game.campaign.roads import SLOTS
from game.config import rules_by_name
from game.engine.decisions import Action, Decision, LeadAction, LeadDecision, StakeAction, StakeDecision
from game.engine.view import PlayerView

LINEUP = ("bert", "dex", "vera")  # bert breaks ties at random and dex mixes at random: both draw on their streams
SESSION = "take-back-test"
SEED = 24  # the player makes two decisions after deal 2's deal with the characters' between, then leads
Answer = Callable[[PlayerView, Decision], Action]


def lowest(view: PlayerView, decision: Decision) -> Action:
    """The player's stand-in: the same answer to the same question, every time."""
    return LowestAgent().decide(view, decision)


def laid(origin: TableOrigin | None = None) -> TableController:
    """Michigan (the dead hand can be bought) for three deals, the player in seat 0 against the lineup."""
    seats: list[SeatSpec] = [("You", None)] + [(cid, load_character_by_id(cid)) for cid in LINEUP]
    rules = dataclasses.replace(rules_by_name("michigan"), deals=3)
    return TableController(rules, seats, SEED, origin=origin, session_id=SESSION)


def play(table: TableController, until: Callable[[TableController], bool], answer: Answer = lowest) -> bool:
    """Play at instant speed, the player answering with `answer`, until `until(table)` holds at one of the player's
    decisions (True) or the session is over (False)."""
    for _ in range(20_000):
        step = table.advance(0.0, math.inf)
        if isinstance(step, HumanTurn):
            if until(table):
                return True
            assert isinstance(table.submit(answer(step.view, step.decision)), Played)
        elif step is None and table.over:
            return False
    raise AssertionError("the session never ended")


def reachable(table: TableController) -> int:
    """How many of the player's earlier decisions of this deal a take back could return to, one after another."""
    count, index = 0, len(table.actions)
    while (asked := table.take_backs.before(index, table.session.deal_number)) is not None:
        count, index = count + 1, asked.index
    return count


def deep_in_deal_two(table: TableController) -> bool:
    """The player leads in the second deal, with two earlier decisions of theirs in it, characters' between."""
    if table.session.deal_number != 2 or not isinstance(table.session.pending(), LeadDecision) \
            or reachable(table) < 2:
        return False
    first = table.take_backs.before(len(table.actions), 2)
    second = None if first is None else table.take_backs.before(first.index, 2)
    return second is not None and sum(action.player != 0 for action in table.actions[second.index:]) >= 2


def taken_back_text(table: TableController, count: int) -> str:
    """The snapshot's text as it would read had nothing been taken back."""
    text = str(table.snapshot_text())
    assert f'"taken_back":{count}' in text
    return text.replace(f'"taken_back":{count}', '"taken_back":0')


@pytest.fixture(scope="module")
def uninterrupted() -> TableController:
    table = laid()
    assert not play(table, lambda t: False)
    return table


def test_taking_back_then_choosing_the_same_plays_out_byte_for_byte_the_same(
        uninterrupted: TableController) -> None:
    table = laid()
    assert play(table, deep_in_deal_two)
    now = len(table.actions)
    first = table.take_backs.before(now, 2)
    assert first is not None
    second = table.take_backs.before(first.index, 2)
    assert second is not None
    assert table.take_back() and table.take_back()
    assert len(table.actions) == second.index and table.taken_back == 2
    assert table.session.pending() == second.decision  # the same question, asked again
    between = uninterrupted.actions[second.index:now]
    assert sum(action.player != 0 for action in between) >= 2  # the characters' streams had moved on
    assert not play(table, lambda t: False)
    assert table.actions == uninterrupted.actions
    assert table.log == uninterrupted.log
    assert taken_back_text(table, 2) == str(uninterrupted.snapshot_text())


def test_without_the_streams_put_back_the_rest_would_not_play_out_the_same(
        uninterrupted: TableController, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(controller_module, "restore_streams", lambda agents, streams: None)
    table = laid()
    assert play(table, deep_in_deal_two)
    assert table.take_back() and table.take_back()
    play(table, lambda t: False)
    assert table.actions != uninterrupted.actions  # so the test above could fail


def test_after_a_take_back_a_different_choice_is_lawful() -> None:
    table = laid()
    assert play(table, lambda t: deep_in_deal_two(t) and len(t.session.pending().options) > 1)  # type: ignore[union-attr]
    decision = table.session.pending()
    assert isinstance(decision, LeadDecision)
    index = len(table.actions)
    assert table.take_back()
    assert play(table, lambda t: len(t.actions) == index)  # the same choices back to where it was
    same = lowest(table.human_view(), decision)
    other = next(LeadAction(0, card) for card in decision.options if LeadAction(0, card) != same)
    assert isinstance(table.submit(other), Played) and table.actions[-1] == other


def test_take_backs_step_back_one_decision_at_a_time_and_never_past_the_deal_start() -> None:
    table = laid()
    assert play(table, deep_in_deal_two)
    starts = []
    while (found := table.to_take_back()) is not None:
        decision, action = found
        assert action.player == 0 and undone_words(decision, action).startswith("Take back ")
        before = len(table.actions)
        assert table.take_back()
        starts.append(len(table.actions))
        assert len(table.actions) < before and table.session.deal_number == 2
    assert starts == sorted(starts, reverse=True) and len(starts) >= 2
    # back at the player's first decision after the deal, and no further: their stake stays as it was made
    assert not isinstance(table.session.pending(), StakeDecision)
    stake = max(i for i, action in enumerate(table.actions) if isinstance(action, StakeAction) and action.player == 0)
    assert all(action.player != 0 for action in table.actions[stake + 1:])  # nothing of theirs since their stake
    assert not table.take_back() and table.session.deal_number == 2


def test_a_stake_is_never_taken_back_once_the_cards_are_dealt(uninterrupted: TableController) -> None:
    table = laid()
    stakes = firsts = 0

    def check(t: TableController) -> bool:
        nonlocal stakes, firsts
        found = t.to_take_back()
        assert found is None or not isinstance(found[0], StakeDecision), found
        assert all(asked.decision.kind != "stake" for asked in t.take_backs._asked)
        if isinstance(t.session.pending(), StakeDecision):
            stakes += 1
        elif found is None:
            firsts += 1  # the player's first decision after the deal: nothing before it to take back
        return False

    assert not play(table, check)
    assert stakes == 3 and firsts >= 3  # every deal's stake was asked, and nothing reached back to it
    assert table.actions == uninterrupted.actions


def test_the_first_decision_of_a_deal_takes_nothing_back_from_the_last() -> None:
    table = laid()
    assert play(table, lambda t: t.session.deal_number == 2 and isinstance(t.session.pending(), StakeDecision))
    assert table.to_take_back() is None and not table.take_back()
    assert table.taken_back == 0


@pytest.mark.parametrize("origin", [DailyDeal(dt.date(2026, 11, 29)), CampaignRoad(SLOTS[0])])
def test_never_offered_in_the_daily_deal_or_a_campaign_venue(origin: TableOrigin) -> None:
    table = laid(origin)
    assert play(table, deep_in_deal_two)
    assert reachable(table) >= 2  # the decisions are there: only the origin refuses
    assert table.to_take_back() is None and not table.take_back()


def test_the_snapshot_keeps_how_many_were_taken_back_and_old_ones_read_as_none() -> None:
    table = laid()
    assert play(table, deep_in_deal_two)
    assert table.snapshot()["taken_back"] == 0
    assert table.take_back()
    saved: dict[str, Any] = json.loads(json.dumps(table.snapshot()))
    assert saved["taken_back"] == 1 and saved == json.loads(str(table.snapshot_text()))
    assert len(saved["actions"]) == len(table.actions)  # the taken back action list
    resumed = TableController.from_snapshot(saved)
    assert resumed.taken_back == 1 and resumed.actions == table.actions
    del saved["taken_back"]
    assert TableController.from_snapshot(saved).taken_back == 0
    for rubbish in (-1, "3", 1.5, True):
        saved["taken_back"] = rubbish
        with pytest.raises(ValueError):
            TableController.from_snapshot(saved)


# --- the statistics keep such sessions apart -------------------------------------------------------------------

def test_statistics_count_a_session_with_take_backs_apart(uninterrupted: TableController) -> None:
    from game.stats import Statistics

    statistics = Statistics()
    statistics.add_session(uninterrupted.log, 0, taken_back=3)
    assert (statistics.taken_back_sessions, statistics.decisions_taken_back) == (1, 3)
    won = uninterrupted.session.chips[0] == max(uninterrupted.session.chips)
    assert statistics.taken_back_won == int(won)
    assert statistics.sessions == statistics.deals_played == statistics.sessions_won == 0
    assert not statistics.records and not statistics.boodle and not statistics.chips_over_time
    statistics.add_session(uninterrupted.log, 0)
    assert statistics.sessions == 1 and statistics.taken_back_sessions == 1
    again = Statistics.from_json(statistics.to_json())
    assert again == statistics


def test_statistics_files_from_before_take_backs_still_load() -> None:
    from game.stats import Statistics

    old = Statistics(sessions=4, sessions_won=1).to_dict()
    for name in ("taken_back_sessions", "taken_back_won", "decisions_taken_back"):
        del old[name]
    statistics, bad = Statistics.read(old)
    assert bad == 0 and statistics.sessions == 4 and statistics.taken_back_sessions == 0
    old["decisions_taken_back"] = -2  # what the game never wrote is refused, as every other figure is
    assert Statistics.read(old)[1] == 1


def test_a_continued_session_takes_back_to_where_it_was_continued_and_plays_on_the_same(
        uninterrupted: TableController) -> None:
    table = laid()
    assert play(table, lambda t: t.session.deal_number == 2 and isinstance(t.session.pending(), LeadDecision))
    continued = TableController.from_snapshot(json.loads(str(table.snapshot_text())))
    index = len(continued.actions)
    assert play(continued, lambda t: len(t.actions) > index)  # the player's next decision, past the continue
    assert reachable(continued) == 1  # the earlier ones' streams were not kept: back to the continue, no further
    assert continued.take_back() and len(continued.actions) == index and not continued.take_back()
    assert not play(continued, lambda t: False)
    assert continued.actions == uninterrupted.actions
