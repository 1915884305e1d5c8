"""Choosing by determinized Monte Carlo: every choice played out on the same sampled deals.

For a decision the expert draws deals of the unseen cards consistent with its
knowledge (`sampling`), and for each deal plays every lawful choice to the end of
the deal with the rollout policy (`rollout`). A choice's value is its mean chip
result for the deciding player from here on: boodle chips won, and at the end
the pot plus every loser's payment (capped at their chips, R19) if it went out
first, or minus its own payment if another did. Using the same deals for every
choice compares them on equal terms, so a handful of deals separates choices
that random deals per choice would not.

Time is bounded by counted work, not by the clock. The search adds up what it
has done in microseconds of the development machine (2 cores, Python 3.11): a
fixed cost per decision and per sampled deal, and a cost per card the playouts
played, all measured there; it stops when that reaches `time_budget_ms` (or at
`max_samples`). The count depends only on the view and the random stream, so a
decision is a pure function of them and a tournament gives the same result on
any number of processes and on a busy machine; on an idle one the count tracks
the real time to within a few milliseconds. `deadline_ms` is only a safety net
for a machine far slower than that one, set well above the budget: it counts the
CPU time of the searching thread (the table's worker), not the wall clock, so a
machine busy with other work does not make it fire. When it fires the choice
still depends on timing, so every headless use that promises the same output
(tournaments, simulate) turns it off with 0 (`registry.make_agent`).
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...engine.decisions import BidDecision
from ...engine.rules import RuleSet
from ...engine.state import REMOVED
from ...engine.view import PlayerView
from .endgame import exact_lead
from .evidence import Evidence
from .knowledge import infer
from .memory import SessionMemory
from .opponents import SeatModel
from .rollout import DEAD, LeadPolicy, State, Table, buy_dead_hand, first_leader, play_out
from .sampling import Sampler
from .styles import own_search, table_policy

# Costs in microseconds of the development machine, fitted over real decisions of 3- to 8-seat deals: the
# knowledge and the sampler's set-up, each sampled deal, each playout, and each card a playout plays.
US_PER_DECISION = 150.0
US_PER_SAMPLE = 16.0
US_PER_PLAYOUT = 2.0
US_PER_PLAY = 0.95
# reading the table (`evidence`): each lead of another player read from a sampled deal, and each style asked
US_PER_READ = 10.0
US_PER_ASKED = 15.0


@dataclass(frozen=True)
class Budget:
    """How much search a decision may use."""

    time_budget_ms: float = 10.0
    max_samples: int = 1000
    min_samples: int = 8  # even a tiny budget compares the choices on a few deals
    deadline_ms: float = 200.0  # CPU-time safety net of the searching thread; 0 turns it off


Branch = Callable[[State], None]


@dataclass
class SearchStats:
    """What the last search in this process did (for measurements and tests, never for decisions)."""

    samples: int = 0
    plays: int = 0
    work_us: float = 0.0
    greedy_failures: int = 0
    largest_sample_us: float = 0.0  # the most work one sampled deal did (the end game's searches vary it)
    asked: int = 0  # style strategies asked about other players' leads


LAST = SearchStats()


def evaluate(view: PlayerView, branches: Sequence[Branch], budget: Budget, rng: random.Random,
             models: Sequence[SeatModel | None] = (), memory: SessionMemory | None = None) -> list[float]:
    """Each branch's mean chip result for the deciding player over the same sampled deals, each deal weighted by
    how likely it makes the leads the other players made this deal under their `models` (none: all alike); what
    those leads showed of each model's guesses goes into `memory`, if given."""
    start = time.thread_time()
    me = view.player
    table = view.table
    sampler = Sampler(infer(view), rng)
    evidence = Evidence(view, models, table_of(view), rng) if models else None
    if evidence is not None and not evidence:
        evidence = None
    bchips = boodle_by_card(view)
    cchips, played_masks = combinations_of(view)
    n = len(table.chips)
    deadline = start + budget.deadline_ms / 1000.0 if budget.deadline_ms > 0 else float("inf")
    work_budget = budget.time_budget_ms * 1000.0
    totals = [0.0] * len(branches)
    plain = [0.0] * len(branches)  # unweighted, for the rare search where no sampled deal fits the leads at all
    weights = 0.0
    base_chips = table.chips[me]
    per_sample = US_PER_SAMPLE + len(branches) * US_PER_PLAYOUT
    work = US_PER_DECISION
    done = 0
    plays = 0
    largest = 0.0
    asked = 0
    while done < budget.max_samples:
        base = State.of(sampler.sample(), n, table.chips, bchips, table.pot, cchips, played_masks)
        weight = 1.0 if evidence is None else evidence.weight(base.hands)
        weights += weight
        cards = sum(base.counts)
        played = 0
        for i, branch in enumerate(branches):
            state = base.copy()
            branch(state)
            result = state.chips[me] - base_chips
            totals[i] += weight * result
            plain[i] += result
            played += cards - sum(state.counts) + state.searched
        done += 1
        # the work done, counted in the cards the playouts played and the styles asked: the same on every
        # machine and every run
        this = per_sample + US_PER_PLAY * played
        if evidence is not None:
            this += US_PER_READ * evidence.read + US_PER_ASKED * evidence.asked
            asked += evidence.asked
            evidence.asked = evidence.read = 0
        work += this
        largest = max(largest, this)
        plays += played
        if done >= budget.min_samples and (work >= work_budget or time.thread_time() > deadline):
            break
    LAST.samples, LAST.plays, LAST.work_us, LAST.greedy_failures = done, plays, work, sampler.greedy_failures
    LAST.largest_sample_us, LAST.asked = largest, asked
    if memory is not None and evidence is not None:
        memory.saw(table.deal_number, evidence.shown())
    if weights <= 0.0:
        return [total / done for total in plain]
    return [total / weights for total in totals]


