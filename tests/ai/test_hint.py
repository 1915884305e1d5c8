"""The hint: the expert's choice selected at the table (Enter takes it) with one reason read off its playouts,
the same choice and chips as the expert's own search, in every language, in a box clear of the prompt."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import instant_app, key

from game.ai import hint as hint_module
from game.ai.expert.rollout import DEAD, State
from game.ai.expert.search import Budget, follow_values, lead_values
from game.ai.hint import BuyHint, FollowHint, Hint, LeadHint, StakeHint, expert_hint
from game.ai.hint_tally import Reason, Tally, reason_for
from game.ai.registry import character_ids, load_character_by_id
from game.ai.seats import SeatSpec
from game.ai.simple import FirstOptionAgent
from game.app.app import App
from game.app.table.controls import hint_box, prompt_area
from game.app.table.hint_words import hint_detail, hint_words, reason_words
from game.app.table.layout import table_layout
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.engine import RuleSet, SeatInfo, Session
from game.engine.cards import Card
from game.engine.decisions import (
    BuyDeadAction,
    Decision,
    FollowAction,
    FollowDecision,
    LeadAction,
    LeadDecision,
    StakeAction,
    StakeDecision,
)
from game.engine.view import PlayerView
from game.locale import LANGUAGES, set_language
from game.locale.words import Words

NO_CLOCK = Budget(time_budget_ms=40.0, max_samples=600, min_samples=8, deadline_ms=0.0)  # as the hint, no safety net


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()


@pytest.fixture
def english() -> Iterator[None]:
    yield
    set_language("en")


def sit(app: App, rules: RuleSet, seed: int) -> TableScene:
    """A table of the player and three quick characters."""
    quick = [c for c in character_ids() if c != "expert"]
    seats: list[SeatSpec] = [("You", None)] + [(cid, load_character_by_id(cid)) for cid in quick[:3]]
    scene = TableScene.seated(app, dataclasses.replace(rules, players=4), seats, seed)
    app.scenes.clear_to(scene)
    return scene


def decisions(rules: RuleSet, seed: int) -> Iterator[tuple[PlayerView, Decision]]:
    """Seat 0's decisions in a session where every seat takes its first option."""
    session = Session(rules, [SeatInfo(f"s{i}") for i in range(rules.players)], seed)
    session.start()
    while (decision := session.pending()) is not None:
        view = session.view(decision.player)
        if decision.player == 0:
            yield view, decision
        session.apply(FirstOptionAgent().decide(view, decision))


# --- the search: the expert's own choice and chips, the playouts counted on the side --------------------------

def test_the_hint_chooses_and_values_exactly_as_the_expert_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hint_module, "HINT_BUDGET", NO_CLOCK)
    rules = RuleSet(players=4, deals=1, follow="optional")
    checked = {"lead": 0, "follow": 0}
    for view, decision in decisions(rules, 4):
        if isinstance(decision, LeadDecision) and len(decision.options) > 1 and checked["lead"] < 2:
            hint = expert_hint(view, decision, 99)
            assert isinstance(hint, LeadHint)
            values = lead_values(view, [c.index for c in decision.options], NO_CLOCK, random.Random(99))
            assert sorted(values, reverse=True) == [value for _, value in hint.ranked]
            assert hint.card == decision.options[max(range(len(values)), key=lambda i: values[i])]
            checked["lead"] += 1
        elif isinstance(decision, FollowDecision) and checked["follow"] < 2:
            hint = expert_hint(view, decision, 5)
            assert isinstance(hint, FollowHint)
            assert (hint.play, hint.decline) == follow_values(view, decision.card.index, NO_CLOCK, random.Random(5))
            checked["follow"] += 1
    assert checked == {"lead": 2, "follow": 2}


def test_the_first_run_is_counted_off_the_sampled_deal() -> None:
    # seat 0 leads 5♥; 6♥ is seat 1's and carries boodle chips, 7♥ is seat 0's, 8♥ is in the dead hand
    owner = [DEAD] * 52
    five, six, seven, eight = (Card.parse(text).index for text in ("5H", "6H", "7H", "8H"))
    owner[five], owner[six], owner[seven] = 0, 1, 0
    owner[Card.parse("2C").index] = 0
    owner[Card.parse("3C").index] = 1
    owner[Card.parse("4C").index] = 2
    bchips = [0] * 52
    bchips[six] = 3
    tally = Tally(0, 1, (), [0], [0], [0], [0], [{}], [{}])
    state = State.of(owner, 3, [20, 20, 20], bchips, 0)
    tally._first_run(0, state, five)
    assert (tally.shed, tally.kept_lead, tally.others_reached) == ([2], [1], [{six: 1}])


