"""A player's way along a campaign: bankroll, venue, results, unlocks and score, as JSON-ready data.

The rules of progress:
- A session at the current venue is played with `Venue.table_rules(bankroll)`
  (table stakes, see `game.campaign.spec`); `record_session` puts the player's
  final chips back into the bankroll.
- Goal met: the venue's unlocks are added (once) and the player moves on; goal
  missed: the same venue comes round again.
- The campaign is won when the last venue's goal is met, and lost ("broke") when
  the bankroll cannot pay the largest ante of the venue that comes next.
- Score: chips won over the starting bankroll (negative when down) plus a bonus of
  `VENUE_BONUS` x the venue's number (1 for the first) for each venue cleared, plus
  `WIN_BONUS` for winning the road, less `HINT_COST` points for each hint asked on it;
  never below 0. It rewards getting far first, guarding the bankroll second, and playing
  without the hint.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.rules import RuleSet

from .scores import MAX_HINTS, hint_cost
from .spec import Campaign, Unlock, Venue

PROGRESS_FORMAT = "newmarket-campaign-progress"
PROGRESS_VERSION = 1
VENUE_BONUS = 50
WIN_BONUS = 250
PLAYING, WON, BROKE = "playing", "won", "broke"
STATUSES = (PLAYING, WON, BROKE)


@dataclass(frozen=True)
class SessionResult:
    """How a finished session ended: every seat's final chips (the session_end event) and the player's seat."""

    chips: tuple[int, ...]
    seat: int = 0

    def __post_init__(self) -> None:
        if not self.chips or not 0 <= self.seat < len(self.chips):
            raise ValueError(f"seat {self.seat} is not one of the {len(self.chips)} seats")
        if any(type(c) is not int or c < 0 for c in self.chips):
            raise ValueError(f"final chips must be whole numbers of 0 or more, got {self.chips}")

    @property
    def final_chips(self) -> int:
        """The player's chips at the end."""
        return self.chips[self.seat]

    @property
    def standing(self) -> int:
        """The player's place: 1 + the number of seats that ended with more chips (ties share a place)."""
        return 1 + sum(1 for c in self.chips if c > self.final_chips)


@dataclass(frozen=True)
class VenueResult:
    """One session played on the road, as the campaign recorded it."""

    venue_id: str
    stack: int  # the chips everyone sat down with
    final_chips: int
    standing: int
    goal_met: bool
    bankroll_after: int
    hints: int = 0  # the hints the player asked in the session (a save from before hints counted: none)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready object."""
        return {"venue_id": self.venue_id, "stack": self.stack, "final_chips": self.final_chips,
                "standing": self.standing, "goal_met": self.goal_met, "bankroll_after": self.bankroll_after,
                "hints": self.hints}

    @classmethod
    def from_json(cls, data: Any) -> VenueResult:
        """The result `to_json` wrote; ValueError if `data` is not one."""
        if not isinstance(data, dict):
            raise ValueError("a venue result must be an object")
        return cls(venue_id=_text(data, "venue_id"), stack=_count(data, "stack"),
                   final_chips=_count(data, "final_chips"), standing=_count(data, "standing", 1),
                   goal_met=_flag(data, "goal_met"), bankroll_after=_count(data, "bankroll_after"),
                   hints=_count(data, "hints") if "hints" in data else 0)


