"""Agents and the loop that plays a whole session with them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from .decisions import Action, Decision
from .events import Event
from .session import Session
from .view import PlayerView


class Agent(Protocol):
    """Anything that answers a seat's decisions from that seat's view alone."""

    def decide(self, view: PlayerView, decision: Decision) -> Action:
        """The action for this decision."""
        ...


class SightedAgent(Agent, Protocol):
    """A yardstick, never a player: it is also shown where every card lies (`Session.owners`)."""

    sees_everything: bool

    def decide_seeing(self, view: PlayerView, decision: Decision, owners: tuple[int, ...]) -> Action:
        """The action for this decision, knowing where every card lies."""
        ...


def play_session(session: Session, agents: Sequence[Agent],
                 on_event: Callable[[Event], None] | None = None) -> None:
    """Start `session` and play it to the end, each decision answered by its seat's agent."""
    if len(agents) != session.n:
        raise ValueError(f"{len(agents)} agents for {session.n} seats")
    pending, apply, view = session.pending, session.apply, session.view
    # only a yardstick that declares it (the tournament's oracle) is shown the deal; every other agent gets a view
    decide = [_seeing(agent, session) if getattr(agent, "sees_everything", False) is True else agent.decide
              for agent in agents]
    events = session.start()
    while True:
        if on_event is not None:
            for event in events:
                on_event(event)
        decision = pending()
        if decision is None:
            return
        seat = decision.player
        events = apply(decide[seat](view(seat), decision))


def _seeing(agent: Agent, session: Session) -> Callable[[PlayerView, Decision], Action]:
    """The agent's answer with sight of the deal: a fresh copy of where every card lies at each decision."""
    decide_seeing = agent.decide_seeing  # type: ignore[attr-defined]

    def decide(view: PlayerView, decision: Decision) -> Action:
        action: Action = decide_seeing(view, decision, session.owners())
        return action
    return decide
