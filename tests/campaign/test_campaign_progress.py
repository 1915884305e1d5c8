"""Campaign progress: table stakes, goals met and missed, unlocks, the end of the road, score and JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.registry import make_agent
from game.campaign.campaign_file import load_campaign, load_campaign_text
from game.campaign.model import (
    BROKE,
    PLAYING,
    VENUE_BONUS,
    WIN_BONUS,
    WON,
    CampaignProgress,
    SessionResult,
    VenueResult,
)
from game.campaign.spec import Campaign, Unlock
from game.engine.events import SessionEnd
from game.engine.play import play_session
from game.engine.session import SeatInfo, Session

ROAD = """\
name: Short Road
bankroll: 50
venues:
  - id: pub
    name: The Pub
    intro: A pub.
    rules: classic
    opponents: [pip, maud]
    deals: 4
    goal: {finish: first}
    unlocks: {character: bert, look: pope_joan_board}
  - id: club
    name: The Club
    intro: A club.
    rules: house
    opponents: [bert, hetty, vera]
    deals: 6
    goal: {chips_at_least: 60}
    unlocks: {rules: michigan, look: pope_joan_board}
"""


@pytest.fixture
def road() -> Campaign:
    return load_campaign_text(ROAD, "road.yaml")


def test_start(road: Campaign) -> None:
    progress = CampaignProgress.start(road)
    assert (progress.bankroll, progress.venue_index, progress.status, progress.score) == (50, 0, PLAYING, 0)
    assert progress.venue is road.venues[0]
    rules = progress.table_rules()
    assert (rules.starting_chips, rules.players, rules.deals) == (40, 3, 4)


def test_goal_met_moves_on_and_unlocks(road: Campaign) -> None:
    progress = CampaignProgress.start(road)
    result = progress.record_session(SessionResult((70, 30, 20), seat=0))
    assert result == VenueResult("pub", 40, 70, 1, True, 80)
    assert (progress.bankroll, progress.venue_index, progress.status) == (80, 1, PLAYING)
    assert progress.unlocked == [Unlock("character", "bert"), Unlock("look", "pope_joan_board")]
    assert progress.score == 30 + VENUE_BONUS
    # the house plays for 50 chips: the bankroll covers the stake
    assert progress.table_rules().starting_chips == 50


def test_goal_missed_plays_the_venue_again(road: Campaign) -> None:
    progress = CampaignProgress.start(road)
    result = progress.record_session(SessionResult((30, 60, 30), seat=2))
    assert (result.standing, result.goal_met, result.bankroll_after) == (2, False, 40)
    assert (progress.venue_index, progress.unlocked, progress.status) == (0, [], PLAYING)
    assert progress.score == 0  # 10 chips down, floored at 0


def test_ties_share_first_place(road: Campaign) -> None:
    progress = CampaignProgress.start(road)
    assert progress.record_session(SessionResult((45, 45, 30))).goal_met


def test_bankroll_carries_over_with_table_stakes(road: Campaign) -> None:
    progress = CampaignProgress.start(road)
    progress.record_session(SessionResult((20, 50, 50)))  # lost 20 of the 40 staked: 30 left
    assert progress.bankroll == 30
    assert progress.table_rules().starting_chips == 30  # everyone sits down with what the player can cover
    progress.record_session(SessionResult((12, 40, 38)))
    assert progress.bankroll == 12 and progress.status == PLAYING


def test_over_when_the_bankroll_cannot_pay_the_ante(road: Campaign) -> None:
    progress = CampaignProgress.start(road)
    progress.record_session(SessionResult((4, 60, 56)))  # 10 + 4 = 14 left, the ante is 5
    assert progress.status == PLAYING
    progress.record_session(SessionResult((4, 5, 5)))  # the whole 14 staked, 4 back: below the ante of 5
    assert progress.status == BROKE and progress.over and progress.venue is None
    with pytest.raises(ValueError):
        progress.record_session(SessionResult((1, 1, 1)))
    with pytest.raises(ValueError):
        progress.table_rules()


def test_broke_for_the_next_venue_ante(road: Campaign) -> None:
    progress = CampaignProgress.start(road)
    progress.record_session(SessionResult((48, 6, 6)))  # goal met, bankroll 58; the club's dealer ante is 9
    assert progress.status == PLAYING
    progress.record_session(SessionResult((8, 60, 90, 92)))  # the whole 50 staked, 8 back: 16 left
    assert progress.bankroll == 16 and progress.status == PLAYING
    progress.record_session(SessionResult((8, 8, 8, 24)))  # 8 left, below the club's ante of 9
    assert progress.status == BROKE and progress.cleared == 1


def test_winning_the_road(road: Campaign) -> None:
    progress = CampaignProgress.start(road)
    progress.record_session(SessionResult((60, 10, 50)))
    progress.record_session(SessionResult((90, 30, 40, 40)))
    assert progress.status == WON and progress.over and progress.cleared == 2
    assert progress.bankroll == 50 + 20 + 40
    assert progress.score == 60 + VENUE_BONUS * (1 + 2) + WIN_BONUS
    # an unlock given twice is kept once
    assert progress.unlocked == [Unlock("character", "bert"), Unlock("look", "pope_joan_board"),
                                 Unlock("rules", "michigan")]


def test_results_must_fit_the_table(road: Campaign) -> None:
    progress = CampaignProgress.start(road)
    with pytest.raises(ValueError):
        progress.record_session(SessionResult((40, 40, 40, 40)))
    for chips, seat in (((), 0), ((1, 2, 3), 3), ((1, -2, 3), 0)):
        with pytest.raises(ValueError):
            SessionResult(chips, seat)


def test_json_round_trip(road: Campaign) -> None:
    progress = CampaignProgress.start(road)
    progress.record_session(SessionResult((30, 60, 30)))
    progress.record_session(SessionResult((70, 30, 20)))
    text = json.dumps(progress.to_json())
    again = CampaignProgress.from_json(json.loads(text), road)
    assert again.to_json() == progress.to_json() and again.score == progress.score
    assert again.table_rules() == progress.table_rules()


@pytest.mark.parametrize("change", [
    {"format": "other"}, {"version": 99}, {"campaign": "Another Road"}, {"bankroll": -1}, {"bankroll": "50"},
    {"venue_index": 9}, {"status": "lost"}, {"status": "won"}, {"unlocked": ["hat:top"]}, {"results": [{}]},
    {"results": {}},
])
def test_bad_json_is_refused(road: Campaign, change: dict[str, object]) -> None:
    data = {**CampaignProgress.start(road).to_json(), **change}
    with pytest.raises(ValueError):
        CampaignProgress.from_json(data, road)


def test_a_real_session_at_each_shipped_venue_records() -> None:
    campaign = load_campaign()
    for index, venue in enumerate(campaign.venues):
        progress = CampaignProgress(campaign, 60, index)
        rules = progress.table_rules()
        seats = [SeatInfo("You", "human")] + [SeatInfo(o, "ai", o) for o in venue.opponents]
        session = Session(rules, seats, seed=7)
        ends: list[SessionEnd] = []
        agents = [make_agent("lowest", 7, 0)] + [make_agent("lowest", 7, s) for s in range(1, venue.seats)]
        play_session(session, agents, lambda e: ends.append(e) if isinstance(e, SessionEnd) else None)  # noqa: B023
        result = progress.record_session(SessionResult(tuple(ends[-1].chips)))
        assert result.bankroll_after == 60 - min(60, venue.stake) + ends[-1].chips[0]


@pytest.mark.slow
def test_the_campaign_needs_no_pygame() -> None:
    code = ("import sys, game.campaign.model, game.campaign.scores, game.campaign.daily, game.campaign.campaign_file; "
            "game.campaign.campaign_file.load_campaign(); sys.exit('pygame' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[2],
                          check=False).returncode == 0
