"""The expert's charms (R31-R39): every lawful use played out against letting the moment pass, on the same
sampled deals as its other choices.

A charm decision comes at a moment of the deal (`after_deal`, `stop`, `lead`, `follow`, `hit`); declining goes on
as the engine would, and each use changes the sampled deal as its effect does (a fee into the pot, a card swapped
with the dead hand, a stake moved, a card made a stop, a lead taken, a run blocked, a hit paid again) and then goes
on the same way. The playouts use no charm later: what a charm is worth is what it does now against nothing.

A peek (R32) changes no chip in any sampled deal (each is played as if fully known), so the search cannot price
what it shows; its worth is in the later searches, which sample the dead hand from fewer cards. The expert takes a
peek that costs nothing at its first lawful moment: what it shows is worth as much now as later, and more the
earlier it comes.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Sequence

from ...engine.charms import CharmSpec
from ...engine.decisions import CharmDecision, CharmUse
from ...engine.view import PlayerView
from .memory import SessionMemory
from .opponents import SeatModel
from .rollout import DEAD, LeadPolicy, State, Table, first_leader, lead_options, play_on, play_out
from .search import Branch, Budget, evaluate, models_now, playout_policy, table_of

MARGIN = 0.25  # chips a deal a use must beat declining by: a use spent is gone, and a small edge may be noise
CHARM_STOP = -2  # R35: a card a charm made a stop, in a playout's table of successors

GoOn = Callable[[Table, State], None]


def spec_of(view: PlayerView, charm: str) -> tuple[CharmSpec, int]:
    """The deciding seat's charm of this id, with its uses left."""
    for spec, left in view.charms[view.player] if view.charms else ():
        if spec.id == charm:
            return spec, left
    raise ValueError(f"seat {view.player} holds no charm {charm!r}")


def with_stop(table: Table, card: int) -> Table:
    """The playout table with `card` a stop for the rest of the deal (R35)."""
    after = list(table.after)
    after[card] = CHARM_STOP
    return dataclasses.replace(table, after=tuple(after))


def go_on(view: PlayerView, decision: CharmDecision, policy: LeadPolicy) -> GoOn:
    """The game from this moment on as it goes when nobody uses a charm: the first lead, the lead after a stop,
    the compulsory follow, or the run after a hit."""
    me, moment = view.player, decision.moment
    if moment == "after_deal":
        return lambda table, state: _played(play_out(table, state, first_leader(table, state.owner), -1, lead=policy))
    last = view.plays[-1]
    suit = last.card.index // 13
    if moment == "stop":
        return lambda table, state: _played(play_out(table, state, last.player, -1, suit, lead=policy))
    if moment == "lead":
        return lambda table, state: _lead_now(table, state, me, suit, policy)
    if moment == "follow":
        card = next(use.card.index for use in decision.options if use.card is not None)  # R37: the card to follow
        return lambda table, state: _played(play_out(table, state, me, card, lead=policy))
    return lambda table, state: play_on(table, state, me, last.card.index, lead=policy)


def _played(_: int) -> None:
    """Drop a playout's winner."""


def _lead_now(table: Table, state: State, me: int, stopped: int, policy: LeadPolicy) -> None:
    """`me` leads after a stop in `stopped` (R16 with its fall-backs, as the engine found `me` the leader)."""
    hand = state.hands[me]
    options = lead_options(table, hand, stopped)
    if not options and table.step_down:
        options = lead_options(table, hand, stopped, table.step_down)
    if not options:
        options = lead_options(table, hand, -1)
    card = options[0] if len(options) == 1 else policy(table, state, me, options)
    play_out(table, state, me, card, lead=policy)


