"""`simulate`: exit codes, the summary, the JSONL log, and one-line errors for bad arguments."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from referee import FIELDS, Referee

from game.cli import main

REPO = Path(__file__).resolve().parents[2]


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run `simulate` in this process; exit code, stdout, stderr."""
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_defaults_play_a_classic_session(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = simulate(capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Classic Newmarket: 10 deals, seed 1"
    assert len([line for line in lines if line.startswith("Seat ")]) == 4
    assert "winner" in out


@pytest.mark.parametrize("rules", ["classic", "michigan", "saratoga", "chicago", "house"])
def test_simulate_log_is_jsonl_with_the_event_types_of_the_rules(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path, rules: str) -> None:
    log = tmp_path / "session.jsonl"
    code, out, err = simulate(capsys, "--rules", rules, "--players", "5", "--seed", "3", "--ai", "random",
                              "--log", str(log))
    assert code == 0, err
    text = log.read_text(encoding="utf-8")
    assert text.endswith("\n") and "\r" not in text
    referee = Referee()
    types = set()
    for line in text.splitlines():
        event = json.loads(line)
        assert set(event) == FIELDS[event["type"]] | {"type"}
        types.add(event["type"])
        referee.feed_line(line)
    assert referee.over
    assert {"session_start", "cut", "deal_start", "stake", "deal", "play", "stop", "hand_won", "deal_end",
            "session_end"} <= types <= set(FIELDS)
    first, last = json.loads(text.splitlines()[0]), json.loads(text.splitlines()[-1])
    assert first["seed"] == 3 and len(first["players"]) == 5 and first["rules"]["name"]
    assert out.splitlines()[0].endswith("seed 3") and last["chips"]


def test_simulate_deals_option_sets_the_limit_and_zero_means_none(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    log = tmp_path / "a.jsonl"
    assert simulate(capsys, "--deals", "2", "--log", str(log))[0] == 0
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert events[0]["rules"]["deals"] == 2 and sum(e["type"] == "deal_start" for e in events) == 2
    assert simulate(capsys, "--deals", "0", "--ai", "random", "--log", str(log))[0] == 0
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert events[0]["rules"]["deals"] is None
    assert sum(e["type"] == "player_out" for e in events) >= 3, "no limit: play goes on until one is left"


def test_simulate_ai_list_fills_the_seats_in_order(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "a.jsonl"
    assert simulate(capsys, "--players", "5", "--ai", "random,first", "--log", str(log))[0] == 0
    start = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert [p["personality"] for p in start["players"]] == ["random", "first", "random", "first", "random"]


def test_simulate_a_rules_file_by_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("name: Mine\nplayers: 3\nper_card_payment: 2\n", encoding="utf-8")
    code, out, _ = simulate(capsys, "--rules", str(path))
    assert code == 0 and out.startswith("Mine: ")
    assert len([line for line in out.splitlines() if line.startswith("Seat ")]) == 3


def test_bad_rules_file_exits_1_with_the_line_and_key(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("name: Bad\nplayers: 12\nfollow: sometimes\n", encoding="utf-8")
    code, out, err = simulate(capsys, "--rules", str(path))
    assert code == 1 and out == ""
    assert "bad.yaml:2" in err and "players" in err
    assert "bad.yaml:3" in err and "follow" in err
    assert "Traceback" not in err


def test_missing_rules_file_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = simulate(capsys, "--rules", "no-such-rules")
    assert code == 1 and out == "" and "no-such-rules" in err and "classic" in err


@pytest.mark.slow
def test_bad_rules_file_gives_no_traceback_in_a_real_process(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("name: [unclosed\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "main.py", "simulate", "--rules", str(path)], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "broken.yaml" in result.stderr and "Traceback" not in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("spec", ["clever", "random,clever", "random,,nope"])
def test_unknown_ai_exits_1(capsys: pytest.CaptureFixture[str], spec: str) -> None:
    code, out, err = simulate(capsys, "--ai", spec)
    assert code == 1 and out == ""
    assert err.startswith("--ai: unknown AI") and "random" in err


@pytest.mark.parametrize("players", ["2", "9", "0", "-3"])
def test_players_out_of_range_exit_1(capsys: pytest.CaptureFixture[str], players: str) -> None:
    code, out, err = simulate(capsys, "--players", players)
    assert code == 1 and out == ""
    assert err.strip() == f"--players: must be 3 to 8, got {players}"


def test_negative_deals_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = simulate(capsys, "--deals", "-1")
    assert code == 1 and "--deals" in err


def test_no_deal_limit_without_an_ante_exits_1_instead_of_playing_forever(capsys: pytest.CaptureFixture[str],
                                                                         tmp_path: Path) -> None:
    path = tmp_path / "free.yaml"
    path.write_text("name: Free\nante_pot: 0\nante_boodle: 0\n", encoding="utf-8")
    code, out, err = simulate(capsys, "--rules", str(path), "--deals", "0")
    assert code == 1 and out == "" and err.startswith("--deals 0: deals: null (no limit) needs an ante")
    path.write_text("name: Free\nante_pot: 0\nante_boodle: 0\ndeals: null\n", encoding="utf-8")
    code, out, err = simulate(capsys, "--rules", str(path))
    assert code == 1 and "free.yaml:4: deals: null (no limit) needs an ante" in err


def test_unwritable_log_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = simulate(capsys, "--log", str(tmp_path / "no" / "such" / "dir" / "x.jsonl"))
    assert code == 1 and err.startswith("--log: cannot write")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_disk_is_one_line_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = simulate(capsys, "--log", "/dev/full")
    assert code == 1 and out == ""
    assert err == "--log: cannot write the log /dev/full: No space left on device\n"


def test_a_log_that_is_a_folder_or_under_a_file_is_one_line(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    code, _, err = simulate(capsys, "--log", str(tmp_path))
    assert code == 1 and err.startswith(f"--log: cannot write the log {tmp_path}: ") and err.count("\n") == 1
    (tmp_path / "file").write_text("x", encoding="utf-8")
    code, _, err = simulate(capsys, "--log", str(tmp_path / "file" / "x.jsonl"))
    assert code == 1 and err == f"--log: cannot write the log {tmp_path / 'file' / 'x.jsonl'}: Not a directory\n"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes anywhere")
def test_a_log_in_a_read_only_folder_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        code, _, err = simulate(capsys, "--log", str(tmp_path / "x.jsonl"))
    finally:
        tmp_path.chmod(0o700)
    assert code == 1 and err == f"--log: cannot write the log {tmp_path / 'x.jsonl'}: Permission denied\n"


def test_a_log_name_is_shown_with_its_control_characters_escaped(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    code, _, err = simulate(capsys, "--log", str(tmp_path / "a\x1b[31mred\nline" / "x.jsonl"))
    assert code == 1 and err.count("\n") == 1 and "\x1b" not in err
    assert f"{tmp_path}/a\\x1b[31mred\\nline/x.jsonl" in err


def test_malformed_numbers_are_argparse_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["simulate", "--players", "four"])
    assert caught.value.code == 2 and "--players" in capsys.readouterr().err
