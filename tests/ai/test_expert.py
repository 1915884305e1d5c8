"""The expert (game/ai/expert): sound inferences, consistent samples, a faithful rollout, sensible choices,
a search bounded by counted work, and the engine's own constants."""

from __future__ import annotations

import ast
import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.ai.expert import knowledge, rollout, sampling, search
from game.ai.expert.knowledge import Knowledge, infer
from game.ai.expert.rollout import DEAD, PLAYED, State, Table, buy_dead_hand, first_leader, play_out
from game.ai.expert.sampling import Sampler
from game.ai.expert.search import (
    LAST,
    US_PER_PLAYOUT,
    US_PER_SAMPLE,
    Budget,
    boodle_hit_rates,
    lead_values,
)
from game.ai.simple import RandomAgent
from game.ai.strategies.expert import expert_buy, expert_follow, expert_lead, expert_stake
from game.engine import RuleSet, SeatInfo, Session
from game.engine import ranks as engine_ranks
from game.engine import runs as engine_runs
from game.engine import state as engine_state
from game.engine.cards import Card, parse_cards
from game.engine.combinations import Combination
from game.engine.decisions import (
    BuyDeadAction,
    BuyDeadDecision,
    FollowAction,
    FollowDecision,
    LeadAction,
    LeadDecision,
    StakeDecision,
)
from game.engine.events import BoodleWon, DealEnd, Play
from game.engine.rules import BuyDeadHand
from game.engine.view import PlayerView, TableView

# Rules that exercise every inference: optional following, each R16 switching rule, a first-lead card,
# buying the dead hand, and more than one table size.
VARIANTS = {
    "classic": RuleSet(players=5),
    "optional": RuleSet(players=4, follow="optional"),
    "colour_pass": RuleSet(players=6, switch_to="other_colour", when_unable="pass_left"),
    "pass_left": RuleSet(players=3, when_unable="pass_left"),
    "no_switch": RuleSet(players=7, switch_suit=False, first_lead="2D"),
    "buy": RuleSet(players=5, buy_dead_hand=dataclasses.replace(RuleSet().buy_dead_hand, enabled=True, fee=2),
                   follow="optional", first_lead="2C"),
    "eight": RuleSet(players=8, switch_to="other_colour"),
    "r23_aces_high": RuleSet(players=4, aces="high", when_unable="pass_left"),
    "r24_removed": RuleSet(players=5, aces="high", removed_cards=parse_cards(["8D", "3C"]), follow="optional",
                           cut_deals="lowest"),
    "r27_penalty": RuleSet(players=4, when_unable="pass_left", pass_penalty=3),
    "r28_step_down": RuleSet(players=6, switch_to="other_colour", when_unable="step_down"),
    "r29_all_in": RuleSet(players=4, short_ante="all_in", starting_chips=5),
    "combinations": RuleSet(players=4, boodle_cards=parse_cards(["AH", "KH", "QD"]), follow="optional",
                            combinations=(Combination(parse_cards(["KH", "QH"]), "Matrimony"),
                                          Combination(parse_cards(["2S", "3S", "4S"]), "Run"),
                                          Combination(parse_cards(["QH", "JH"]), "Intrigue"))),
    "r23_to_r30_together": RuleSet(players=5, aces="high", removed_cards=parse_cards(["8D"]), cut_deals="lowest",
                                   buy_dead_hand=BuyDeadHand(True, 2, auction=True, paid_to="dealer"),
                                   switch_to="other_colour", when_unable="pass_left", pass_penalty=1,
                                   short_ante="all_in", starting_chips=15,
                                   combinations=(Combination(parse_cards(["KH", "QH"]), "Matrimony"),
                                                 Combination(parse_cards(["AC", "KC"]), "Top clubs"))),
    "r28_step_down_aces_high": RuleSet(players=6, aces="high", when_unable="step_down", switch_to="other_colour"),
}
FAST = {"time_budget_ms": 2, "max_samples": 6, "deadline_ms": 0}
SURE = {"time_budget_ms": 1000, "max_samples": 100, "deadline_ms": 0}  # for the constructed positions