def boodle_by_card(view: PlayerView) -> list[int]:
    """The chips lying on each boodle card, by deck index (0 on every other card)."""
    table = view.table
    bchips = [0] * 52
    for card, chips in zip(table.rules.boodle_cards, table.boodle_chips):
        bchips[card.index] = chips
    return bchips


def combinations_of(view: PlayerView) -> tuple[list[int], list[int]]:
    """R30: the chips on each combination's pile, and by seat a mask of the cards played this deal (none without
    combinations)."""
    if not view.rules.combinations:
        return [], []
    played = [0] * len(view.table.chips)
    for play in view.plays:
        played[play.player] |= 1 << play.card.index
    return [chips for _, chips in view.combinations], played


def playout_policy(models: Sequence[SeatModel | None], me: int, own_leads: bool = False) -> LeadPolicy:
    """The leads in a playout: each modelled seat in its style, the rest by the rollout policy (or, with
    `own_leads`, the searching player's own by trying each), and every lead searched once few cards are left."""
    policy = table_policy(models, me)
    return exact_lead(own_search(me, policy) if own_leads else policy)


def table_of(view: PlayerView) -> Table:
    """The playout constants for the view's deal (with R35's stops a charm made this deal)."""
    table = view.table
    found = Table.of(table.rules, table.in_session, table.dealer)
    stops = view.charm_stops if view.charm_uses else ()
    if stops:
        after = list(found.after)
        for card in stops:
            after[card.index] = -2  # R35: the run stops after it, as after a King
        found = dataclasses.replace(found, after=tuple(after))
    return found


def lead_branches(view: PlayerView, options: Sequence[int], models: Sequence[SeatModel | None] = (),
                  own_leads: bool = False) -> list[Branch]:
    """Leading each option (deck indices) now, played to the end of the deal (each modelled seat in its style)."""
    table = table_of(view)
    me = view.player
    policy = playout_policy(models, me, own_leads)

    def lead(card: int) -> Branch:
        def branch(state: State) -> None:
            play_out(table, state, me, card, lead=policy)
        return branch
    return [lead(card) for card in options]


def models_now(view: PlayerView, memory: SessionMemory | None) -> tuple[SeatModel | None, ...]:
    """The models of the players at the table for a decision now, as the session has shown them (none: no
    table met)."""
    return () if memory is None else memory.models_now(view.table.deal_number)


def lead_values(view: PlayerView, options: Sequence[int], budget: Budget, rng: random.Random,
                memory: SessionMemory | None = None, own_leads: bool = False) -> list[float]:
    """The expected chip result of leading each option (deck indices) now."""
    models = models_now(view, memory)
    return evaluate(view, lead_branches(view, options, models, own_leads), budget, rng, models, memory)


