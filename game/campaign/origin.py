"""Where a table came from (free play, the daily deal, a campaign road), and what its end means.

The table keeps its origin in its snapshot, so a session resumed from the title still ends the way it would
have: a daily deal records the day's score, a campaign venue records its result on the road's slot, free
play records nothing beyond the statistics every table keeps. The origin also says where the table's
finished deals are kept for the replays. A table left before its end is kept for Continue, whatever its
origin, and means nothing yet.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from ..locale import tr, trn
from ..storage.resume import DAILY, FREE, road_mode
from ..storage.saves import AUTOSAVE
from ..storage.unlocks_file import load_unlocks
from .daily import daily_charm, daily_score
from .daily_file import load_daily_bests, store_daily_bests
from .high_scores_file import load_high_scores
from .model import CampaignProgress
from .roads import SLOTS, Road, describe_result
from .scores import hint_cost
from .spec import Unlock

DAILY_SLOT = "daily"  # the save slot keeping the daily deals' logs
_DAILY_PREFIX = "daily:"  # a daily table's origin as a snapshot keeps it: "daily:2026-11-29"


@dataclass(frozen=True)
class FreePlay:
    """A table the player laid in New game."""


@dataclass(frozen=True)
class DailyDeal:
    """The daily deal of `day`."""

    day: dt.date


@dataclass(frozen=True)
class CampaignRoad:
    """A venue of the road kept in the save slot `slot`."""

    slot: str


TableOrigin = FreePlay | DailyDeal | CampaignRoad


@dataclass(frozen=True)
class DailyFinished:
    """A daily table is over: the day, what to tell the player, and whether it was a new best; what went wrong
    with the bests file, and whether the day's score is on disk."""

    day: dt.date
    message: str
    new_best: bool
    problem: str = ""
    recorded: bool = True


@dataclass(frozen=True)
class VenueFinished:
    """A campaign venue is over: the road as it now stands, what to tell the player, and whether the road's
    end earned a place on the high scores (the name entry comes first)."""

    road: Road
    message: str
    name_entry: bool = False
    recorded: bool = True  # False: the road's save could not take the result; the venue's session is kept for it
    unlocked: tuple[Unlock, ...] = ()  # what clearing the venue just gave, for its moment on the map


Finished = DailyFinished | VenueFinished | None  # None: back to the title


def origin_of(kept: object) -> TableOrigin:
    """The origin a snapshot keeps (its `campaign_slot`: absent for free play, "daily:YYYY-MM-DD" or a slot)."""
    if not isinstance(kept, str):
        return FreePlay()
    if kept.startswith(_DAILY_PREFIX):
        try:
            return DailyDeal(dt.date.fromisoformat(kept[len(_DAILY_PREFIX):]))
        except ValueError:
            return FreePlay()
    return CampaignRoad(kept) if kept in SLOTS else FreePlay()


def kept_as(origin: TableOrigin) -> str | None:
    """The origin as a snapshot keeps it (`origin_of` reads it back); None for free play."""
    match origin:
        case DailyDeal(day=day):
            return f"{_DAILY_PREFIX}{day.isoformat()}"
        case CampaignRoad(slot=slot):
            return slot
        case _:
            return None


def session_mode(origin: TableOrigin) -> str:
    """The mode whose kept session a table of this origin is (free play, the daily deal, or its road)."""
    match origin:
        case DailyDeal():
            return DAILY
        case CampaignRoad(slot=slot):
            return road_mode(slot)
        case _:
            return FREE


def deal_log_slot(origin: TableOrigin) -> tuple[str, bool]:
    """The save slot that keeps the table's finished deals, and whether the table may create it (a campaign
    slot is started by its map: a slot with logs and no progress would not load there)."""
    match origin:
        case DailyDeal():
            return DAILY_SLOT, True
        case CampaignRoad(slot=slot):
            return slot, False
        case _:
            return AUTOSAVE, True


def results_label(origin: TableOrigin) -> str:
    """The locale key of the results' way out: back to the title, the daily deal or the road's map."""
    match origin:
        case DailyDeal():
            return "results.back_daily"
        case CampaignRoad():
            return "results.back_map"
        case _:
            return "results.back_title"


