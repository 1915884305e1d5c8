"""The heuristic strategies: lawful on real views, staking blind to the hand, each doing what its name says in a
bounded number of steps, and the characters built from them playing measurably differently."""

from __future__ import annotations

import contextlib
import dataclasses
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import Any

import pytest

from game.ai import registry
from game.ai.character_file import list_character_files
from game.ai.expert.search import Budget
from game.ai.reading import mask_of, own_streak
from game.ai.simple import RandomAgent
from game.ai.strategies import leading
from game.ai.strategies.dead_hand import hand_quality
from game.ai.strategy import DEAD_HAND, FOLLOWING, LEADING, STAKING, Param, Registry
from game.config import rules_by_name
from game.engine import (
    DECK,
    Action,
    BuyDeadAction,
    BuyDeadDecision,
    Card,
    Decision,
    FollowAction,
    FollowDecision,
    LeadAction,
    LeadDecision,
    PlayerView,
    RuleSet,
    SeatInfo,
    Session,
    StakeAction,
    StakeDecision,
    play_session,
)
from game.engine.events import Play, Stop
from game.engine.view import TableView

STAKE_NAMES = ("even", "biggest", "hot_card", "contrarian", "random", "mix")
LEAD_NAMES = ("lowest", "longest_suit", "boodle_hunter", "fresh_suit", "stop_counter", "shedder")
BUY_NAMES = ("never", "always", "threshold")
FOLLOW_NAMES = ("always", "chance", "boodle_keeper")
CLASSIC = RuleSet()


def cards(text: str) -> tuple[Card, ...]:
    """Cards from a space-separated list, in deck order."""
    return tuple(sorted((Card.parse(t) for t in text.split()), key=lambda c: c.index))


# ----- real decisions from real random sessions ---------------------------------------------

def _rule_variants() -> list[tuple[RuleSet, int]]:
    """Rules and table sizes that between them raise every kind of decision."""
    classic = rules_by_name("classic")
    michigan = rules_by_name("michigan")
    house = rules_by_name("house")
    chicago = rules_by_name("chicago")
    optional = dataclasses.replace(house, follow="optional")
    return [(classic, 4), (michigan, 3), (house, 5), (optional, 6), (chicago, 8),
            (dataclasses.replace(michigan, follow="optional", dealer_ante_multiplier=3, ante_boodle=5), 4)]


def _collect() -> dict[str, list[tuple[PlayerView, Decision]]]:
    """Views and decisions met by random agents, by decision kind."""
    found: dict[str, list[tuple[PlayerView, Decision]]] = defaultdict(list)
    for number, (rules, players) in enumerate(_rule_variants()):
        rules = dataclasses.replace(rules, starting_chips=300, deals=12)
        for seed in range(3):
            session = Session(rules, [SeatInfo(f"s{i}") for i in range(players)], 100 * number + seed)
            agents = [RandomAgent(f"{seed}:{i}") for i in range(players)]
            session.start()
            while (decision := session.pending()) is not None:
                view = session.view(decision.player)
                found[decision.kind].append((view, decision))
                session.apply(agents[decision.player].decide(view, decision))
    return found


SAMPLES = _collect()


def param_variants(params: dict[str, Param]) -> list[dict[str, Any]]:
    """The defaults, then each choice of each word parameter and each end of each number's range."""
    variants: list[dict[str, Any]] = [{}]
    for name, spec in params.items():
        if spec.choices:
            variants += [{name: choice} for choice in spec.choices]
        elif spec.kind in (int, float) and spec.low is not None and spec.high is not None:
            variants += [{name: spec.kind(spec.low)}, {name: spec.kind(spec.high)}]
        elif spec.kind is bool:
            variants += [{name: True}, {name: False}]
    return variants


def all_variants(reg: Registry[Any], names: Sequence[str]) -> list[tuple[str, dict[str, Any]]]:
    """(name, resolved params) for each strategy and each of its parameter variants."""
    return [(name, reg.get(name).resolved(given))
            for name in names for given in param_variants(dict(reg.get(name).params))]


