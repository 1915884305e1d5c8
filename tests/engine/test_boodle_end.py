"""R22: the chips left on the boodle cards when a session ends: shared (split) or left (stay), in the engine, the
log, old logs and snapshots, the referee, the replay and the tournaments."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from helpers import StackedDeals, cards, rigged_table, rules, seats
from referee import Referee

from game.ai.simple import LowestAgent
from game.ai.tournament import deal_seed, play_block
from game.app.replay_words import logged_names, session_start, told
from game.app.table.controller import SNAPSHOT_VERSION, read_snapshot
from game.campaign.daily import DailyBests, daily_table
from game.campaign.daily_file import load_daily_bests, save_daily_bests
from game.campaign.origin import record_daily_score
from game.config import ConfigError, load_rules_text
from game.engine.decisions import StakeDecision
from game.engine.events import BoodleSplit, Event, EventDataError, Share, event_from_data
from game.engine.rules import RuleSet
from game.engine.session import Session
from game.replay.log import LogError, split_deals
from game.replay.replay import Replay
from game.replay.start import check_rules


def shares_of(events: Sequence[object]) -> list[tuple[int, int]]:
    """The (player, chips) of the session's boodle_split, [] when there is none."""
    return [(s.player, s.chips) for e in events if isinstance(e, BoodleSplit) for s in e.shares]


# ----- the engine -----------------------------------------------------------------------------------------------

def test_R22_the_boodle_left_is_shared_the_odd_chips_from_the_last_dealers_left(stacked: StackedDeals) -> None:
    # one boodle card and a dealer staking double: 1 + 1 + 2 = 4 chips on it, shared by 3 players
    table = rigged_table(stacked, rules(deals=1, boodle_cards=cards("AS"), ante_boodle=1, dealer_ante_multiplier=2),
                         {1: "2H", 2: "5C 9C", 0: "6C"}, dealer=0)  # seat 1 leads its one card and is out
    assert table.types()[-3:] == ["deal_end", "boodle_split", "session_end"]
    # from the dealer's (seat 0's) left: seat 1 first, then 2, then the dealer; the odd chip goes to seat 1
    assert shares_of(table.events) == [(1, 2), (2, 1), (0, 1)]
    end = table.of_type("session_end")[0]
    deal_end = table.of_type("deal_end")[0]
    assert end.chips == (deal_end.chips[0] + 1, deal_end.chips[1] + 2, deal_end.chips[2] + 1)
    assert table.session.boodle == [0] and table.session.chips_total() == 3 * 40


def test_R22_players_out_get_no_share(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(deals=5), {0: "5C 10S", 1: "9D", 2: "6C"}, chips=[5, 5, 110])
    table.lead("5C")  # seat 2 follows with its last card and wins; seats 0 and 1 are left with nothing
    assert table.types()[-5:] == ["deal_end", "player_out", "player_out", "boodle_split", "session_end"]
    assert shares_of(table.events) == [(2, 12)]
    assert table.of_type("session_end")[0].chips == (0, 0, 120)


def test_R22_everyone_out_at_once_the_players_of_the_last_deal_share(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(deals=5, starting_chips=5), {0: "5C 10S", 1: "9D", 2: "6C"})
    table.lead("5C")  # the winner takes a pot of 3: nobody can pay the next ante of 5
    assert table.session.in_session == [False, False, False]
    assert shares_of(table.events) == [(0, 4), (1, 4), (2, 4)]
    assert table.of_type("session_end")[0].chips == (4, 4, 7)


def test_R22_fewer_chips_than_players_lists_every_player_still_in(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(deals=1), {0: "2H 9S", 1: "3H", 2: "5C"}, refereed=False)
    session = table.session
    left = sum(session.boodle)
    session.boodle[:] = [2, 0, 0, 0]  # two chips left for three players (the rest handed to seat 0: R21 holds)
    session.chips[0] += left - 2
    table.lead("2H")  # seat 1 follows with its last card
    assert shares_of(table.events) == [(0, 1), (1, 1), (2, 0)]


def test_R22_nothing_left_on_the_boodle_writes_no_split(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(deals=1, ante_boodle=0), {0: "2H", 1: "5C", 2: "6C"})
    assert table.types()[-2:] == ["deal_end", "session_end"]


