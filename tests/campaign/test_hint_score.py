"""Issue 24, item 6: in the daily deal and on the road, each decision's first hint costs a point of the score;
the score shown at the end says what the hints cost, the day's best and the high scores keep how many hints
they were played with (files from before hints counted still load), and the hints asked survive a kept session."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import key, make_app, top

from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.app.scenes.daily import best_words
from game.app.scenes.how_to_play import rule_sections
from game.app.table.controller import TableController
from game.app.table.scene import TableScene
from game.campaign.campaign_file import load_campaign_text
from game.campaign.daily import BESTS_FORMAT, DailyBests, daily_score
from game.campaign.daily_file import daily_bests_path, load_daily_bests
from game.campaign.high_scores_file import high_scores_path, load_high_scores, save_high_scores
from game.campaign.model import CampaignProgress, SessionResult, VenueResult
from game.campaign.origin import DailyDeal, FreePlay, record_daily_score
from game.campaign.roads import describe_result
from game.campaign.scores import HINT_COST, HighScores
from game.campaign.session_end import record_end
from game.config import rules_by_name
from game.locale import LANGUAGES, set_language, tr
from game.storage.resume import DAILY, FREE, load_resume

DAY = dt.date(2026, 12, 1)
ROAD = """\
name: Short Road
bankroll: 50
venues:
  - id: pub
    name: The Pub
    intro: A pub.
    rules: classic
    opponents: [pip, maud]
    deals: 4
    goal: {finish: first}
  - id: club
    name: The Club
    intro: A club.
    rules: house
    opponents: [bert, hetty, vera]
    deals: 6
    goal: {chips_at_least: 60}
