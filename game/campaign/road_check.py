"""How hard each venue of a road is: every venue played on its own, many times, with a proxy in the player's seat.

A run of a venue is one whole session at its table: its own rules, opponents and deals, and table stakes as a
player whose bankroll covers the stake meets them (everyone sits down with the `starting_chips` of the venue's
rules file). The proxy, a character or built-in AI, sits in seat 0 where the player would; the opponents see that
seat as they see the player, a stranger. Whether the run meets the goal is the venue's own `Goal.met` on the
standing and chips the session ended with. A run's seed depends only on the venue's id and the run's number, so
the same runs give the same shares on any machine and with any number of processes.

On a road with charms (`Campaign.charms`) the hosts hold their venue's charms, and the proxy holds what a player
would at that venue: one charm at the first, and one more for each venue cleared before, up to the road's most,
each the first of the choice offered (drawn from the run's seed, as the road draws its own). Until the AI uses
charms, they only show what the tables would be like with them declined.

The share of runs that meet the goal comes with a 95% Wilson score interval, which stays inside 0 to 1 and
behaves at shares near 0 or 1, where the runs are few and the normal approximation is poor.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass

from ..ai.pool import ignore_ctrl_c, spread
from ..ai.registry import introduce, make_agent
from ..config.charm_file import charms_by_id
from ..engine import Event, SeatInfo, Session, play_session
from ..engine.charms import CharmSpec
from ..engine.events import SessionEnd
from ..engine.play import Agent
from .charm_road import choice_offers
from .model import SessionResult
from .spec import Campaign, Venue

Z_95 = 1.959963984540054  # the standard normal's 97.5% quantile
AgentFactory = Callable[[str, int, int], Agent]  # (id, seed, seat) -> agent


@dataclass(frozen=True)
class VenueShare:
    """How often runs of one venue met its goal."""

    venue_id: str
    runs: int
    met: int

    @property
    def share(self) -> float:
        """The share of runs that met the goal (0 with no runs)."""
        return self.met / self.runs if self.runs else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the share."""
        return wilson_interval(self.met, self.runs)

    def to_dict(self) -> dict[str, object]:
        """The share as the JSON line writes it."""
        low, high = self.interval
        return {"venue": self.venue_id, "runs": self.runs, "met": self.met, "share": round(self.share, 4),
                "ci95": [round(low, 4), round(high, 4)]}


def wilson_interval(met: int, runs: int) -> tuple[float, float]:
    """The 95% Wilson score interval of `met` successes in `runs` trials ((0, 1) with none)."""
    if runs <= 0:
        return 0.0, 1.0
    p = met / runs
    z2 = Z_95 * Z_95
    centre = (p + z2 / (2 * runs)) / (1 + z2 / runs)
    half = Z_95 * math.sqrt(p * (1 - p) / runs + z2 / (4 * runs * runs)) / (1 + z2 / runs)
    return max(0.0, centre - half), min(1.0, centre + half)


def shares(venue_ids: Sequence[str], outcomes: Sequence[tuple[str, bool]]) -> list[VenueShare]:
    """Each venue's share from the outcomes of its runs, (venue id, goal met), in the order of `venue_ids`."""
    runs = dict.fromkeys(venue_ids, 0)
    met = dict.fromkeys(venue_ids, 0)
    for venue_id, hit in outcomes:
        if venue_id not in runs:
            raise ValueError(f"an outcome for {venue_id!r}, which is not a venue of the road")
        runs[venue_id] += 1
        met[venue_id] += hit
    return [VenueShare(venue_id, runs[venue_id], met[venue_id]) for venue_id in venue_ids]


def rises(found: Sequence[VenueShare]) -> list[tuple[str, str]]:
    """The pairs of neighbouring venues (earlier, later) where the later is met clearly more often: its whole
    interval above the earlier's share and the earlier's whole interval below its share."""
    out = []
    for before, after in zip(found, found[1:]):
        if after.interval[0] > before.share and before.interval[1] < after.share:
            out.append((before.venue_id, after.venue_id))
    return out


