"""Illegal actions raise the specific error of game/engine/errors.py, say why, and change nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from helpers import StackedDeals, Table, cards, rigged_table, rules, seats, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.simple import RandomAgent
from game.engine.cards import DECK, Card
from game.engine.combinations import Combination
from game.engine.decisions import (
    Action,
    BidAction,
    BuyDeadAction,
    FollowAction,
    LeadAction,
    LeadDecision,
    StakeAction,
    StakeDecision,
)
from game.engine.errors import (
    IllegalActionError,
    IllegalBuyError,
    IllegalLeadError,
    IllegalStakeError,
    NotYourDecisionError,
    SessionOverError,
)
from game.engine.rules import BuyDeadHand, RuleSet
from game.engine.session import Session


def c(text: str) -> Card:
    """One card by name."""
    return Card.parse(text)


def refused(table: Table, action: Any, error: type[Exception], message: str) -> None:
    """`action` raises `error` matching `message`, and the session and every view are as before."""
    before = snapshot(table.session)
    events = list(table.events)
    with pytest.raises(error, match=message):
        table.session.apply(action)
    assert snapshot(table.session) == before
    assert table.events == events


def test_every_engine_error_is_an_illegal_action_and_a_value_error() -> None:
    for error in (NotYourDecisionError, IllegalStakeError, IllegalLeadError, IllegalBuyError, SessionOverError):
        assert issubclass(error, IllegalActionError) and issubclass(error, ValueError)


def test_the_snapshot_sees_every_kind_of_change() -> None:
    def fresh() -> Session:
        session = Session(rules(staking="even"), seats(3), 1)
        session.start()
        return session

    before = snapshot(fresh())
    assert snapshot(fresh()) == before
    changes: list[Callable[[Session], object]] = [
        lambda s: s.chips.__setitem__(0, 39), lambda s: s._rng.random(), lambda s: s.hands[0].pop(),
        lambda s: setattr(s, "pot", 1), lambda s: s._owner.__setitem__(5, -2)]
    for change in changes:
        session = fresh()
        change(session)
        assert snapshot(session) != before


@pytest.fixture
def staking(stacked: StackedDeals) -> Table:
    """A classic table waiting for seat 0's stake."""
    table = rigged_table(stacked, rules(), {0: "2S 3S 7S 4H 5C", 1: "8D 9D", 2: "10D JD"}, stake=False)
    assert table.pending == StakeDecision(0, 1, 4, cards("AS KH QC JD"))
    return table


STAKES: dict[str, tuple[Any, str]] = {
    "too few chips": (((c("AS"), 3),), "must put 4 chips on the boodle cards, not 3"),
    "too many chips": (((c("AS"), 3), (c("KH"), 2)), "must put 4 chips on the boodle cards, not 5"),
    "nothing": ((), "must put 4 chips on the boodle cards, not 0"),
    "not a boodle card": (((c("2S"), 4),), "2S is not a boodle card"),
    "a card name instead of a card": ((("AS", 4),), "'AS' is not a card"),
    "negative chips": (((c("AS"), 5), (c("KH"), -1)), "chips on KH must be a whole number, 0 or more, not -1"),
    "bool chips": (((c("AS"), True), (c("KH"), 3)), "chips on AS must be a whole number, 0 or more, not True"),
    "fractional chips": (((c("AS"), 4.0),), "chips on AS must be a whole number, 0 or more, not 4.0"),
    "a card staked twice": (((c("AS"), 2), (c("AS"), 2)), "AS is staked twice"),
    "not pairs": ((c("AS"), c("KH")), r"a stake is a list of \(boodle card, chips\) pairs"),
    "not a list": (4, r"a stake is a list of \(boodle card, chips\) pairs"),
}


@pytest.mark.parametrize("case", STAKES, ids=str)
def test_illegal_stake_is_refused(staking: Table, case: str) -> None:
    boodle, message = STAKES[case]
    refused(staking, StakeAction(0, boodle), IllegalStakeError, message)
    staking.stake(AS=4)
    assert staking.session.boodle == [4, 0, 0, 0]


def test_a_stake_may_be_a_mapping_and_may_name_cards_with_no_chips(staking: Table) -> None:
    staking.apply(StakeAction(0, {c("KH"): 4}))  # type: ignore[arg-type]
    staking.apply(StakeAction(1, ((c("AS"), 0), (c("QC"), 4))))
    stakes = staking.of_type("stake")
    assert [dict(s.boodle) for s in stakes] == [{c("KH"): 4}, {c("QC"): 4}]


def test_an_answer_from_the_wrong_player_is_refused(staking: Table) -> None:
    refused(staking, StakeAction(1, ((c("AS"), 4),)), NotYourDecisionError,
            "the pending stake decision is seat 0's, not an answer from 1")