def follow_branches(view: PlayerView, card: int, models: Sequence[SeatModel | None] = ()) -> list[Branch]:
    """Playing `card` (optional following) and declining it, each played to the end of the deal."""
    table = table_of(view)
    me = view.player
    run_player = view.plays[-1].player
    policy = playout_policy(models, me)

    def play(state: State) -> None:
        play_out(table, state, me, card, lead=policy)

    def decline(state: State) -> None:
        play_out(table, state, run_player, -1, card // 13, lead=policy)  # the declined card's suit stopped
    return [play, decline]


def follow_values(view: PlayerView, card: int, budget: Budget, rng: random.Random,
                  memory: SessionMemory | None = None) -> tuple[float, float]:
    """The expected chip result of playing `card` (optional following) and of declining it."""
    models = models_now(view, memory)
    keep, stop = evaluate(view, follow_branches(view, card, models), budget, rng, models, memory)
    return keep, stop


def buy_branches(view: PlayerView, fee: int, models: Sequence[SeatModel | None] = (),
                 paid_to: int = -1) -> list[Branch]:
    """Keeping the hand dealt and buying the dead hand for `fee` (into the pot, or to the seat `paid_to`), each
    played to the end of the deal."""
    table = table_of(view)
    me = view.player
    policy = playout_policy(models, me)

    def keep(state: State) -> None:
        play_out(table, state, first_leader(table, state.owner), -1, lead=policy)

    def buy(state: State) -> None:
        buy_dead_hand(state, me, fee, paid_to)
        play_out(table, state, first_leader(table, state.owner), -1, lead=policy)
    return [keep, buy]


def buy_values(view: PlayerView, fee: int, budget: Budget, rng: random.Random,
               memory: SessionMemory | None = None) -> tuple[float, float]:
    """The expected chip result of keeping the hand dealt and of buying the dead hand for `fee`."""
    models = models_now(view, memory)
    kept, bought = evaluate(view, buy_branches(view, fee, models), budget, rng, models, memory)
    return kept, bought


def bid_price(view: PlayerView, decision: BidDecision) -> tuple[int, int]:
    """R26: the least bid this decision allows, and who would receive it (-1: the pot)."""
    return decision.low, view.dealer if view.rules.buy_dead_hand.paid_to == "dealer" else -1


def bid_values(view: PlayerView, decision: BidDecision, budget: Budget, rng: random.Random,
               memory: SessionMemory | None = None) -> tuple[float, float]:
    """The expected chip result of passing (keeping the hand dealt) and of buying the dead hand at the least
    bid: in an auction where each bid goes up from the last, the least bid is the one worth weighing."""
    models = models_now(view, memory)
    price, paid_to = bid_price(view, decision)
    kept, bought = evaluate(view, buy_branches(view, price, models, paid_to), budget, rng, models, memory)
    return kept, bought


_HIT_RATES: dict[tuple[RuleSet, int, int], tuple[float, ...]] = {}


def boodle_hit_rates(rules: RuleSet, seats: int, deals: int = 400) -> tuple[float, ...]:
    """The share of deals in which each boodle card is played (each combination won, R30), at a table of `seats`
    players where every seat plays the rollout policy: estimated once per rules and table size from a fixed stream
    of deals."""
    key = (rules, seats, deals)
    rates = _HIT_RATES.get(key)
    if rates is None:
        rng = random.Random(f"boodle-hit-rates:{seats}:{deals}")  # fixed: the same estimate in every process
        table = Table.of(rules, [True] * seats, seats - 1)  # the dealer last, so seat 0 is on their left
        removed = {card.index for card in rules.removed_cards}  # R24: nowhere in any deal
        places = [DEAD if i % (seats + 1) == seats else i % (seats + 1) for i in range(52 - len(removed))]
        hits = [0] * len(rules.piles)
        combos = len(rules.combinations)
        for _ in range(deals):
            rng.shuffle(places)
            bchips = [0] * 52
            for card in rules.boodle_cards:
                bchips[card.index] = 1
            dealt = iter(places)
            owner = [REMOVED if c in removed else next(dealt) for c in range(52)] if removed else places[:]
            state = State.of(owner, seats, [1000] * seats, bchips, 0, [1] * combos)
            play_out(table, state, first_leader(table, state.owner), -1)
            for i, card in enumerate(rules.boodle_cards):
                hits[i] += state.bchips[card.index] == 0
            for i, chips in enumerate(state.cchips):  # R30: a combination won is one whose pile was taken
                hits[len(rules.boodle_cards) + i] += chips == 0
        rates = _HIT_RATES[key] = tuple(h / deals for h in hits)
    return rates
