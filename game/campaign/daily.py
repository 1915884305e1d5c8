"""The daily deal: one table a day, the same for everyone, drawn from the date alone, with a best score per date.

The seed is the first 8 bytes of sha256("newmarket-daily-YYYY-MM-DD"), big-endian.
Everything else about the day (rules, opponents, deals, and the session's own seed)
comes from that seed through `random.Random(seed).randrange`, whose results for a
given seed Python keeps stable, over fixed pools named here, so a player's own
rules or character files never change the day's table. Everyone sits down with the
rules' starting_chips; the day's score is the player's final chips, less `HINT_COST` points for each hint asked
(`daily_score`), and the day's best keeps how many hints it was played with.

From `DECISIONS_FROM` on, the day's table is drawn from the pools of `DECISIONS` (every table under optional
following, three to five seats: a table where the player decides, issue 24); a date before it keeps the table
it always had, so a best already kept for it was made at the same table.

From `CHARMS_FROM` on, the day also gives the player a charm (R31), drawn from `DAILY_CHARMS` by a stream of its
own (sha256 of "newmarket-daily-charm-YYYY-MM-DD"), so the day's table is drawn exactly as before; the day's
best keeps the charm it was played with.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import random
from dataclasses import dataclass, field
from typing import Any

from game.config.charm_file import CHARMS_DIR, load_charms
from game.config.errors import ConfigError
from game.config.rules_file import RULES_DIR, load_rules
from game.engine.charms import CHARM_ID
from game.engine.rules import RuleSet

from .scores import MAX_HINTS, MAX_SCORE, hint_cost, iso_date

DAILY_RULES: tuple[str, ...] = ("classic", "chicago", "michigan", "saratoga", "house")
DAILY_OPPONENTS: tuple[str, ...] = ("bert", "dex", "expert", "hetty", "maud", "pip", "professor", "reggie", "vera")
DAILY_OPPONENT_COUNTS: tuple[int, ...] = (2, 3, 4, 5)
DAILY_DEALS: tuple[int, ...] = (6, 8, 10)


@dataclass(frozen=True)
class Pools:
    """What a day's table is drawn from: rules files by stem, opponents, opponent counts, lengths, and the
    following every table is played with ("": the rules file's own)."""

    rules: tuple[str, ...]
    opponents: tuple[str, ...]
    counts: tuple[int, ...]
    deals: tuple[int, ...]
    follow: str = ""


FIRST = Pools(DAILY_RULES, DAILY_OPPONENTS, DAILY_OPPONENT_COUNTS, DAILY_DEALS)
# Measured with `agency --mode daily`: compulsory following left the player 2.1 real choices a deal and 16 s of
# watching for each; optional following at three to five seats gives several times the choices.
DECISIONS = Pools(("free_following", "chicago", "michigan", "saratoga", "house"), DAILY_OPPONENTS, (2, 3, 4),
                  DAILY_DEALS, follow="optional")
DECISIONS_FROM = dt.date(2026, 12, 4)  # the first day drawn from DECISIONS


def pools_for(day: dt.date | str) -> Pools:
    """The pools the table of `day` is drawn from."""
    return DECISIONS if dt.date.fromisoformat(iso_date(day)) >= DECISIONS_FROM else FIRST


# The charms a day may give, fixed here (a player's own charm files never change the day's); a day from
# CHARMS_FROM on gives one of them to the player.
DAILY_CHARMS: tuple[str, ...] = ("glimpse", "sleight", "second_thoughts", "lock", "free_rein", "dam", "cut_in",
                                 "encore")
CHARMS_FROM = dt.date(2026, 12, 8)  # the first day with a charm: a day before it keeps the table it had


def daily_charm(day: dt.date | str) -> str | None:
    """The charm the player holds at the table of `day` (None before `CHARMS_FROM`); the same everywhere."""
    return daily_table(day).charm


def _drawn_charm(date: str, rules: RuleSet) -> str | None:
    """The day's charm, drawn from the date alone among the shipped charms that act at the day's table
    (`CharmSpec.acts_under`: a block, R37, needs compulsory following)."""
    if dt.date.fromisoformat(date) < CHARMS_FROM:
        return None
    try:
        shipped = load_charms(CHARMS_DIR)
    except ConfigError:  # the table still stands; the charm's own scene says what is wrong with its file
        shipped = {}
    charms = [charm for charm in DAILY_CHARMS
              if charm not in shipped or shipped[charm].acts_under(rules, rules.players)]
    digest = hashlib.sha256(f"newmarket-daily-charm-{date}".encode("ascii")).digest()
    return charms[int.from_bytes(digest[:8], "big") % len(charms)]


BESTS_FORMAT = "newmarket-daily-bests"
BESTS_VERSION = 1


def daily_seed(day: dt.date | str) -> int:
    """The day's seed, the same everywhere: sha256 of "newmarket-daily-YYYY-MM-DD" as a 64-bit number."""
    digest = hashlib.sha256(f"newmarket-daily-{iso_date(day)}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class DailyTable:
    """The day's challenge: its rules (players and deals set), its opponents and the session's seed."""

    date: str
    session_seed: int
    rules_name: str
    rules: RuleSet
    opponents: tuple[str, ...]
    charm: str | None = None  # the charm the player holds at the table (days from CHARMS_FROM)

    @property
    def deals(self) -> int | None:
        """How many deals the session lasts."""
        return self.rules.deals


def daily_table(day: dt.date | str) -> DailyTable:
    """The table for `day`, drawn from its seed; the same for the same date, wherever it is asked."""
    date = iso_date(day)
    pools = pools_for(date)
    seed = daily_seed(date)
    rng = random.Random(seed)
    rules_name = pools.rules[rng.randrange(len(pools.rules))]
    count = pools.counts[rng.randrange(len(pools.counts))]
    pool = list(pools.opponents)
    opponents = tuple(pool.pop(rng.randrange(len(pool))) for _ in range(count))
    deals = pools.deals[rng.randrange(len(pools.deals))]
    session_seed = rng.randrange(2**32)
    rules = dataclasses.replace(load_rules(RULES_DIR / f"{rules_name}.yaml"), players=count + 1, deals=deals)
    if pools.follow:
        rules = dataclasses.replace(rules, follow=pools.follow)
    return DailyTable(date, session_seed, rules_name, rules, opponents, _drawn_charm(date, rules))


def daily_score(chips: int, hints: int = 0) -> int:
    """The day's score of a session ended with `chips` after `hints` hints asked: never below 0."""
    return max(0, int(chips) - hint_cost(hints))


@dataclass
class DailyBests:
    """The player's best daily-deal score for each date played, and the hints each best was played with (a date
    missing from `hints` has a best from before hints counted)."""

    best: dict[str, int] = field(default_factory=dict)
    hints: dict[str, int] = field(default_factory=dict)
    charms: dict[str, str] = field(default_factory=dict)  # the charm each best was played with (days with one)

    def charm_for(self, day: dt.date | str) -> str | None:
        """The charm the best of `day` was played with; None when not played, or played without one."""
        return self.charms.get(iso_date(day))

    def best_for(self, day: dt.date | str) -> int | None:
        """The best score on `day`, or None if it was not played."""
        return self.best.get(iso_date(day))

    def hints_for(self, day: dt.date | str) -> int | None:
        """The hints the best of `day` was played with; None when not played, or its best does not say."""
        return self.hints.get(iso_date(day))

    def record(self, day: dt.date | str, score: int, hints: int | None = None, charm: str | None = None) -> bool:
        """Keep `score` (played with `hints` hints, holding `charm`) for `day` if it beats the day's best; True
        when it is a new best."""
        if type(score) is not int or score < 0:
            raise ValueError(f"a score must be a whole number of 0 or more, got {score!r}")
        date = iso_date(day)
        if date in self.best and self.best[date] >= score:
            return False
        self.best[date] = score
        if hints is None:
            self.hints.pop(date, None)
        else:
            self.hints[date] = hints
        if charm is None:
            self.charms.pop(date, None)
        else:
            self.charms[date] = charm
        return True

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready object."""
        return {"format": BESTS_FORMAT, "version": BESTS_VERSION, "best": dict(sorted(self.best.items())),
                "hints": {date: self.hints[date] for date in sorted(self.hints) if date in self.best},
                **({"charms": {date: self.charms[date] for date in sorted(self.charms) if date in self.best}}
                   if any(date in self.best for date in self.charms) else {})}

    def read_charms(self, raw: Any) -> int:
        """Take the charms of a file's `charms` for the dates whose best is kept; how many could not be used (a
        file from before the day's charm has none)."""
        if raw is None:
            return 0
        if not isinstance(raw, dict):
            return 1
        bad = 0
        for date, charm in raw.items():
            try:
                day = iso_date(date) if isinstance(date, str) and len(date) <= 40 else None
            except ValueError:
                day = None
            if day is None or not isinstance(charm, str) or not CHARM_ID.match(charm):
                bad += 1
            elif day in self.best:
                self.charms[day] = charm
        return bad

    def read_hints(self, raw: Any) -> int:
        """Take the hints of a file's `hints` for the dates whose best is kept; how many could not be used (a
        file from before hints counted has none: its bests stand without them)."""
        if raw is None:
            return 0
        if not isinstance(raw, dict):
            return 1
        bad = 0
        for date, hints in raw.items():
            try:
                day = iso_date(date) if isinstance(date, str) and len(date) <= 40 else None
            except ValueError:
                day = None
            if day is None or type(hints) is not int or not 0 <= hints <= MAX_HINTS:
                bad += 1
            elif day in self.best:
                self.hints[day] = hints
        return bad

    @classmethod
    def read(cls, raw: Any) -> tuple[DailyBests, int]:
        """The bests from a file's `best`, keeping every date with a whole score from 0 to MAX_SCORE, and how
        many could not be used; every value checked before it is used. ValueError when `raw` is not a mapping."""
        if not isinstance(raw, dict):
            raise ValueError("best must be an object of date: score")
        bests = cls()
        bad = 0
        for date, score in raw.items():
            try:
                day = iso_date(date) if isinstance(date, str) and len(date) <= 40 else None
            except ValueError:
                day = None
            if day is None or type(score) is not int or not 0 <= score <= MAX_SCORE:
                bad += 1
            elif score >= bests.best.get(day, -1):
                bests.best[day] = score
        return bests, bad

    @classmethod
    def from_json(cls, data: Any) -> DailyBests:
        """The bests `to_json` wrote; ValueError if `data` is not them."""
        if not isinstance(data, dict) or data.get("format") != BESTS_FORMAT:
            raise ValueError("not daily-deal bests")
        if data.get("version") != BESTS_VERSION:
            raise ValueError(f"unknown daily-deal bests version {data.get('version')!r}")
        raw = data.get("best")
        if not isinstance(raw, dict):
            raise ValueError("best must be an object of date: score")
        bests = cls()
        for date, score in raw.items():
            if type(score) is not int or not 0 <= score <= MAX_SCORE:
                raise ValueError(f"the best score of {date!r} must be a whole number of 0 or more, got {score!r}"[:200])
            bests.best[iso_date(date)] = score
        if bests.read_hints(data.get("hints")):
            raise ValueError("hints must be an object of date: the hints a best was played with")
        if bests.read_charms(data.get("charms")):
            raise ValueError("charms must be an object of date: the charm a best was played with")
        return bests
