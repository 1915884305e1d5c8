"""`bench`'s ai_decision_ms: how long each character takes over real decisions from real deals."""

from __future__ import annotations

import time
from typing import Any

from ..config import rules_by_name
from ..engine import SeatInfo, Session
from .registry import character_ids, introduce, make_agent

SEATS = 5
RULES = ("classic", "michigan")  # michigan adds the dealer's dead-hand decisions
DECISIONS = {"expert": 300}  # the search is slow by design; every heuristic gets many more
HEURISTIC_DECISIONS = 3000


def decision_times(character_id: str, decisions: int) -> list[float]:
    """Seconds taken by each of `decisions` decisions, the character in every seat, sessions alternating rules."""
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        rules = rules_by_name(RULES[seed % len(RULES)])
        session = Session(rules, [SeatInfo(f"{character_id} {seat}") for seat in range(SEATS)], seed)
        # timed as the table plays them, safety net and all
        agents = [make_agent(character_id, seed, seat, at_table=True) for seat in range(SEATS)]
        introduce(agents, [character_id] * SEATS, rules)
        session.start()
        while (decision := session.pending()) is not None and len(times) < decisions:
            view = session.view(decision.player)
            start = time.perf_counter()
            action = agents[decision.player].decide(view, decision)
            times.append(time.perf_counter() - start)
            session.apply(action)
        seed += 1
    return times


def percentile(sorted_values: list[float], share: float) -> float:
    """The value below which `share` of the sorted values lie (nearest rank)."""
    index = min(len(sorted_values) - 1, max(0, round(share * len(sorted_values)) - 1))
    return sorted_values[index]


def ai_decision_ms(budget: float) -> dict[str, Any]:
    """For every character, the p50 and p99 of its decision time in milliseconds."""
    figures: dict[str, Any] = {}
    for character_id in character_ids():
        times = sorted(decision_times(character_id, DECISIONS.get(character_id, HEURISTIC_DECISIONS)))
        figures[character_id] = {"p50": round(percentile(times, 0.50) * 1000, 3),
                                 "p99": round(percentile(times, 0.99) * 1000, 3)}
    return figures
