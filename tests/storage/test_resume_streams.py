"""A kept session plays on exactly as it would have: the characters' decision streams are saved with it."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from game.ai.character import CharacterAgent
from game.ai.expert.memory import Seen
from game.ai.registry import load_character_by_id
from game.app.app import App, AppOptions
from game.app.table.scene import TableScene
from game.config import rules_by_name

LINEUP = ("pip", "dex", "hetty")  # pip slips at random and dex mixes at random: both draw on their streams


def _table(app: App) -> TableScene:
    seats = [("You", None)] + [(cid, load_character_by_id(cid)) for cid in LINEUP]
    return TableScene.seated(app, rules_by_name("michigan"), seats, seed=5)


def _actions_after(scene: TableScene, count: int) -> list[str]:
    start = len(scene.actions)
    scene.fast_forward_until(lambda s: len(s.actions) >= start + count or s.session.over)
    return [repr(a) for a in scene.actions[start:start + count]]


def test_resumed_table_decides_exactly_as_the_uninterrupted_one(tmp_path: Path) -> None:
    app = App(AppOptions(data_dir=tmp_path, headless=True))
    scene = _table(app)
    scene.fast_forward_until(lambda s: len(s.actions) >= 40)
    saved = json.loads(json.dumps(scene.snapshot()))  # through JSON, as the file on disk
    later = _actions_after(scene, 60)
    resumed = TableScene.from_snapshot(app, saved)
    assert resumed.session.chips == TableScene.from_snapshot(app, saved).session.chips
    assert _actions_after(resumed, 60) == later


def test_character_stream_state_round_trips_and_rejects_rubbish() -> None:
    agent = CharacterAgent(load_character_by_id("pip"), "seed")
    state = json.loads(json.dumps(agent.saved_state()))
    draws = [agent._rng.random() for _ in range(5)]
    agent.restore_saved(state)
    assert [agent._rng.random() for _ in range(5)] == draws
    for rubbish in (None, [], [3, "x", None], "state"):
        with pytest.raises(ValueError):
            agent.restore_saved(rubbish)


def test_the_expert_s_memory_of_the_table_is_kept_and_played_on(tmp_path: Path) -> None:
    """The expert learns over the deals how the player and the others lead; a kept session carries what it has
    learnt, so play goes on as unbroken, with the memory growing as it would have; the same save with that memory
    forgotten learns otherwise."""
    app = App(AppOptions(data_dir=tmp_path, headless=True))
    seats = [("You", None)] + [(cid, load_character_by_id(cid)) for cid in ("expert", "maud", "dex")]
    rules = dataclasses.replace(rules_by_name("classic"), deals=12, starting_chips=200)
    scene = TableScene.seated(app, rules, seats, seed=11)
    scene.fast_forward_until(lambda s: s.session.deal_number >= 6 and s.session.pending() is not None
                             and s.session.pending().kind == "lead")  # type: ignore[union-attr]
    saved = json.loads(json.dumps(scene.snapshot()))
    memory = saved["agents"][1]["memory"]
    assert any(memory["settled"]), "five deals in, the expert has settled what it saw"
    later = _actions_after(scene, 2000)
    assert scene.session.over
    resumed = TableScene.from_snapshot(app, saved)
    assert _actions_after(resumed, 2000) == later
    assert _memory(resumed) == _memory(scene) != Seen()
    forgetful = json.loads(json.dumps(saved))
    forgetful["agents"][1]["memory"] = None
    fresh = TableScene.from_snapshot(app, forgetful)
    _actions_after(fresh, 2000)
    assert _memory(fresh) != _memory(scene)


def _memory(scene: TableScene) -> Seen:
    """What the expert in seat 1 has seen of the table."""
    agent = scene.table.agents[1]
    assert agent is not None and agent.memory is not None
    return agent.memory.seen
