"""The road with charms at the app: a new road opens on its first charm to choose, the choice and the shop by
keys and mouse, every change kept in the slot's save, the map seats the charms at the table, and the scenes'
pictures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import click, fuzz, key, make_app

from game.app.app import App
from game.app.charm_words import charm_title
from game.app.scenes.campaign_map import CampaignMapScene
from game.app.scenes.charm_shop import CharmShopScene
from game.app.table.scene import TableScene
from game.campaign.model import SessionResult
from game.campaign.roads import CHARMS_PATH, SLOTS, Road
from game.campaign.spec import Unlock
from game.locale import tr
from game.shots.charm_modes import charm_mode_shots


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = make_app(tmp_path / "data")
    yield made
    made.scenes.close()


def open_road(app: App) -> CampaignMapScene:
    """A new road with charms in the first slot, as the roads' screen starts one."""
    app.scenes.clear_to("title")
    app.scenes.push("campaign_map", slot=SLOTS[0], path=CHARMS_PATH)
    app.step(1 / 60)
    scene = app.scenes.top
    if isinstance(scene, CampaignMapScene):
        return scene
    assert isinstance(scene, CharmShopScene)
    return next(s for s in app.scenes._scenes if isinstance(s, CampaignMapScene))


def test_a_new_road_offers_its_first_charm_and_keeps_the_choice(app: App) -> None:
    road_map = open_road(app)
    shop = app.scenes.top
    assert isinstance(shop, CharmShopScene) and shop.choosing
    offered = list(shop.progress.offered)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # the second offer, by keys
    assert app.scenes.top is road_map  # no shop before the first venue: back to the map
    assert road_map.progress is not None and road_map.progress.charms == [offered[1]]
    kept = Road.load(app.data_dir, SLOTS[0])
    assert kept.progress is not None and kept.progress.charms == [offered[1]] and not kept.progress.offered
    assert kept.progress.seed == road_map.progress.seed


def test_play_seats_the_players_charms_at_the_table(app: App) -> None:
    road_map = open_road(app)
    shop = app.scenes.top
    assert isinstance(shop, CharmShopScene)
    click(app, shop.menu.buttons[0].rect.center)  # the first offer, by mouse
    assert app.scenes.top is road_map and road_map.progress is not None
    held = road_map.progress.charms
    road_map.play()
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.table.charms is not None
    assert [spec.id for spec in table.table.charms[0]] == held


def test_play_asks_for_the_charm_first(app: App) -> None:
    road_map = open_road(app)
    key(app, pygame.K_ESCAPE)  # the choice put off
    assert app.scenes.top is road_map
    road_map.play()
    assert isinstance(app.scenes.top, CharmShopScene)


