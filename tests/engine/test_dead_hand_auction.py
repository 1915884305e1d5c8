"""R26: the dead hand at auction when the dealer keeps their hand (buy_dead_hand.auction, buy_dead_hand.paid_to)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Sequence
from pathlib import Path

import pygame
import pytest
from app_helpers import instant_app
from helpers import rules, seats, seed_with_dealer
from referee import Referee, play_checked

from game.ai.character import CharacterAgent
from game.ai.expert.rollout import State, Table, buy_dead_hand, first_leader, play_out
from game.ai.hint import BidHint, expert_hint
from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.ai.simple import LowestAgent, RandomAgent
from game.app.app import App
from game.app.review_words import kind_text, option_text
from game.app.scenes.how_to_play import HowToPlayScene
from game.app.scenes.rules_lines import auction_words, rules_summary
from game.app.table.scene import TableScene
from game.config import ConfigError, load_rules_text
from game.engine import event_dict, play_session
from game.engine.decisions import (
    Action,
    BidAction,
    BidDecision,
    BuyDeadAction,
    BuyDeadDecision,
    Decision,
    FollowAction,
    FollowDecision,
    LeadAction,
    LeadDecision,
    action_from_data,
    action_to_data,
)
from game.engine.errors import IllegalActionError, IllegalBidError
from game.engine.events import Bid, BuyDead, DealEnd, Event, event_from_data
from game.engine.rules import BuyDeadHand, RuleSet
from game.engine.session import Session
from game.engine.view import PlayerView
from game.locale import LANGUAGES
from game.replay import split_deals
from game.replay.replay import Replay
from game.review.judge import review_deal
from game.review.walk import walk_deal

AUCTION = rules(buy_dead_hand=BuyDeadHand(True, 2, auction=True), deals=1)
TO_DEALER = rules(buy_dead_hand=BuyDeadHand(True, 2, auction=True, paid_to="dealer"), deals=1)


class Scripted:
    """Keeps the hand as dealer and bids as told, seat by seat (then passes); plays the rest as LowestAgent."""

    def __init__(self, bids: dict[int, list[int]], buy: bool = False) -> None:
        self.bids = {seat: list(chips) for seat, chips in bids.items()}
        self.buy = buy
        self.asked: list[BidDecision] = []
        self.plain = LowestAgent()

    def decide(self, view: PlayerView, decision: Decision) -> Action:
        """The scripted answer."""
        if isinstance(decision, BuyDeadDecision):
            return BuyDeadAction(decision.player, self.buy)
        if isinstance(decision, BidDecision):
            self.asked.append(decision)
            script = self.bids.get(decision.player, [])
            return BidAction(decision.player, script.pop(0) if script else 0)
        return self.plain.decide(view, decision)


def auction_of(rule_set: RuleSet, bids: dict[int, list[int]], n: int = 4, buy: bool = False,
               chips: Sequence[int] | None = None) -> tuple[Session, list[Event], Scripted]:
    """A refereed session with seat 0 dealing first, played until its first lead; its events and the script."""
    session = Session(rule_set, seats(n), seed_with_dealer(n, 0))
    if chips is not None:
        session.chips = list(chips)
    script = Scripted(bids, buy)
    ref = Referee(equal_start=chips is None)
    events = session.start()
    for event in events:
        ref.feed(event)
    ref.check(session)
    while not isinstance(decision := session.pending(), LeadDecision) and decision is not None:
        made = session.apply(script.decide(session.view(decision.player), decision))
        for event in made:
            ref.feed(event)
        ref.check(session)
        events += made
        if any(e.type == "play" for e in made):
            break
    return session, events, script


def auction_events(events: list[Event]) -> list[tuple[str, int, int]]:
    """The bids and the purchase, as (type, player, chips)."""
    return [(e.type, e.player, e.chips if isinstance(e, Bid) else e.fee) for e in events
            if isinstance(e, Bid | BuyDead)]


def test_r26_bids_go_round_from_the_dealer_s_left_and_the_last_bidder_buys() -> None:
    session, events, script = auction_of(AUCTION, {1: [2, 0], 2: [3], 3: [0]})
    assert auction_events(events) == [("bid", 1, 2), ("bid", 2, 3), ("bid", 3, 0), ("bid", 1, 0), ("buy_dead", 2, 3)]
    assert [(d.player, d.low) for d in script.asked] == [(1, 2), (2, 3), (3, 4), (1, 4)]
    assert all(d.high == session.chips[d.player] or d.player == 2 for d in script.asked)
    assert session.view(2).given_up and not session.view(0).given_up  # the winner knows what went dead


def test_r26_the_price_goes_to_the_pot_or_to_the_dealer() -> None:
    for rule_set, dealer_gets in ((AUCTION, 0), (TO_DEALER, 5)):
        session, events, _ = auction_of(rule_set, {1: [5]})
        assert auction_events(events)[-1] == ("buy_dead", 1, 5)
        antes = rule_set.ante(True)
        assert session.chips[0] == rule_set.starting_chips - antes + dealer_gets
        assert session.pot == 4 * rule_set.ante_pot + (5 - dealer_gets)


def test_r26_the_dealer_buying_at_the_fee_closes_the_auction() -> None:
    session, events, script = auction_of(TO_DEALER, {1: [5]}, buy=True)
    assert auction_events(events) == [("buy_dead", 0, 2)] and not script.asked
    assert session.pot == 4 * TO_DEALER.ante_pot + 2  # the dealer's own fee goes into the pot


def test_r26_everyone_passing_leaves_the_dead_hand_unsold() -> None:
    session, events, _ = auction_of(AUCTION, {})
    assert auction_events(events) == [("bid", 1, 0), ("bid", 2, 0), ("bid", 3, 0)]
    assert not any(session.view(seat).given_up for seat in range(4))


def test_r26_the_last_player_left_still_bids_or_passes() -> None:
    _, events, script = auction_of(AUCTION, {3: [2]})
    assert auction_events(events) == [("bid", 1, 0), ("bid", 2, 0), ("bid", 3, 2), ("buy_dead", 3, 2)]
    assert script.asked[-1].player == 3


def test_r26_a_dealer_who_cannot_pay_the_fee_is_not_asked_but_the_others_bid() -> None:
    rule_set = rules(buy_dead_hand=BuyDeadHand(True, 30, auction=True), deals=1)
    _, events, script = auction_of(rule_set, {2: [31]}, chips=[36, 40, 40, 40])
    assert auction_events(events) == [("bid", 1, 0), ("bid", 2, 31), ("bid", 3, 0), ("buy_dead", 2, 31)]
    assert script.asked[0].low == 30


def test_r26_a_player_who_cannot_outbid_passes_without_being_asked() -> None:
    _, events, script = auction_of(AUCTION, {1: [30]}, chips=[40, 40, 6, 40])
    assert ("bid", 2, 0) in auction_events(events)
    assert 2 not in [d.player for d in script.asked]


@pytest.mark.parametrize("chips", [1, 100, -1, True])
def test_r26_a_bid_outside_the_range_is_refused(chips: int) -> None:
    session = Session(AUCTION, seats(4), seed_with_dealer(4, 0))
    session.start()
    agent = Scripted({})
    while not isinstance(decision := session.pending(), BidDecision):
        assert decision is not None
        session.apply(agent.decide(session.view(decision.player), decision))
    with pytest.raises(IllegalActionError) as caught:
        session.apply(BidAction(decision.player, chips))
    assert isinstance(caught.value, IllegalBidError) or chips in (-1, True)
    assert session.pending() == decision


def test_r26_bids_and_their_events_round_trip() -> None:
    action = BidAction(2, 7)
    assert action_from_data(json.loads(json.dumps(action_to_data(action)))) == action
    event = Bid(1, 0)
    assert event_from_data(json.loads(event.to_json())) == event


def test_r26_auction_needs_buying_enabled() -> None:
    with pytest.raises(ConfigError) as caught:
        load_rules_text("buy_dead_hand:\n  fee: 2\n  auction: true\n", "x.yaml")
    assert caught.value.problems == ["x.yaml:3: buy_dead_hand.auction: true needs buy_dead_hand.enabled: true "
                                     "(the auction is for a dead hand the dealer may buy)"]
    with pytest.raises(ConfigError, match="x.yaml:3: buy_dead_hand.paid_to: "):
        load_rules_text("buy_dead_hand:\n  enabled: true\n  paid_to: banker\n", "x.yaml")
    loaded = load_rules_text("buy_dead_hand: {enabled: true, auction: true, paid_to: dealer}\n", "x.yaml")
    assert loaded.buy_dead_hand == BuyDeadHand(True, 4, True, "dealer")


def test_r26_a_log_from_before_the_auction_reads_as_none() -> None:
    old = RuleSet.from_settings({"buy_dead_hand": {"enabled": True, "fee": 4}})
    assert old.buy_dead_hand == BuyDeadHand(True, 4, False, "pot")


def _tamper(lines: list[str], kind: str, change: dict[str, object], skip: int = 0) -> None:
    hits = [i for i, line in enumerate(lines) if json.loads(line)["type"] == kind]
    data = json.loads(lines[hits[skip]])
    data.update(change)
    lines[hits[skip]] = json.dumps(data)


@pytest.mark.parametrize("tamper", ["out of turn", "too low", "wrong price", "dealer bids", "no buyer"])
def test_r26_the_referee_rejects_a_tampered_auction(tamper: str) -> None:
    session, events, _ = auction_of(TO_DEALER, {1: [2, 0], 2: [3], 3: [0]})
    decision = session.pending()
    if isinstance(decision, LeadDecision):  # on to the first lead, which the auction must come before
        events += session.apply(LeadAction(decision.player, decision.options[0]))
    assert any(e.type == "play" for e in events)
    lines = [e.to_json() for e in events]
    replay = Referee()
    for line in lines:
        replay.feed_line(line)  # the untouched log passes
    if tamper == "out of turn":
        _tamper(lines, "bid", {"player": 3})
    elif tamper == "too low":
        _tamper(lines, "bid", {"chips": 2}, skip=1)
    elif tamper == "wrong price":
        _tamper(lines, "buy_dead", {"fee": 2})
    elif tamper == "dealer bids":
        _tamper(lines, "bid", {"player": 0})
    else:
        lines.remove(next(line for line in lines if '"buy_dead"' in line))
    with pytest.raises(AssertionError):
        ref = Referee()
        for line in lines:
            ref.feed_line(line)


@pytest.mark.parametrize("paid_to", ["pot", "dealer"])
def test_r26_random_play_under_an_auction_keeps_every_invariant(paid_to: str) -> None:
    rule_set = rules(buy_dead_hand=BuyDeadHand(True, 1, auction=True, paid_to=paid_to), starting_chips=20)
    seen: dict[str, int] = {}
    for seed in range(6):
        n = 3 + seed % 4
        ref = play_checked(Session(rule_set, seats(n), seed), [RandomAgent(f"{seed}:{s}") for s in range(n)])
        for kind, count in ref.counts.items():
            seen[kind] = seen.get(kind, 0) + count
    assert seen["bid"] > 20 and seen["buy_dead"] > 5


@pytest.mark.parametrize("character_id", ["expert", "vera", "reggie", "hetty"])
def test_r26_characters_bid_lawfully(character_id: str) -> None:
    rule_set = dataclasses.replace(TO_DEALER, deals=4)
    table = [character_id, "bert", character_id, "maud"]  # dealers who never buy, so the others bid
    agents = [CharacterAgent(load_character_by_id(name), f"r26:{seat}", deadline_ms=0)
              for seat, name in enumerate(table)]
    for agent in agents:
        for params in agent._params():
            if "time_budget_ms" in params:
                params.update(time_budget_ms=2, max_samples=6)
    bids: list[tuple[int, int]] = []
    session = Session(rule_set, seats(4), 11)
    ref = play_checked(session, [_Watch(agent, bids) for agent in agents])
    assert ref.counts.get("bid", 0) >= 6
    assert {seat for seat, _ in bids} >= {0, 2}, "the character under test bid (or passed) at the auction"


class _Watch:
    """An agent's answers to the auction, noted."""

    def __init__(self, agent: CharacterAgent, bids: list[tuple[int, int]]) -> None:
        self.agent, self.bids = agent, bids

    def decide(self, view: PlayerView, decision: Decision) -> Action:
        """The agent's answer."""
        action = self.agent.decide(view, decision)
        if isinstance(action, BidAction):
            self.bids.append((action.player, action.chips))
        return action