def use_branch(view: PlayerView, decision: CharmDecision, use: CharmUse, then: GoOn, table: Table,
               policy: LeadPolicy, rng: random.Random, taken: int | None = None) -> Branch:
    """Using `use` now, then the game going on (`taken`: the card a swap takes, else drawn from each sampled dead
    hand)."""
    me = view.player
    spec, _ = spec_of(view, use.charm)
    effect, fee = spec.effect, spec.fee
    card = -1 if use.card is None else use.card.index

    def pay(state: State) -> None:
        if fee:
            state.chips[me] -= fee
            state.pot += fee

    if effect == "swap_dead":
        def swap(state: State) -> None:
            pay(state)
            owner = state.owner
            got = taken if taken is not None else rng.choice([c for c in range(52) if owner[c] == DEAD])
            owner[card], owner[got] = DEAD, me
            state.hands[me] ^= (1 << card) | (1 << got)
            then(table, state)
        return swap
    if effect == "move_stake":
        rules = view.rules
        boodle = [c.index for c in rules.boodle_cards]
        target = rules.boodle_cards.index(use.card) if use.card is not None else 0
        moves = [(slot, chips) for slot, chips in view.staked if slot != target and chips]

        def move(state: State) -> None:
            pay(state)
            for slot, chips in moves:
                if slot < len(boodle):
                    state.bchips[boodle[slot]] -= chips
                else:
                    state.cchips[slot - len(boodle)] -= chips
                state.bchips[boodle[target]] += chips
            then(table, state)
        return move
    if effect == "make_stop":
        stopped = with_stop(table, card)

        def lock(state: State) -> None:
            pay(state)
            then(stopped, state)
        return lock
    if effect in ("lead_any", "take_lead"):
        def lead(state: State) -> None:
            pay(state)
            play_out(table, state, me, card, lead=policy)
        return lead
    if effect == "block_follow":
        run_player = view.plays[-1].player

        def block(state: State) -> None:
            pay(state)
            play_out(table, state, run_player, -1, card // 13, lead=policy)
        return block
    if effect == "hit_again":
        each = decision.won // spec.param("per")

        def again(state: State) -> None:
            pay(state)
            for other in table.in_play:
                if other != me:
                    paid = min(each, state.chips[other])
                    state.chips[other] -= paid
                    state.chips[me] += paid
            then(table, state)
        return again

    def nothing(state: State) -> None:  # a peek: no chip moves in a fully known deal
        pay(state)
        then(table, state)
    return nothing


def charm_branches(view: PlayerView, decision: CharmDecision, models: Sequence[SeatModel | None] = (),
                   rng: random.Random | None = None, policy: LeadPolicy | None = None,
                   taken: int | None = None) -> list[Branch]:
    """Declining, then each lawful use in the decision's order, each played to the end of the deal (`policy`:
    every lead in the playouts, instead of the expert's; `taken`: the card a swap takes, instead of a draw)."""
    table = table_of(view)
    lead = policy if policy is not None else playout_policy(models, view.player)
    then = go_on(view, decision, lead)
    draws = rng if rng is not None else random.Random(f"charm:{view.table.deal_number}:{len(view.plays)}")

    def decline(state: State) -> None:
        then(table, state)
    return [decline] + [use_branch(view, decision, use, then, table, lead, draws, taken)
                        for use in decision.options]


def charm_values(view: PlayerView, decision: CharmDecision, budget: Budget, rng: random.Random,
                 memory: SessionMemory | None = None, results: list[list[int]] | None = None) -> list[float]:
    """The expected chip result of declining, then of each lawful use (`results`, if given, gets each branch's
    chips at the end of each sampled deal, for the spread of the differences)."""
    models = models_now(view, memory)
    draws = random.Random(rng.random())
    branches = charm_branches(view, decision, models, draws)
    if results is not None:
        results[:] = [[] for _ in branches]
        branches = [_recorded(branch, view.player, out) for branch, out in zip(branches, results)]
    return evaluate(view, branches, budget, rng, models, memory)


def _recorded(branch: Branch, me: int, out: list[int]) -> Branch:
    """`branch`, noting the deciding seat's chips at its end."""
    def played(state: State) -> None:
        branch(state)
        out.append(state.chips[me])
    return played


def clear_edge(results: list[list[int]], use: int) -> float:
    """Twice the standard error of the mean difference between branch `use` and declining (branch 0) over the
    same sampled deals: an edge smaller than this may be the deals' luck."""
    diffs = [a - b for a, b in zip(results[use], results[0])]
    n = len(diffs)
    if n < 2:
        return 0.0
    mean = sum(diffs) / n
    return 2.0 * math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)


def peeks_now(view: PlayerView, use: CharmUse) -> bool:
    """Whether a free peek is worth taking now: always, at its first lawful moment (see the module's note)."""
    spec, _ = spec_of(view, use.charm)
    return spec.effect == "peek_dead" and spec.fee == 0


def searched_use(view: PlayerView, decision: CharmDecision, budget: Budget, rng: random.Random,
                 memory: SessionMemory | None = None, margin: float = MARGIN) -> tuple[CharmUse | None, list[float]]:
    """The use to take now (None: let the moment pass) and the chips of declining and of each use. A use must beat
    declining by `margin` and by twice the standard error of the difference. The best of many uses on one set of
    sampled deals is flattered by their luck, so it is played out again against declining on fresh deals and
    taken only if it clearly beats it there too."""
    results: list[list[int]] = []
    values = charm_values(view, decision, budget, rng, memory, results)
    use = best_use(view, decision, values, margin)
    if use is None:
        return None, values
    k = decision.options.index(use) + 1
    if len(decision.options) == 1:
        return (use if values[k] - values[0] > clear_edge(results, k) else None), values
    only = decision._replace(options=(use,))
    again = charm_values(view, only, budget, rng, memory, results)
    clear = max(margin, clear_edge(results, 1))
    return (use if again[1] - again[0] > clear else None), values


def best_use(view: PlayerView, decision: CharmDecision, values: Sequence[float], margin: float = MARGIN
             ) -> CharmUse | None:
    """The use whose value beats declining (values[0]) by more than `margin`, the best of them; None if none."""
    best = max(range(1, len(values)), key=lambda i: (values[i], -i), default=0)
    if best and values[best] - values[0] > margin:
        return decision.options[best - 1]
    return None
