"""The oracle: a tournament yardstick that sees every card, plays lawfully, wins, and never sits at the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.ai import registry
from game.ai.character_file import character_ids as file_character_ids
from game.ai.character_file import load_character
from game.ai.oracle import ORACLE_ID, OracleAgent, SightNeededError
from game.ai.tournament import run_tournament
from game.app.scenes.new_game.table_choices import load_opponents
from game.config import PERSONALITIES_DIR, ConfigError
from game.engine import BuyDeadHand, RuleSet, SeatInfo, Session, play_session
from game.engine.decisions import (
    Action,
    BuyDeadAction,
    BuyDeadDecision,
    Decision,
    FollowAction,
    LeadAction,
    LeadDecision,
    StakeAction,
    StakeDecision,
)
from game.engine.state import DEAD
from game.engine.view import PlayerView

RULES = {
    "classic": RuleSet(players=4, deals=3),
    "michigan-like": RuleSet(players=4, deals=3, buy_dead_hand=BuyDeadHand(True, 2), follow="optional"),
}


class Watched:
    """The oracle, with every decision it made checked against the truth and the options."""

    sees_everything = True

    def __init__(self, oracle: OracleAgent, session: Session) -> None:
        self.oracle, self.session = oracle, session
        self.kinds: list[str] = []

    def decide(self, view: PlayerView, decision: Decision) -> Action:
        raise AssertionError("play_session should have shown the oracle the deal")

    def decide_seeing(self, view: PlayerView, decision: Decision, owners: tuple[int, ...]) -> Action:
        me = view.player
        assert owners == self.session.owners()
        if decision.kind != "stake":  # stakes go down before the deal; the oracle stakes without looking
            assert {c.index for c in view.hand} == {c for c, o in enumerate(owners) if o == me}
            assert {c.index for c in self.session.dead_hand()} == {c for c, o in enumerate(owners) if o == DEAD}
        action = self.oracle.decide_seeing(view, decision, owners)
        assert action.player == me
        if isinstance(decision, LeadDecision):
            assert isinstance(action, LeadAction) and action.card in decision.options
        elif isinstance(decision, StakeDecision):
            assert isinstance(action, StakeAction)
            assert action == registry.make_agent("expert", 17, me).decide(view, decision)  # no sight in staking
            assert sum(n for _, n in action.boodle) == decision.boodle_total
        elif isinstance(decision, BuyDeadDecision):
            assert isinstance(action, BuyDeadAction)
        else:
            assert isinstance(action, FollowAction)
        self.kinds.append(decision.kind)
        return action


@pytest.mark.parametrize("name", sorted(RULES))
def test_oracle_plays_a_session_lawfully_with_sight_of_the_true_deal(name: str) -> None:
    rules = RULES[name]
    session = Session(rules, [SeatInfo(f"s{i}") for i in range(rules.players)], 17)
    oracle = registry.make_agent(ORACLE_ID, 17, 0)
    assert isinstance(oracle, OracleAgent)
    watched = Watched(oracle, session)
    play_session(session, [watched, *(registry.make_agent("lowest", 17, s) for s in range(1, rules.players))])
    assert session.over
    assert {"stake", "lead"} <= set(watched.kinds)
    assert sum(session.chips) + session.pot + sum(session.boodle) == rules.players * rules.starting_chips


def test_oracle_refuses_to_decide_from_a_view_alone() -> None:
    session = Session(RULES["classic"], [SeatInfo(f"s{i}") for i in range(4)], 2)
    session.start()
    decision = session.pending()
    assert decision is not None
    with pytest.raises(SightNeededError):
        registry.make_agent(ORACLE_ID, 2, decision.player).decide(session.view(decision.player), decision)


def test_only_an_agent_declaring_sight_is_shown_the_deal() -> None:
    shown: list[Any] = []

    class Ordinary:
        def __init__(self) -> None:
            self.plain = registry.make_agent("lowest", 1, 0)

        def decide(self, view: PlayerView, decision: Decision) -> Action:
            return self.plain.decide(view, decision)

        def decide_seeing(self, view: PlayerView, decision: Decision, owners: tuple[int, ...]) -> Action:
            shown.append(owners)
            return self.plain.decide(view, decision)
    session = Session(RuleSet(players=3, deals=1), [SeatInfo(f"s{i}") for i in range(3)], 5)
    play_session(session, [Ordinary() for _ in range(3)])
    assert session.over and not shown


def test_oracle_clearly_beats_the_simplest_built_ins() -> None:
    standings = {s.id: s for s in run_tournament(RuleSet(players=3), [ORACLE_ID, "lowest", "first"], 40, 2, jobs=1)}
    oracle = standings[ORACLE_ID].chips_per_deal
    # seeded and deterministic; the observed gap is about 8 chips a deal
    assert oracle > 2.0
    assert oracle > standings["lowest"].chips_per_deal + 4.0
    assert oracle > standings["first"].chips_per_deal + 4.0


def test_tournament_and_simulate_accept_the_oracle_but_the_table_never_offers_it() -> None:
    assert registry.seat_agent_ids(f"{ORACLE_ID},expert,lowest", 3) == [ORACLE_ID, "expert", "lowest"]
    assert ORACLE_ID in registry.agent_ids()
    assert ORACLE_ID not in registry.character_ids()
    assert ORACLE_ID not in file_character_ids()
    assert ORACLE_ID not in [character.id for character in load_opponents()]
    assert "expert" in [character.id for character in load_opponents()]


def test_no_character_file_may_take_the_oracle_id(tmp_path: Path) -> None:
    text = (PERSONALITIES_DIR / "expert.yaml").read_text(encoding="utf-8")
    assert "\nid: expert\n" in text
    path = tmp_path / "oracle.yaml"
    path.write_text(text.replace("\nid: expert\n", f"\nid: {ORACLE_ID}\n"), encoding="utf-8")
    with pytest.raises(ConfigError):
        load_character(path)
