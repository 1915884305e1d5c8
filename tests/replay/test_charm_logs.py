"""Charms outside the engine (R31): logs with charms replayed and checked (a forged charm event refused), a table's
snapshot and take back across a charm's use, and the command line's --charms."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from game.ai.registry import load_character_by_id, make_agent
from game.ai.seats import SeatSpec
from game.ai.simple import LowestAgent, RandomAgent
from game.app.table.controller import HumanTurn, Played, TableController
from game.app.table.take_back import undone_words
from game.cli import main
from game.config import load_charms
from game.engine import CharmAction, CharmDecision, RuleSet, SeatInfo, Session, to_json
from game.engine.charm_play import PRIVATE
from game.engine.charms import CharmSpec
from game.engine.decisions import Action, Decision
from game.engine.view import PlayerView
from game.replay.log import LogError, split_deals
from game.replay.replay import Replay
from game.review.judge import review_deal
from game.review.walk import walk_deal

CHARMS = load_charms()
EVERY = tuple(CHARMS.values())


def charmed_log(seed: int, seats: int = 4) -> list[str]:
    """A whole session's log with every charm at every seat, charms used at random."""
    session = Session(RuleSet(deals=5), [SeatInfo(f"Seat {s}") for s in range(seats)], seed, [EVERY] * seats)
    rng = random.Random(seed)
    agents = [RandomAgent(f"{seed}:{s}") for s in range(seats)]
    lines = [to_json(e) for e in session.start()]
    while (decision := session.pending()) is not None:
        action = (CharmAction(decision.player, rng.choice((None, *decision.options)))
                  if isinstance(decision, CharmDecision) else
                  agents[decision.player].decide(session.view(decision.player), decision))
        lines += [to_json(e) for e in session.apply(action)]
    return lines


LOG = charmed_log(3)


def refused(lines: list[str]) -> str:
    """The log check's problems for `lines`, which it must refuse."""
    with pytest.raises(LogError) as caught:
        Replay.from_lines(lines)
    return str(caught.value)


def charm_lines(effect: str | None = None) -> list[int]:
    return [i for i, line in enumerate(LOG) if '"type": "charm"' in line and (effect is None or f'"{effect}"' in line)]


# ----- the log checks --------------------------------------------------------------------------------------------

def test_R31_logs_with_every_charm_replay_and_check() -> None:
    for seed in range(6):
        lines = charmed_log(seed, 3 + seed % 4)
        replay = Replay.from_lines(lines)
        assert replay.steps[-1].event.type == "session_end"
        assert replay.steps[-1].state.chips == tuple(json.loads(lines[-1])["chips"])
    effects = {json.loads(LOG[i])["effect"] for i in charm_lines()}
    assert len(effects) >= 6


def test_R31_a_charm_the_seat_does_not_hold_is_refused() -> None:
    lines = list(LOG)
    start = json.loads(lines[0])
    start["charms"][0] = []
    lines[0] = json.dumps(start)
    first = next(i for i in charm_lines() if json.loads(LOG[i])["player"] == 0)
    assert f"line {first + 1}" in refused(lines[:first + 1]) and "does not give them" in refused(lines[:first + 1])


def test_R31_a_charm_no_file_gives_is_refused() -> None:
    lines = list(LOG)
    start = json.loads(lines[0])
    start["charms"][1] = ["moonbeam"]
    lines[0] = json.dumps(start)
    assert "no charm file gives" in refused(lines)


def test_R31_a_charm_used_at_the_wrong_moment_is_refused() -> None:
    after_deal = next(i for i in charm_lines("peek_dead"))
    moved = LOG[after_deal]
    play = next(i for i in range(after_deal, len(LOG)) if '"lead": false' in LOG[i])  # in the middle of a run
    lines = LOG[:after_deal] + LOG[after_deal + 1:play] + [moved]
    assert "cannot be used here" in refused(lines)


