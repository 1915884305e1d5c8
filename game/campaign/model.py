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

On a road with charms (`Campaign.charms`) the progress also keeps the road's seed, the charms the player holds
(at most `CharmRoad.hold`), the charms offered to choose one from (at the start and on reaching each venue after
clearing one) and the shop's stock. The player takes one of those offered while the case has room; with the case
full they may take one in place of a charm they hold, or pass. Between venues the shop sells more from the
bankroll, never below the next table's ante: its stock (`shop_offers`) is drawn from the seed and the venue once
the charm earned is taken or passed, of charms the player does not hold (nor has just given up) and, while the road
deals in enough, not those the reward offered; it is kept, so buying one does not draw the others afresh. A save
from before charms, or of a road without them, holds none of this.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.rules import RuleSet

from .charm_road import CharmRoad, choice_offers, shop_offers
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
    seed: int = 0  # a road with charms: the seed of its offers and sessions
    charms: list[str] = field(default_factory=list)  # a road with charms: the charms the player holds
    offered: list[str] = field(default_factory=list)  # a road with charms: the charms to choose one from now
    stock: list[str] = field(default_factory=list)  # a road with charms: the shop's offers before this venue

    @classmethod
    def start(cls, campaign: Campaign, seed: int = 0) -> CampaignProgress:
        """A fresh run of `campaign` with its starting bankroll (a road with charms draws its offers from `seed`,
        and offers the first charm at once)."""
        progress = cls(campaign, campaign.bankroll, seed=seed if campaign.charms is not None else 0)
        progress.status = progress._status()
        if campaign.charms is not None and not progress.over:
            progress.offered = list(choice_offers(campaign.charms, seed, 0, ()))
        return progress

    # --- charms (a road with them) ------------------------------------------------------------

    @property
    def charm_road(self) -> CharmRoad | None:
        """The road's charm rules (None on a road without charms)."""
        return self.campaign.charms

    @property
    def case_full(self) -> bool:
        """True when the player holds as many charms as the road allows."""
        road = self.charm_road
        return road is not None and len(self.charms) >= road.hold

    def choose(self, charm_id: str) -> str | None:
        """Take `charm_id` from the charms offered; None when taken, else the locale key of why not."""
        if charm_id not in self.offered:
            return "charm_road.refused.not_offered"
        if self.case_full:
            return "charm_road.refused.full"
        self.charms.append(charm_id)
        self._stock_shop()
        return None

    def swap(self, charm_id: str, give_up: str) -> str | None:
        """Take `charm_id` from the charms offered in place of `give_up`, a charm held (the case is full, so it
        keeps its size, and `charm_id` takes the place `give_up` had); None when done, else the locale key of why
        not."""
        if charm_id not in self.offered:
            return "charm_road.refused.not_offered"
        if give_up not in self.charms:
            return "charm_swap.refused.not_held"
        if not self.case_full:
            return "charm_road.refused.room"
        self.charms[self.charms.index(give_up)] = charm_id
        self._stock_shop(give_up)
        return None

    def pass_choice(self) -> str | None:
        """Let the charms offered go (only when the case is full); None when done, else why not."""
        if not self.offered:
            return "charm_road.refused.not_offered"
        if not self.case_full:
            return "charm_road.refused.room"
        self._stock_shop()
        return None

    def _stock_shop(self, given_up: str = "") -> None:
        """The charm earned is settled: the offer goes, and the shop before this venue (if open) is stocked, with
        none of the charms held, nor `given_up`, nor (while the road has others) those just offered."""
        road, reward = self.charm_road, self.offered
        self.offered = []
        if road is not None and self.shop_open:
            held = [*self.charms, given_up] if given_up else self.charms
            self.stock = list(shop_offers(road, self.seed, self.venue_index, held, reward))

    @property
    def shop_open(self) -> bool:
        """True between venues on a road with charms: after the first venue, while the road goes on."""
        return self.charm_road is not None and not self.over and self.venue_index > 0

    def shop(self) -> tuple[str, ...]:
        """The charms the shop offers before the current venue (none when it is closed, or till the charm earned
        there is settled); one bought stays among them, held."""
        return tuple(self.stock) if self.shop_open else ()

    def buy_refused(self, charm_id: str) -> str | None:
        """Why `charm_id` cannot be bought now (a locale key), or None when it can."""
        road = self.charm_road
        venue = self.venue
        if road is None or venue is None or charm_id not in self.shop():
            return "charm_road.refused.not_offered"
        if charm_id in self.charms:
            return "charm_road.refused.held"
        if self.case_full:
            return "charm_road.refused.full"
        if self.bankroll - road.price(charm_id) < venue.ante:
            return "charm_road.refused.short"
        return None

    def buy(self, charm_id: str) -> str | None:
        """Buy `charm_id` from the shop with the bankroll; None when bought, else the locale key of why not."""
        refused = self.buy_refused(charm_id)
        if refused is None and self.charm_road is not None:
            self.bankroll -= self.charm_road.price(charm_id)
            self.charms.append(charm_id)
        return refused

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
        road = self.charm_road
        if met and road is not None and not self.over:  # a charm earned for the venue cleared, then a shop
            self.offered = list(choice_offers(road, self.seed, self.venue_index, self.charms))
            self.stock = []
            if not self.offered:  # the road has no charm left to offer: the shop is stocked at once
                self._stock_shop()
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
                "results": [r.to_json() for r in self.results], "unlocked": [str(u) for u in self.unlocked],
                **({} if self.charm_road is None else {"charm_road": {
                    "seed": self.seed, "charms": list(self.charms), "offered": list(self.offered),
                    "shop": list(self.stock)}})}

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
        if campaign.charms is not None:
            progress._read_charms(data.get("charm_road"), campaign.charms)
        return progress

    def _read_charms(self, raw: Any, road: CharmRoad) -> None:
        """The charms a save of a road with charms keeps (a save without them: none yet; a save from before the
        shop's stock was kept: the stock drawn now); ValueError if they do not fit the road."""
        if raw is None:
            raw = {"seed": 0}
        if not isinstance(raw, dict):
            raise ValueError("charm_road must be an object of seed, charms, offered and shop")
        self.seed = _count(raw, "seed")
        charms, offered = raw.get("charms", []), raw.get("offered", [])
        stock = raw.get("shop", list(shop_offers(road, self.seed, self.venue_index, charms))
                        if self.shop_open and isinstance(charms, list) and not offered else [])
        for key, ids in (("charms", charms), ("offered", offered), ("shop", stock)):
            if not isinstance(ids, list) or not all(isinstance(i, str) and i in road.ids for i in ids) \
                    or len(set(ids)) != len(ids):
                raise ValueError(f"{key} must be a list of the road's charms, each once, got {ids!r}"[:200])
        if len(charms) > road.hold:
            raise ValueError(f"the road holds at most {road.hold} charms, the save {len(charms)}")
        self.charms, self.offered, self.stock = list(charms), list(offered), list(stock)


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
