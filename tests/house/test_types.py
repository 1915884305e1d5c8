"""The whole tree type-checks: mypy as pyproject.toml sets it up (all of game/ and tests/, strict)."""

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_game_and_its_tests_are_mypy_strict_clean(tmp_path: Path) -> None:
    # a fresh cache in tmp_path: nothing kept from an earlier run can hide an error, and the tree is not written to
    result = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy")],
                            cwd=REPO, capture_output=True, text=True, timeout=900)  # the timeout only stops a hang
    assert result.returncode == 0, result.stdout + result.stderr
