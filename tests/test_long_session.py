"""A long session stays steady: what a frame does at deal 100 is what it did at deal 5, counted in calls (no clock)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import cProfile
import dataclasses
import gc
import json
import pstats
from collections import Counter
from pathlib import Path

import pytest
from app_helpers import FRAME, instant_app

from game.ai.simple import LowestAgent
from game.app.app import App
from game.app.bench_app import LONG_CHIPS, heuristic_characters
from game.app.table.scene import TableScene
from game.config import default_rules
from game.storage.resume import load_resume, save_resume

EARLY = (3, 8)  # the deals counted at each end: [first, last)
LATE = (100, 105)
GROWTH = 2.0  # a function called per event or per card varies with the deals' play, never by this much
SLACK = 60  # calls a deal that no function's count may gain beyond GROWTH times its early count
# A save slot keeps at most the last 150 finished deals' logs (saves.MAX_KEPT_LOGS) and is read and written whole
# at each deal's end, so its work grows until that cap and no further: bounded by the slot, not by the session.
CAPPED = f"{os.sep}storage{os.sep}saves.py"
OBJECTS_PER_DEAL = 250  # live objects a deal may leave: its events and actions, kept for the statistics and saves


def table_of_eight(app: App) -> TableScene:
    """The player and seven heuristic characters under rules with no deal limit and chips for a long session."""
    characters = heuristic_characters()[:7]
    rules = dataclasses.replace(default_rules(), players=8, deals=None, starting_chips=LONG_CHIPS)
    scene = TableScene.seated(app, rules, [("You", None)] + [(c.name, c) for c in characters], 3)
    app.scenes.clear_to(scene)
    return scene


def play_until(app: App, scene: TableScene, deal: int, counts: Counter[str] | None = None) -> int:
    """Run whole frames (update and draw) until `deal` begins, answering for the player and clicking summaries
    away; with `counts`, every call of the game's own functions in those frames is counted. Returns the frames."""
    stand_in = LowestAgent()
    profile = cProfile.Profile() if counts is not None else None
    frames = 0
    if profile is not None:
        profile.enable()
    while scene.session.deal_number < deal:
        if scene.summary is not None:
            scene.close_summary()
        decision = scene.human.decision
        if decision is not None:
            scene.human.clear()
            scene.submit(stand_in.decide(scene.table.human_view(), decision))
        app.step(FRAME)
        frames += 1
    if profile is not None and counts is not None:
        profile.disable()
        for (path, line, name), (_, calls, *_rest) in pstats.Stats(profile).stats.items():  # type: ignore[attr-defined]
            if f"{os.sep}game{os.sep}" in path and not path.endswith(CAPPED):
                counts[f"{Path(path).name}:{line}({name})"] += calls
    return frames


@pytest.mark.slow
def test_per_frame_work_does_not_grow_with_the_deals_played(tmp_path: Path) -> None:
    app = instant_app(tmp_path)
    try:
        scene = table_of_eight(app)
        early: Counter[str] = Counter()
        play_until(app, scene, EARLY[0])
        early_frames = play_until(app, scene, EARLY[1], early)
        gc.collect()
        objects_before = len(gc.get_objects())
        play_until(app, scene, LATE[0])
        gc.collect()
        objects_after = len(gc.get_objects())
        late: Counter[str] = Counter()
        late_frames = play_until(app, scene, LATE[1], late)
        assert all(scene.session.in_session), "everyone stays in for the whole measurement"
    finally:
        app.scenes.close()
    early_deals, late_deals = EARLY[1] - EARLY[0], LATE[1] - LATE[0]
    assert late_frames / late_deals < GROWTH * early_frames / early_deals
    grown = {name: (early[name] / early_deals, calls / late_deals) for name, calls in late.items()
             if calls / late_deals > GROWTH * early[name] / early_deals + SLACK}
    assert not grown, f"calls a deal that grew with the deals played (early, late): {grown}"
    assert (objects_after - objects_before) / (LATE[0] - EARLY[1]) < OBJECTS_PER_DEAL


def test_a_kept_session_holds_every_action_as_a_fresh_snapshot_would(tmp_path: Path) -> None:
    app = instant_app(tmp_path)
    try:
        scene = table_of_eight(app)
        play_until(app, scene, 3)
        text, then = scene.table.snapshot_text(), scene.snapshot()
        assert json.loads(str(text)) == then, "the text made from each action's JSON is the snapshot"
        play_until(app, scene, 4)
        assert json.loads(str(text)) == then, "actions applied after it was taken do not slip into it"
        scene.recorder.keeper.flush()  # the table's own writes are done: this one is the test's
        save_resume(tmp_path / "elsewhere", str(text))
        kept = load_resume(tmp_path / "elsewhere").snapshot
        assert kept == then
        resumed = TableScene.from_snapshot(app, kept)
        assert resumed.actions == scene.actions[:len(then["actions"])]
    finally:
        app.scenes.close()