def test_r26_the_expert_bids_the_least_or_passes_and_the_hint_agrees_in_kind() -> None:
    session = Session(TO_DEALER, seats(4), seed_with_dealer(4, 0))
    session.start()
    agent = Scripted({})
    while not isinstance(decision := session.pending(), BidDecision):
        assert decision is not None
        session.apply(agent.decide(session.view(decision.player), decision))
    view = session.view(decision.player)
    expert = CharacterAgent(load_character_by_id("expert"), "r26", deadline_ms=0)
    answer = expert.decide(view, decision)
    assert isinstance(answer, BidAction) and answer.chips in (0, decision.low)
    hint = expert_hint(view, decision, 3)
    assert isinstance(hint, BidHint) and hint.chips == decision.low


@pytest.mark.parametrize("paid_to", ["pot", "dealer"])
def test_r26_the_rollout_of_an_auction_winner_matches_the_engine(paid_to: str) -> None:
    rule_set = rules(buy_dead_hand=BuyDeadHand(True, 2, auction=True, paid_to=paid_to), deals=1, players=4)
    compared = 0
    for k in range(6):
        session = Session(rule_set, seats(4), 700 + k)
        session.start()
        agent = Scripted({})
        while not isinstance(decision := session.pending(), BidDecision):
            assert decision is not None
            session.apply(agent.decide(session.view(decision.player), decision))
        owner = list(session.owners())
        bchips = [0] * 52
        for card, chips in zip(rule_set.boodle_cards, session.boodle):
            bchips[card.index] = chips
        state = State.of(owner, 4, session.chips, bchips, session.pot)
        table = Table.of(rule_set, session.in_session, session.dealer)
        buy_dead_hand(state, decision.player, decision.low, session.dealer if paid_to == "dealer" else -1)
        play_out(table, state, first_leader(table, state.owner), -1, lead=lambda t, s, seat, options: options[0],
                 follow=lambda t, s, seat, card: True)
        events = session.apply(BidAction(decision.player, decision.low))
        while (decision := session.pending()) is not None:
            if isinstance(decision, BidDecision):
                events += session.apply(BidAction(decision.player, 0))
            elif isinstance(decision, LeadDecision):
                events += session.apply(LeadAction(decision.player, min(decision.options, key=lambda c: c.index)))
            else:
                assert isinstance(decision, FollowDecision)
                events += session.apply(FollowAction(decision.player, True))
        end = [e for e in events if isinstance(e, DealEnd)][-1]
        assert state.chips == list(end.chips)
        compared += 1
    assert compared == 6


