"""The engine type-checks cleanly under mypy --strict."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_engine_is_mypy_strict_clean() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "game/engine"],
                            cwd=REPO, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
