"""Duplicate tournaments: every deal replayed with the players rotated through every seat.

A deal is fixed by its own seed (derived from the tournament's seed and the
deal's number), which fixes the cut, the dealer and every hand. It is played
once for each rotation of the players round the table, so each player holds
every hand from every position; the luck of the cards cancels out and what is
left is play. Each replay is one deal from fresh stacks (`starting_chips`, no
boodle carried over, and none shared out at its end: `boodle_at_end: stay`, R22),
so a result is the chips won or lost in the deal itself, as it always was.

A block is one deal with all its rotations; a player's mean over a block is one
observation, and the blocks are independent, so the 95% interval of the mean
chips per deal is t(0.975, blocks - 1) * sd / sqrt(blocks) over the block means.
Two players are compared the same way on the per-block differences of their
means: both sat at the same deals, so the deal's luck, shared, cancels in the
difference and its interval is much narrower than either player's own.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from ..engine import CharmSpec, RuleSet, SeatInfo, Session, play_session
from ..engine.events import Event, HandWon
from ..engine.play import Agent
from ..engine.rules import MAX_PLAYERS, MIN_PLAYERS
from .pool import ignore_ctrl_c, spread
from .registry import introduce, make_agent

AgentFactory = Callable[[str, int, int], Agent]  # (id, seed, seat) -> agent
Charms = Mapping[str, tuple[CharmSpec, ...]]  # R31: by agent id, the charms it holds in every seat it takes


class TournamentError(ValueError):
    """A tournament that cannot be played as asked."""


@dataclass(frozen=True)
class BlockResult:
    """One deal with every rotation: for each distinct id, its chips, its seat-deals played and its wins."""

    chips: tuple[int, ...]
    plays: tuple[int, ...]
    wins: tuple[int, ...]


@dataclass(frozen=True)
class Standing:
    """One player's result over the whole tournament."""

    id: str
    chips_per_deal: float
    ci95: float | None  # the half-width of the 95% interval; None with a single deal
    deal_win_rate: float
    # every other distinct id -> (this id's chips per deal minus theirs, its 95% half-width or None)
    vs: Mapping[str, tuple[float, float | None]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        """The standing as the JSON line writes it."""
        return {"id": self.id, "chips_per_deal": round(self.chips_per_deal, 4), "ci95": _rounded(self.ci95),
                "deal_win_rate": round(self.deal_win_rate, 4),
                "vs": {other: {"diff": round(diff, 4), "ci95": _rounded(ci)} for other, (diff, ci) in self.vs.items()}}


def _rounded(value: float | None) -> float | None:
    """`value` to four places, None kept."""
    return None if value is None else round(value, 4)


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal number `deal` of a tournament seeded `seed`."""
    digest = hashlib.blake2b(f"newmarket-tournament:{seed}:{deal}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def rotation(ids: Sequence[str], turn: int) -> list[str]:
    """The id in each seat for rotation `turn`: seat s gets ids[(s + turn) % seats]."""
    n = len(ids)
    return [ids[(seat + turn) % n] for seat in range(n)]


def play_block(rules: RuleSet, ids: Sequence[str], seed: int, deal: int,
               factory: AgentFactory = make_agent, charms: Charms | None = None) -> BlockResult:
    """Play deal number `deal` once for every rotation of `ids` round the table (each id with its charms, R31)."""
    distinct = list(dict.fromkeys(ids))
    n = len(ids)
    # the chips left on the boodle are nobody's: shared out, they would blur the deal's own result (R22)
    single = dataclasses.replace(rules, players=n, deals=1, boodle_at_end="stay")
    this_seed = deal_seed(seed, deal)
    chips = [0] * len(distinct)
    plays = [0] * len(distinct)
    wins = [0] * len(distinct)
    for turn in range(n):
        seated = rotation(ids, turn)
        winner: list[int] = []

        def on_event(event: Event, winner: list[int] = winner) -> None:
            if isinstance(event, HandWon):
                winner.append(event.player)
        held = [charms.get(agent_id, ()) for agent_id in seated] if charms else None
        session = Session(single, [SeatInfo(f"Seat {s} ({i})", "ai", i) for s, i in enumerate(seated)], this_seed,
                          held)
        agents = [factory(agent_id, this_seed * n + turn, seat) for seat, agent_id in enumerate(seated)]
        introduce(agents, seated, single)
        play_session(session, agents, on_event)
        for seat, agent_id in enumerate(seated):
            k = distinct.index(agent_id)
            chips[k] += session.chips[seat] - single.starting_chips
            plays[k] += 1
            wins[k] += seat in winner
    return BlockResult(tuple(chips), tuple(plays), tuple(wins))


# The worker's fixed arguments, set once per process by the pool's initializer.
_JOB: tuple[RuleSet, tuple[str, ...], int, AgentFactory, Charms | None] | None = None


def _start_worker(rules: RuleSet, ids: tuple[str, ...], seed: int, factory: AgentFactory,
                  charms: Charms | None = None) -> None:
    global _JOB
    _JOB = (rules, ids, seed, factory, charms)
    ignore_ctrl_c()


def _work(deal: int) -> BlockResult:
    assert _JOB is not None
    rules, ids, seed, factory, charms = _JOB
    return play_block(rules, ids, seed, deal, factory, charms)


def play_blocks(rules: RuleSet, ids: Sequence[str], deals: int, seed: int, jobs: int | None = None,
                factory: AgentFactory = make_agent, charms: Charms | None = None) -> Iterator[BlockResult]:
    """Every block of the tournament, in deal order, spread over `jobs` processes (default: every core)."""
    check(ids, deals)
    yield from spread(range(1, deals + 1), jobs, lambda deal: play_block(rules, ids, seed, deal, factory, charms),
                      _work, _start_worker, (rules, tuple(ids), seed, factory, charms))


def check(ids: Sequence[str], deals: int) -> None:
    """TournamentError if the table size or the number of deals is impossible."""
    if not MIN_PLAYERS <= len(ids) <= MAX_PLAYERS:
        raise TournamentError(f"a table seats {MIN_PLAYERS} to {MAX_PLAYERS} players; {len(ids)} ids given")
    if deals < 1:
        raise TournamentError(f"deals must be at least 1, got {deals}")


def mean_ci(values: Sequence[float]) -> tuple[float, float | None]:
    """The mean of independent observations and the half-width of its 95% interval (None with one)."""
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, None
    var = sum((x - mean) ** 2 for x in values) / (len(values) - 1)
    return mean, t_quantile_975(len(values) - 1) * math.sqrt(var / len(values))


def standings(ids: Sequence[str], blocks: Sequence[BlockResult]) -> list[Standing]:
    """Each distinct id's mean chips per deal with its 95% interval over blocks, and its paired difference
    from every other distinct id with theirs, best first."""
    distinct = list(dict.fromkeys(ids))
    means = [[block.chips[k] / block.plays[k] for block in blocks] for k in range(len(distinct))]
    out = []
    for k, agent_id in enumerate(distinct):
        mean, ci = mean_ci(means[k])
        vs = {other: mean_ci([mine - theirs for mine, theirs in zip(means[k], means[j])])
              for j, other in enumerate(distinct) if j != k}
        played = sum(block.plays[k] for block in blocks)
        won = sum(block.wins[k] for block in blocks)
        out.append(Standing(agent_id, mean, ci, won / played, vs))
    out.sort(key=lambda s: -s.chips_per_deal)
    return out


_T_SMALL = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281)


def t_quantile_975(df: int) -> float:
    """Student's t 97.5% quantile for `df` degrees of freedom (a table to 10, then a series good to 1e-5)."""
    if df < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if df <= len(_T_SMALL):
        return _T_SMALL[df - 1]
    z = 1.959963984540054
    v = float(df)
    # Cornish-Fisher expansion of the t quantile in powers of 1/df (Abramowitz & Stegun 26.7.5)
    return (z + (z ** 3 + z) / (4 * v) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * v ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * v ** 3)
            + (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / (92160 * v ** 4))


def run_tournament(rules: RuleSet, ids: Sequence[str], deals: int, seed: int, jobs: int | None = None,
                   factory: AgentFactory = make_agent, charms: Charms | None = None) -> list[Standing]:
    """Play a duplicate tournament and return the standings, best first (`charms`: the charms each id holds)."""
    return standings(ids, list(play_blocks(rules, ids, deals, seed, jobs, factory, charms)))
