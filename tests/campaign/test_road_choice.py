"""The playtest's frowns on the road: a host's charm read as an unlock on the map, and the road with charms found
only by cycling an unexplained selector. The map gives a host's charm a line of its own words; the campaign screen
names the chosen road with a description whose numbers come from its file, chosen by mouse, keyboard and pad."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import app_helpers  # noqa: F401  (sets the dummy drivers before pygame starts)
import pygame
import pytest
import yaml
from app_helpers import click, instant_app, key

from game.app.app import App
from game.app.charm_words import charm_title
from game.app.scenes.campaign_card import hosts_line
from game.app.scenes.campaign_map import CampaignMapScene
from game.app.scenes.campaign_slots import CampaignSlotsScene
from game.app.scenes.road_chooser import arrow_rects
from game.campaign.campaign_file import CAMPAIGN_FILE, load_campaign
from game.campaign.charm_road import CharmRoad
from game.campaign.model import CampaignProgress
from game.campaign.road_summary import road_summary
from game.campaign.roads import CHARMS_PATH
from game.locale import LANGUAGES, set_language, tr


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    made = instant_app(tmp_path)
    yield made
    made.scenes.close()
    set_language("en")


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_maps_unlock_line_never_names_a_host_charm_and_the_host_line_does(app: App, language: str) -> None:
    app.set_language(language)
    campaign = load_campaign(CHARMS_PATH)
    road_map = CampaignMapScene(app, progress=CampaignProgress.start(campaign, 5))
    hosted = [venue for venue in campaign.venues if venue.host_charms]
    assert hosted and any(venue.unlocks for venue in hosted)
    for venue in campaign.venues:
        charms = [charm_title(charm) for _, held in venue.host_charms for charm in held]
        unlocks = road_map.unlock_line(venue) if venue.unlocks else ""
        assert not any(charm in unlocks for charm in charms), f"{venue.id}: {unlocks!r}"
        line = hosts_line(venue)
        assert all(charm in line for charm in charms) and (line == "") == (not charms)
        if line:
            assert line.startswith(tr("road_hosts.line", charms="|").split("|")[0])
            assert tr("campaign.unlocks", words="").strip() not in line


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_venue_panel_draws_the_host_charm_apart_from_the_unlocks(app: App, language: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    app.set_language(language)
    campaign = load_campaign(CHARMS_PATH)
    road_map = CampaignMapScene(app, progress=CampaignProgress.start(campaign, 5))
    road_map.offer_charms = False
    app.scenes.clear_to(road_map)
    drawn: list[str] = []
    draw = app.text.draw

    def keep(target: object, words: str, pos: tuple[int, int], **kwargs: object) -> pygame.Rect:
        drawn.append(words)
        return draw(target, words, pos, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(app.text, "draw", keep)
    unlocks_said = tr("campaign.unlocks", words="").strip()
    for index, venue in enumerate(campaign.venues):
        if not venue.host_charms:
            continue
        road_map.shown = index
        drawn.clear()
        app.draw(app.screen)
        charms = [charm_title(charm) for _, held in venue.host_charms for charm in held]
        assert hosts_line(venue) in drawn, f"{venue.id}: the host's line is not drawn"
        for words in drawn:
            if unlocks_said in words:
                assert not any(charm in words for charm in charms), f"{venue.id}: {words!r}"


def charm_numbers() -> dict[str, int]:
    """The road with charms' numbers, as its file declares them."""
    data = yaml.safe_load(CHARMS_PATH.read_text(encoding="utf-8"))
    return {"hold": data["charms"]["hold"], "choice": data["charms"]["choice"], "shop": data["charms"]["shop"],
            "bankroll": data["bankroll"], "venues": len(data["venues"])}


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_each_roads_description_holds_the_numbers_from_its_file(language: str) -> None:
    set_language(language)
    try:
        charmed, classic = load_campaign(CHARMS_PATH), load_campaign(CAMPAIGN_FILE)
        said = road_summary(charmed)
        numbers = charm_numbers()
        assert all(f"{number}" in said for number in numbers.values()), (said, numbers)
        assert said.startswith(tr("road_choice.charmed", choice=numbers["choice"], shop=numbers["shop"],
                                  hold=numbers["hold"]))
        plain = road_summary(classic)
        assert plain.startswith(tr("road_choice.classic")) and str(classic.bankroll) in plain
        assert str(len(classic.venues)) in plain and plain != said
        # another file's numbers are its own, never the shipped road's
        other = dataclasses.replace(charmed, bankroll=77, charms=CharmRoad(charmed.charms.prices if charmed.charms
                                                                           else (), hold=6, choice=2, shop=5))
        told = road_summary(other)
        assert all(f"{number}" in told for number in (6, 2, 5, 77)) and told != said
    finally:
        set_language("en")


def chooser_words(app: App, scene: CampaignSlotsScene) -> str:
    app.step(1 / 60)
    app.draw(app.screen)
    return road_summary(load_campaign(scene.choices[scene.chosen].path))


def test_the_charmed_road_is_chosen_by_keyboard_mouse_and_pad_and_described(app: App,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    scene = CampaignSlotsScene(app)
    app.scenes.clear_to(scene)
    drawn: list[str] = []
    draw = app.text.render_wrapped

    def keep(words: str, *args: object, **kwargs: object) -> object:
        drawn.append(words)
        return draw(words, *args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(app.text, "render_wrapped", keep)
    charmed = next(i for i, choice in enumerate(scene.choices) if choice.path == CHARMS_PATH)
    assert scene.chosen != charmed
    key(app, pygame.K_RIGHTBRACKET)  # the keyboard
    assert scene.chosen == charmed
    assert chooser_words(app, scene) in drawn  # its description under its name
    assert any(tr("road_choice.here", road=scene.choices[charmed].name) == words for words in drawn)
    back, on = arrow_rects()
    click(app, back.center)  # the mouse
    assert scene.chosen == charmed - 1
    drawn.clear()
    assert chooser_words(app, scene) in drawn
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,  # the pad's right shoulder
                                         button=pygame.CONTROLLER_BUTTON_RIGHTSHOULDER))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0,
                                         button=pygame.CONTROLLER_BUTTON_RIGHTSHOULDER))
    app.step(1 / 60)
    assert scene.chosen == charmed
    click(app, on.center)
    assert scene.chosen == (charmed + 1) % len(scene.choices)
    key(app, pygame.K_PAGEUP)
    key(app, pygame.K_1)  # Start a new road here: the road with charms
    opened = [scene for scene in app.scenes if isinstance(scene, CampaignMapScene)]  # its first charm over it
    assert len(opened) == 1 and opened[0].campaign is not None and opened[0].campaign.charms is not None


def test_the_chooser_opens_again_on_the_road_last_chosen(app: App) -> None:
    scene = CampaignSlotsScene(app)
    app.scenes.clear_to(scene)
    charmed = next(i for i, choice in enumerate(scene.choices) if choice.path == CHARMS_PATH)
    while scene.chosen != charmed:
        key(app, pygame.K_RIGHTBRACKET)
    again = CampaignSlotsScene(app)  # back to the campaign screen later in the same run
    assert again.chosen == charmed