def tally_of(**counts: list[int] | list[dict[int, int]] | list[list[float]]) -> Tally:
    """A tally of two choices over 10 playouts each, with these counts."""
    tally = Tally(0, 2, (Card.parse("QH").index,), [10, 10], [10, 10], [5, 5], [3, 3], [{}, {}], [{}, {}])
    for name, values in counts.items():
        setattr(tally, name, values)
    return tally


def test_the_reason_is_the_count_that_best_tells_the_choice_from_the_next_best() -> None:
    view = next(iter(decisions(RuleSet(players=4, deals=1), 1)))[0]
    queen = Card.parse("QH").index
    reached = tally_of(own_reached=[{queen: 7}, {queen: 2}])
    assert reason_for(reached, view, [3.0, 1.0], 0) == Reason("own_boodle", share=0.7, card=Card.parse("QH"))
    both = tally_of(shed=[40, 20], kept_lead=[8, 3])
    assert reason_for(both, view, [3.0, 1.0], 0) == Reason("sheds_and_keeps_lead", share=0.8, cards=4.0)
    spared = tally_of(others_reached=[{}, {Card.parse("JC").index: 6}])
    found = reason_for(spared, view, [3.0, 1.0], 0)
    assert found.kind == "others_boodle" and found.card == Card.parse("JC") and found.share == pytest.approx(0.6)
    alike = tally_of()
    assert reason_for(alike, view, [2.5, 2.0], 0) == Reason("chips", value=2.5, other=2.0)
    assert reason_for(alike, view, [2.5], 0).kind == "chips_only"


def test_a_reason_names_only_a_boodle_card_of_the_suit_of_the_run_the_choice_starts() -> None:
    view = next(iter(decisions(RuleSet(players=4, deals=1), 1)))[0]
    five_d, ten_d, queen_d, jack_c, queen_c, king_c, nine_h = (
        Card.parse(text).index for text in ("5D", "10D", "QD", "JC", "QC", "KC", "9H"))
    # the best lead is 5♦; the next best, J♣, runs into another player's Q♣ and the player's own K♣: neither is
    # a reason to lead 5♦ (the screenshot's "Lead 5♦: the run stops short of another player's boodle card Q♣")
    made_up = Tally(0, 2, (king_c,), [10, 10], [10, 10], [5, 5], [3, 3], [{}, {king_c: 9}], [{}, {queen_c: 8}],
                    [five_d, jack_c])
    reason = reason_for(made_up, view, [3.0, 1.0], 0)
    assert reason == Reason("chips", value=3.0, other=1.0)
    said = str(hint_words(LeadHint(((Card.parse("5D"), 3.0), (Card.parse("JC"), 1.0)), reason), lambda seat: str))
    assert "♣" not in said and "Q" not in said, said
    # the same counts in the lead's own suit are the reason, and name the card
    made_up.starts, made_up.others_reached = [five_d, ten_d], [{}, {queen_d: 8}]
    found = reason_for(made_up, view, [3.0, 1.0], 0)
    assert found.kind == "others_boodle" and found.card == Card.parse("QD")
    # declining a follow: the run is the one of the card declined, whatever the playouts reached after it
    made_up.starts, made_up.others_reached = [nine_h, None], [{queen_c: 8}, {}]
    assert reason_for(made_up, view, [1.0, 3.0], 1).kind == "chips"


