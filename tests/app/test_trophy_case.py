"""The trophies the player earns: kept in `trophies.json` through the file door (the moment in UTC and the mode,
a damaged or unreadable file set aside and said, a full disk said and tried again), recorded with a session's end,
shown in the trophy case (keys, mouse, controller) and at the table as a deal earns one (a rosette, a sound,
speech), and on the results as the session's end does."""

from __future__ import annotations

import dataclasses
import datetime as dt
import errno
import json
import tempfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pygame
import pytest
from app_helpers import click, frames, key, text_words, top
from unreadable import refuse_reading

from game import atomic
from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.app.app import App
from game.app.scenes.results import ResultsScene
from game.app.scenes.statistics import StatisticsScene
from game.app.scenes.trophies import TrophiesScene
from game.app.table import moments as moments_module
from game.app.table import recorder as recorder_module
from game.app.table.model import TableModel
from game.app.table.scene import TableScene
from game.app.table.trophy_moment import DealTrophies, trophy_labels
from game.campaign import session_end
from game.campaign.campaign_file import load_campaign
from game.campaign.model import WON, CampaignProgress, SessionResult
from game.campaign.origin import CampaignRoad, DailyDeal, FreePlay, VenueFinished
from game.campaign.session_end import record_end
from game.config import rules_by_name
from game.config.trophies_file import Trophy, load_trophies
from game.engine.rules import RuleSet
from game.shots.extra import sample_trophy_case
from game.storage.trophies_file import TrophyCase, add_trophies, load_trophy_case, trophies_path

NOON = dt.datetime(2026, 12, 3, 12, 0, 5, 123, tzinfo=dt.UTC)
BOODLE = ["AS", "KH", "QC", "JD"]


def won_session(players: int = 3, winner: int = 0) -> list[dict[str, Any]]:
    """A one-deal session the player at `winner` wins, hitting two boodle cards on the way."""
    chips = [40] * players
    final = [30] * players
    final[winner] = 60
    return [{"type": "session_start", "seed": 1, "rules": {"boodle_cards": BOODLE},
             "players": [{"name": f"S{i}", "kind": "ai"} for i in range(players)], "chips": chips},
            {"type": "deal_start", "deal": 1, "dealer": 0},
            {"type": "deal", "hands": [["2S"] * 3] * players, "dead": []},
            {"type": "boodle_won", "player": 0, "card": "AS", "chips": 3},
            {"type": "boodle_won", "player": 0, "card": "KH", "chips": 3},
            {"type": "hand_won", "player": winner, "pot": 3, "payments": []},
            {"type": "deal_end", "chips": final, "boodle": {}},
            {"type": "session_end", "chips": final, "winners": [winner]}]


# --- the file -------------------------------------------------------------------------------------------------

def test_an_earned_trophy_keeps_its_moment_in_utc_and_its_mode(tmp_path: Path) -> None:
    assert add_trophies(tmp_path, ["first_win"], "daily", NOON, ["peek"]) == (None, True)
    later = NOON + dt.timedelta(days=3)
    assert add_trophies(tmp_path, ["first_win", "clean_sweep"], "road", later) == (None, True)
    case, problem = load_trophy_case(tmp_path)
    assert problem is None and case.charms_used == ("peek",)
    assert case.earned["first_win"].at == NOON.replace(microsecond=0) and case.earned["first_win"].mode == "daily"
    assert case.earned["clean_sweep"].at == later.replace(microsecond=0) and case.earned["clean_sweep"].mode == "road"
    data = json.loads(trophies_path(tmp_path).read_text(encoding="utf-8"))
    assert data["earned"]["first_win"] == {"at": "2026-12-03T12:00:05Z", "mode": "daily"}
    before = trophies_path(tmp_path).stat().st_mtime_ns
    assert add_trophies(tmp_path, ["first_win"], "free") == (None, True)  # nothing new: nothing written
    assert trophies_path(tmp_path).stat().st_mtime_ns == before


def test_a_moment_from_another_time_zone_is_kept_in_utc(tmp_path: Path) -> None:
    paris = dt.datetime(2026, 12, 4, 0, 30, tzinfo=dt.timezone(dt.timedelta(hours=1)))
    add_trophies(tmp_path, ["first_win"], "free", paris)
    data = json.loads(trophies_path(tmp_path).read_text(encoding="utf-8"))
    assert data["earned"]["first_win"]["at"] == "2026-12-03T23:30:00Z"


@pytest.mark.parametrize("content", [b"", b"{not json", b"\xff\xfe", b"[]", b'{"version": 99, "earned": {}}',
                                     b'{"version": 1, "earned": []}', b'{"version": 1, "earned": {"a": 1e400}}'])