def test_r26_the_replay_moves_the_price_to_the_dealer() -> None:
    _, events, _ = auction_of(TO_DEALER, {1: [5]})
    steps = Replay.from_lines([e.to_json() for e in events]).steps
    bought = next(step for step in steps if isinstance(step.event, BuyDead))
    before = steps[steps.index(bought) - 1].state
    assert bought.state.chips[0] == before.chips[0] + 5 and bought.state.pot == before.pot


# ----- at the table ----------------------------------------------------------------------------------------

@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()


def _key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    app.step(1 / 60)


def _bidding_table(app: App, seed: int) -> TableScene:
    rule_set = dataclasses.replace(TO_DEALER, players=4, deals=3)
    seated: list[SeatSpec] = [("You", None)] + [(c.name, c) for c in
                                                 (load_character_by_id(i) for i in ("bert", "maud", "bert"))]
    scene = TableScene.seated(app, rule_set, seated, seed)
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda s: s.human.kind == "bid", 8000)
    return scene


def test_r26_the_human_bids_with_the_stepper_and_the_keys(app: App) -> None:
    scene = _bidding_table(app, 5)
    decision = scene.human.decision
    assert isinstance(decision, BidDecision)
    labels = [button.label for button in scene.human.buttons]
    assert labels[:4] == [f"Bid {decision.low} chips", "More +", "Less −", "Pass"]
    assert scene.human.prompt()[0].startswith(f"Bid {decision.low} chips or more (up to {decision.high})")
    _key(app, pygame.K_UP)
    _key(app, pygame.K_UP)
    _key(app, pygame.K_DOWN)
    assert scene.human.bid_chips == decision.low + 1
    _key(app, pygame.K_RETURN)
    assert [a for a in scene.actions if isinstance(a, BidAction)][-1] == BidAction(0, decision.low + 1)
    assert any("You bid" in str(line) for line in scene.director.deal_log.lines)