@pytest.mark.parametrize("action, name", [(LeadAction(0, c("2S")), "LeadAction"),
                                          (FollowAction(0, True), "FollowAction"),
                                          (BuyDeadAction(0, False), "BuyDeadAction")])
def test_an_action_of_the_wrong_type_is_refused(staking: Table, action: Any, name: str) -> None:
    refused(staking, action, NotYourDecisionError, f"a {name} does not answer the pending stake decision")


@pytest.mark.parametrize("action", ["stake", None, 0, (0, True)], ids=repr)
def test_something_that_is_not_an_action_is_refused(staking: Table, action: Any) -> None:
    refused(staking, action, NotYourDecisionError, "is not an action|does not answer")


@pytest.fixture
def leading(stacked: StackedDeals) -> Table:
    """Seat 0 to lead again after a stop in spades, holding 7S 4H 5C."""
    table = rigged_table(stacked, rules(), {0: "2S 3S 7S 4H 5C", 1: "8D 9D", 2: "10D JD"})
    table.lead("2S")
    assert table.pending == LeadDecision(0, cards("4H 5C"))
    return table


@pytest.mark.parametrize("card, message", [
    ("7S", "R16: after a stop in spades, lead another suit"),
    ("5H", "seat 0 does not hold 5H"),
    ("8D", "seat 0 does not hold 8D"),
    ("2S", "seat 0 does not hold 2S"),
])
def test_an_unlawful_lead_is_refused(leading: Table, card: str, message: str) -> None:
    refused(leading, LeadAction(0, c(card)), IllegalLeadError, message)


def test_a_lead_that_is_not_the_lowest_of_its_suit_is_refused(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "3S 7S 5H 9H", 1: "8D", 2: "10D"})
    refused(table, LeadAction(0, c("9H")), IllegalLeadError, "R13: a lead is the lowest card of its suit: 5H, not 9H")
    refused(table, LeadAction(1, c("8D")), NotYourDecisionError, "seat 0's")


def test_a_follow_answer_must_be_true_or_false(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(follow="optional"), {0: "2S 9H", 1: "3S 8H", 2: "4S 7D"})
    table.lead("2S")
    for answer in (1, "yes", None):
        refused(table, FollowAction(1, answer), IllegalActionError, "follow takes True")  # type: ignore[arg-type]
    refused(table, LeadAction(1, c("3S")), NotYourDecisionError, "does not answer the pending follow decision")


@pytest.fixture
def buying(stacked: StackedDeals) -> Table:
    """A table where the dealer, seat 2, may buy the dead hand for 4 chips."""
    table = rigged_table(stacked, rules(buy_dead_hand=BuyDeadHand(True, 4)), {0: "2H 3C", 1: "4H 5C", 2: "6H 7C"},
                         refereed=False)
    assert table.pending is not None and table.pending.kind == "buy_dead"
    return table


def test_a_buy_answer_must_be_true_or_false(buying: Table) -> None:
    for answer in (1, "no", None):
        refused(buying, BuyDeadAction(2, answer), IllegalActionError, "buy_dead takes True")  # type: ignore[arg-type]
    refused(buying, BuyDeadAction(0, True), NotYourDecisionError, "seat 2's")


def test_buying_without_the_chips_is_refused(buying: Table) -> None:
    session = buying.session
    session.chips[0] += session.chips[2] - 3  # the dealer is left with 3 chips, the total kept
    session.chips[2] = 3
    session._table_view = None
    refused(buying, BuyDeadAction(2, True), IllegalBuyError, "buying the dead hand costs 4 chips; seat 2 has 3")
    buying.buy(False)
    assert session.chips[2] == 3


def test_nothing_is_accepted_before_the_start_or_after_the_end() -> None:
    session = Session(rules(staking="even", deals=1), seats(3), 1)
    with pytest.raises(SessionOverError, match="the session has not started"):
        session.apply(LeadAction(0, c("2S")))
    assert session.end_now() == []
    session.start()
    with pytest.raises(IllegalActionError, match="already started"):
        session.start()
    session.end_now()
    table = Table(session)
    for action in (LeadAction(0, c("2S")), StakeAction(0, ()), FollowAction(1, True), BuyDeadAction(2, False)):
        refused(table, action, SessionOverError, "the session is over")


def test_nothing_is_accepted_after_a_session_played_to_its_end() -> None:
    session = Session(RuleSet(), seats(4), 2)
    table = Table(session)
    table.start()
    table.play_out()
    assert session.over and table.events[-1].type == "session_end"
    refused(table, StakeAction(0, ((c("AS"), 4),)), SessionOverError, "the session is over")


# --- actions of the wrong shape: refused before anything changes, and the session plays on --------------------

