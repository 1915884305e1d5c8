"""Duplicate tournaments (game/ai/tournament.py and `python main.py tournament`)."""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.ai import tournament
from game.ai.tournament import BlockResult, deal_seed, play_block, rotation, standings, t_quantile_975
from game.cli import main
from game.engine import RuleSet, Session
from game.engine.events import Dealt

REPO = Path(__file__).resolve().parents[2]


def test_rotation_puts_every_id_in_every_seat_once() -> None:
    ids = ["a", "b", "c", "d", "e"]
    turns = [rotation(ids, turn) for turn in range(len(ids))]
    for seat in range(len(ids)):
        assert sorted(turn[seat] for turn in turns) == ids
    for turn in turns:
        assert sorted(turn) == ids


def test_a_block_replays_the_same_deal_with_the_players_rotated(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[int, list[str], tuple[Any, ...]]] = []

    class Recording(Session):
        def start(self) -> list[Any]:
            return self._record(super().start())

        def apply(self, action: Any) -> list[Any]:
            return self._record(super().apply(action))

        def _record(self, events: list[Any]) -> list[Any]:
            for event in events:
                if isinstance(event, Dealt):
                    played.append((self.seed, [seat.personality or "" for seat in self.seats], event.hands))
            return events
    monkeypatch.setattr(tournament, "Session", Recording)
    ids = ["lowest", "random", "first", "random"]
    block = play_block(RuleSet(), ids, seed=7, deal=3)
    assert len(played) == 4
    assert {seed for seed, _, _ in played} == {deal_seed(7, 3)}
    assert all(hands == played[0][2] for _, _, hands in played)  # the same cards in the same seats each time
    for seat in range(4):
        assert sorted(seated[seat] for _, seated, _ in played) == sorted(ids)
    # every id's chips over the block add up with the boodle chips left unwon to zero change in total
    assert block.plays == (4, 8, 4)
    assert sum(block.wins) == 4
    assert deal_seed(7, 3) != deal_seed(7, 4) and deal_seed(7, 3) != deal_seed(8, 3)


def test_standings_interval_is_over_block_means() -> None:
    blocks = [BlockResult((c, -c), (2, 2), (w, 1 - w)) for c, w in ((4, 1), (-2, 0), (6, 1), (0, 0))]
    result = {s.id: s for s in standings(["x", "y"], blocks)}
    means = [2.0, -1.0, 3.0, 0.0]
    assert result["x"].chips_per_deal == pytest.approx(statistics.mean(means))
    assert result["x"].ci95 == pytest.approx(t_quantile_975(3) * statistics.stdev(means) / math.sqrt(4))
    assert result["x"].deal_win_rate == pytest.approx(2 / 8)
    assert [s.id for s in standings(["x", "y"], blocks)] == ["x", "y"]
    assert standings(["x", "y"], blocks[:1])[0].ci95 is None


def test_paired_differences_are_antisymmetric_and_match_the_means() -> None:
    """The vs matrix over blocks where some id sits twice: distinct ids only, diff[a][b] == -diff[b][a], the same
    interval both ways, and the mean of the differences is the difference of the means."""
    ids = ["x", "y", "x", "z"]
    blocks = [BlockResult((c, -c - d, d), (8, 4, 4), (1, 1, 2)) for c, d in ((4, 1), (-2, 3), (6, -5), (0, 2), (9, 9))]
    result = {s.id: s for s in standings(ids, blocks)}
    assert set(result) == {"x", "y", "z"}
    for a, row in result.items():
        assert set(row.vs) == set(result) - {a}
        for b, (diff, ci) in row.vs.items():
            assert diff == -result[b].vs[a][0] and ci == result[b].vs[a][1]
            assert diff == pytest.approx(row.chips_per_deal - result[b].chips_per_deal)
    per_block = [c / 8 - d / 4 for c, d in ((4, 1), (-2, 3), (6, -5), (0, 2), (9, 9))]
    assert result["x"].vs["z"][1] == pytest.approx(t_quantile_975(4) * statistics.stdev(per_block) / math.sqrt(5))
    assert standings(ids, blocks[:1])[0].vs["y"][1] is None


def test_paired_differences_in_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--ai", "first,lowest,first", "--deals", "4", "--jobs", "1", "--json"]) == 0
    out = capsys.readouterr().out
    data = last_json(out)
    vs = {r["id"]: r["vs"] for r in data["results"]}
    assert set(vs) == {"first", "lowest"} and list(vs["first"]) == ["lowest"]
    assert vs["first"]["lowest"]["diff"] == -vs["lowest"]["first"]["diff"]
    assert vs["first"]["lowest"]["ci95"] == vs["lowest"]["first"]["ci95"] > 0
    cell = f"{vs['first']['lowest']['diff']:+.2f} ±{vs['first']['lowest']['ci95']:.2f}"
    matrix = out.split("paired:")[1]
    assert cell in matrix and f"{vs['lowest']['first']['diff']:+.2f} ±" in matrix