def test_the_shop_sells_from_the_bankroll_and_refuses_when_short(app: App) -> None:
    road_map = open_road(app)
    progress = road_map.progress
    assert progress is not None
    progress.choose(progress.offered[0])
    venue = progress.venue
    assert venue is not None
    stack = venue.stack(progress.bankroll)
    progress.record_session(SessionResult((stack * 2, *[stack // 2] * len(venue.opponents)), 0))
    progress.choose(progress.offered[0])
    road_map.save()
    app.scenes.push("charm_shop", road=road_map.road)
    shop = app.scenes.top
    assert isinstance(shop, CharmShopScene) and not shop.choosing and progress.shop_open
    wanted = next(i for i, c in enumerate(progress.shop()) if c not in progress.charms)
    charm = progress.shop()[wanted]
    road = progress.charm_road
    assert road is not None
    before = progress.bankroll
    key(app, pygame.K_1 + wanted)
    assert charm in progress.charms and progress.bankroll == before - road.price(charm)
    kept = Road.load(app.data_dir, SLOTS[0])
    assert kept.progress is not None and kept.progress.bankroll == progress.bankroll
    other = next((i for i, c in enumerate(progress.shop()) if c not in progress.charms), None)
    if other is not None:
        progress.bankroll = venue.ante
        shop.build()
        assert not shop.menu.buttons[other].enabled and "ante" in shop.menu.buttons[other].tooltip
        key(app, pygame.K_1 + other)
        assert progress.bankroll == venue.ante


def clear_venue(road_map: CampaignMapScene) -> None:
    """Win the road's current venue outright, as a finished session records it (its charm not yet taken)."""
    progress = road_map.progress
    assert progress is not None and progress.venue is not None
    venue = progress.venue
    stack = venue.stack(progress.bankroll)
    progress.record_session(SessionResult((stack * 3, *[0] * (venue.seats - 1)), 0))
    road_map.save()


def test_the_shop_opens_on_back_so_one_enter_buys_nothing(app: App) -> None:
    road_map = open_road(app)
    progress = road_map.progress
    assert progress is not None
    key(app, pygame.K_RETURN)  # the first charm, taken
    clear_venue(road_map)
    progress.bankroll = 500
    app.scenes.clear_to(CampaignMapScene(app, road=road_map.road))  # the map after the venue: the choice pops up
    shop = app.scenes.top
    assert isinstance(shop, CharmShopScene) and shop.choosing
    key(app, pygame.K_RETURN)  # the charm earned, taken: the shop opens
    assert not shop.choosing and len(progress.charms) == 2
    focused = shop.menu.buttons[shop.menu.focus]
    assert focused.label == tr("charm_road.back")
    before = (list(progress.charms), progress.bankroll)
    key(app, pygame.K_RETURN)  # an Enter to go on leaves the shop, buying nothing
    assert (progress.charms, progress.bankroll) == before and not isinstance(app.scenes.top, CharmShopScene)
    app.scenes.push("charm_shop", road=road_map.road)
    again = app.scenes.top
    assert isinstance(again, CharmShopScene)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)  # moving onto an offer, then Enter, buys it
    assert len(progress.charms) == 3 and progress.bankroll < before[1]


def test_a_full_case_pops_up_its_reward_and_a_swap_keeps_the_case_and_the_save(app: App) -> None:
    road_map = open_road(app)
    progress = road_map.progress
    road = progress.charm_road if progress is not None else None
    assert progress is not None and road is not None
    key(app, pygame.K_RETURN)
    for _ in range(road.hold - 1):  # a charm taken at each venue cleared, till the case is full
        clear_venue(road_map)
        assert progress.choose(progress.offered[0]) is None
    clear_venue(road_map)
    assert progress.case_full and progress.offered
    app.scenes.clear_to(CampaignMapScene(app, road=road_map.road))
    shop = app.scenes.top
    assert isinstance(shop, CharmShopScene) and shop.choosing  # it pops up, full case or not
    held, new = list(progress.charms), progress.offered[1]
    key(app, pygame.K_2)  # the second offer: now the charm to give up for it
    assert shop.giving_up and shop.taking == new and progress.charms == held
    assert shop.menu.buttons[shop.menu.focus].label == tr("charm_swap.give_up.another")
    key(app, pygame.K_RETURN)  # Enter on the focus chooses another, giving nothing up
    assert not shop.giving_up and progress.charms == held and progress.offered
    key(app, pygame.K_2)
    key(app, pygame.K_ESCAPE)  # and so does Esc
    assert not shop.giving_up and progress.charms == held
    key(app, pygame.K_2)
    key(app, pygame.K_3)  # the third charm held, given up
    assert progress.charms == [*held[:2], new, *held[3:]] and len(progress.charms) == road.hold
    assert not progress.offered and not shop.choosing and charm_title(held[2]) in shop.message
    kept = Road.load(app.data_dir, SLOTS[0])
    assert kept.progress is not None and kept.progress.charms == progress.charms and not kept.progress.offered
    assert shop.refusal() == tr("charm_road.refused.full")  # the shop's greyed offers say why


def test_a_full_case_may_pass_its_reward(app: App) -> None:
    road_map = open_road(app)
    progress = road_map.progress
    road = progress.charm_road if progress is not None else None
    assert progress is not None and road is not None
    progress.charms = list(road.ids[:road.hold])
    progress.offered = []
    clear_venue(road_map)
    app.scenes.clear_to(CampaignMapScene(app, road=road_map.road))
    shop = app.scenes.top
    assert isinstance(shop, CharmShopScene) and shop.choosing
    key(app, pygame.K_p)
    assert progress.charms == list(road.ids[:road.hold]) and not progress.offered and not shop.choosing
    kept = Road.load(app.data_dir, SLOTS[0]).progress
    assert kept is not None and kept.offered == [] and kept.charms == progress.charms


@pytest.mark.slow
def test_the_charm_screenshots_are_written(app: App, tmp_path: Path) -> None:
    paths = charm_mode_shots(app, tmp_path / "shots")
    assert [p.name for p in paths] == ["14f_charm_choice.png", "14g_charm_shop.png", "14h_charm_road_map.png",
                                       "14i_charm_road_host.png", "14j_road_choice.png", "14k_charm_case_full.png",
                                       "14l_charm_give_up.png", "14m_charm_shop_full.png", "15c_daily_charm.png"]
    assert all(pygame.image.load(str(p)).get_size() == (1280, 720) for p in paths)


@pytest.mark.slow
def test_the_charm_shop_survives_random_input(app: App) -> None:
    def start() -> CharmShopScene:
        road_map = open_road(app)
        progress = road_map.progress
        assert progress is not None
        progress.bankroll = 500  # room to buy: random input reaches every button
        if not isinstance(app.scenes.top, CharmShopScene):
            app.scenes.push("charm_shop", road=road_map.road)
        scene = app.scenes.top
        assert isinstance(scene, CharmShopScene)
        return scene
    seen = fuzz(app, start, 1500, seed=25)
    assert seen.get("CharmShopScene", 0) > 50


def test_leaving_the_first_choice_cannot_draw_it_afresh(app: App) -> None:
    open_road(app)
    shop = app.scenes.top
    assert isinstance(shop, CharmShopScene)
    offered = list(shop.progress.offered)
    key(app, pygame.K_ESCAPE)
    again = open_road(app)
    assert again.progress is not None and again.progress.offered == offered


def test_keys_that_closed_an_unlock_over_the_offer_take_no_charm(app: App) -> None:
    open_road(app)
    shop = app.scenes.top
    assert isinstance(shop, CharmShopScene) and shop.choosing
    app.scenes.push("unlocked", unlocks=(Unlock("character", "reggie"),))
    app.step(1.0)  # the unlock's own deaf moment gone
    key(app, pygame.K_RETURN)  # closes the unlock
    assert app.scenes.top is shop
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # pressed on in a hurry: nothing taken
    assert app.scenes.top is shop and shop.progress.charms == []
    app.step(0.6)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # a moment later, a deliberate choice
    assert shop.progress.charms != []
