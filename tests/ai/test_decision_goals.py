"""Issue 24's goals for the tables a player is offered without choosing them: New game's default table and the
daily deal's draw (from the day it became a table of decisions). A date before keeps the table it always had."""

from __future__ import annotations

import dataclasses
import datetime as dt

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest

from game.ai.agency import Agency, measure_table
from game.app.scenes.new_game.defaults import default_table
from game.app.table.watched import normal_watch
from game.campaign.daily import DECISIONS, DECISIONS_FROM, FIRST, daily_table, pools_for
from game.config import rules_by_name

GOAL_CHOICES = 3.0  # real choices a deal after the stake, at least
GOAL_WEIGHTY = 1.5  # weighty choices a deal, at least
GOAL_NO_CHOICE = 0.10  # share of deals with no real choice, at most
GOAL_SECONDS = 8.0  # seconds watched per real choice at Normal, at most


def assert_goals(agency: Agency, what: str) -> None:
    """`agency` meets every goal of issue 24's item 2."""
    seconds = agency.seconds_per_choice
    figures = (what, agency.deals, agency.choices_per_deal, agency.weighty_per_deal, agency.no_choice_share, seconds)
    assert agency.deals >= 20, figures
    assert agency.choices_per_deal >= GOAL_CHOICES, figures
    assert agency.weighty_per_deal >= GOAL_WEIGHTY, figures
    assert agency.no_choice_share <= GOAL_NO_CHOICE, figures
    assert seconds is not None and seconds <= GOAL_SECONDS, figures


def test_a_date_before_the_new_draw_keeps_the_table_it_always_had() -> None:
    before = DECISIONS_FROM - dt.timedelta(days=1)
    assert pools_for(before) is FIRST and pools_for(DECISIONS_FROM) is DECISIONS
    day = daily_table("2026-11-30")  # the pinned day of test_campaign_scores: the same table
    assert (day.rules_name, day.opponents, day.deals, day.rules.follow) == ("classic", ("vera", "professor"), 10,
                                                                           "compulsory")


def test_from_the_new_draw_on_every_day_is_a_table_of_decisions() -> None:
    days = [daily_table(DECISIONS_FROM + dt.timedelta(days=n)) for n in range(120)]
    assert all(day.rules.follow == "optional" for day in days)
    assert all(3 <= day.rules.players <= 5 and day.rules_name in DECISIONS.rules for day in days)
    assert len({day.rules_name for day in days}) == len(DECISIONS.rules), "every rules file comes up"
    assert {day.rules.players for day in days} == {3, 4, 5}
    pinned = daily_table("2026-12-08")  # pinned: a change to the draw gives players a different day
    assert (pinned.rules_name, pinned.opponents, pinned.deals) == ("michigan", ("pip", "dex", "professor"), 6)


@pytest.mark.slow
def test_new_games_default_table_meets_the_goals() -> None:
    table = default_table()
    rules = dataclasses.replace(rules_by_name(table.rules), players=table.players)
    assert_goals(measure_table(rules, table.opponents, 24, seed=1, watch=normal_watch), "new game")


@pytest.mark.slow
def test_the_daily_deal_meets_the_goals_over_a_fortnight() -> None:
    total = Agency(watched=0.0)
    for offset in range(0, 28, 2):  # every other day of four weeks: each rules file, each seat count
        day = daily_table(DECISIONS_FROM + dt.timedelta(days=offset))
        total = total.merge(measure_table(day.rules, day.opponents, 3, day.session_seed, watch=normal_watch))
    assert_goals(total, "daily")