def test_t_quantiles() -> None:
    assert t_quantile_975(1) == pytest.approx(12.706, abs=1e-3)
    assert t_quantile_975(12) == pytest.approx(2.1788, abs=1e-4)
    assert t_quantile_975(40) == pytest.approx(2.0211, abs=1e-4)
    assert t_quantile_975(100_000) == pytest.approx(1.96, abs=1e-3)


def last_json(text: str) -> dict[str, Any]:
    """The JSON object on the output's last line."""
    line = text.strip().splitlines()[-1]
    data: dict[str, Any] = json.loads(line)
    return data


def test_cli_json_line_and_determinism_across_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--rules", "classic", "--ai", "lowest,random,first,random", "--deals", "12",
            "--seed", "5", "--json"]
    assert main(args + ["--jobs", "1"]) == 0
    one = capsys.readouterr().out
    assert main(args + ["--jobs", "2"]) == 0
    two = capsys.readouterr().out
    assert one == two
    data = last_json(one)
    assert list(data) == ["deals", "results"] and data["deals"] == 12
    assert sorted(r["id"] for r in data["results"]) == ["first", "lowest", "random"]
    for r in data["results"]:
        assert list(r) == ["id", "chips_per_deal", "ci95", "deal_win_rate", "vs"]
        assert isinstance(r["chips_per_deal"], float) and r["ci95"] > 0 and 0 <= r["deal_win_rate"] <= 1
    chips = [r["chips_per_deal"] for r in data["results"]]
    assert chips == sorted(chips, reverse=True)
    # wins: each replay has exactly one winner; "random" sits in two seats of every replay
    rates = {r["id"]: r["deal_win_rate"] for r in data["results"]}
    assert rates["lowest"] + rates["first"] + 2 * rates["random"] == pytest.approx(1.0, abs=1e-3)
    assert "chips/deal" in one


@pytest.mark.slow
def test_pool_stops_even_when_the_parent_catches_sigterm() -> None:
    """pygame's SDL catches SIGTERM in the process that inits it, and forked workers inherit that: the pool
    must still wind down (it once hung the whole test run after the app tests)."""
    code = ("import sys, pygame; pygame.init(); from game.cli import main; "
            "sys.exit(main(['tournament', '--ai', 'lowest,first,random', '--deals', '6', '--jobs', '2', '--json']))")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                            env=env)
    assert result.returncode == 0, result.stderr
    assert last_json(result.stdout)["deals"] == 6


def test_cli_plays_characters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--ai", "lowest,first,maud", "--deals", "2", "--jobs", "1", "--json"]) == 0
    assert {r["id"] for r in last_json(capsys.readouterr().out)["results"]} == {"lowest", "first", "maud"}


def test_tagged_ids_seat_one_agent_twice_with_different_charms(capsys: pytest.CaptureFixture[str]) -> None:
    """`random#cut` and `random#plain` are both `random`, apart in the standings, only the first holding Cut In."""
    args = ["tournament", "--ai", "random#cut,random#plain,random#plain", "--deals", "4", "--jobs", "1", "--json"]
    assert main([*args, "--charms", "random#cut:cut_in"]) == 0
    charmed = {r["id"]: r["chips_per_deal"] for r in last_json(capsys.readouterr().out)["results"]}
    assert set(charmed) == {"random#cut", "random#plain"}
    assert main(args) == 0
    plain = {r["id"]: r["chips_per_deal"] for r in last_json(capsys.readouterr().out)["results"]}
    assert set(plain) == set(charmed)
    assert plain != charmed  # the charm reached the tagged seats
    assert main([*args, "--charms", "random:cut_in"]) == 1  # an id with its tag, as --ai names it


@pytest.mark.parametrize("args, message", [
    (["--ai", "lowest,nobody,first"], "nobody"),
    (["--ai", "lowest,first", "--deals", "3"], "3 to 8"),
    (["--ai", ",".join(["lowest"] * 9)], "3 to 8"),
    (["--ai", "lowest,first,random", "--deals", "0"], "--deals"),
    (["--ai", "lowest,first,random", "--rules", "no/such/file.yaml"], "file.yaml"),
    (["--ai", "lowest,first,random", "--jobs", "0"], "--jobs"),
    (["--ai", "lowest,,random"], "empty"),
    (["--ai", "lowest#,first,random"], "tag"),
    (["--ai", "nobody#a,first,random"], "nobody"),
])
def test_cli_errors_exit_1_without_traceback(args: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", *args]) == 1
    captured = capsys.readouterr()
    assert message in captured.err
    assert "Traceback" not in captured.err + captured.out


def test_cli_rejects_a_broken_rules_file(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("ante_pot: -3\n", encoding="utf-8")
    assert main(["tournament", "--ai", "lowest,first,random", "--rules", str(bad)]) == 1
    assert "ante_pot" in capsys.readouterr().err


def test_jobs_beyond_the_cores_start_no_more_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 1)

    def no_pool(method: str) -> Any:
        raise AssertionError("a pool of processes was started on a machine of one core")
    monkeypatch.setattr(multiprocessing, "get_context", no_pool)
    blocks = list(tournament.play_blocks(RuleSet(), ["lowest", "first", "random"], 3, 5, jobs=64))
    assert len(blocks) == 3
