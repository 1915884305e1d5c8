"""Aces high (R23), cards taken out of the deck (R24) and who deals after the cut (R25), each on a chosen deal or
on whole sessions checked by the referee.

Tables here have 3 seats with seat 2 dealing, so seat 0 is the dealer's left and leads first; cards not given to
a seat lie in the dead hand (or, with `removed_cards`, nowhere).
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import helpers
import pytest
from helpers import StackedDeals, Table, cards, layout, seats
from referee import Referee, play_checked

from game.ai.expert.knowledge import infer
from game.ai.expert.rollout import Table as PlayoutTable
from game.ai.expert.rollout import lead_options
from game.ai.expert.sampling import Sampler
from game.ai.reading import own_streak, run_outlook
from game.ai.simple import RandomAgent
from game.ai.strategies.dead_hand import hand_quality
from game.app.table.model import stop_reason
from game.app.table.words import lead_refusal_words
from game.config import ConfigError, load_rules, load_rules_text
from game.engine.cards import Card
from game.engine.decisions import LeadAction, LeadDecision, StakeDecision
from game.engine.errors import IllegalLeadError
from game.engine.events import Cut, Dealt
from game.engine.ranks import hand_order, lowest_of_suits, rank_value, successor, wanted_after
from game.engine.rules import RulesError, RuleSet
from game.engine.session import Session
from game.engine.state import REMOVED

HIGH = RuleSet(aces="high")
MICHIGAN_US = Path(__file__).resolve().parents[2] / "config" / "rules" / "michigan_us.yaml"


def card(text: str) -> Card:
    """One card by name."""
    return Card.parse(text)


def rigged(stacked: StackedDeals, monkeypatch: pytest.MonkeyPatch, rule_set: RuleSet, hands: dict[int, str],
           n: int = 3, dealer: int = 2) -> Table:
    """helpers.rigged_table for rules whose cut (R23, R25) or deck (R24) differ from the classic game's."""
    def seed_for(count: int, wanted: int) -> int:
        for seed in range(10_000):
            probe = Session(rule_set, seats(count), seed)
            probe._cut()
            if probe.dealer == wanted:
                return seed
        raise AssertionError("no seed")
    monkeypatch.setattr(helpers, "seed_with_dealer", seed_for)
    removed = {c.index for c in rule_set.removed_cards}
    if removed:  # the engine shuffles the places of the 52 - k cards dealt
        monkeypatch.setattr(stacked, "queue", lambda chosen, dead=None: stacked._queue.append(
            [place for index, place in enumerate(layout(chosen, dead)) if index not in removed]))
    return helpers.rigged_table(stacked, rule_set, hands, n=n, dealer=dealer)


def sessions(rule_set: RuleSet, count: int) -> list[Any]:
    """`count` refereed random sessions of `rule_set` at 3 to 8 seats; each referee."""
    found = []
    for seed in range(count):
        n = 3 + seed % 6
        found.append(play_checked(Session(rule_set, seats(n), seed), [RandomAgent(f"{seed}:{s}") for s in range(n)]))
    return found


# ----- R23: aces high -----------------------------------------------------------------------------------------

def test_r23_rank_order_puts_the_ace_above_the_king() -> None:
    assert rank_value(card("AS"), "high") == 14 and rank_value(card("AS"), "low") == 1
    assert successor(card("KS"), "high") is card("AS") and successor(card("AS"), "high") is None
    assert successor(card("KS"), "low") is None and successor(card("AS"), "low") is card("2S")
    assert lowest_of_suits(cards("AH 5H 9H"), "high")[1] is card("5H")
    assert lowest_of_suits(cards("AH 5H 9H"), "low")[1] is card("AH")
    assert sorted(cards("AH 2H KH"), key=hand_order("high")) == list(cards("2H KH AH"))
    assert wanted_after(card("KD")) is card("AD") and wanted_after(card("9D")) is card("10D")


