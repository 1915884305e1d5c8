"""A folder of the data folder the system closes to the game (`sessions/`, `saves/`, `rules/` of mode 000, or r--:
its names listed but nothing in it looked at) or keeps read-only (r-x): New game, the daily deal, the campaign's
roads and maps, the rules editor and Replays open and answer every button with a sentence, never the crash screen.
A closed folder is said once, in one sentence naming it and the system's reason, with no claim about what it holds
(no save said damaged, no backup offered), and nothing in it is moved or written.

As root nothing is refused, and the tests may run as root: the refusal is simulated (`file_traps.deny`), and one
test does it for real with `chmod`, skipped under root."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame
import pytest
from app_helpers import frames, key, make_app, top
from file_traps import deny

from game.app.app import App
from game.app.scene import Scene, SceneName
from game.app.scenes.campaign_map import CampaignMapScene
from game.app.scenes.campaign_slots import CampaignSlotsScene
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.daily import DailyScene
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.new_game.table_choices import read_rules_files
from game.app.scenes.replays import ReplaysScene
from game.app.scenes.rules_editor.save import save_draft
from game.app.scenes.rules_editor.scene import RulesEditorScene
from game.app.scenes.title import TitleScene
from game.campaign.campaign_file import load_campaign
from game.campaign.model import CampaignProgress
from game.campaign.roads import PLAYERS_FOLDER, SLOT, SLOTS, read_road
from game.config import RULES_DIR
from game.locale import tr
from game.storage.resume import (
    DAILY,
    FREE,
    has_resume,
    kept_sessions,
    load_resume,
    recover,
    road_mode,
    save_resume,
    sessions_dir,
)
from game.storage.saves import (
    AUTOSAVE,
    SaveData,
    append_deal_log,
    deal_logs,
    list_slots,
    load_slot,
    restore_backup,
    save_slot,
    saves_dir,
    slot_path,
    take_up_deal_slot,
)

PERMISSION = os.strerror(13)  # "Permission denied", as this system words EACCES
CLOSED = {"000": 0o000, "r--": 0o444}  # nothing in the folder can be looked at
READ_ONLY = 0o555  # r-x: everything reads, nothing can be made, renamed or removed
SCENES: tuple[tuple[SceneName, type[Scene]], ...] = (("new_game", NewGameScene), ("daily", DailyScene),
                                                     ("campaign_roads", CampaignSlotsScene),
                                                     ("replays", ReplaysScene))
KEPT = {"version": 1, "session_id": "kept-1", "deal": 3}
LEFTOVERS = {"sessions": "free.json.a1b2c3.tmp", "saves": "autosave.json.a1b2c3.tmp"}


def closed(folder: Path) -> str:
    """The one sentence of a folder closed to the game."""
    return tr("storage.folder.closed", folder=str(folder), error=PERMISSION)


def said_of(app: App, folder: Path) -> list[str]:
    """Every sentence told this run that names `folder`."""
    return [said for said in app.notices.told if str(folder) in said]


def a_road(data: Path, slot: str = SLOT) -> bytes:
    """A road begun in `slot`, saved twice (so it has a backup); the save's bytes."""
    progress = CampaignProgress.start(load_campaign())
    for _ in range(2):
        save_slot(data, slot, SaveData(campaign=progress.to_json(), slot=slot, logs=("{}\n",)))
    return slot_path(data, slot).read_bytes()


