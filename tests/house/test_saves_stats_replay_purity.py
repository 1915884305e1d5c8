"""Saves, statistics and replays are pure: they load no pygame (tests/house/test_types.py type-checks the tree)."""

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
IMPORT = """
import sys
import game.storage.saves, game.stats, game.replay, game.cli.replay
print(sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame.")))
"""


@pytest.mark.slow
def test_they_load_no_pygame() -> None:
    result = subprocess.run([sys.executable, "-c", IMPORT], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
