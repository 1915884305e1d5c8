"""A road venue's goal card (its name and goal in the table's top right corner) is never covered by a speech
bubble: the playtest saw a bubble over it. A road table keeps the card clear as it keeps the deal log's button
(every seat at 3 to 8 players, every language's shortest and longest lines); free play places bubbles as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app.table.test_bubbles import character_lines, drawn
from app_helpers import instant_app, make_app

from game.ai.seats import seats_against
from game.app.app import App
from game.app.table.bubble_place import place_bubble
from game.app.table.layout import table_layout
from game.app.table.scene import TableScene
from game.app.table.venue_card import CARD, VenueCard
from game.campaign.campaign_file import load_campaign
from game.campaign.model import CampaignProgress
from game.campaign.origin import CampaignRoad
from game.campaign.roads import CHARMS_PATH, FILE_KEY, SLOTS
from game.locale import LANGUAGES
from game.storage.saves import SaveData, save_slot

CAST = ["pip", "maud", "bert", "hetty", "professor", "dex", "vera"]


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> App:
    return make_app(tmp_path_factory.mktemp("road_bubbles"))


def goal_cards(app: App) -> list[pygame.Rect]:
    """The goal card as drawn at each venue of the road with charms (its height fits each venue's words)."""
    campaign = load_campaign(CHARMS_PATH)
    return [VenueCard(venue).image(app.text).get_rect(topleft=CARD.topleft) for venue in campaign.venues]


def test_the_goal_card_lies_within_the_corner_the_bubbles_keep_clear(app: App) -> None:
    cards = goal_cards(app)
    assert cards and all(CARD.contains(card) for card in cards)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_bubble_kept_off_the_goal_card_finds_a_place_at_every_seat(app: App, language: str) -> None:
    lines = sorted(character_lines(language), key=len)
    for boodle in (1, 4, 13):
        for players in range(3, 9):
            layout = table_layout(players, boodle)
            for seat in range(players):
                for words in (lines[0], lines[len(lines) // 2], lines[-1]):
                    _, rect = place_bubble(layout, seat, drawn(app, words), above=[CARD])
                    assert not rect.colliderect(CARD), f"{words!r} at seat {seat} of {players} covers the goal"


def road_table(app: App, opponents: int) -> TableScene:
    """A road's first venue against `opponents` characters, its save in the app's data folder, at its table."""
    path = app.data_dir / "crowded.yaml"
    path.write_text(f"name: Crowded\nbankroll: 60\nvenues:\n  - id: saloon\n    name: The Saloon\n"
                    f"    intro: A crowd.\n    rules: free_following\n    opponents: [{', '.join(CAST[:opponents])}]\n"
                    f"    deals: 2\n    goal: {{finish_top: 2}}\n", encoding="utf-8")
    progress = CampaignProgress.start(load_campaign(path), 3)
    save_slot(app.data_dir, SLOTS[0], SaveData(campaign={**progress.to_json(), FILE_KEY: str(path)}, slot=SLOTS[0]))
    venue = progress.venue
    assert venue is not None
    table = app.scenes.clear_to("table", rules=progress.table_rules(), seats=seats_against(venue.opponents),
                                seed=11, origin=CampaignRoad(SLOTS[0]))
    assert isinstance(table, TableScene) and table.venue_card is not None
    return table


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()


@pytest.mark.parametrize("players", [3, 8])
def test_a_road_tables_bubbles_leave_its_goal_card_clear(quick: App, players: int) -> None:
    scene = road_table(quick, players - 1)
    assert CARD in scene.stage.kept_clear()
    card = scene.venue_card.draw(quick.screen, quick.text) if scene.venue_card else CARD
    for language in ("en", "fr"):
        quick.set_language(language)
        lines = sorted(character_lines(language), key=len)
        for words in (lines[0], lines[len(lines) // 2], lines[-1]):
            scene.director.hush()
            for seat in range(1, players):
                scene.director.speak(seat, words)
            for seat, bubble in scene.director._bubbles.items():
                rect = pygame.Rect(bubble.topleft, bubble.image.get_size())
                assert not rect.colliderect(card), f"seat {seat} of {players} covers the goal card {card}"
    quick.set_language("en")


def test_free_play_keeps_no_goal_corner_clear(quick: App) -> None:
    from game.shots.render import table as seated_table
    scene = seated_table(quick, 8, 7)
    assert scene.venue_card is None and CARD not in scene.stage.kept_clear()