def test_no_made_up_tally_gives_a_reason_naming_a_card_off_the_run() -> None:
    view = next(iter(decisions(RuleSet(players=4, deals=1), 1)))[0]
    rng = random.Random(12)
    named = 0
    for _ in range(400):
        choices = rng.randint(2, 4)
        starts: list[int | None] = [rng.randrange(52) for _ in range(choices)]
        own = tuple(rng.sample(range(52), 2))

        def reached() -> dict[int, int]:
            return {card: rng.randint(0, 10) for card in rng.sample(range(52), 3)}
        tally = Tally(0, choices, own, [10] * choices, [rng.randint(0, 30) for _ in starts],
                      [rng.randint(0, 10) for _ in starts], [rng.randint(0, 10) for _ in starts],
                      [{card: rng.randint(0, 10) for card in own} for _ in starts], [reached() for _ in starts], starts)
        values = [rng.uniform(-3, 3) for _ in starts]
        best = max(range(choices), key=lambda i: values[i])
        reason = reason_for(tally, view, values, best)
        if reason.card is not None:
            named += 1
            start = starts[best]
            assert start is not None and reason.card.suit == Card.from_index(start).suit, (reason, starts, best)
    assert named > 20  # the boodle reasons were given often enough to tell


REASONS = [Reason("sheds", cards=3.6), Reason("sheds_and_keeps_lead", share=0.72, cards=1.0),
           Reason("keeps_lead", share=0.4), Reason("own_boodle", share=0.7, card=Card.parse("QH")),
           Reason("others_boodle", share=0.3, card=Card.parse("JC")),
           Reason("others_boodle", share=0.3, card=Card.parse("JC"), holder=2),
           Reason("goes_out", share=0.55), Reason("chips", value=6.8, other=6.6), Reason("chips_only", value=-1.2),
           Reason("chips", value=2.71, other=2.69)]


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_reason_is_worded_in_every_language(code: str, english: None) -> None:
    set_language(code)
    said = [str(reason_words(reason, lambda seat: lambda: f"Seat{seat}")) for reason in REASONS]
    assert all(words and "hint." not in words and "{" not in words for words in said), said
    assert len(set(said)) == len(said)
    assert "Seat2" in said[5] and ("7" in said[3]) and ("4" in said[0])
    assert said[-1].count("2") == 1, "a close call does not read as two equal figures"
    hint = LeadHint(((Card.parse("4D"), 6.8),), REASONS[3])
    hinted = str(hint_words(hint, lambda seat: lambda: ""))
    assert hinted.count("4") >= 1 and "7" not in hinted and said[3] not in hinted, "the figures only in the details"
    assert str(hint_detail(hint, lambda seat: lambda: "")) == said[3]


# --- the table: the choice selected, Enter takes it ------------------------------------------------------------

def test_enter_leads_the_card_the_hint_selects(app: App) -> None:
    scene = sit(app, rules_by_name("classic"), 2)
    assert scene.fast_forward_until(lambda s: s.human.kind == "lead" and len(s.human.options()) > 1, 5000)
    options = scene.human.options()
    key(app, pygame.K_h)
    scene.human.finish_hint()
    chosen = scene.human.hint_card
    assert chosen is not None and scene.human.hint and scene.human.hint.startswith(f"Lead {chosen.label}: ")
    assert options[scene.human.focus] == chosen
    key(app, pygame.K_RETURN)
    assert scene.actions[-1] == LeadAction(0, chosen)


def test_enter_confirms_the_stake_the_hint_lays_out(app: App) -> None:
    scene = sit(app, rules_by_name("classic"), 2)
    assert scene.fast_forward_until(lambda s: s.human.kind == "stake", 5000, play_for_human=False)
    key(app, pygame.K_h)
    scene.human.finish_hint()
    stake = list(scene.human.stake)
    assert scene.human.left_to_place == 0 and sorted(stake)[:-1] == [0] * (len(stake) - 1)
    key(app, pygame.K_RETURN)
    action = scene.actions[-1]
    assert isinstance(action, StakeAction) and action.player == 0 and len(action.boodle) == 1


@pytest.mark.parametrize("rules, kind", [("michigan", "buy_dead"), ("house", "follow")])
def test_enter_gives_the_answer_the_hint_selects(app: App, rules: str, kind: str) -> None:
    chosen = rules_by_name(rules)
    if kind == "follow":
        chosen = dataclasses.replace(chosen, follow="optional")
    scene = sit(app, chosen, 5)
    assert scene.fast_forward_until(lambda s: s.human.kind == kind, 20_000)
    key(app, pygame.K_h)
    scene.human.finish_hint()
    hint = scene.human.hint or ""
    yes = hint.startswith(("Buy", "Play"))
    assert yes or hint.startswith(("Keep", "Decline")), hint
    assert scene.human.focus == (0 if yes else 1)
    key(app, pygame.K_RETURN)
    answer = scene.actions[-1]
    assert answer == (BuyDeadAction(0, yes) if kind == "buy_dead" else FollowAction(0, yes))