def every_file(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` with its bytes (read once the refusal is undone)."""
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


# --- the files --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", CLOSED.values(), ids=CLOSED.keys())
def test_a_kept_session_in_a_closed_folder_is_said_as_the_folder(mode: int, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    save_resume(tmp_path, {**KEPT, "campaign_slot": "daily:2026-05-01"}, DAILY)
    deny(monkeypatch, sessions_dir(tmp_path), mode)
    found = load_resume(tmp_path, DAILY)
    assert found.snapshot is None and found.message == closed(sessions_dir(tmp_path))
    assert found.replacing == tr("storage.session.replace_closed", folder=str(sessions_dir(tmp_path)),
                                 error=PERMISSION)
    assert has_resume(tmp_path, FREE)  # there may be one: starting afresh asks before it could replace it
    assert kept_sessions(tmp_path) == ([], [closed(sessions_dir(tmp_path))])  # the title hears of it too


@pytest.mark.parametrize("mode", CLOSED.values(), ids=CLOSED.keys())
def test_a_save_in_a_closed_folder_is_said_damaged_nowhere_and_offers_no_backup(
        mode: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a_road(tmp_path)
    a_road(tmp_path, AUTOSAVE)
    before = every_file(tmp_path)
    saves = saves_dir(tmp_path)
    deny(monkeypatch, saves, mode)
    found = load_slot(tmp_path, SLOT)
    assert found.save is None and found.closed and not found.backup_available
    assert found.problem == closed(saves) and found.moved_to is None
    assert restore_backup(tmp_path, SLOT).problem == closed(saves)
    card = read_road(tmp_path, SLOT)
    assert card.closed and card.problem == tr("roads.folder_closed", error=PERMISSION)
    assert take_up_deal_slot(tmp_path, AUTOSAVE) == closed(saves)
    assert append_deal_log(tmp_path, AUTOSAVE, "{}\n") == closed(saves)  # each deal's end: the same sentence
    assert list_slots(tmp_path) == [] and deal_logs(tmp_path) == []
    monkeypatch.undo()
    assert every_file(tmp_path) == before  # nothing moved, nothing written


def test_a_kept_session_that_alone_cannot_be_read_is_still_said_as_the_file(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    save_resume(tmp_path, KEPT, FREE)
    real_open = os.open

    def refusing(path: object, flags: int, *args: object) -> int:
        if str(path).endswith("free.json"):
            raise PermissionError(13, PERMISSION, str(path))
        return real_open(path, flags, *args)  # type: ignore[arg-type]
    monkeypatch.setattr(os, "open", refusing)
    found = load_resume(tmp_path, FREE)
    why = tr("storage.why.unreadable", error=PERMISSION)
    assert found.unread == why and found.message is not None and "free game" in found.message
    assert found.replacing == tr("storage.session.replace_unread", session=tr("storage.session.which.free"), why=why)


@pytest.mark.parametrize("name", LEFTOVERS)
@pytest.mark.parametrize("mode", CLOSED.values(), ids=CLOSED.keys())
def test_the_game_starts_over_a_leftover_in_a_closed_folder_and_says_the_folder(
        mode: int, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / name).mkdir()
    (tmp_path / name / LEFTOVERS[name]).write_text("{}", encoding="utf-8")
    deny(monkeypatch, tmp_path / name, mode)
    app = make_app(tmp_path)  # recover() ran: it raised PermissionError here, and the game would not start
    try:
        assert said_of(app, tmp_path / name) == [closed(tmp_path / name)]
    finally:
        app.scenes.close()
    monkeypatch.undo()
    assert (tmp_path / name / LEFTOVERS[name]).read_text(encoding="utf-8") == "{}"


@pytest.mark.parametrize("name", LEFTOVERS)
def test_a_leftover_in_a_read_only_folder_is_said_and_kept(name: str, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / name).mkdir()
    (tmp_path / name / LEFTOVERS[name]).write_text("{}", encoding="utf-8")
    deny(monkeypatch, tmp_path / name, READ_ONLY)
    assert recover(tmp_path) == [tr("storage.session.leftover_stuck", file=LEFTOVERS[name], error=PERMISSION)]
    monkeypatch.undo()
    assert (tmp_path / name / LEFTOVERS[name]).exists()


def test_a_rules_folder_without_permission_is_listed_as_the_folder(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "mine.yaml").write_text("name: Mine\n", encoding="utf-8")
    deny(monkeypatch, tmp_path / "rules")
    told: list[str | None] = []
    entries = read_rules_files([RULES_DIR, tmp_path / "rules"], told.append)
    assert [entry.path.stem for entry in entries if entry.rules is None] == ["rules"]
    assert entries[-1].problems == (closed(tmp_path / "rules"),) and told == [closed(tmp_path / "rules")]
    assert any(entry.path.stem == "classic" and entry.rules is not None for entry in entries)


# --- the scenes and their buttons -------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", [*CLOSED.values(), READ_ONLY], ids=[*CLOSED.keys(), "r-x"])
@pytest.mark.parametrize("name", ["sessions", "saves", "rules"])
def test_every_scene_opens_over_the_folder_and_says_it_once(name: str, mode: int, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    a_road(tmp_path)
    save_resume(tmp_path, {**KEPT, "campaign_slot": "daily:2026-05-01"}, DAILY)
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "mine.yaml").write_text("name: Mine\n", encoding="utf-8")
    deny(monkeypatch, tmp_path / name, mode)
    app = make_app(tmp_path)
    try:
        app.scenes.push("title")
        for _ in range(2):
            for scene, kind in SCENES:
                app.scenes.push(scene)
                frames(app, 2)
                app.draw(app.screen)
                top(app, kind)
                app.scenes.pop()
        said = said_of(app, tmp_path / name)
        assert said == ([closed(tmp_path / name)] if mode in CLOSED.values() else [])
        assert not [words for words in app.notices.told if "backup" in words or "moved aside" in words]
    finally:
        app.scenes.close()


@pytest.mark.parametrize("mode", CLOSED.values(), ids=CLOSED.keys())
def test_the_title_says_a_closed_sessions_folder(mode: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save_resume(tmp_path, KEPT, FREE)
    deny(monkeypatch, sessions_dir(tmp_path), mode)
    app = make_app(tmp_path)
    try:
        app.scenes.push("title")
        title = top(app, TitleScene)
        assert title.kept is None and app.notices.words() == closed(sessions_dir(tmp_path))
    finally:
        app.scenes.close()


@pytest.mark.parametrize("mode", CLOSED.values(), ids=CLOSED.keys())
def test_the_roads_offer_no_delete_and_the_map_no_backup_in_a_closed_folder(mode: int, tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    a_road(tmp_path)
    before = every_file(tmp_path)
    deny(monkeypatch, saves_dir(tmp_path), mode)
    app = make_app(tmp_path)
    try:
        app.scenes.push("title")
        app.scenes.push("campaign_roads")
        roads = top(app, CampaignSlotsScene)
        assert all(card.closed for card in roads.cards)
        assert "Delete" not in [button.label for button in roads.menu.buttons]  # nothing there to delete
        key(app, pygame.K_RETURN)  # the notice read
        key(app, pygame.K_1)
        road = top(app, CampaignMapScene)
        assert road.load_problem == closed(saves_dir(tmp_path)) and road.progress is None
        assert [(button.label, button.enabled) for button in road.menu.buttons][:2] == \
            [(tr("campaign.buttons.restore"), False), (tr("campaign.buttons.afresh"), True)]
        road.fresh_start()
        frames(app, 2)
        assert road.message == tr("campaign.not_afresh", error=PERMISSION)
        assert road.progress is None and road.load_problem  # the road as it was: nothing begun that cannot be kept
        assert said_of(app, saves_dir(tmp_path)) == [closed(saves_dir(tmp_path))]
    finally:
        app.scenes.close()
    monkeypatch.undo()
    assert every_file(tmp_path) == before


@pytest.mark.parametrize("mode", CLOSED.values(), ids=CLOSED.keys())
def test_a_closed_folder_of_the_players_campaigns_is_a_choice_that_cannot_start(mode: int, tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    campaigns = tmp_path / PLAYERS_FOLDER
    campaigns.mkdir()
    (campaigns / "mine.yaml").write_text("name: Mine\n", encoding="utf-8")
    deny(monkeypatch, campaigns, mode)
    app = make_app(tmp_path)
    try:
        app.scenes.push("campaign_roads")
        roads = top(app, CampaignSlotsScene)
        # the two shipped roads (classic and with charms) first, then the closed folder
        assert [(choice.path, choice.problem) for choice in roads.choices][2:] == [(campaigns, closed(campaigns))]
        assert app.notices.words() == closed(campaigns)  # not a silent empty folder
    finally:
        app.scenes.close()


def test_a_road_in_a_read_only_folder_is_not_deleted_and_keeps_its_venue(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    a_road(tmp_path)
    save_resume(tmp_path, {**KEPT, "campaign_slot": SLOT}, road_mode(SLOT))
    before = every_file(tmp_path)
    deny(monkeypatch, saves_dir(tmp_path), READ_ONLY)
    app = make_app(tmp_path)
    try:
        app.scenes.push("title")
        app.scenes.push("campaign_roads")
        roads = top(app, CampaignSlotsScene)
        next(button for button in roads.menu.buttons if button.label == "Delete").action()
        top(app, ConfirmScene)
        key(app, pygame.K_y)
        assert top(app, CampaignSlotsScene).message == tr("roads.not_deleted", road="Road 1", error=PERMISSION)
        assert not roads.cards[0].empty
    finally:
        app.scenes.close()
    monkeypatch.undo()
    assert every_file(tmp_path) == before  # its venue in play too: a road not deleted keeps it


def test_starting_afresh_in_a_read_only_folder_leaves_the_road_as_it_was(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    path = slot_path(tmp_path, SLOT)
    path.parent.mkdir()
    path.write_text('{"format": "newmarket-save", "vers', encoding="utf-8")
    deny(monkeypatch, saves_dir(tmp_path), READ_ONLY)
    app = make_app(tmp_path)
    try:
        app.scenes.push("title")
        app.scenes.push("campaign_map", slot=SLOT)
        road = top(app, CampaignMapScene)
        assert road.progress is None and road.load_problem
        road.fresh_start()
        assert road.message == tr("campaign.not_afresh", error=PERMISSION)
        assert road.progress is None and road.load_problem  # not a fresh road on screen that is nowhere on disk
    finally:
        app.scenes.close()
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == '{"format": "newmarket-save", "vers'


def test_a_finished_road_begun_again_in_a_read_only_folder_stays_finished(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    a_road(tmp_path)
    deny(monkeypatch, saves_dir(tmp_path), READ_ONLY)
    app = make_app(tmp_path)
    try:
        app.scenes.push("campaign_map", slot=SLOT)
        road = top(app, CampaignMapScene)
        assert road.progress is not None
        road.road.progress = before = CampaignProgress.start(load_campaign())
        road.fresh_start()
        assert road.message == tr("campaign.not_saved", why=PERMISSION) and road.progress is before
    finally:
        app.scenes.close()


@pytest.mark.parametrize("mode", [*CLOSED.values(), READ_ONLY], ids=[*CLOSED.keys(), "r-x"])
def test_the_rules_editor_says_why_it_could_not_save(mode: int, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "rules").mkdir()
    deny(monkeypatch, tmp_path / "rules", mode)
    app = make_app(tmp_path)
    try:
        app.scenes.clear_to(NewGameScene(app, seed=3, locks={}))
        frames(app, 1)
        top(app, NewGameScene).edit_rules()
        editor = top(app, RulesEditorScene)
        editor.stem = "mine"
        save_draft(editor)
        frames(app, 1)
        assert top(app, RulesEditorScene).flash == tr("rules_editor.not_saved", file="mine.yaml", error=PERMISSION)
    finally:
        app.scenes.close()
    monkeypatch.undo()
    assert not (tmp_path / "rules" / "mine.yaml").exists()


@pytest.mark.parametrize("mode", CLOSED.values(), ids=CLOSED.keys())
def test_replays_over_a_closed_folder_shows_the_folder_not_an_empty_list(mode: int, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    a_road(tmp_path, AUTOSAVE)
    deny(monkeypatch, saves_dir(tmp_path), mode)
    app = make_app(tmp_path)
    try:
        app.scenes.push("title")
        app.scenes.push("replays")
        replays = top(app, ReplaysScene)
        app.draw(app.screen)
        assert replays.rows == [] and replays.closed == closed(saves_dir(tmp_path))
        assert app.notices.words() == closed(saves_dir(tmp_path))
    finally:
        app.scenes.close()


def test_replays_over_a_read_only_folder_offers_no_backup_it_could_not_put_back(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    a_road(tmp_path, AUTOSAVE)  # a save and its backup
    slot_path(tmp_path, AUTOSAVE).write_text("{", encoding="utf-8")
    deny(monkeypatch, saves_dir(tmp_path), READ_ONLY)
    app = make_app(tmp_path)
    try:
        app.scenes.push("replays")
        assert app.notices.words() == tr("storage.save.unusable_stuck", slot=AUTOSAVE, why=tr("storage.why.not_json"),
                                         error=PERMISSION)  # and not "Its backup can be restored": Replays cannot
    finally:
        app.scenes.close()
    monkeypatch.undo()
    assert slot_path(tmp_path, AUTOSAVE).read_text(encoding="utf-8") == "{"


@pytest.mark.parametrize("mode", CLOSED.values(), ids=CLOSED.keys())
def test_the_daily_deal_asks_in_the_folders_words(mode: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save_resume(tmp_path, {**KEPT, "campaign_slot": "daily:2026-05-01"}, DAILY)
    deny(monkeypatch, sessions_dir(tmp_path), mode)
    app = make_app(tmp_path)
    try:
        app.scenes.push("title")
        app.scenes.push("daily")
        top(app, DailyScene).play()
        question = top(app, ConfirmScene)
        assert question.detail == tr("storage.session.replace_closed", folder=str(sessions_dir(tmp_path)),
                                     error=PERMISSION)
    finally:
        app.scenes.close()
    monkeypatch.undo()
    assert load_resume(tmp_path, DAILY).snapshot is not None


# --- for real ---------------------------------------------------------------------------------------------------

@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0,
                    reason="root reads every folder, whatever its mode; Windows has no chmod 000")
@pytest.mark.parametrize("mode", [0o000, 0o444, 0o555])
def test_a_folder_really_without_permission_answers_every_button(mode: int, tmp_path: Path) -> None:
    a_road(tmp_path)
    for name in ("sessions", "saves", "rules"):
        (tmp_path / name).mkdir(exist_ok=True)
        (tmp_path / name / LEFTOVERS.get(name, "x.yaml")).write_text("{}", encoding="utf-8")
    for name in ("sessions", "saves", "rules"):
        (tmp_path / name).chmod(mode)
    try:
        app = make_app(tmp_path)
        app.scenes.push("title")
        for scene, kind in SCENES:
            app.scenes.push(scene)
            frames(app, 2)
            top(app, kind)
            app.scenes.pop()
        app.scenes.push("campaign_map", slot=SLOTS[0])
        top(app, CampaignMapScene).fresh_start()
        app.scenes.push("campaign_roads")
        top(app, CampaignSlotsScene).delete(SLOTS[0])
        app.scenes.close()
    finally:
        for name in ("sessions", "saves", "rules"):
            (tmp_path / name).chmod(0o755)
