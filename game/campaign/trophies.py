"""The trophies a table earns, judged and kept: at a deal's end (the table's watch) and at the session's end
(`record_trophies`, from `session_end`), in the player's trophies file with the moment and the table's mode. No
pygame here.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..config.errors import ConfigError
from ..config.trophies_file import Trophy, shipped_trophies
from ..engine.events import Event
from ..stats.trophies import Outcome, judge_session
from ..storage.trophies_file import add_trophies, load_trophy_case
from .origin import CampaignRoad, DailyDeal, TableOrigin


def trophy_mode(origin: TableOrigin) -> str:
    """The mode a table of this origin earns trophies in: free, daily or road."""
    match origin:
        case DailyDeal():
            return "daily"
        case CampaignRoad():
            return "road"
        case _:
            return "free"


def the_trophies() -> tuple[tuple[Trophy, ...], str | None]:
    """The game's trophies, and the problems of their file when it cannot be read (then there are none)."""
    try:
        return shipped_trophies(), None
    except ConfigError as error:
        return (), "; ".join(error.problems[:3])


@dataclass(frozen=True)
class TrophiesRecorded:
    """A session's trophies kept: those its deals and its end earned, what to tell the player, and whether they
    are on disk."""

    at_deals: tuple[str, ...] = ()
    at_end: tuple[str, ...] = ()
    problem: str | None = None
    written: bool = True


def record_trophies(data_dir: Path, origin: TableOrigin, events: Iterable[Event | dict[str, Any] | str], seat: int,
                    *, hints: int = 0, taken_back: int = 0, venue_cleared: bool = False,
                    road_cleared: bool = False, road_hints: int = 0,
                    now: dt.datetime | None = None) -> TrophiesRecorded:
    """Judge a finished session's events for the player at `seat` and keep what they earned (a trophy held already
    is not earned again; a session with take backs earns none)."""
    trophies, _ = the_trophies()
    case, problem = load_trophy_case(data_dir)
    mode = trophy_mode(origin)
    outcome = Outcome(mode, hints, taken_back, venue_cleared, road_cleared, road_hints)
    judged = judge_session(trophies, events, seat, outcome, set(case.earned), case.charms_used)
    said, written = add_trophies(data_dir, judged.at_deals + judged.at_end, mode, now, judged.charms_used)
    words = " ".join(w for w in (problem, said) if w)  # a damaged file was set aside by the first read
    return TrophiesRecorded(judged.at_deals, judged.at_end, words or None, written)


def record_deal_trophies(data_dir: Path, origin: TableOrigin, ids: Iterable[str],
                         now: dt.datetime | None = None) -> str | None:
    """Keep trophies a deal just earned at the table; a sentence when they could not be kept (the session's end
    tries again)."""
    wanted = tuple(ids)
    return add_trophies(data_dir, wanted, trophy_mode(origin), now)[0] if wanted else None


def held_trophies(data_dir: Path) -> tuple[frozenset[str], str | None]:
    """The ids of the trophies the player holds, and a sentence when the file could not be used."""
    case, problem = load_trophy_case(data_dir)
    return frozenset(case.earned), problem
