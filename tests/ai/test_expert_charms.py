"""The expert with charms (R31-R39): its playouts of every use replay on the engine, it takes a use that clearly
pays and lets pass one that clearly does not, and what a peek showed one seat changes nothing for another."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from ai.test_expert import VARIANTS, Scripted, true_state

from game.ai.character import CharacterAgent, StrategyChoice
from game.ai.charm_choice import CharmStyles, eager_use
from game.ai.expert.charm_search import charm_branches
from game.ai.expert.knowledge import infer
from game.ai.expert.sampling import Sampler
from game.ai.hint import CharmHint, expert_hint
from game.ai.registry import load_character_by_id
from game.ai.simple import RandomAgent
from game.app.table.hint_words import hint_detail, hint_words
from game.config import charms_by_id
from game.engine import CharmSpec, RuleSet, SeatInfo, Session, event_dict, play_session
from game.engine.cards import Card
from game.engine.decisions import (
    Action,
    CharmAction,
    CharmDecision,
    FollowAction,
    FollowDecision,
    LeadAction,
    LeadDecision,
)
from game.engine.events import Charm, DealEnd
from game.engine.state import DEAD
from game.review.judge import review_deal
from game.review.walk import SessionLog, walk_deal

SHIPPED = ("glimpse", "sleight", "second_thoughts", "lock", "free_rein", "dam", "cut_in", "encore")
RULES = RuleSet(players=4, deals=1)
# where a shipped charm is never lawful: R37 under optional following (above), a fee out of a 5-chip stack all in,
# a free lead with no suit barred
NEVER_OFFERED = {("sleight", "r29_all_in"), ("lock", "r29_all_in"), ("free_rein", "no_switch")}


def holding(spec: tuple[CharmSpec, ...], seat: int = 0, n: int = 4) -> tuple[tuple[CharmSpec, ...], ...]:
    """Seat `seat` holds `spec`, the others nothing."""
    return tuple(spec if s == seat else () for s in range(n))


def charm_positions(rules: RuleSet, charms: tuple[tuple[CharmSpec, ...], ...], seeds: range
                    ) -> Iterator[tuple[int, list[Action], Session, CharmDecision]]:
    """Each seed's first charm decision, reached by random play: the seed, the actions before it, the session."""
    for seed in seeds:
        session = Session(rules, [SeatInfo(f"s{i}") for i in range(rules.players)], seed, charms)
        agents = [RandomAgent(f"{seed}:{i}") for i in range(rules.players)]
        session.start()
        actions: list[Action] = []
        while (decision := session.pending()) is not None and not isinstance(decision, CharmDecision):
            action = agents[decision.player].decide(session.view(decision.player), decision)
            actions.append(action)
            session.apply(action)
        if decision is not None:
            yield seed, actions, session, decision


def scripted_to_end(session: Session) -> list[Any]:
    """The deal to its end by the scripted leads, every optional follow played and every later charm let pass;
    the events."""
    events: list[Any] = []
    while (decision := session.pending()) is not None:
        if isinstance(decision, LeadDecision):
            action: Action = LeadAction(decision.player,
                                        Card.from_index(Scripted.lead([c.index for c in decision.options])))
        elif isinstance(decision, FollowDecision):
            action = FollowAction(decision.player, True)  # as the expert's playouts follow
        else:
            assert isinstance(decision, CharmDecision)
            action = CharmAction(decision.player, None)
        events += session.apply(action)
    return events


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("charm", SHIPPED)
def test_every_use_plays_out_as_the_engine_plays_it(charm: str, variant: str) -> None:
    """From real charm decisions under every rules variant, declining and every lawful use played out end as the
    engine ends them."""
    rules = dataclasses.replace(VARIANTS[variant], deals=1)
    n = rules.players
    specs = charms_by_id([charm])
    if charm == "encore":  # paid again at a chip for each chip, so that small boodles are paid again too
        specs = (dataclasses.replace(specs[0], params=(("per", 1),)),)
    if charm == "cut_in":  # at any hand size, so that tables of 6 to 8 (fewer than 9 cards a hand) are covered
        specs = (dataclasses.replace(specs[0], params=()),)
    held = holding(specs, 0, n) if charm != "cut_in" else tuple(specs for _ in range(n))
    compared = 0
    for seed, actions, session, decision in charm_positions(rules, held, range(30)):
        view = session.view(decision.player)
        for k, use in enumerate((None, *decision.options)):
            again = Session(rules, [SeatInfo(f"s{i}") for i in range(n)], seed, held)
            again.start()
            for action in actions:
                again.apply(action)
            assert again.pending() == decision
            state = true_state(again)
            events = again.apply(CharmAction(decision.player, use))
            taken = next((e.cards[1].index for e in events if isinstance(e, Charm) and e.effect == "swap_dead"),
                         None)
            branch = charm_branches(view, decision, policy=lambda t, s, seat, options: Scripted.lead(options),
                                    taken=taken)[k]
            branch(state)
            events += scripted_to_end(again)
            end = [e for e in events if isinstance(e, DealEnd)][-1]
            assert state.chips == list(end.chips), (charm, variant, seed, use)
            compared += 1
        if compared >= 6:
            break
    offered = (charm, variant) not in NEVER_OFFERED and (charm != "dam" or rules.follow == "compulsory")
    assert compared >= (3 if offered else 0), (charm, variant)


