"""road-check: the shares of runs meeting each venue's goal, counted from known outcomes; runs decided by the
venue's own goal, seeded by venue and run alone; the command's refusals and its JSON line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.campaign import road_check as check
from game.campaign.campaign_file import load_campaign, load_campaign_text
from game.campaign.model import PROGRESS_FORMAT, PROGRESS_VERSION, CampaignProgress
from game.campaign.road_check import VenueShare, play_runs, rises, run_seed, shares, wilson_interval
from game.campaign.spec import Campaign
from game.cli import main
from game.cli import road_check as command
from game.engine import Session
from game.engine.events import SessionEnd

ROAD = """\
name: Test Road
bankroll: 60
venues:
  - id: first
    name: First
    intro: Only first place.
    rules: classic
    opponents: [pip, maud]
    deals: 2
    goal: {finish: first}
  - id: chips
    name: Chips
    intro: Walk out with 45.
    rules: classic
    opponents: [pip, maud]
    deals: 2
    goal: {chips_at_least: 45}
  - id: both
    name: Both
    intro: The top two with 50.
    rules: classic
    opponents: [pip, hetty]
    deals: 2
    goal: {finish_top: 2, chips_at_least: 50}
"""


@pytest.fixture
def road() -> Campaign:
    return load_campaign_text(ROAD, "road.yaml")


def test_shares_count_each_venues_runs_and_goals_met() -> None:
    outcomes = [("a", True), ("b", False), ("a", False), ("a", True), ("b", False), ("a", True)]
    found = shares(["a", "b", "c"], outcomes)
    assert found == [VenueShare("a", 4, 3), VenueShare("b", 2, 0), VenueShare("c", 0, 0)]
    assert [share.share for share in found] == [0.75, 0.0, 0.0]
    assert found[0].to_dict()["share"] == 0.75 and found[0].to_dict()["met"] == 3


def test_an_outcome_for_no_venue_is_refused() -> None:
    with pytest.raises(ValueError, match="'z'"):
        shares(["a"], [("z", True)])


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(8, 10)  # the textbook case: 0.490 to 0.943
    assert (round(low, 3), round(high, 3)) == (0.490, 0.943)
    low, high = wilson_interval(0, 20)  # stays inside 0..1 where the normal approximation would not
    assert low == 0.0 and 0.16 < high < 0.17
    assert wilson_interval(50, 50)[1] == 1.0 and wilson_interval(0, 0) == (0.0, 1.0)


def test_rises_names_only_a_venue_clearly_easier_than_the_one_before() -> None:
    falling = [VenueShare("a", 100, 90), VenueShare("b", 100, 60), VenueShare("c", 100, 30)]
    assert rises(falling) == []
    noise = [VenueShare("a", 100, 60), VenueShare("b", 100, 64)]  # within each other's intervals
    assert rises(noise) == []
    climb = [VenueShare("a", 100, 30), VenueShare("b", 100, 70), VenueShare("c", 100, 20)]
    assert rises(climb) == [("a", "b")]


def test_run_seeds_depend_on_venue_and_run_only() -> None:
    assert run_seed("kings_head", 1) == run_seed("kings_head", 1)
    assert len({run_seed("kings_head", 1), run_seed("kings_head", 2), run_seed("county_cup", 1)}) == 3
    assert 0 <= run_seed("kings_head", 1) < 2**63


# the final chips of each run, by run number: the proxy (seat 0) first
ENDS = {1: (60, 40, 20), 2: (46, 50, 24), 3: (50, 20, 50), 4: (30, 45, 45)}


def test_each_run_is_judged_by_the_venues_own_goal(road: Campaign, monkeypatch: pytest.MonkeyPatch) -> None:
    runs = {run_seed(venue.id, run): run for venue in road.venues for run in ENDS}

    def scripted(session: Any, agents: Any, on_event: Any) -> None:
        chips = ENDS[runs[session.seed]]
        on_event(SessionEnd(chips, (chips.index(max(chips)),)))
    monkeypatch.setattr(check, "play_session", scripted)
    found = check.road_check(road, "lowest", 4, jobs=1)
    # first: run 1, and run 3 tied first; 45 chips: runs 1, 2 and 3; the top two with 50: runs 1 and 3
    assert found == [VenueShare("first", 4, 2), VenueShare("chips", 4, 3), VenueShare("both", 4, 2)]


def test_a_run_sits_the_proxy_in_seat_0_with_the_rules_stack(road: Campaign, monkeypatch: pytest.MonkeyPatch) -> None:
    seated: list[tuple[list[str | None], int, int]] = []
    real_session = Session

    def recording(rules: Any, seats: Any, seed: int, charms: Any = None) -> Any:
        seated.append(([seat.personality for seat in seats], rules.starting_chips, seed))
        assert charms is None  # a road without charms seats none
        return real_session(rules, seats, seed, charms)
    monkeypatch.setattr(check, "Session", recording)
    check.play_run(road.venues[2], "first", 4)
    assert seated == [(["first", "pip", "hetty"], 40, run_seed("both", 4))]


def test_runs_come_venue_by_venue_the_same_for_any_jobs(road: Campaign) -> None:
    alone = list(play_runs(road, "lowest", 2, jobs=1))
    assert [venue_id for venue_id, _ in alone] == ["first", "first", "chips", "chips", "both", "both"]
    assert list(play_runs(road, "lowest", 2, jobs=2)) == alone


@pytest.mark.parametrize("argv, line", [
    (["--runs", "0"], "--runs: must be 1 to 100000, got 0"),
    (["--runs", "100001"], "--runs: must be 1 to 100000, got 100001"),
    (["--jobs", "0"], "--jobs: must be 1 to 256, got 0"),
    (["--proxy", "oracle"], "--proxy: the oracle sees every hand, so it plays only in tournaments"),
    (["--proxy", "nobody"], "--proxy: unknown AI 'nobody'"),
    (["--venue", "village_green"], "--venue: no venue 'village_green' on this road; its venues are kings_head"),
    (["--venue", ","], "--venue: no venue given on this road"),
])
def test_bad_arguments_are_refused_in_one_line(argv: list[str], line: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "road_check", lambda *args: pytest.fail("nothing should be played"))
    assert main(["--data-dir", str(tmp_path), "road-check", *argv]) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and err.startswith(line), err


def test_a_broken_road_file_is_refused_with_its_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(ROAD.replace("opponents: [pip, hetty]", "opponents: [pip, nobody]"), encoding="utf-8")
    assert main(["--data-dir", str(tmp_path), "road-check", "--road", str(broken)]) == 1
    assert "nobody" in capsys.readouterr().err


def test_the_command_prints_each_venue_and_a_json_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[Any, ...]] = []

    def known(campaign: Campaign, proxy: str, runs: int, jobs: int | None,
              only: Any = None) -> list[VenueShare]:
        played = [venue for venue in campaign.venues if only is None or venue.id in only]
        asked.append(([venue.id for venue in played], proxy, runs, jobs))
        return [VenueShare(venue.id, runs, runs - number) for number, venue in enumerate(played)]
    monkeypatch.setattr(command, "road_check", known)
    road_file = tmp_path / "road.yaml"
    road_file.write_text(ROAD, encoding="utf-8")
    argv = ["--data-dir", str(tmp_path), "road-check", "--road", str(road_file), "--proxy", "bert", "--runs", "4",
            "--venue", "chips,both", "--json"]
    assert main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert asked == [(["chips", "both"], "bert", 4, None)]
    assert any(line.split()[:2] == ["2", "chips"] and "100.0%" in line for line in out)  # numbered as on the road
    assert any(line.split()[:2] == ["3", "both"] and "75.0%" in line for line in out)
    data = json.loads(out[-1])
    assert (data["proxy"], data["runs"]) == ("bert", 4)
    assert [(v["venue"], v["met"], v["share"]) for v in data["venues"]] == [("chips", 4, 1.0), ("both", 3, 0.75)]


def test_a_road_saved_before_the_road_was_retuned_still_loads() -> None:
    # the venues keep their ids, so a road saved at the Epsom Tea Tent goes on there, with its results kept
    saved = {"format": PROGRESS_FORMAT, "version": PROGRESS_VERSION, "campaign": "The Newmarket Road", "bankroll": 71,
             "venue_index": 3, "status": "playing", "unlocked": ["character:bert", "look:green_baize"],
             "results": [{"venue_id": venue_id, "stack": 40, "final_chips": 44, "standing": 1, "goal_met": True,
                          "bankroll_after": 64} for venue_id in ("kings_head", "dairy_social", "pier_rooms")]}
    progress = CampaignProgress.from_json(saved, load_campaign())
    assert progress.venue is not None and progress.venue.id == "epsom_tea_tent" and progress.cleared == 3
