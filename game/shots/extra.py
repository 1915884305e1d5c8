"""Screenshots of the statistics (with a record played out by AIs), the replay (mid-deal) and the campaign map,
from fixed seeds."""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import json
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ..ai.registry import character_ids, introduce, make_agent
from ..ai.seats import seats_against
from ..app import word_overlaps
from ..app.scenes.campaign_map import CampaignMapScene
from ..app.scenes.campaign_slots import CampaignSlotsScene
from ..app.scenes.daily import DailyScene
from ..app.scenes.replay import ReplayScene
from ..app.scenes.replays import ReplaysScene
from ..app.scenes.statistics import StatisticsScene
from ..app.scenes.trophies import TrophiesScene
from ..app.table.scene import TableScene
from ..campaign.campaign_file import load_campaign
from ..campaign.model import CampaignProgress, SessionResult
from ..campaign.origin import CampaignRoad
from ..campaign.roads import SLOTS, describe_result
from ..campaign.spec import Unlock
from ..config import default_rules
from ..engine import Event, SeatInfo, Session, event_dict, play_session
from ..locale import trn
from ..replay import Replay, split_deals
from ..stats import Statistics
from ..storage.saves import SaveData, save_slot, slot_path
from ..storage.trophies_file import Earned, TrophyCase

if TYPE_CHECKING:
    from ..app.app import App

EXTRA_SEED = 515
OPPONENTS = ("maud", "hetty", "professor", "reggie", "vera", "bert")
GOLDEN_LOG = Path(__file__).resolve().parents[2] / "tests" / "golden" / "classic_4p_seed7.jsonl"


def sample_session(seed: int, players: int = 4, deals: int = 6) -> list[dict[str, Any]]:
    """One session's events (as dicts) with a stand-in for the player at seat 0 and characters elsewhere."""
    return list(_played(seed, players, deals))


@functools.lru_cache(maxsize=32)
def _played(seed: int, players: int, deals: int) -> tuple[dict[str, Any], ...]:
    """The sample session, played once per process: every language's screenshots show the same (read only)."""
    known = set(character_ids())
    pool = [c for c in OPPONENTS if c in known] or sorted(known) or ["lowest"]
    ids = ["lowest"] + [pool[(seed + seat) % len(pool)] for seat in range(players - 1)]
    rules = dataclasses.replace(default_rules(), players=players, deals=deals)
    seats = [SeatInfo("You", "human", None)] + [SeatInfo(i.title(), "ai", i) for i in ids[1:]]
    session = Session(rules, seats, seed)
    events: list[dict[str, Any]] = []

    def keep(event: Event) -> None:
        events.append(event_dict(event))
    agents = [make_agent(agent_id, seed, seat) for seat, agent_id in enumerate(ids)]
    introduce(agents, ids, rules)
    play_session(session, agents, keep)
    return tuple(events)


def sample_statistics(sessions: int = 4, seed: int = EXTRA_SEED) -> Statistics:
    """Statistics of a few sessions played out by AIs, the player at seat 0, and one more in which the player
    took back two decisions (counted apart)."""
    statistics = Statistics()
    for number in range(sessions):
        statistics.add_session(sample_session(seed + number, players=3 + number % 3), 0)
    statistics.add_session(sample_session(seed + sessions, deals=2), 0, taken_back=2)
    return statistics