def test_r26_the_human_passes_with_p(app: App) -> None:
    scene = _bidding_table(app, 6)
    _key(app, pygame.K_p)
    assert [a for a in scene.actions if isinstance(a, BidAction)][-1] == BidAction(0, 0)
    assert any(str(line) == "You pass" for line in scene.director.deal_log.lines)


def _pad(app: App, button: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=button))
    app.step(1 / 60)


def test_r26_a_controller_steps_the_bid_with_its_shoulders_and_reaches_pass_with_the_d_pad(app: App) -> None:
    scene = _bidding_table(app, 5)
    decision = scene.human.decision
    assert isinstance(decision, BidDecision)
    for button in (pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
                   pygame.CONTROLLER_BUTTON_LEFTSHOULDER):
        _pad(app, button)
    assert scene.human.bid_chips == decision.low + 1
    _pad(app, pygame.CONTROLLER_BUTTON_A)
    assert [a for a in scene.actions if isinstance(a, BidAction)][-1] == BidAction(0, decision.low + 1)
    scene = _bidding_table(app, 6)
    chips = scene.human.bid_chips
    _key(app, pygame.K_RIGHT)  # ← → move between Bid and Pass (↑ ↓ and + − step the bid)
    assert scene.human.buttons[scene.human.focus].label == "Pass" and scene.human.bid_chips == chips
    _key(app, pygame.K_LEFT)
    _pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    _pad(app, pygame.CONTROLLER_BUTTON_A)
    assert [a for a in scene.actions if isinstance(a, BidAction)][-1] == BidAction(0, 0)


