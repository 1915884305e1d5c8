"""Staking strategies: how a character spreads its boodle stake, from public information only.

Stakes go down before the cards are dealt, so none of these reads the hand (the
tests prove it): they see the chips carried over on each boodle card
(`view.table.boodle_chips`) and how often each was hit this session
(`view.table.boodle_hits`), both in the order of `decision.cards`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from ...engine.combinations import Pile
from ...engine.decisions import StakeDecision
from ...engine.view import PlayerView
from ..strategy import STAKING, Param, Params, StakeChoice

TIE_BREAKS = ("first", "random")
ODD_CHIPS = ("first", "biggest", "random")
SHARE = Param(float, 1.0, 0.0, 1.0, help="the part of the stake on the chosen card; the rest is spread evenly")
TIE_BREAK = Param(str, "first", choices=TIE_BREAKS,
                  help="between equal cards: the first in the rules' order, or one at random")


def _pairs(cards: Sequence[Pile], chips: Sequence[int]) -> StakeChoice:
    """The (card, chips) pairs that carry chips."""
    return tuple((card, amount) for card, amount in zip(cards, chips) if amount)


def _pick(scores: Sequence[float], tie_break: str, rng: random.Random) -> int:
    """The index of the highest score, ties broken as the parameter says."""
    best = max(scores)
    tied = [i for i, score in enumerate(scores) if score == best]
    return tied[0] if tie_break == "first" or len(tied) == 1 else rng.choice(tied)


def _on_one(decision: StakeDecision, target: int, share: float) -> StakeChoice:
    """`share` of the stake on card `target`, the rest spread evenly over the other cards."""
    cards, total = decision.cards, decision.boodle_total
    others = len(cards) - 1
    on_target = total if others == 0 else round(total * share)
    if share > 0 and on_target == 0 and total:
        on_target = 1
    chips = [0] * len(cards)
    if others:
        each, extra = divmod(total - on_target, others)
        for slot in range(len(cards)):
            if slot != target:
                chips[slot] = each + (1 if extra > 0 else 0)
                extra -= 1
    chips[target] += on_target
    return _pairs(cards, chips)


@STAKING.register(
    "even", "spreads the stake evenly over every boodle card",
    odd_chips=Param(str, "first", choices=ODD_CHIPS,
                    help="where chips that do not divide evenly go: the first cards, the biggest stacks, "
                         "or cards at random"))
def even(view: PlayerView, decision: StakeDecision, params: Params, rng: random.Random) -> StakeChoice:
    """As even a spread as the chips allow."""
    cards, total = decision.cards, decision.boodle_total
    each, extra = divmod(total, len(cards))
    chips = [each] * len(cards)
    if extra:
        odd = params["odd_chips"]
        if odd == "random":
            order = rng.sample(range(len(cards)), extra)
        elif odd == "biggest":
            stacks = view.table.boodle_chips
            order = sorted(range(len(cards)), key=lambda i: -stacks[i])[:extra]
        else:
            order = list(range(extra))
        for slot in order:
            chips[slot] += 1
    return _pairs(cards, chips)


@STAKING.register("biggest", "piles the stake on the boodle card with the most chips already on it",
                  share=SHARE, tie_break=TIE_BREAK)
def biggest(view: PlayerView, decision: StakeDecision, params: Params, rng: random.Random) -> StakeChoice:
    """Everything (or `share` of it) on the biggest carried-over stack."""
    target = _pick(view.table.boodle_chips, params["tie_break"], rng)
    return _on_one(decision, target, params["share"])


@STAKING.register("hot_card", "backs the boodle card hit most often this session (the biggest stack among equals)",
                  share=SHARE, tie_break=TIE_BREAK)
def hot_card(view: PlayerView, decision: StakeDecision, params: Params, rng: random.Random) -> StakeChoice:
    """The stake on the card that has been hit most; a hot card stays hot."""
    hits, stacks = view.table.boodle_hits, view.table.boodle_chips
    # hits first; among equally hot cards the bigger stack (a stack is a tiny fraction of a hit)
    scores = [hits[i] * 1000.0 + stacks[i] for i in range(len(decision.cards))]
    return _on_one(decision, _pick(scores, params["tie_break"], rng), params["share"])


@STAKING.register("contrarian", "backs the boodle card hit least often this session (the smallest stack among "
                                "equals): it is due", share=SHARE, tie_break=TIE_BREAK)
def contrarian(view: PlayerView, decision: StakeDecision, params: Params, rng: random.Random) -> StakeChoice:
    """The stake on the coldest card."""
    hits, stacks = view.table.boodle_hits, view.table.boodle_chips
    scores = [-(hits[i] * 1000.0 + stacks[i]) for i in range(len(decision.cards))]
    return _on_one(decision, _pick(scores, params["tie_break"], rng), params["share"])


@STAKING.register("random", "puts each chip on a boodle card chosen at random",
                  all_on_one=Param(bool, False, help="true: the whole stake on one card chosen at random"))
def random_stake(view: PlayerView, decision: StakeDecision, params: Params, rng: random.Random) -> StakeChoice:
    """A random spread."""
    cards, total = decision.cards, decision.boodle_total
    chips = [0] * len(cards)
    if params["all_on_one"]:
        chips[rng.randrange(len(cards))] = total
    else:
        for _ in range(total):
            chips[rng.randrange(len(cards))] += 1
    return _pairs(cards, chips)


MIXABLE = ("even", "biggest", "hot_card", "contrarian", "random")
_MIX_DEFAULTS: dict[str, dict[str, Any]] = {}


@STAKING.register(
    "mix", "each deal, one of the other staking strategies, picked at random by weight",
    weights=Param(dict, MappingProxyType({"even": 1.0, "biggest": 1.0}), 0.0, 1000.0, keys=MIXABLE,
                  help="how often to use each strategy, for example {even: 2, hot_card: 1}; "
                       "each with its default parameters"))
def mix(view: PlayerView, decision: StakeDecision, params: Params, rng: random.Random) -> StakeChoice:
    """A weighted draw among the other strategies, then that strategy's stake."""
    weights = params["weights"]
    names = [name for name in MIXABLE if weights.get(name, 0) > 0]
    if not names:
        return even(view, decision, _defaults("even"), rng)
    name = names[0] if len(names) == 1 else rng.choices(names, [weights[n] for n in names])[0]
    return STAKING.get(name).function(view, decision, _defaults(name), rng)


def _defaults(name: str) -> dict[str, Any]:
    """The default parameters of a staking strategy, worked out once."""
    found = _MIX_DEFAULTS.get(name)
    if found is None:
        found = _MIX_DEFAULTS[name] = STAKING.get(name).resolved({})
    return found
