"""The road with charms (issue 25 item 4): its file, the seeded shop and choices, the case's limit, prices paid
from the bankroll, a charm earned per venue cleared, the hosts' charms, and saves old and new."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from yaml_damage import damaged

from game.campaign.campaign_file import load_campaign, load_campaign_text
from game.campaign.charm_road import CharmRoad, choice_offers, shop_offers
from game.campaign.model import CampaignProgress, SessionResult
from game.campaign.road_check import play_run, road_check, run_charms, run_seed
from game.campaign.roads import CHARMS_PATH, session_seed, table_charms
from game.config import ConfigError, load_charms

ROAD = load_campaign(CHARMS_PATH)


def _charms() -> CharmRoad:
    assert ROAD.charms is not None
    return ROAD.charms


CHARMS = _charms()


def cleared(progress: CampaignProgress) -> None:
    """Take a charm if one is offered, then win the current venue outright."""
    if progress.offered and not progress.case_full:
        assert progress.choose(progress.offered[0]) is None
    venue = progress.venue
    assert venue is not None
    stack = venue.stack(progress.bankroll)
    progress.record_session(SessionResult(tuple([stack * 3] + [0] * (venue.seats - 1)), 0))


def test_the_road_mirrors_the_classic_venues_and_declares_its_charms() -> None:
    classic = load_campaign()
    assert [v.id for v in ROAD.venues] == [v.id for v in classic.venues]
    assert [v.rules for v in ROAD.venues] == [v.rules for v in classic.venues]
    assert ROAD.name != classic.name and classic.charms is None
    final = ROAD.venues[-1]
    assert final.rules_name == "road/free_cup.yaml" and final.deals == 16
    assert final.goal.finish_top == 1 and final.goal.chips_at_least == 200
    assert CHARMS.hold == 4 and len(CHARMS.ids) == 7 and all(price > 0 for _, price in CHARMS.prices)
    assert any(v.host_charms for v in ROAD.venues) and not all(v.host_charms for v in ROAD.venues)


def test_the_shop_is_seeded_by_the_road() -> None:
    assert shop_offers(CHARMS, 7, 2) == shop_offers(CHARMS, 7, 2)
    assert len(set(shop_offers(CHARMS, 7, 2))) == CHARMS.shop
    assert len({shop_offers(CHARMS, seed, 2) for seed in range(20)}) > 5  # seeds differ
    assert len({shop_offers(CHARMS, 7, venue) for venue in range(1, 7)}) > 1  # and so do the stops of one road
    progress = CampaignProgress.start(ROAD, 7)
    cleared(progress)
    reward = list(progress.offered)
    assert progress.shop() == ()  # stocked once the charm earned is settled
    assert progress.choose(reward[0]) is None
    again = CampaignProgress.start(ROAD, 7)
    cleared(again)
    assert again.choose(again.offered[0]) is None
    assert progress.shop() == again.shop() == shop_offers(CHARMS, 7, 1, progress.charms, reward)


def test_the_shop_offers_neither_the_charms_held_nor_the_reward_just_offered() -> None:
    for seed in range(30):
        progress = CampaignProgress.start(ROAD, seed)
        cleared(progress)
        reward = set(progress.offered)
        assert progress.choose(sorted(reward)[seed % len(reward)]) is None
        stock = progress.shop()
        assert len(stock) == CHARMS.shop and not set(stock) & (reward | set(progress.charms))
        progress.bankroll = 1000
        assert progress.buy(stock[0]) is None
        assert progress.shop() == stock  # buying one draws no new shop: it stays, held
        assert CampaignProgress.from_json(progress.to_json(), ROAD).shop() == stock


def test_a_full_case_s_shop_offers_neither_the_charm_taken_nor_the_one_given_up() -> None:
    progress = CampaignProgress.start(ROAD, 11)
    for _ in range(CHARMS.hold + 1):
        cleared(progress)
    new, give_up = progress.offered[0], progress.charms[0]
    assert progress.swap(new, give_up) is None
    assert not {new, give_up, *progress.charms} & set(progress.shop()) and progress.shop()


def test_the_shop_falls_back_on_the_reward_only_when_the_road_has_too_few_others() -> None:
    few = CharmRoad(prices=tuple((c, 5) for c in "abcde"), hold=4, choice=2, shop=3)
    offers = shop_offers(few, 4, 1, held=("a",), reward=("b", "c"))
    assert offers[:2] in {("d", "e"), ("e", "d")} and offers[2] in {"b", "c"}  # the others first, then the reward's
    assert set(shop_offers(few, 4, 1, held=("a", "b", "c", "d"), reward=("e",))) == {"e"}  # never a charm held
    assert shop_offers(few, 4, 1, held="abcde") == ()


def test_the_player_begins_with_a_choice_and_earns_one_per_venue_cleared() -> None:
    progress = CampaignProgress.start(ROAD, 3)
    assert progress.offered == list(choice_offers(CHARMS, 3, 0, ())) and len(progress.offered) == CHARMS.choice
    assert progress.pass_choice() == "charm_road.refused.room"  # room in the case: the first charm is taken
    assert progress.choose("nonesuch") == "charm_road.refused.not_offered"
    first = progress.offered[1]
    assert progress.choose(first) is None and progress.charms == [first] and not progress.offered
    venue = progress.venue
    assert venue is not None
    progress.record_session(SessionResult((1, *[50] * (venue.seats - 1)), 0))  # missed: nothing earned
    assert not progress.offered and progress.venue_index == 0
    cleared(progress)
    assert progress.venue_index == 1 and len(progress.offered) == CHARMS.choice
    assert not set(progress.offered) & set(progress.charms)


def test_the_case_holds_at_most_its_number() -> None:
    progress = CampaignProgress.start(ROAD, 11)
    for _ in range(CHARMS.hold + 1):
        cleared(progress)
    assert len(progress.charms) == CHARMS.hold and progress.case_full
    assert progress.offered and progress.choose(progress.offered[0]) == "charm_road.refused.full"
    assert progress.pass_choice() is None and not progress.offered and progress.shop()
    progress.bankroll = 10_000
    wanted = next(c for c in progress.shop() if c not in progress.charms)
    assert progress.buy(wanted) == "charm_road.refused.full" and len(progress.charms) == CHARMS.hold


def test_a_full_case_may_take_the_reward_in_place_of_a_charm_held() -> None:
    progress = CampaignProgress.start(ROAD, 11)
    for _ in range(CHARMS.hold + 1):
        cleared(progress)
    assert progress.case_full and progress.offered
    before, new = list(progress.charms), progress.offered[1]
    give_up = before[2]
    assert progress.swap(new, "nonesuch") == "charm_swap.refused.not_held" and progress.charms == before
    assert progress.swap("nonesuch", give_up) == "charm_road.refused.not_offered" and progress.charms == before
    assert progress.swap(new, give_up) is None
    assert progress.charms == [*before[:2], new, *before[3:]] and len(progress.charms) == CHARMS.hold
    assert not progress.offered and give_up not in progress.charms
    back = CampaignProgress.from_json(progress.to_json(), ROAD)
    assert back.charms == progress.charms and not back.offered
    roomy = CampaignProgress.start(ROAD, 11)
    assert roomy.swap(roomy.offered[0], "lock") == "charm_swap.refused.not_held"
    assert roomy.choose(roomy.offered[0]) is None
    cleared(roomy)
    assert roomy.swap(roomy.offered[0], roomy.charms[0]) == "charm_road.refused.room"  # room: take, not swap


def test_prices_are_paid_from_the_bankroll_and_refused_when_short() -> None:
    progress = CampaignProgress.start(ROAD, 5)
    assert progress.shop() == () and not progress.shop_open  # no shop before the first venue
    assert progress.buy(CHARMS.ids[0]) == "charm_road.refused.not_offered"
    cleared(progress)
    assert progress.shop_open and progress.choose(progress.offered[0]) is None
    offers = [c for c in progress.shop() if c not in progress.charms]
    venue = progress.venue
    assert venue is not None and offers
    price = CHARMS.price(offers[0])
    progress.bankroll = venue.ante + price - 1
    assert progress.buy(offers[0]) == "charm_road.refused.short" and progress.bankroll == venue.ante + price - 1
    progress.bankroll = venue.ante + price
    assert progress.buy(offers[0]) is None
    assert progress.bankroll == venue.ante and offers[0] in progress.charms
    assert progress.buy(offers[0]) == "charm_road.refused.held"
    assert progress.buy("nonesuch") == "charm_road.refused.not_offered"


def test_hosts_hold_their_charms_at_the_table() -> None:
    progress = CampaignProgress.start(ROAD, 2)
    assert progress.choose(progress.offered[0]) is None
    seats = table_charms(progress)
    assert seats is not None and [spec.id for spec in seats[0]] == progress.charms
    cleared(progress)  # the Dairy Social: Hetty holds Glimpse
    venue = progress.venue
    assert venue is not None and venue.charms_of("hetty") == ("glimpse",)
    seats = table_charms(progress)
    assert seats is not None and len(seats) == venue.seats
    hetty = 1 + venue.opponents.index("hetty")
    assert [spec.id for spec in seats[hetty]] == ["glimpse"]
    assert all(not seats[i] for i in range(1, venue.seats) if i != hetty)
    assert table_charms(CampaignProgress.start(load_campaign())) is None


def test_sessions_are_seeded_by_the_road() -> None:
    one, two = CampaignProgress.start(ROAD, 1), CampaignProgress.start(ROAD, 2)
    assert session_seed(one) != session_seed(two)
    assert session_seed(one) == session_seed(CampaignProgress.start(ROAD, 1))


def test_the_save_keeps_the_charms_and_old_saves_still_load() -> None:
    progress = CampaignProgress.start(ROAD, 9)
    cleared(progress)
    assert progress.choose(progress.offered[0]) is None
    data = progress.to_json()
    back = CampaignProgress.from_json(data, ROAD)
    assert (back.seed, back.charms, back.offered, back.bankroll, back.stock) == \
        (progress.seed, progress.charms, progress.offered, progress.bankroll, progress.stock)
    assert back.stock  # the shop's stock is kept, not drawn again
    shopless = {**data, "charm_road": {k: v for k, v in data["charm_road"].items() if k != "shop"}}
    older_shop = CampaignProgress.from_json(shopless, ROAD).shop()  # a save from before the stock was kept
    assert len(older_shop) == CHARMS.shop and not set(older_shop) & set(progress.charms)
    assert older_shop == CampaignProgress.from_json(shopless, ROAD).shop()
    older = {k: v for k, v in data.items() if k != "charm_road"}  # a save from before the charms were kept
    assert CampaignProgress.from_json(older, ROAD).charms == []
    classic = CampaignProgress.start(load_campaign())
    assert "charm_road" not in classic.to_json()  # the classic road's save is as it was
    for bad in ({"seed": 1, "charms": ["nonesuch"]}, {"seed": -1}, {"seed": 1, "charms": ["lock", "lock"]},
                {"seed": 1, "charms": list(CHARMS.ids[:5])}, {"seed": 1, "shop": ["nonesuch"]},
                {"seed": 1, "shop": "lock"}, "x"):
        with pytest.raises(ValueError):
            CampaignProgress.from_json({**data, "charm_road": bad}, ROAD)


GOOD = """\
name: Charmed Test
bankroll: 50
charms:
  hold: 2
  prices: {glimpse: 5, lock: 9}
