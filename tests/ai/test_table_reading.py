"""The expert reads the table: sampled deals weighted by how likely they make the other players' leads."""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterator, Sequence

from game.ai.character import CharacterAgent
from game.ai.expert import opponents
from game.ai.expert.evidence import Evidence
from game.ai.expert.knowledge import infer
from game.ai.expert.opponents import DOUBT, SeatModel, models_for, unknown_player
from game.ai.expert.rollout import State, lead_options
from game.ai.expert.sampling import Sampler
from game.ai.expert.search import Budget, evaluate, lead_branches, table_of
from game.ai.registry import introduce, load_character_by_id, make_agent
from game.ai.strategies.expert import TABLE
from game.engine import RuleSet, SeatInfo, Session
from game.engine.decisions import LeadDecision
from game.engine.view import PlayerView

IDS = ("expert", "maud", "professor", "bert", "dex")


def expert_leads(seed: int, ids: tuple[str, ...] = IDS) -> Iterator[tuple[Session, PlayerView, tuple[SeatModel, ...]]]:
    """Every lead the expert (seat 0, searching lightly) makes in one deal, with the models it met the table with."""
    rules = RuleSet(players=len(ids), deals=1)
    session = Session(rules, [SeatInfo(f"s{i}", "ai", a) for i, a in enumerate(ids)], seed)
    agents = [make_agent(a, seed, s) for s, a in enumerate(ids)]
    introduce(agents, ids)
    expert = agents[0]
    assert isinstance(expert, CharacterAgent)
    models = expert._lead_params[TABLE].models
    session.start()
    while (decision := session.pending()) is not None:
        view = session.view(decision.player)
        if decision.player == 0 and isinstance(decision, LeadDecision):
            yield session, view, models
        session.apply(agents[decision.player].decide(view, decision))


def hands_of(owner: Sequence[int], seats: int = len(IDS)) -> list[int]:
    """Each seat's hand in the deal `owner`, as the masks a playout state keeps."""
    return State.of(list(owner), seats, [0] * seats, [0] * 52, 0).hands


def test_meeting_the_table_models_each_seat_by_its_public_strategy() -> None:
    agents = [make_agent(a, 1, s) for s, a in enumerate(IDS)]
    introduce(agents, IDS)
    models = agents[0]._lead_params[TABLE].models  # type: ignore[attr-defined]
    assert models[0] is unknown_player()  # itself: a searcher follows no rule a player could run by hand
    styles = [m.style for m in models[1:]]
    assert [s.name if s else None for s in styles] == ["lowest", "longest_suit", "shedder", "boodle_hunter"]
    # a known character's guesses differ only in how often it leads off its style, and none is certain
    assert all(len(m.guesses) >= 2 and all(g.way == 0 and g.slip > 0 for g in m.guesses) for m in models[1:])
    assert all(math.isclose(sum(g.prior for g in m.guesses), 1.0) for m in models)
    maud = load_character_by_id("maud")
    assert models_for([(maud.lead.name, maud.lead.params, maud.mistake_rate), None])[1] is unknown_player()
    # a character that does not search leaves its strategies as its file says
    agent = make_agent("maud", 1, 1)
    introduce([agent], IDS)
    assert isinstance(agent, CharacterAgent) and all(TABLE not in p for p in agent._params())


def test_the_true_deal_weighs_more_than_the_average_sampled_deal() -> None:
    """The leads the players really made are likelier under the deal they were made from than under a deal
    drawn from the public record alone: the models carry information, and it points the right way."""
    logs = []
    for seed in range(30, 42):
        for session, view, models in expert_leads(seed):
            evidence = Evidence(view, models, table_of(view), random.Random(1))
            if not evidence:
                continue
            true = sum(evidence.weight(hands_of(session.owners())) for _ in range(8)) / 8
            sampler = Sampler(infer(view), random.Random(2))
            drawn = sum(evidence.weight(hands_of(sampler.sample())) for _ in range(60)) / 60
            assert true > 0.0, "the deal the leads were made from can never be ruled out"
            logs.append(math.log(true / drawn))
    assert len(logs) >= 10
    assert sum(logs) / len(logs) > math.log(2.0)