# --- the box: never over its own label or the prompt --------------------------------------------------------------

LONGEST = {"lead": ("hint.lead", Reason("sheds_and_keeps_lead", share=0.7, cards=4.0)),
           "follow": ("hint.decline", Reason("others_boodle", share=0.5, card=Card.parse("10C"), holder=1)),
           "buy_dead": ("hint.keep", Reason("own_boodle", share=0.7, card=Card.parse("10H"))),
           "stake": ("hint.stake", None)}


@pytest.mark.parametrize("code", ["en", "fr", "pt"])
def test_the_hint_box_keeps_clear_of_its_label_and_the_prompt(app: App, code: str, english: None) -> None:
    app.set_language(code)
    longest_name = "Professor Aldous Quist-Wetherby"
    for kind, (key_name, reason) in LONGEST.items():
        if reason is None:
            words = str(Words.of(key_name, 12, card=Card.parse("10D"), seats=8, rate="100 %"))
        else:
            said = reason_words(reason, lambda seat: lambda: longest_name)
            words = str(Words.of(key_name, card=Card.parse("10D"), reason=said))
        for players in (3, 8):
            layout = table_layout(players)
            place = hint_box(app.text, layout, words)
            prompt = prompt_area(app.text, layout)
            assert not place.box.move(0, 2).colliderect(prompt), (kind, words)
            assert not place.body.colliderect(place.label), (kind, words)
            assert place.box.contains(place.body) and place.box.contains(place.label), (kind, words)
            assert layout.board.bottom <= place.box.top or place.lines > 1, "one line stays under the board"



@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_staking_hint_covers_nothing_the_player_needs(app: App, code: str, english: None) -> None:
    app.set_language(code)
    ten, ace = Card.parse("10D"), Card.parse("AS")
    for words in (str(Words.of("hint.stake", 12, card=ten, seats=8, rate="100 %")),
                  str(Words.of("hint.stake_even", seats=8, card=ten, other=ace, rate="100 %", other_rate="100 %"))):
        for players in range(3, 9):
            layout = table_layout(players)
            box = hint_box(app.text, layout, words, staking=True).box
            shadow = box.move(0, 2)
            assert layout.board.bottom < box.top, ("over the board", words)  # the clubs' row included
            assert not shadow.colliderect(prompt_area(app.text, layout)) and not box.colliderect(layout.status)
            assert not shadow.colliderect(layout.panel) and layout.on_felt(shadow), (players, words)
            assert shadow.bottom <= layout.hand.bottom, "in the hand's place, empty until the deal"
            assert shadow.collidelist([place.region for place in layout.seats]) < 0, (players, words)
            assert not shadow.colliderect(layout.boodle_cards[0].union(layout.boodle_cards[-1]))

# --- honesty: about equal when the search cannot tell, the same pick whatever the seed when it can ---------------

def test_the_edges_standard_error_comes_from_the_paired_per_deal_differences() -> None:
    tally = tally_of(results=[[1.0, 2.0, 3.0, 4.0], [0.0, 2.0, 2.0, 4.0]])  # differences 1, 0, 1, 0
    assert tally.error(0, 1) == pytest.approx((1 / 3 / 4) ** 0.5)
    assert tally_of(results=[[3.0, 5.0], [1.0, 3.0]]).error(0, 1) == 0.0  # always 2 ahead: no doubt at all


def searched_hints(seed: int, count: int) -> Iterator[tuple[PlayerView, Decision, LeadHint | FollowHint]]:
    """The hint (searched with seed 1) for seat 0's first `count` lead or follow decisions with a choice."""
    rules = RuleSet(players=4, deals=1, follow="optional")
    for view, decision in decisions(rules, seed):
        if count and (isinstance(decision, FollowDecision)
                      or isinstance(decision, LeadDecision) and len(decision.options) > 1):
            hint = expert_hint(view, decision, 1)
            assert isinstance(hint, LeadHint | FollowHint)
            count -= 1
            yield view, decision, hint