def decision_points(rules: RuleSet, sessions: int, seed: int) -> Iterator[tuple[Session, PlayerView, object]]:
    """Every decision of a few random sessions: the session (omniscient, for checking), the view, the decision."""
    n = rules.players
    for k in range(sessions):
        session = Session(dataclasses.replace(rules, deals=2), [SeatInfo(f"s{i}") for i in range(n)], seed + k)
        agents = [RandomAgent(f"{seed + k}:{i}") for i in range(n)]
        session.start()
        while (decision := session.pending()) is not None:
            view = session.view(decision.player)
            yield session, view, decision
            session.apply(agents[decision.player].decide(view, decision))


def piles_of(session: Session) -> tuple[list[int], list[int]]:
    """R30: the chips on each combination, and by seat a mask of the cards played this deal."""
    played = [0] * session.n
    for play in session.view(0).plays:
        played[play.player] |= 1 << play.card.index
    return session.boodle[len(session.rules.boodle_cards):], played


def true_state(session: Session) -> State:
    """The playout state of the session's deal as it truly stands: every hand, stack and pile."""
    bchips = [0] * 52
    for card, chips in zip(session.rules.boodle_cards, session.boodle):
        bchips[card.index] = chips
    return State.of(true_owner(session), session.n, session.chips, bchips, session.pot, *piles_of(session))


def true_owner(session: Session) -> list[int]:
    """Where every card really is: a seat, DEAD or PLAYED."""
    owner = [PLAYED] * 52
    for seat in range(session.n):
        for card in session.hand(seat):
            owner[card.index] = seat
    for card in session.dead_hand():
        owner[card.index] = DEAD
    return owner


def place(owner: int, seats: int) -> int:
    """The knowledge's place number of an owner value."""
    return seats if owner == DEAD else owner


def check_sample(view: PlayerView, knowledge: Knowledge, owner: list[int]) -> None:
    """Every public constraint holds in a sampled deal."""
    n = view.seats
    me = view.player
    played = {play.card.index for play in view.plays}
    mine = {card.index for card in view.hand}
    removed = {card.index for card in view.rules.removed_cards}
    sizes = [0] * (n + 1)
    for c, o in enumerate(owner):
        if c in played:
            assert o == PLAYED
        elif c in removed:
            assert o == engine_state.REMOVED, "R24: a removed card is nowhere"
        elif c in mine:
            assert o == me
        else:
            assert o != PLAYED and o != me
            assert knowledge.allowed[c] >> place(o, n) & 1, f"card {c} placed where it cannot be"
            sizes[place(o, n)] += 1
    for seat in range(n):
        if seat != me:
            assert sizes[seat] == view.hand_sizes[seat]
    assert sizes[n] == view.table.dead_size
    for card in view.known_dead:
        assert owner[card.index] == DEAD
    if view.given_up:
        assert {c for c, o in enumerate(owner) if o == DEAD} == {card.index for card in view.given_up}
    # R13, checked here independently of the knowledge: a leader held nothing lower in the suit they led
    # (R23: under aces high the ace is above the king)
    def rank(c: int) -> int:
        return 14 if view.rules.aces == "high" and c % 13 == 0 else c % 13 + 1
    for play in view.plays:
        if play.lead:
            base = play.card.index - play.card.rank + 1
            for c in range(base, base + 13):
                if rank(c) < rank(play.card.index):
                    assert owner[c] != play.player


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_samples_respect_every_public_constraint(name: str) -> None:
    rules = VARIANTS[name]
    rng = random.Random(name)
    checked = 0
    for session, view, decision in decision_points(rules, 30 if rules.players > 6 else 15, 100):
        if isinstance(decision, StakeDecision):
            continue
        knowledge = infer(view)
        truth = true_owner(session)
        # soundness: the real deal is one that the knowledge allows
        for c in knowledge.unseen:
            assert knowledge.allowed[c] >> place(truth[c], view.seats) & 1, \
                f"{name}: the inference excludes where {Card.from_index(c)} really is"
        sampler = Sampler(knowledge, rng)
        for _ in range(3):
            check_sample(view, knowledge, sampler.sample())
        checked += 1
    assert checked > 30


