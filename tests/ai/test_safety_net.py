"""The search's safety net: CPU time of the searching thread at the table, off wherever output must repeat."""

from __future__ import annotations

import dataclasses
import json
import time
from types import SimpleNamespace
from typing import Any

import pytest

from game.ai import registry, tournament
from game.ai.character import CharacterAgent
from game.ai.expert import search
from game.ai.expert.search import Budget
from game.ai.worker import OnWorker
from game.cli import main
from game.config import rules_by_name
from game.engine import SeatInfo, Session
from game.engine.decisions import BuyDeadDecision, FollowDecision, LeadDecision


def test_headless_agents_have_no_safety_net_and_the_table_keeps_it() -> None:
    headless = registry.make_agent("expert", 3, 1)
    at_table = registry.make_agent("expert", 3, 1, at_table=True)
    assert isinstance(headless, CharacterAgent) and isinstance(at_table, CharacterAgent)
    assert headless.deadlines_ms == (0.0, 0.0, 0.0)  # lead, dead hand, follow: every searching strategy
    assert at_table.deadlines_ms == (Budget().deadline_ms,) * 3


def test_the_tournament_builds_its_agents_with_the_net_off(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[CharacterAgent] = []

    class Recorded(CharacterAgent):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            built.append(self)
    monkeypatch.setattr(registry, "CharacterAgent", Recorded)
    rules = dataclasses.replace(rules_by_name("classic"), starting_chips=40)
    tournament.play_block(rules, ["expert", "lowest", "expert"], 9, 1)  # the default factory, as the CLI's
    assert len(built) == 6 and all(agent.deadlines_ms == (0.0, 0.0, 0.0) for agent in built)


def test_the_table_safety_net_counts_thread_cpu_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a net far below the budget, the search on the worker thread stops at its fewest deals, lawfully."""
    wall = SimpleNamespace(thread_time=time.thread_time, perf_counter=lambda: pytest.fail("read the wall clock"))
    monkeypatch.setattr(search, "time", wall)
    agent = CharacterAgent(registry.load_character_by_id("expert"), "7:0", deadline_ms=0.001)
    assert agent.deadlines_ms == (0.001,) * 3
    rules = dataclasses.replace(rules_by_name("michigan"), deals=1)
    session = Session(rules, [SeatInfo(f"Seat {seat}") for seat in range(3)], 7)
    session.start()
    searched = 0
    while (decision := session.pending()) is not None:
        view = session.view(decision.player)
        action = OnWorker(lambda: agent.decide(view, decision), name="expert-test").result()  # noqa: B023
        if isinstance(decision, (LeadDecision, FollowDecision, BuyDeadDecision)) and search.LAST.samples:
            searched += 1
            assert search.LAST.samples == Budget().min_samples
            search.LAST.samples = 0
        session.apply(action)  # the engine refuses anything unlawful
    assert searched >= 3


def test_an_expert_tournament_is_the_same_on_any_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--ai", "expert,lowest,first", "--deals", "2", "--seed", "4", "--json"]
    assert main(args + ["--jobs", "1"]) == 0
    one = capsys.readouterr().out
    assert main(args + ["--jobs", "2"]) == 0
    two = capsys.readouterr().out
    assert one == two and {r["id"] for r in json.loads(one.splitlines()[-1])["results"]} == {"expert", "lowest",
                                                                                            "first"}