def test_R22_stay_leaves_the_chips_on_the_boodle_for_nobody(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(deals=1, boodle_at_end="stay"), {0: "2H", 1: "5C", 2: "6C"})
    assert table.types()[-2:] == ["deal_end", "session_end"]
    assert sum(table.session.boodle) == 12 and sum(table.of_type("session_end")[0].chips) == 3 * 40 - 12


def played(session: Session, ask_end: bool = False) -> list[Event]:
    """Every event of a session played to its end by lowest-card players (asked to end in its first deal)."""
    events = session.start()
    if ask_end:
        session.request_end()
    while (decision := session.pending()) is not None:
        events += session.apply(LowestAgent().decide(session.view(decision.player), decision))
    return events


def test_R22_an_asked_for_end_shares_but_end_now_does_not() -> None:
    asked = Session(RuleSet(), seats(4), 5)
    events = played(asked, ask_end=True)
    assert asked.deal_number == 1 and shares_of(events) and sum(asked.boodle) == 0

    cut_short = Session(RuleSet(), seats(4), 5)
    cut_short.start()
    while isinstance(decision := cut_short.pending(), StakeDecision):
        cut_short.apply(LowestAgent().decide(cut_short.view(decision.player), decision))
    assert [e.type for e in cut_short.end_now()] == ["session_end"] and sum(cut_short.boodle) > 0


def test_R22_a_whole_session_is_refereed_with_its_split() -> None:
    found = 0
    for seed in range(6):
        session = Session(RuleSet(deals=3), seats(4), seed)
        referee = Referee()
        for event in session.start():
            referee.feed(event)
        while (decision := session.pending()) is not None:
            for event in session.apply(LowestAgent().decide(session.view(decision.player), decision)):
                referee.feed(event)
        found += referee.counts.get("boodle_split", 0)
    assert found >= 3, "most sessions end with chips on the boodle"


# ----- the event in the log ------------------------------------------------------------------------------------

def test_R22_boodle_split_is_one_line_and_reads_back() -> None:
    event = BoodleSplit((Share(1, 3), Share(2, 2), Share(0, 2)))
    assert event.to_json() == ('{"type": "boodle_split", "shares": [{"player": 1, "chips": 3}, '
                               '{"player": 2, "chips": 2}, {"player": 0, "chips": 2}]}')
    assert event_from_data(json.loads(event.to_json())) == event
    with pytest.raises(EventDataError, match=r"boodle_split has a bad value in shares: .*a list of \{player, chips\}"):
        event_from_data({"type": "boodle_split", "shares": [{"player": 1, "chips": -1}]})


# ----- the setting: a rules file gets the default, an old log or snapshot reads as stay -------------------------

def test_R22_a_rules_file_without_the_key_splits_and_a_wrong_value_is_refused() -> None:
    assert load_rules_text("name: Mine\n", "mine.yaml").boodle_at_end == "split"
    assert load_rules_text("boodle_at_end: stay\n", "mine.yaml").boodle_at_end == "stay"
    with pytest.raises(ConfigError) as caught:
        load_rules_text("name: Mine\nboodle_at_end: share\n", "mine.yaml")
    assert caught.value.problems == ["mine.yaml:2: boodle_at_end: must be one of split, stay, got 'share'"]


def test_R22_rules_kept_in_a_log_or_snapshot_without_the_key_read_as_stay() -> None:
    old = RuleSet().settings()
    del old["boodle_at_end"]
    assert RuleSet.from_settings(old).boodle_at_end == "stay"
    assert RuleSet.from_settings({**old, "boodle_at_end": "split"}).boodle_at_end == "split"
    assert RuleSet.from_settings(RuleSet().settings()) == RuleSet()
    rules_read, problems = check_rules(old)
    assert not problems and rules_read is not None and rules_read.boodle_at_end == "stay"
    snapshot = {"version": SNAPSHOT_VERSION, "rules": old, "seats": [{"name": "You", "character": None}] * 3,
                "seed": 4, "actions": []}
    assert read_snapshot(snapshot).rules.boodle_at_end == "stay"
    assert read_snapshot({**snapshot, "rules": RuleSet().settings()}).rules.boodle_at_end == "split"


