"""Agents by id, as `simulate --ai` and the tournament name them."""

from __future__ import annotations

from typing import Callable

from ..engine.play import Agent
from .simple import FirstOptionAgent, LowestAgent, RandomAgent

# id -> (what it is, how to make one for a seat of a seeded session)
AgentMaker = Callable[[int, int], Agent]
BUILT_IN: dict[str, tuple[str, AgentMaker]] = {
    "lowest": ("stakes evenly, leads its lowest card", lambda seed, seat: LowestAgent()),
    "first": ("the whole stake on one card, the first lawful lead", lambda seed, seat: FirstOptionAgent()),
    "random": ("every choice at random", lambda seed, seat: RandomAgent(f"{seed}:{seat}")),
}


class UnknownAgentError(ValueError):
    """An agent id that names no built-in agent."""


def agent_ids() -> list[str]:
    """Every agent id that can be asked for."""
    return sorted(BUILT_IN)


def make_agent(agent_id: str, seed: int, seat: int) -> Agent:
    """A fresh agent of this id for `seat` of a session with `seed` (its randomness derives from both)."""
    try:
        return BUILT_IN[agent_id][1](seed, seat)
    except KeyError:
        raise UnknownAgentError(f"unknown AI {agent_id!r}; choose from {', '.join(agent_ids())}") from None


def seat_agent_ids(spec: str | None, players: int, default: str = "lowest") -> list[str]:
    """The agent id for each seat from a comma list: one id fills every seat, a shorter list repeats."""
    ids = [part.strip() for part in (spec or default).split(",") if part.strip()]
    if not ids:
        ids = [default]
    for agent_id in ids:
        if agent_id not in BUILT_IN:
            raise UnknownAgentError(f"unknown AI {agent_id!r}; choose from {', '.join(agent_ids())}")
    return [ids[seat % len(ids)] for seat in range(players)]