def expert_with(charms: CharmStyles | None = None, seat: int = 0, budget_ms: int = 4) -> CharacterAgent:
    """The expert with a small fixed search and no clock (and, if given, these charm styles)."""
    character = load_character_by_id("expert")
    params = {"time_budget_ms": budget_ms, "max_samples": 200, "deadline_ms": 0}
    character = dataclasses.replace(character, lead=StrategyChoice("expert", params),
                                    follow=StrategyChoice("expert", params),
                                    dead_hand=StrategyChoice("expert", params),
                                    charms=charms or CharmStyles())
    return CharacterAgent(character, f"7:{seat}")


def first_answers(spec: CharmSpec, seeds: range) -> list[CharmAction]:
    """The expert's answer at the first charm decision of each seed."""
    answers = []
    for _, _, session, decision in charm_positions(RULES, holding((spec,)), seeds):
        action = expert_with().decide(session.view(decision.player), decision)
        assert isinstance(action, CharmAction)
        answers.append(action)
    return answers


def test_the_expert_takes_a_hit_that_pays_again_richly() -> None:
    """A boodle hit paid again at a chip for every chip the card held: always worth more than letting it pass."""
    rich = CharmSpec("rich", "hit_again", "hit", 3, (("per", 1),))
    answers = first_answers(rich, range(30))
    assert len(answers) >= 5 and all(action.use is not None for action in answers)


def test_the_expert_never_blocks_the_card_that_takes_it_out() -> None:
    """The Dam offered on the last card of its hand: keeping it would throw away the deal, so the expert plays it."""
    dam = charms_by_id(["dam"])
    asked = 0
    for seed in range(40):
        session = Session(RULES, [SeatInfo(f"s{i}") for i in range(4)], seed, holding(dam))
        agents = [RandomAgent(f"{seed}:{i}") for i in range(4)]
        session.start()
        while (decision := session.pending()) is not None:
            view = session.view(decision.player)
            if isinstance(decision, CharmDecision):
                if len(view.hand) == 1:
                    assert expert_with().decide(view, decision) == CharmAction(0, None), seed
                    asked += 1
                session.apply(CharmAction(0, None))
                continue
            session.apply(agents[decision.player].decide(view, decision))
        if asked >= 3:
            break
    assert asked >= 3


def test_the_expert_moves_its_stake_onto_the_boodle_card_it_holds() -> None:
    """With 3 chips or more staked on boodle cards others hold or the dead hand, and one boodle card in hand, the
    expert moves its stake onto that card (only its holder can take the chips on it)."""
    spec = CharmSpec("again", "move_stake", "after_deal", 3)
    moved = 0
    for _, _, session, decision in charm_positions(RULES, holding((spec,)), range(60)):
        view = session.view(decision.player)
        held = [use.card for use in decision.options if use.card in view.hand]
        away = sum(chips for slot, chips in view.staked if view.rules.boodle_cards[slot] not in view.hand)
        if len(held) != 1 or away < 3:
            continue
        action = expert_with(budget_ms=40).decide(view, decision)
        assert isinstance(action, CharmAction) and action.use is not None and action.use.card == held[0]
        moved += 1
    assert moved >= 2