def test_inferences_are_drawn() -> None:
    """Lead and switch inferences exclude cards, so samples are not just deals of the right sizes."""
    excluded = 0
    for name in ("classic", "colour_pass", "pass_left"):
        for _, view, decision in decision_points(VARIANTS[name], 4, 7):
            if isinstance(decision, LeadDecision):
                knowledge = infer(view)
                full = 0
                for place_, size in enumerate(knowledge.sizes):
                    full |= (1 << place_) if size else 0
                excluded += sum(1 for c in knowledge.unseen
                                if knowledge.allowed[c] != full and Card.from_index(c) not in view.known_dead)
    assert excluded > 100


def test_hard_constraints_fall_back_to_a_matching() -> None:
    """Players shown to hold only one suit: samples still fit exactly, even when the greedy pass fails."""
    rules = RuleSet(players=3)
    n = 3
    # seat 1 holds only hearts and seat 2 only clubs (as if shown by switching leads); 0 is the player
    allowed = [0] * 52
    unseen = tuple(range(13, 52))
    for c in unseen:
        suit = c // 13
        allowed[c] = (1 << 3) | ((1 << 1) if suit == 1 else 0) | ((1 << 2) if suit == 3 else 0)
    knowledge = Knowledge(0, n, tuple(range(13)), unseen, tuple(allowed), (0, 12, 13, 14))
    sampler = Sampler(knowledge, random.Random(3))
    for _ in range(20):
        owner = sampler.sample()
        assert sum(1 for c in range(13, 26) if owner[c] == 1) == 12
        assert all(owner[c] == 2 for c in range(39, 52))
        assert all(owner[c] == DEAD for c in range(26, 39))
    assert rules.players == 3


class Scripted:
    """A deterministic choice rule that the rollout and the engine can both follow."""

    @staticmethod
    def lead(options: list[int]) -> int:
        return max(options, key=lambda c: (c * 7919) % 53)

    @staticmethod
    def follow(card: int) -> bool:
        return card % 3 != 0


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_rollout_plays_the_deal_as_the_engine_does(name: str) -> None:
    """From real positions, a playout with a fixed policy ends exactly as the engine does with the same choices."""
    rules = dataclasses.replace(VARIANTS[name], deals=1)
    compared = 0
    for k in range(8):
        session = Session(rules, [SeatInfo(f"s{i}") for i in range(rules.players)], 500 + k)
        agents = [RandomAgent(f"{k}:{i}") for i in range(rules.players)]
        session.start()
        skip = k % 4  # start the comparison after a few random decisions
        while (decision := session.pending()) is not None and (skip or not isinstance(decision, LeadDecision)):
            if isinstance(decision, LeadDecision):
                skip -= 1
            session.apply(agents[decision.player].decide(session.view(decision.player), decision))
        if decision is None:
            continue
        assert isinstance(decision, LeadDecision)
        table = Table.of(rules, session.in_session, session.dealer)
        state = true_state(session)
        first = Scripted.lead([card.index for card in decision.options])
        winner = play_out(table, state, decision.player, first,
                          lead=lambda t, s, seat, options: Scripted.lead(options),
                          follow=lambda t, s, seat, card: Scripted.follow(card))
        events = session.apply(LeadAction(decision.player, Card.from_index(first))) + scripted_finish(session)
        end = [e for e in events if isinstance(e, DealEnd)][-1]
        assert state.chips == list(end.chips), name
        assert session.hand(winner) == ()
        assert all(owner == PLAYED or owner >= 0 or owner == DEAD for owner in state.owner)
        compared += 1
    assert compared >= 5