venues:
  - id: first
    name: First
    intro: The first table.
    rules: classic
    opponents: [pip, maud]
    deals: 4
    goal: {finish: first}
    host_charms: {maud: [lock]}
"""


def problems(text: str) -> list[str]:
    """The problem lines of loading `text` as a campaign (empty when it loads)."""
    try:
        load_campaign_text(text, "c.yaml")
    except ConfigError as error:
        return error.problems
    return []


def test_a_players_road_with_charms_loads_and_its_mistakes_are_named() -> None:
    road = load_campaign_text(GOOD, "c.yaml")
    assert road.charms is not None and road.charms.hold == 2 and road.charms.price("lock") == 9
    assert road.venues[0].charms_of("maud") == ("lock",)
    for old, new, expected in (
            ("hold: 2", "hold: 0", "c.yaml:4: charms.hold: must be 1 to 8, got 0"),
            ("glimpse: 5", "glimpse: -5", "c.yaml:5: charms.prices.glimpse: must be 0 to 1000, got -5"),
            ("glimpse: 5", "glimps: 5", "no charm 'glimps'; did you mean glimpse?"),
            ("{maud: [lock]}", "{vera: [lock]}", "'vera' does not sit at this venue"),
            ("{maud: [lock]}", "{maud: [lock, lock]}", "lock is named twice"),
            ("{maud: [lock]}", "{maud: [lox]}", "no charm 'lox'"),
            ("rules: classic\n    opponents: [pip, maud]\n    deals: 4\n    goal: {finish: first}\n"
             "    host_charms: {maud: [lock]}",
             "rules: free_following\n    opponents: [pip, maud]\n    deals: 4\n    goal: {finish: first}\n"
             "    host_charms: {maud: [dam]}",
             "c.yaml:14: venues[1].host_charms.maud: dam has nothing to do at this venue: following is optional here"),
            ("{glimpse: 5, lock: 9}\nvenues:\n  - id: first\n    name: First\n    intro: The first table.\n"
             "    rules: classic\n    opponents: [pip, maud]",
             "{glimpse: 5, lock: 9, cut_in: 4}\nvenues:\n  - id: first\n    name: First\n"
             "    intro: The first table.\n    rules: classic\n    opponents: [pip, maud, vera, hetty, reggie]",
             "charms.prices.cut_in: cut_in has nothing to do at any venue of this road: no hand here is dealt"),
            ("  prices: {glimpse: 5, lock: 9}\n", "", "charms.prices: missing"),
            ("charms:\n  hold: 2\n  prices: {glimpse: 5, lock: 9}\n", "",
             "only a road with charms (charms: at the top of the file) can give its hosts charms")):
        found = problems(GOOD.replace(old, new, 1))
        assert any(expected in line for line in found), (new, found)


def test_road_check_seats_the_charms_a_player_would_hold() -> None:
    assert run_charms(load_campaign(), 3, 1) is None
    counts = []
    for index, venue in enumerate(ROAD.venues):
        seats = run_charms(ROAD, index, run_seed(venue.id, 1))
        assert seats is not None and len(seats) == venue.seats
        counts.append(len(seats[0]))
        for seat, host in enumerate(venue.opponents, start=1):
            assert tuple(spec.id for spec in seats[seat]) == venue.charms_of(host)
    assert counts == [min(i + 1, CHARMS.hold) for i in range(len(ROAD.venues))]
    assert run_charms(ROAD, 2, 5) == run_charms(ROAD, 2, 5)
    first = ROAD.venues[0]
    met = play_run(first, "lowest", 1, charms=run_charms(ROAD, 0, run_seed(first.id, 1)))
    assert isinstance(met, bool)
    final = [share.venue_id for share in road_check(ROAD, "lowest", 1, jobs=1, only={"kings_head"})]
    assert final == ["kings_head"]


_LINE = re.compile(r"^c\.yaml(:\d+)?: ")
SHIPPED = CHARMS_PATH.read_text(encoding="utf-8")


@pytest.mark.slow
@settings(max_examples=120, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_damaged_road_with_charms_loads_or_names_its_problems(data: st.DataObject) -> None:
    text = damaged(data, SHIPPED, ["", "0", "-3", "true", "null", "[]", "{}", "[lock]", "lock", "9" * 30,
                                   "{pip: [glimpse]}", "{glimpse: x}", "{hetty: lock}", "&a 1", "1.5"])
    try:
        road = load_campaign_text(text, "c.yaml", CHARMS_PATH.parent)
    except ConfigError as error:
        assert error.problems and all(_LINE.match(p) for p in error.problems)
    else:
        if road.charms is not None:
            progress = CampaignProgress.start(road, 1)
            assert len(progress.offered) <= road.charms.choice and progress.to_json()["charm_road"]["seed"] == 1
        assert all(host in v.opponents for v in road.venues for host, _ in v.host_charms)


def test_the_road_deals_in_no_charm_its_tables_leave_nothing_to_do() -> None:
    road = ROAD.charms
    assert road is not None
    known = load_charms()
    assert all(any(known[charm].acts_under(v.rules, v.seats) for v in ROAD.venues) for charm in road.ids)
    for venue in ROAD.venues:
        assert all(known[charm].acts_under(venue.rules, venue.seats) for _, held in venue.host_charms for charm in held)
