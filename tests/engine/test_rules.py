"""One or more tests per rule of docs/rules.md (R1–R21), each on a deal chosen card by card.

Most tables here have 3 seats with seat 2 dealing, so seat 0 is the dealer's left and
the stakes and payments go round 0, 1, 2. Cards not given to a seat lie in the dead
hand. `stacked` (conftest.py) queues the chosen deals; helpers.py says how.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from helpers import StackedDeals, Table, cards, names, rigged_table, rules, seats, snapshot
from referee import play_checked

from game.ai.simple import LowestAgent, RandomAgent
from game.engine.cards import DECK, Card, Suit
from game.engine.dealing import shuffled_deck
from game.engine.decisions import (
    BuyDeadAction,
    BuyDeadDecision,
    FollowAction,
    FollowDecision,
    LeadAction,
    LeadDecision,
    StakeDecision,
)
from game.engine.errors import IllegalActionError, IllegalLeadError, NotYourDecisionError
from game.engine.events import Cut, Event
from game.engine.play import play_session
from game.engine.rules import CLASSIC_BOODLE, BuyDeadHand, RulesError, RuleSet
from game.engine.session import Session

MICHIGAN = rules(boodle_cards=cards("AS KS QS JS"), buy_dead_hand=BuyDeadHand(True, 4))


def card(text: str) -> Card:
    """One card by name."""
    return Card.parse(text)


# ----- R1: the deck ---------------------------------------------------------------------------

def test_R1_one_deck_of_52_cards_no_jokers() -> None:
    assert len(DECK) == 52 and len(set(DECK)) == 52
    for suit in Suit:
        assert sorted(c.rank for c in DECK if c.suit == suit) == list(range(1, 14))
    session = Session(rules(staking="even"), seats(5), 3)
    session.start()
    dealt = [c for seat in range(5) for c in session.hand(seat)] + list(session.dead_hand())
    assert sorted(c.index for c in dealt) == list(range(52))


def test_R1_aces_are_low_and_the_king_tops_every_suit(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2H", 1: "AH", 2: "3H"})
    assert table.pending == LeadDecision(0, cards("AS 2H"))
    table.lead("AS")
    spades = [f"0:{rank}S" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    assert table.plays() == ["0:AS*"] + spades[1:] + ["0:2H*"]
    assert table.stops() == [("KS", "king")]
    assert table.of_type("hand_won")[0].player == 0


# ----- R2: boodle cards -----------------------------------------------------------------------

def test_R2_playing_the_matching_card_of_the_one_deck_hits_the_boodle_card(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "QC 9H", 1: "2S", 2: "3S"})
    dealt = table.of_type("deal")[0]
    assert card("QC") in dealt.hands[0], "boodle cards name cards; the main deck keeps all 52"
    table.lead("QC")
    won = table.of_type("boodle_won")
    assert [(w.player, str(w.card), w.chips) for w in won] == [(0, "QC", 3)]
    assert table.session.boodle == [3, 3, 0, 3]


def test_R2_classic_and_michigan_sets_and_any_list_of_distinct_cards() -> None:
    assert names(CLASSIC_BOODLE) == ["AS", "KH", "QC", "JD"]
    assert names(RuleSet().boodle_cards) == ["AS", "KH", "QC", "JD"]
    RuleSet(boodle_cards=cards("10H"), ante_boodle=4)
    whole_suit = RuleSet(boodle_cards=tuple(c for c in DECK if c.suit == Suit.HEARTS))
    play_checked(Session(whole_suit, seats(4), 5), [RandomAgent(seat) for seat in range(4)])
    with pytest.raises(RulesError, match="boodle_cards: needs 1 to 13"):
        RuleSet(boodle_cards=())
    with pytest.raises(RulesError, match="boodle_cards: needs 1 to 13"):
        RuleSet(boodle_cards=DECK[:14])
    with pytest.raises(RulesError, match="AS listed more than once"):
        RuleSet(boodle_cards=cards("AS KH AS"))


# ----- R3: players and stocks -----------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 9])
def test_R3_a_session_needs_three_to_eight_players(n: int) -> None:
    with pytest.raises(ValueError, match="R3"):
        Session(RuleSet(), seats(n), 1)


@pytest.mark.parametrize("n", range(3, 9))
def test_R3_every_player_starts_with_the_same_stock(n: int) -> None:
    session = Session(rules(starting_chips=23), seats(n), n)
    start = session.start()[0]
    assert start.type == "session_start" and start.chips == (23,) * n
    assert session.chips_total() == 23 * n


# ----- R4: the cut ----------------------------------------------------------------------------

def test_R4_the_highest_cut_deals_and_only_the_tied_cut_again() -> None:
    recuts = 0
    for seed in range(300):
        session = Session(RuleSet(), seats(8), seed)
        events = session.start()
        cuts = [e for e in events if isinstance(e, Cut)]
        cutting = list(range(8))
        for cut in cuts:
            assert [s for s in range(8) if cut.cards[s] is not None] == cutting
            ranks = {s: card.rank for s, card in enumerate(cut.cards) if card is not None}
            top = [s for s in cutting if ranks[s] == max(ranks.values())]
            if cut is cuts[-1]:
                assert top == [cut.dealer] == [session.dealer]
            else:
                assert cut.dealer is None and len(top) > 1
                cutting = top
        recuts += len(cuts) - 1
        assert next(e for e in events if e.type == "deal_start").dealer == session.dealer
    assert recuts > 10, "eight players tie at the top often; the test must see re-cuts"


def test_R4_king_is_high_in_the_cut() -> None:
    for seed in range(100):
        session = Session(RuleSet(), seats(4), seed)
        cut = [e for e in session.start() if isinstance(e, Cut)][-1]
        if any(c is not None and c.rank == 13 for c in cut.cards):
            dealer_cut = cut.cards[session.dealer]
            assert dealer_cut is not None and dealer_cut.rank == 13
            return
    raise AssertionError("no cut with a king in 100 seeds")


# ----- R5: the deal passes left ---------------------------------------------------------------

@pytest.mark.parametrize("n", [3, 5, 8])
def test_R5_the_deal_passes_to_the_left_after_every_deal(n: int) -> None:
    session = Session(rules(deals=2 * n, starting_chips=200), seats(n), 4)
    events: list[Event] = []
    play_session(session, [LowestAgent() for _ in range(n)], events.append)
    dealers = [e.dealer for e in events if e.type == "deal_start"]
    assert len(dealers) == 2 * n
    assert dealers == [(dealers[0] + k) % n for k in range(2 * n)]


def test_R5_the_deal_skips_players_who_are_out(stacked: StackedDeals) -> None:
    # dealer 0, so seat 1 leads and would deal next; seat 1 leaves after the deal with 3 chips
    table = rigged_table(stacked, rules(deals=2), {1: "5C 9D", 2: "6C", 3: "2H 3H", 0: "4H"}, n=4, dealer=0,
                         chips=[40, 9, 40, 71])
    table.lead("5C")
    assert table.of_type("hand_won")[0].player == 2
    assert [e.player for e in table.of_type("player_out")] == [1]
    assert [e.dealer for e in table.of_type("deal_start")] == [0, 2]


# ----- R6: the end of a session ---------------------------------------------------------------

def test_R6_a_session_ends_after_the_deal_limit() -> None:
    session = Session(rules(deals=3), seats(4), 8)
    events: list[Event] = []
    play_session(session, [LowestAgent() for _ in range(4)], events.append)
    assert [e.deal for e in events if e.type == "deal_start"] == [1, 2, 3]
    assert events[-1].type == "session_end" and session.over and session.pending() is None
    assert sum(session.in_session) >= 2


def test_R6_a_session_ends_when_one_player_is_left(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(starting_chips=5), {0: "JD", 1: "2S 3H", 2: "4S 5H"}, stake=False)
    table.stake_all_on("JD")
    assert table.of_type("boodle_won")[0].chips == 12
    assert [e.player for e in table.of_type("player_out")] == [1, 2]
    end = table.events[-1]
    assert end.type == "session_end" and end.chips == (15, 0, 0) and end.winners == (0,)
    assert table.session.deal_number == 1 and table.session.over


def test_R6_equal_chips_share_the_win(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(deals=1), {0: "2H", 1: "5C", 2: "6C"}, chips=[40, 46, 34])
    end = table.events[-1]
    assert end.type == "session_end"
    # the 12 chips left on the boodle are shared 4 each (R22) before the winners are counted
    assert end.chips == (44, 44, 32) and end.winners == (0, 1)


def test_R6_no_deal_limit_plays_on_until_one_player_is_left() -> None:
    longest = 0
    for seed in range(6):
        session = Session(rules(deals=None), seats(3), seed)
        play_checked(session, [RandomAgent(f"{seed}:{seat}") for seat in range(3)])
        assert sum(session.in_session) == 1
        longest = max(longest, session.deal_number)
    default = RuleSet().deals
    assert default is not None and longest > default, "with no limit some session runs past the default limit"


def test_R6_no_deal_limit_needs_an_ante_or_the_session_could_never_end() -> None:
    with pytest.raises(RulesError, match="deals: null .no limit. needs an ante"):
        rules(deals=None, ante_pot=0, ante_boodle=0)
    rules(deals=None, ante_pot=0, ante_boodle=1)
    rules(deals=5, ante_pot=0, ante_boodle=0)


def test_R6_the_user_may_end_the_session(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "2S 9H", 1: "3H", 2: "4D 5D"})
    table.session.request_end()
    assert table.referee is not None
    table.referee.may_end_early = True
    assert table.pending is not None, "the deal in progress is played out"
    table.lead("2S")
    assert table.types()[-4:] == ["hand_won", "deal_end", "boodle_split", "session_end"]

    session = Session(RuleSet(), seats(4), 2)
    session.start()
    events = session.end_now()
    assert [e.type for e in events] == ["session_end"]
    end = events[0]
    assert end.type == "session_end" and end.winners == (0, 1, 2, 3)
    assert session.pending() is None and session.end_now() == []


# ----- R7: players going out ------------------------------------------------------------------

def test_R7_a_player_who_cannot_pay_the_ante_is_out_and_keeps_the_rest(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(deals=3), {1: "5C 9D", 2: "6C", 3: "2H 3H", 0: "4H"}, n=4, dealer=0,
                         chips=[40, 9, 40, 71])
    table.lead("5C")
    assert table.session.chips[1] == 3 and not table.session.in_session[1]
    table.play_out()
    assert table.of_type("session_end")[0].chips[1] == 3, "the player out keeps what was left"
    later_deals = table.of_type("deal")[1:]
    assert len(later_deals) == 2 and all(deal.hands[1] == () for deal in later_deals)
    assert [s.player for s in table.of_type("stake")].count(1) == 1
    assert all(p.player != 1 for p in table.of_type("play")[2:])


@pytest.mark.parametrize("multiplier, out", [(2, True), (1, False)])
def test_R7_the_next_dealer_who_cannot_pay_the_dealer_ante_is_out(stacked: StackedDeals, multiplier: int,
                                                                  out: bool) -> None:
    # seat 1 keeps 6 chips: enough for a player's ante of 5, not for a dealer's ante of 1 + 4 x 2
    table = rigged_table(stacked, rules(deals=2, dealer_ante_multiplier=multiplier),
                         {1: "5C 9D", 2: "6C", 3: "2H 3H", 0: "4H"}, n=4, dealer=0, chips=[40, 12, 40, 68])
    table.lead("5C")
    assert table.session.chips[1] == 6
    assert [e.player for e in table.of_type("player_out")] == ([1] if out else [])
    assert table.of_type("deal_start")[1].dealer == (2 if out else 1)
    if not out:
        assert table.pending == StakeDecision(2, 1, 4, CLASSIC_BOODLE)


# ----- R8: antes ------------------------------------------------------------------------------

def test_R8_free_staking_spreads_the_boodle_stake_as_each_player_likes(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "2S 3H", 1: "4S", 2: "5S"}, stake=False)
    assert table.pending == StakeDecision(0, 1, 4, CLASSIC_BOODLE)
    table.stake(AS=4)
    table.stake(KH=3, QC=1)
    table.stake(JD=2, AS=2)
    assert [(s.player, s.pot, {str(c): n for c, n in s.boodle}) for s in table.of_type("stake")] == [
        (0, 1, {"AS": 4}), (1, 1, {"KH": 3, "QC": 1}), (2, 1, {"JD": 2, "AS": 2})]
    assert table.session.boodle == [6, 3, 1, 2] and table.session.pot == 3
    assert table.session.chips == [35, 35, 35]


def test_R8_even_staking_puts_the_same_on_every_boodle_card_without_asking() -> None:
    session = Session(rules(staking="even"), seats(4), 1)
    events = session.start()
    stakes = [e for e in events if e.type == "stake"]
    assert len(stakes) == 4 and all(dict(s.boodle) == dict.fromkeys(CLASSIC_BOODLE, 1) for s in stakes)
    assert not isinstance(session.pending(), StakeDecision)
    assert session.boodle == [4, 4, 4, 4] and session.pot == 4


@pytest.mark.parametrize("staking", ["free", "even"])
def test_R8_dealer_ante_multiplier_doubles_the_dealers_boodle_stake(staking: str) -> None:
    session = Session(rules(staking=staking, dealer_ante_multiplier=2), seats(3), 0)
    table = Table(session)
    table.start()
    asked: dict[int, int] = {}
    while isinstance(decision := table.pending, StakeDecision):
        asked[decision.player] = decision.boodle_total
        table.apply(LowestAgent().decide(session.view(decision.player), decision))
    assert asked == ({seat: 8 if seat == session.dealer else 4 for seat in range(3)} if staking == "free" else {})
    stakes = {s.player: dict(s.boodle) for s in table.of_type("stake")}
    assert sum(stakes[session.dealer].values()) == 8
    assert session.chips[session.dealer] == 40 - 9 and session.boodle == [4, 4, 4, 4]
    if staking == "even":
        assert stakes[session.dealer] == dict.fromkeys(CLASSIC_BOODLE, 2)


def test_R8_the_ante_to_the_pot_and_to_the_boodle_are_settings() -> None:
    session = Session(rules(ante_pot=2, ante_boodle=6), seats(3), 0)
    session.start()
    decision = session.pending()
    assert isinstance(decision, StakeDecision) and (decision.pot, decision.boodle_total) == (2, 6)
    one_card = Session(rules(boodle_cards=cards("QC"), ante_boodle=3), seats(3), 0)
    events = one_card.start()
    assert [dict(e.boodle) for e in events if e.type == "stake"] == [{card("QC"): 3}] * 3


# ----- R9 and R20: boodle chips carry over ----------------------------------------------------

def test_R9_new_stakes_are_added_to_the_chips_already_on_a_boodle_card(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "2H", 1: "5C", 2: "6C"}, stake=False)
    stacked.queue({1: "2H", 2: "5C", 0: "6C"})  # deal 2: seat 0 deals, seat 1 leads and wins
    table.stake_all_on("AS")
    assert table.of_type("hand_won")[0].player == 0
    assert dict(table.of_type("deal_end")[0].boodle)[card("AS")] == 12
    table.stake_all_on("AS")
    assert table.of_type("deal_start")[1].dealer == 0 and table.of_type("hand_won")[1].player == 1
    assert dict(table.of_type("deal_end")[1].boodle)[card("AS")] == 24


def test_R20_boodle_cards_not_hit_keep_their_chips_for_the_next_deal(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "QC", 1: "5C", 2: "6C"})
    end = table.of_type("deal_end")[0]
    assert {str(c): n for c, n in end.boodle} == {"AS": 3, "KH": 3, "QC": 0, "JD": 3}
    assert isinstance(table.pending, StakeDecision) and table.session.boodle == [3, 3, 0, 3]
    table.stake_all_evenly()
    assert table.session.boodle[:2] == [6, 6] and table.session.boodle[2] == 3


# ----- R10: the deal --------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(3, 9))
def test_R10_all_52_cards_dealt_from_the_dealers_left_dead_hand_last(n: int) -> None:
    session = Session(rules(staking="even"), seats(n), 100 + n)
    deal = next(e for e in session.start() if e.type == "deal")
    order = [(session.dealer + k) % n for k in range(1, n + 1)]
    sizes = [len(deal.hands[seat]) for seat in order] + [len(deal.dead)]
    places = n + 1
    assert sizes == [52 // places + (i < 52 % places) for i in range(places)]
    assert max(sizes) - min(sizes) <= 1
    assert sorted(c.index for c in sum(deal.hands, ()) + deal.dead) == list(range(52))
    for seat in range(n):
        view = session.view(seat)
        assert view.hand == deal.hands[seat]
        assert not set(view.hand) & set(deal.dead), "nobody sees the dead hand"
        assert view.table.dead_size == len(deal.dead)


def test_R10_the_shuffle_puts_every_card_anywhere_alike() -> None:
    rng = random.Random(2024)
    rounds = 200 * 52
    first = [0] * 52
    last = [0] * 52
    for _ in range(rounds):
        deck = shuffled_deck(rng)
        first[deck[0]] += 1
        last[deck[51]] += 1
    expected = rounds / 52
    for counts in (first, last):
        chi_square = sum((count - expected) ** 2 / expected for count in counts)
        assert chi_square < 110, "51 degrees of freedom: above 110 happens by chance about once in 10**6"


def test_R10_the_deal_is_shuffled_differently_each_deal() -> None:
    session = Session(rules(deals=5, staking="even"), seats(4), 9)
    events: list[Event] = []
    play_session(session, [LowestAgent() for _ in range(4)], events.append)
    deals = [e.hands for e in events if e.type == "deal"]
    assert len(deals) == 5 and len(set(deals)) == 5


# ----- R11: buying the dead hand --------------------------------------------------------------

def test_R11_the_dealer_may_buy_the_dead_hand_for_the_fee(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, MICHIGAN, {0: "2H 3C", 1: "4H 5C", 2: "6H 7C"})
    old_dead = table.session.dead_hand()
    assert table.pending == BuyDeadDecision(2, 4)
    events = table.buy(True)
    assert [(e.player, e.fee) for e in events if e.type == "buy_dead"] == [(2, 4)]
    session = table.session
    assert session.hand(2) == old_dead and session.dead_hand() == cards("6H 7C")
    assert session.chips == [35, 35, 31] and session.pot == 3 + 4, "the fee goes to the pot"
    dealer_view = session.view(2)
    assert dealer_view.given_up == cards("6H 7C") and dealer_view.known_dead >= set(cards("6H 7C"))
    assert dealer_view.table.dead_bought and dealer_view.hand_sizes[2] == len(old_dead)
    assert session.view(0).given_up == () and not session.view(0).known_dead
    assert table.session.pending() == LeadDecision(0, cards("2H 3C"))


def test_R11_declining_keeps_the_hands_and_the_chips(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, MICHIGAN, {0: "2H 3C", 1: "4H 5C", 2: "6H 7C"})
    table.buy(False)
    assert "buy_dead" not in table.types() and table.session.hand(2) == cards("6H 7C")
    assert table.session.chips == [35, 35, 35] and table.session.view(2).given_up == ()


def test_R11_the_fee_is_a_setting_and_ends_up_in_the_winners_pot(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(buy_dead_hand=BuyDeadHand(True, 3)), {0: "2H 3C", 1: "4H 5C", 2: "6H 7C"})
    assert table.pending == BuyDeadDecision(2, 3)
    table.buy(True)
    assert table.session.pot == 6


def test_R11_no_buying_when_the_rules_say_no(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "2H 3C", 1: "4H 5C", 2: "6H 7C"})
    assert table.pending == LeadDecision(0, cards("2H 3C"))


def test_R11_a_dealer_with_exactly_the_fee_may_buy(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, MICHIGAN, {0: "2H 3C", 1: "4H 5C", 2: "6H 7C"}, chips=[40, 71, 9])
    assert table.session.chips[2] == 4 and table.pending == BuyDeadDecision(2, 4)
    table.buy(True)
    assert table.session.chips[2] == 0 and table.session.pot == 7


def test_R11_a_dealer_who_cannot_pay_the_fee_cannot_buy(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, MICHIGAN, {0: "2H 3C", 1: "4H 5C", 2: "6H 7C"}, chips=[40, 72, 8])
    assert table.session.chips[2] == 3
    assert table.pending == LeadDecision(0, cards("2H 3C"))
    before = snapshot(table.session)
    with pytest.raises(NotYourDecisionError, match="seat 0's"):
        table.apply(BuyDeadAction(2, True))
    with pytest.raises(NotYourDecisionError, match="BuyDeadAction does not answer the pending lead"):
        table.apply(BuyDeadAction(0, True))
    assert snapshot(table.session) == before


# ----- R12: the first lead --------------------------------------------------------------------

@pytest.mark.parametrize("dealer, leader", [(2, 0), (0, 1), (1, 2)])
def test_R12_the_player_on_the_dealers_left_leads_first(stacked: StackedDeals, dealer: int, leader: int) -> None:
    table = rigged_table(stacked, rules(), {leader: "2H 3C", (leader + 1) % 3: "4H 5C", (leader + 2) % 3: "6H 7C"},
                         dealer=dealer)
    assert table.pending == LeadDecision(leader, cards("2H 3C"))


def test_R12_first_lead_by_the_holder_of_a_card(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(first_lead="2D"), {0: "3H 4C", 1: "9S 2D", 2: "5H 6C"})
    assert table.pending == LeadDecision(1, cards("9S 2D")), "the holder leads, any suit they like"


def test_R12_first_lead_card_in_the_dead_hand_gives_the_lead_to_the_dealers_left(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(first_lead="2D"), {0: "3H 4C", 1: "9S 3D", 2: "5H 6C"})
    assert table.session.holder(card("2D")) is None
    assert table.pending == LeadDecision(0, cards("3H 4C"))


def test_R12_first_lead_card_bought_with_the_dead_hand(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, dataclasses.replace(MICHIGAN, first_lead="2D"), {0: "3H 4C", 1: "9S 3D", 2: "5H"})
    table.buy(True)
    decision = table.pending
    assert isinstance(decision, LeadDecision) and decision.player == 2
    assert card("2D") in table.session.hand(2)


# ----- R13: leading ---------------------------------------------------------------------------

def test_R13_a_lead_is_the_lowest_card_of_a_suit_held(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "3S 7S 5H 9H QC", 1: "4D", 2: "5D"})
    assert table.pending == LeadDecision(0, cards("3S 5H QC"))
    before = snapshot(table.session)
    with pytest.raises(IllegalLeadError, match="R13: a lead is the lowest card of its suit: 3S, not 7S"):
        table.apply(LeadAction(0, card("7S")))
    with pytest.raises(IllegalLeadError, match="seat 0 does not hold 4D"):
        table.apply(LeadAction(0, card("4D")))
    with pytest.raises(IllegalLeadError, match="is not a card"):
        table.apply(LeadAction(0, "3S"))  # type: ignore[arg-type]
    assert snapshot(table.session) == before
    table.lead("5H")
    assert table.plays()[0] == "0:5H*"


# ----- R14: following -------------------------------------------------------------------------

def test_R14_the_next_card_is_played_at_once_by_its_holder(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "2S 5S 9H", 1: "3S 8H", 2: "4S 7D"})
    events = table.lead("2S")
    plays = [f"{e.player}:{e.card}" for e in events if e.type == "play"]
    assert plays[:4] == ["0:2S", "1:3S", "2:4S", "0:5S"]
    assert [e.lead for e in events if e.type == "play"][:4] == [True, False, False, False]


def test_R14_optional_following_lets_the_holder_choose(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(follow="optional"), {0: "2S 5S 9H", 1: "3S 8H", 2: "4S 7D"})
    table.lead("2S")
    assert table.pending == FollowDecision(1, card("3S"))
    table.follow(True)
    assert table.pending == FollowDecision(2, card("4S"))
    before = snapshot(table.session)
    with pytest.raises(IllegalActionError, match=r"True \(play\) or False \(decline\), not 1"):
        table.apply(FollowAction(2, 1))  # type: ignore[arg-type]
    assert snapshot(table.session) == before
    table.follow(False)
    assert table.plays() == ["0:2S*", "1:3S", "1:8H*"]
    assert table.stops()[0] == ("3S", "declined")
    assert table.of_type("hand_won")[0].player == 1
    assert table.of_type("hand_won")[0].payments[1] == (2, 2), "seat 2 kept 4S and 7D"


# ----- R15: stops -----------------------------------------------------------------------------

def test_R15_stop_when_next_card_in_dead_hand(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "2S 9H 9C", 1: "4H", 2: "5H"})
    table.lead("2S")
    assert table.stops() == [("2S", "dead_hand")]
    assert table.pending == LeadDecision(0, cards("9H 9C"))


def test_R15_stop_after_a_king(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "QS KS 2H", 1: "AS 4H", 2: "5H"})
    table.lead("QS")
    assert table.plays() == ["0:QS*", "0:KS", "0:2H*"]
    assert table.stops() == [("KS", "king")], "AS is held, but the king tops the suit"


def test_R15_stop_when_next_card_already_played(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "5H 9C 8D 9D", 1: "10C 2H 3H 4H 7S", 2: "KS"})
    assert table.pending == LeadDecision(0, cards("5H 8D 9C"))
    table.lead("5H")
    table.lead("9C")
    assert table.pending == LeadDecision(1, cards("7S 2H"))
    table.lead("2H")
    assert table.plays() == ["0:5H*", "0:9C*", "1:10C", "1:2H*", "1:3H", "1:4H", "1:7S*"]
    assert table.stops() == [("5H", "dead_hand"), ("10C", "dead_hand"), ("4H", "already_played")]


def test_R15_stop_when_holder_declines(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(follow="optional"), {0: "2S 3S 9H", 1: "5D", 2: "6D"})
    table.lead("2S")
    assert table.pending == FollowDecision(0, card("3S")), "even the leader may decline their own next card"
    table.follow(False)
    assert table.plays() == ["0:2S*", "0:9H*", "0:3S*"]
    assert table.stops() == [("2S", "declined"), ("9H", "dead_hand")]


# ----- R16: the lead after a stop -------------------------------------------------------------

def test_R16_the_last_player_leads_another_suit(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "2S 3S 7S 4H 5C", 1: "8D", 2: "9D"})
    table.lead("2S")
    assert table.pending == LeadDecision(0, cards("4H 5C"))
    before = snapshot(table.session)
    with pytest.raises(IllegalLeadError, match="R16: after a stop in spades, lead another suit"):
        table.apply(LeadAction(0, card("7S")))
    assert snapshot(table.session) == before


def test_R16_the_player_who_played_the_last_card_leads_again(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "2S 9H 9C", 1: "3S 5H 5C", 2: "4D"})
    table.lead("2S")
    assert table.pending == LeadDecision(1, cards("5H 5C"))


def test_R16_holding_only_the_stopped_suit_leads_its_lowest(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "2S 3S 7S 9S", 1: "4H", 2: "5H"})
    assert table.plays() == ["0:2S*", "0:3S", "0:7S*", "0:9S*"]
    assert table.stops() == [("3S", "dead_hand"), ("7S", "dead_hand")]


def test_R16_switch_suit_false_leads_any_suit(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(switch_suit=False), {0: "2S 3S 7S 4H 5C", 1: "8D", 2: "9D"})
    table.lead("2S")
    assert table.pending == LeadDecision(0, cards("7S 4H 5C"))
    table.lead("7S")
    assert table.plays()[-1] == "0:7S*"


def test_R16_switch_to_other_colour(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(switch_to="other_colour"), {0: "2S 3S 7S 4H 5C 6D", 1: "8D", 2: "9D"})
    table.lead("2S")
    assert table.pending == LeadDecision(0, cards("4H 6D"))
    with pytest.raises(IllegalLeadError, match="R16"):
        table.apply(LeadAction(0, card("5C")))


def test_R16_other_colour_unable_leads_any_suit_they_hold(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(switch_to="other_colour"), {0: "2S 3S 7S 5C", 1: "8D", 2: "9D"})
    table.lead("2S")
    assert table.pending == LeadDecision(0, cards("7S 5C"))


@pytest.mark.parametrize("switch_to, options", [("other_colour", "4H 9D"), ("other_suit", "4H 9D 8C")])
def test_R16_pass_left_gives_the_lead_to_the_first_player_who_can_switch(
        stacked: StackedDeals, switch_to: str, options: str) -> None:
    held = {0: "2S 3S 7S 5C", 1: "6S", 2: "4H 9D 8C"} if switch_to == "other_colour" else \
        {0: "2S 3S 7S", 1: "6S", 2: "4H 9D 8C"}
    table = rigged_table(stacked, rules(switch_to=switch_to, when_unable="pass_left"), held)
    if switch_to == "other_colour":
        table.lead("2S")
    assert table.plays()[:2] == ["0:2S*", "0:3S"] and table.stops()[0] == ("3S", "dead_hand")
    assert table.pending == LeadDecision(2, cards(options)), "seat 1 cannot switch either: the lead goes on"


def test_R16_pass_left_when_nobody_can_switch_the_leader_keeps_the_suit(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(when_unable="pass_left"), {0: "2S 3S 7S", 1: "9S", 2: "JS"})
    assert table.plays() == ["0:2S*", "0:3S", "0:7S*"]
    assert table.of_type("hand_won")[0].player == 0


# ----- R17: boodle wins -----------------------------------------------------------------------

def test_R17_a_boodle_card_played_wins_its_chips_at_once_lead_or_follow(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "AS 9C", 1: "2S QH 8D", 2: "KH 5D"}, stake=False)
    table.stake(AS=4)
    table.stake(KH=4)
    table.stake(KH=2, QC=2)
    table.lead("AS")
    table.lead("QH")
    assert table.plays() == ["0:AS*", "1:2S", "1:QH*", "2:KH", "2:5D*"]
    won = [(e.player, str(e.card), e.chips) for e in table.of_type("boodle_won")]
    assert won == [(0, "AS", 4), (2, "KH", 6)]
    types = table.types()
    assert types[types.index("boodle_won") - 1] == "play", "won at once, right after the card"
    assert dict(table.of_type("deal_end")[0].boodle) == {card("AS"): 0, card("KH"): 0, card("QC"): 2,
                                                         card("JD"): 0}


# ----- R18: winning the deal ------------------------------------------------------------------

def test_R18_the_first_to_play_their_last_card_wins_and_play_stops(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(), {0: "2S 9H 9C", 1: "3S", 2: "4S 5S"})
    events = table.lead("2S")
    assert [e.type for e in events[:5]] == ["play", "play", "hand_won", "deal_end", "deal_start"]
    won = events[2]
    assert won.type == "hand_won" and won.player == 1, "won with a follow, out of turn"
    assert "4S" not in [str(e.card) for e in table.of_type("play")]


# ----- R19: settlement ------------------------------------------------------------------------

@pytest.mark.parametrize("per_card", [1, 2, 0])
def test_R19_the_winner_takes_the_pot_and_a_payment_per_card_left(stacked: StackedDeals, per_card: int) -> None:
    table = rigged_table(stacked, rules(per_card_payment=per_card), {0: "2S 9H 9C", 1: "3S", 2: "4S 5S 6S"})
    table.lead("2S")
    won = table.of_type("hand_won")[0]
    assert won.player == 1 and won.pot == 3
    assert [(p.source, p.chips) for p in won.payments] == [(0, 2 * per_card), (2, 3 * per_card)]
    assert table.of_type("deal_end")[0].chips == (35 - 2 * per_card, 38 + 5 * per_card, 35 - 3 * per_card)


def test_R19_a_player_who_owes_more_than_they_have_pays_all_they_have(stacked: StackedDeals) -> None:
    table = rigged_table(stacked, rules(per_card_payment=2), {0: "2S 9H 9C", 1: "3S", 2: "4S 5S 6S"},
                         chips=[40, 74, 6])
    table.lead("2S")
    won = table.of_type("hand_won")[0]
    assert [(p.source, p.chips) for p in won.payments] == [(0, 4), (2, 1)]
    assert table.of_type("deal_end")[0].chips == (31, 74 - 5 + 3 + 5, 0)


# ----- R21: conservation ----------------------------------------------------------------------

@pytest.mark.parametrize("rule_set", [RuleSet(), MICHIGAN, rules(follow="optional", dealer_ante_multiplier=3)],
                         ids=["classic", "michigan", "optional"])
def test_R21_chips_are_never_created_or_destroyed(rule_set: RuleSet) -> None:
    for seed in range(5):
        session = Session(rule_set, seats(5), seed)
        total = 5 * rule_set.starting_chips
        agents = [RandomAgent(f"{seed}:{seat}") for seat in range(5)]
        session.start()
        assert session.chips_total() == total
        while (decision := session.pending()) is not None:
            session.apply(agents[decision.player].decide(session.view(decision.player), decision))
            assert session.chips_total() == total
            assert sum(session.chips) + session.pot + sum(session.boodle) == total


def test_R21_ending_at_once_leaves_chips_on_the_table() -> None:
    session = Session(RuleSet(), seats(4), 3)
    session.start()
    while isinstance(decision := session.pending(), StakeDecision):
        session.apply(LowestAgent().decide(session.view(decision.player), decision))
    end = session.end_now()[0]
    assert end.type == "session_end" and sum(end.chips) == 4 * 35 and session.pot == 4 and sum(session.boodle) == 16
    assert session.chips_total() == 160


def test_R8_no_boodle_ante_means_no_stake_decision() -> None:
    session = Session(RuleSet(ante_boodle=0, ante_pot=2), seats(4), 3)
    events = session.start()
    stakes = [e for e in events if e.type == "stake"]
    assert [s.boodle for s in stakes] == [(), (), (), ()] and all(s.pot == 2 for s in stakes)
    pending = session.pending()
    assert pending is None or pending.kind != "stake"