def finish(origin: TableOrigin, data_dir: Path, chips: list[int], session_id: str = "", hints: int = 0) -> Finished:
    """The session (named `session_id`, in which the player asked `hints` hints) at a table of this origin is over
    with these final chips (the player's first): record what it means, and say where the player goes next."""
    match origin:
        case DailyDeal(day=day):
            new_best, words = record_daily_score(data_dir, day, chips[0] if chips else 0, hints)
            return DailyFinished(day, words.score, new_best, words.problem, words.written)
        case CampaignRoad(slot=slot):
            return finish_venue(Road.load(data_dir, slot), chips, session_id, hints)
        case _:
            return None


def already_finished(origin: TableOrigin, data_dir: Path) -> Finished:
    """Where a table of this origin leads when its end was recorded before (a kept session that outlived its
    recording came back over): the same places as `finish`, recording nothing again."""
    match origin:
        case DailyDeal(day=day):
            return DailyFinished(day, "", False)
        case CampaignRoad(slot=slot):
            return VenueFinished(Road.load(data_dir, slot), "")
        case _:
            return None


@dataclass(frozen=True)
class DailyScore:
    """A daily score kept: the score in words, what went wrong with the bests file ("" when nothing), and
    whether the day's best is on disk."""

    score: str
    problem: str = ""
    written: bool = True

    def __str__(self) -> str:
        return f"{self.score} {self.problem}".strip()


def record_daily_score(data_dir: Path, day: dt.date | str, chips: int, hints: int = 0) -> tuple[bool, DailyScore]:
    """Keep the score of a session ended with `chips` after `hints` hints as `day`'s; (a new best?, what to tell
    the player: the chips, and what the hints cost)."""
    bests, problem = load_daily_bests(data_dir)
    score = daily_score(chips, hints)
    new_best = bests.record(day, score, hints, daily_charm(day))
    said = [problem] if problem else []
    failed, written = store_daily_bests(data_dir, bests) if new_best else (None, True)
    if failed:
        said.append(failed)
    best = bests.best_for(day)
    finished = trn("daily.finished", max(0, int(chips)))
    if hints:
        cost = trn("score.daily_hints", hint_cost(hints), hints=trn("score.hints", hints), score=score)
        finished = f"{finished} {cost}"
    words = finished if new_best else tr("daily.finished_best", finished=finished, best=best)
    return new_best, DailyScore(words, " ".join(said), written)


def finish_venue(road: Road, chips: list[int], session_id: str = "", hints: int = 0) -> VenueFinished:
    """Record a venue's session (named `session_id`, played with `hints` hints) on the road and save it; the road
    to show, and what to say. A session the road has already recorded is not recorded again."""
    progress = road.progress
    kept = tr("campaign.venue_end_kept")
    if progress is None or progress.venue is None:
        if progress is not None and progress.results and session_id and road.recorded_session == session_id:
            return _recorded_before(road, progress)
        return VenueFinished(road, f"{road.notice} {kept}".strip(), recorded=False)
    if session_id and road.recorded_session == session_id and progress.results:
        return _recorded_before(road, progress)
    before = set(progress.unlocked)
    known, _ = load_unlocks(road.data_dir)  # won on another road already: no moment for it again
    try:
        result, problem = road.record(chips, session_id, hints)
    except ValueError as error:
        return VenueFinished(Road.load(road.data_dir, road.slot), f"{tr('campaign.not_recorded', why=error)} {kept}",
                             recorded=False)
    if problem:  # the slot still holds the old progress: the road carries on from this one all the same
        road.load_problem = ""
    scores, _ = load_high_scores(road.data_dir)
    return VenueFinished(road, problem or describe_result(progress, result),
                         name_entry=progress.over and scores.qualifies(progress.score), recorded=problem is None,
                         unlocked=tuple(u for u in progress.unlocked if u not in before and str(u) not in known))


def _recorded_before(road: Road, progress: CampaignProgress) -> VenueFinished:
    """The road recorded this session's end before (its recording was cut short after): said as it was."""
    scores, _ = load_high_scores(road.data_dir)
    return VenueFinished(road, describe_result(progress, progress.results[-1]),
                         name_entry=progress.over and not road.score_entered and scores.qualifies(progress.score))