def test_a_damaged_trophies_file_is_set_aside_and_said(tmp_path: Path, content: bytes) -> None:
    trophies_path(tmp_path).write_bytes(content)
    case, problem = load_trophy_case(tmp_path)
    assert problem and "trophies" in problem.lower() and case.earned == {}
    kept = list(tmp_path.glob("trophies.json.unreadable-*"))
    assert [path.read_bytes() for path in kept] == [content]


def test_the_good_trophies_of_a_partly_damaged_file_are_kept(tmp_path: Path) -> None:
    earned = {"first_win": {"at": "2026-12-03T12:00:00Z", "mode": "free"},
              "bad moment": {"at": "2026-12-03T12:00:00Z", "mode": "free"},
              "clean_sweep": {"at": "yesterday", "mode": "free"},
              "rout": {"at": "2026-12-03T12:00:00Z", "mode": "casino"}}
    trophies_path(tmp_path).write_text(json.dumps({"version": 1, "earned": earned, "charms_used": ["peek", 3]}))
    case, problem = load_trophy_case(tmp_path)
    assert set(case.earned) == {"first_win"} and case.charms_used == ("peek",)
    assert problem and "4" in problem  # four parts could not be used
    assert load_trophy_case(tmp_path) == (case, None)  # what could be used was written back