def test_r30_rollout_pays_combination_piles_as_the_engine_does() -> None:
    """From the first lead of real Pope Joan board deals, the playout's stacks are the engine's, piles won included."""
    rules = dataclasses.replace(VARIANTS["combinations"], deals=1, boodle_cards=parse_cards(["AH"]), ante_boodle=8)
    won = 0
    for k in range(40):
        session = Session(rules, [SeatInfo(f"s{i}") for i in range(rules.players)], 900 + k)
        agents = [RandomAgent(f"{k}:{i}") for i in range(rules.players)]
        session.start()
        while (decision := session.pending()) is not None and not isinstance(decision, LeadDecision):
            session.apply(agents[decision.player].decide(session.view(decision.player), decision))
        if decision is None:
            continue
        table = Table.of(rules, session.in_session, session.dealer)
        state = true_state(session)
        first = Scripted.lead([card.index for card in decision.options])
        play_out(table, state, decision.player, first, lead=lambda t, s, seat, options: Scripted.lead(options),
                 follow=lambda t, s, seat, card: Scripted.follow(card))
        events = session.apply(LeadAction(decision.player, Card.from_index(first))) + scripted_finish(session)
        end = [e for e in events if isinstance(e, DealEnd)][-1]
        assert state.chips == list(end.chips)
        won += sum(isinstance(e, BoodleWon) and isinstance(e.card, Combination) and e.chips > 0 for e in events)
    assert won >= 3


def scripted_finish(session: Session) -> list[object]:
    """Play the session's deal to its end with the scripted choices; the events."""
    events: list[object] = []
    while (decision := session.pending()) is not None:
        if isinstance(decision, LeadDecision):
            action: object = LeadAction(decision.player,
                                        Card.from_index(Scripted.lead([c.index for c in decision.options])))
        else:
            assert isinstance(decision, FollowDecision)
            action = FollowAction(decision.player, Scripted.follow(decision.card.index))
        events += session.apply(action)  # type: ignore[arg-type]
    return events


@pytest.mark.parametrize("buy", [True, False])
def test_rollout_of_a_bought_dead_hand_matches_the_engine(buy: bool) -> None:
    rules = dataclasses.replace(VARIANTS["buy"], deals=1)
    compared = 0
    for k in range(6):
        session = Session(rules, [SeatInfo(f"s{i}") for i in range(rules.players)], 700 + k)
        agents = [RandomAgent(f"{k}:{i}") for i in range(rules.players)]
        session.start()
        while (decision := session.pending()) is not None and not isinstance(decision, BuyDeadDecision):
            session.apply(agents[decision.player].decide(session.view(decision.player), decision))
        if decision is None:
            continue
        table = Table.of(rules, session.in_session, session.dealer)
        state = true_state(session)
        if buy:
            buy_dead_hand(state, decision.player, decision.fee)
        play_out(table, state, first_leader(table, state.owner), -1,
                 lead=lambda t, s, seat, options: Scripted.lead(options),
                 follow=lambda t, s, seat, card: Scripted.follow(card))
        events = session.apply(BuyDeadAction(decision.player, buy)) + scripted_finish(session)
        end = [e for e in events if isinstance(e, DealEnd)][-1]
        assert state.chips == list(end.chips)
        compared += 1
    assert compared >= 4


def test_expert_does_not_buy_at_a_ruinous_fee() -> None:
    asked = 0
    for _, view, decision in decision_points(VARIANTS["buy"], 4, 300):
        if isinstance(decision, BuyDeadDecision):
            ruinous = BuyDeadDecision(decision.player, view.chips[decision.player])
            assert expert_buy(view, ruinous, FAST, random.Random(1)) is False
            asked += 1
    assert asked >= 3


def synthetic_view(hands: dict[int, str], dead: str, played: str, me: int = 0,
                   boodle: dict[str, int] | None = None) -> tuple[PlayerView, dict[int, tuple[Card, ...]]]:
    """A view of a constructed position: cards in `played` were followed (no inferences) by seat 1."""
    n = 3
    parsed = {seat: parse_cards(text.split()) for seat, text in hands.items()}
    plays = tuple(Play(1, card, False) for card in parse_cards(played.split()))
    dealt = [len(parsed[s]) + (len(plays) if s == 1 else 0) for s in range(n)]
    assert sum(dealt) + len(dead.split()) == 52
    rules = RuleSet(players=n)
    chips = [0] * len(rules.boodle_cards)
    for name, amount in (boodle or {}).items():
        chips[rules.boodle_cards.index(Card.parse(name))] = amount
    table = TableView(rules, (True,) * n, (40,) * n, 3, tuple(chips), (0,) * len(chips), 2, 1, tuple(dealt),
                      len(dead.split()), False)
    view = PlayerView(me, table, parsed[me], plays, (), ())
    return view, parsed