def test_the_samples_hold_every_kind_of_decision() -> None:
    assert {kind: len(SAMPLES[kind]) > 50 for kind in ("stake", "lead", "buy_dead", "follow")} == dict.fromkeys(
        ("stake", "lead", "buy_dead", "follow"), True)
    totals = {decision.boodle_total for _, decision in SAMPLES["stake"] if isinstance(decision, StakeDecision)}
    assert len(totals) >= 3  # dealers stake differently


def test_every_named_strategy_is_registered_with_a_summary() -> None:
    for reg, names in ((STAKING, STAKE_NAMES), (LEADING, LEAD_NAMES), (DEAD_HAND, BUY_NAMES),
                       (FOLLOWING, FOLLOW_NAMES)):
        for name in names:
            strategy = reg.get(name)
            assert strategy.summary and "\n" not in strategy.summary
            for param in strategy.params.values():
                assert param.help and (param.kind in (int, float, bool, str, dict))
                assert param.kind is not str or param.default in param.choices


@pytest.mark.parametrize("name, params", all_variants(STAKING, STAKE_NAMES), ids=str)
def test_stakes_are_lawful(name: str, params: dict[str, Any]) -> None:
    function, rng = STAKING.get(name).function, random.Random(1)
    for view, decision in SAMPLES["stake"]:
        assert isinstance(decision, StakeDecision)
        stake = function(view, decision, params, rng)
        assert all(card in decision.cards and type(chips) is int and chips >= 0 for card, chips in stake)
        assert len({card for card, _ in stake}) == len(stake)
        assert sum(chips for _, chips in stake) == decision.boodle_total


