"""Lead strategies: which of the lawful lead cards (the lowest of each suit it may lead) to play.

Each looks at a handful of cards per option and no further: no search, no sampling, except a slip (the `slip`
of `lowest` and `fresh_suit`), which looks ahead to find the lead that costs most. They read the player's own
hand and the public deal (cards played, cards that stops have shown to lie in the dead hand, chips on the
boodle cards).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...engine.cards import Card
from ...engine.decisions import LeadDecision
from ...engine.ranks import rank_value, successors, top_value
from ...engine.view import PlayerView
from ..expert.search import Budget, lead_values
from ..reading import dead_chance, mask_of, own_streak, played_mask, run_outlook, suit_counts
from ..strategy import LEADING, Param, Params

FALLBACKS = ("lowest", "longest_suit", "shedder")
_DEFAULTS: dict[str, dict[str, Any]] = {}  # the fallbacks' default parameters, worked out once


def _best(options: Sequence[Card], scores: Sequence[float], tie_break: str, rng: random.Random,
          hand: Sequence[Card], aces: str = "low") -> Card:
    """The option with the highest score; among equals, as `tie_break` says."""
    top = max(scores)
    tied = [card for card, score in zip(options, scores) if score >= top - 1e-9]
    if len(tied) == 1:
        return tied[0]
    return _break_tie(tied, tie_break, rng, hand, aces)


# a slip's look ahead: the expert's own budget (a smaller one finds leads that cost less), and no clock, so a
# decision stays a function of the view and the stream
SLIP_BUDGET = Budget(time_budget_ms=25.0, max_samples=1000, min_samples=8, deadline_ms=0.0)


def worst_lead(view: PlayerView, options: Sequence[Card], rng: random.Random) -> Card:
    """The option a look ahead (the expert's search on `SLIP_BUDGET`) finds worst for this player."""
    values = lead_values(view, [card.index for card in options], SLIP_BUDGET, rng)
    return options[min(range(len(options)), key=lambda i: values[i])]


def _break_tie(tied: Sequence[Card], tie_break: str, rng: random.Random, hand: Sequence[Card],
               aces: str = "low") -> Card:
    """One of several equally good leads."""
    if tie_break == "random":
        return rng.choice(tied)
    if tie_break == "highest":
        return max(tied, key=lambda c: (rank_value(c, aces), -c.index))
    if tie_break == "longest_suit":
        counts = suit_counts(hand)
        return max(tied, key=lambda c: (counts[c.suit], -rank_value(c, aces), -c.index))
    if tie_break == "lowest":
        return min(tied, key=lambda c: (rank_value(c, aces), c.index))
    return tied[0]  # "first": the options come in suit order, S H D C


def _fallback(name: str, view: PlayerView, decision: LeadDecision, options: Sequence[Card],
              rng: random.Random) -> Card:
    """A simple strategy's choice among `options` (a subset of the decision's)."""
    if len(options) == 1:
        return options[0]
    narrowed = decision if len(options) == len(decision.options) else LeadDecision(decision.player, tuple(options))
    params = _DEFAULTS.get(name)
    if params is None:
        params = _DEFAULTS[name] = LEADING.get(name).resolved({})
    return LEADING.get(name).function(view, narrowed, params, rng)


SLIP = Param(float, 0.0, 0.0, 1.0, help="the chance of a slip that costs: the lead a look ahead finds worst")


def _slipped(view: PlayerView, decision: LeadDecision, params: Params, rng: random.Random) -> Card | None:
    """The worst lead when the strategy's `slip` comes up, else None (no draw at all when it is 0)."""
    chance = params.get("slip", 0.0)
    if chance > 0 and len(decision.options) > 1 and rng.random() < chance:
        return worst_lead(view, decision.options, rng)
    return None


@LEADING.register(
    "lowest", "leads its lowest card, whatever the suit",
    tie_break=Param(str, "first", choices=("first", "random", "longest_suit"),
                    help="between equally low cards: the first suit (S H D C), one at random, or the longer suit"),
    slip=SLIP)
def lowest(view: PlayerView, decision: LeadDecision, params: Params, rng: random.Random) -> Card:
    """The lowest rank among the options (or, on a slip, the worst lead)."""
    slipped = _slipped(view, decision, params, rng)
    if slipped is not None:
        return slipped
    aces = view.rules.aces
    low = min(rank_value(card, aces) for card in decision.options)
    tied = [card for card in decision.options if rank_value(card, aces) == low]
    return tied[0] if len(tied) == 1 else _break_tie(tied, params["tie_break"], rng, view.hand, view.rules.aces)


@LEADING.register(
    "longest_suit", "leads the suit it holds most cards of, to keep control of it",
    tie_break=Param(str, "lowest", choices=("lowest", "highest", "random"),
                    help="between equally long suits: the lower lead card, the higher, or one at random"))
def longest_suit(view: PlayerView, decision: LeadDecision, params: Params, rng: random.Random) -> Card:
    """The option in the suit with the most cards in hand."""
    counts = suit_counts(view.hand)
    return _best(decision.options, [counts[c.suit] for c in decision.options], params["tie_break"], rng, view.hand,
                 view.rules.aces)


@LEADING.register(
    "shedder", "leads where it holds the longest unbroken sequence up from the lead card, to shed the most cards",
    king_bonus=Param(float, 1.0, 0.0, 13.0, help="extra worth of a sequence that ends in a King (the King stops "
                                                 "the run, so it leads again), counted in cards"),
    tie_break=Param(str, "lowest", choices=("lowest", "longest_suit", "random"),
                    help="between equal sequences: the lower lead card, the longer suit, or one at random"))
def shedder(view: PlayerView, decision: LeadDecision, params: Params, rng: random.Random) -> Card:
    """The option with the longest run of its own cards."""
    own = mask_of(view.hand)
    bonus = params["king_bonus"]
    scores = []
    for card in decision.options:
        length = own_streak(card, own, view.rules.aces)
        top = rank_value(card, view.rules.aces) + length - 1 == top_value(view.rules.aces)
        scores.append(length + (bonus if top else 0.0))
    return _best(decision.options, scores, params["tie_break"], rng, view.hand, view.rules.aces)


@LEADING.register(
    "fresh_suit", "leads a suit nobody has started this deal; its own lowest card if every suit is started",
    prefer=Param(str, "lowest", choices=("lowest", "longest", "shortest", "random"),
                 help="among fresh suits: the lowest lead card, the suit it holds most of, the fewest, or any"),
    slip=SLIP)
def fresh_suit(view: PlayerView, decision: LeadDecision, params: Params, rng: random.Random) -> Card:
    """An option in an unstarted suit (or, on a slip, the worst lead)."""
    slipped = _slipped(view, decision, params, rng)
    if slipped is not None:
        return slipped
    started = [False, False, False, False]
    for play in view.plays:
        started[play.card.suit] = True
    fresh = [card for card in decision.options if not started[card.suit]]
    if not fresh:
        return _fallback("lowest", view, decision, decision.options, rng)
    if len(fresh) == 1:
        return fresh[0]
    prefer = params["prefer"]
    if prefer == "random":
        return rng.choice(fresh)
    if prefer == "lowest":
        return min(fresh, key=lambda c: (rank_value(c, view.rules.aces), c.index))
    counts = suit_counts(view.hand)
    sign = 1 if prefer == "longest" else -1
    return max(fresh, key=lambda c: (sign * counts[c.suit], -rank_value(c, view.rules.aces), -c.index))


@LEADING.register(
    "stop_counter", "counts the stops: knowing which cards lie in the dead hand, leads where its own run sheds "
                    "the most cards and is likeliest to give it the lead back",
    control=Param(float, 1.5, 0.0, 13.0, help="what leading again after the run is worth, counted in cards shed"),
    tie_break=Param(str, "lowest", choices=("lowest", "longest_suit", "random"),
                    help="between equally good leads: the lower lead card, the longer suit, or one at random"))
def stop_counter(view: PlayerView, decision: LeadDecision, params: Params, rng: random.Random) -> Card:
    """The option with the best expected run, given the cards known to stop runs."""
    known_dead = mask_of(view.known_dead)
    blocked = played_mask(view) | known_dead
    own = mask_of(view.hand)
    p_dead = dead_chance(view, known_dead)
    control = params["control"]
    scores = []
    for card in decision.options:
        shed, again = run_outlook(card, own, blocked, p_dead, view.rules.aces)
        scores.append(shed + control * again)
    return _best(decision.options, scores, params["tie_break"], rng, view.hand, view.rules.aces)


@LEADING.register(
    "boodle_hunter", "leads the suit of a boodle card it holds when the run can reach it, weighing the chips on "
                     "it; steers away from runs that would hand a boodle card to someone else",
    min_chips=Param(int, 1, 0, 1000, help="ignore boodle cards with fewer chips on them than this"),
    spite=Param(float, 0.5, 0.0, 1.0, help="how much it minds setting up someone else's boodle card "
                                           "(0: not at all, 1: as much as winning its own)"),
    fallback=Param(str, "lowest", choices=FALLBACKS, help="how it leads when no boodle card is worth chasing"))
def boodle_hunter(view: PlayerView, decision: LeadDecision, params: Params, rng: random.Random) -> Card:
    """The option with the most boodle chips it can expect to win, less those it may give away."""
    own = mask_of(view.hand)
    known_dead = mask_of(view.known_dead)
    blocked = played_mask(view) | known_dead
    p_dead = dead_chance(view, known_dead)
    min_chips, spite = params["min_chips"], params["spite"]
    # the boodle cards worth minding, by suit: (deck index, chips, held by this player)
    targets: list[list[tuple[int, int, bool]]] = [[], [], [], []]
    for card, chips in view.table.boodle:
        if chips >= min_chips and chips > 0 and not blocked >> card.index & 1:
            targets[card.suit].append((card.index, chips, bool(own >> card.index & 1)))
    scores = []
    for lead in decision.options:
        score = 0.0
        for index, chips, mine in targets[lead.suit]:
            reach = _reach(lead.index, index, own, blocked, p_dead, view.rules.aces)
            if reach < 0:
                continue
            if mine:
                score += chips * reach
            else:
                score -= spite * chips * reach * (1.0 - p_dead)  # the card itself may be in the dead hand
        scores.append(score)
    top = max(scores)
    if top > 0:
        return _best(decision.options, scores, "lowest", rng, view.hand, view.rules.aces)
    safest = [card for card, score in zip(decision.options, scores) if score >= top - 1e-9]
    return _fallback(params["fallback"], view, decision, safest, rng)


def _reach(start: int, target: int, own: int, blocked: int, p_dead: float, aces: str = "low") -> float:
    """The chance a run led from deck index `start` gets as far as `target` in the same suit (-1: `target` is
    below `start`, out of the run's way)."""
    after = successors(aces)
    chance = 1.0
    index = after[start] if start != target else target
    while index != target:
        if index < 0:
            return -1.0
        if blocked >> index & 1:
            return 0.0
        if not own >> index & 1:
            chance *= 1.0 - p_dead
        index = after[index]
    return chance