def test_r23_a_run_goes_past_the_king_and_stops_at_the_ace(stacked: StackedDeals,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    table = rigged(stacked, monkeypatch, HIGH, {0: "QS KS 2H 9C", 1: "AS 4H", 2: "5H"})
    assert table.pending == LeadDecision(0, cards("QS 2H 9C"))
    table.lead("QS")
    assert table.plays()[:3] == ["0:QS*", "0:KS", "1:AS"]
    assert table.stops()[0] == ("AS", "ace"), "the ace tops the suit"
    assert "king" not in {reason for _, reason in table.stops()}


def test_r23_with_aces_low_the_king_still_stops(stacked: StackedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    table = rigged(stacked, monkeypatch, RuleSet(), {0: "QS KS 2H", 1: "AS 4H", 2: "5H"})
    table.lead("QS")
    assert table.stops()[0] == ("KS", "king")


def test_r23_a_lead_is_the_lowest_card_by_the_rules_order(stacked: StackedDeals,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    table = rigged(stacked, monkeypatch, HIGH, {0: "AD 7D 3C 4C", 1: "9H", 2: "10H"})
    decision = table.pending
    assert decision == LeadDecision(0, cards("7D 3C")), "a high ace is not the lowest diamond"
    with pytest.raises(IllegalLeadError, match="R13: a lead is the lowest card of its suit: 7D, not AD"):
        table.session.apply(LeadAction(0, card("AD")))
    words = lead_refusal_words(card("AD"), list(cards("AD 7D 3C 4C")), decision.options, HIGH, None)
    assert words is not None and dict(words.params)["card"] is card("7D")


def test_r23_a_lone_ace_is_led(stacked: StackedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    table = rigged(stacked, monkeypatch, HIGH, {0: "AD 3C 4C", 1: "9H", 2: "10H"})
    assert table.pending == LeadDecision(0, cards("AD 3C"))
    table.lead("AD")
    assert table.stops()[0] == ("AD", "ace")


def test_r23_the_cut_ranks_the_ace_high() -> None:
    aces_won = 0
    for seed in range(120):
        events = Session(HIGH, seats(4), seed).start()
        cut = [e for e in events if isinstance(e, Cut)][-1]
        assert cut.dealer is not None
        values = {s: rank_value(c, "high") for s, c in enumerate(cut.cards) if c is not None}
        assert values[cut.dealer] == max(values.values()) and list(values.values()).count(max(values.values())) == 1
        aces_won += cut.cards[cut.dealer] is not None and cut.cards[cut.dealer].rank == 1  # type: ignore[union-attr]
    assert aces_won > 0, "some cut was won by an ace"


def test_r23_sessions_are_lawful_and_stop_at_aces_only() -> None:
    reasons: dict[str, int] = {}
    for referee in sessions(dataclasses.replace(HIGH, deals=3), 12):
        for reason, count in referee.stop_reasons.items():
            reasons[reason] = reasons.get(reason, 0) + count
    assert reasons.get("ace", 0) > 0 and "king" not in reasons


def test_r23_michigan_us_is_american_michigan() -> None:
    rules = load_rules(MICHIGAN_US)
    assert rules.aces == "high" and rules.boodle_cards == cards("AH KC QD JS")
    assert (rules.staking, rules.ante_boodle, rules.dealer_ante_multiplier) == ("even", 4, 2)
    assert rules.when_unable == "pass_left"
    assert rules.boodle_stake(True) // 4 == 2 and rules.boodle_stake(False) // 4 == 1


def test_r23_the_playout_and_the_heuristics_follow_the_order() -> None:
    table = PlayoutTable.of(HIGH, [True, True, True], 2)
    hand = sum(1 << c.index for c in cards("AS 5S KH AH AD"))
    assert lead_options(table, hand, -1) == [card("5S").index, card("KH").index, card("AD").index]
    own = sum(1 << c.index for c in cards("QS KS AS"))
    assert own_streak(card("QS"), own, "high") == 3 and own_streak(card("QS"), own, "low") == 2
    shed, again = run_outlook(card("QS"), own, 0, 0.5, "high")
    assert shed == 3 and again == 1.0, "the ace stops the run, so the leader leads again"
    assert hand_quality(cards("QS KS AS"), 0.3, "high") > hand_quality(cards("QS KS AS"), 0.3, "low")


def test_r23_inference_knows_a_high_ace_is_above_the_lead() -> None:
    for session_seed in range(6):
        session = Session(dataclasses.replace(HIGH, deals=1), seats(4), session_seed)
        agents = [RandomAgent(f"{session_seed}:{s}") for s in range(4)]
        session.start()
        while (decision := session.pending()) is not None:
            view = session.view(decision.player)
            if isinstance(decision, StakeDecision):  # nothing is dealt yet
                session.apply(agents[decision.player].decide(view, decision))
                continue
            knowledge = infer(view)
            for c in knowledge.unseen:  # the truth is always among the places allowed
                holder = next((s for s in range(4) if Card.from_index(c) in session.hand(s)), 4)
                assert knowledge.allowed[c] >> holder & 1, (Card.from_index(c), holder)
            session.apply(agents[decision.player].decide(view, decision))


# ----- R24: cards taken out of the deck ------------------------------------------------------------------------

def test_r24_a_run_reaching_a_removed_card_stops(stacked: StackedDeals, monkeypatch: pytest.MonkeyPatch) -> None:
    rule_set = RuleSet(removed_cards=cards("8D"))
    table = rigged(stacked, monkeypatch, rule_set, {0: "6D 7D 2S", 1: "9D 4H", 2: "5H"})
    assert table.pending == LeadDecision(0, cards("2S 6D"))
    table.lead("6D")
    assert table.plays()[:2] == ["0:6D*", "0:7D"]
    assert table.stops()[0] == ("7D", "removed")
    assert str(stop_reason(card("7D"), "removed", False)) == "8♦ is out of the deck"


def test_r24_the_deal_has_52_less_k_cards() -> None:
    for removed, sizes in (("8D 3C", [10, 10, 10, 10, 10]), ("8D", [10, 10, 10, 10, 11])):
        rule_set = RuleSet(removed_cards=cards(removed), staking="even")
        events = Session(rule_set, seats(4), 5).start()
        deal = next(e for e in events if isinstance(e, Dealt))
        dealt = [c for hand in deal.hands for c in hand] + list(deal.dead)
        assert len(dealt) == 52 - len(rule_set.removed_cards) and not set(dealt) & set(rule_set.removed_cards)
        assert sorted([*map(len, deal.hands), len(deal.dead)]) == sizes, "the dead hand has the smaller share"


def test_r24_a_removed_card_may_not_be_a_boodle_card_or_the_first_lead() -> None:
    with pytest.raises(ConfigError) as caught:
        load_rules_text("name: X\nremoved_cards: [AS, 8D]\n", "m.yaml")
    assert list(caught.value.problems) == [
        "m.yaml:2: removed_cards: AS cannot be taken out: a boodle card must be in the deck"]
    with pytest.raises(ConfigError) as caught:
        load_rules_text("first_lead: 2D\nremoved_cards: [2D]\n", "m.yaml")
    assert list(caught.value.problems) == ["m.yaml:2: removed_cards: 2D cannot be taken out: it is the first_lead card"]
    with pytest.raises(RulesError):
        RuleSet(removed_cards=cards("8D 8D"))
    assert load_rules_text("removed_cards: [8D]\n", "m.yaml").removed_cards == cards("8D")


def test_r24_views_knowledge_and_samples_put_removed_cards_nowhere() -> None:
    rule_set = RuleSet(removed_cards=cards("8D KS"), deals=1, aces="high")
    session = Session(rule_set, seats(4), 9)
    session.start()
    agents = [RandomAgent(f"9:{s}") for s in range(4)]
    checked = 0
    while (decision := session.pending()) is not None:
        view = session.view(decision.player)
        if isinstance(decision, StakeDecision):  # nothing is dealt yet
            session.apply(agents[decision.player].decide(view, decision))
            continue
        assert not view.unseen & set(cards("8D KS"))
        knowledge = infer(view)
        assert set(knowledge.removed) == {card("8D").index, card("KS").index}
        assert not set(knowledge.unseen) & set(knowledge.removed)
        owner = Sampler(knowledge, random.Random(1)).sample()
        assert owner[card("8D").index] == REMOVED and owner[card("KS").index] == REMOVED
        checked += 1
        session.apply(agents[decision.player].decide(view, decision))
    assert checked > 0


def test_r24_sessions_are_lawful_and_stop_at_removed_cards() -> None:
    reasons: dict[str, int] = {}
    rule_set = RuleSet(removed_cards=cards("8D 2H 10C"), deals=3, follow="optional")
    for referee in sessions(rule_set, 12):
        for reason, count in referee.stop_reasons.items():
            reasons[reason] = reasons.get(reason, 0) + count
    assert reasons.get("removed", 0) > 0


# ----- R25: who deals after the cut ----------------------------------------------------------------------------

@pytest.mark.parametrize("aces", ["low", "high"])
def test_r25_the_lowest_cut_deals(aces: str) -> None:
    rule_set = RuleSet(cut_deals="lowest", aces=aces)
    ties = 0
    for seed in range(80):
        events = Session(rule_set, seats(5), seed).start()
        cuts = [e for e in events if isinstance(e, Cut)]
        ties += len(cuts) - 1
        last = cuts[-1]
        assert last.dealer is not None
        values = [rank_value(c, aces) for c in last.cards if c is not None]
        assert rank_value(last.cards[last.dealer], aces) == min(values) and values.count(min(values)) == 1  # type: ignore[arg-type]
    assert ties > 0, "ties for the lowest cut again"


def test_r25_highest_is_the_default_and_the_session_is_unchanged() -> None:
    classic = Session(RuleSet(), seats(4), 3).start()
    same = Session(RuleSet(cut_deals="highest", aces="low", removed_cards=()), seats(4), 3).start()
    assert [e.to_json() for e in classic] == [e.to_json() for e in same]
    assert "cut_deals" not in RuleSet().settings() and RuleSet(cut_deals="lowest").settings()["cut_deals"] == "lowest"
    sessions(RuleSet(cut_deals="lowest", aces="high", removed_cards=cards("7S"), deals=2), 6)


# ----- the referee is not a rubber stamp for R23-R25 -----------------------------------------------------------

def logged(rule_set: RuleSet, seed: int = 4, n: int = 4) -> list[dict[str, Any]]:
    """The events of one random session as JSON objects."""
    session = Session(rule_set, seats(n), seed)
    agents = [RandomAgent(f"{seed}:{s}") for s in range(n)]
    lines = [e.to_json() for e in session.start()]
    while (decision := session.pending()) is not None:
        lines += [e.to_json() for e in session.apply(agents[decision.player].decide(session.view(decision.player),
                                                                                      decision))]
    return [json.loads(line) for line in lines]


def refereed(events: list[dict[str, Any]]) -> None:
    """Feed a log to a fresh referee."""
    referee = Referee()
    for event in events:
        referee.feed_line(json.dumps(event, ensure_ascii=False))


def test_r23_the_referee_refuses_a_king_stop_under_aces_high() -> None:
    events = logged(dataclasses.replace(HIGH, deals=2))
    refereed(events)
    stop = next(e for e in events if e["type"] == "stop" and e["reason"] == "ace")
    stop["reason"] = "king"
    with pytest.raises(AssertionError, match="R15"):
        refereed(events)


def test_r24_the_referee_refuses_a_removed_card_dealt() -> None:
    events = logged(RuleSet(removed_cards=cards("8D"), deals=1, staking="even"))
    refereed(events)
    deal = next(e for e in events if e["type"] == "deal")
    deal["dead"] = sorted([*deal["dead"], "8D"], key=lambda name: Card.parse(name).index)
    with pytest.raises(AssertionError, match="R10/R24"):
        refereed(events)


def test_r25_the_referee_refuses_the_highest_cut_dealing_under_lowest() -> None:
    events = logged(RuleSet(cut_deals="lowest", deals=1))
    refereed(events)
    cut = [e for e in events if e["type"] == "cut"][-1]
    highest = max((s for s, c in enumerate(cut["cards"]) if c), key=lambda s: Card.parse(cut["cards"][s]).rank)
    cut["dealer"] = highest
    with pytest.raises(AssertionError):
        refereed(events)
