"""A session survives any crash (issue 11, item 1): the game is killed with SIGKILL at random moments, and each
time the session can be continued, holding every decision of the player's that had been kept (the child waits
for each to be written, as a person's thinking would; what the characters and deal ends write meanwhile is
killed mid-write at random)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.app.table.controller import TableController
from game.storage.recorded_file import was_recorded
from game.storage.resume import kept_sessions, recover

CHILD = Path(__file__).resolve().parents[1] / "children" / "play_until_killed.py"


def _run_and_kill(folder: Path, delay: float) -> list[str]:
    """Start the game, let it play for `delay` seconds once at the table, kill it; what it printed."""
    child = subprocess.Popen([sys.executable, str(CHILD), str(folder), "11"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True, env={**os.environ, "SDL_VIDEODRIVER": "dummy",
                                                                        "SDL_AUDIODRIVER": "dummy"})
    assert child.stdout is not None
    first = child.stdout.readline()
    assert first.startswith("playing"), f"the game did not reach the table: {first!r}"
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    rest, _ = child.communicate(timeout=60)
    return [first.strip(), *rest.splitlines()]


@pytest.mark.slow
def test_a_session_killed_at_random_moments_can_always_be_continued(tmp_path: Path) -> None:
    rng = random.Random(2026)
    kept_before: int | None = None
    ended: str | None = None
    for round_ in range(8):
        said = _run_and_kill(tmp_path, rng.uniform(0.0, 1.2))
        _, actions, playing = said[0].split()
        if kept_before is not None:
            assert int(actions) == kept_before, "Continue picked up exactly what was kept"
        if ended is not None:
            assert was_recorded(tmp_path, ended) and playing != ended, "an ended session is recorded, not continued"
            ended = None
        decided = [int(line.split()[1]) for line in said if line.startswith("decided")]
        over = any(line == "over" for line in said)
        recover(tmp_path)  # what the game does at its next start
        kept, problems = kept_sessions(tmp_path)
        assert problems == [], f"round {round_}: {problems}"
        assert not list(tmp_path.rglob("*.tmp")), "nothing half-written is left after recovery"
        assert not list(tmp_path.rglob("*.unreadable-*")), "no kept file was ever damaged"
        kept_before = None
        if over:
            continue  # a session ended and another began: the next round continues that one
        if not kept and was_recorded(tmp_path, playing):
            continue  # killed once the session had ended and was counted, before the child said "over"
        assert kept, f"round {round_}: the session was lost"
        snapshot = kept[0].snapshot
        assert snapshot is not None
        table = TableController.from_snapshot(snapshot)  # it resumes
        assert table.session_id == playing, "the session kept is the one played"
        if table.over:  # killed once its end was kept, before its file was let go: the next start records it
            ended = playing
            continue
        kept_before = len(table.actions)
        if decided:
            assert len(table.actions) >= decided[-1], "a decision once kept is never lost"
