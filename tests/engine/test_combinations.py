"""R30: combination piles, staked like boodle cards and won by the player who plays every card of one in a deal."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from helpers import StackedDeals, cards, rigged_table, seats
from referee import play_checked

import game.ai.strategies  # noqa: F401 - registers the staking strategies
from game.ai.expert.search import boodle_hit_rates
from game.ai.hint import StakeHint, stake_hint
from game.ai.registry import make_agent
from game.ai.simple import RandomAgent
from game.ai.strategy import STAKING
from game.app.table.deal_log import deal_log_lines
from game.app.table.hint_words import hint_detail, hint_words
from game.config import ConfigError, load_rules_text, rules_by_name
from game.engine.combinations import Combination, is_combination_key
from game.engine.decisions import StakeAction, StakeDecision, action_from_data, action_to_data
from game.engine.events import (
    BoodleWon,
    DealStart,
    Dealt,
    Event,
    EventDataError,
    Play,
    Stake,
    Stop,
    event_dict,
    event_from_data,
)
from game.engine.play import play_session
from game.engine.rules import RulesError, RuleSet
from game.engine.session import Session
from game.replay import split_deals
from game.review.judge import review_deal
from game.review.walk import walk_deal

MATRIMONY = Combination(cards("KH QH"), "Matrimony")
HEARTS_UP = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH"


def piled(**changes: object) -> RuleSet:
    """Rules with one boodle card (the ace of spades, which these deals leave dead) and Matrimony."""
    fields: dict[str, object] = {"boodle_cards": cards("AS"), "combinations": (MATRIMONY,), "players": 3}
    return RuleSet(**{**fields, **changes})  # type: ignore[arg-type]


def test_r30_the_pile_goes_to_the_player_who_plays_the_last_card_of_the_combination(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = rigged_table(StackedDeals(monkeypatch), piled(),
                         {0: f"{HEARTS_UP} QH KH 5C", 1: "2C 3C 4C", 2: "2S 3S 4S"})
    table.lead("2H")
    won = table.of_type("boodle_won")
    assert [(w.player, str(w.card), w.chips) for w in won] == [(0, "KH+QH", 6)]  # 2 chips from each of three
    assert won[0].card.name == "Matrimony"
    line = json.loads(won[0].to_json())
    assert line["card"] == "KH+QH"
    kinds = table.types()
    assert kinds.index("boodle_won") == kinds.index("stop") - 1, "won straight after the play of its last card"
    end = table.of_type("deal_end")[0]
    assert {str(pile): chips for pile, chips in end.boodle} == {"AS": 6, "KH+QH": 0}


def test_r30_a_combination_split_between_players_is_not_won_and_its_pile_carries_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = rigged_table(StackedDeals(monkeypatch), piled(),
                         {0: f"{HEARTS_UP} QH 5C", 1: "KH 2C 3C", 2: "2S 3S 4S"})
    table.lead("2H")
    assert not table.of_type("boodle_won")
    end = table.of_type("deal_end")[0]
    assert json.loads(end.to_json())["boodle"] == {"AS": 6, "KH+QH": 6}
    table.stake_all_evenly()
    assert table.session.boodle == [12, 12], "both piles carry over and take the new stakes"


def test_r30_a_boodle_card_that_completes_a_combination_pays_the_card_first(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = piled(boodle_cards=cards("KH"), combinations=(MATRIMONY, Combination(cards("JH KH"), "Intrigue")))
    table = rigged_table(StackedDeals(monkeypatch), rules, {0: f"{HEARTS_UP} QH KH 5C", 1: "2C 3C 4C", 2: "2S 3S"})
    table.lead("2H")
    assert [(str(w.card), w.chips) for w in table.of_type("boodle_won")] == [("KH", 6), ("KH+QH", 3), ("JH+KH", 3)]


def test_r30_piles_are_staked_like_boodle_cards() -> None:
    rules = piled(boodle_cards=cards("AS KD"))
    session = Session(rules, seats(3), 1)
    session.start()
    decision = session.pending()
    assert isinstance(decision, StakeDecision) and decision.cards == (*cards("AS KD"), MATRIMONY)
    session.apply(StakeAction(decision.player, ((MATRIMONY, 4),)))
    assert session.boodle == [0, 0, 4]
    data = action_to_data(StakeAction(0, ((MATRIMONY, 3), (cards("AS")[0], 1))))
    assert data["boodle"] == [["KH+QH", 3], ["AS", 1]]
    assert action_from_data(data) == StakeAction(0, ((MATRIMONY, 3), (cards("AS")[0], 1)))


def test_r30_even_staking_counts_the_piles() -> None:
    rules = rules_by_name("pope_joan_board")
    assert len(rules.piles) == 7 and rules.ante_boodle == 7 and rules.staking == "even"
    session = Session(rules, seats(4), 3)
    events = session.start()
    stake = next(e for e in events if e.type == "stake")
    assert json.loads(stake.to_json())["boodle"] == {"9D": 1, "AD": 1, "KD": 1, "QD": 1, "JD": 1, "KD+QD": 1,
                                                     "QD+JD": 1}
    with pytest.raises(RulesError, match="divisible by the 5 boodle cards and combinations"):
        piled(boodle_cards=cards("AS KD QC JH"), staking="even")


@pytest.mark.parametrize(("written", "why"), [
    ("combinations: [{name: M, cards: [KH]}]", "m.yaml:2: combinations: M needs 2 or more different cards"),
    ("combinations: [{name: M, cards: [KH, KH]}]", "m.yaml:2: combinations: M needs 2 or more different cards"),
    ("combinations: [{name: M, cards: [KH, QH]}, {name: M, cards: [JH, QH]}]",
     "m.yaml:2: combinations: M named more than once"),
    ("combinations: [{name: '', cards: [KH, QH]}]", "m.yaml:2: combinations: combination 1, name: must not be blank"),
    ("combinations: [{name: M, cards: [KH, QX]}]", "m.yaml:2: combinations: combination 1, cards: item 2: not a card"),
    ("combinations: [{name: M}]", "m.yaml:2: combinations: item 1 must be a combination like {name: Matrimony"),
    ("combinations: 4", "m.yaml:2: combinations: must be a list of combinations like"),
    ("combinations:\n  - {name: M, cards: [KH, QH]}\n  - 7", "m.yaml:4: combinations: item 2 must be a combination"),
    ("boodle_cards: [AS, 2S, 3S, 4S, 5S, 6S, 7S, 8S, 9S, 10S, JS]\n"
     "combinations: [{name: M, cards: [KH, QH]}, {name: N, cards: [KH, JH]}, {name: O, cards: [KH, 10H]}]",
     "m.yaml:3: combinations: 14 boodle cards and combinations together: at most 13"),
    ("staking: even\ncombinations: [{name: M, cards: [KH, QH]}]",
     "m.yaml:2: staking: even needs ante_boodle (4) divisible by the 5 boodle cards and combinations"),
])
def test_r30_a_bad_combination_is_refused_with_its_line(written: str, why: str) -> None:
    with pytest.raises(ConfigError) as error:
        load_rules_text(f"name: Mine\n{written}\n", "m.yaml")
    assert len(error.value.problems) == 1 and error.value.problems[0].startswith(why), error.value.problems


def test_r30_thirteen_piles_fit_the_table() -> None:
    rules = load_rules_text("boodle_cards: [AS, 2S, 3S, 4S, 5S, 6S, 7S, 8S, 9S, 10S, JS, QS]\n"
                            "combinations: [{name: M, cards: [KH, QH]}]\n", "m.yaml")
    assert len(rules.piles) == 13


def test_r30_the_log_keys_a_combination_by_its_cards() -> None:
    event = event_from_data({"type": "boodle_won", "player": 1, "card": "KH+QH", "chips": 5})
    assert isinstance(event, BoodleWon) and event.card == MATRIMONY
    stake = event_from_data({"type": "stake", "player": 0, "pot": 1, "boodle": {"AS": 1, "KH+QH": 3}})
    assert isinstance(stake, Stake) and stake.boodle == ((cards("AS")[0], 1), (MATRIMONY, 3))
    for bad in ("KH+KH", "KH+QX", "KH", "KH+", "+QH", "kh+qh"):
        assert not is_combination_key(bad) or bad == "KH"
        with pytest.raises(EventDataError):
            event_from_data({"type": "boodle_won", "player": 1, "card": bad if bad != "KH" else "K", "chips": 5})
    assert Combination(cards("KH QH"), "A") == Combination(cards("KH QH"), "B") != Combination(cards("QH KH"))


def test_r30_a_session_without_combinations_writes_no_combinations_key() -> None:
    assert "combinations" not in RuleSet().settings()
    again = RuleSet.from_settings(piled().settings())
    assert again == piled() and again.combinations[0].name == "Matrimony"


@pytest.mark.parametrize("staking", ["free", "even"])
def test_r30_random_sessions_with_piles_keep_every_invariant(staking: str) -> None:
    rules = dataclasses.replace(rules_by_name("pope_joan_board"), staking=staking)
    won = 0
    for seed in range(12):
        n = 3 + seed % 6
        referee = play_checked(Session(rules, seats(n), seed), [RandomAgent(f"{seed}:{s}") for s in range(n)])
        won += referee.counts.get("boodle_won", 0)
    assert won


def test_r30_every_staking_strategy_and_the_hint_weigh_the_piles() -> None:
    rules = dataclasses.replace(rules_by_name("pope_joan_board"), staking="free")
    rates = boodle_hit_rates(rules, 4)
    assert len(rates) == 7 and all(0.0 <= rate <= 1.0 for rate in rates)
    assert rates[5] <= min(rates[2], rates[3]), "Matrimony needs both its cards from one hand: rarer than either"
    session = Session(rules, seats(4), 5)
    session.start()
    decision = session.pending()
    assert isinstance(decision, StakeDecision) and len(decision.cards) == 7
    view = session.view(decision.player)
    assert stake_hint(view, decision).card in decision.cards
    for name in STAKING.names():
        strategy = STAKING.get(name)
        stake = strategy.function(view, decision, strategy.resolved({}), random.Random(1))
        assert sum(chips for _, chips in stake) == decision.boodle_total, name
        assert all(pile in decision.cards for pile, _ in stake), name
    hot = STAKING.get("biggest")
    session.boodle[6] = 30  # Intrigue's pile is the biggest on the table
    session._table_view = None
    stake = hot.function(session.view(decision.player), decision, hot.resolved({}), random.Random(1))
    assert stake == ((rules.combinations[1], decision.boodle_total),)


def test_r30_the_deal_log_tells_a_pile_won_and_a_combination_completed_with_nothing_on_it() -> None:
    events: list[Event] = [DealStart(1, 2), Stake(0, 1, ((MATRIMONY, 4),)), Dealt(((),) * 3, ()),
              Play(0, cards("QH")[0], True), Play(0, cards("KH")[0], False), BoodleWon(0, MATRIMONY, 4),
              BoodleWon(1, MATRIMONY, 0), Stop(cards("KH")[0], "king")]
    lines = [(str(line), line.mine) for line in deal_log_lines(events, 0, ["You", "Reggie", "Madge"].__getitem__,
                                                                  False)]
    assert ("Staked: 1 in the pot; the boodle holds Matrimony (K♥ Q♥) 4", False) in lines
    assert ("You win 4 chips on Matrimony (K♥ Q♥)", True) in lines
    assert ("Reggie completes Matrimony (K♥ Q♥) (nothing on it)", False) in lines


def test_r30_a_deal_with_piles_carried_over_is_reviewed_from_its_own_log() -> None:
    rules = dataclasses.replace(rules_by_name("pope_joan_board"), staking="free", deals=2)
    session = Session(rules, seats(4), 8)
    lines: list[str] = []
    play_session(session, [make_agent("lowest", 8, s) for s in range(4)],
                 lambda event: lines.append(json.dumps(event_dict(event))))
    kept = split_deals(lines)[1]  # deal 2, opening with deal 1's deal_end: the piles it carried
    carried = json.loads(next(line for line in kept.splitlines() if '"deal_end"' in line))["boodle"]
    assert list(carried)[-2:] == ["KD+QD", "QD+JD"]
    review = review_deal(walk_deal(kept, 1))
    stakes = [judged for judged in review.decisions if judged.kind == "stake"]
    assert stakes and [option.name for option in stakes[0].options][-2:] == ["KD+QD", "QD+JD"]


def test_r30_the_staking_hint_says_a_pile_is_won() -> None:
    pile = hint_words(StakeHint(MATRIMONY, 4, 0.25, 4), lambda seat: lambda: "x")
    card = hint_words(StakeHint(cards("KH")[0], 4, 0.5, 4), lambda seat: lambda: "x")
    assert str(pile) == "All 4 on Matrimony (K♥ Q♥): it is won more often than any other boodle card or combination"
    assert str(card) == "All 4 on K♥: it is played more often than any other boodle card"
    assert str(hint_detail(StakeHint(MATRIMONY, 4, 0.25, 4), lambda seat: lambda: "x")) == \
        "won in 25% of deals at a table of 4"
