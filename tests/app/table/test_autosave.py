"""The table keeps the session on disk as it is laid and after every deal, and forgets it once the session is over
and recorded."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from game.ai.registry import load_character_by_id
from game.app.app import App, AppOptions
from game.app.table.scene import TableScene
from game.config import rules_by_name
from game.storage.resume import has_resume, load_resume


def test_every_deal_is_kept_and_the_end_forgets_it(tmp_path: Path) -> None:
    app = App(AppOptions(data_dir=tmp_path, headless=True))
    rules = dataclasses.replace(rules_by_name("classic"), deals=2)
    seats = [("You", None)] + [(cid, load_character_by_id(cid)) for cid in ("maud", "bert", "vera")]
    scene = TableScene.seated(app, rules, seats, seed=3)
    app.scenes.clear_to(scene)
    scene.recorder.keeper.flush()
    assert has_resume(tmp_path), "a new table is kept as soon as it is laid"
    assert scene.fast_forward_until(lambda s: s.summary is not None)
    scene.recorder.keeper.flush()
    kept = load_resume(tmp_path)
    assert kept.snapshot is not None and kept.snapshot["actions"]
    assert TableScene.from_snapshot(app, kept.snapshot).session.deal_number >= 1
    assert scene.fast_forward_until(lambda s: s.session.over and s.summary is not None)
    scene.recorder.keeper.flush()
    assert has_resume(tmp_path), "a finished session is kept until its results are recorded"
    assert scene.fast_forward_until(lambda s: s.results is not None)
    scene.recorder.keeper.flush()
    assert not has_resume(tmp_path)


def test_a_finished_session_goes_into_the_statistics(tmp_path: Path) -> None:
    from game.storage.statistics_file import load_statistics

    app = App(AppOptions(data_dir=tmp_path, headless=True))
    rules = dataclasses.replace(rules_by_name("classic"), deals=1)
    seats = [("You", None)] + [(cid, load_character_by_id(cid)) for cid in ("maud", "bert", "vera")]
    scene = TableScene.seated(app, rules, seats, seed=4)
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda s: s.results is not None)
    loaded = load_statistics(tmp_path)
    assert loaded.problem is None and loaded.statistics.sessions == 1