def test_an_unreadable_trophies_file_is_said_and_left_where_it_is(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    add_trophies(tmp_path, ["first_win"], "free", NOON)
    kept = trophies_path(tmp_path).read_bytes()
    with monkeypatch.context() as patch:
        refuse_reading(patch, trophies_path(tmp_path))
        case, problem = load_trophy_case(tmp_path)
        said, written = add_trophies(tmp_path, ["clean_sweep"], "free", NOON)
    assert case == TrophyCase() and problem == "The trophies could not be read (Permission denied)."
    assert trophies_path(tmp_path).read_bytes() == kept or list(tmp_path.glob("trophies.json.unreadable-*"))
    assert said and "Permission denied" in said
    kept_aside = [path.read_bytes() for path in tmp_path.glob("trophies.json*")]
    assert kept in kept_aside  # never written over


def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file the game writes meets a full disk."""
    def no_room(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(tempfile, "mkstemp", no_room)


def test_a_full_disk_is_a_sentence_and_the_old_file_stays_whole(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    add_trophies(tmp_path, ["first_win"], "free", NOON)
    kept = trophies_path(tmp_path).read_bytes()
    with monkeypatch.context() as patch:
        full_disk(patch)
        said, written = add_trophies(tmp_path, ["clean_sweep"], "free", NOON)
    assert not written and said == "The trophies could not be saved (No space left on device)."
    assert trophies_path(tmp_path).read_bytes() == kept and not list(tmp_path.glob("*.tmp"))


# --- a session's end ------------------------------------------------------------------------------------------

def test_a_sessions_end_records_its_trophies_once_with_its_mode(tmp_path: Path) -> None:
    end = record_end(tmp_path, DailyDeal(dt.date(2026, 12, 3)), "s-1", [60, 30, 30], won_session(), 0)
    assert end.whole and {"first_win", "daily_winner", "daily_unaided"} <= set(end.trophies)
    assert "two_boodles" not in end.trophies  # a deal's trophy was said at the table
    case, _ = load_trophy_case(tmp_path)
    assert {"first_win", "daily_winner", "two_boodles"} <= set(case.earned)
    assert {case.earned[t].mode for t in case.earned} == {"daily"}
    again = record_end(tmp_path, DailyDeal(dt.date(2026, 12, 3)), "s-1", [60, 30, 30], won_session(), 0)
    assert again.trophies == ()


def test_a_sessions_end_with_take_backs_earns_no_trophy(tmp_path: Path) -> None:
    end = record_end(tmp_path, FreePlay(), "s-2", [60, 30, 30], won_session(), 0, taken_back=1)
    assert end.whole and end.trophies == ()
    assert load_trophy_case(tmp_path)[0].earned == {}


def test_the_hints_a_session_asked_keep_the_unaided_trophies_locked(tmp_path: Path) -> None:
    end = record_end(tmp_path, DailyDeal(dt.date(2026, 12, 3)), "s-3", [60, 30, 30], won_session(), 0, hints=2)
    assert "daily_winner" in end.trophies and "daily_unaided" not in end.trophies


def test_a_full_disk_at_the_end_puts_the_session_by_and_a_retry_records_its_trophies(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = atomic.write_atomically

    def no_room_for_trophies(path: Path, data: bytes, keep_backup: bool = False) -> None:
        if path.name == "trophies.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, data, keep_backup)
    with monkeypatch.context() as patch:
        patch.setattr(atomic, "write_atomically", no_room_for_trophies)
        patch.setattr("game.storage.json_file.write_atomically", no_room_for_trophies)
        end = record_end(tmp_path, FreePlay(), "s-4", [60, 30, 30], won_session(), 0)
    assert not end.whole and "could not be saved" in " ".join(end.problems)
    assert load_trophy_case(tmp_path)[0].earned == {}
    retried = record_end(tmp_path, FreePlay(), "s-4", [60, 30, 30], won_session(), 0)
    assert retried.whole and "first_win" in load_trophy_case(tmp_path)[0].earned


# --- the trophy case ------------------------------------------------------------------------------------------

def test_the_case_counts_the_trophies_held_and_shows_earned_ones_first(app: App) -> None:
    scene = TrophiesScene(app, sample_trophy_case())
    app.scenes.clear_to(scene)
    frames(app, 2)
    total = len(load_trophies())
    assert scene.held == 7 and scene.pages == -(-total // 9)
    assert f"7 of {total}" in text_words(app)
    assert [t.id for t, _ in scene.cards()][:7] == [t.id for t in load_trophies() if t.id in scene.case.earned]
    assert "Earned 11 November 2026, in free play" in text_words(app)


def test_the_pages_turn_by_keys_wheel_buttons_and_shoulders(app: App) -> None:
    scene = TrophiesScene(app, sample_trophy_case())
    app.scenes.clear_to(scene)
    frames(app, 1)
    key(app, pygame.K_RIGHT)
    assert scene.page == 1
    key(app, pygame.K_PAGEDOWN)
    assert scene.page == 2
    key(app, pygame.K_LEFT)
    assert scene.page == 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step(1 / 60)
    assert scene.page == 0
    click(app, scene.menu.buttons[1].rect.center)  # Next
    assert scene.page == 1
    click(app, scene.menu.buttons[0].rect.center)  # Previous
    assert scene.page == 0
    assert scene.pad_shoulders() == (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
    key(app, pygame.K_PAGEUP)
    assert scene.page == scene.pages - 1  # round to the last page
    last = {t.id for t, _ in scene.cards()}
    assert last and not last & set(scene.case.earned)
    assert any(tr_hint in text_words(app) for tr_hint in ("Hit every boodle card", "Use a charm at the right"))


def test_the_statistics_open_the_case_with_t_or_its_button_and_esc_returns(app: App) -> None:
    add_trophies(app.data_dir, ["first_win"], "free", NOON)
    app.scenes.clear_to(StatisticsScene(app))
    frames(app, 1)
    key(app, pygame.K_t)
    case = top(app, TrophiesScene)
    assert case.held == 1
    key(app, pygame.K_ESCAPE)
    statistics = top(app, StatisticsScene)
    click(app, statistics.menu.buttons[1].rect.center)
    top(app, TrophiesScene)
    key(app, pygame.K_RETURN)  # the focus is on Next: a controller's A turns the page
    assert top(app, TrophiesScene).page == 1
    key(app, pygame.K_BACKSPACE)
    top(app, StatisticsScene)
    key(app, pygame.K_RETURN)  # Enter in the statistics still goes back, as it always has
    assert not isinstance(app.scenes.top, StatisticsScene)


def test_a_damaged_trophies_file_opened_from_the_case_is_said_in_the_notices(app: App) -> None:
    trophies_path(app.data_dir).write_bytes(b"{broken")
    scene = TrophiesScene(app)
    assert scene.held == 0 and "could not be used" in app.notices.words()
    assert list(app.data_dir.glob("trophies.json.unreadable-*"))


# --- at the table -----------------------------------------------------------------------------------------------

def test_a_trophy_a_deal_earns_is_shown_kept_sounded_and_said(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    anyone_plays = Trophy("long_run", "run", count=1)  # the player plays a card in any deal
    monkeypatch.setattr(recorder_module, "the_trophies", lambda: ((anyone_plays,), None))
    shown: list[tuple[str, ...]] = []
    real_labels = trophy_labels

    def labels(text: Any, earned: Any, width: int) -> Any:
        shown.append(tuple(earned))
        return real_labels(text, earned, width)
    monkeypatch.setattr(moments_module, "trophy_labels", labels)
    sounds: list[str] = []
    real_play = app.assets.play

    def play(name: str, volume: float = 1.0) -> None:
        sounds.append(name)
        real_play(name, volume)
    monkeypatch.setattr(app.assets, "play", play)
    said: list[str] = []
    monkeypatch.setattr(app.speech, "say", lambda words, **kw: said.append(words))
    scene = TableScene.seated(app, RuleSet(players=3, deals=2), [("You", None)] + [
        (c, load_character_by_id(c)) for c in ("maud", "bert")], 11)
    app.scenes.clear_to(scene)
    assert scene.stage.trophies is not None
    assert scene.fast_forward_until(lambda t: bool(shown), 20_000)
    assert shown == [("long_run",)] and "your_boodle" in sounds and "Trophy earned: Long Run." in said
    case, _ = load_trophy_case(app.data_dir)
    assert case.earned["long_run"].mode == "free"


def test_the_rosettes_of_a_deal_that_earns_many_are_two(app: App) -> None:
    images = trophy_labels(app.text, ["first_win", "rout", "fat_pot", "clean_sweep"], 600)
    assert len(images) == 2
    assert len(trophy_labels(app.text, ["rout", "fat_pot"], 600)) == 2
    assert "+3 more trophies" in text_words(app)


def test_a_deal_watch_keeps_nothing_for_deals_already_played_and_tells_a_failed_keep() -> None:
    told: list[str] = []
    kept: list[tuple[str, ...]] = []

    refused = "The trophies could not be saved (No space left on device)."

    def keep(earned: tuple[str, ...]) -> str | None:
        kept.append(earned)
        return refused
    watch = DealTrophies(load_trophies(), {"first_win"}, 0, keep, told.append)
    events = won_session()
    watch.quietly(events[:6])  # the deal's end already shown before the table was resumed
    assert kept == [] and watch.see(events[6]) == ()
    fresh = DealTrophies(load_trophies(), {"first_win"}, 0, keep, told.append)
    earned = [fresh.see(event) for event in events]
    assert ("two_boodles",) in earned and kept == [("two_boodles",)] and told == [refused]
    assert fresh.see(events[5]) == ()  # held now: not earned twice


def test_a_watched_table_and_a_take_back_earn_no_trophy(app: App) -> None:
    watched = TableScene.seated(app, RuleSet(players=3, deals=1), [
        (c, load_character_by_id(c)) for c in ("vera", "maud", "bert")], 5)
    assert watched.stage.trophies is None  # nobody's seat: nobody's trophies
    seats: list[SeatSpec] = [("You", None)] + [(c, load_character_by_id(c)) for c in ("pip", "dex", "hetty")]
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("michigan"), deals=2), seats, 5)
    app.scenes.clear_to(scene)
    assert scene.stage.trophies is not None
    assert scene.fast_forward_until(lambda t: t.human.kind == "lead" and t.human.take_back_offer is not None)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.table.taken_back == 1 and scene.stage.trophies is None
    assert scene.fast_forward_until(lambda t: isinstance(t.app.scenes.top, ResultsScene))
    assert load_trophy_case(app.data_dir)[0].earned == {} and scene.recorder.trophies == ()
    resumed = TableScene.from_snapshot(app, scene.snapshot())
    assert resumed.stage.trophies is None  # nor when it is continued


def test_the_results_say_the_trophies_the_sessions_end_earned(app: App) -> None:
    model = TableModel(RuleSet(), [("You", None), ("Ann", None), ("Bob", None)])
    ResultsScene(app, model, lambda: None, trophies=("first_win", "double_up"))
    assert "Trophies earned: First Win, Double Up" in text_words(app)
    ResultsScene(app, model, lambda: None, trophies=("first_win",))
    assert "Trophy earned: First Win" in text_words(app)


def test_spoken_play_says_the_count_and_each_page_of_the_case(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    monkeypatch.setattr(app.speech, "say", lambda words, **kw: said.append(words))
    scene = TrophiesScene(app, sample_trophy_case())
    total = len(load_trophies())
    assert scene.question.startswith(f"Trophies. 7 of {total}. Page 1 of 3. First Win: Earned 11 November 2026")
    scene.turn(-1)
    assert said == [scene.question] and "Page 3 of 3." in said[0] and "Clean Sweep: Hit every boodle card" in said[0]


def cleared(progress: CampaignProgress, venues: int) -> CampaignProgress:
    """`progress` after the player won the next `venues` venues, first with a big stack."""
    for _ in range(venues):
        venue = progress.venue
        assert venue is not None
        stack = venue.stack(progress.bankroll)
        progress.record_session(SessionResult((stack * 2,) + (1,) * len(venue.opponents), 0))
    return progress


@pytest.mark.parametrize("venues", [1, 7])
def test_a_venue_cleared_and_the_whole_road_are_judged_from_the_roads_result(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, venues: int) -> None:
    campaign = load_campaign()
    progress = cleared(CampaignProgress.start(campaign), min(venues, len(campaign.venues)))
    assert (progress.status == WON) == (venues == len(campaign.venues))  # the shipped road has seven
    road = SimpleNamespace(progress=progress, set_aside=())
    monkeypatch.setattr(session_end, "finish", lambda *args, **kwargs: VenueFinished(cast(Any, road), ""))
    end = record_end(tmp_path, CampaignRoad("campaign"), "s-5", [60, 30, 30], won_session(), 0)
    assert {"first_venue", "venue_unaided"} <= set(end.trophies)
    whole = {"road_cleared", "road_unaided"}
    assert whole <= set(end.trophies) if progress.status == WON else not whole & set(end.trophies)
    assert load_trophy_case(tmp_path)[0].earned["first_venue"].mode == "road"
