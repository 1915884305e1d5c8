"""Golden logs: fixed seeds give the same JSONL log byte for byte, in any process, under any hash seed.

The logs in tests/golden/ were written once by `simulate` itself. When a change to the engine,
the random agent or the log format is meant to change them, write them again and review the diff:

    python main.py simulate --rules classic --players 4 --seed 7 --ai random \\
        --log tests/golden/classic_4p_seed7.jsonl
    python main.py simulate --rules michigan --players 5 --seed 11 --ai random \\
        --log tests/golden/michigan_5p_seed11.jsonl
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from referee import Referee

from game.cli import main

REPO = Path(__file__).resolve().parents[2]
GOLDEN_DIR = Path(__file__).resolve().parents[1] / "golden"
GOLDEN = {
    "classic_4p_seed7.jsonl": ["--rules", "classic", "--players", "4", "--seed", "7", "--ai", "random"],
    "michigan_5p_seed11.jsonl": ["--rules", "michigan", "--players", "5", "--seed", "11", "--ai", "random"],
}


def simulate_log(args: list[str], log: Path) -> bytes:
    """Run `simulate` in this process with `args`; the bytes of the log it wrote."""
    assert main(["simulate", *args, "--log", str(log)]) == 0
    return log.read_bytes()


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_log_is_reproduced_byte_for_byte(name: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate_log(GOLDEN[name], tmp_path / name) == (GOLDEN_DIR / name).read_bytes()


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_log_is_a_lawful_session(name: str) -> None:
    referee = Referee()
    lines = (GOLDEN_DIR / name).read_text(encoding="utf-8").split("\n")
    assert lines[-1] == "", "the log ends with a newline"
    for line in lines[:-1]:
        referee.feed_line(line)
    assert referee.over and referee.counts["deal_start"] == 10


def test_golden_logs_cover_the_rare_events() -> None:
    michigan = (GOLDEN_DIR / "michigan_5p_seed11.jsonl").read_text(encoding="utf-8")
    for kind in ("buy_dead", "player_out", "boodle_won", "already_played", "dead_hand", "king", "boodle_split"):
        assert kind in michigan


def test_same_seed_twice_in_one_process_gives_the_same_log(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    def args(seed: int) -> list[str]:
        return ["--rules", "saratoga", "--players", "6", "--seed", str(seed), "--ai", "random,lowest,first"]
    first = simulate_log(args(5), tmp_path / "a.jsonl")
    second = simulate_log(args(5), tmp_path / "b.jsonl")
    other = simulate_log(args(6), tmp_path / "c.jsonl")
    assert first == second
    assert first != other


@pytest.mark.slow
@pytest.mark.parametrize("name", GOLDEN)
def test_separate_processes_with_different_hash_seeds_give_the_golden_log(name: str, tmp_path: Path) -> None:
    logs = []
    for hash_seed in ("0", "4242", "random"):
        log = tmp_path / f"{hash_seed}.jsonl"
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run([sys.executable, "main.py", "simulate", *GOLDEN[name], "--log", str(log)],
                                cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        logs.append(log.read_bytes())
    assert logs[0] == logs[1] == logs[2] == (GOLDEN_DIR / name).read_bytes()