def session_log(rule_set: RuleSet, seed: int = 5) -> list[str]:
    """The JSON lines of a whole session of lowest-card players."""
    session = Session(rule_set, seats(4), seed)
    lines = [e.to_json() for e in session.start()]
    while (decision := session.pending()) is not None:
        lines += [e.to_json() for e in session.apply(LowestAgent().decide(session.view(decision.player), decision))]
    return lines


def test_R22_an_old_log_without_the_key_replays_and_is_refereed_as_stay() -> None:
    lines = session_log(RuleSet(deals=2, boodle_at_end="stay"))
    start = json.loads(lines[0])
    del start["rules"]["boodle_at_end"]
    old = [json.dumps(start, ensure_ascii=False, separators=(", ", ": ")), *lines[1:]]
    replay = Replay.from_lines(old)
    assert replay.steps[-1].state.boodle and sum(n for _, n in replay.steps[-1].state.boodle) > 0
    referee = Referee()
    for line in old:
        referee.feed_line(line)
    assert referee.over and referee.rules.boodle_at_end == "stay"


def test_R22_the_replay_adds_up_the_shares_and_refuses_a_split_that_does_not() -> None:
    lines = session_log(RuleSet(deals=2))
    split = next(i for i, line in enumerate(lines) if '"boodle_split"' in line)
    replay = Replay.from_lines(lines)
    last = replay.steps[-1].state
    assert last.chips == tuple(json.loads(lines[-1])["chips"]) and all(n == 0 for _, n in last.boodle)
    data = json.loads(lines[split])
    data["shares"][0]["chips"] += 1
    with pytest.raises(LogError, match="boodle_split shares out"):
        Replay.from_lines([*lines[:split], json.dumps(data), *lines[split + 1:]])
    start = json.loads(lines[0])
    start["rules"]["boodle_at_end"] = "stay"
    with pytest.raises(LogError, match="boodle_split under rules that leave the boodle"):
        Replay.from_lines([json.dumps(start), *lines[1:]])


def test_R22_the_referee_refuses_wrong_shares_and_a_missing_split() -> None:
    lines = session_log(RuleSet(deals=2))
    split = next(i for i, line in enumerate(lines) if '"boodle_split"' in line)
    data = json.loads(lines[split])
    data["shares"][0]["chips"] -= 1  # the same total, shared the wrong way
    data["shares"][-1]["chips"] += 1
    with pytest.raises(AssertionError, match="R22: shares"):
        feed_all([*lines[:split], json.dumps(data)])
    with pytest.raises(AssertionError, match="R22: the chips left on the boodle cards were not shared"):
        feed_all([*lines[:split], *lines[split + 1:]])


def feed_all(lines: list[str]) -> Referee:
    """A referee fed every line."""
    referee = Referee()
    for line in lines:
        referee.feed_line(line)
    return referee


# ----- tournaments score each one-deal replay without a split --------------------------------------------------

def test_R22_tournaments_score_one_deal_replays_as_before() -> None:
    ids = ["lowest", "first", "random"]
    split, stay = RuleSet(), RuleSet(boodle_at_end="stay")
    one_deal = Session(dataclasses.replace(split, players=3, deals=1), seats(3), deal_seed(7, 1))
    assert shares_of(played(one_deal)), "a split would change this deal's figures"
    for deal in (1, 2):
        assert play_block(split, ids, 7, deal) == play_block(stay, ids, 7, deal)


# ----- a daily best recorded before R22 stays as it was ----------------------------------------------------------

def test_R22_a_daily_best_from_before_the_split_stays_as_it_was(tmp_path: Path) -> None:
    day = "2024-03-01"
    assert daily_table(day).rules.boodle_at_end == "split", "today's daily tables share the boodle"
    assert save_daily_bests(tmp_path, DailyBests({day: 52})) is None  # kept before the split existed
    assert record_daily_score(tmp_path, day, 50)[0] is False  # a score with a split does not rewrite it
    assert load_daily_bests(tmp_path)[0].best_for(day) == 52


def test_R22_the_last_kept_deal_holds_the_split_and_replays() -> None:
    lines = session_log(RuleSet(deals=2))
    last = split_deals(lines)[-1]
    assert '"boodle_split"' in last
    replay = Replay.from_text(last)
    said = told(replay, len(replay.steps) - 2, logged_names(session_start(replay)))
    assert len(said) == 4 and all(line.endswith(" takes 4 chips of the boodle left at the end") for line in said)
