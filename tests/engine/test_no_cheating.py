"""No cheating: an agent is handed a PlayerView and nothing else, and from it no hidden card can be reached."""

from __future__ import annotations

import dataclasses
import gc
import random
import types
from collections.abc import Iterator
from typing import Any

import pytest

from game.ai.character import CharacterAgent, StrategyChoice
from game.ai.expert.knowledge import infer
from game.ai.expert.sampling import Sampler
from game.ai.oracle import ORACLE_ID
from game.ai.registry import agent_ids, character_ids, load_character_by_id, make_agent
from game.engine import BuyDeadHand, RuleSet, SeatInfo, Session
from game.engine.cards import Card
from game.engine.decisions import Decision, LeadDecision
from game.engine.rules import RuleSet as RuleSetType
from game.engine.state import DEAD
from game.engine.view import PlayerView

RULES = {
    "classic": RuleSet(players=5, deals=2),
    "michigan-like": RuleSet(players=4, deals=2, buy_dead_hand=BuyDeadHand(True, 2), follow="optional"),
}
# code and types are shared by everyone and hold no cards of this deal; the walk does not go into them
_CODE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType,
         types.CodeType, types.MethodDescriptorType, types.WrapperDescriptorType, types.GetSetDescriptorType,
         types.MemberDescriptorType)


def reachable(root: object, skip: tuple[type, ...] = ()) -> Iterator[object]:
    """Every object reachable from `root` through references, not going into code, types or `skip`."""
    seen = {id(root)}
    stack = [root]
    while stack:
        obj = stack.pop()
        yield obj
        if isinstance(obj, _CODE) or (skip and isinstance(obj, skip)):
            continue
        for ref in gc.get_referents(obj):
            if id(ref) not in seen:
                seen.add(id(ref))
                stack.append(ref)


def positions(rules: RuleSet, seed: int, charms: Any = None) -> Iterator[tuple[Session, PlayerView, Decision]]:
    """Every decision of a session with random agents (and, if given, each seat's charms)."""
    from game.ai.simple import RandomAgent
    session = Session(rules, [SeatInfo(f"s{i}") for i in range(rules.players)], seed, charms)
    agents = [RandomAgent(f"{seed}:{i}") for i in range(rules.players)]
    session.start()
    while (decision := session.pending()) is not None:
        view = session.view(decision.player)
        yield session, view, decision
        session.apply(agents[decision.player].decide(view, decision))


def hidden_from(session: Session, view: PlayerView) -> list[tuple[Card, ...]]:
    """The hands a player may not see: every other hand, and the dead hand unless it is the one they gave up."""
    hidden = [session.hand(s) for s in range(session.n) if s != view.player]
    return hidden if view.given_up else hidden + [session.dead_hand()]


@pytest.mark.parametrize("name", sorted(RULES))
def test_nothing_hidden_is_reachable_from_a_view(name: str) -> None:
    checked = 0
    for k, (session, view, _decision) in enumerate(positions(RULES[name], 3)):
        if k % 3:
            continue
        me = view.player
        assert view.hand == session.hand(me)
        public = {play.card for play in view.plays} | set(view.hand) | set(view.given_up)
        hidden = [set(hand) for hand in hidden_from(session, view) if hand]
        for obj in reachable(view, skip=(RuleSetType,)):
            assert not isinstance(obj, Session), "a view leads to the session"
            if isinstance(obj, Card):
                assert obj in public, f"{obj} is hidden from seat {me} but reachable from its view"
            if isinstance(obj, (tuple, list, set, frozenset, dict)) and obj is not view.hand:
                held = {x for x in obj if isinstance(x, Card)}
                assert not any(hand <= held for hand in hidden), f"a container holds a hidden hand: {obj!r:.200}"
        for obj in reachable(view.rules):  # the rules are public and lead nowhere else
            assert not isinstance(obj, Session)
        checked += 1
    assert checked > 5


# The oracle is exempt: it is a tournament yardstick, never offered at the table, that sees every card on
# purpose (play_session shows the deal to it alone, since it declares `sees_everything`); tests/ai/test_oracle.py
# checks that it is shown the true deal and that no other agent is.
EXEMPT = {ORACLE_ID}


