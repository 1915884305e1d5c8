"""Replays check the order of a log's events as a state machine and session_start's rules as a rules file's
(issue 11, item 8): nothing after session_end, one session_start, deals in order; no lawful log refused."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from game.ai.registry import character_ids, make_agent
from game.cli import main
from game.config import ConfigError, list_rules_files, load_rules, load_rules_text
from game.engine import SeatInfo, Session, play_session
from game.replay import LogError, Replay, split_deals

GOLDEN = sorted((Path(__file__).parents[1] / "golden").glob("*.jsonl"))
CHARACTERS = tuple(cid for cid in character_ids() if cid != "expert")  # the expert's search is slow


def _lines() -> list[str]:
    return GOLDEN[0].read_text(encoding="utf-8").splitlines()


def _index(lines: list[str], kind: str, nth: int = 0) -> int:
    return [i for i, line in enumerate(lines) if json.loads(line)["type"] == kind][nth]


def _changed(index: int, change: Callable[[dict[str, object]], None]) -> list[str]:
    lines = _lines()
    event = json.loads(lines[index])
    change(event)
    lines[index] = json.dumps(event)
    return lines


def _rules(**settings: object) -> list[str]:
    def change(event: dict[str, object]) -> None:
        rules = event["rules"]
        assert isinstance(rules, dict)
        rules.update(settings)
    return _changed(0, change)


def _refusal(lines: list[str]) -> list[str]:
    with pytest.raises(LogError) as caught:
        Replay.from_lines(lines)
    return [str(problem) for problem in caught.value.problems]


def _after_end() -> list[str]:
    lines = _lines()
    return lines + [lines[_index(lines, "deal_start")]]


def _two_starts() -> list[str]:
    lines = _lines()
    return lines[:3] + [lines[0]] + lines[3:]


def _deal_numbered(number: int) -> list[str]:
    lines = _lines()
    return _changed(_index(lines, "deal_start", 2), lambda event: event.update(deal=number))


def _dealt_by(seat: int) -> list[str]:
    lines = _lines()
    return _changed(_index(lines, "deal_start", 1), lambda event: event.update(dealer=seat))


def _moved(kind: str, before: str) -> list[str]:
    lines = _lines()
    line = lines.pop(_index(lines, kind))
    lines.insert(_index(lines, before), line)
    return lines


def _follow_as_lead() -> list[str]:
    lines = _lines()
    follow = next(i for i, line in enumerate(lines) if '"lead": false' in line)
    return _changed(follow, lambda event: event.update(lead=True))


@pytest.mark.parametrize("make,sentence", [
    (_after_end, "line 496: deal_start after session_end (line 495): nothing may follow the end of the session"),
    (_two_starts, "line 4: a second session_start (the first is on line 1): a log holds one session"),
    (lambda: _deal_numbered(4), "line 106: deal 4 follows deal 2: deals are numbered on by one"),
    (lambda: _deal_numbered(2), "line 106: deal 2 follows deal 2: deals are numbered on by one"),
    (lambda: _dealt_by(1), "deal 2 is dealt by seat 1, but the deal passes left to seat 3"),
    (lambda: _lines()[:1] + _lines()[2:], "line 2: deal_start cannot come straight after session_start; "
                                          "expected cut"),
    (lambda: _moved("play", "deal"), "play cannot come during the antes, before the cards are dealt; "
                                     "expected stake or deal"),
    (lambda: _moved("stop", "play"), "stop cannot come after the cards are dealt, before the first lead"),
    (lambda: _moved("deal_end", "hand_won"), "deal_end cannot come during a run; expected play, boodle_won, "
                                             "stop or hand_won"),
    (_follow_as_lead, "while the run of"),
    (lambda: _lines()[:3] + [_lines()[4], _lines()[3]] + _lines()[5:], "line 5: seat 3 stakes out of turn"),
    (lambda: _lines() + [_lines()[0]], "line 496: session_start after session_end (line 495)"),
])
def test_events_out_of_order_are_refused_with_a_sentence_naming_the_line(make: Callable[[], list[str]],
                                                                         sentence: str) -> None:
    problems = _refusal(make())
    assert len(problems) == 1 and sentence in problems[0], problems
    assert problems[0].startswith("line ")


def _rules_file_sentences(text: str) -> list[str]:
    """The problems of a rules file, as `key: why` (without the file and line)."""
    with pytest.raises(ConfigError) as caught:
        load_rules_text(text, "r.yaml")
    return [f"{p.key}: {p.message}" for p in caught.value.details]


@pytest.mark.parametrize("settings,yaml_text", [
    ({"starting_chips": -5}, "starting_chips: -5\n"),
    ({"staking": "evenly"}, "staking: evenly\n"),
    ({"ante_pot": True, "players": 2}, "ante_pot: true\nplayers: 2\n"),
    ({"deals": None, "ante_pot": 0, "ante_boodle": 0}, "deals: null\nante_pot: 0\nante_boodle: 0\n"),
    ({"boodle_cards": ["AS", "AS"], "first_lead": "2d"}, "boodle_cards: [AS, AS]\nfirst_lead: 2d\n"),
    ({"buy_dead_hand": {"enabled": "yes", "fee": 4}}, "buy_dead_hand: {enabled: 'yes', fee: 4}\n"),
    ({"ante_bodle": 4}, "ante_bodle: 4\n"),
])
def test_session_start_rules_are_checked_as_a_rules_file_is(settings: dict[str, object], yaml_text: str) -> None:
    problems = _refusal(_rules(**settings))
    expected = [f"line 1: session_start's rules: {sentence}" for sentence in _rules_file_sentences(yaml_text)]
    assert sorted(problems) == sorted(expected) and expected


def test_starting_chips_minus_5_is_refused_with_the_rules_files_sentence() -> None:
    assert _refusal(_rules(starting_chips=-5)) == [
        "line 1: session_start's rules: starting_chips: must not be negative, got -5"]


def test_the_players_and_their_chips_must_fit_the_rules() -> None:
    problems = _refusal(_changed(0, lambda event: event.update(chips=[41, 40, 40, 40])))
    assert problems[0] == ("line 1: session_start gives the players 41, 40, 40, 40 chips, but its rules start "
                           "every player with 40")


def test_buying_the_dead_hand_needs_rules_that_allow_it() -> None:
    michigan = GOLDEN[1].read_text(encoding="utf-8").splitlines()
    assert any('"buy_dead"' in line for line in michigan)
    start = json.loads(michigan[0])
    start["rules"]["buy_dead_hand"]["enabled"] = False
    with pytest.raises(LogError, match="buy_dead under rules that do not let the dealer buy the dead hand"):
        Replay.from_lines([json.dumps(start)] + michigan[1:])


@pytest.mark.parametrize("make", [_after_end, _two_starts, lambda: _deal_numbered(4),
                                  lambda: _rules(starting_chips=-5)])
@pytest.mark.parametrize("mode", [[], ["--summary"], ["--text"]])
def test_the_replay_command_refuses_such_logs_in_every_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            make: Callable[[], list[str]], mode: list[str]) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text("\n".join(make()) + "\n", encoding="utf-8")
    assert main(["replay", str(log), *mode]) == 1  # refused before any window is opened
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"{log}: cannot be replayed:\n  line ") and "sound" not in err


def test_a_replayed_file_name_is_shown_with_its_control_characters_escaped(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "bad\x1b[2J\nname.jsonl"
    log.write_text("\n".join(_after_end()) + "\n", encoding="utf-8")
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{tmp_path}/bad\\x1b[2J\\nname.jsonl: cannot be replayed:\n") and "\x1b" not in err
    good = tmp_path / "good\tlog.jsonl"
    good.write_text(GOLDEN[0].read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["replay", str(good), "--summary"]) == 0
    assert capsys.readouterr().out.startswith(f"{tmp_path}/good\\tlog.jsonl: ")


def test_a_kept_deal_cut_from_the_session_is_lawful_and_a_broken_one_is_not() -> None:
    deals = split_deals(_lines())
    for number, text in enumerate(deals, 1):
        assert [span.deal for span in Replay.from_text(text).deals] == [number]
    third = deals[2].splitlines()
    assert json.loads(third[1])["type"] == "deal_end"  # the table as deal 2 left it
    with pytest.raises(LogError, match="deal 1 follows a deal_end"):
        Replay.from_lines(third[:2] + [third[2].replace('"deal": 3', '"deal": 1')] + third[3:])
    with pytest.raises(LogError, match="a cut between the deal before and the next deal_start"):
        Replay.from_lines(third[:2] + deals[0].splitlines()[1:2] + third[2:])
    last = deals[-1].splitlines()
    with pytest.raises(LogError, match="after session_end"):
        Replay.from_lines(last + last[-1:])


def _session_lines(rules_path: Path, players: int, seed: int, ai: str) -> list[str]:
    rules = dataclasses.replace(load_rules(rules_path), deals=8)
    ids = [CHARACTERS[(seed + seat) % len(CHARACTERS)] if ai == "characters" else ai for seat in range(players)]
    session = Session(rules, [SeatInfo(f"Seat {seat}", "ai", ids[seat]) for seat in range(players)], seed)
    lines: list[str] = []
    play_session(session, [make_agent(ids[seat], seed, seat) for seat in range(players)],
                 lambda event: lines.append(event.to_json()))
    return lines


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 8])
@pytest.mark.parametrize("rules_path", list_rules_files(), ids=lambda path: path.stem)
def test_every_shipped_rules_file_gives_logs_that_are_accepted(rules_path: Path, players: int) -> None:
    for seed, ai in ((1, "random"), (2, "characters")):
        lines = _session_lines(rules_path, players, seed, ai)
        assert Replay.from_lines(lines).steps[-1].event.type == "session_end"
        kept = split_deals(lines)
        assert kept and all(len(Replay.from_text(text).deals) == 1 for text in kept)
        assert Replay.from_lines(lines[: len(lines) // 2]).steps  # a log that stops short still replays


@pytest.mark.slow
def test_simulate_logs_of_every_rules_file_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for rules_path in list_rules_files():
        for players in (3, 8):
            log = tmp_path / f"{rules_path.stem}-{players}.jsonl"
            assert main(["simulate", "--rules", str(rules_path), "--players", str(players), "--deals", "0",
                         "--log", str(log)]) == 0
            assert main(["replay", str(log), "--summary"]) == 0, capsys.readouterr().err
    capsys.readouterr()


def test_names_from_the_log_are_printed_with_their_control_characters_escaped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def rename(event: dict[str, object]) -> None:
        players = event["players"]
        assert isinstance(players, list)
        players[0]["name"] = "Evil\x1b[2J\nName"
    log = tmp_path / "named.jsonl"
    log.write_text("\n".join(_changed(0, rename)) + "\n", encoding="utf-8")
    for mode in ("--summary", "--text"):
        assert main(["replay", str(log), mode]) == 0
        out = capsys.readouterr().out
        assert "Evil\\x1b[2J\\nName" in out and "\x1b" not in out