def test_a_seat_that_is_not_an_int_is_refused_before_anything_changes(leading: Table) -> None:
    for seat in (0.0, False, None, "0", 2**200, -2**200, 0.5):
        refused(leading, LeadAction(seat, c("4H")),  # type: ignore[arg-type]
                NotYourDecisionError, "seat 0's, not an answer from")
    leading.lead("4H")  # the session is alive: the right answer is taken


class EqualToAnything:
    """An object that says it equals every card (as `unittest.mock.ANY` does), which a Card is not."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "EqualToAnything()"


@pytest.mark.parametrize("card", [EqualToAnything(), None, "4H", 4, (1, 1)], ids=repr)
def test_a_lead_of_something_that_is_not_a_card_is_refused(leading: Table, card: Any) -> None:
    refused(leading, LeadAction(0, card), IllegalLeadError, "is not a card")
    leading.lead("4H")


@pytest.mark.parametrize("boodle", [
    ((EqualToAnything(), 4),),
    ((c("AS"), 2), (EqualToAnything(), 2)),
    ((Combination((c("KH"), c("QH"))), 4),),
    ((c("AS"), 2**200), (c("KH"), 4 - 2**200)),
    ((c("AS"), 4, 0),),
    ((None, None),),
], ids=["equal to anything", "a card then something equal to anything", "a combination not in play", "huge chips",
        "a triple", "None"])
def test_a_stake_of_the_wrong_shape_is_refused_before_anything_changes(staking: Table, boodle: Any) -> None:
    refused(staking, StakeAction(0, boodle), IllegalStakeError, "not a card|not a boodle card|whole number|pairs")
    staking.stake(AS=4)
    assert staking.session.boodle == [4, 0, 0, 0]


def test_a_bid_or_a_follow_of_the_wrong_shape_changes_nothing(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(follow="optional"), {0: "2S 9H", 1: "3S 8H", 2: "4S 7D"})
    table.lead("2S")
    for action in (FollowAction(1.0, True), FollowAction(True, True),  # type: ignore[arg-type]
                   FollowAction(1, 1.0), FollowAction(1, None)):  # type: ignore[arg-type]
        refused(table, action, IllegalActionError, "seat 1's, not an answer from|follow takes True")
    table.apply(FollowAction(1, True))


NOT_A_NUMBER = st.one_of(st.none(), st.floats(allow_nan=True), st.text(max_size=3), st.just(EqualToAnything()),
                         st.tuples(st.integers(0, 3), st.integers(0, 3)), st.sampled_from(DECK))
NOT_A_SEAT = st.one_of(NOT_A_NUMBER, st.booleans(), st.integers(-2**300, 2**300).filter(lambda n: not 0 <= n < 8))
NOT_A_FLAG = st.one_of(NOT_A_NUMBER, st.integers(-2**300, 2**300))
NOT_A_CARD = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=True), st.integers(-2**300, 2**300),
                       st.text(max_size=3), st.just(EqualToAnything()))
NOT_CHIPS = st.one_of(NOT_A_NUMBER.filter(lambda x: not isinstance(x, int)), st.booleans(),
                      st.integers(-2**300, -1), st.integers(2**62, 2**300))


@st.composite
def spoiled(draw: st.DrawFn, right: Action) -> Any:
    """`right`, one of its fields made something no answer can hold (a float seat, a card that is no Card, ...)."""
    field = draw(st.sampled_from(right._fields))
    if field == "player":
        return right._replace(player=draw(NOT_A_SEAT))
    if isinstance(right, LeadAction):
        return right._replace(card=draw(NOT_A_CARD))
    if isinstance(right, StakeAction):
        pairs: list[Any] = list(right.boodle) or [(None, 0)]
        place = draw(st.integers(0, len(pairs) - 1))
        card, chips = pairs[place]
        pairs[place] = draw(st.sampled_from([(draw(NOT_A_CARD), chips), (card, draw(NOT_CHIPS)), (card,)]))
        return right._replace(boodle=tuple(pairs))
    if isinstance(right, BidAction):
        return right._replace(chips=draw(NOT_CHIPS))
    junk: Any = draw(NOT_A_FLAG)
    return right._replace(**{field: junk})


@settings(max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), follow=st.sampled_from(["compulsory", "optional"]),
       auction=st.booleans(), data=st.data())
def test_any_answer_spoiled_in_any_field_is_refused_and_changes_nothing(seed: int, players: int, follow: str,
                                                                       auction: bool, data: st.DataObject) -> None:
    buy = BuyDeadHand(True, 2, auction=auction)
    session = Session(rules(deals=1, follow=follow, buy_dead_hand=buy), seats(players), seed)
    session.start()
    agent = RandomAgent(seed)
    while (decision := session.pending()) is not None:
        right = agent.decide(session.view(decision.player), decision)
        wrong = data.draw(spoiled(right))
        before = snapshot(session)
        with pytest.raises(IllegalActionError):
            session.apply(wrong)
        assert snapshot(session) == before, wrong
        session.apply(right)
    assert session.over
