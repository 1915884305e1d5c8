"""A road venue's goal card (its name and goal in the table's top right corner) is never covered by a speech
bubble: the playtest saw a bubble over it. Every seat at 3 and 8 players (and between), every language's
shortest and longest lines, and at a real road table with every opponent speaking at once."""

from __future__ import annotations

from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
from app_helpers import make_app
from test_bubbles import character_lines, drawn

from game.app.app import App
from game.app.table.bubble_place import keep_clear, place_bubble
from game.app.table.layout import table_layout
from game.app.table.venue_card import CARD, VenueCard
from game.campaign.model import CampaignProgress
from game.campaign.roads import CHARMS_PATH
from game.config import load_campaign


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> App:
    return make_app(tmp_path_factory.mktemp("road_bubbles"))


def goal_cards(app: App) -> list[pygame.Rect]:
    """The goal card as drawn at each venue of the road with charms (its height fits each venue's words)."""
    campaign = load_campaign(CHARMS_PATH)
    return [VenueCard(venue).image(app.text).get_rect(topleft=CARD.topleft) for venue in campaign.venues]


def test_the_goal_card_is_kept_clear_and_lies_within_its_corner(app: App) -> None:
    cards = goal_cards(app)
    assert cards and all(CARD.contains(card) for card in cards)
    for players in (3, 8):
        assert any(rect.contains(CARD) for rect in keep_clear(table_layout(players, 4)))


@pytest.mark.parametrize("language", ["en", "fr", "it", "pt", "nl"])
def test_no_bubble_covers_the_goal_card_at_any_seat(app: App, language: str) -> None:
    lines = sorted(character_lines(language), key=len)
    card = max(goal_cards(app), key=lambda rect: rect.height)
    for boodle in (1, 4, 13):
        for players in range(3, 9):
            layout = table_layout(players, boodle)
            for seat in range(players):
                for words in (lines[0], lines[len(lines) // 2], lines[-1]):
                    _, rect = place_bubble(layout, seat, drawn(app, words))
                    assert not rect.colliderect(card), f"{words!r} at seat {seat} of {players} covers the goal"


@pytest.mark.parametrize("players", [3, 8])
def test_a_road_tables_bubbles_leave_its_goal_card_clear(tmp_path: Path, players: int) -> None:
    from app_helpers import instant_app

    from game.app.screenshots import table as seated_table
    app = instant_app(tmp_path)
    scene = seated_table(app, players, 7)
    venue = CampaignProgress.start(load_campaign(CHARMS_PATH), 1).campaign.venues[1]
    scene.venue_card = VenueCard(venue)  # the table as a road venue shows it
    app.scenes.clear_to(scene)
    card = scene.venue_card.draw(app.screen, app.text)
    lines = sorted(character_lines("en"), key=len)
    for words in (lines[0], lines[-1]):
        scene.director.hush()
        for seat in range(1, players):
            scene.director.speak(seat, words)
        for seat, bubble in scene.director._bubbles.items():
            rect = pygame.Rect(bubble.topleft, bubble.image.get_size())
            assert not rect.colliderect(card), f"seat {seat} of {players} covers the goal card {card}"
    app.scenes.close()
