"""The campaign map and the high-score table, driven headless: reach, random input, broken files, a venue played."""

from __future__ import annotations

import json
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import fuzz, key, opponent_ids, text_words

from game.app.app import App
from game.app.scenes.campaign_map import CampaignMapScene
from game.app.scenes.campaign_slots import CampaignSlotsScene
from game.app.scenes.common import PRESS_GUARD_S
from game.app.scenes.high_scores import HighScoresScene
from game.app.scenes.title import TitleScene
from game.app.scenes.unlocked import DEAF, SHOWN, UnlockedScene
from game.app.table.scene import TableScene
from game.campaign import roads
from game.campaign.campaign_file import load_campaign
from game.campaign.high_scores_file import high_scores_path, load_high_scores
from game.campaign.model import CampaignProgress
from game.campaign.roads import SLOT, session_seed
from game.campaign.spec import Campaign, Unlock
from game.storage.saves import SaveData, load_slot, save_slot, slot_path
from game.storage.unlocks_file import add_unlocks


def labels(scene: CampaignMapScene | HighScoresScene) -> list[str]:
    return [button.label for button in scene.menu.buttons]


def type_text(app: App, words: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=words))
    app.step(1 / 60)


def past_any_unlock(app: App) -> object:
    """The scene on top once the moment of what a cleared venue unlocked, if it opened, is dismissed."""
    if isinstance(app.scenes.top, UnlockedScene):
        app.step(DEAF)
        key(app, pygame.K_RETURN)
    return app.scenes.top


def saved_progress(app: App) -> CampaignProgress:
    found = load_slot(app.data_dir, SLOT)
    assert found.save is not None, found.problem
    return CampaignProgress.from_json(found.save.campaign, load_campaign())


def test_the_map_opens_from_the_title_by_keyboard(app: App) -> None:
    app.scenes.push(TitleScene(app))
    app.step(0.0)
    key(app, pygame.K_DOWN)  # New game, then Campaign
    key(app, pygame.K_RETURN)
    roads = app.scenes.top
    assert isinstance(roads, CampaignSlotsScene)
    key(app, pygame.K_1)  # the first road, empty: a new road on the shipped campaign
    scene = app.scenes.top
    assert isinstance(scene, CampaignMapScene) and scene.slot == SLOT
    assert scene.progress is not None and scene.progress.venue_index == 0 and not scene.problems
    assert labels(scene) == ["Play this venue", "High scores", "Back"]
    key(app, pygame.K_RIGHT)  # browse the road
    assert scene.shown == 1
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is roads
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TitleScene)
    key(app, pygame.K_m)  # and by its letter
    assert isinstance(app.scenes.top, CampaignSlotsScene)


@pytest.mark.slow
def test_the_map_survives_random_input(app: App) -> None:
    def start() -> CampaignMapScene:
        app.scenes.clear_to(TitleScene(app))
        scene = CampaignMapScene(app)
        app.scenes.push(scene)
        return scene
    seen = fuzz(app, start, 2000, seed=14)
    assert seen.get("CampaignMapScene", 0) > 100


