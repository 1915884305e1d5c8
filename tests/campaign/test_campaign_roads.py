"""Several campaign roads (save slots), a player's own campaign file, and unlocks that change free play."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import empty_table, fuzz, key, make_app

from game.app.app import App
from game.app.scenes.campaign_map import CampaignMapScene
from game.app.scenes.campaign_slots import CampaignSlotsScene
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.new_game.scene import NewGameScene
from game.app.scenes.new_game.table_choices import campaign_locks
from game.campaign.campaign_file import CAMPAIGN_FILE, load_campaign
from game.campaign.model import CampaignProgress
from game.campaign.roads import CHARMS_PATH, SLOTS, campaign_choices, read_road
from game.storage.saves import SaveData, load_slot, save_slot, slot_path
from game.storage.unlocks_file import add_unlocks, load_unlocks, unlocks_path

OWN_CAMPAIGN = """\
name: Two Pubs
bankroll: 50
venues:
  - id: first
    name: The Plough
    intro: A quiet one.
    rules: classic
    opponents: [maud, pip]
    deals: 2
    goal: {finish_top: 2}
    unlocks: {character: vera}
  - id: second
    name: The Harrow
    intro: A louder one.
    rules: classic
    opponents: [maud, pip, dex]
    deals: 2
    goal: {finish: first}