def test_R31_more_uses_than_a_charm_allows_are_refused() -> None:
    once = charm_lines("make_stop")[0]  # the lock: once a session
    lines = LOG[:once + 1] + [LOG[once]]
    assert "more often than it allows" in refused(lines)


def test_R31_chips_a_charm_makes_are_refused() -> None:
    encore = charm_lines("hit_again")[0]
    event = json.loads(LOG[encore])
    payer = event["payments"][0]["from"]
    event["payments"][0]["chips"] += 500
    assert f"seat {payer} pay" in refused(LOG[:encore] + [json.dumps(event)])
    moved = charm_lines("move_stake")[0]
    event = json.loads(LOG[moved])
    card = next(iter(event["boodle"]))
    event["boodle"][card] += 3
    assert "never makes them" in refused(LOG[:moved] + [json.dumps(event)])


def test_R31_a_charm_s_fee_must_be_paid_and_paid_from_chips_held() -> None:
    cut_in = charm_lines("take_lead")[0]
    event = json.loads(LOG[cut_in])
    assert event["pot"] == CHARMS["cut_in"].fee > 0
    event["pot"] = 0
    assert "costs 2 chips, not 0" in refused(LOG[:cut_in] + [json.dumps(event)])


def test_R31_a_charm_event_of_the_wrong_shape_is_refused() -> None:
    peek = charm_lines("peek_dead")[0]
    event = json.loads(LOG[peek])
    event["effect"] = "swap_dead"
    assert "effect is peek_dead" in refused(LOG[:peek] + [json.dumps(event)])
    event = json.loads(LOG[peek])
    event["payments"] = [{"from": (event["player"] + 1) % 4, "chips": 0}]
    assert "shape of peek_dead" in refused(LOG[:peek] + [json.dumps(event)])


def test_R37_a_block_must_be_followed_by_its_stop() -> None:
    block = charm_lines("block_follow")[0]
    assert '"reason": "declined"' in LOG[block + 1]
    assert "must be followed by its stop" in refused(LOG[:block + 1] + LOG[block + 2:])


# ----- the table: snapshot and take back ------------------------------------------------------------------------

def charm_table(mine: tuple[CharmSpec, ...] = EVERY) -> TableController:
    seats: list[SeatSpec] = [("You", None)] + [(cid, load_character_by_id(cid)) for cid in ("bert", "dex", "vera")]
    return TableController(RuleSet(deals=3), seats, 11, charms=[mine, (), (CHARMS["dam"],), ()])


def use_charms(view: PlayerView, decision: Decision) -> Action:
    """The player's stand-in: every charm at its first chance, otherwise a steady answer."""
    if isinstance(decision, CharmDecision):
        return CharmAction(decision.player, decision.options[0])
    return LowestAgent().decide(view, decision)


def play_table(table: TableController, stop_after_charm: bool = False) -> bool:
    for _ in range(20_000):
        step = table.advance(0.0, math.inf)
        if isinstance(step, HumanTurn):
            if stop_after_charm and table.actions and isinstance(table.actions[-1], CharmAction) \
                    and table.actions[-1].use is not None and table.actions[-1].player == 0:
                return True
            assert isinstance(table.submit(use_charms(step.view, step.decision)), Played)
        elif step is None and table.over:
            return False
    raise AssertionError("the session never ended")


def test_R31_a_table_s_snapshot_keeps_its_charms() -> None:
    table = charm_table()
    assert play_table(table, stop_after_charm=True)
    snapshot = json.loads(str(table.snapshot_text()))
    assert [[spec["id"] for spec in seat] for seat in snapshot["charms"]] == [
        [spec.id for spec in EVERY], [], ["dam"], []]
    again = TableController.from_snapshot(snapshot)
    assert again.log == table.log and again.session.pending() == table.session.pending()
    assert again.session.view(0) == table.session.view(0)


