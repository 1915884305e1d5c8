"""Saves, statistics and replays are pure (no pygame) and type-check under mypy --strict."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MODULES = ["game/storage/saves.py", "game/stats", "game/replay", "game/cli/replay.py"]
IMPORT = """
import sys
import game.storage.saves, game.stats, game.replay, game.cli.replay
print(sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame.")))
"""


def test_they_load_no_pygame() -> None:
    result = subprocess.run([sys.executable, "-c", IMPORT], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_they_are_mypy_strict_clean() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", *MODULES],
                            cwd=REPO, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