"""


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = make_app(tmp_path / "data")
    yield made
    made.scenes.close()


def own_campaign(app: App) -> Path:
    folder = app.data_dir / "campaigns"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "two-pubs.yaml"
    path.write_text(OWN_CAMPAIGN, encoding="utf-8")
    return path


def test_each_road_keeps_its_own_progress(app: App) -> None:
    campaign = load_campaign()
    for number, slot in enumerate(SLOTS[:2]):
        progress = CampaignProgress.start(campaign)
        progress.bankroll += 10 * (number + 1)
        save_slot(app.data_dir, slot, SaveData(campaign=progress.to_json(), slot=slot))
    cards = [read_road(app.data_dir, slot) for slot in SLOTS]
    assert [c.bankroll for c in cards] == [campaign.bankroll + 10, campaign.bankroll + 20, None]
    assert cards[2].empty and not cards[0].empty and cards[0].campaign == campaign.name
    second = CampaignMapScene(app, slot=SLOTS[1])
    assert second.progress is not None and second.progress.bankroll == campaign.bankroll + 20


def test_the_roads_scene_opens_starts_and_deletes_by_keyboard(app: App) -> None:
    campaign = load_campaign()
    save_slot(app.data_dir, SLOTS[1], SaveData(campaign=CampaignProgress.start(campaign).to_json(), slot=SLOTS[1]))
    roads = CampaignSlotsScene(app)
    app.scenes.push(roads)
    app.step(0.0)
    assert [b.label for b in roads.menu.buttons] == ["Start a new road", "Open", "Delete", "Start a new road", "Back"]
    key(app, pygame.K_2)
    opened = app.scenes.top
    assert isinstance(opened, CampaignMapScene) and opened.slot == SLOTS[1]
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is roads
    delete = roads.menu.buttons[2]
    delete.action()
    assert isinstance(app.scenes.top, ConfirmScene)
    key(app, pygame.K_y)
    assert app.scenes.top is roads and read_road(app.data_dir, SLOTS[1]).empty
    assert list(slot_path(app.data_dir, SLOTS[1]).parent.glob("campaign-2.json.deleted-*"))  # set aside, not erased
    assert "set aside" in roads.message


def test_a_damaged_road_is_listed_with_its_problem_and_left_alone(app: App) -> None:
    path = slot_path(app.data_dir, SLOTS[2])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "newmarket-save", "version": 2, "table": 7', encoding="utf-8")
    card = read_road(app.data_dir, SLOTS[2])
    assert not card.empty and "cannot be used" in card.problem
    assert path.read_text(encoding="utf-8").endswith("7")  # listing never moves or mends it
    roads = CampaignSlotsScene(app)
    app.scenes.push(roads)
    app.step(0.0)
    key(app, pygame.K_3)
    opened = app.scenes.top
    assert isinstance(opened, CampaignMapScene) and opened.progress is None and opened.load_problem


def test_a_players_own_campaign_file_starts_a_road_and_reopens_with_it(app: App) -> None:
    path = own_campaign(app)
    names = [c.name for c in campaign_choices(app.data_dir)]
    assert names[0] == load_campaign().name and names[1] == load_campaign(CHARMS_PATH).name and "Two Pubs" in names
    roads = CampaignSlotsScene(app)
    app.scenes.push(roads)
    key(app, pygame.K_RIGHTBRACKET)
    key(app, pygame.K_RIGHTBRACKET)  # past the road with charms
    assert roads.choices[roads.chosen].path == path
    key(app, pygame.K_1)
    scene = app.scenes.top
    assert isinstance(scene, CampaignMapScene) and scene.campaign is not None and scene.campaign.name == "Two Pubs"
    scene.finished([40, 30, 20])  # first place meets "finish_top: 2"
    found = load_slot(app.data_dir, SLOTS[0]).save
    assert found is not None and found.campaign["campaign_file"] == str(path)
    reopened = CampaignMapScene(app, slot=SLOTS[0])
    assert reopened.campaign is not None and reopened.campaign.name == "Two Pubs"
    assert reopened.progress is not None and reopened.progress.venue_index == 1
    assert read_road(app.data_dir, SLOTS[0]).campaign == "Two Pubs"


def test_a_campaign_named_on_the_command_line_is_offered_and_a_broken_one_cannot_start(app: App,
                                                                                       tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: Broken\nbankroll: -3\nvenues: []\n", encoding="utf-8")
    choices = campaign_choices(app.data_dir, broken)
    assert choices[1].path == CHARMS_PATH and choices[2].path == broken and choices[2].problem
    roads = CampaignSlotsScene(app)
    roads.choices = choices
    roads.choose_campaign(2)
    start = roads.menu.buttons[0]
    assert start.label == "Start a new road" and not start.enabled and "problems" in start.tooltip


def test_winning_a_venue_unlocks_for_the_player_and_free_play_opens_up(app: App) -> None:
    locks = campaign_locks(frozenset())
    assert "character:bert" in locks and "rules:house" in locks
    before = NewGameScene(app, seed=4)
    bert = [c.id for c in before.characters].index("bert")
    before.toggle(bert)
    assert bert not in before.chosen and "King's Head" in before.flash
    before.random_table()
    assert bert not in before.chosen
    house = [i for i, e in enumerate(before.entries) if e.path.stem == "house"][0]
    chosen = before.rules_index
    before.choose_rules(house)
    assert before.rules_index == chosen and "campaign" in before.flash
    scene = CampaignMapScene(app)
    venue = load_campaign().venues[0]
    scene.finished([99] + [1] * len(venue.opponents))  # first place clears the King's Head
    names, problem = load_unlocks(app.data_dir)
    assert problem is None and "character:bert" in names
    after = NewGameScene(app, seed=4)
    empty_table(after)
    after.toggle(bert)
    assert bert in after.chosen
    assert "character:bert" not in after.locks and "rules:house" in after.locks


def test_unlocks_outlive_a_deleted_road_and_a_damaged_unlocks_file_is_kept_aside(app: App) -> None:
    campaign = load_campaign()
    progress = CampaignProgress.start(campaign)
    progress.unlocked.extend(campaign.venues[0].unlocks)
    save_slot(app.data_dir, SLOTS[0], SaveData(campaign=progress.to_json(), slot=SLOTS[0]))
    CampaignMapScene(app, slot=SLOTS[0])  # opening a road gathers what it unlocked
    assert "character:bert" in load_unlocks(app.data_dir)[0]
    CampaignSlotsScene(app).delete(SLOTS[0])
    assert "character:bert" in app.unlocked()
    unlocks_path(app.data_dir).write_text("[not json", encoding="utf-8")
    names, problem = load_unlocks(app.data_dir)
    assert names == frozenset() and problem and "kept as" in problem
    assert list(app.data_dir.glob("unlocks.json.unreadable-*"))
    assert add_unlocks(app.data_dir, ["look:green_baize"]) is None
    assert json.loads(unlocks_path(app.data_dir).read_text(encoding="utf-8")) == ["look:green_baize"]


def test_a_damaged_unlocks_file_is_won_back_from_the_saved_roads_at_start(tmp_path: Path) -> None:
    campaign = load_campaign()
    progress = CampaignProgress.start(campaign)
    progress.unlocked.extend(campaign.venues[0].unlocks)
    save_slot(tmp_path, SLOTS[1], SaveData(campaign=progress.to_json(), slot=SLOTS[1]))
    unlocks_path(tmp_path).write_text("[not json", encoding="utf-8")
    started = make_app(tmp_path)
    try:
        assert "unlocks" in started.notices.words()
        assert {str(u) for u in campaign.venues[0].unlocks} <= started.unlocked()  # before any map is opened
        bert = next(i for i, c in enumerate(NewGameScene(started, seed=4).characters) if c.id == "bert")
        assert "character:bert" in {str(u) for u in campaign.venues[0].unlocks}
        after = NewGameScene(started, seed=4)
        empty_table(after)
        after.toggle(bert)
        assert bert in after.chosen, "Bert is still unlocked"
    finally:
        started.scenes.close()


@pytest.mark.slow
def test_the_roads_scene_survives_random_input(app: App) -> None:
    own_campaign(app)
    save_slot(app.data_dir, SLOTS[1], SaveData(campaign=CampaignProgress.start(load_campaign()).to_json(),
                                               slot=SLOTS[1]))

    def start() -> CampaignSlotsScene:
        from game.app.scenes.title import TitleScene
        app.scenes.clear_to(TitleScene(app))
        scene = CampaignSlotsScene(app)
        app.scenes.push(scene)
        return scene

    seen = fuzz(app, start, 800, seed=9)
    assert seen.get("CampaignSlotsScene", 0) > 10 and seen.get("CampaignMapScene", 0) > 0
    assert CAMPAIGN_FILE.is_file()