def run_seed(venue_id: str, run: int) -> int:
    """The seed of run number `run` (from 1) of the venue `venue_id`."""
    digest = hashlib.blake2b(f"newmarket-road-check:{venue_id}:{run}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def run_charms(campaign: Campaign, index: int, seed: int) -> tuple[tuple[CharmSpec, ...], ...] | None:
    """Each seat's charms at venue number `index` (from 0) of a run seeded `seed`: the proxy's, as a player would
    hold them there, then each host's; None on a road without charms."""
    road = campaign.charms
    if road is None:
        return None
    held: list[str] = []
    for reached in range(min(index + 1, road.hold)):
        offered = choice_offers(road, seed, reached, held)
        if offered:
            held.append(offered[0])
    venue = campaign.venues[index]
    return (charms_by_id(held), *(charms_by_id(venue.charms_of(host)) for host in venue.opponents))


def play_run(venue: Venue, proxy: str, run: int, factory: AgentFactory = make_agent,
             charms: tuple[tuple[CharmSpec, ...], ...] | None = None) -> bool:
    """Play run number `run` of `venue` with `proxy` in seat 0, each seat holding its `charms` (none by default);
    True when the session meets the venue's goal."""
    rules = venue.table_rules(venue.stake)  # table stakes: everyone sits down with the rules' starting chips
    seed = run_seed(venue.id, run)
    ids = [proxy, *venue.opponents]
    session = Session(rules, [SeatInfo(f"Seat {seat} ({agent_id})", "ai", agent_id)
                              for seat, agent_id in enumerate(ids)], seed, charms)
    agents = [factory(agent_id, seed, seat) for seat, agent_id in enumerate(ids)]
    introduce(agents, ["", *venue.opponents], rules)  # seat 0 is the player's: a stranger to the characters
    ended: list[SessionEnd] = []

    def on_event(event: Event) -> None:
        if isinstance(event, SessionEnd):
            ended.append(event)
    play_session(session, agents, on_event)
    result = SessionResult(tuple(ended[-1].chips), 0)
    return venue.goal.met(result.standing, result.final_chips)


# The worker's fixed arguments, set once per process by the pool's initializer.
_JOB: tuple[Campaign, str, AgentFactory] | None = None


def _start_worker(campaign: Campaign, proxy: str, factory: AgentFactory) -> None:
    global _JOB
    _JOB = (campaign, proxy, factory)
    ignore_ctrl_c()


def _work(task: tuple[int, int]) -> tuple[str, bool]:
    assert _JOB is not None
    campaign, proxy, factory = _JOB
    return _play(campaign, proxy, factory, task)


def _play(campaign: Campaign, proxy: str, factory: AgentFactory, task: tuple[int, int]) -> tuple[str, bool]:
    venue = campaign.venues[task[0]]
    charms = run_charms(campaign, task[0], run_seed(venue.id, task[1]))
    return venue.id, play_run(venue, proxy, task[1], factory, charms)


def play_runs(campaign: Campaign, proxy: str, runs: int, jobs: int | None = None,
              factory: AgentFactory = make_agent, only: Collection[str] | None = None) -> Iterator[tuple[str, bool]]:
    """Every run of every venue (or of the venues whose ids are in `only`), (venue id, goal met), venue by venue,
    spread over `jobs` processes (default: every core)."""
    tasks = [(index, run) for index, venue in enumerate(campaign.venues) if only is None or venue.id in only
             for run in range(1, runs + 1)]
    yield from spread(tasks, jobs, lambda task: _play(campaign, proxy, factory, task), _work, _start_worker,
                  (campaign, proxy, factory))


def road_check(campaign: Campaign, proxy: str, runs: int, jobs: int | None = None,
               factory: AgentFactory = make_agent, only: Collection[str] | None = None) -> list[VenueShare]:
    """Each venue's share (of the venues in `only`, when given) of `runs` runs meeting its goal with `proxy` in the
    player's seat, in road order; a venue is played where it stands on the road (on a road with charms, the proxy
    holds what it would hold there)."""
    ids = [venue.id for venue in campaign.venues if only is None or venue.id in only]
    return shares(ids, list(play_runs(campaign, proxy, runs, jobs, factory, only)))
