"""A long session stays steady: a frame at deal 60 does what it did at deal 5, counted in lines run (no clock)."""

from __future__ import annotations

import dataclasses
import gc
import json
import os
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import pytest
from app_helpers import FRAME, instant_app

from game.ai.simple import LowestAgent
from game.app.app import App
from game.app.table.scene import TableScene
from game.cli.bench_app import LONG_CHIPS, heuristic_characters, long_session_table
from game.config import default_rules
from game.storage.resume import load_resume, save_resume

EARLY = (3, 8)  # the deals counted at each end: [first, last)
LATE = (60, 65)  # far enough: a walk over the session's log every frame runs 2,400 events a frame by deal 60
GROWTH = 2.0  # a function run per event or per card varies with the deals' play, never by this much
# lines a deal that no function's count may gain beyond GROWTH times its early count: room for a moment the early
# deals happened not to have (confetti when the player goes out runs about 650), none for a walk every frame over
# what the session has kept (its log is some 40 events a deal: 2,400 by deal 60, run in each of 25 frames a deal)
SLACK = 1500
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


def watched_table(app: App) -> TableScene:
    """The bench's long-session table: seven heuristic characters and nobody's seat, so nothing is kept on disk."""
    scene: TableScene = long_session_table(app)
    app.scenes.clear_to(scene)
    return scene


def play_until(app: App, scene: TableScene, deal: int, counts: Counter[str] | None = None) -> int:
    """Run whole frames (update and draw) until `deal` begins, answering for the player and clicking summaries
    away; with `counts`, the lines run in each of the game's own functions in those frames are counted (a line
    a loop runs again counts again, so a comprehension over the session's history grows as the session does,
    as its single call would not). Returns the frames."""
    stand_in = LowestAgent()
    lines: Counter[CodeType] = Counter()

    def line(frame: FrameType, event: str, arg: object) -> Any:
        if event == "line":
            lines[frame.f_code] += 1
        return line

    def call(frame: FrameType, event: str, arg: object) -> Any:
        path = frame.f_code.co_filename
        return line if f"{os.sep}game{os.sep}" in path and not path.endswith(CAPPED) else None

    frames = 0
    before = sys.gettrace()
    if counts is not None:
        sys.settrace(call)
    try:
        while scene.session.deal_number < deal:
            if scene.summary is not None:
                scene.close_summary()
            decision = scene.human.decision
            if decision is not None:
                scene.human.clear()
                scene.submit(stand_in.decide(scene.table.human_view(), decision))
            app.step(FRAME)
            frames += 1
    finally:
        sys.settrace(before)
    if counts is not None:
        for code, run in lines.items():
            counts[f"{Path(code.co_filename).name}:{code.co_firstlineno}({code.co_name})"] += run
    return frames


@pytest.mark.slow
@pytest.mark.parametrize("seated", [table_of_eight, watched_table], ids=["player", "watched"])
def test_per_frame_work_does_not_grow_with_the_deals_played(tmp_path: Path,
                                                            seated: Callable[[App], TableScene]) -> None:
    app = instant_app(tmp_path)
    try:
        scene = seated(app)
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
    grown = {name: (early[name] / early_deals, run / late_deals) for name, run in late.items()
             if run / late_deals > GROWTH * early[name] / early_deals + SLACK}
    assert not grown, f"lines run a deal that grew with the deals played (early, late): {grown}"
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