def rest_of_deck(*taken: str) -> list[str]:
    """Every card name not in the given space-separated lists."""
    used = {name for text in taken for name in text.split()}
    return [str(Card.from_index(c)) for c in range(52) if str(Card.from_index(c)) not in used]


def test_expert_leads_the_suit_that_takes_it_out() -> None:
    """Holding 5H 6H (7H played) and 9S: leading 5H runs to a stop and then 9S goes out; 9S first may not."""
    mine, played = "5H 6H 9S", "7H"
    others = rest_of_deck(mine, played)
    view, _ = synthetic_view({0: mine, 1: " ".join(others[:16]), 2: " ".join(others[16:32])},
                             " ".join(others[32:]), played)
    decision = LeadDecision(0, parse_cards(["9S", "5H"]))
    assert str(expert_lead(view, decision, SURE, random.Random(1))) == "5H"


def test_expert_takes_a_rich_boodle_card_before_it_is_too_late() -> None:
    """With 30 chips on the ace of spades and two cards in each other hand, the expert takes the chips at once
    rather than lead a heart that may let another player go out first."""
    mine, played = "AS 2H 9C", ""
    others = rest_of_deck(mine)
    view, _ = synthetic_view({0: mine, 1: " ".join(others[:2]), 2: " ".join(others[2:4])},
                             " ".join(others[4:]), played, boodle={"AS": 30})
    decision = LeadDecision(0, parse_cards(["AS", "2H"]))
    assert str(expert_lead(view, decision, SURE, random.Random(2))) == "AS"


def test_the_lead_table_follows_r16_settings() -> None:
    assert engine_runs.suits_to_lead(True, "other_suit")[1] == (True, False, True, True)
    assert engine_runs.suits_to_lead(True, "other_colour")[1] == (True, False, False, True)
    assert engine_runs.suits_to_lead(True, "other_colour")[3] == (False, True, True, False)
    assert engine_runs.suits_to_lead(False, "other_suit")[1] == (True, True, True, True)
    assert engine_runs.suits_to_lead(True, "other_suit")[-1] == (True, True, True, True)  # no stop: any suit


