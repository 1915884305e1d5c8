"""Screenshots of the charms' modes: the road with charms (its map, the charm to choose and the shop) and the daily
deal's charm (shown, never saved: the player's slots and bests are left alone)."""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from ..app.scenes.campaign_map import CampaignMapScene
from ..app.scenes.campaign_slots import CampaignSlotsScene
from ..app.scenes.charm_shop import CharmShopScene
from ..app.scenes.daily import DailyScene
from ..campaign.campaign_file import load_campaign
from ..campaign.daily import CHARMS_FROM, daily_charm
from ..campaign.model import CampaignProgress, SessionResult
from ..campaign.roads import CHARMS_PATH, Road, describe_result
from .extra import shoot

if TYPE_CHECKING:
    from ..app.app import App

ROAD_SEED = 20261207  # a fixed road: the same offers in every picture


def charmed_road(cleared: int = 1) -> tuple[CampaignProgress, str]:
    """The road with charms after a charm was chosen at its start and at each of its first `cleared` venues but the
    last (whose charm is still offered), and what the map says."""
    progress = CampaignProgress.start(load_campaign(CHARMS_PATH), ROAD_SEED)
    said = ""
    for _ in range(cleared):
        if not progress.case_full:
            progress.choose(progress.offered[0])
        venue = progress.campaign.venues[progress.venue_index]
        stack = venue.stack(progress.bankroll)
        chips = (stack + stack // 2,) + tuple(max(0, stack - 10 * (i + 1)) for i in range(len(venue.opponents)))
        said = describe_result(progress, progress.record_session(SessionResult(chips, 0)))
    return progress, said


def road_choice_shot(app: App, folder: Path) -> Path:
    """The campaign's roads with the road with charms chosen for a new road, its description under its name (in a
    scratch folder: the player's slots are left alone)."""
    kept = app.data_dir
    with tempfile.TemporaryDirectory(prefix="newmarket-road-choice-") as scratch:
        app.data_dir = Path(scratch)
        try:
            scene = CampaignSlotsScene(app)
            scene.choose_campaign(next(i for i, choice in enumerate(scene.choices) if choice.path == CHARMS_PATH))
            app.scenes.clear_to(scene)
            app.step(1 / 60)
            return shoot(app, folder, "14j_road_choice")
        finally:
            app.data_dir = kept


def full_case_shots(app: App, folder: Path) -> list[Path]:
    """The charm earned at the fourth venue with the case full, the charm to give up for it, and the shop after,
    every offer saying why it cannot be bought (shown, never saved)."""
    progress, _ = charmed_road(cleared=4)
    road = Road.of(app.data_dir, progress, path=CHARMS_PATH)
    scene = CharmShopScene(app, road)
    app.scenes.clear_to(scene)
    app.step(1 / 60)
    paths = [shoot(app, folder, "14k_charm_case_full")]
    scene.taking = progress.offered[0]
    scene.build()
    app.step(1 / 60)
    paths.append(shoot(app, folder, "14l_charm_give_up"))
    progress.swap(progress.offered[0], progress.charms[0])  # given up, as the scene would (without saving the slot)
    scene.taking = None
    scene.build()
    app.step(1 / 60)
    paths.append(shoot(app, folder, "14m_charm_shop_full"))
    return paths


def charm_mode_shots(app: App, folder: Path) -> list[Path]:
    """The charm earned at the first venue to choose, the shop after it, the map between venues (and a venue ahead
    whose host holds a charm), the road with charms chosen for a new road, the charm earned with the case full
    (offered, then the charm to give up for it, then the shop that cannot sell), and a daily deal with its charm
    and a best played with it."""
    folder.mkdir(parents=True, exist_ok=True)
    progress, said = charmed_road()
    road = Road.of(app.data_dir, progress, path=CHARMS_PATH)
    app.scenes.clear_to(CharmShopScene(app, road))
    app.step(1 / 60)
    paths = [shoot(app, folder, "14f_charm_choice")]
    progress.choose(progress.offered[0])  # taken, as the scene would (without saving the slot)
    progress.bankroll += 20
    app.scenes.clear_to(CharmShopScene(app, road))
    app.step(1 / 60)
    paths.append(shoot(app, folder, "14g_charm_shop"))
    map_scene = CampaignMapScene(app, said, road=road)
    map_scene.offer_charms = False
    app.scenes.clear_to(map_scene)
    app.step(1 / 60)
    paths.append(shoot(app, folder, "14h_charm_road_map"))
    map_scene.shown = next(i for i, venue in enumerate(progress.campaign.venues)  # what it unlocks and a host's
                           if venue.unlocks and venue.host_charms and i > progress.venue_index)  # charm, apart
    app.step(1 / 60)
    paths.append(shoot(app, folder, "14i_charm_road_host"))
    paths.append(road_choice_shot(app, folder))
    paths += full_case_shots(app, folder)
    day = CHARMS_FROM + dt.timedelta(days=1)
    daily = DailyScene(app, day)
    daily.best, daily.best_hints, daily.best_charm = 61, 1, daily_charm(day)
    app.scenes.clear_to(daily)
    app.step(1 / 60)
    paths.append(shoot(app, folder, "15c_daily_charm"))
    return paths