def test_a_broken_campaign_file_shows_its_problems(app: App, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: Nowhere\nbankroll: -4\nvenues:\n  - id: x\n    name: X\n", encoding="utf-8")
    monkeypatch.setattr(roads, "CAMPAIGN_PATH", broken)
    scene = CampaignMapScene(app)
    app.scenes.push(scene)
    app.step(1 / 60)
    assert scene.campaign is None and scene.progress is None
    assert any("bankroll" in line for line in scene.problems)
    assert any(":4" in line or "line" in line or "venues" in line for line in scene.problems)
    assert labels(scene) == ["Back"]
    key(app, pygame.K_p)  # nothing to play; nothing breaks
    assert app.scenes.top is scene
    monkeypatch.setattr(roads, "CAMPAIGN_PATH", tmp_path / "missing.yaml")
    assert CampaignMapScene(app).problems


def test_a_bad_save_is_explained_and_a_fresh_start_offered(app: App) -> None:
    path = slot_path(app.data_dir, SLOT)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "newmarket-save", "vers', encoding="utf-8")
    scene = CampaignMapScene(app)
    app.scenes.push(scene)
    app.step(1 / 60)
    assert scene.progress is None and "could not be used" in scene.load_problem
    assert labels(scene) == ["Restore the backup", "Start afresh", "High scores", "Back"]
    assert not scene.menu.buttons[0].enabled  # there is no backup to restore
    assert list(path.parent.glob("campaign.json.unreadable-*"))  # moved aside, never deleted
    key(app, pygame.K_n)
    assert scene.progress is not None and scene.progress.bankroll == load_campaign().bankroll
    assert saved_progress(app).venue_index == 0


def test_a_save_of_another_campaign_is_not_overwritten_silently(app: App) -> None:
    save_slot(app.data_dir, SLOT, SaveData(campaign={"format": "something else"}, slot=SLOT))
    scene = CampaignMapScene(app)
    assert scene.progress is None and "does not fit" in scene.load_problem
    scene.fresh_start()
    assert list(slot_path(app.data_dir, SLOT).parent.glob("campaign.json.replaced-*"))
    assert scene.progress is not None


def test_playing_a_venue_records_the_result_and_returns_to_the_map(app: App) -> None:
    scene = CampaignMapScene(app)
    app.scenes.push(scene)
    assert scene.progress is not None
    seed = session_seed(scene.progress)
    key(app, pygame.K_p)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.seed == seed
    venue = load_campaign().venues[0]
    assert opponent_ids(table) == list(venue.opponents)
    assert table.rules.starting_chips == venue.stack(load_campaign().bankroll)
    assert table.fast_forward_until(lambda t: t.results is not None, play_for_human=True)
    chips = list(table.session.chips)
    app.step(PRESS_GUARD_S)  # the results are seen a moment before a key goes on
    key(app, pygame.K_RETURN)  # the results' button: back to the map
    back = past_any_unlock(app)
    assert isinstance(back, CampaignMapScene) and back is not scene
    progress = saved_progress(app)
    assert len(progress.results) == 1 and progress.results[0].final_chips == chips[0]
    assert progress.bankroll == load_campaign().bankroll - venue.stack(load_campaign().bankroll) + chips[0]
    assert back.progress is not None and back.progress.to_json() == progress.to_json()
    assert venue.name in back.message
    assert session_seed(progress) != seed or progress.venue_index == 1  # a retry deals anew


def test_the_end_of_the_road_asks_for_a_name_and_keeps_the_high_score(app: App) -> None:
    campaign = load_campaign()
    progress = CampaignProgress.start(campaign)
    progress.bankroll = campaign.venues[0].ante  # one bad session from broke
    save_slot(app.data_dir, SLOT, SaveData(campaign=progress.to_json(), slot=SLOT))
    scene = CampaignMapScene(app)
    app.scenes.push(scene)
    scene.finished([0] + [campaign.venues[0].ante] * len(campaign.venues[0].opponents))
    entry = app.scenes.top
    assert isinstance(entry, HighScoresScene) and entry.entering
    type_text(app, "Ann")
    key(app, pygame.K_BACKSPACE)
    type_text(app, "na Q")
    key(app, pygame.K_RETURN)
    assert not entry.entering and entry.rank == 1
    scores, problem = load_high_scores(app.data_dir)
    assert problem is None and [(e.name, e.score) for e in scores.entries] == [("Anna Q", 0)]
    assert json.loads(high_scores_path(app.data_dir).read_text(encoding="utf-8"))["entries"][0]["name"] == "Anna Q"
    key(app, pygame.K_ESCAPE)
    back = app.scenes.top
    assert isinstance(back, CampaignMapScene) and back.progress is not None and back.progress.status == "broke"
    assert labels(back) == ["New campaign", "High scores", "Back"]  # the name was entered once
    reopened = CampaignMapScene(app)
    assert reopened.road.score_entered and "Enter your name" not in labels(reopened)
    key(app, pygame.K_n)
    assert back.progress.status == "playing" and saved_progress(app).status == "playing"


def test_name_entry_refuses_a_blank_name_and_the_table_shows_ten(app: App) -> None:
    entry = HighScoresScene(app, 50)
    app.scenes.push(entry)
    key(app, pygame.K_RETURN)
    assert entry.entering and "name" in entry.message.lower()
    type_text(app, "x" * 40)
    assert len(entry.name) == 16
    key(app, pygame.K_RETURN)
    for number in range(12):
        more = HighScoresScene(app, 100 + number)
        more.type_text(f"P{number}")
        more.confirm()
    table = HighScoresScene(app)
    app.scenes.push(table)
    app.step(1 / 60)
    assert not table.entering and len(table.scores.entries) == 10
    assert table.scores.entries[0].score == 111
    assert not HighScoresScene(app, 3).entering  # too low to make the table


def test_a_kept_campaign_table_resumed_later_still_records_into_the_campaign(app: App) -> None:
    scene = CampaignMapScene(app)
    app.scenes.push(scene)
    scene.play()
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.fast_forward_until(lambda t: t.session.deal_number >= 2, play_for_human=True)
    snapshot = json.loads(json.dumps(table.snapshot()))  # as the kept session on disk
    assert snapshot["campaign_slot"] == SLOT
    resumed = TableScene.from_snapshot(app, snapshot)
    app.scenes.clear_to(resumed)
    assert resumed.fast_forward_until(lambda t: t.results is not None, play_for_human=True)
    app.step(PRESS_GUARD_S)
    key(app, pygame.K_RETURN)
    assert isinstance(past_any_unlock(app), CampaignMapScene)
    assert len(saved_progress(app).results) == 1


def test_a_free_table_keeps_its_old_snapshot_and_way_out(app: App) -> None:
    import dataclasses

    from game.ai.registry import load_character_by_id
    from game.config import rules_by_name
    rules = dataclasses.replace(rules_by_name("classic"), players=3, deals=1)
    seats = [("You", None), ("Maud", load_character_by_id("maud")), ("Pip", load_character_by_id("pip"))]
    table = TableScene.seated(app, rules, seats, 5)
    app.scenes.push(table)
    assert "campaign_slot" not in table.snapshot()
    assert table.fast_forward_until(lambda t: t.results is not None, play_for_human=True)
    app.step(PRESS_GUARD_S)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, TitleScene)