"""


def seats() -> list[SeatSpec]:
    """The player and three characters."""
    return [("You", None)] + [(cid, load_character_by_id(cid)) for cid in ("maud", "bert", "vera")]


# --- the score, with and without hints --------------------------------------------------------------------------

def test_the_days_score_is_the_chips_less_a_point_a_hint() -> None:
    assert HINT_COST == 1
    assert daily_score(35) == daily_score(35, 0) == 35
    assert daily_score(35, 4) == 31
    assert daily_score(2, 5) == 0, "never below nothing"


def test_the_end_of_the_day_says_what_the_hints_cost_and_the_best_keeps_them(tmp_path: Path) -> None:
    new_best, said = record_daily_score(tmp_path, DAY, 35, 4)
    assert new_best and "35 chips" in said.score and "4 hints" in said.score and "31" in said.score, said.score
    bests, _ = load_daily_bests(tmp_path)
    assert (bests.best_for(DAY), bests.hints_for(DAY)) == (31, 4)
    unaided, said = record_daily_score(tmp_path, DAY, 33, 0)  # fewer chips, but no hint: the better score
    assert unaided and "hint" not in said.score, said.score
    bests, _ = load_daily_bests(tmp_path)
    assert (bests.best_for(DAY), bests.hints_for(DAY)) == (33, 0)
    assert not record_daily_score(tmp_path, DAY, 36, 5)[0], "36 chips with 5 hints scores 31: not a best"
    assert best_words(33, 0) == "points · no hints" and best_words(31, 4) == "points · 4 hints"
    assert best_words(40, None) == "chips", "a best from before hints counted is said as it was"


def test_a_daily_end_recorded_with_its_hints(tmp_path: Path) -> None:
    end = record_end(tmp_path, DailyDeal(DAY), "s-1", [30, 40, 20, 10], [], 0, hints=3)
    assert end.whole
    bests, _ = load_daily_bests(tmp_path)
    assert (bests.best_for(DAY), bests.hints_for(DAY)) == (27, 3)


def test_the_roads_score_takes_the_hints_off() -> None:
    road = load_campaign_text(ROAD, "road.yaml")
    unaided, aided = CampaignProgress.start(road), CampaignProgress.start(road)
    unaided.record_session(SessionResult((70, 30, 20)))
    result = aided.record_session(SessionResult((70, 30, 20)), hints=7)
    assert result.hints == 7 and aided.hints == 7
    assert unaided.score - aided.score == 7 * HINT_COST
    assert "7 hints" in describe_result(aided, result) and "hint" not in describe_result(unaided,
                                                                                       unaided.results[-1])
    again = CampaignProgress.from_json(json.loads(json.dumps(aided.to_json())), road)
    assert again.score == aided.score and again.hints == 7


# --- files from before hints counted ---------------------------------------------------------------------------

def test_an_old_road_save_without_hints_loads_with_none() -> None:
    old = {"venue_id": "pub", "stack": 40, "final_chips": 70, "standing": 1, "goal_met": True, "bankroll_after": 80}
    assert VenueResult.from_json(old).hints == 0
    with pytest.raises(ValueError):
        VenueResult.from_json({**old, "hints": "many"})


def test_an_old_bests_file_without_hints_loads_and_keeps_its_bests(tmp_path: Path) -> None:
    path = daily_bests_path(tmp_path)
    path.write_text(json.dumps({"format": BESTS_FORMAT, "version": 1, "best": {"2026-11-29": 40}}), "utf-8")
    bests, problem = load_daily_bests(tmp_path)
    assert problem is None and bests.best_for("2026-11-29") == 40 and bests.hints_for("2026-11-29") is None
    assert DailyBests.from_json(json.loads(path.read_text("utf-8"))).best == {"2026-11-29": 40}
    # a day's hints that make no sense are a part not used: the bests stand, the file as it was is kept aside
    path.write_text(json.dumps({"format": BESTS_FORMAT, "version": 1, "best": {"2026-11-29": 40},
                                "hints": {"2026-11-29": -2}}), "utf-8")
    bests, problem = load_daily_bests(tmp_path)
    assert problem and bests.best_for("2026-11-29") == 40 and bests.hints_for("2026-11-29") is None


def test_old_high_scores_load_and_new_ones_keep_their_hints(tmp_path: Path) -> None:
    high_scores_path(tmp_path).write_text(json.dumps({"format": "newmarket-high-scores", "version": 1, "entries": [
        {"name": "Ada", "score": 300, "date": "2026-11-01"}]}), "utf-8")
    scores, problem = load_high_scores(tmp_path)
    assert problem is None and scores.entries[0].hints is None
    assert scores.add("Bo", 200, DAY, hints=0) == 2 and scores.add("Cy", 100, DAY, hints=12) == 3
    assert save_high_scores(tmp_path, scores) is None
    again, problem = load_high_scores(tmp_path)
    assert problem is None and [entry.hints for entry in again.entries] == [None, 0, 12]
    assert [entry.hints for entry in HighScores.from_json(scores.to_json()).entries] == [None, 0, 12]


# --- counted in the kept session --------------------------------------------------------------------------------

def test_hints_are_counted_once_a_decision_and_kept_in_the_snapshot() -> None:
    table = TableController(dataclasses.replace(rules_by_name("classic"), deals=2), seats(), 5, origin=DailyDeal(DAY))
    assert table.count_hint() and not table.count_hint(), "asked again at the same decision: counted once"
    snapshot = json.loads(str(table.snapshot_text()))
    assert (snapshot["hints"], snapshot["hinted"]) == (1, len(table.actions))
    again = TableController.from_snapshot(snapshot)
    assert (again.hints, again.hinted) == (1, table.hinted) and not again.count_hint()
    older = {key: value for key, value in snapshot.items() if key not in ("hints", "hinted")}
    assert TableController.from_snapshot(older).hints == 0, "a session kept before hints counted"
    with pytest.raises(ValueError):
        TableController.from_snapshot({**snapshot, "hints": -1})


def test_a_hint_asked_at_the_daily_table_is_kept_at_once_and_costs_what_the_button_said(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), deals=3), seats(), 4,
                              origin=DailyDeal(DAY))
    app.scenes.clear_to(scene)
    assert scene.fast_forward_until(lambda t: t.human.decision is not None, play_for_human=False)
    labels = [button.label for button in scene.human.buttons]
    assert "Hint (−1 point)" in labels, labels
    assert "day's score" in next(b.tooltip for b in scene.human.buttons if b.label == "Hint (−1 point)")
    key(app, pygame.K_h)
    scene.human.finish_hint()
    assert "Hint" in [button.label for button in scene.human.buttons], "paid for this decision: no price again"
    scene.recorder.keeper.flush()
    kept = load_resume(tmp_path, DAILY).snapshot
    assert kept is not None and kept["hints"] == 1, "kept before the decision is answered: a crash cannot wash it"
    back = TableScene.from_snapshot(app, kept)
    assert back.table.hints == 1 and back.table.origin == DailyDeal(DAY)
    app.scenes.close()


def test_a_hint_in_free_play_costs_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = TableScene.seated(app, dataclasses.replace(rules_by_name("classic"), deals=3), seats(), 4)
    app.scenes.clear_to(scene)
    assert scene.table.origin == FreePlay()
    assert scene.fast_forward_until(lambda t: t.human.decision is not None, play_for_human=False)
    assert "Hint" in [button.label for button in scene.human.buttons]
    assert not any("point" in button.label for button in top(app, TableScene).human.buttons)
    app.scenes.close()
    assert load_resume(tmp_path, FREE).snapshot is not None


# --- How to play says what counts ------------------------------------------------------------------------------

@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_how_to_play_says_what_a_hint_costs(code: str) -> None:
    set_language(code)
    controls = next(section for section in rule_sections(rules_by_name("classic"))
                    if section.title == tr("how_to_play.controls.title"))
    said = [paragraph for paragraph in controls.paragraphs if f"{HINT_COST} " in str(paragraph)]
    assert said and all("{" not in str(paragraph) for paragraph in said), controls.paragraphs