def render_extra_screenshots(app: App, folder: Path) -> list[Path]:
    """Write the statistics (with data), a replay mid-deal, the campaign map and roads, the daily deal and the
    kept deals as PNGs in `folder`; the paths."""

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    app.scenes.clear_to(StatisticsScene(app, sample_statistics()))
    app.step(1 / 60)
    paths.append(shoot(app, folder, "11b_statistics_record"))
    paths += _shoot_trophies(app, folder)
    if GOLDEN_LOG.is_file():
        replay = Replay.from_file(GOLDEN_LOG)
    else:
        replay = Replay.from_lines([json.dumps(e) for e in sample_session(EXTRA_SEED)], "sample")
    scene = ReplayScene(app, replay)
    app.scenes.clear_to(scene)
    span = replay.deals[min(1, len(replay.deals) - 1)]
    plays = [i for i in range(span.first, span.last + 1) if replay.steps[i].event.type == "play"]
    scene.seek(plays[len(plays) // 2] if plays else span.first)
    app.step(1 / 60)
    paths.append(shoot(app, folder, "13_replay"))
    paths.append(_shoot_campaign_map(app, folder))
    paths += _shoot_unlocked(app, folder)
    paths.append(_shoot_roads(app, folder))
    paths.append(_shoot_campaign_table(app, folder))
    paths.append(_shoot_daily(app, folder))
    paths.append(_shoot_daily_house_rules(app, folder))
    paths.append(_shoot_replays(app, folder))
    return paths


def sample_trophy_case() -> TrophyCase:
    """A few trophies earned on fixed days in each mode (shown, not saved: the player's own are left alone)."""
    earned = (("first_win", "free", 11), ("free_winner", "free", 11), ("two_boodles", "free", 12),
              ("daily_winner", "daily", 20), ("hat_trick", "road", 27), ("first_venue", "road", 27),
              ("quick_exit", "daily", 29))
    return TrophyCase({trophy: Earned(dt.datetime(2026, 11, day, 12, 0, tzinfo=dt.UTC), mode)
                       for trophy, mode, day in earned})


def _shoot_trophies(app: App, folder: Path) -> list[Path]:
    """The trophy case with a few trophies earned: its first page, and its last (locked ones with their hints)."""
    scene = TrophiesScene(app, sample_trophy_case())
    app.scenes.clear_to(scene)
    app.step(1 / 60)
    paths = [shoot(app, folder, "11c_trophies")]
    scene.turn(-1)
    app.step(1 / 60)
    paths.append(shoot(app, folder, "11d_trophies_locked"))
    return paths


def _shoot_daily(app: App, folder: Path) -> Path:
    """The daily deal of a fixed day just after a new best (shown, not saved: the player's bests are left alone)."""

    scene = DailyScene(app, dt.date(2026, 11, 29), trn("daily.finished", 57), new_best=True)
    scene.best = 57
    app.scenes.clear_to(scene)
    app.step(1 / 60)
    return shoot(app, folder, "15_daily")


def _shoot_daily_house_rules(app: App, folder: Path) -> Path:
    """A daily deal under the House Rules, which says what they change from the classic game."""

    app.scenes.clear_to(DailyScene(app, dt.date(2026, 12, 1)))
    app.step(1 / 60)
    return shoot(app, folder, "15b_daily_house_rules")


def _first_venue_cleared() -> tuple[Any, Any]:
    """The shipped road's progress after a win at its first venue, and that session's recorded result."""

    campaign = load_campaign()
    progress = CampaignProgress.start(campaign)
    first = campaign.venues[0]
    stack = first.stack(progress.bankroll)
    chips = (stack + stack // 2,) + tuple(max(0, stack - 10 * (i + 1)) for i in range(len(first.opponents)))
    return progress, progress.record_session(SessionResult(chips, 0))


def _shoot_campaign_map(app: App, folder: Path) -> Path:
    """The campaign map after the first venue was cleared (shown, not saved: the player's slot is left alone)."""

    progress, result = _first_venue_cleared()
    scene = CampaignMapScene(app, describe_result(progress, result), progress=progress)
    app.scenes.clear_to(scene)
    app.step(1 / 60)
    return shoot(app, folder, "14_campaign_map")


def _shoot_unlocked(app: App, folder: Path) -> list[Path]:
    """The first venue cleared and what it unlocked, its moment over the map (as a finished venue opens it), and
    a venue's two unlocks at once (a character and a rules file), the gold ring at rest."""

    progress, result = _first_venue_cleared()
    app.scenes.clear_to(CampaignMapScene(app, describe_result(progress, result), progress=progress,
                                         unlocked=progress.unlocked))
    app.step(1 / 60)
    paths = [shoot(app, folder, "14d_campaign_unlocked")]
    app.scenes.clear_to(CampaignMapScene(app, describe_result(progress, result), progress=progress,
                                         unlocked=(Unlock("character", "reggie"), Unlock("rules", "house"))))
    app.step(1 / 60)
    paths.append(shoot(app, folder, "14e_campaign_unlocked_two"))
    return paths


def _shoot_roads(app: App, folder: Path) -> Path:
    """The three campaign roads: one under way, one empty, one whose save is damaged (in a scratch folder)."""

    progress, _ = _first_venue_cleared()
    kept = app.data_dir
    with tempfile.TemporaryDirectory(prefix="newmarket-roads-") as scratch:
        app.data_dir = Path(scratch)
        try:
            save_slot(app.data_dir, SLOTS[0], SaveData(campaign=progress.to_json(), slot=SLOTS[0]))
            slot_path(app.data_dir, SLOTS[2]).write_text('{"format": "newmarket-save", "vers', encoding="utf-8")
            scene = CampaignSlotsScene(app)
            # a fixed time of saving, so the picture is the same on every run
            fixed = time.mktime((2026, 11, 29, 20, 15, 0, 0, 0, -1))
            scene.cards = [dataclasses.replace(card, saved_at=fixed if card.saved_at else 0.0) for card in scene.cards]
            app.scenes.clear_to(scene)
            app.step(1 / 60)
            return shoot(app, folder, "14b_campaign_roads")
        finally:
            app.data_dir = kept


def _shoot_campaign_table(app: App, folder: Path) -> Path:
    """The second venue's table at its first stake, its name and goal in the corner (in a scratch folder)."""

    progress, _ = _first_venue_cleared()
    venue = progress.venue
    assert venue is not None
    kept = app.data_dir
    with tempfile.TemporaryDirectory(prefix="newmarket-venue-") as scratch:
        app.data_dir = Path(scratch)
        try:
            save_slot(app.data_dir, SLOTS[0], SaveData(campaign=progress.to_json(), slot=SLOTS[0]))
            table = app.scenes.clear_to("table", rules=progress.table_rules(), seats=seats_against(venue.opponents),
                                        seed=EXTRA_SEED, origin=CampaignRoad(SLOTS[0]))
            assert isinstance(table, TableScene)
            table.fast_forward_until(lambda t: t.human.decision is not None, play_for_human=False)
            app.step(1 / 60)
            return shoot(app, folder, "14c_campaign_table")
        finally:
            app.scenes.clear_to("title")  # the table leaves (its files written) before its folder goes
            app.data_dir = kept


def shoot(app: App, folder: Path, name: str) -> Path:
    """Draw the stack once more and save it as `name`.png."""
    word_overlaps.name_picture(name)
    app.draw(app.screen)
    path = folder / f"{name}.png"
    pygame.image.save(app.screen.real, str(path))
    return path


def _shoot_replays(app: App, folder: Path) -> Path:
    """The kept deals of two sample sessions, read from a scratch folder (the player's saves are left alone)."""

    with tempfile.TemporaryDirectory(prefix="newmarket-replays-") as scratch:
        for slot, seed, players in (("autosave", EXTRA_SEED, 4), ("campaign", EXTRA_SEED + 1, 5)):
            logs = split_deals([json.dumps(event) for event in sample_session(seed, players=players)])
            save_slot(Path(scratch), slot, SaveData(logs=tuple(logs), slot=slot))
        app.scenes.clear_to(ReplaysScene(app, Path(scratch)))
        app.step(1 / 60)
        return shoot(app, folder, "16_replays")
