"""The rules of leading and anteing from the stops family (docs/rules.md R27–R29), and R16's refusal words.

As in test_rules.py, the tables have 3 seats with seat 2 dealing, so seat 0 leads first; cards not given
to a seat lie in the dead hand.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from helpers import StackedDeals, cards, rigged_table, rules, seats
from referee import play_checked

from game.ai.expert.knowledge import infer
from game.ai.expert.rollout import State, Table, play_out
from game.ai.simple import RandomAgent
from game.engine.cards import Card
from game.engine.decisions import LeadAction, LeadDecision, StakeDecision
from game.engine.errors import IllegalLeadError
from game.engine.events import DealEnd, Penalty, Stake
from game.engine.rules import RulesError, RuleSet
from game.engine.session import Session


def penalties(events: Sequence[object]) -> list[tuple[int, int]]:
    """(player, chips) of every penalty event, in order."""
    return [(e.player, e.chips) for e in events if isinstance(e, Penalty)]


# ----- R16: a refused lead names the suit that stopped -------------------------------------------------------

def test_R16_a_refused_lead_names_the_suit_that_stopped_not_the_refused_cards(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(switch_to="other_colour"), {0: "2S 3S 7S 4H 5C 6D", 1: "8D", 2: "9D"})
    table.lead("2S")
    assert table.stops() == [("3S", "dead_hand")]
    with pytest.raises(IllegalLeadError, match=r"^R16: after a stop in spades, lead a suit of the other colour "
                                               r"\(4H 6D\)$"):
        table.apply(LeadAction(0, Card.parse("5C")))


# ----- R27: a penalty for not leading -----------------------------------------------------------------------

def test_r27_each_player_the_lead_passes_over_pays_the_pot_before_the_lead(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(when_unable="pass_left", pass_penalty=2),
                         {0: "2S 3S 7S", 1: "6S", 2: "4H 9D 8C"})
    assert table.plays() == ["0:2S*", "0:3S"] and table.stops() == [("3S", "dead_hand")]
    assert penalties(table.events) == [(0, 2), (1, 2)], "the one who should have led first, then each after"
    assert table.types()[-3:] == ["stop", "penalty", "penalty"]
    assert table.pending == LeadDecision(2, cards("4H 9D 8C"))
    assert table.session.pot == 3 + 4 and table.session.chips[:2] == [33, 33]


@pytest.mark.parametrize("stack, paid", [(6, 1), (5, 0)])
def test_r27_a_player_short_of_the_penalty_pays_all_they_have(stacked: StackedDeals, stack: int, paid: int) -> None:
    table = rigged_table(stacked, rules(when_unable="pass_left", pass_penalty=3),
                         {0: "2S 3S 7S", 1: "6S", 2: "4H 9D 8C"}, chips=[stack, 40, 80 - stack])
    assert penalties(table.events) == [(0, paid), (1, 3)]
    assert table.session.chips[0] == 0


def test_r27_when_nobody_can_switch_everyone_pays_and_the_lead_comes_back(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(when_unable="pass_left", pass_penalty=1), {0: "2S 3S 7S", 1: "9S", 2: "JS"})
    assert table.plays() == ["0:2S*", "0:3S", "0:7S*"]
    assert penalties(table.events) == [(0, 1), (1, 1), (2, 1)]
    assert table.of_type("hand_won")[0].pot == 3 + 3


def test_r27_no_penalty_by_default_nor_when_the_leader_can_switch(stacked: StackedDeals) -> None:
    plain = rigged_table(stacked, rules(when_unable="pass_left"), {0: "2S 3S 7S", 1: "6S", 2: "4H 9D 8C"})
    assert penalties(plain.events) == [] and plain.session.pot == 3
    switching = rigged_table(stacked, rules(when_unable="pass_left", pass_penalty=2),
                             {0: "2S 3S 7S 5C", 1: "6S", 2: "4H"})
    assert penalties(switching.events) == []


@pytest.mark.parametrize("unable", ["same_suit", "step_down"])
def test_r27_a_penalty_needs_the_lead_to_pass_left(unable: str) -> None:
    with pytest.raises(RulesError, match="pass_penalty: a pass penalty needs when_unable: pass_left, got "
                                         f"'{unable}'"):
        rules(when_unable=unable, pass_penalty=1)
    with pytest.raises(RulesError, match="pass_penalty: must not be negative"):
        rules(when_unable="pass_left", pass_penalty=-1)


def test_r27_random_sessions_pay_penalties_and_conserve_chips() -> None:
    rule_set = rules(when_unable="pass_left", pass_penalty=2, switch_to="other_colour")
    paid = 0
    for seed in range(6):
        referee = play_checked(Session(rule_set, seats(6), seed), [RandomAgent(f"{seed}:{s}") for s in range(6)])
        paid += referee.counts.get("penalty", 0)
    assert paid > 0, "the referee saw no penalty, so it checked none"


# ----- R28: stepping down ------------------------------------------------------------------------------------

STEP = rules(switch_to="other_colour", when_unable="step_down")


def test_r28_step_down_leads_the_other_suit_of_the_colour_before_the_same_suit(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, STEP, {0: "2S 3S 6S 5C", 1: "8D", 2: "9D"})
    table.lead("2S")
    assert table.plays()[:3] == ["0:2S*", "0:3S", "0:5C*"], "no red suit: clubs, not spades again"
    same = rigged_table(stacked, rules(switch_to="other_colour"), {0: "2S 3S 6S 5C", 1: "8D", 2: "9D"})
    same.lead("2S")
    assert same.pending == LeadDecision(0, cards("6S 5C")), "same_suit: any suit they hold"


def test_r28_step_down_keeps_the_suit_only_when_it_is_all_they_hold(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, STEP, {0: "2S 3S 6S", 1: "8D", 2: "9D"})
    assert table.plays() == ["0:2S*", "0:3S", "0:6S*"]


def test_r28_step_down_still_switches_colour_when_it_can(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, STEP, {0: "2S 3S 6S 5C 4H 7D", 1: "8D", 2: "9D"})
    table.lead("2S")
    assert table.pending == LeadDecision(0, cards("4H 7D"))


def test_r28_a_same_suit_step_down_lead_shows_the_leader_holds_no_other_suit(stacked: StackedDeals) -> None:
    hands = {0: "2S 3S 6S 9S", 1: "7S 8D 5H", 2: "9D"}
    known: dict[str, int] = {}
    for unable in ("step_down", "same_suit"):
        table = rigged_table(stacked, rules(switch_to="other_colour", when_unable=unable), hands)
        assert table.plays() == ["0:2S*", "0:3S", "0:6S*", "1:7S"]
        assert table.pending == LeadDecision(1, cards("5H 8D"))
        known[unable] = infer(table.session.view(1)).allowed[Card.parse("2C").index]
    assert not known["step_down"] & 1, "after a step_down lead of the same suit, seat 0 holds no club"
    assert known["same_suit"] & 1, "under same_suit the same lead says nothing about clubs"


# ----- the expert's playouts play R27 and R28 as the engine does --------------------------------------------

@pytest.mark.parametrize("rule_set, hands, expected", [
    (rules(when_unable="pass_left", pass_penalty=2), {0: "2S 3S 7S 5H", 1: "6S", 2: "4D 9D 8C"}, "penalty"),
    (STEP, {0: "2S 3S 7S 5H 9C", 1: "6S JD", 2: "4D 9D 8C"}, "0:9C*"),
])
def test_r27_r28_a_playout_ends_the_deal_as_the_engine_does(stacked: StackedDeals, rule_set: RuleSet,
                                                             hands: dict[int, str], expected: str) -> None:
    table = rigged_table(stacked, rule_set, hands)
    session = table.session
    decision = table.pending
    assert isinstance(decision, LeadDecision) and decision.player == 0
    bchips = [0] * 52
    for card, chips in zip(rule_set.boodle_cards, session.boodle):
        bchips[card.index] = chips
    owner = [o if o >= 0 or o == -1 else -2 for o in session.owners()]
    state = State.of(owner, session.n, session.chips, bchips, session.pot)
    winner = play_out(Table.of(rule_set, session.in_session, session.dealer), state, 0, Card.parse("5H").index,
                      lead=lambda t, s, seat, options: options[0])
    table.lead("5H")
    while isinstance(decision := table.pending, LeadDecision) and session.deal_number == 1:
        table.apply(LeadAction(decision.player, decision.options[0]))
    assert expected in table.types() + table.plays(), "the deal did not pass through the rule under test"
    end = table.of_type("deal_end")[0]
    assert isinstance(end, DealEnd) and state.chips == list(end.chips)
    assert table.of_type("hand_won")[0].player == winner


# ----- R29: a short ante goes all in ------------------------------------------------------------------------

def test_r29_all_in_pays_the_pot_first_and_spreads_the_rest(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(short_ante="all_in"), {0: "2S 5H", 1: "3H 7H", 2: "4D 8D"}, chips=[3, 40, 77],
                         stake=False)
    assert table.pending == StakeDecision(0, 1, 2, cards("AS KH QC JD"))
    table.stake_all_evenly()
    first = table.of_type("stake")[0]
    assert (first.player, first.pot, sum(chips for _, chips in first.boodle)) == (0, 1, 2)
    assert table.session.chips[0] == 0 and table.of_type("deal")[0].hands[0] == cards("2S 5H")


@pytest.mark.parametrize("stack, pot, boodle", [(3, 1, {"AS": 1, "KH": 1}), (1, 1, {}), (7, 1, {"AS": 2, "KH": 2,
                                                                                                "QC": 1, "JD": 1})])
def test_r29_all_in_under_even_staking_spreads_what_it_can(stacked: StackedDeals, stack: int, pot: int,
                                                           boodle: dict[str, int]) -> None:
    table = rigged_table(stacked, rules(short_ante="all_in", staking="even", ante_boodle=8),
                         {0: "2S 5H", 1: "3H 7H", 2: "4D 8D"}, chips=[stack, 40, 80 - stack])
    stake = table.of_type("stake")[0]
    assert (stake.pot, {str(c): n for c, n in stake.boodle}) == (pot, boodle)


def test_r29_only_a_player_with_no_chips_at_all_goes_out() -> None:
    rule_set = rules(short_ante="all_in", starting_chips=10, deals=None, dealer_ante_multiplier=2)
    short = outs = 0
    for seed in range(6):
        session = Session(rule_set, seats(4), seed)
        referee = play_checked(session, [RandomAgent(f"{seed}:{s}") for s in range(4)])
        outs += referee.counts.get("player_out", 0)
    for seed in range(6):
        session = Session(rule_set, seats(4), seed)
        out = session.start()
        agents = [RandomAgent(f"{seed}:{s}") for s in range(4)]
        while (decision := session.pending()) is not None:
            out += session.apply(agents[decision.player].decide(session.view(decision.player), decision))
        short += sum(1 for e in out if isinstance(e, Stake) and e.pot + sum(n for _, n in e.boodle) < 5)
        assert all(chips == 0 for chips, still in zip(session.chips, session.in_session) if not still)
    assert short > 0 and outs > 0
