"""The Charmed Road playtest's cosmetic frowns: the player's marker on the map never covers the words under the
title, the result of a venue is said under the title rather than squeezed beside the buttons, the rules' changes
wrap rather than shrink to tiny type where the venue's panel has room, the road selector names the shipped roads
without their file names (a player's own road keeps its file's name), and the title's Continue names the road."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pytest
from app_helpers import make_app, top

from game.app import word_overlaps
from game.app.app import App
from game.app.kept_words import mode_name
from game.app.scenes.campaign_card import CHANGES_MIN, changes_floor, changes_on_one_line
from game.app.scenes.campaign_map import NEWS_BOTTOM, CampaignMapScene
from game.app.scenes.campaign_slots import CampaignSlotsScene
from game.app.scenes.road_chooser import choice_name
from game.app.scenes.rules_lines import changes_line
from game.app.scenes.title import TitleScene
from game.app.table.scene import TableScene
from game.campaign.campaign_file import load_campaign
from game.campaign.model import CampaignProgress, SessionResult
from game.campaign.roads import CHARMS_PATH, PLAYERS_FOLDER, SLOTS, Road
from game.locale import set_language, tr
from game.storage.resume import road_mode

OWN_ROAD = """\
name: My Own Road
bankroll: 50
venues:
  - id: first
    name: First
    intro: The first table.
    rules: classic
    opponents: [pip, maud]
    deals: 4
    goal: {finish: first}
"""


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = make_app(tmp_path / "data")
    yield made
    made.scenes.close()
    set_language("en")


def road_at(venue_index: int) -> CampaignProgress:
    """The Charmed Road with its first `venue_index` venues cleared and each charm earned taken (or passed)."""
    progress = CampaignProgress.start(load_campaign(CHARMS_PATH), 20261207)
    while progress.venue_index < venue_index:
        if progress.offered:
            assert (progress.pass_choice() if progress.case_full else progress.choose(progress.offered[0])) is None
        venue = progress.venue
        assert venue is not None
        stack = venue.stack(progress.bankroll)
        progress.record_session(SessionResult((stack * 2, *[stack // 2] * (venue.seats - 1)), 0))
    return progress


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("message", ["", "The Dairy Social Club: first with 60 chips. Goal met: on to The Brighton "
                                         "Pier Card Rooms."])
def test_the_marker_keeps_off_the_words_under_the_title(app: App, language: str, message: str) -> None:
    app.set_language(language)
    for index in range(len(road_at(0).campaign.venues)):
        progress = road_at(index)
        scene = CampaignMapScene(app, message, road=Road.of(app.data_dir, progress, path=CHARMS_PATH))
        scene.offer_charms = False
        app.scenes.clear_to(scene)
        app.draw(app.screen)
        marker = scene.marker_rect(progress, scene.heading_words)
        assert marker is not None and not marker.colliderect(scene.heading_words), index
    assert road_at(2).campaign.venues[2].id == "pier_rooms"  # the highest stop, whose marker went over the words


def test_the_result_is_said_under_the_title_clear_of_the_buttons_and_the_road(app: App) -> None:
    said = "Les salons de jeu du Brighton Pier : premier avec 60 jetons. Objectif atteint : en route pour La tente à " \
           "thé d'Epsom."
    app.set_language("fr")
    scene = CampaignMapScene(app, said, road=Road.of(app.data_dir, road_at(3), path=CHARMS_PATH))
    scene.offer_charms = False
    app.scenes.clear_to(scene)
    crossings = word_overlaps.start()
    try:
        app.draw(app.screen)
    finally:
        word_overlaps.stop()
    assert not crossings
    news = scene.heading_words
    assert news.bottom <= NEWS_BOTTOM and news.width > 600  # one or two lines across, not three beside the buttons
    assert all(not news.colliderect(button.rect) for button in scene.menu.buttons)


def test_the_epsom_changes_wrap_at_their_size_rather_than_shrink(app: App) -> None:
    venue = next(v for v in load_campaign(CHARMS_PATH).venues if v.id == "epsom_tea_tent")
    changes = changes_line(venue.rules, said=("starting_chips",))
    text = app.text
    assert not changes_on_one_line(text, changes, 14)  # too long for one line at any size down to CHANGES_MIN
    assert changes_floor(text, venue.story(), changes, 2, 160) == CHANGES_MIN  # the panel (160 px) has room to wrap
    assert changes_on_one_line(text, changes, 14, floor=10)  # before: shrunk to 10 px to stay on one line


def test_the_selector_names_the_shipped_roads_alone_and_a_players_road_by_its_file(app: App) -> None:
    own = app.data_dir / PLAYERS_FOLDER
    own.mkdir(parents=True)
    (own / "my_road.yaml").write_text(OWN_ROAD, encoding="utf-8")
    (own / "broken.yaml").write_text("venues: 3\n", encoding="utf-8")
    scene = CampaignSlotsScene(app)
    app.scenes.clear_to(scene)
    named = {choice.path.name: choice_name(choice) for choice in scene.choices}
    assert named["campaign_charms.yaml"] == "The Charmed Road"
    assert named["campaign.yaml"] == load_campaign().title()
    assert named["my_road.yaml"] == "My Own Road  ·  my_road.yaml"  # a player's own, told apart by its file
    assert named["broken.yaml"] == f"broken.yaml  ·  {tr('roads.has_problems')}"  # its file's name, once
    for _ in scene.choices:  # each drawn as it is chosen
        scene.choose_campaign(1)
        app.draw(app.screen)


def test_the_title_continues_a_road_by_its_name(app: App) -> None:
    slot = SLOTS[1]
    assert mode_name(road_mode(slot), app.data_dir) == "road 2"  # nothing saved there: its number
    progress = road_at(0)
    assert progress.choose(progress.offered[0]) is None
    assert Road.of(app.data_dir, progress, slot, CHARMS_PATH).save() is None
    app.scenes.clear_to("campaign_map", slot=slot)
    top(app, CampaignMapScene).play()
    assert top(app, TableScene).fast_forward_until(lambda t: t.human.decision is not None, play_for_human=False)
    assert app.keep_session() is None
    title = TitleScene(app)
    app.scenes.clear_to(title)
    assert title.menu.buttons[1].label == "Continue: The Charmed Road"
    app.set_language("fr")
    assert title.menu.buttons[1].label == "Reprendre : La route aux charmes"
