"""A newer version's data is kept (issue 23, item 10): rewriting the statistics, a kept session, a save slot, the
daily bests, the high scores or the unlocks writes back the top-level keys this version does not know."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from game.campaign.daily_file import daily_bests_path
from game.campaign.high_scores_file import high_scores_path, load_high_scores, save_high_scores
from game.campaign.origin import record_daily_score
from game.campaign.roads import SLOT, Road
from game.storage.keeper import SessionKeeper
from game.storage.resume import FREE, document_text, load_resume, resume_path
from game.storage.saves import append_deal_log, load_slot, slot_path
from game.storage.statistics_file import record_finished_session, statistics_path
from game.storage.unlocks_file import add_unlocks

NEWER = {"newer_figures": {"streak": [3, 4], "note": "ü"}, "newer_flag": True}


def on_disk(path: Path) -> dict[str, Any]:
    """The file's top level."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def kept(path: Path) -> dict[str, Any]:
    """The newer version's keys as the file now holds them."""
    return {key: value for key, value in on_disk(path).items() if key in NEWER}


def test_the_statistics_keep_a_newer_versions_keys_when_a_session_is_added(tmp_path: Path) -> None:
    path = statistics_path(tmp_path)
    path.write_text(json.dumps({"version": 1, "sessions": 2, "sessions_won": 1, "deals_played": 5, "deals_won": 2,
                                "biggest_pot": 9, "longest_run": 3, "records": {}, "boodle": {},
                                "chips_over_time": [], **NEWER}), encoding="utf-8")
    assert record_finished_session(tmp_path, [], 0) is None
    assert on_disk(path)["sessions"] == 3 and kept(path) == NEWER
    assert not list(tmp_path.glob("statistics.json.*")), "nothing was set aside: the file was whole"


def test_the_daily_bests_keep_a_newer_versions_keys(tmp_path: Path) -> None:
    path = daily_bests_path(tmp_path)
    path.write_text(json.dumps({"format": "newmarket-daily-bests", "version": 1, "best": {"2026-05-01": 30},
                                **NEWER}), encoding="utf-8")
    new_best, _ = record_daily_score(tmp_path, dt.date(2026, 5, 2), 41)
    assert new_best and on_disk(path)["best"] == {"2026-05-01": 30, "2026-05-02": 41} and kept(path) == NEWER


def test_the_high_scores_and_the_unlocks_keep_a_newer_versions_keys(tmp_path: Path) -> None:
    path = high_scores_path(tmp_path)
    path.write_text(json.dumps({"format": "newmarket-high-scores", "version": 1, "entries": [], **NEWER}),
                    encoding="utf-8")
    scores, _ = load_high_scores(tmp_path)
    scores.add("Ada", 120, "2026-05-01")
    assert save_high_scores(tmp_path, scores) is None and kept(path) == NEWER
    unlocks = tmp_path / "unlocks.json"
    unlocks.write_text('["look:green_baize"]', encoding="utf-8")  # a list: no keys to keep, every item kept
    assert add_unlocks(tmp_path, ["character:bert"]) is None
    assert json.loads(unlocks.read_text(encoding="utf-8")) == ["character:bert", "look:green_baize"]


def test_a_number_no_value_can_be_in_a_newer_key_is_kept_aside_rather_than_dropped(tmp_path: Path) -> None:
    path = statistics_path(tmp_path)
    path.write_text('{"version": 1, "sessions": 1, "sessions_won": 0, "deals_played": 1, "deals_won": 0, '
                    '"biggest_pot": 0, "longest_run": 0, "records": {}, "boodle": {}, "chips_over_time": [], '
                    '"newer_total": 1e999}', encoding="utf-8")
    assert record_finished_session(tmp_path, [], 0) is not None  # said: the file as it was is kept aside
    aside = list(tmp_path.glob("statistics.json.unreadable-*"))
    assert len(aside) == 1 and "1e999" in aside[0].read_text(encoding="utf-8")
    assert on_disk(path)["sessions"] == 2


def test_a_save_slot_keeps_a_newer_versions_keys_through_a_deal_kept_and_a_road_saved(tmp_path: Path) -> None:
    path = slot_path(tmp_path, SLOT)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": "newmarket-save", "version": 2, "saved_at": 5, "slot": SLOT,
                                "summary": {"venue": None, "deal": None, "chips": None}, "table": None,
                                "campaign": None, "logs": [], **NEWER}), encoding="utf-8")
    assert append_deal_log(tmp_path, SLOT, '{"type": "deal_start"}\n') is None
    assert kept(path) == NEWER and len(on_disk(path)["logs"]) == 1
    road = Road.load(tmp_path, SLOT)
    assert road.progress is not None and road.save() is None
    assert kept(path) == NEWER and len(on_disk(path)["logs"]) == 1
    found = load_slot(tmp_path, SLOT).save
    assert found is not None and found.unknown == NEWER


def test_a_kept_session_keeps_a_newer_versions_keys_while_it_is_played_on(tmp_path: Path) -> None:
    path = resume_path(tmp_path, FREE)
    path.parent.mkdir(parents=True)
    document = json.loads(document_text({"session_id": "s-1", "deal": 1}, FREE, 10.0))
    path.write_text(json.dumps({**document, **NEWER}), encoding="utf-8")
    keeper = SessionKeeper(tmp_path, FREE, threaded=False, session_id="s-1")
    for deal in (2, 3):
        keeper.keep(json.dumps({"session_id": "s-1", "deal": deal}))
        assert keeper.problems() == []
        assert kept(path) == NEWER and load_resume(tmp_path, FREE).snapshot == {"session_id": "s-1", "deal": deal}


def test_a_new_session_in_its_place_does_not_take_another_sessions_keys(tmp_path: Path) -> None:
    path = resume_path(tmp_path, FREE)
    path.parent.mkdir(parents=True)
    document = json.loads(document_text({"session_id": "s-1", "deal": 4}, FREE, 10.0))
    path.write_text(json.dumps({**document, **NEWER}), encoding="utf-8")
    keeper = SessionKeeper(tmp_path, FREE, threaded=False, session_id="s-2")  # the player chose to replace it
    keeper.keep(json.dumps({"session_id": "s-2", "deal": 1}))
    assert kept(path) == {}
