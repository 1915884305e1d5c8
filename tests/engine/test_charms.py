"""Charms in the engine (R31-R39): each charm's lawful use and its refusals, the state unchanged after a refusal,
chips conserved, a peek seen by the peeking seat alone, and sessions with charms as pure and seeded as any."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence

import pytest

from game.ai.simple import RandomAgent
from game.config import load_charms
from game.engine import (
    DECK,
    Card,
    CharmAction,
    CharmDecision,
    CharmUse,
    Event,
    IllegalActionError,
    LeadAction,
    RuleSet,
    SeatInfo,
    Session,
    to_json,
)
from game.engine.decisions import Action, action_from_data, action_to_data
from game.engine.errors import NotYourDecisionError
from game.engine.events import BoodleWon, Charm, Play, SessionStart, Stop

CHARMS = load_charms()
EVERY = tuple(CHARMS.values())
SEATS = [SeatInfo(f"Seat {seat}") for seat in range(6)]
Answer = Callable[[Session, CharmDecision], CharmUse | None]


def play(session: Session, answer: Answer, seed: int,
         until: Callable[[Session, CharmDecision], bool] = lambda s, d: False) -> list[Event]:
    """Play `session` with random agents, `answer` choosing at every charm decision, until `until` holds at one (the
    decision left open) or the session ends; every event."""
    agents = [RandomAgent(f"{seed}:{seat}") for seat in range(session.n)]
    events = [] if session.pending() else session.start()
    while (decision := session.pending()) is not None:
        if isinstance(decision, CharmDecision):
            if until(session, decision):
                break
            action: Action = CharmAction(decision.player, answer(session, decision))
        else:
            action = agents[decision.player].decide(session.view(decision.player), decision)
        events += session.apply(action)
    return events


def use_first(session: Session, decision: CharmDecision) -> CharmUse | None:
    return decision.options[0]


def at_random(seed: int) -> Answer:
    rng = random.Random(seed)
    return lambda session, decision: rng.choice((None, *decision.options))


def offered(charm_id: str) -> Callable[[Session, CharmDecision], bool]:
    return lambda session, decision: any(use.charm == charm_id for use in decision.options)


def session_with(charm_id: str, seed: int, rules: RuleSet | None = None, seats: int = 4) -> Session:
    """A session in which every seat holds the one charm."""
    return Session(rules or RuleSet(), SEATS[:seats], seed, [(CHARMS[charm_id],)] * seats)


def first_offer(charm_id: str, rules: RuleSet | None = None) -> tuple[Session, CharmDecision]:
    """The first session (by seed) in which `charm_id` is offered, stopped at that offer."""
    session, decision, _ = offer_and_events(charm_id, rules)
    return session, decision


def offer_and_events(charm_id: str, rules: RuleSet | None = None) -> tuple[Session, CharmDecision, list[Event]]:
    """`first_offer`, with the events so far."""
    for seed in range(200):
        session = session_with(charm_id, seed, rules)
        events = play(session, lambda s, d: None, seed, offered(charm_id))
        decision = session.pending()
        if isinstance(decision, CharmDecision):
            return session, decision, events
    raise AssertionError(f"{charm_id} was never offered")


def use(session: Session, decision: CharmDecision, charm_id: str, pick: int = 0) -> list[Event]:
    """Use the charm (its `pick`-th target) and return the events."""
    choice = [option for option in decision.options if option.charm == charm_id][pick]
    return session.apply(CharmAction(decision.player, choice))


def state(session: Session) -> tuple[object, ...]:
    """Everything a refusal must leave as it was."""
    return (session.pending(), [session.view(seat) for seat in range(session.n)], session.owners(),
            session.chips_total(), tuple(session.chips), tuple(session.boodle), session.dead_hand())


# ----- R31: holding and offering charms ---------------------------------------------------------------------------

def test_R31_a_session_whose_seats_hold_no_charm_is_today_s_byte_for_byte() -> None:
    for seed in range(5):
        plain, empty = Session(RuleSet(), SEATS[:4], seed), Session(RuleSet(), SEATS[:4], seed, [()] * 4)
        logs = [[to_json(e) for e in play(s, use_first, seed)] for s in (plain, empty)]
        assert logs[0] == logs[1]
        assert '"charms"' not in logs[0][0]


def test_R31_session_start_names_each_seat_s_charms() -> None:
    session = Session(RuleSet(), SEATS[:4], 1, [(CHARMS["glimpse"], CHARMS["dam"]), (), (), (CHARMS["encore"],)])
    start = session.start()[0]
    assert isinstance(start, SessionStart)
    assert start.data()["charms"] == [["glimpse", "dam"], [], [], ["encore"]]


def test_R31_charms_for_the_wrong_number_of_seats_or_held_twice_are_refused() -> None:
    with pytest.raises(ValueError, match="R31"):
        Session(RuleSet(), SEATS[:4], 1, [(CHARMS["glimpse"],)] * 3)
    with pytest.raises(ValueError, match="R31"):
        Session(RuleSet(), SEATS[:4], 1, [(CHARMS["glimpse"], CHARMS["glimpse"]), (), (), ()])


@pytest.mark.parametrize("charm_id", sorted(CHARMS))
def test_R31_a_use_not_offered_is_refused_and_changes_nothing(charm_id: str) -> None:
    session, decision = first_offer(charm_id)
    before = state(session)
    other = next(spec.id for spec in EVERY if spec.id != charm_id)
    stray = next(card for card in DECK if CharmUse(charm_id, card) not in decision.options)
    for wrong in (CharmUse(other, None), CharmUse(charm_id, stray),
                  ("glimpse", None), "dam", 3):
        with pytest.raises(IllegalActionError, match="R31"):
            session.apply(CharmAction(decision.player, wrong))  # type: ignore[arg-type]
        assert state(session) == before
    with pytest.raises(NotYourDecisionError):
        session.apply(CharmAction((decision.player + 1) % 4, None))
    with pytest.raises(NotYourDecisionError):
        session.apply(LeadAction(decision.player, session.hand(decision.player)[0]))
    assert state(session) == before


def test_R31_a_declined_charm_leaves_the_deal_as_it_would_have_gone() -> None:
    """Declining every offer plays the classic session: the same events but the offers."""
    for seed in range(5):
        plain = [to_json(e) for e in play(Session(RuleSet(), SEATS[:4], seed), lambda s, d: None, seed)]
        declined = play(Session(RuleSet(), SEATS[:4], seed, [EVERY] * 4), lambda s, d: None, seed)
        assert [to_json(e) for e in declined][1:] == plain[1:]


@pytest.mark.parametrize("uses", ["session", 2, "deal"])
def test_R31_a_charm_is_offered_no_more_often_than_its_uses_allow(uses: int | str) -> None:
    spec = dataclasses.replace(CHARMS["glimpse"], uses=uses)
    for seed in range(3):
        session = Session(RuleSet(), SEATS[:4], seed, [(spec,)] * 4)
        events = play(session, use_first, seed)
        deals = [e.deal for e in events if e.type == "deal_start"]
        for seat in range(4):
            mine = [deal for deal, e in _by_deal(events) if isinstance(e, Charm) and e.player == seat]
            if uses == "deal":
                assert len(mine) == len(set(mine)) and 1 in mine and len(deals) > 1
            else:
                assert len(mine) == (1 if uses == "session" else uses)


def _by_deal(events: Sequence[Event]) -> list[tuple[int, Event]]:
    deal, out = 0, []
    for event in events:
        if event.type == "deal_start":
            deal = event.deal
        out.append((deal, event))
    return out


def test_R31_actions_with_charms_are_kept_and_read_back() -> None:
    for action in (CharmAction(2, None), CharmAction(1, CharmUse("lock", Card.parse("7H"))),
                   CharmAction(0, CharmUse("glimpse", None))):
        assert action_from_data(action_to_data(action)) == action


# ----- R32-R39: each charm --------------------------------------------------------------------------------------

def test_R32_a_peek_shows_dead_cards_to_the_peeking_seat_only() -> None:
    session, decision = first_offer("glimpse")
    seat = decision.player
    others_before = [session.view(other) for other in range(4) if other != seat]
    events = use(session, decision, "glimpse")
    charm = next(e for e in events if isinstance(e, Charm))
    shown = session.view(seat).seen
    assert charm.cards == shown and len(shown) == CHARMS["glimpse"].param("cards")
    assert set(shown) <= set(session.dead_hand())
    assert set(shown) <= session.view(seat).known_dead
    for other in range(4):
        if other != seat:
            view = session.view(other)
            assert view.seen == () and not set(shown) & view.known_dead
    assert [session.view(o).seen for o in range(4) if o != seat] == [v.seen for v in others_before]


def test_R33_a_swap_gives_a_card_to_the_dead_hand_and_takes_one_unseen() -> None:
    session, decision = first_offer("sleight")
    seat = decision.player
    hand, dead = set(session.hand(seat)), set(session.dead_hand())
    given = decision.options[0].card
    events = use(session, decision, "sleight")
    charm = next(e for e in events if isinstance(e, Charm))
    assert charm.cards[0] is given and charm.cards[1] in dead
    assert set(session.hand(seat)) == hand - {given} | {charm.cards[1]}
    assert set(session.dead_hand()) == dead - {charm.cards[1]} | {given}
    assert given in session.view(seat).known_dead


def test_R34_second_thoughts_moves_the_seat_s_stake_onto_one_boodle_card() -> None:
    session, decision = first_offer("second_thoughts")
    seat = decision.player
    chips, total, boodle = tuple(session.chips), session.chips_total(), list(session.boodle)
    target = decision.options[0].card
    assert target is not None
    events = use(session, decision, "second_thoughts")
    charm = next(e for e in events if isinstance(e, Charm))
    assert tuple(session.chips) == chips and session.chips_total() == total and sum(session.boodle) == sum(boodle)
    slot = RuleSet().boodle_cards.index(target)
    assert session.boodle[slot] > boodle[slot]
    assert dict(charm.boodle)[target] == session.boodle[slot]
    assert seat == charm.player


def test_R35_a_card_made_a_stop_stops_every_run_at_it_this_deal() -> None:
    for seed in range(60):
        session = session_with("lock", seed)
        play(session, lambda s, d: None, seed, offered("lock"))
        decision = session.pending()
        if not isinstance(decision, CharmDecision):
            continue
        card = decision.options[0].card
        assert card is not None
        events = use(session, decision, "lock") + play(session, lambda s, d: None, seed)
        deal_end = next(i for i, e in enumerate(events) if e.type == "deal_end")
        played = [i for i, e in enumerate(events[:deal_end]) if isinstance(e, Play) and e.card is card]
        if not played:
            continue
        after = events[played[0] + 1:]
        after = [e for e in after if not isinstance(e, BoodleWon)]
        if after[0].type == "hand_won":
            continue
        assert after[0] == Stop(card, "charm")
        return
    raise AssertionError("no locked card was played")


def test_R36_free_rein_leads_a_suit_the_rules_would_not_allow() -> None:
    session, decision = first_offer("free_rein")
    seat = decision.player
    stopped = session.view(seat).stops[-1].after.suit
    card = decision.options[0].card
    assert card is not None and card.suit == stopped  # classic rules: switch suits after a stop (R16)
    events = use(session, decision, "free_rein")
    assert events[1] == Play(seat, card, True)


def test_R37_the_dam_keeps_the_card_and_stops_the_run() -> None:
    session, decision = first_offer("dam")
    seat = decision.player
    card = decision.options[0].card
    events = use(session, decision, "dam")
    assert events[1].type == "stop" and events[1].reason == "declined"
    assert card in session.hand(seat)


def test_R38_cut_in_takes_the_lead_after_someone_else_s_stop() -> None:
    session, decision = first_offer("cut_in")
    seat = decision.player
    last = next(p for p in reversed(session.view(seat).plays))
    assert last.player != seat
    card = decision.options[0].card
    events = use(session, decision, "cut_in")
    assert events[1] == Play(seat, card, True)  # type: ignore[arg-type]


def test_R39_encore_has_every_other_player_pay_again() -> None:
    session, decision, before = offer_and_events("encore")
    seat = decision.player
    hit = before[-1]
    assert isinstance(hit, BoodleWon) and hit.player == seat
    per = CHARMS["encore"].param("per")
    chips, total = tuple(session.chips), session.chips_total()
    events = use(session, decision, "encore")
    charm = next(e for e in events if isinstance(e, Charm))
    assert session.chips_total() == total
    for payment in charm.payments:
        assert payment.source != seat and payment.chips <= chips[payment.source]
        assert payment.chips == min(chips[payment.source], hit.chips // per)
    assert sum(p.chips for p in charm.payments) > 0


# ----- every charm at once ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(12))
def test_R31_chips_are_conserved_with_every_charm_in_play(seed: int) -> None:
    rules = RuleSet(deals=6, buy_dead_hand=dataclasses.replace(RuleSet().buy_dead_hand, enabled=seed % 2 == 0))
    session = Session(rules, SEATS[:3 + seed % 3], seed, [EVERY] * (3 + seed % 3))
    answer = at_random(seed)
    agents = [RandomAgent(f"{seed}:{seat}") for seat in range(session.n)]
    session.start()
    total = session.chips_total()
    while (decision := session.pending()) is not None:
        action = (CharmAction(decision.player, answer(session, decision)) if isinstance(decision, CharmDecision)
                  else agents[decision.player].decide(session.view(decision.player), decision))
        session.apply(action)
        assert session.chips_total() == total and min(session.chips) >= 0 and min(session.boodle) >= 0


def test_R31_sessions_with_charms_replay_byte_for_byte_from_seed_and_actions() -> None:
    for seed in range(4):
        session = Session(RuleSet(), SEATS[:4], seed, [EVERY] * 4)
        answer = at_random(seed)
        agents = [RandomAgent(f"{seed}:{seat}") for seat in range(4)]
        log = [to_json(e) for e in session.start()]
        actions: list[Action] = []
        while (decision := session.pending()) is not None:
            action = (CharmAction(decision.player, answer(session, decision)) if isinstance(decision, CharmDecision)
                      else agents[decision.player].decide(session.view(decision.player), decision))
            actions.append(action_from_data(action_to_data(action)))
            log += [to_json(e) for e in session.apply(action)]
        assert any('"type": "charm"' in line for line in log)
        again = Session(RuleSet(), SEATS[:4], seed, [EVERY] * 4)
        replayed = [to_json(e) for e in again.start()]
        for action in actions:
            replayed += [to_json(e) for e in again.apply(action)]
        assert replayed == log


def test_R31_using_a_charm_changes_no_later_deal() -> None:
    """A charm draws from a stream of its own: the deals dealt are the same whether it is used or not."""
    for seed in range(3):
        dealt = []
        for answer in (use_first, lambda s, d: None):
            session = Session(RuleSet(deals=4), SEATS[:4], seed, [(CHARMS["glimpse"], CHARMS["sleight"])] * 4)
            dealt.append([to_json(e) for e in play(session, answer, seed) if e.type == "deal"][:2])
        assert dealt[0] == dealt[1]


def test_R31_a_charm_s_fee_goes_into_the_pot_and_a_seat_short_of_it_is_not_asked() -> None:
    session, decision = first_offer("cut_in")
    seat = decision.player
    fee = CHARMS["cut_in"].fee
    assert fee > 0
    chips, pot, total = session.chips[seat], session.pot, session.chips_total()
    events = use(session, decision, "cut_in")
    charm = events[0]
    assert isinstance(charm, Charm) and charm.pot == fee and session.chips_total() == total
    if not any(e.type == "hand_won" for e in events):  # the pot is the winner's once the deal ends
        assert session.pot == pot + fee
        assert session.chips[seat] == chips - fee + sum(e.chips for e in events
                                                        if isinstance(e, BoodleWon) and e.player == seat)
    dear = dataclasses.replace(CHARMS["cut_in"], fee=20)
    for seed in range(20):
        never = Session(RuleSet(deals=2, starting_chips=24), SEATS[:4], seed, [(dear,)] * 4)
        play(never, use_first, seed, affordable)


def affordable(session: Session, decision: CharmDecision) -> bool:
    """Go on, once the charm offered is one its holder can pay for."""
    fee = max(spec.fee for spec, _ in session.charms_held()[decision.player])
    assert session.chips[decision.player] >= fee, "a charm its holder cannot pay for was offered"
    return False
