"""Replays (issue 5, item 6): logs from simulate fold into table states to step through; broken logs are refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from file_traps import fifo, finishes, needs_fifo

from game.cli import main
from game.engine.events import DealEnd, DealStart, Dealt, Play, SessionEnd, SessionStart
from game.replay import LogError, Replay, TableState, split_deals

ROOT = Path(__file__).resolve().parents[2]

GOLDEN = sorted((Path(__file__).parents[1] / "golden").glob("*.jsonl"))


def _total(state: TableState) -> int:
    return sum(state.chips) + state.pot + sum(chips for _, chips in state.boodle)


def _check_replay(replay: Replay) -> None:
    start = replay.steps[0]
    assert isinstance(start.event, SessionStart)
    total = _total(start.state)
    for step in replay.steps:
        assert _total(step.state) == total, f"R21 broken after line {step.line}"
        if isinstance(step.event, DealEnd | SessionEnd):
            assert step.state.chips == step.event.chips
        if isinstance(step.event, Dealt):
            cards = [c for hand in step.state.hands for c in hand] + list(step.state.dead)
            assert len(cards) == 52 == len(set(cards))
    end = replay.steps[-1]
    assert isinstance(end.event, SessionEnd) and end.state.winners == end.event.winners


@pytest.mark.parametrize("path", GOLDEN, ids=[p.name for p in GOLDEN])
def test_golden_logs_replay_and_keep_every_chip(path: Path) -> None:
    replay = Replay.from_file(path)
    assert len(replay.steps) == len(path.read_text(encoding="utf-8").splitlines())
    _check_replay(replay)
    assert [span.deal for span in replay.deals] == list(range(1, len(replay.deals) + 1))


@pytest.mark.parametrize("rules,ai,seed", [("michigan", "pip,dex,hetty,expert", 3), ("classic", "random", 9),
                                          ("michigan", "random", 4)])
def test_logs_from_simulate_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str], rules: str, ai: str,
                                   seed: int) -> None:
    log = tmp_path / "log.jsonl"
    assert main(["simulate", "--rules", rules, "--ai", ai, "--seed", str(seed), "--deals", "6", "--log",
                 str(log)]) == 0
    replay = Replay.from_file(log)
    _check_replay(replay)
    capsys.readouterr()
    assert main(["replay", str(log), "--summary"]) == 0
    out = capsys.readouterr().out
    assert out.count("\ndeal ") == len(replay.deals) and "replay scene" in out


def test_forwards_and_back_step_through_the_same_states() -> None:
    replay = Replay.from_file(GOLDEN[0])
    assert replay.back() is None and replay.state == TableState()
    seen = []
    while (step := replay.forward()) is not None:
        seen.append(step.state)
    assert len(seen) == len(replay.steps) and replay.forward() is None
    for expected in reversed(seen[:-1]):
        step = replay.back()
        assert step is not None and step.state == expected
    assert replay.back() is None and replay.position == -1
    assert replay.seek_deal(3) and replay.step is not None
    assert replay.step.event == DealStart(3, replay.deals[2].dealer)
    assert not replay.seek_deal(99)
    replay.seek(10_000)
    assert replay.position == len(replay.steps) - 1


def test_plays_leave_hands_and_build_runs() -> None:
    replay = Replay.from_file(GOLDEN[0])
    for before, after in zip(replay.steps, replay.steps[1:]):
        event = after.event
        if isinstance(event, Play):
            seat, card = event.player, str(event.card)
            assert card in before.state.hands[seat] and card not in after.state.hands[seat]
            assert after.state.run[-1] == card and (len(after.state.run) == 1) == event.lead


@pytest.mark.parametrize("path", GOLDEN, ids=[p.name for p in GOLDEN])
def test_a_session_log_splits_into_deal_logs_that_replay_alone(path: Path) -> None:
    whole = Replay.from_file(path)
    deals = split_deals(path.read_text(encoding="utf-8").splitlines())
    assert len(deals) == len(whole.deals)
    for span, text in zip(whole.deals, deals):
        alone = Replay.from_text(text)
        assert len(alone.deals) == 1 and alone.deals[0].deal == span.deal
        end = alone.steps[alone.deals[0].last]
        assert isinstance(end.event, DealEnd)
        assert replace(end.state, in_session=()) == replace(whole.steps[span.last].state, in_session=())


def _golden_lines() -> list[str]:
    return GOLDEN[0].read_text(encoding="utf-8").splitlines()


def _broken(index: int, replacement: str) -> list[str]:
    lines = _golden_lines()
    lines[index] = replacement
    return lines


def _line_of(kind: str) -> int:
    return next(i for i, line in enumerate(_golden_lines()) if json.loads(line)["type"] == kind)


@pytest.mark.parametrize("make,words", [
    (lambda: _broken(3, '{"type": "stake", "player": 1'), "line 4: not JSON"),
    (lambda: _broken(3, '{"type": "jump", "player": 1}'), "line 4: unknown event type 'jump'"),
    (lambda: _broken(3, '{"type": "stake", "player": 1}'), "line 4: stake is missing pot, boodle"),
    (lambda: _broken(3, '[1, 2]'), "line 4: not a JSON object"),
    (lambda: _broken(3, '{"player": 1}'), "line 4: has no event type"),
    (lambda: _broken(_line_of("play"), '{"type": "play", "player": 0, "card": "1Z", "lead": true}'),
     "impossible card in card"),
    (lambda: _broken(_line_of("play"), '{"type": "play", "player": 0, "card": "11S", "lead": true}'),
     "impossible card in card"),
    (lambda: _broken(_line_of("play"), '{"type": "play", "player": 9, "card": "AS", "lead": true}'),
     "seat 9 is not at this table"),
    (lambda: _golden_lines()[1:], "line 1: the log must begin with session_start"),
])
def test_broken_logs_are_refused_with_a_sentence_per_line(make: object, words: str) -> None:
    with pytest.raises(LogError) as caught:
        Replay.from_lines(make())  # type: ignore[operator]
    assert words in str(caught.value)
    assert all("Traceback" not in str(p) for p in caught.value.problems)


def test_a_card_not_in_the_players_hand_is_impossible() -> None:
    lines = _golden_lines()
    index = _line_of("play")
    play = json.loads(lines[index])
    deal = json.loads(lines[_line_of("deal")])
    other = next(c for seat, hand in enumerate(deal["hands"]) if seat != play["player"] for c in hand)
    play["card"] = other
    lines[index] = json.dumps(play)
    with pytest.raises(LogError, match=f"line {index + 1}: impossible card: seat {play['player']} plays {other}"):
        Replay.from_lines(lines)


def test_a_card_dealt_twice_and_chips_that_do_not_add_up_are_found() -> None:
    lines = _golden_lines()
    deal = json.loads(lines[_line_of("deal")])
    deal["hands"][0][0] = deal["hands"][1][0]
    lines[_line_of("deal")] = json.dumps(deal)
    with pytest.raises(LogError, match="dealt twice"):
        Replay.from_lines(lines)
    lines = _golden_lines()
    end = json.loads(lines[_line_of("deal_end")])
    end["chips"][0] += 1
    lines[_line_of("deal_end")] = json.dumps(end)
    with pytest.raises(LogError, match="do not add up"):
        Replay.from_lines(lines)


def test_every_bad_line_is_listed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text("\n".join(["{oops", _golden_lines()[0], '{"type": "nope"}', '{"type": "cut"}']), encoding="utf-8")
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err
    assert "line 1: not JSON" in err and "line 3: unknown event type" in err and "line 4: cut is missing" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("content", [b"", b"\n\n", b"\xff\xfe\x00"])
def test_empty_and_binary_logs_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           content: bytes) -> None:
    log = tmp_path / "log.jsonl"
    log.write_bytes(content)
    assert main(["replay", str(log)]) == 1
    assert "cannot be replayed" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 1


def test_a_log_larger_than_any_is_refused_by_its_size_before_it_is_read(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "huge.jsonl"
    with log.open("wb") as out:
        out.truncate(40 * 1024 * 1024)  # sparse: costs no disk
    opened: list[str] = []
    real_open = os.open

    def watching(path: Any, *args: Any, **kwargs: Any) -> int:
        opened.append(os.fspath(path))
        return real_open(path, *args, **kwargs)
    monkeypatch.setattr(os, "open", watching)
    assert main(["replay", str(log), "--summary"]) == 1
    err = capsys.readouterr().err
    assert "is too big (40.0 MB; the longest log read is 32.0 MB)" in err and "Traceback" not in err
    assert str(log) not in opened


@needs_fifo
def test_a_fifo_given_as_a_log_is_refused_without_waiting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = fifo(tmp_path / "log.jsonl")
    assert finishes(lambda: main(["replay", str(log), "--summary"]), fifos=(log,)) == 1
    assert "is not a file (a pipe or a device)" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/dev/zero").exists() or sys.platform == "win32", reason="no /dev/zero here")
@pytest.mark.parametrize("command", [["replay", "/dev/zero", "--summary"], ["review", "/dev/zero", "--seat", "0"]])
def test_dev_zero_given_as_a_log_is_one_line_not_all_the_memory(command: list[str], tmp_path: Path) -> None:
    def at_most_a_gigabyte() -> None:  # a reader that reads it all fails here in a second, not at 24 GB
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    done = subprocess.run([sys.executable, "main.py", "--data-dir", str(tmp_path), *command], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, preexec_fn=at_most_a_gigabyte)
    assert done.returncode in (1, 2) and "is not a file (a pipe or a device)" in done.stderr
    assert len(done.stderr.strip().splitlines()) <= 2 and "MemoryError" not in done.stderr


def test_text_mode_prints_the_table_after_every_event(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(GOLDEN[0]), "--text", "--deal", "2"]) == 0
    out = capsys.readouterr().out
    assert "deal 2," in out and "run:" in out and "stops:" in out and "deal 3," not in out
    assert main(["replay", str(GOLDEN[0]), "--deal", "99"]) == 1
