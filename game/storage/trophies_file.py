"""The trophies the player has earned: `<data>/trophies.json`, each with the moment it was earned (UTC) and the
mode it was earned in, and the charms the player has ever used (what `charms_used` trophies count).

Trophies belong to the player, not to a save slot or a mode. Nothing here raises on a bad file: a damaged one is
moved aside, what could be read of it is kept, and the player is told (`json_file.JsonKind`). An earned trophy is
never taken back: a trophy earned again keeps its first moment.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..locale import tr
from .json_file import JsonFileWords, JsonKind, Unfit, check_header

TROPHIES_FILE = "trophies.json"
TROPHIES_VERSION = 1
MODES = ("free", "daily", "road")
ID = re.compile(r"[a-z][a-z0-9_]{0,39}\Z")  # a trophy's id, or a charm's
MAX_KEPT = 500  # trophies or charms: far more than the game has
WORDS = JsonFileWords(not_read="storage.trophies.not_read", not_saved="storage.trophies.not_saved",
                      what="files.what.trophies")


@dataclass(frozen=True)
class Earned:
    """One trophy earned: when (UTC, to the second) and in which mode."""

    at: dt.datetime
    mode: str


@dataclass(frozen=True)
class TrophyCase:
    """The trophies earned, by id, and the charms used (ids, sorted)."""

    earned: dict[str, Earned] = field(default_factory=dict)
    charms_used: tuple[str, ...] = ()

    def with_earned(self, ids: Iterable[str], mode: str, at: dt.datetime, charms: Iterable[str] = ()) -> TrophyCase:
        """This case with `ids` earned now (those held already keep their moment) and `charms` used."""
        earned = dict(self.earned)
        for trophy in ids:
            earned.setdefault(trophy, Earned(at.astimezone(dt.UTC).replace(microsecond=0), mode))
        used = tuple(sorted({*self.charms_used, *charms}))[:MAX_KEPT]
        return TrophyCase(earned, used)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data, with a version number."""
        return {"version": TROPHIES_VERSION,
                "earned": {key: {"at": when.at.strftime("%Y-%m-%dT%H:%M:%SZ"), "mode": when.mode}
                           for key, when in sorted(self.earned.items())},
                "charms_used": list(self.charms_used)}


def trophies_path(folder: Path) -> Path:
    """The trophies file inside the data folder."""
    return Path(folder) / TROPHIES_FILE


def _moment(raw: Any) -> Earned | None:
    """An earned trophy's moment from the file, or None when it is not one the game wrote."""
    if not isinstance(raw, dict) or set(raw) != {"at", "mode"} or raw["mode"] not in MODES:
        return None
    at = raw["at"]
    if not isinstance(at, str) or len(at) != 20 or not at.endswith("Z"):
        return None
    try:
        when = dt.datetime.strptime(at, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.UTC)
    except ValueError:
        return None
    return Earned(when, str(raw["mode"]))


def _parse(data: Any) -> tuple[TrophyCase, int]:
    """The trophies and charms in the file and how many of its parts could not be used."""
    checked = check_header(data, None, TROPHIES_VERSION)
    raw_earned, raw_charms = checked.get("earned"), checked.get("charms_used", [])
    if not isinstance(raw_earned, dict) or not isinstance(raw_charms, list):
        raise Unfit(tr("files.why.not_ours"))
    earned: dict[str, Earned] = {}
    for key, raw in list(raw_earned.items())[:MAX_KEPT]:
        moment = _moment(raw)
        if ID.match(key) and moment is not None:
            earned[key] = moment
    charms = sorted({c for c in raw_charms[:MAX_KEPT] if isinstance(c, str) and ID.match(c)})
    bad = len(raw_earned) - len(earned) + len(raw_charms) - len(charms)
    return TrophyCase(earned, tuple(charms)), bad


KIND: JsonKind[TrophyCase] = JsonKind(TROPHIES_FILE, _parse, TrophyCase, TrophyCase.to_dict, WORDS)


def load_trophy_case(folder: Path) -> tuple[TrophyCase, str | None]:
    """The trophies earned (none when there is no file) and a sentence when the file could not be used."""
    return KIND.load(folder)


def add_trophies(folder: Path, ids: Iterable[str], mode: str, at: dt.datetime | None = None,
                 charms: Iterable[str] = ()) -> tuple[str | None, bool]:
    """Keep `ids` as earned now (`at`, UTC) in `mode`, and `charms` as used: (a sentence for the player or None,
    whether all of it is on disk); nothing is written when nothing is new."""
    case, problem = load_trophy_case(folder)
    wanted = case.with_earned(ids, mode, at or dt.datetime.now(dt.UTC), charms)
    if wanted == case:
        return problem, True
    said, written = KIND.store(folder, wanted)
    return " ".join(words for words in (problem, said) if words) or None, written
