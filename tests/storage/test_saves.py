"""Save slots (issue 5, item 8): resume exactly, migrate old files, survive bad files and interrupted writes."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

import pytest

from game.ai.character import CharacterAgent
from game.ai.registry import make_agent
from game.atomic import backup_path
from game.config import rules_by_name
from game.engine import Action, SeatInfo, Session, to_json
from game.engine.decisions import action_from_data, action_to_data
from game.engine.rules import RuleSet
from game.engine.rules_keys import RULES_KEYS
from game.storage import saves
from game.storage.saves import (
    AUTOSAVE,
    LoadResult,
    SaveData,
    list_slots,
    load_slot,
    restore_backup,
    save_slot,
    slot_path,
)

FIXTURES = Path(__file__).parents[1] / "fixtures"
LINEUP = ("lowest", "pip", "dex", "hetty")  # pip slips at random and dex mixes at random: both use their streams
SEED = 5


def _session() -> tuple[Session, list[Any]]:
    rules = rules_by_name("michigan")
    seats = [SeatInfo(agent_id, "ai", agent_id) for agent_id in LINEUP]
    return Session(rules, seats, SEED), [make_agent(agent_id, SEED, seat) for seat, agent_id in enumerate(LINEUP)]


def _step(session: Session, agents: list[Any], log: list[str], actions: list[Action]) -> bool:
    decision = session.pending()
    if decision is None:
        return False
    action = agents[decision.player].decide(session.view(decision.player), decision)
    actions.append(action)
    log.extend(to_json(e) for e in session.apply(action))
    return True


def _snapshot(session: Session, agents: list[Any], actions: list[Action]) -> dict[str, Any]:
    return {"version": 1, "rules": session.rules.settings(),
            "seats": [{"name": s.name, "character": s.personality} for s in session.seats],
            "seed": session.seed, "actions": [action_to_data(a) for a in actions],
            "agents": [a.saved_state() if isinstance(a, CharacterAgent) else None for a in agents],
            "deal": session.deal_number}


def _resume(snapshot: dict[str, Any]) -> tuple[Session, list[Any], list[str], list[Action]]:
    session, agents = _session()
    assert snapshot["seed"] == session.seed
    log = [to_json(e) for e in session.start()]
    actions = [action_from_data(a) for a in snapshot["actions"]]
    for action in actions:
        log.extend(to_json(e) for e in session.apply(action))
    for agent, state in zip(agents, snapshot["agents"]):
        if isinstance(agent, CharacterAgent):
            agent.restore_saved(state)
    return session, agents, log, list(actions)


def test_save_mid_deal_and_play_on_is_identical_to_the_uninterrupted_session(tmp_path: Path) -> None:
    straight, straight_agents = _session()
    straight_log = [to_json(e) for e in straight.start()]
    straight_actions: list[Action] = []
    while _step(straight, straight_agents, straight_log, straight_actions):
        pass

    session, agents = _session()
    log = [to_json(e) for e in session.start()]
    actions: list[Action] = []
    for _ in range(57):
        assert _step(session, agents, log, actions)
    assert session.pending() is not None and session.deal_number >= 1
    save_slot(tmp_path, 1, SaveData(table=_snapshot(session, agents, actions), chips=session.chips[0], venue="Test"))

    loaded = load_slot(tmp_path, 1)
    assert loaded.ok and loaded.save is not None and loaded.save.table is not None
    resumed, resumed_agents, resumed_log, resumed_actions = _resume(loaded.save.table)
    assert resumed_log == log  # the replay reaches exactly the saved moment
    while _step(resumed, resumed_agents, resumed_log, resumed_actions):
        pass
    assert "\n".join(resumed_log).encode() == "\n".join(straight_log).encode()


def test_a_save_round_trips_table_campaign_and_logs(tmp_path: Path) -> None:
    campaign = {"venue": 2, "bankroll": 57, "unlocked": ["board"], "nested": {"x": [1, None, True]}}
    logs = (saves.deal_log([{"type": "deal_start", "deal": 1, "dealer": 0}]), '{"type": "cut"}\n')
    save_slot(tmp_path, "mine", SaveData(table=None, campaign=campaign, logs=logs, venue="The Crown", deal=2, chips=57))
    loaded = load_slot(tmp_path, "mine").save
    assert loaded is not None
    kept = (loaded.campaign, loaded.logs, loaded.venue, loaded.deal, loaded.chips)
    assert kept == (campaign, logs, "The Crown", 2, 57)
    assert loaded.slot == "mine" and loaded.saved_at > 0


def test_several_slots_are_listed_with_their_summaries(tmp_path: Path) -> None:
    save_slot(tmp_path, 2, SaveData(venue="B", deal=4, chips=10))
    save_slot(tmp_path, AUTOSAVE, SaveData(venue="A", deal=1, chips=40))
    save_slot(tmp_path, 1, SaveData(venue="C"))
    slot_path(tmp_path, 3).write_text("{", encoding="utf-8")
    infos = list_slots(tmp_path)
    assert [i.slot for i in infos] == [AUTOSAVE, "slot-1", "slot-2", "slot-3"]
    assert (infos[0].venue, infos[0].deal, infos[0].chips) == ("A", 1, 40)
    assert infos[3].problem is not None and infos[3].saved_at is None
    assert slot_path(tmp_path, 3).exists()  # listing moves nothing
    assert list_slots(tmp_path / "nowhere") == []


@pytest.mark.parametrize("name", ["", "../x", "a b", "x" * 33, "é"])
def test_bad_slot_names_are_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValueError):
        slot_path(tmp_path, name)


def test_migration_from_the_version_1_kept_session_fixture(tmp_path: Path) -> None:
    fixture = FIXTURES / "save_v1_session.json"
    original = json.loads(fixture.read_text(encoding="utf-8"))
    assert original["version"] == 1
    path = slot_path(tmp_path, AUTOSAVE)
    path.parent.mkdir(parents=True)
    path.write_bytes(fixture.read_bytes())
    result = load_slot(tmp_path, AUTOSAVE)
    assert result.ok and result.save is not None and result.migrated_from == 1
    assert result.save.table == original["snapshot"] and result.save.campaign is None and result.save.logs == ()
    assert result.save.deal == original["snapshot"]["deal"] and result.save.saved_at == original["saved_at"]
    assert result.save.table is not None
    resumed, _, _, _ = _resume_fixture(result.save.table)
    assert resumed.pending() is not None
    # saving again writes the current version
    save_slot(tmp_path, AUTOSAVE, result.save)
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == saves.VERSION


def _resume_fixture(snapshot: dict[str, Any]) -> tuple[Session, None, None, None]:
    # the classic rules of its day: a snapshot from before boodle_at_end keeps the boodle at the end (R22)
    # (and of none of the keys declared since, with what a snapshot that leaves them out meant)
    newer = {key.name for key in RULES_KEYS if key.before is not None}
    old = {key: value for key, value in rules_by_name("classic").settings().items() if key not in newer}
    assert snapshot["rules"] == old
    rules = RuleSet.from_settings(snapshot["rules"])
    assert rules == dataclasses.replace(rules_by_name("classic"), boodle_at_end="stay")
    seats = [SeatInfo(s["name"], "ai" if s["character"] else "human", s["character"]) for s in snapshot["seats"]]
    session = Session(rules, seats, snapshot["seed"])
    session.start()
    for data in snapshot["actions"]:
        session.apply(action_from_data(data))
    return session, None, None, None


def test_unknown_and_newer_versions_are_set_aside(tmp_path: Path) -> None:
    for version, words in ((saves.VERSION + 1, "newer version"), (0, "unknown"), ("2", "no version")):
        path = slot_path(tmp_path, 1)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"format": saves.FORMAT, "version": version}), encoding="utf-8")
        result = load_slot(tmp_path, 1)
        assert not result.ok and result.problem is not None and words in result.problem
        assert not path.exists() and result.moved_to is not None and result.moved_to.exists()


BAD_FILES = {
    "corrupt": b"{\"format\": \"newmarket-save\", \"version\": 2, \"table\": nul}",
    "truncated": None,  # made from a real save below
    "empty": b"",
    "blank": b"  \n",
    "binary": b"\xff\xfe\x00garbage",
    "a list": b"[1, 2, 3]",
    "a number": b"42",
    "not ours": b"{\"format\": \"something-else\", \"version\": 2}",
    "wrong table type": b"{\"format\": \"newmarket-save\", \"version\": 2, \"table\": [1]}",
    "wrong logs type": b"{\"format\": \"newmarket-save\", \"version\": 2, \"logs\": {\"a\": 1}}",
    "wrong summary type": b"{\"format\": \"newmarket-save\", \"version\": 2, \"summary\": {\"chips\": \"many\"}}",
    "snapshot missing parts": b"{\"format\": \"newmarket-save\", \"version\": 2, \"table\": {\"seed\": 1}}",
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_bad_saves_are_moved_aside_reported_and_the_backup_restored(tmp_path: Path, kind: str) -> None:
    save_slot(tmp_path, 1, SaveData(venue="first", chips=40))
    save_slot(tmp_path, 1, SaveData(venue="second", chips=44))
    path = slot_path(tmp_path, 1)
    good = path.read_bytes()
    bad = BAD_FILES[kind]
    path.write_bytes(good[: len(good) // 2] if bad is None else bad)

    result = load_slot(tmp_path, 1)
    assert not result.ok and result.backup_available
    assert result.problem is not None and result.problem.endswith(".") and "\n" not in result.problem
    assert "kept as" in result.problem
    assert not path.exists() and result.moved_to is not None
    assert result.moved_to.read_bytes() == (good[: len(good) // 2] if bad is None else bad)  # never deleted

    restored = restore_backup(tmp_path, 1)
    assert restored.ok and restored.save is not None and restored.save.venue == "first"
    assert load_slot(tmp_path, 1).save == restored.save


def test_loading_a_missing_slot_is_quiet_and_a_lone_backup_is_offered(tmp_path: Path) -> None:
    assert load_slot(tmp_path, "nothing") == LoadResult()
    save_slot(tmp_path, 1, SaveData(venue="a"))
    save_slot(tmp_path, 1, SaveData(venue="b"))
    slot_path(tmp_path, 1).unlink()
    result = load_slot(tmp_path, 1)
    assert not result.ok and result.backup_available and result.problem is not None
    assert restore_backup(tmp_path, 1).save is not None


def test_restoring_never_overwrites_the_current_file_silently(tmp_path: Path) -> None:
    save_slot(tmp_path, 1, SaveData(venue="a"))
    save_slot(tmp_path, 1, SaveData(venue="b"))
    current = slot_path(tmp_path, 1).read_bytes()
    result = restore_backup(tmp_path, 1)
    assert result.save is not None and result.save.venue == "a"
    assert result.moved_to is not None and result.moved_to.read_bytes() == current


def test_a_bad_backup_is_set_aside_too_and_no_backup_is_said(tmp_path: Path) -> None:
    assert restore_backup(tmp_path, 1).problem is not None
    save_slot(tmp_path, 1, SaveData(venue="a"))
    save_slot(tmp_path, 1, SaveData(venue="b"))
    backup_path(slot_path(tmp_path, 1)).write_text("nope", encoding="utf-8")
    result = restore_backup(tmp_path, 1)
    assert not result.ok and result.problem is not None and result.moved_to is not None
    assert load_slot(tmp_path, 1).save is not None  # the current save is untouched


@pytest.mark.parametrize("fail_on", ["backup", "save"])
def test_a_write_interrupted_after_the_temporary_file_leaves_the_old_save_intact(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail_on: str) -> None:
    save_slot(tmp_path, 1, SaveData(venue="old", chips=40))
    path = slot_path(tmp_path, 1)
    before = path.read_bytes()
    real_replace = os.replace
    written: list[bytes] = []

    def failing_replace(source: Any, target: Any) -> None:
        target = Path(target)
        if (fail_on == "save" and target == path) or (fail_on == "backup" and target == backup_path(path)):
            written.append(Path(source).read_bytes())  # the temporary file is whole when the swap fails
            raise OSError(28, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr("game.atomic.os.replace", failing_replace)
    with pytest.raises(OSError):
        save_slot(tmp_path, 1, SaveData(venue="new", chips=99))
    assert len(written) == 1
    if fail_on == "save":
        assert b"new" in written[0]
    assert path.read_bytes() == before
    assert not list(path.parent.glob("*.tmp"))  # the half-done temporary file is cleaned up
    monkeypatch.undo()
    loaded = load_slot(tmp_path, 1).save
    assert loaded is not None and loaded.venue == "old"


def test_actions_round_trip_and_bad_ones_are_refused() -> None:
    session, agents = _session()
    session.start()
    for _ in range(30):
        decision = session.pending()
        assert decision is not None
        action = agents[decision.player].decide(session.view(decision.player), decision)
        assert action_from_data(json.loads(json.dumps(action_to_data(action)))) == action
        session.apply(action)
    for rubbish in ({}, {"kind": "lead", "player": 0, "card": "ZZ"}, {"kind": "hop", "player": 1}):
        with pytest.raises(ValueError):
            action_from_data(rubbish)


def test_no_damage_to_a_save_makes_loading_raise(tmp_path: Path) -> None:
    import random
    save_slot(tmp_path, 1, SaveData(table=json.loads((FIXTURES / "save_v1_session.json").read_text())["snapshot"],
                                    campaign={"a": [1, 2]}, logs=("x\n",), venue="v", chips=3))
    good = slot_path(tmp_path, 1).read_bytes()
    rng = random.Random(1)
    damaged = [b"[" * 100_000, good.replace(b'"seed":3', b'"seed":"3"'),
               good.replace(b'"logs":["x\\n"]', b'"logs":[1]')]
    assert all(variant != good for variant in damaged)
    for _ in range(150):
        mutated = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            mutated[rng.randrange(len(mutated))] = rng.randrange(256)
        damaged.append(bytes(mutated))
    for data in damaged:
        slot_path(tmp_path, 1).write_bytes(data)
        result = load_slot(tmp_path, 1)
        assert result.ok or (result.problem is not None and result.backup_available is False)


def test_the_migrated_fixture_resumes_at_the_table(tmp_path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.app import App, AppOptions
    from game.app.table.scene import TableScene
    path = slot_path(tmp_path, AUTOSAVE)
    path.parent.mkdir(parents=True)
    path.write_bytes((FIXTURES / "save_v1_session.json").read_bytes())
    save = load_slot(tmp_path, AUTOSAVE).save
    assert save is not None and save.table is not None
    scene = TableScene.from_snapshot(App(AppOptions(data_dir=tmp_path, headless=True)), save.table)
    assert [action_to_data(a) for a in scene.actions] == save.table["actions"]
    # a save from before the characters kept a memory of the table: each stream goes on where it was
    agents = scene.snapshot()["agents"]
    assert [None if state is None else state["rng"] for state in agents] == save.table["agents"]