@pytest.mark.parametrize("name, params", all_variants(LEADING, LEAD_NAMES), ids=str)
def test_leads_are_lawful(name: str, params: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(leading, "SLIP_BUDGET", QUICK_SLIPS)
    function, rng = LEADING.get(name).function, random.Random(1)
    for view, decision in SAMPLES["lead"]:
        assert isinstance(decision, LeadDecision)
        assert function(view, decision, params, rng) in decision.options


YES_NO = ([("buy_dead", name, params) for name, params in all_variants(DEAD_HAND, BUY_NAMES)]
          + [("follow", name, params) for name, params in all_variants(FOLLOWING, FOLLOW_NAMES)])


@pytest.mark.parametrize("kind, name, params", YES_NO, ids=str)
def test_buy_and_follow_answers_are_true_or_false(kind: str, name: str, params: dict[str, Any]) -> None:
    function = (DEAD_HAND if kind == "buy_dead" else FOLLOWING).get(name).function
    rng = random.Random(1)
    for v, decision in SAMPLES[kind]:
        assert type(function(v, decision, params, rng)) is bool  # type: ignore[arg-type]


class _HandlessView(PlayerView):
    """A view whose hand (and the hand given up for the dead hand) cannot be read."""

    __slots__ = ()

    @property
    def hand(self) -> tuple[Card, ...]:  # type: ignore[override,unused-ignore]
        raise AssertionError("a staking strategy read the hand")

    @property
    def given_up(self) -> tuple[Card, ...]:  # type: ignore[override,unused-ignore]
        raise AssertionError("a staking strategy read the hand given up")


@pytest.mark.parametrize("name, params", all_variants(STAKING, STAKE_NAMES), ids=str)
def test_staking_never_reads_the_hand(name: str, params: dict[str, Any]) -> None:
    function = STAKING.get(name).function
    deck = list(DECK)
    shuffler = random.Random(5)
    for view, decision in SAMPLES["stake"][:300]:
        assert isinstance(decision, StakeDecision)
        blind = _HandlessView(*view)
        expected = function(blind, decision, params, random.Random(3))
        # the same public table with any hand at all gives the same stake from the same random stream
        shuffler.shuffle(deck)
        for hand in (tuple(deck[:13]), tuple(deck[13:20]), ()):
            assert function(view._replace(hand=hand), decision, params, random.Random(3)) == expected


# ----- views made by hand, for the behaviour of each strategy -------------------------------

def table(rules: RuleSet = CLASSIC, *, boodle_chips: Sequence[int] | None = None, hits: Sequence[int] | None = None,
          players: int = 4, dealt: int = 10, dead_size: int = 12) -> TableView:
    """A public table with these boodle stacks and hit counts."""
    count = len(rules.boodle_cards)
    return TableView(rules, (True,) * players, (40,) * players, players, tuple(boodle_chips or (0,) * count),
                     tuple(hits or (0,) * count), 0, 3, (dealt,) * players, dead_size, False)


def view(hand: Sequence[Card] = (), *, plays: Sequence[Play] = (), stops: Sequence[Stop] = (),
         given_up: Sequence[Card] = (), **table_args: Any) -> PlayerView:
    """Seat 0's view of `table(**table_args)` with this hand and this deal so far."""
    return PlayerView(0, table(**table_args), tuple(sorted(hand, key=lambda c: c.index)), tuple(plays), tuple(stops),
                      tuple(given_up))


def stake(name: str, table_view: PlayerView, total: int = 4, seed: int = 0, **params: Any) -> dict[str, int]:
    """A staking strategy's stake as {card: chips}."""
    strategy = STAKING.get(name)
    decision = StakeDecision(0, 1, total, table_view.rules.boodle_cards)
    chosen = strategy.function(table_view, decision, strategy.resolved(params), random.Random(seed))
    return {str(card): chips for card, chips in chosen if chips}


def lead(name: str, hand_view: PlayerView, seed: int = 0, **params: Any) -> str:
    """A lead strategy's card, as text, among the lowest card of every suit held."""
    options = tuple(min(cs, key=lambda c: c.index) for suit in range(4)
                    if (cs := [c for c in hand_view.hand if c.suit == suit]))
    strategy = LEADING.get(name)
    return str(strategy.function(hand_view, LeadDecision(0, options), strategy.resolved(params), random.Random(seed)))


def test_even_spreads_evenly_and_places_odd_chips_as_told() -> None:
    v = view(boodle_chips=(0, 0, 9, 0))
    assert stake("even", v) == {"AS": 1, "KH": 1, "QC": 1, "JD": 1}
    assert stake("even", v, total=8) == {"AS": 2, "KH": 2, "QC": 2, "JD": 2}
    assert stake("even", v, total=6) == {"AS": 2, "KH": 2, "QC": 1, "JD": 1}
    assert stake("even", v, total=5, odd_chips="biggest") == {"AS": 1, "KH": 1, "QC": 2, "JD": 1}
    assert sorted(stake("even", v, total=7, odd_chips="random").values()) == [1, 2, 2, 2]


def test_biggest_puts_everything_on_the_biggest_stack() -> None:
    v = view(boodle_chips=(3, 0, 11, 2), hits=(5, 0, 0, 0))
    assert stake("biggest", v) == {"QC": 4}
    assert stake("biggest", v, total=8) == {"QC": 8}
    assert stake("biggest", v, share=0.5) == {"QC": 2, "AS": 1, "KH": 1}
    assert stake("biggest", view(boodle_chips=(0, 6, 6, 0))) == {"KH": 4}
    assert {next(iter(stake("biggest", view(boodle_chips=(0, 6, 6, 0)), seed=s, tie_break="random")))
            for s in range(30)} == {"KH", "QC"}


def test_hot_card_backs_the_most_hit_card() -> None:
    assert stake("hot_card", view(boodle_chips=(9, 0, 0, 0), hits=(0, 3, 1, 0))) == {"KH": 4}
    # equally hot: the bigger stack
    assert stake("hot_card", view(boodle_chips=(0, 1, 5, 0), hits=(2, 2, 2, 0))) == {"QC": 4}


def test_contrarian_backs_the_coldest_card() -> None:
    assert stake("contrarian", view(boodle_chips=(0, 0, 0, 9), hits=(2, 3, 1, 0))) == {"JD": 4}
    # equally cold: the smaller stack
    assert stake("contrarian", view(boodle_chips=(4, 1, 3, 2), hits=(0, 0, 0, 0))) == {"KH": 4}


def test_random_spreads_at_random_from_its_stream() -> None:
    v = view()
    stakes = [stake("random", v, total=8, seed=s) for s in range(40)]
    assert len({tuple(sorted(s.items())) for s in stakes}) > 10
    assert stake("random", v, seed=7) == stake("random", v, seed=7)
    assert all(len(stake("random", v, seed=s, all_on_one=True)) == 1 for s in range(20))


def test_mix_draws_its_strategies_by_weight() -> None:
    v = view(boodle_chips=(0, 0, 8, 0), hits=(0, 4, 0, 0))
    only_biggest: dict[str, Any] = {"weights": {"biggest": 1.0}}
    assert all(stake("mix", v, seed=s, **only_biggest) == {"QC": 4} for s in range(10))
    drawn = [stake("mix", v, seed=s, weights={"biggest": 3.0, "hot_card": 1.0}) for s in range(400)]
    on_biggest = sum(s == {"QC": 4} for s in drawn) / len(drawn)
    assert all(s in ({"QC": 4}, {"KH": 4}) for s in drawn)
    assert 0.65 < on_biggest < 0.85


def test_lowest_leads_the_lowest_card() -> None:
    assert lead("lowest", view(cards("5S 9S 3H 4D KC"))) == "3H"
    assert lead("lowest", view(cards("3S 9S 3H 4H 5H"))) == "3S"
    assert lead("lowest", view(cards("3S 9S 3H 4H 5H")), tie_break="longest_suit") == "3H"


def test_longest_suit_leads_the_suit_it_holds_most_of() -> None:
    assert lead("longest_suit", view(cards("2S 7H 9H JH 4D 5D KC"))) == "7H"
    assert lead("longest_suit", view(cards("2S 3S 7H 9H")), tie_break="highest") == "7H"
    assert lead("longest_suit", view(cards("2S 3S 7H 9H"))) == "2S"


def test_shedder_leads_the_longest_sequence_from_the_lead_card() -> None:
    # spades shed one card (2S, then 4S is not next); diamonds shed three (6D 7D 8D)
    assert lead("shedder", view(cards("2S 4S 5S 6S 6D 7D 8D 3C"))) == "6D"
    # a sequence up to the King keeps the lead: with the bonus it beats a longer one
    assert lead("shedder", view(cards("JH QH KH 2C 3C 4C")), king_bonus=2.0) == "JH"
    assert lead("shedder", view(cards("JH QH KH 2C 3C 4C 5C")), king_bonus=0.0) == "2C"
    assert own_streak(Card.parse("JH"), mask_of(cards("JH QH KH AS"))) == 3


def test_fresh_suit_avoids_suits_already_started() -> None:
    plays = [Play(1, Card.parse("2S"), True), Play(2, Card.parse("3S"), False), Play(3, Card.parse("6D"), True)]
    hand = cards("4S 5S 9H 7D 3C")
    assert lead("fresh_suit", view(hand, plays=plays)) == "3C"
    assert lead("fresh_suit", view(hand, plays=plays), prefer="longest") in ("9H", "3C")
    started = [Play(1, Card.parse(t), True) for t in ("2S", "2H", "2D", "2C")]
    assert lead("fresh_suit", view(cards("4S 9H 7D"), plays=started)) == "4S"  # all started: the lowest


def test_fresh_suit_on_real_views_picks_a_fresh_suit_when_there_is_one() -> None:
    strategy = LEADING.get("fresh_suit")
    checked = 0
    for v, decision in SAMPLES["lead"]:
        assert isinstance(decision, LeadDecision)
        started = {play.card.suit for play in v.plays}
        fresh = [c for c in decision.options if c.suit not in started]
        choice = strategy.function(v, decision, strategy.resolved({}), random.Random(0))
        if fresh:
            checked += 1
            assert choice in fresh
    assert checked > 20


def _known_dead_deal(reason: str) -> PlayerView:
    """Seat 0 with spades 2-7 (a sure run of 6) or hearts 2-4 and 7-10 (a gap of 5H 6H) to lead, after eight
    runs of other players that each stopped at once, for `reason`."""
    hand = cards("2S 3S 4S 5S 6S 7S 2H 3H 4H 7H 8H 9H 10H")
    starts = ("2D", "5D", "8D", "JD", "2C", "5C", "8C", "JC")
    plays = [Play(1 + i % 3, Card.parse(t), True) for i, t in enumerate(starts)]
    stops = [Stop(Card.parse(t), reason) for t in starts]
    return view(hand, plays=plays, stops=stops, dealt=10, dead_size=10)


def test_stop_counter_uses_the_cards_stops_showed_to_be_dead() -> None:
    shown = _known_dead_deal("dead_hand")
    hidden = _known_dead_deal("no_follow")
    assert len(shown.known_dead) == 8 and not hidden.known_dead
    # eight of the ten dead cards are known, so the hearts gap is very likely to run through
    assert lead("stop_counter", shown, control=0.0) == "2H"
    # nothing known: a third of the unseen cards may be dead, and the sure spades are better
    assert lead("stop_counter", hidden, control=0.0) == "2S"


def test_stop_counter_counts_a_dead_card_it_gave_up_as_a_stop() -> None:
    hand = cards("2S 3S 4S 5S 2H 3H 4H 6H 7H 8H 9H 10H")
    assert lead("stop_counter", view(hand, dead_size=12), control=0.0) == "2H"
    # it bought the dead hand and gave up 5H: the hearts run stops after 4H for sure
    assert lead("stop_counter", view(hand, given_up=cards("5H KS"), dead_size=12), control=0.0) == "2S"


def test_stop_counter_values_keeping_the_lead() -> None:
    # 2S-4S then a played 5S: a sure stop after its own card, so it leads again; hearts run on to others
    hand = cards("2S 3S 4S 2H 3H 4H")
    plays = [Play(1, Card.parse("5S"), True)]
    assert lead("stop_counter", view(hand, plays=plays), control=3.0) == "2S"


def test_boodle_hunter_leads_toward_its_own_boodle_card() -> None:
    hand = cards("2S 3S 4S 9H JH QH KH 5D 6D 7D 8D")
    chips: dict[str, Any] = {"boodle_chips": (0, 7, 0, 0)}  # KH carries 7 chips
    assert lead("boodle_hunter", view(hand, **chips)) == "9H"
    assert lead("boodle_hunter", view(hand)) == "2S"  # nothing on it: the fallback, its lowest card
    assert lead("boodle_hunter", view(hand), fallback="longest_suit") == "5D"
    # the run cannot reach it: 10H was played
    blocked = [Play(2, Card.parse("10H"), True)]
    assert lead("boodle_hunter", view(hand, plays=blocked, **chips)) == "2S"
    assert lead("boodle_hunter", view(hand, **chips), min_chips=8) == "2S"


def test_boodle_hunter_steers_away_from_someone_elses_boodle_card() -> None:
    hand = cards("8C 9C 10C JC 2D 5D")
    # QC (someone else's, 10 chips) sits right after its clubs; the lowest lead would be 2D anyway, so use
    # the shedder fallback, which would otherwise love the four clubs
    on_qc: dict[str, Any] = {"boodle_chips": (0, 0, 10, 0)}
    assert lead("boodle_hunter", view(hand), fallback="shedder") == "8C"
    assert lead("boodle_hunter", view(hand, **on_qc), fallback="shedder", spite=1.0) == "2D"
    assert lead("boodle_hunter", view(hand, **on_qc), fallback="shedder", spite=0.0) == "8C"


def test_hand_quality_rewards_connected_suits_and_kings() -> None:
    connected = cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    scattered = cards("2S 5S 9S 3H 7H JH 4D 8D QD 2C 6C 10C")
    assert hand_quality(connected, 0.2) == 1.0
    assert hand_quality(scattered, 0.2) < 0.4
    assert 0.0 <= hand_quality(scattered, 1.0) <= hand_quality(scattered, 0.1) <= 1.0
    assert hand_quality(cards("2S 3S 5S 6S"), 0.3) > hand_quality(cards("2S 3S 8S 9S"), 0.3)


def test_threshold_buys_poor_hands_and_keeps_good_ones() -> None:
    strategy = DEAD_HAND.get("threshold")
    poor = view(cards("2S 5S 9S 3H 7H JH 4D 8D QD 2C 6C 10C"))
    good = view(cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2H"))
    params = strategy.resolved({"below": 0.4})
    assert strategy.function(poor, BuyDeadDecision(0, 4), params, random.Random(0)) is True
    assert strategy.function(good, BuyDeadDecision(0, 4), params, random.Random(0)) is False
    assert strategy.function(poor, BuyDeadDecision(0, 4), strategy.resolved({"below": 0.4, "max_fee": 3}),
                             random.Random(0)) is False
    assert DEAD_HAND.get("never").function(poor, BuyDeadDecision(0, 4), {}, random.Random(0)) is False
    assert DEAD_HAND.get("always").function(good, BuyDeadDecision(0, 4), {}, random.Random(0)) is True


def follow(name: str, hand_view: PlayerView, card: str, **params: Any) -> bool:
    """A follow policy's answer when `card` is the next card of the run."""
    strategy = FOLLOWING.get(name)
    return strategy.function(hand_view, FollowDecision(0, Card.parse(card)), strategy.resolved(params),
                             random.Random(0))


def test_boodle_keeper_will_not_set_up_another_players_boodle_card() -> None:
    on_qc: dict[str, Any] = {"boodle_chips": (0, 0, 6, 0)}
    assert follow("boodle_keeper", view(cards("JC 3H 4H"), **on_qc), "JC") is False  # QC comes next: not mine
    assert follow("boodle_keeper", view(cards("10C 3H 4H"), **on_qc), "10C") is False  # two ahead
    assert follow("boodle_keeper", view(cards("10C 3H 4H"), **on_qc), "10C", lookahead=1) is True
    assert follow("boodle_keeper", view(cards("JC QC 4H"), **on_qc), "JC") is True  # it leads on to my own
    assert follow("boodle_keeper", view(cards("JC 3H 4H")), "JC") is True  # nothing on QC
    assert follow("boodle_keeper", view(cards("QC 3H"), **on_qc), "QC") is True  # the card is the boodle card
    assert follow("boodle_keeper", view(cards("JC"), **on_qc), "JC") is True  # its last card: going out
    played = [Play(1, Card.parse("QC"), True)]
    assert follow("boodle_keeper", view(cards("10C 3H"), plays=played, **on_qc), "10C") is True


def test_chance_follows_with_its_probability() -> None:
    v = view(cards("5S 3H"))
    assert follow("always", v, "5S") is True
    assert not any(FOLLOWING.get("chance").function(v, FollowDecision(0, Card.parse("5S")), {"probability": 0.0},
                                                    random.Random(s)) for s in range(50))
    rng = random.Random(2)
    rate = statistics.mean(FOLLOWING.get("chance").function(v, FollowDecision(0, Card.parse("5S")),
                                                            {"probability": 0.7}, rng) for _ in range(2000))
    assert 0.65 < rate < 0.75


# ----- work ---------------------------------------------------------------------------------

MAX_LINES = 1000  # lines of Python a heuristic decision may run: tens of microseconds, not a search


def lines_run(function: Callable[..., object], *args: object) -> int:
    """How many lines of Python `function(*args)` runs: work counted, not timed."""
    count = 0

    def trace(_frame: FrameType, event: str, _arg: object) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return trace
    before = sys.gettrace()
    sys.settrace(trace)
    try:
        function(*args)
    finally:
        sys.settrace(before)
    return count


@pytest.mark.parametrize("reg, names, kind", [(STAKING, STAKE_NAMES, "stake"), (LEADING, LEAD_NAMES, "lead"),
                                              (DEAD_HAND, BUY_NAMES, "buy_dead"),
                                              (FOLLOWING, FOLLOW_NAMES, "follow")],
                         ids=["stake", "lead", "buy", "follow"])
def test_every_heuristic_decides_in_a_bounded_number_of_steps(reg: Registry[Any], names: Sequence[str],
                                                              kind: str) -> None:
    samples = SAMPLES[kind][:400]
    assert samples
    for name in names:
        strategy = reg.get(name)
        params, rng = strategy.resolved({}), random.Random(0)
        most = max(lines_run(strategy.function, v, decision, params, rng) for v, decision in samples)
        assert 0 < most <= MAX_LINES, f"{name}: {most} lines in one decision"


def test_the_step_count_sees_work() -> None:
    def loop(n: int) -> None:
        for _ in range(n):
            pass
    assert lines_run(loop, 2 * MAX_LINES) > MAX_LINES


# ----- characters, in whole sessions ---------------------------------------------------------

SEARCHING = ("expert", "noisy_expert")  # lead strategies that search: far slower, and their style is their search
HEURISTIC_IDS = [p.stem for p in list_character_files()
                 if registry.load_character_by_id(p.stem).lead.name not in SEARCHING]
QUICK_SLIPS = Budget(time_budget_ms=0.1, max_samples=2, min_samples=2)  # a slip looks ahead on a tiny budget


@contextlib.contextmanager
def quick_slips() -> Iterator[None]:
    """Slips (the lead a look ahead finds worst) searched on a tiny budget while inside."""
    kept = leading.SLIP_BUDGET
    leading.SLIP_BUDGET = QUICK_SLIPS
    try:
        yield
    finally:
        leading.SLIP_BUDGET = kept


class Recorder:
    """Wraps an agent and keeps every decision it met with its answer."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.seen: list[tuple[PlayerView, Decision, Action]] = []

    def decide(self, view: PlayerView, decision: Decision) -> Action:
        """The wrapped agent's action, recorded."""
        action: Action = self.agent.decide(view, decision)
        self.seen.append((view, decision, action))
        return action


def _profiles() -> tuple[dict[str, dict[str, float]], dict[str, int]]:
    """For each heuristic character, over whole sessions: how they stake, lead and buy."""
    rules = dataclasses.replace(rules_by_name("michigan"), starting_chips=150, deals=12, follow="optional")
    seen: dict[str, list[tuple[PlayerView, Decision, Action]]] = defaultdict(list)
    deals: dict[str, int] = defaultdict(int)
    ids = HEURISTIC_IDS
    with quick_slips():
        return _play_profiles(rules, ids, seen, deals)


def _play_profiles(rules: RuleSet, ids: list[str], seen: dict[str, list[tuple[PlayerView, Decision, Action]]],
                   deals: dict[str, int]) -> tuple[dict[str, dict[str, float]], dict[str, int]]:
    """Whole sessions of the characters, four to a table, each decision recorded."""
    for seed in range(24):
        order = ids[seed % len(ids):] + ids[:seed % len(ids)]
        for table_ids in (order[:4], order[4:8]):
            recorders = [Recorder(registry.make_agent(i, seed, seat)) for seat, i in enumerate(table_ids)]
            session = Session(rules, [SeatInfo(i) for i in table_ids], seed)
            play_session(session, recorders)
            for character_id, recorder in zip(table_ids, recorders):
                seen[character_id] += recorder.seen
                deals[character_id] += session.deal_number
    return {character_id: _profile(records) for character_id, records in seen.items()}, deals


def _profile(records: list[tuple[PlayerView, Decision, Action]]) -> dict[str, float]:
    """Rates of style: stake concentration and target, lead choices, buying, following."""
    top_share, on_biggest, on_hot, lowest, longest, fresh, buys, follows = [], [], [], [], [], [], [], []
    for v, decision, action in records:
        if isinstance(decision, StakeDecision) and isinstance(action, StakeAction) and decision.boodle_total:
            chips = dict(action.boodle)
            top = max(chips, key=lambda c: chips[c])
            top_share.append(chips[top] / decision.boodle_total)
            stacks, hits = v.table.boodle_chips, v.table.boodle_hits
            slot = decision.cards.index(top)
            if len(set(stacks)) > 1:
                on_biggest.append(float(stacks[slot] == max(stacks)))
            if len(set(hits)) > 1:
                on_hot.append(float(hits[slot] == max(hits)))
        elif isinstance(decision, LeadDecision) and isinstance(action, LeadAction):
            ranks = {c.rank for c in decision.options}
            if len(ranks) > 1:
                lowest.append(float(action.card.rank == min(ranks)))
            counts = [sum(1 for c in v.hand if c.suit == o.suit) for o in decision.options]
            if len(set(counts)) > 1:
                longest.append(float(counts[decision.options.index(action.card)] == max(counts)))
            started = {p.card.suit for p in v.plays}
            if len({o.suit in started for o in decision.options}) == 2:  # some options fresh, some not
                fresh.append(float(action.card.suit not in started))
        elif isinstance(decision, BuyDeadDecision) and isinstance(action, BuyDeadAction):
            buys.append(float(action.buy))
        elif isinstance(decision, FollowDecision) and isinstance(action, FollowAction):
            follows.append(float(action.play))
    def mean(values: list[float]) -> float:
        return statistics.mean(values) if values else 0.0

    return {"stake_top_share": mean(top_share), "stake_on_biggest": mean(on_biggest), "stake_on_hot": mean(on_hot),
            "lead_lowest": mean(lowest), "lead_longest": mean(longest), "lead_fresh": mean(fresh),
            "buy_rate": mean(buys), "follow_rate": mean(follows)}


PROFILES, DEALS = _profiles()


def test_characters_play_whole_sessions_lawfully() -> None:
    assert set(PROFILES) == set(HEURISTIC_IDS)
    assert all(DEALS[i] >= 100 for i in HEURISTIC_IDS), DEALS  # a few hundred deals in all


def test_every_two_characters_differ_measurably() -> None:
    for a in HEURISTIC_IDS:
        for b in HEURISTIC_IDS:
            if a < b:
                gap = max(abs(PROFILES[a][k] - PROFILES[b][k]) for k in PROFILES[a])
                assert gap >= 0.1, f"{a} and {b} play alike: {PROFILES[a]} / {PROFILES[b]}"


def test_characters_show_their_styles() -> None:
    p = PROFILES
    assert p["maud"]["stake_top_share"] == pytest.approx(0.25) and 0.5 < p["maud"]["lead_lowest"] < 0.95  # slips
    assert p["hetty"]["stake_on_hot"] == 1.0 and p["hetty"]["buy_rate"] > 0.85  # slips: 71 of 81 here
    assert p["professor"]["stake_on_hot"] < 0.3
    assert p["maud"]["buy_rate"] == 0.0 and p["bert"]["buy_rate"] == 0.0
    assert 0.0 < p["pip"]["buy_rate"] < p["hetty"]["buy_rate"]
    assert p["pip"]["lead_lowest"] < 0.95  # a nervous slip now and then