@dataclass
class CampaignProgress:
    """Where a player stands on a campaign; change it only through `record_session`."""

    campaign: Campaign = field(repr=False)
    bankroll: int
    venue_index: int = 0
    results: list[VenueResult] = field(default_factory=list)
    unlocked: list[Unlock] = field(default_factory=list)
    status: str = PLAYING

    @classmethod
    def start(cls, campaign: Campaign) -> CampaignProgress:
        """A fresh run of `campaign` with its starting bankroll."""
        progress = cls(campaign, campaign.bankroll)
        progress.status = progress._status()
        return progress

    @property
    def over(self) -> bool:
        """True once the road is won or the bankroll is broke."""
        return self.status != PLAYING

    @property
    def venue(self) -> Venue | None:
        """The venue to play next, or None when the campaign is over."""
        return None if self.over else self.campaign.venues[self.venue_index]

    @property
    def cleared(self) -> int:
        """How many venues have had their goal met."""
        return len({r.venue_id for r in self.results if r.goal_met})

    @property
    def hints(self) -> int:
        """The hints asked on the road so far."""
        return min(MAX_HINTS, sum(r.hints for r in self.results))

    @property
    def score(self) -> int:
        """Chips won over the starting bankroll, plus venue bonuses and the win bonus, less the hints' cost; at
        least 0."""
        numbers = {venue.id: number for number, venue in enumerate(self.campaign.venues, start=1)}
        bonus = sum(VENUE_BONUS * numbers.get(venue_id, 0)
                    for venue_id in {r.venue_id for r in self.results if r.goal_met})
        won = WIN_BONUS if self.status == WON else 0
        return max(0, self.bankroll - self.campaign.bankroll + bonus + won - hint_cost(self.hints))

    def table_rules(self) -> RuleSet:
        """The RuleSet of the next session (players, deals and everyone's stack set); ValueError when over."""
        venue = self.venue
        if venue is None:
            raise ValueError(f"the campaign is over ({self.status})")
        return venue.table_rules(self.bankroll)

    def record_session(self, result: SessionResult, hints: int = 0) -> VenueResult:
        """Apply a finished session (played with `hints` hints) at the current venue: bankroll, goal, unlocks,
        next venue or the end."""
        venue = self.venue
        if venue is None:
            raise ValueError(f"the campaign is over ({self.status}); no session can be recorded")
        if len(result.chips) != venue.seats:
            raise ValueError(f"{venue.name} seats {venue.seats}, but the result has {len(result.chips)} seats")
        stack = venue.stack(self.bankroll)
        self.bankroll = self.bankroll - stack + result.final_chips
        met = venue.goal.met(result.standing, result.final_chips)
        recorded = VenueResult(venue.id, stack, result.final_chips, result.standing, met, self.bankroll, hints)
        self.results.append(recorded)
        if met:
            self.unlocked.extend(u for u in venue.unlocks if u not in self.unlocked)
            self.venue_index += 1
        self.status = self._status()
        return recorded

    def _status(self) -> str:
        """Won past the last venue, broke when the next venue's ante cannot be paid, else playing."""
        if self.venue_index >= len(self.campaign.venues):
            return WON
        if not self.campaign.venues[self.venue_index].can_play(self.bankroll):
            return BROKE
        return PLAYING

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready object; the campaign itself is named, not copied (load it again to resume)."""
        return {"format": PROGRESS_FORMAT, "version": PROGRESS_VERSION, "campaign": self.campaign.name,
                "bankroll": self.bankroll, "venue_index": self.venue_index, "status": self.status,
                "results": [r.to_json() for r in self.results], "unlocked": [str(u) for u in self.unlocked]}

    @classmethod
    def from_json(cls, data: Any, campaign: Campaign) -> CampaignProgress:
        """The progress `to_json` wrote, on `campaign`; ValueError if it does not fit."""
        if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
            raise ValueError("not campaign progress")
        if data.get("version") != PROGRESS_VERSION:
            raise ValueError(f"unknown campaign progress version {data.get('version')!r}")
        if data.get("campaign") != campaign.name:
            raise ValueError(f"this progress is on the campaign {data.get('campaign')!r}, not {campaign.name!r}")
        index = _count(data, "venue_index")
        if index > len(campaign.venues):
            raise ValueError(f"venue_index {index} is past the campaign's {len(campaign.venues)} venues")
        status = data.get("status")
        if status not in STATUSES:
            raise ValueError(f"status must be one of {', '.join(STATUSES)}, got {status!r}")
        results, unlocked = data.get("results"), data.get("unlocked")
        if not isinstance(results, list) or not isinstance(unlocked, list):
            raise ValueError("results and unlocked must be lists")
        if not all(isinstance(u, str) for u in unlocked):
            raise ValueError("unlocked must be a list of names like look:pope_joan_board")
        progress = cls(campaign, _count(data, "bankroll"), index, [VenueResult.from_json(r) for r in results],
                       [Unlock.parse(u) for u in unlocked], status)
        if progress._status() != status:
            raise ValueError(f"status {status!r} does not fit a bankroll of {progress.bankroll} at venue {index + 1}")
        return progress


def _count(data: dict[str, Any], key: str, low: int = 0) -> int:
    """A whole number of at least `low` from a JSON object."""
    value = data.get(key)
    if type(value) is not int or value < low:
        raise ValueError(f"{key} must be a whole number of at least {low}, got {value!r}")
    return value


def _text(data: dict[str, Any], key: str) -> str:
    """A non-empty string from a JSON object."""
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise ValueError(f"{key} must be text, got {value!r}")
    return value


def _flag(data: dict[str, Any], key: str) -> bool:
    """true or false from a JSON object."""
    value = data.get(key)
    if not isinstance(value, bool):
        raise ValueError(f"{key} must be true or false, got {value!r}")
    return value
