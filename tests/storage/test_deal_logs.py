"""Every finished deal's log is kept with its save, and the replays list plays any of them back."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest
from app_helpers import click, fuzz, key, make_app

from game.ai.registry import load_character_by_id
from game.ai.seats import SeatSpec
from game.app.app import App
from game.app.scenes.replay import ReplayScene
from game.app.scenes.replays import EMPTY, ReplaysScene, kept_deals, slot_label
from game.app.table.scene import TableScene
from game.campaign.origin import origin_of
from game.config import rules_by_name
from game.locale import tr
from game.replay import Replay, split_deals
from game.storage.saves import (
    SaveData,
    append_deal_log,
    deal_logs,
    list_slots,
    load_slot,
    save_slot,
    saves_dir,
    slot_path,
)

CHARACTERS = ("maud", "bert", "vera")


def _play(app: App, deals: int, seed: int, *, slot: str | None = None, human: bool = True) -> TableScene:
    """A whole session of `deals` deals played out headless at instant speed."""
    rules = dataclasses.replace(rules_by_name("classic"), deals=deals)
    first: SeatSpec = ("You", None) if human else ("Pip", load_character_by_id("pip"))
    seats = [first] + [(c, load_character_by_id(c)) for c in CHARACTERS]
    table = TableScene.seated(app, rules, seats, seed=seed, origin=origin_of(slot))
    app.scenes.clear_to(table)
    assert table.fast_forward_until(lambda s: s.results is not None)
    return table


def _logs(folder: Path, slot: str) -> tuple[str, ...]:
    found = load_slot(folder, slot)
    assert found.save is not None, found.problem
    return found.save.logs


def _deal_log(number: int) -> str:
    return f'{{"type": "deal_start", "deal": {number}, "dealer": 0}}\n'


# --- the save's side -------------------------------------------------------------------------------

def test_append_starts_an_empty_slot_and_keeps_the_rest_of_it(tmp_path: Path) -> None:
    assert append_deal_log(tmp_path, "autosave", _deal_log(1)) is None
    assert _logs(tmp_path, "autosave") == (_deal_log(1),)
    save_slot(tmp_path, "campaign", SaveData(campaign={"road": 2}, venue="The Crown", chips=40, slot="campaign"))
    assert append_deal_log(tmp_path, "campaign", _deal_log(1)) is None
    kept = load_slot(tmp_path, "campaign").save
    assert kept is not None and kept.campaign == {"road": 2} and kept.venue == "The Crown" and kept.chips == 40
    assert kept.logs == (_deal_log(1),)


def test_append_without_create_leaves_a_missing_slot_missing(tmp_path: Path) -> None:
    assert append_deal_log(tmp_path, "campaign", _deal_log(1), create=False) is None
    assert not slot_path(tmp_path, "campaign").exists()


def test_the_keep_limit_drops_the_oldest(tmp_path: Path) -> None:
    for number in range(1, 8):
        assert append_deal_log(tmp_path, "autosave", _deal_log(number), keep=5) is None
    assert _logs(tmp_path, "autosave") == tuple(_deal_log(n) for n in range(3, 8))


def test_an_unreadable_slot_is_kept_aside_never_overwritten_and_the_deals_go_on_in_a_new_one(tmp_path: Path) -> None:
    path = slot_path(tmp_path, "autosave")
    path.parent.mkdir(parents=True)
    path.write_text("{cut short", encoding="utf-8")
    problem = append_deal_log(tmp_path, "autosave", _deal_log(1))
    assert problem and "could not be used" in problem and "kept in a new save 'autosave'" in problem
    aside = list(saves_dir(tmp_path).glob("autosave.json.unreadable-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{cut short"  # kept as it was
    found = load_slot(tmp_path, "autosave").save
    assert found is not None and found.logs == (_deal_log(1),)  # the deal kept, and the next ones after it
    assert append_deal_log(tmp_path, "autosave", _deal_log(2)) is None


def test_a_slot_of_deals_that_cannot_be_used_is_taken_up_again_from_its_backup(tmp_path: Path) -> None:
    assert append_deal_log(tmp_path, "daily", _deal_log(1)) is None
    assert append_deal_log(tmp_path, "daily", _deal_log(2)) is None  # the first save is now the backup
    slot_path(tmp_path, "daily").write_bytes(b"\x00")
    problem = append_deal_log(tmp_path, "daily", _deal_log(3))
    assert problem and "Its backup (the save before it) was put back, without the deal kept last" in problem
    found = load_slot(tmp_path, "daily").save
    assert found is not None and found.logs == (_deal_log(1), _deal_log(3))
    assert append_deal_log(tmp_path, "campaign", _deal_log(1), create=False) is None  # no road: nothing made


def test_a_bad_slot_name_is_a_sentence_not_an_error(tmp_path: Path) -> None:
    problem = append_deal_log(tmp_path, "daily:2026-11-29", _deal_log(1))
    assert problem and problem.startswith("The deal could not be kept")


def test_deal_logs_lists_every_readable_slot_with_logs(tmp_path: Path) -> None:
    assert deal_logs(tmp_path) == []
    append_deal_log(tmp_path, "daily", _deal_log(1))
    append_deal_log(tmp_path, "autosave", _deal_log(2))
    save_slot(tmp_path, "campaign", SaveData(campaign={}, slot="campaign"))  # no logs: not listed
    (saves_dir(tmp_path) / "campaign-2.json").write_text("nonsense", encoding="utf-8")
    assert deal_logs(tmp_path) == [("autosave", (_deal_log(2),)), ("daily", (_deal_log(1),))]
    assert (saves_dir(tmp_path) / "campaign-2.json").exists()  # listing reads, it never moves a file aside


# --- the table's side ------------------------------------------------------------------------------

def test_a_table_keeps_one_replayable_log_per_finished_deal(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = _play(app, deals=3, seed=3)
    logs = _logs(tmp_path, "autosave")
    assert len(logs) == 3
    assert list(logs) == split_deals([event.to_json() for event in table.table.log])  # exactly the session's events
    for number, log in enumerate(logs, 1):
        replay = Replay.from_text(log)
        assert [span.deal for span in replay.deals] == [number]
    assert Replay.from_text(logs[-1]).steps[-1].event.type == "session_end"


def test_sessions_add_up_in_the_slot(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    _play(app, deals=2, seed=5)
    _play(app, deals=1, seed=6)
    logs = _logs(tmp_path, "autosave")
    assert len(logs) == 3
    assert [d.session for d in kept_deals("autosave", logs)] == [2, 1, 1]  # newest first


def test_a_resumed_table_keeps_only_the_deals_it_finishes(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    rules = dataclasses.replace(rules_by_name("classic"), deals=3)
    seats = [("You", None)] + [(c, load_character_by_id(c)) for c in CHARACTERS]
    table = TableScene.seated(app, rules, seats, seed=8)
    app.scenes.clear_to(table)
    assert table.fast_forward_until(lambda s: s.summary is not None)
    table.recorder.keeper.flush()  # the deal's log is written on the table's worker thread
    assert len(_logs(tmp_path, "autosave")) == 1
    resumed = TableScene.from_snapshot(app, table.snapshot())
    app.scenes.clear_to(resumed)
    assert resumed.fast_forward_until(lambda s: s.results is not None)
    logs = _logs(tmp_path, "autosave")
    assert [Replay.from_text(log).deals[0].deal for log in logs] == [1, 2, 3]
    assert list(logs) == split_deals([event.to_json() for event in resumed.table.log])


def test_campaign_and_daily_tables_keep_their_deals_in_their_slots(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    save_slot(tmp_path, "campaign-2", SaveData(campaign={"road": 1}, slot="campaign-2"))
    _play(app, deals=2, seed=9, slot="campaign-2")
    _play(app, deals=1, seed=10, slot="daily:2026-11-29")
    assert len(_logs(tmp_path, "campaign-2")) == 2
    kept = load_slot(tmp_path, "campaign-2").save
    assert kept is not None and kept.campaign == {"road": 1}
    assert len(_logs(tmp_path, "daily")) == 1
    assert not slot_path(tmp_path, "autosave").exists()


def test_a_fresh_campaign_slot_is_not_started_by_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    _play(app, deals=1, seed=11, slot="campaign")
    assert not slot_path(tmp_path, "campaign").exists()  # the map would find no progress in it


def test_a_watched_table_keeps_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    _play(app, deals=1, seed=12, human=False)
    assert deal_logs(tmp_path) == []


def test_a_slot_that_cannot_be_written_is_warned_not_raised(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    app = make_app(tmp_path)
    saves_dir(tmp_path).parent.mkdir(parents=True, exist_ok=True)
    saves_dir(tmp_path).write_text("a file where the saves folder should be", encoding="utf-8")
    _play(app, deals=1, seed=13)
    assert list_slots(tmp_path) == []
    assert "The deal could not be kept in the save 'autosave'" in capsys.readouterr().err


# --- the replays list ------------------------------------------------------------------------------

def test_slot_labels() -> None:
    assert [slot_label(s) for s in ("autosave", "campaign", "campaign-3", "daily", "slot-2")] == \
        ["Free play", "Campaign 1", "Campaign 3", "Daily deal", "Slot 2"]


def test_the_list_says_so_when_nothing_is_kept(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.scenes.push("replays")
    scene = app.scenes.top
    assert isinstance(scene, ReplaysScene) and scene.rows == [] and tr(EMPTY).startswith("No deals kept yet")
    key(app, pygame.K_RETURN)
    app.draw(app.screen)
    assert app.scenes.top is scene


def test_the_list_opens_the_chosen_deal_and_comes_back(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    _play(app, deals=3, seed=3)
    logs = _logs(tmp_path, "autosave")
    app.scenes.clear_to(ReplaysScene(app))
    scene = app.scenes.top
    assert isinstance(scene, ReplaysScene)
    deals = [row.deal for row in scene.rows if row.deal is not None]
    assert [d.deal for d in deals] == [3, 2, 1] and [d.index for d in deals] == [2, 1, 0]
    assert scene.rows[0].title == "Free play"
    key(app, pygame.K_DOWN)  # from the newest to deal 2
    key(app, pygame.K_RETURN)
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene)
    assert replay.replay.source == Replay.from_text(logs[1], "deal 2 of the save").source
    assert [span.deal for span in replay.replay.deals] == [2]
    # step forward and back through the deal
    replay.seek(0)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert replay.position == 2
    key(app, pygame.K_LEFT)
    assert replay.position == 1
    key(app, pygame.K_END)
    last = replay.replay.step
    assert replay.replay.state.deal == 2 and last is not None and last.event.type == "deal_end"
    app.draw(app.screen)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene
    # a click on a row opens that deal
    rect = scene.row_rect(next(i for i, row in enumerate(scene.rows) if row.deal is deals[2]))
    assert rect is not None
    click(app, rect.center)
    top = app.scenes.top
    assert isinstance(top, ReplayScene) and [span.deal for span in top.replay.deals] == [1]


def test_a_damaged_slot_shows_its_problem_and_a_long_list_scrolls(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = _play(app, deals=1, seed=3)
    log = split_deals([event.to_json() for event in table.table.log])[0]
    for _ in range(30):
        append_deal_log(tmp_path, "daily", log)
    (saves_dir(tmp_path) / "campaign.json").write_text("{broken", encoding="utf-8")
    append_deal_log(tmp_path, "slot-4", "not a log at all\n")
    scene = ReplaysScene(app)
    app.scenes.clear_to(scene)
    titles = [row.title for row in scene.rows if row.deal is None]
    assert titles == ["Free play", "Campaign 1", "Daily deal", "Slot 4"]
    campaign = next(row for row in scene.rows if row.title == "Campaign 1")
    assert "could not be read" in campaign.note
    assert (saves_dir(tmp_path) / "campaign.json").exists()
    app.draw(app.screen)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    app.step(1 / 60)
    assert scene.scroll == 6
    key(app, pygame.K_END)
    assert scene.selected == len(scene.rows) - 1 and scene.row_rect(len(scene.rows) - 1) is not None
    app.draw(app.screen)
    key(app, pygame.K_RETURN)  # the damaged log: explained, not opened
    assert app.scenes.top is scene and scene.message.startswith("That deal cannot be replayed")
    key(app, pygame.K_HOME)
    assert scene.scroll == 0
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is not scene


def test_the_list_takes_a_damaged_slot_of_deals_up_from_its_backup_and_says_so(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = _play(app, deals=2, seed=3)
    logs = _logs(tmp_path, "autosave")
    assert len(logs) == 2  # the backup holds the first deal only
    slot_path(tmp_path, "autosave").write_text("{broken", encoding="utf-8")
    assert table.recorder.keeper.flush(10)
    scene = ReplaysScene(app)
    app.scenes.clear_to(scene)
    assert [row.deal.deal for row in scene.rows if row.deal is not None] == [1]  # listed at once, not "unreadable"
    assert _logs(tmp_path, "autosave") == logs[:1]
    assert [p.name for p in saves_dir(tmp_path).glob("autosave.json.unreadable-*")]  # the damaged file kept
    told = app.notices.words()
    assert "could not be used" in told and "without the deal kept last" in told


@pytest.mark.slow
def test_the_list_survives_random_input(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    table = _play(app, deals=2, seed=3)
    for log in split_deals([event.to_json() for event in table.table.log]):
        append_deal_log(tmp_path, "daily", log)
    (saves_dir(tmp_path) / "campaign.json").write_text("{broken", encoding="utf-8")

    def start() -> ReplaysScene:
        scene = ReplaysScene(app)
        app.scenes.clear_to(scene)
        return scene
    seen = fuzz(app, start, 600, seed=5)
    assert seen.get("ReplaysScene", 0) > 50 and seen.get("ReplayScene", 0) > 0


def test_kept_deals_name_the_characters_in_the_current_language() -> None:
    from game.app.scenes.replays import KeptDeal, deal_words
    from game.locale import set_language
    try:
        set_language("fr")
        deal = KeptDeal("autosave", 0, 1, 2, ("You", "Aunt Hetty Bramble", "Someone Else"), "Aunt Hetty Bramble", 4,
                        False, None, (None, "hetty", "hetty"))
        _, seats, ended = deal_words(deal)
        assert "Tante Hetty" in seats and "Vous" in seats and "Tante Hetty" in ended
        assert "Someone" in seats  # a name the character files do not give stays as the log has it
    finally:
        set_language("en")


def test_simulated_seats_are_named_in_the_current_language() -> None:
    from game.app.replay_words import logged_name
    from game.locale import set_language
    try:
        set_language("fr")
        assert logged_name("Seat 0 (maud)", "maud") == "Place 0 (Maud)"
        assert logged_name("Seat 2 (random)", "random") == "Place 2 (random)"
        assert logged_name("You") == "Vous" and logged_name("Bob", None) == "Bob"
    finally:
        set_language("en")
    assert logged_name("Seat 0 (maud)", "maud") == "Seat 0 (Maud)"


def test_a_kept_deal_lists_only_the_players_dealt_in() -> None:
    from game.ai.simple import FirstOptionAgent
    from game.app.scenes.replays import deal_words
    from game.engine import SeatInfo, Session
    from game.engine.play import play_session
    rules = dataclasses.replace(rules_by_name("classic"), players=4, deals=6, starting_chips=8)
    session = Session(rules, [SeatInfo(name) for name in ("Ann", "Bob", "Cat", "Dan")], 2)
    lines: list[str] = []
    play_session(session, [FirstOptionAgent()] * 4, lambda event: lines.append(event.to_json()))
    deals = split_deals(lines)
    busted = next(i for i, log in enumerate(deals) if '"player_out"' in log)
    assert busted + 1 < len(deals), "the seed plays on after someone is out"
    first, after = kept_deals("autosave", (deals[0], deals[busted + 1]))[::-1]
    assert deal_words(first)[1] == "4 seats: Ann, Bob, Cat, Dan"
    gone = [name for name in first.players if name not in after.in_deal]
    _, seats, _ = deal_words(after)
    assert gone and not any(name in seats for name in gone), seats
    assert seats.startswith(f"{4 - len(gone)} seats: ") and all(name in seats for name in after.in_deal)