def test_a_deal_where_the_lowest_leader_held_lower_cards_weighs_less() -> None:
    """maud leads her lowest card: a sampled deal that gave her a lower card at her lead is one she would
    have led otherwise, so it counts for less, though never nothing (a model is not the player)."""
    checked = 0
    for seed in range(50, 70):
        for _session, view, models in expert_leads(seed):
            only_maud = tuple(model if seat == 1 else None for seat, model in enumerate(models))
            evidence = Evidence(view, only_maud, table_of(view), random.Random(3))
            maud = evidence.moments.get(1, [])
            if not maud:
                continue
            sampler = Sampler(infer(view), random.Random(4))
            agree: list[float] = []
            disagree: list[float] = []
            for _ in range(80):
                owner = sampler.sample()
                held = sum(1 << c for c in range(52) if owner[c] == 1)
                other = False
                for moment in maud:
                    hand = held | moment.later
                    table = table_of(view)
                    options = lead_options(table, hand, moment.stopped) or lead_options(table, hand, -1)
                    # her lowest lawful card, the first suit (S H D C) among equals
                    other |= min(options, key=lambda c: (c % 13, c // 13)) != moment.card
                (disagree if other else agree).append(evidence.weight(hands_of(owner)))
            if agree and disagree:
                assert max(disagree) < min(agree)
                assert min(disagree) > 0.0
                checked += 1
        if checked >= 3:
            break
    assert checked >= 3


def test_a_player_not_known_is_read_by_the_mixture_and_never_ruled_out() -> None:
    unknown = (None,) * len(IDS)
    checked = 0
    for session, view, _models in (lead for seed in range(61, 66) for lead in expert_leads(seed)):
        models = models_for(unknown)
        evidence = Evidence(view, models, table_of(view), random.Random(5))
        if evidence:
            sampler = Sampler(infer(view), random.Random(6))
            assert all(evidence.weight(hands_of(sampler.sample())) > 0.0 for _ in range(20))
            assert evidence.weight(hands_of(session.owners())) > 0.0
            checked += 1
    assert checked >= 1
    assert 0.0 < DOUBT < 1.0 and 0.0 < opponents.ANYTHING < 1.0


def test_reading_the_table_is_part_of_the_seeded_search() -> None:
    """Same view, same stream: the same values; and the weighting changes what the search concludes."""
    changed = 0
    for seed in range(70, 78):
        for _session, view, models in expert_leads(seed):
            decision_options = [c.index for c in view.hand if not any(
                h.suit == c.suit and h.rank < c.rank for h in view.hand)]
            if len(decision_options) < 2 or not Evidence(view, models, table_of(view), random.Random(0)):
                continue
            branches = lead_branches(view, decision_options)
            budget = dataclasses.replace(search_budget(), max_samples=40)
            read = evaluate(view, branches, budget, random.Random(9), models)
            assert read == evaluate(view, branches, budget, random.Random(9), models)
            changed += read != evaluate(view, branches, budget, random.Random(9))
    assert changed >= 3


def search_budget() -> Budget:
    """A small search with no wall clock."""
    return Budget(time_budget_ms=1000.0, max_samples=40, min_samples=8, deadline_ms=0.0)


def test_a_character_s_own_slips_are_counted_as_chance_not_searched() -> None:
    """maud's and pip's slips look ahead with a search; their models never run it on a sampled deal."""
    maud = load_character_by_id("maud")
    model = models_for([(maud.lead.name, maud.lead.params, maud.mistake_rate)])[0]
    lead_style = model.style
    assert lead_style is not None and lead_style.params["slip"] == 0.0
    slip = max(maud.mistake_rate, float(maud.lead.params.get("slip", 0.0)))
    assert slip > DOUBT
    assert min(g.slip for g in model.guesses) == slip  # every guess slips at least as often as her file says
