"""Issue 24's goals for every venue of the road, on a fixed set of seeds: the player's seat (the expert) has at least
3 real choices and 1.5 weighty choices a deal after the stake, and at most 10% of deals with no real choice. The
seconds watched per choice depend on the table's pace and are measured by `python main.py agency --mode road`."""

from __future__ import annotations

import pytest

from game.campaign.campaign_file import load_campaign
from game.cli.agency_tables import MeasuredTable, road_tables

DEALS = 12  # a venue's figures over this many deals: enough to tell 3 choices a deal from 2, in seconds a venue
SEED = 24


@pytest.mark.slow
@pytest.mark.parametrize("table", road_tables(DEALS, SEED), ids=lambda table: table.label.split()[1])
def test_every_venue_gives_the_player_real_choices(table: MeasuredTable) -> None:
    agency = table.measure(weighty=True)
    figures = (round(agency.choices_per_deal, 2), round(agency.weighty_per_deal, 2), agency.no_choice_share)
    assert agency.deals == DEALS
    assert agency.choices_per_deal >= 3, figures
    assert agency.weighty_per_deal >= 1.5, figures
    assert agency.no_choice_share <= 0.10, figures


def test_the_measured_tables_are_the_roads_venues() -> None:
    venues = load_campaign().venues
    tables = road_tables(1, SEED)
    assert [(t.rules, t.seats, t.cast) for t in tables] == [(v.rules, v.seats, v.opponents) for v in venues]