def test_r26_the_review_judges_a_bid_and_a_pass() -> None:
    rule_set = dataclasses.replace(TO_DEALER, deals=2)
    session = Session(rule_set, seats(4), seed_with_dealer(4, 3))
    script = Scripted({0: [2, 0, 0]})
    events: list[str] = []
    play_session(session, [script] * 4, lambda event: events.append(json.dumps(event_dict(event))))
    deals = split_deals(events)
    review = review_deal(walk_deal(deals[0], 0))
    bids = [judged for judged in review.decisions if judged.kind == "bid"]
    assert bids and [option.name for option in bids[0].options] == ["pass", "bid"] and bids[0].chosen == 1
    assert kind_text(bids[0]) == "Bid for the dead hand?"
    assert option_text(bids[0], bids[0].options[1]) == "Bid the least"


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_r26_how_to_play_tells_the_auction_and_fits_its_pages(app: App, code: str) -> None:
    app.set_language(code)
    rule_set = dataclasses.replace(TO_DEALER, players=8, first_lead="2D", dealer_ante_multiplier=2)
    scene = HowToPlayScene(app, rule_set)
    app.scenes.clear_to(scene)
    told = [line for line in rules_summary(rule_set) if "{" in line or "auction." in line]
    assert not told
    for index in range(len(scene.sections)):
        scene.show(index)
        assert scene._overflow() == 0, (code, scene.sections[index].title)
    words = " ".join(" ".join(section.paragraphs) for section in scene.sections)
    assert auction_words(rule_set) in words and auction_words(rule_set) != auction_words(RuleSet())