def test_the_expert_uses_the_engine_s_constants() -> None:
    """One definition each: the owner codes, the run order (R23) and the R16 table are the engine's."""
    for module in (rollout, sampling, search):
        assert vars(module)["DEAD"] is engine_state.DEAD, module.__name__
    assert vars(rollout)["PLAYED"] is vars(sampling)["PLAYED"] is engine_state.PLAYED
    assert vars(rollout)["successors"] is engine_ranks.successors
    assert vars(sampling)["REMOVED"] is engine_state.REMOVED
    for module in (rollout, knowledge):
        assert vars(module)["suits_to_lead"] is engine_runs.suits_to_lead, module.__name__
    engine_names = {"DEAD", "PLAYED", "REMOVED", "KING", "KING_INDEX", "SUIT_COLOUR", "RED", "allowed_suits",
                    "suits_to_lead", "successors", "rank_value"}
    for module in (knowledge, rollout, sampling, search):
        tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
        declared = {target.id for node in tree.body if isinstance(node, ast.Assign) for target in node.targets
                    if isinstance(target, ast.Name)}
        declared |= {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        assert not declared & engine_names, (module.__name__, declared & engine_names)


def test_expert_answers_every_kind_of_decision_lawfully() -> None:
    rules = VARIANTS["buy"]
    rng = random.Random(5)
    kinds = set()
    for _, view, decision in decision_points(rules, 3, 900):
        if isinstance(decision, LeadDecision):
            assert expert_lead(view, decision, FAST, rng) in decision.options
        elif isinstance(decision, FollowDecision):
            assert expert_follow(view, decision, FAST, rng) in (True, False)
        elif isinstance(decision, BuyDeadDecision):
            assert expert_buy(view, decision, FAST, rng) in (True, False)
        else:
            assert isinstance(decision, StakeDecision)
            stake = expert_stake(view, decision, {}, rng)
            assert sum(chips for _, chips in stake) == decision.boodle_total
            assert all(card in decision.cards for card, _ in stake)
        kinds.add(decision.kind)
    assert kinds == {"stake", "buy_dead", "lead", "follow"}
    rates = boodle_hit_rates(RuleSet(), 5, deals=50)
    assert len(rates) == 4 and all(0 <= r <= 1 for r in rates)


def test_same_view_and_seed_give_the_same_choice() -> None:
    for _, view, decision in decision_points(VARIANTS["classic"], 2, 40):
        if isinstance(decision, LeadDecision):
            params = {"time_budget_ms": 5, "max_samples": 20, "deadline_ms": 0}
            first = expert_lead(view, decision, params, random.Random(9))
            assert expert_lead(view, decision, params, random.Random(9)) is first


def test_search_stops_once_its_counted_work_reaches_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision does its budget of counted work and at most one sampled deal more: every choice played out
    on each sample, never more samples than allowed, never fewer than the minimum."""
    playouts = 0
    real_play_out = play_out

    def counted(*args: object, **kwargs: object) -> int:
        nonlocal playouts
        playouts += 1
        return real_play_out(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(search, "play_out", counted)
    budget = Budget(time_budget_ms=10, max_samples=1000, deadline_ms=0)
    searched = 0
    for _, view, decision in decision_points(VARIANTS["classic"], 3, 60):
        if not isinstance(decision, LeadDecision):
            continue
        playouts = 0
        branches = len(decision.options)
        lead_values(view, [c.index for c in decision.options], budget, random.Random(1))
        assert budget.min_samples <= LAST.samples <= budget.max_samples
        assert playouts == LAST.samples * branches
        assert LAST.work_us >= budget.time_budget_ms * 1000
        # a playout plays at most 52 cards, plus what the end game's searches play inside it
        assert LAST.largest_sample_us >= US_PER_SAMPLE + branches * US_PER_PLAYOUT
        if LAST.samples > budget.min_samples:
            assert LAST.work_us < budget.time_budget_ms * 1000 + LAST.largest_sample_us
        searched += 1
    assert searched >= 10
    view, decision = next((v, d) for _, v, d in decision_points(VARIANTS["classic"], 1, 61)
                          if isinstance(d, LeadDecision))
    lead_values(view, [c.index for c in decision.options], Budget(time_budget_ms=0, deadline_ms=0), random.Random(1))
    assert LAST.samples == Budget().min_samples  # even no budget compares the choices on a few deals


def test_the_deadline_cuts_a_huge_budget_short(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CPU-time safety net, on a thread clock that moves a millisecond each time it is read."""
    ticks = iter(range(10_000))
    monkeypatch.setattr(search, "time", SimpleNamespace(thread_time=lambda: next(ticks) / 1000))
    view, decision = next((v, d) for _, v, d in decision_points(VARIANTS["classic"], 1, 61)
                          if isinstance(d, LeadDecision))
    lead_values(view, [c.index for c in decision.options],
                Budget(time_budget_ms=100_000, max_samples=100_000, min_samples=1, deadline_ms=5), random.Random(1))
    assert LAST.samples == 6  # read at the start, then after each deal: the sixth read is past 5 ms


def test_search_work_is_counted_not_timed() -> None:
    """The amount of search depends on the budget and the deal, never on the clock: same view, same samples."""
    view, decision = next((v, d) for _, v, d in decision_points(VARIANTS["classic"], 1, 62)
                          if isinstance(d, LeadDecision))
    options = [c.index for c in decision.options]
    counts = []
    for budget_ms in (5, 5, 20):
        lead_values(view, options, Budget(time_budget_ms=budget_ms, deadline_ms=0), random.Random(4))
        counts.append(LAST.samples)
        assert LAST.work_us >= budget_ms * 1000 or LAST.samples == Budget().max_samples
    assert counts[0] == counts[1] < counts[2]
    lead_values(view, options, Budget(time_budget_ms=1000, max_samples=7, deadline_ms=0), random.Random(4))
    assert LAST.samples == 7