def winning_chips(campaign: Campaign) -> list[int]:
    """Final chips that win the first venue outright."""
    first = campaign.venues[0]
    stack = first.stack(campaign.bankroll)
    return [stack + stack // 2] + [max(0, stack - 10 * (i + 1)) for i in range(len(first.opponents))]


def test_an_unlock_has_a_moment_of_its_own_over_the_map(app: App) -> None:
    """Issue 24: "Bert joins the cast" passed as a clause of the map's panel. Clearing the venue now opens its
    moment: Bert's portrait and line, held against a hasty key, gone with the next key (or by itself)."""
    campaign = load_campaign()
    scene = CampaignMapScene(app)
    app.scenes.push(scene)
    scene.finished(winning_chips(campaign))
    moment = app.scenes.top
    assert isinstance(moment, UnlockedScene) and moment.unlocks == (Unlock("character", "bert"),)
    app.draw(app.screen)
    assert "Bert joins the cast" in text_words(app) and "New game" in text_words(app)
    key(app, pygame.K_RETURN)  # an Enter meant for the results does not skip it
    assert app.scenes.top is moment
    app.step(DEAF)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, CampaignMapScene)
    app.scenes.top.resume()
    assert isinstance(app.scenes.top, CampaignMapScene)  # shown once


def test_an_unlock_already_won_on_another_road_has_no_moment_again(app: App) -> None:
    """Bert joined the cast on another road: clearing The King's Head on this one opens no moment for him."""
    assert add_unlocks(app.data_dir, ["character:bert"]) is None
    campaign = load_campaign()
    scene = CampaignMapScene(app)
    app.scenes.push(scene)
    scene.finished(winning_chips(campaign))
    assert not isinstance(app.scenes.top, UnlockedScene)


def test_the_unlock_moment_goes_by_itself_and_a_missed_goal_has_none(app: App) -> None:
    campaign = load_campaign()
    scene = CampaignMapScene(app)
    app.scenes.push(scene)
    scene.finished(winning_chips(campaign))
    assert isinstance(app.scenes.top, UnlockedScene)
    for _ in range(int(SHOWN * 60) + 2):
        app.step(1 / 60)
    assert isinstance(app.scenes.top, CampaignMapScene)
    again = CampaignMapScene(app)
    app.scenes.clear_to(again)
    stack = campaign.venues[1].stack(again.progress.bankroll if again.progress else campaign.bankroll)
    again.finished([0] + [stack] * len(campaign.venues[1].opponents))  # last at the second venue: nothing won
    assert isinstance(app.scenes.top, CampaignMapScene)