def test_near_equal_choices_are_said_to_be_about_equal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hint_module, "HINT_BUDGET", NO_CLOCK)
    close = [(view, decision, hint) for view, decision, hint in searched_hints(1, 5)
             if hint.reason.kind == "about_equal"]
    assert len(close) >= 2, "seed 1 has a close lead and a close follow"
    for view, decision, hint in close:
        reason = hint.reason
        assert 0 <= reason.edge <= reason.spread and not reason.clear
        said = str(hint_words(hint, lambda seat: str))
        detail = str(hint_detail(hint, lambda seat: str))
        assert "about as good" in said and "±" not in said and "±" in detail, (said, detail)
        if isinstance(hint, LeadHint):  # still the expert's pick, the runner-up named beside it
            assert isinstance(decision, LeadDecision)
            values = lead_values(view, [c.index for c in decision.options], NO_CLOCK, random.Random(1))
            assert hint.card == decision.options[max(range(len(values)), key=lambda i: values[i])]
            assert said.startswith(f"Lead {hint.card.label} or {hint.ranked[1][0].label}: "), said


def test_a_clearly_best_choice_is_the_same_whatever_the_hints_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hint_module, "HINT_BUDGET", NO_CLOCK)
    clear = 0
    for view, decision, hint in searched_hints(1, 6):
        if not hint.reason.clear:
            continue
        clear += 1
        assert "about as good" not in str(hint_words(hint, lambda seat: str))
        for seed in (2, 3):
            again = expert_hint(view, decision, seed)
            if isinstance(hint, LeadHint):
                assert isinstance(again, LeadHint) and again.card == hint.card
            else:
                assert isinstance(again, FollowHint) and (again.play >= again.decline) == (hint.play >= hint.decline)
    assert clear >= 3


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_about_equal_is_worded_in_every_language(code: str, english: None) -> None:
    set_language(code)
    close = Reason("about_equal", value=1.0, other=0.7, edge=0.3, error=0.3)
    five, nine = Card.parse("5D"), Card.parse("9C")
    hints: list[Hint] = [LeadHint(((five, 1.0), (nine, 0.7)), close), FollowHint(five, 1.0, 0.7, close),
                         FollowHint(five, 0.7, 1.0, close), BuyHint(1.0, 0.7, close), BuyHint(0.7, 1.0, close)]
    said = [str(hint_words(hint, lambda seat: str)) for hint in hints]
    ranks = [words.replace(five.label, "").replace(nine.label, "") for words in said]
    assert all("hint." not in words and "{" not in words and not any(ch.isdigit() for ch in words)
               for words in ranks), said  # a player's words: no figure but the cards' ranks
    assert len(set(said)) == len(said) and five.label in said[0] and nine.label in said[0]
    details = [str(hint_detail(hint, lambda seat: str)) for hint in hints]
    assert all("0" in words and "6" in words and "±" in words and "{" not in words for words in details), details


def stake_hint(rules: RuleSet, seed: int) -> StakeHint:
    """The hint for seat 0's first stake."""
    view, decision = next((view, decision) for view, decision in decisions(rules, seed)
                          if isinstance(decision, StakeDecision))
    hint = expert_hint(view, decision, seed)
    assert isinstance(hint, StakeHint)
    return hint


def test_the_staking_hint_says_when_staking_barely_matters(english: None) -> None:
    classic = rules_by_name("classic")
    even = stake_hint(dataclasses.replace(classic, players=5, deals=1), 3)  # J♦ 52.5%, A♠ 52.2%: noise
    assert even.barely_matters and even.other is not None and even.rate - even.other_rate < hint_module.STAKE_MARGIN
    said = str(hint_words(even, lambda seat: str))
    assert said.startswith("Staking barely matters here") and "more often" not in said and "%" not in said, said
    assert "%" in str(hint_detail(even, lambda seat: str))
    clear = stake_hint(dataclasses.replace(classic, players=3, deals=1), 3)  # A♠ 62%, K♥ 55%
    assert not clear.barely_matters and clear.card == Card.parse("AS")
    said = str(hint_words(clear, lambda seat: str))
    assert "more often" in said and "barely" not in said and "%" not in said, said
    for code in sorted(LANGUAGES):
        set_language(code)
        worded = str(hint_words(even, lambda seat: str))
        assert "{" not in worded and "hint." not in worded and "♦" in worded and "♠" in worded, worded
