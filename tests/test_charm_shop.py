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
from game.app.scenes.campaign_map import CampaignMapScene
from game.app.scenes.charm_shop import CharmShopScene
from game.app.table.scene import TableScene
from game.campaign.model import SessionResult
from game.campaign.roads import CHARMS_PATH, SLOTS, Road
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


@pytest.mark.slow
def test_the_charm_screenshots_are_written(app: App, tmp_path: Path) -> None:
    paths = charm_mode_shots(app, tmp_path / "shots")
    assert [p.name for p in paths] == ["14f_charm_choice.png", "14g_charm_shop.png", "14h_charm_road_map.png",
                                       "14i_charm_road_host.png", "14j_road_choice.png", "15c_daily_charm.png"]
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