def test_a_peek_is_known_only_to_the_seat_that_made_it() -> None:
    """Seat 0 peeks at the dead hand; whatever it saw, and however the cards seat 1 cannot see lie, seat 1's view
    and the expert's choice in seat 1 are the same."""
    glimpse = charms_by_id(["glimpse", "sleight"])
    rng = random.Random(5)
    compared = 0
    for seed in range(12):
        session = Session(RULES, [SeatInfo(f"s{i}") for i in range(4)], seed, holding(glimpse))
        agents = [RandomAgent(f"{seed}:{i}") for i in range(4)]
        session.start()
        while (decision := session.pending()) is not None:
            if isinstance(decision, CharmDecision) and decision.player == 0:
                peek = next((use for use in decision.options if use.charm == "glimpse"), None)
                session.apply(CharmAction(0, peek if peek is not None else decision.options[0]))
                continue
            if decision.player == 1 and session.view(0).seen and not isinstance(decision, CharmDecision):
                view = session.view(1)
                before = expert_with(seat=1).decide(view, decision)
                saved = ([list(h) for h in session.hands], list(session.dead), list(session._owner),
                         list(session._charm_seen))
                owner = Sampler(infer(view), rng).sample()
                session.hands = [[Card.from_index(c) for c in range(52) if owner[c] == s] for s in range(4)]
                session.dead = [Card.from_index(c) for c in range(52) if owner[c] == DEAD]
                session._owner = owner
                session._charm_seen[0] = tuple(session.dead[:3])  # seat 0 saw other cards
                session._table_view = None
                assert session.view(1) == view
                assert expert_with(seat=1).decide(session.view(1), decision) == before
                session.hands, session.dead, session._owner, session._charm_seen = saved
                session._table_view = None
                compared += 1
            session.apply(agents[decision.player].decide(session.view(decision.player), decision))
    assert compared >= 5


def test_an_eager_character_uses_a_free_lead_and_a_hit_at_once() -> None:
    """The eager rule of thumb takes Cut In's lead and Encore at the first chance, without a search."""
    for charm in ("encore", "free_rein"):
        spec = charms_by_id([charm])
        found = 0
        for _, _, session, decision in charm_positions(RULES, holding(spec), range(30)):
            assert eager_use(session.view(0), list(decision.options)) == decision.options[0]
            found += 1
        assert found >= 3, charm


def test_the_hint_at_a_charm_s_moment_is_the_expert_s_and_has_words() -> None:
    """The hint takes the rich Encore the expert takes, and says so in words and figures."""
    rich = CharmSpec("encore", "hit_again", "hit", 3, (("per", 1),))
    hints = 0
    for _, _, session, decision in charm_positions(RULES, holding((rich,)), range(12)):
        hint = expert_hint(session.view(0), decision, 3)
        assert isinstance(hint, CharmHint) and hint.use == decision.options[0] and hint.use_value > hint.decline
        words = str(hint_words(hint, lambda seat: lambda: "x"))
        assert "Use Encore" in words and "chips on average" in words, words
        assert "Encore at its best" in str(hint_detail(hint, lambda seat: lambda: "x"))
        hints += 1
    assert hints >= 3


class Passing:
    """An agent that lets every charm moment pass and otherwise plays as the agent it wraps."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent

    def decide(self, view: Any, decision: Any) -> Action:
        """None at a charm's moment, else the wrapped agent's answer."""
        if isinstance(decision, CharmDecision):
            return CharmAction(decision.player, None)
        action: Action = self.agent.decide(view, decision)
        return action


def recorder(lines: list[str]) -> Callable[[Any], None]:
    """An event handler writing each event to `lines` as a log line."""
    def record(event: Any) -> None:
        lines.append(json.dumps(event_dict(event)))
    return record


def test_the_review_weighs_a_charm_let_pass_like_any_other_choice() -> None:
    """A seat that let a rich Encore pass: the review searches the moment, rates the use best and the pass costly."""
    rich = CharmSpec("encore", "hit_again", "hit", 3, (("per", 1),))
    for seed in range(20):
        lines: list[str] = []
        session = Session(RULES, [SeatInfo(f"Seat {i}") for i in range(4)], seed, holding((rich,)))
        agents: list[Any] = [Passing(RandomAgent(f"{seed}:0"))] + [RandomAgent(f"{seed}:{i}") for i in range(1, 4)]
        play_session(session, agents, recorder(lines))
        review = review_deal(walk_deal(SessionLog.from_text("".join(line + "\n" for line in lines)).deals[0], 0))
        charms = [judged for judged in review.decisions if judged.kind == "charm"]
        if not charms:
            continue
        judged = charms[0]
        assert judged.searched and judged.chosen is not None and judged.options[judged.chosen].name == "pass"
        assert judged.best == 0 and judged.cost is not None and judged.cost > 0
        return
    raise AssertionError("no seed gave seat 0 a boodle hit")
