"""The tables the `agency` command measures: New game's default table, each venue of the road, the daily deal over
consecutive dates, or given rules and seat counts against a cast drawn from the characters."""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from dataclasses import dataclass

from ..ai.agency import Agency, Watch, measure_table
from ..ai.registry import character_ids
from ..app.scenes.new_game.defaults import default_table
from ..campaign.campaign_file import CAMPAIGN_FILE, load_campaign
from ..campaign.daily import daily_table
from ..config import rules_by_name
from ..engine import RuleSet

CAST_BLOCK = 10  # a drawn cast sits for this many deals, then a fresh one is drawn
DAILY_DATES = 60


@dataclass(frozen=True)
class MeasuredTable:
    """One table to measure: its rules, its seats, and the opponents (`cast`, or drawn from `pool` block by
    block when `drawn`)."""

    label: str
    rules: RuleSet
    seats: int
    cast: tuple[str, ...]
    deals: int
    seed: int
    drawn: bool = False

    def measure(self, *, weighty: bool = True, watch: Watch | None = None) -> Agency:
        """The table's figures: the fixed cast's, or each block's drawn cast's pooled."""
        if not self.drawn:
            return measure_table(self.rules, self.cast, self.deals, self.seed, weighty=weighty, watch=watch)
        total = Agency(watched=None if watch is None else 0.0)
        for block, start in enumerate(range(0, self.deals, CAST_BLOCK)):
            cast = drawn_cast(self.cast, self.seats - 1, self.seed, block)
            total = total.merge(measure_table(self.rules, cast, min(CAST_BLOCK, self.deals - start),
                                              self.seed * 1000 + block, weighty=weighty, watch=watch))
        return total


def drawn_cast(pool: tuple[str, ...], count: int, seed: int, block: int) -> tuple[str, ...]:
    """`count` opponents drawn from `pool` for one block: each character at most once while the pool lasts."""
    rng = random.Random(f"agency-cast:{seed}:{block}:{count}")
    order = list(pool)
    rng.shuffle(order)
    return tuple(order[i % len(order)] for i in range(count))


def new_game_tables(deals: int, seed: int) -> list[MeasuredTable]:
    """New game's default table for a new player, as `default_table()` seats it."""
    table = default_table()
    rules = rules_by_name(table.rules)
    return [MeasuredTable(f"new game: {table.rules}", rules, table.players, table.opponents, deals, seed)]


def road_tables(deals: int, seed: int) -> list[MeasuredTable]:
    """Every venue of the shipped road, as it seats it: its rules, its opponents, its length of session."""
    return [MeasuredTable(f"road: {venue.id} ({venue.rules_name})", venue.rules, venue.seats, venue.opponents,
                          deals, seed) for venue in load_campaign(CAMPAIGN_FILE).venues]


def daily_tables(first: dt.date, dates: int = DAILY_DATES, deals: int | None = None) -> list[MeasuredTable]:
    """The daily deal of each of `dates` consecutive dates from `first`: the day's rules, opponents and seed,
    for the day's length of session (or `deals`)."""
    out = []
    for offset in range(dates):
        day = daily_table(first + dt.timedelta(days=offset))
        length = deals or day.rules.deals or 10
        out.append(MeasuredTable(f"daily: {day.date} ({day.rules_name})", day.rules, day.rules.players,
                                 day.opponents, length, day.session_seed))
    return out


def given_tables(rules: list[tuple[str, RuleSet]], players: list[int] | None, deals: int,
                 seed: int) -> list[MeasuredTable]:
    """Each rules file at each seat count (default: the file's own), against casts drawn from every character."""
    pool = tuple(character_ids())
    return [MeasuredTable(f"{name}", dataclasses.replace(ruleset, players=seats), seats, pool, deals, seed,
                          drawn=True)
            for name, ruleset in rules for seats in (players or [ruleset.players])]