def test_R31_a_table_without_charms_keeps_no_charms_in_its_snapshot() -> None:
    seats: list[SeatSpec] = [("You", None)] + [(cid, load_character_by_id(cid)) for cid in ("bert", "dex", "vera")]
    assert "charms" not in TableController(RuleSet(deals=1), seats, 11).snapshot()


def test_R31_take_back_across_a_charm_s_use_plays_on_the_same() -> None:
    table = charm_table(tuple(spec for spec in EVERY if spec.effect not in PRIVATE))  # a peek is never unseen
    assert play_table(table, stop_after_charm=True)
    used = table.actions[-1]
    decision, action = table.to_take_back() or (None, None)
    assert action == used and decision is not None and undone_words(decision, action)
    log = list(table.log)
    assert table.take_back()
    assert table.session.pending() == decision and len(table.log) < len(log)
    assert isinstance(table.submit(action), Played)
    assert table.log == log  # the same use, the same events: the charm's own stream drew the same


def test_R32_no_take_back_returns_to_before_a_peek_of_the_player_s() -> None:
    table = charm_table((CHARMS["glimpse"],))
    assert play_table(table, stop_after_charm=True)
    assert isinstance(table.actions[-1], CharmAction) and table.actions[-1].use is not None
    assert table.to_take_back() is None and table.peek_kept() and not table.take_back()


# ----- the command line ------------------------------------------------------------------------------------------

def test_simulate_with_charms_writes_a_log_that_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "charms.jsonl"
    assert main(["simulate", "--ai", "random", "--deals", "4", "--seed", "5", "--log", str(log),
                 "--charms", "glimpse,encore", "--charms", "2:dam,cut_in"]) == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    start = json.loads(lines[0])
    assert start["charms"] == [["glimpse", "encore"], ["glimpse", "encore"], ["glimpse", "encore", "dam", "cut_in"],
                               ["glimpse", "encore"]]
    Replay.from_lines(lines)
    capsys.readouterr()


@pytest.mark.parametrize(("given", "says"), [("9:glimpse", "the seat must be 0 to 3"), ("x:glimpse", "the seat"),
                                             ("1:moonbeam", "no charm moonbeam")])
def test_simulate_refuses_a_bad_charm_in_one_line(given: str, says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--charms", given]) == 1
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_tournament_with_charms(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--ai", "random,lowest,lowest", "--charms", "random:glimpse,dam", "--deals", "3",
                 "--jobs", "1"]) == 0
    assert "random" in capsys.readouterr().out
    assert main(["tournament", "--ai", "random,lowest,lowest", "--charms", "expert:glimpse", "--deals", "3"]) == 1
    assert "not one of the --ai ids" in capsys.readouterr().err


# ----- the expert and the review at a table with charms -----------------------------------------------------------

def test_R31_the_expert_plays_on_while_others_use_every_charm() -> None:
    """R36/R38's leads and R33's swaps break what the expert would infer from the classic rules: it must not."""
    for seed in (2, 7):
        session = Session(RuleSet(deals=2), [SeatInfo(f"Seat {s}") for s in range(4)], seed, [EVERY] * 4)
        rng = random.Random(seed)
        agents = [make_agent("expert", seed, 0)] + [RandomAgent(f"{seed}:{s}") for s in range(1, 4)]
        session.start()
        while (decision := session.pending()) is not None:
            if isinstance(decision, CharmDecision) and decision.player:
                action: Action = CharmAction(decision.player, rng.choice((None, *decision.options)))
            else:
                action = agents[decision.player].decide(session.view(decision.player), decision)
            session.apply(action)
        assert session.over


def test_R31_a_deal_with_charms_is_reviewed_with_its_charm_decisions() -> None:
    deals = split_deals(LOG)
    walked = walk_deal(deals[0], 1)
    assert walked.finished
    kinds = [point.decision.kind for point in walked.points if point.decision is not None]
    assert "charm" in kinds
    review = review_deal(walked)
    charm = next(judged for judged in review.decisions if judged.kind == "charm")
    assert charm.options[-1].name == "pass" and charm.chosen is not None
