"""The tree keeps the lint rules pyproject.toml sets (ruff: pyflakes, pycodestyle, bugbear, sorted imports...)."""

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_ruff_finds_nothing_to_fix() -> None:
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."],
                            cwd=REPO, capture_output=True, text=True, timeout=300)  # the timeout only stops a hang
    assert result.returncode == 0, result.stdout + result.stderr