def test_every_agent_is_handed_only_a_view_and_keeps_no_session() -> None:
    rules = RuleSet(players=4, deals=1)
    assert ORACLE_ID in agent_ids()
    for agent_id in agent_ids():
        if agent_id in EXEMPT:
            continue
        assert getattr(make_agent(agent_id, 1, 0), "sees_everything", False) is False, agent_id
        agent = make_agent(agent_id, 1, 0)
        received: list[tuple[type, type]] = []

        class Spy:
            def __init__(self, agent: Any, received: list[tuple[type, type]]) -> None:
                self.agent, self.received = agent, received

            def decide(self, view: Any, decision: Any) -> Any:
                self.received.append((type(view), type(decision)))
                return self.agent.decide(view, decision)
        others = [make_agent("lowest", 1, seat) for seat in range(1, 4)]
        session = Session(rules, [SeatInfo(f"s{i}") for i in range(4)], 11)
        from game.engine import play_session
        play_session(session, [Spy(agent, received), *others])
        assert received and all(view is PlayerView for view, _ in received), agent_id
        assert not any(isinstance(obj, Session) for obj in reachable(agent)), agent_id


def expert_agent(seed: int, seat: int, seats: int) -> CharacterAgent:
    """The expert character with a fixed amount of search and no wall clock, reading a table of characters by
    their public styles (and itself as a player it cannot name): its choices are reproducible."""
    character = load_character_by_id("expert")
    params = {"time_budget_ms": 4, "max_samples": 12, "deadline_ms": 0}
    character = dataclasses.replace(character, lead=StrategyChoice("expert", params),
                                    follow=StrategyChoice("expert", params),
                                    dead_hand=StrategyChoice("expert", params))
    agent = CharacterAgent(character, f"{seed}:{seat}")
    cast = [cid for cid in character_ids() if cid != "expert"]
    agent.meet([None if s == seat else load_character_by_id(cast[s % len(cast)]) for s in range(seats)])
    return agent


@pytest.mark.parametrize("name", [*sorted(RULES), "with_charms"])
def test_expert_choice_is_unchanged_when_hidden_cards_are_dealt_otherwise(name: str) -> None:
    """Re-deal the cards a player cannot see, in any way the public record allows: the view is the same and
    so is the expert's choice. With charms (every seat holding all eight), what another seat's peek or swap showed
    it is among what is re-dealt, and the choices include every charm's moment."""
    rng = random.Random(name)
    compared = charm_moments = 0
    charms = None
    rules = RULES.get(name, RULES["classic"])
    if name == "with_charms":
        from game.config import load_charms
        charms = tuple(tuple(load_charms().values()) for _ in range(rules.players))
    for k, (session, view, decision) in enumerate(positions(rules, 21, charms)):
        if k % 2 or decision.kind == "stake":
            continue
        me = view.player
        before = expert_agent(5, me, session.n).decide(view, decision)
        saved = ([list(h) for h in session.hands], list(session.dead), list(session._owner),
                 list(session._charm_seen))
        owner = Sampler(infer(view), rng).sample()
        session.hands = [[Card.from_index(c) for c in range(52) if owner[c] == s] for s in range(session.n)]
        session.dead = [Card.from_index(c) for c in range(52) if owner[c] == DEAD]
        session._owner = owner
        for seat in range(session.n):  # another seat's peek now shows other cards of the dead hand
            if seat != me and session._charm_seen[seat]:
                session._charm_seen[seat] = tuple(session.dead[:len(session._charm_seen[seat])])
        session._table_view = None
        other = session.view(me)
        assert other == view
        assert expert_agent(5, me, session.n).decide(other, decision) == before
        session.hands, session.dead, session._owner, session._charm_seen = saved
        session._table_view = None
        compared += 1
        charm_moments += decision.kind == "charm"
    assert compared > 5
    assert charm_moments > 3 if charms else charm_moments == 0


def test_view_is_immutable() -> None:
    session, view, _ = next(positions(RULES["classic"], 4))
    with pytest.raises(AttributeError):
        view.hand = ()  # type: ignore[misc]
    assert isinstance(view.hand, tuple) and isinstance(view.plays, tuple)
    assert not isinstance(view, LeadDecision)
