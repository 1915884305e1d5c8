"""The cast's styles in playouts lead as the strategies do, and the end of a deal is searched exactly."""

from __future__ import annotations

import random

import pytest

import game.ai.strategies  # noqa: F401  (registers every strategy the models name)
from game.ai.expert.endgame import ENDGAME_CARDS, exact_lead
from game.ai.expert.opponents import model_of, unknown_player
from game.ai.expert.rollout import DEAD, PLAYED, State, Table, greedy_lead, lead_options, play_out
from game.ai.expert.styles import own_search, seat_policy, table_policy
from game.ai.simple import RandomAgent
from game.ai.strategy import LEADING
from game.engine import RuleSet, SeatInfo, Session
from game.engine.cards import Card
from game.engine.decisions import LeadDecision

# the styles whose every input a playout state holds, with their tie-breaks made deterministic
EXACT: dict[str, dict[str, object]] = {"lowest": {"tie_break": "first"}, "longest_suit": {"tie_break": "lowest"},
         "shedder": {"tie_break": "lowest", "king_bonus": 1.5}, "fresh_suit": {"prefer": "lowest"}}


def lead_positions(seed: int, players: int = 4) -> list[tuple[Session, LeadDecision]]:
    """Some lead decisions of a session played by random agents, with the session as it stood (replayed)."""
    found = []
    rules = RuleSet(players=players, deals=1)
    for k in range(6):
        session = Session(rules, [SeatInfo(f"s{i}") for i in range(players)], seed + k)
        agents = [RandomAgent(f"{seed}:{k}:{i}") for i in range(players)]
        session.start()
        skip = k
        while (decision := session.pending()) is not None:
            if isinstance(decision, LeadDecision) and len(decision.options) > 1:
                if skip == 0:
                    found.append((session, decision))
                    break
                skip -= 1
            session.apply(agents[decision.player].decide(session.view(decision.player), decision))
    return found


def state_of(session: Session) -> State:
    """The session's true deal as a playout state."""
    owner = [PLAYED] * 52
    for seat in range(session.n):
        for card in session.hand(seat):
            owner[card.index] = seat
    for card in session.dead_hand():
        owner[card.index] = DEAD
    return State.of(owner, session.n, session.chips, [0] * 52, session.pot)


@pytest.mark.parametrize("name", sorted(EXACT))
def test_a_style_in_a_playout_leads_as_its_strategy(name: str) -> None:
    policy = seat_policy(model_of(name, EXACT[name], 0.0))
    assert policy is not None
    strategy = LEADING.get(name)
    compared = 0
    for session, decision in lead_positions(300) + lead_positions(400, 6):
        view = session.view(decision.player)
        want = strategy.function(view, decision, strategy.resolved(EXACT[name]), random.Random(0))
        table = Table.of(session.rules, session.in_session, session.dealer)
        got = policy(table, state_of(session), decision.player, [c.index for c in decision.options])
        assert Card.from_index(got) == want, (name, decision)
        compared += 1
    assert compared >= 8


def test_seats_without_a_style_play_the_rollout_policy() -> None:
    assert seat_policy(unknown_player()) is None
    assert seat_policy(model_of("expert", {}, 0.0)) is None
    assert table_policy([None, unknown_player()], 0) is greedy_lead
    maud = model_of("lowest", {}, 0.0)
    assert table_policy([maud, None], 0) is greedy_lead  # the searching player's own seat is never a style


def endgames(count: int) -> list[tuple[Table, State, int, list[int]]]:
    """Random small end positions: a few cards in each of four hands, a lead to make with two or more options."""
    rng = random.Random(11)
    found: list[tuple[Table, State, int, list[int]]] = []
    table = Table.of(RuleSet(players=4, deals=1), [True] * 4, 3)
    while len(found) < count:
        owner = [PLAYED] * 52
        cards = rng.sample(range(52), ENDGAME_CARDS + 6)
        for i, c in enumerate(cards):
            owner[c] = DEAD if i >= ENDGAME_CARDS else i % 4
        bchips = [0] * 52
        for c in rng.sample(cards, 4):
            bchips[c] = rng.randrange(1, 8)
        state = State.of(owner, 4, [20] * 4, bchips, 8)
        seat = rng.randrange(4)
        options = lead_options(table, state.hands[seat], -1)
        if len(options) >= 2:
            found.append((table, state, seat, options))
    return found


def test_the_end_game_takes_the_lead_that_leaves_the_leader_most() -> None:
    """At the root every option is played on with the same exact search, and the chosen one does best."""
    beat_greedy = 0
    for table, state, seat, options in endgames(120):
        policy = exact_lead()
        searched = state.copy()
        choice = policy(table, searched, seat, options)
        assert searched.searched > 0  # the cards its trials played are counted as the playout's work
        results = {}
        for card in options:
            trial = state.copy()
            play_out(table, trial, seat, card, lead=exact_lead())
            results[card] = trial.chips[seat]
        assert results[choice] == max(results.values())
        beat_greedy += results[choice] > results[greedy_lead(table, state.copy(), seat, options)]
    assert beat_greedy >= 1  # the rules of thumb leave something there


def test_the_end_game_waits_for_few_cards() -> None:
    table = Table.of(RuleSet(players=4, deals=1), [True] * 4, 3)
    owner = [c % 4 for c in range(52)]
    state = State.of(owner, 4, [20] * 4, [0] * 52, 0)
    options = lead_options(table, state.hands[0], -1)
    assert exact_lead(lambda t, s, seat, o: o[-1])(table, state, 0, options) == options[-1]


def test_own_leads_searched_take_the_lead_that_leaves_the_searcher_most() -> None:
    """With `own_leads: searched` the searching player's later leads in a playout are each tried to the end."""
    for table, state, seat, options in endgames(40):
        policy = own_search(seat, greedy_lead)
        searched = state.copy()
        choice = policy(table, searched, seat, options)
        assert searched.searched > 0
        results = {}
        for card in options:
            trial = state.copy()
            play_out(table, trial, seat, card, lead=greedy_lead)
            results[card] = trial.chips[seat]
        assert results[choice] == max(results.values())
        other = (seat + 1) % 4
        other_options = lead_options(table, state.hands[other], -1)
        if other_options:  # another seat's leads are left to the rest of the policy
            assert policy(table, state.copy(), other, other_options) == greedy_lead(table, state.copy(), other,
                                                                                    other_options)
