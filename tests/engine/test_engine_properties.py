"""Hypothesis: any seed, table size and combination of settings plays a lawful session to its end."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from helpers import seats, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referee import play_checked

from game.ai.simple import RandomAgent
from game.engine.cards import DECK
from game.engine.rules import BuyDeadHand, RuleSet
from game.engine.session import Session

quick = settings(max_examples=60, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """Rules made from the classic ones by changing any of the settings docs/rules.md leaves open."""
    boodle = tuple(draw(st.lists(st.sampled_from(DECK), min_size=1, max_size=13, unique=True)))
    staking = draw(st.sampled_from(["free", "even"]))
    per_card_stake = draw(st.integers(0, 3))
    ante_boodle = per_card_stake * len(boodle) if staking == "even" else draw(st.integers(0, 8))
    changes: dict[str, Any] = {
        "boodle_cards": boodle,
        "staking": staking,
        "ante_boodle": ante_boodle,
        "ante_pot": draw(st.integers(0, 3)),
        "dealer_ante_multiplier": draw(st.integers(1, 3)),
        "per_card_payment": draw(st.integers(0, 3)),
        "switch_suit": draw(st.booleans()),
        "switch_to": draw(st.sampled_from(["other_suit", "other_colour"])),
        "when_unable": draw(st.sampled_from(["same_suit", "pass_left", "step_down"])),
        "short_ante": draw(st.sampled_from(["out", "all_in"])),
        "follow": draw(st.sampled_from(["compulsory", "optional"])),
        "first_lead": draw(st.sampled_from(["dealer_left", "2D", "2C", "AS", "KH"])),
        "buy_dead_hand": BuyDeadHand(draw(st.booleans()), draw(st.integers(0, 6))),
        "deals": draw(st.one_of(st.none(), st.integers(1, 12))),
        "aces": draw(st.sampled_from(["low", "high"])),
        "cut_deals": draw(st.sampled_from(["highest", "lowest"])),
    }
    # R24: any cards but the boodle cards and the first-lead card
    spare = [c for c in DECK if c not in boodle and str(c) != changes["first_lead"]]
    changes["removed_cards"] = tuple(draw(st.lists(st.sampled_from(spare), max_size=4, unique=True)))
    changes["pass_penalty"] = draw(st.integers(0, 3)) if changes["when_unable"] == "pass_left" else 0
    if changes["deals"] is None and changes["ante_pot"] + changes["ante_boodle"] == 0:
        changes["ante_pot"] = 1  # with no ante and no deal limit nobody could ever go out
    low = changes["ante_pot"] + changes["ante_boodle"] * changes["dealer_ante_multiplier"]
    high = 60 if changes["deals"] is not None else 3 * low + 6  # no limit: short stocks keep sessions short
    changes["starting_chips"] = draw(st.integers(low, max(low, high)))
    return dataclasses.replace(RuleSet(), **changes)


@pytest.mark.slow
@quick
@given(rules=rule_sets(), players=st.integers(3, 8), seed=st.integers(0, 2**32), agent_seed=st.integers(0, 1000))
def test_any_rules_any_table_plays_a_lawful_session_to_session_end(rules: RuleSet, players: int, seed: int,
                                                                   agent_seed: int) -> None:
    session = Session(rules, seats(players), seed)
    referee = play_checked(session, [RandomAgent(f"{agent_seed}:{seat}") for seat in range(players)])
    assert session.over and session.pending() is None
    assert referee.counts["session_end"] == 1
    assert session.chips_total() == players * rules.starting_chips
    if rules.deals is not None:
        assert session.deal_number <= rules.deals


@settings(max_examples=20, deadline=None, database=None)
@given(rules=rule_sets(), players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_same_seed_same_session(rules: RuleSet, players: int, seed: int) -> None:
    logs = []
    for _ in range(2):
        session = Session(rules, seats(players), seed)
        agents = [RandomAgent(f"{seed}:{seat}") for seat in range(players)]
        lines = [e.to_json() for e in session.start()]
        while (decision := session.pending()) is not None:
            action = agents[decision.player].decide(session.view(decision.player), decision)
            lines += [e.to_json() for e in session.apply(action)]
        logs.append(lines)
    assert logs[0] == logs[1]


@settings(max_examples=20, deadline=None, database=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_views_change_nothing(players: int, seed: int) -> None:
    session = Session(RuleSet(), seats(players), seed)
    session.start()
    before = snapshot(session)
    for seat in range(players):
        view = session.view(seat)
        _ = (view.hand_sizes, view.known_dead, view.unseen, view.played, view.boodle)
    assert snapshot(session) == before
