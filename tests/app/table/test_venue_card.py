"""A campaign venue's table names the venue and its goal, in a corner clear of every seat (issue 12)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pygame
import pytest
from app_helpers import instant_app

from game.ai.seats import seats_against
from game.app.app import App
from game.app.table.layout import table_layout
from game.app.table.scene import TableScene
from game.app.table.venue_card import CARD, PAD, VenueCard, venue_in_play
from game.campaign.campaign_file import load_campaign
from game.campaign.model import CampaignProgress
from game.campaign.origin import CampaignRoad, DailyDeal, FreePlay
from game.campaign.roads import SLOTS
from game.locale import LANGUAGES, set_language
from game.storage.saves import SaveData, save_slot


@pytest.fixture
def app(tmp_path: Path) -> App:
    return instant_app(tmp_path)


@pytest.mark.parametrize("players", range(3, 9))
def test_the_card_is_clear_of_every_seat_the_board_and_the_dead_hand(players: int) -> None:
    layout = table_layout(players, 4)
    assert layout.felt.contains(CARD)
    for seat in layout.seats:
        assert not CARD.colliderect(seat.region), (players, seat.seat)
    assert not CARD.colliderect(layout.board) and not CARD.colliderect(layout.dead)


def test_a_venue_table_names_its_venue_and_goal_in_every_language(app: App) -> None:
    progress = CampaignProgress.start(load_campaign())
    venue = progress.venue
    assert venue is not None
    save_slot(app.data_dir, SLOTS[0], SaveData(campaign=progress.to_json(), slot=SLOTS[0]))
    scene = app.scenes.clear_to("table", rules=progress.table_rules(), seats=seats_against(venue.opponents), seed=5,
                                origin=CampaignRoad(SLOTS[0]))
    assert isinstance(scene, TableScene) and scene.venue_card is not None
    assert not CARD.colliderect(scene.log_panel.button.rect)
    for language in LANGUAGES:
        set_language(language)
        name, goal = scene.venue_card.lines()
        assert name == venue.title() and venue.goal.describe() in goal
        image = VenueCard(venue).image(app.text)
        assert image.get_width() == CARD.width and image.get_height() <= CARD.height
        assert inked_share(image.real) > 0.02, language  # words drawn, not an empty panel


def inked_share(surface: pygame.Surface) -> float:
    """The share of a panel's pixels far from its background colour (read inside its padding): its words."""
    background = surface.get_at((PAD // 2, surface.get_height() // 2))
    near = pygame.mask.from_threshold(surface, background, (48, 48, 48, 255))
    return 1 - near.count() / (surface.get_width() * surface.get_height())


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_venue_s_name_and_goal_fit_the_card_whole(app: App, language: str) -> None:
    set_language(language)
    room = CARD.width - 2 * PAD
    for venue in load_campaign().venues:
        card = VenueCard(venue)
        name, goal = card.lines()
        title = app.text.render_wrapped(name, "bold", 16, (0, 0, 0), room)
        sized = [app.text.render_wrapped(goal, "body", size, (0, 0, 0), room).get_height() for size in (14, 13, 12)]
        assert 2 * PAD + title.get_height() + 4 + min(sized) <= CARD.height, (language, venue.id)


def test_free_play_and_the_daily_deal_have_no_venue_card(tmp_path: Path) -> None:
    assert venue_in_play(FreePlay(), tmp_path) is None
    assert venue_in_play(DailyDeal(dt.date(2026, 12, 2)), tmp_path) is None
