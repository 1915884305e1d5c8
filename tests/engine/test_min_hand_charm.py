"""R38's `min_hand`: the lead may be taken only while the holder holds at least that many cards."""

from __future__ import annotations

from game.ai.simple import RandomAgent
from game.engine import CharmSpec, RuleSet, SeatInfo, Session
from game.engine.decisions import CharmAction, CharmDecision

RULES = RuleSet(players=4, deals=1)


def offered_hand_sizes(min_hand: int, seeds: range) -> list[int]:
    """The holder's hand size at every moment Cut In (with this `min_hand`) is offered to seat 0, never used."""
    spec = CharmSpec("cut", "take_lead", "stop", "session", (("min_hand", min_hand),) if min_hand else ())
    sizes = []
    for seed in seeds:
        session = Session(RULES, [SeatInfo(f"s{i}") for i in range(4)], seed, ((spec,), (), (), ()))
        agents = [RandomAgent(f"{seed}:{i}") for i in range(4)]
        session.start()
        while (decision := session.pending()) is not None:
            if isinstance(decision, CharmDecision):
                sizes.append(len(session.hand(0)))
                session.apply(CharmAction(0, None))
            else:
                session.apply(agents[decision.player].decide(session.view(decision.player), decision))
    return sizes


def test_the_lead_is_offered_only_to_a_hand_of_min_hand_cards_or_more() -> None:
    free = offered_hand_sizes(0, range(4))
    limited = offered_hand_sizes(7, range(4))
    assert min(free) < 7 <= min(limited)
    assert len(limited) < len(free)


def test_min_hand_is_checked_as_every_parameter_is() -> None:
    bad = CharmSpec.__new__(CharmSpec)
    object.__setattr__(bad, "id", "cut")
    for name, value in (("effect", "take_lead"), ("when", "stop"), ("uses", "session"), ("params", (("min_hand", 14),)),
                        ("fee", 0)):
        object.__setattr__(bad, name, value)
    assert bad.problems() == [("params.min_hand", "must be 0 to 13, got 14")]
