"""Every number a command takes is checked against its range before anything runs: out of it, one line saying the
range and exit code 1. The numbers: bench --seconds; simulate --players, --deals, --seed; tournament --deals,
--seed, --jobs (here); replay --deal and review --seat and --deal (against the log: test_replay.py,
test_review.py); screenshots --size, --text-size and --card-size (argparse's choices and ranges)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.cli import bench, main, simulate, tournament

RAN: list[tuple[Any, ...]] = []


def ran(*args: Any) -> list[Any]:
    """Stands in for a measurement, a tournament or a session: it notes that it ran."""
    RAN.append(args)
    return []


@pytest.fixture(autouse=True)
def nothing_really_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    RAN.clear()
    monkeypatch.setattr(bench, "MEASUREMENTS", {"seconds": ran})
    monkeypatch.setattr(tournament, "run_tournament", ran)
    monkeypatch.setattr(simulate, "play_session", ran)


def refused(capsys: pytest.CaptureFixture[str], tmp_path: Path, *argv: str) -> str:
    """`main.py ARGV` exits 1 with one line on stderr and runs nothing; the line."""
    assert main(["--data-dir", str(tmp_path), *argv]) == 1
    out, err = capsys.readouterr()
    assert RAN == [] and out == "" and len(err.strip().splitlines()) == 1, (RAN, out, err)
    return err.strip()


@pytest.mark.parametrize("seconds", ["-1", "0", "0.29", "nan", "inf", "-inf", "601", "1e300"])
def test_bench_refuses_seconds_out_of_range(seconds: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    line = refused(capsys, tmp_path, "bench", f"--seconds={seconds}")
    assert line.startswith("--seconds: must be 0.3 to 600.0 seconds, got ")


@pytest.mark.parametrize("seconds", ["0.3", "600"])
def test_bench_takes_seconds_in_range_as_given(seconds: str, tmp_path: Path) -> None:
    assert main(["--data-dir", str(tmp_path), "bench", "--seconds", seconds]) == 0
    assert RAN == [(float(seconds),)]


@pytest.mark.parametrize("flag, value, line", [
    ("--deals", str(10**20), f"--deals: must be 1 to 1000000, got {10**20}"),
    ("--deals", "0", "--deals: must be 1 to 1000000, got 0"),
    ("--seed", "-1", f"--seed: must be 0 to {2**64 - 1}, got -1"),
    ("--seed", str(2**64), f"--seed: must be 0 to {2**64 - 1}, got {2**64}"),
    ("--jobs", "0", "--jobs: must be 1 to 256, got 0"),
    ("--jobs", "100000", "--jobs: must be 1 to 256, got 100000"),
])
def test_tournament_refuses_numbers_out_of_range(flag: str, value: str, line: str,
                                                 capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert refused(capsys, tmp_path, "tournament", "--ai", "lowest,first,random", flag, value) == line


@pytest.mark.parametrize("flag, value, line", [
    ("--deals", "1000001", "--deals: must be 0 to 1000000, got 1000001"),
    ("--deals", "-1", "--deals: must be 0 to 1000000, got -1"),
    ("--seed", "-5", f"--seed: must be 0 to {2**64 - 1}, got -5"),
    ("--seed", str(2**64), f"--seed: must be 0 to {2**64 - 1}, got {2**64}"),
    ("--players", "9", "--players: must be 3 to 8, got 9"),
])
def test_simulate_refuses_numbers_out_of_range(flag: str, value: str, line: str,
                                               capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert refused(capsys, tmp_path, "simulate", flag, value) == line


def test_the_largest_seed_and_deals_are_taken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tournament, "print_table", ran)
    argv = ["--data-dir", str(tmp_path), "tournament", "--ai", "lowest,first,random", "--seed", str(2**64 - 1),
            "--deals", "1000000", "--jobs", "256"]
    assert main(argv) == 0 and len(RAN) == 2  # played, then printed
