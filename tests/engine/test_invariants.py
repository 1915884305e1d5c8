"""Random play over many seeds, every player count and every shipped rules file, refereed at every step.

The referee (referee.py) rebuilds the table from the events alone and checks, at every
event: the 52 cards (each in exactly one hand, the dead hand, or played), chip
conservation (R21), ascending runs (R14), lawful leads (R12, R13, R16), stop reasons (R15),
boodle wins (R17), settlement (R19, R20), the dealer passing to the next seat still in
(R5), players going out (R7), the end (R6), hand sizes after the deal (R10) and the JSON
line of every event with exactly the fields of docs/rules.md. Between steps it compares its
model with the session: state, the pending decision and its options, and every seat's
view (own hand only, other hands as counts).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import cards, seats
from referee import Referee, play_checked

from game.ai.simple import FirstOptionAgent, LowestAgent, RandomAgent
from game.config import list_rules_files, load_rules
from game.engine.combinations import Combination
from game.engine.rules import BuyDeadHand, RuleSet
from game.engine.session import Session

SEEDS = 20  # per rules file and player count: 5 files x 6 counts x 20 = 600 sessions
RULES_FILES = list_rules_files()

VARIANTS: dict[str, dict[str, Any]] = {
    "optional_follow": {"follow": "optional"},
    "any_suit_after_stop": {"switch_suit": False},
    "other_colour": {"switch_to": "other_colour"},
    "other_colour_pass_left": {"switch_to": "other_colour", "when_unable": "pass_left"},
    "pass_left": {"when_unable": "pass_left"},
    "first_lead_2C": {"first_lead": "2C"},
    "pagat_michigan": {"boodle_cards": cards("AH KC QD JS"), "staking": "even", "dealer_ante_multiplier": 2,
                       "buy_dead_hand": BuyDeadHand(True, 4)},
    "double_payments_dealer_triple": {"per_card_payment": 2, "dealer_ante_multiplier": 3},
    "cheap_buy_first_lead_2D": {"buy_dead_hand": BuyDeadHand(True, 0), "first_lead": "2D"},
    "one_boodle_card_no_pot": {"boodle_cards": cards("7H"), "ante_pot": 0, "ante_boodle": 2},
    "r23_aces_high_pass_left": {"aces": "high", "when_unable": "pass_left", "switch_to": "other_colour"},
    "r24_removed_8D_optional": {"removed_cards": cards("8D"), "follow": "optional"},
    "r23_r24_r25_all_three": {"aces": "high", "removed_cards": cards("2S 9H KC AD"), "cut_deals": "lowest",
                              "buy_dead_hand": BuyDeadHand(True, 2)},
    "r27_pass_penalty": {"when_unable": "pass_left", "pass_penalty": 2},
    "r27_colour_pass_penalty": {"switch_to": "other_colour", "when_unable": "pass_left", "pass_penalty": 5},
    "r28_step_down": {"switch_to": "other_colour", "when_unable": "step_down"},
    "r29_all_in": {"short_ante": "all_in", "starting_chips": 12, "deals": None, "dealer_ante_multiplier": 2},
    "r29_all_in_even": {"short_ante": "all_in", "starting_chips": 13, "deals": 30, "staking": "even",
                        "dealer_ante_multiplier": 2},
    "r26_auction_to_pot": {"buy_dead_hand": BuyDeadHand(True, 4, auction=True)},
    "r26_auction_to_dealer_free": {"buy_dead_hand": BuyDeadHand(True, 0, auction=True, paid_to="dealer")},
    "r30_combinations_free": {"combinations": (Combination(cards("KH QH"), "Matrimony"),
                                               Combination(cards("2S 3S"), "Pair"),
                                               Combination(cards("QC JD"), "Odd"))},
    # every setting of issue 14 at once, so their meeting points are played too
    "r23_to_r30_together": {"aces": "high", "removed_cards": cards("8D"), "cut_deals": "lowest",
                            "buy_dead_hand": BuyDeadHand(True, 2, auction=True, paid_to="dealer"),
                            "switch_to": "other_colour", "when_unable": "pass_left", "pass_penalty": 1,
                            "short_ante": "all_in", "starting_chips": 15, "deals": 20,
                            "combinations": (Combination(cards("KH QH"), "Matrimony"),
                                             Combination(cards("AC KC"), "Top clubs"))},
    "r28_step_down_aces_high_all_in": {"aces": "high", "when_unable": "step_down", "short_ante": "all_in",
                                       "starting_chips": 10, "staking": "even", "deals": 15},
}


def random_agents(seed: int, n: int) -> list[RandomAgent]:
    """A random agent for each seat, each with its own stream."""
    return [RandomAgent(f"{seed}:{seat}") for seat in range(n)]


@pytest.mark.slow
@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("path", RULES_FILES, ids=lambda p: p.stem)
def test_random_play_keeps_every_invariant(path: Path, players: int) -> None:
    rules = load_rules(path)
    seen: dict[str, int] = {}
    for seed in range(SEEDS):
        session = Session(rules, seats(players), seed * 10 + players)
        ref = play_checked(session, random_agents(seed, players))
        for kind, count in ref.counts.items():
            seen[kind] = seen.get(kind, 0) + count
    assert seen["session_end"] == SEEDS and seen["hand_won"] == seen["deal_end"] >= SEEDS
    assert seen["boodle_won"] > 0 and seen["stop"] > 0
    assert ("buy_dead" in seen) == rules.buy_dead_hand.enabled
    assert ("bid" in seen) == rules.buy_dead_hand.auction


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 5, 8])
@pytest.mark.parametrize("variant", VARIANTS, ids=str)
def test_random_play_keeps_every_invariant_under_every_setting(variant: str, players: int) -> None:
    rules = dataclasses.replace(RuleSet(), **VARIANTS[variant])
    for seed in range(8):
        play_checked(Session(rules, seats(players), seed), random_agents(seed, players))


@pytest.mark.parametrize("players", range(3, 9))
def test_short_stocks_without_a_deal_limit_play_down_to_one_player(players: int) -> None:
    rules = dataclasses.replace(RuleSet(), starting_chips=12, deals=None, dealer_ante_multiplier=2)
    outs = 0
    for seed in range(8):
        session = Session(rules, seats(players), seed)
        ref = play_checked(session, random_agents(seed, players))
        assert sum(session.in_session) <= 1
        outs += ref.counts.get("player_out", 0)
    assert outs >= 8 * (players - 1)


@pytest.mark.parametrize("make", [LowestAgent, FirstOptionAgent], ids=["lowest", "first"])
def test_the_plain_agents_keep_every_invariant(make: Callable[[], Any]) -> None:
    for n in range(3, 9):
        play_checked(Session(RuleSet(), seats(n), n), [make() for _ in range(n)])


def test_every_stop_reason_and_event_type_turns_up() -> None:
    rules = dataclasses.replace(RuleSet(), follow="optional", buy_dead_hand=BuyDeadHand(True, 4), starting_chips=15)
    seen: set[str] = set()
    reasons: set[str] = set()
    for seed in range(30):
        ref = play_checked(Session(rules, seats(4), seed), random_agents(seed, 4))
        seen |= set(ref.counts)
        reasons |= set(ref.stop_reasons)
    assert seen == {"session_start", "cut", "deal_start", "stake", "deal", "buy_dead", "play", "boodle_won", "stop",
                    "hand_won", "deal_end", "player_out", "boodle_split", "session_end"}
    assert reasons == {"king", "dead_hand", "already_played", "declined"}


# ----- the referee is not a rubber stamp ----------------------------------------------------------

def recorded_log(rules: RuleSet | None = None, n: int = 4, seed: int = 3) -> list[str]:
    """The JSON lines of one refereed random session (classic rules unless given)."""
    session = Session(rules or RuleSet(), seats(n), seed)
    lines: list[str] = []
    agents = random_agents(seed, n)
    lines += [e.to_json() for e in session.start()]
    while (decision := session.pending()) is not None:
        lines += [e.to_json() for e in session.apply(agents[decision.player].decide(session.view(decision.player),
                                                                                      decision))]
    return lines


def replay(lines: list[str]) -> None:
    """Feed a log to a fresh referee."""
    ref = Referee()
    for line in lines:
        ref.feed_line(line)
    assert ref.over


def edit_first(kind: str, change: Callable[[dict[str, Any]], None], skip: int = 0) -> Callable[[list[str]], None]:
    """A log edit: apply `change` to the (skip+1)-th event of type `kind`."""
    def edit(lines: list[str]) -> None:
        hits = [i for i, line in enumerate(lines) if json.loads(line)["type"] == kind]
        i = hits[skip]
        data = json.loads(lines[i])
        change(data)
        lines[i] = json.dumps(data)
    return edit


def swap_two_follows(lines: list[str]) -> None:
    """Swap the first two consecutive non-lead plays."""
    for i in range(len(lines) - 1):
        a, b = json.loads(lines[i]), json.loads(lines[i + 1])
        if a["type"] == b["type"] == "play" and not a["lead"] and not b["lead"]:
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
            return
    raise AssertionError("no two follows in a row")


def move_a_card(data: dict[str, Any]) -> None:
    data["hands"][1].append(data["hands"][0].pop())


TAMPERING: dict[str, Callable[[list[str]], None]] = {
    "boodle chips": edit_first("boodle_won", lambda e: e.update(chips=e["chips"] + 1)),
    "a payment": edit_first("hand_won", lambda e: e["payments"][0].update(chips=e["payments"][0]["chips"] + 1)),
    "the pot": edit_first("hand_won", lambda e: e.update(pot=e["pot"] - 1)),
    "a stop reason": edit_first("stop", lambda e: e.update(reason="king" if e["reason"] != "king" else "dead_hand")),
    "the next dealer": edit_first("deal_start", lambda e: e.update(dealer=(e["dealer"] + 2) % 4), skip=1),
    "a stake total": edit_first("stake", lambda e: e.update(pot=2)),
    "a hand size": edit_first("deal", move_a_card),
    "a lead card": edit_first("play", lambda e: e.update(card="KC" if e["card"] != "KC" else "KD")),
    "the order of a run": swap_two_follows,
    "the winners": edit_first("session_end", lambda e: e.update(winners=[0, 1, 2, 3])),
    "an extra field": edit_first("cut", lambda e: e.update(note="hi")),
    "a missing event": lambda lines: lines.remove(next(line for line in lines if '"deal_end"' in line)),
}


def test_the_referee_passes_an_untouched_log() -> None:
    replay(recorded_log())


@pytest.mark.parametrize("tamper", TAMPERING, ids=str)
def test_the_referee_rejects_a_tampered_log(tamper: str) -> None:
    lines = recorded_log()
    TAMPERING[tamper](lines)
    with pytest.raises((AssertionError, KeyError, ValueError)):
        replay(lines)
