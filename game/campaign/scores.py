"""The local high-score table: the ten best campaign scores, each with a name, a date and the hints it was played
with, as JSON-ready data; and what a hint costs the daily deal's and the road's scores."""

from __future__ import annotations

import datetime as dt
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from game.locale import tr

TABLE_SIZE = 10
MAX_NAME = 16
SCORES_FORMAT = "newmarket-high-scores"
SCORES_VERSION = 1
MAX_SCORE = 10**12  # far beyond any road's score; a larger number in a file is not one the game wrote
HINT_COST = 1  # points a hint asked takes off the daily deal's score and the road's: playing unaided counts
MAX_HINTS = 10**9  # more hints than any file the game wrote could count


def hint_cost(hints: int) -> int:
    """The points `hints` hints asked take off a score."""
    return HINT_COST * max(0, hints)


def hints_in(data: dict[str, Any]) -> int | None:
    """The hints a file's entry was played with; None when it does not say (written before hints counted, or not
    a count)."""
    hints = data.get("hints")
    return hints if type(hints) is int and 0 <= hints <= MAX_HINTS else None


class BadNameError(ValueError):
    """A name that cannot go on the high-score table; the message is a sentence in the player's language."""


def clean_name(name: object) -> str:
    """A name as the table keeps it: spaces trimmed and collapsed, 1 to 16 printable characters."""
    if not isinstance(name, str):
        raise BadNameError(tr("high_scores.bad_name.not_text", what=type(name).__name__))
    text = " ".join(name.split())
    if not text:
        raise BadNameError(tr("high_scores.bad_name.empty"))
    if any(unicodedata.category(ch)[0] == "C" for ch in text):
        raise BadNameError(tr("high_scores.bad_name.control"))
    if len(text) > MAX_NAME:
        raise BadNameError(tr("high_scores.bad_name.too_long", most=MAX_NAME))
    return text


def iso_date(date: object) -> str:
    """An ISO date "YYYY-MM-DD" from a date or its text; ValueError for anything else."""
    if isinstance(date, dt.datetime):
        return date.date().isoformat()
    if isinstance(date, dt.date):
        return date.isoformat()
    if isinstance(date, str):
        return dt.date.fromisoformat(date.strip()).isoformat()
    raise ValueError(f"not a date: {date!r}")


@dataclass(frozen=True)
class HighScore:
    """One line of the table."""

    name: str
    score: int
    date: str  # ISO "YYYY-MM-DD"
    hints: int | None = None  # the hints the road was played with (None: an entry from before hints counted)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready object."""
        return {"name": self.name, "score": self.score, "date": self.date,
                **({} if self.hints is None else {"hints": self.hints})}


@dataclass
class HighScores:
    """The best scores, highest first; among equal scores the earlier entry ranks higher."""

    entries: list[HighScore] = field(default_factory=list)

    def qualifies(self, score: int) -> bool:
        """True when `score` would make the table (so the game should ask for a name)."""
        return len(self.entries) < TABLE_SIZE or score > self.entries[-1].score

    def add(self, name: str, score: int, date: dt.date | str, hints: int | None = None) -> int | None:
        """Enter a score (played with `hints` hints); its 1-based rank, or None when it does not make the top 10.
        BadNameError for a bad name."""
        if type(score) is not int or score < 0:
            raise ValueError(f"a score must be a whole number of 0 or more, got {score!r}")
        entry = HighScore(clean_name(name), score, iso_date(date), hints)
        if not self.qualifies(score):
            return None
        place = next((i for i, e in enumerate(self.entries) if e.score < score), len(self.entries))
        self.entries.insert(place, entry)
        del self.entries[TABLE_SIZE:]
        return place + 1

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready object."""
        return {"format": SCORES_FORMAT, "version": SCORES_VERSION, "entries": [e.to_json() for e in self.entries]}

    @classmethod
    def read(cls, raw: Any) -> tuple[HighScores, int]:
        """The table from a file's `entries`, keeping every entry that is whole (a name, a score from 0 to
        MAX_SCORE, a date), best first, at most TABLE_SIZE; and how many could not be used. Every value is
        checked before it is used; ValueError when `raw` is not a list at all."""
        if not isinstance(raw, list):
            raise ValueError("entries must be a list")
        entries = [entry for entry in map(_entry, raw) if entry is not None]
        good = len(entries)
        entries.sort(key=lambda e: -e.score)  # stable: among equal scores the earlier stays higher
        return cls(entries[:TABLE_SIZE]), len(raw) - min(good, TABLE_SIZE)

    @classmethod
    def from_json(cls, data: Any) -> HighScores:
        """The table `to_json` wrote; ValueError if `data` is not one."""
        if not isinstance(data, dict) or data.get("format") != SCORES_FORMAT:
            raise ValueError("not a high-score table")
        if data.get("version") != SCORES_VERSION:
            raise ValueError(f"unknown high-score table version {data.get('version')!r}")
        raw = data.get("entries")
        if not isinstance(raw, list) or len(raw) > TABLE_SIZE:
            raise ValueError(f"entries must be a list of at most {TABLE_SIZE}")
        entries = []
        for item in raw:
            if not isinstance(item, dict) or type(item.get("score")) is not int or not 0 <= item["score"] <= MAX_SCORE:
                raise ValueError(f"not a high score: {item!r}"[:200])
            entries.append(HighScore(clean_name(item.get("name")), item["score"], iso_date(item.get("date")),
                                     hints_in(item)))
        if any(a.score < b.score for a, b in zip(entries, entries[1:])):
            raise ValueError("high scores must be highest first")
        return cls(entries)


def _entry(item: Any) -> HighScore | None:
    """One entry of a file, or None when any part of it cannot be used."""
    if not isinstance(item, dict) or type(item.get("score")) is not int or not 0 <= item["score"] <= MAX_SCORE:
        return None
    try:
        return HighScore(clean_name(item.get("name")), item["score"], iso_date(item.get("date")), hints_in(item))
    except ValueError:
        return None
